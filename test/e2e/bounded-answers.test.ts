import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, createCompany } from '../support/companies';
import { dashboard } from '../support/dashboard';

/**
 * Issue 49, "Small requests produce huge answers": 20,000 unknown keys (209 KB) to POST /v1/companies
 * were answered with 10.2 MB after 1.2 s, and a 64 KB signed-out sign-in with 1.39 MB. An envelope
 * lists at most 20 errors and its detail says how many more there were; no answer to a body under
 * the limit (256 KiB; the dashboard's 64 KiB) carries more than 256 KB of errors.
 */
const c = useStackDatabase();
jest.setTimeout(60_000);
const test = api(c.test_key);
const KB = 1024;

const unknownKeys = (n: number, prefix = 'unknown_key_') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 1]));

function expectBounded(res: { status: number; text: string; body: any }, total: number) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  expect(res.body.errors).toHaveLength(20);
  expect(res.body.detail).toContain(`${total - 20} more errors are not listed`);
  expect(Buffer.byteLength(res.text)).toBeLessThan(32 * KB);
}

describe('an answer stays small whatever the request holds', () => {
  it('20,000 unknown keys to POST /v1/companies: 20 errors listed, the rest counted in detail', async () => {
    const body = { ...anLlc(), ...unknownKeys(20_000, 'k') };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * KB);
    const res = await test.post('/companies', body);
    expectBounded(res, 20_000);
    expect(res.body.errors[0]).toMatchObject({ location: '$.k0', validation_type: 'additionalProperties' });
  });

  it('20,000 unknown answers to a form: the same bound', async () => {
    const company = await createCompany(c.test_key);
    const form = { title: 'Details', fields: [{ key: 'code', field_name: 'Code', field_type: 'text', required: false }] };
    const opened = await test.post(`/sandbox/companies/${company.id}/requirements`, { type: 'form', form });
    const res = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: unknownKeys(20_000, 'k') });
    expectBounded(res, 20_000);
  });

  it('a key as long as the body is named, cut short, in an answer far under the body', async () => {
    const res = await test.post('/companies', { ...anLlc(), ['x'.repeat(240 * KB)]: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].location.length).toBeLessThanOrEqual(500);
    expect(Buffer.byteLength(res.text)).toBeLessThan(16 * KB);
  });

  it('a signed-out 64 KB sign-in of unknown keys: the same bound', async () => {
    const keys = unknownKeys(3_000, 'k');
    expect(Buffer.byteLength(JSON.stringify({ email: 'a@b.test', ...keys }))).toBeLessThan(64 * KB);
    const res = await dashboard().post('/sign-in', { email: 'a@b.test', ...keys });
    expectBounded(res, 3_000);
  });
});
