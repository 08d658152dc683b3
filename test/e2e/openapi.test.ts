import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { checkAgainstOpenApi, checkEventsAgainstSchemas } from '../support/openapi-validator';

useStackDatabase();

describe('GET /v1/openapi.json', () => {
  it('serves the OpenAPI 3.1 document without a key, exactly as kept in docs/openapi.json', async () => {
    const res = await api().get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')));
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/me', '/products', '/events', '/events/{eventID}', '/openapi.json']),
    );
  });
});

describe('the document lints clean', () => {
  it('passes redocly lint (recommended rules, redocly.yaml) without an error or a warning', () => {
    const root = join(__dirname, '..', '..');
    const run = spawnSync(join(root, 'node_modules', '.bin', 'redocly'), ['lint', 'docs/openapi.json', '--format=summary'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect([run.status, output.match(/^(warning|error) .*$/gm) ?? []]).toEqual([0, []]);
    expect(output).toContain('Your API description is valid');
  }, 150_000);
});

describe('the e2e responses check against the document', () => {
  it('refuses a body that does not match its operation and status', () => {
    const page = {
      object: 'list',
      page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: 25, total: 0 },
      items: [],
    };
    expect(() => checkAgainstOpenApi('GET', '/events', 200, page, 'application/json')).not.toThrow();
    expect(() => checkAgainstOpenApi('GET', '/events', 200, { ...page, extra: true }, 'application/json')).toThrow(/does not match/);
    expect(() => checkAgainstOpenApi('GET', '/events', 400, { code: 'nope' }, 'application/json')).toThrow(/does not match/);
  });

  it('holds an event to the schema of its type in events-schema/ when asked', () => {
    const event = {
      object: 'event',
      id: 'evt_' + 'a'.repeat(22),
      company_id: 'cmp_' + 'b'.repeat(22),
      livemode: false,
      timestamp: '2026-11-01T00:00:00.000Z',
      created_at: '2026-11-01T00:00:00.000Z',
    };
    const thin = { ...event, type: 'company.created', data: { object: { object: 'company', id: 'cmp_' + 'b'.repeat(22) } } };
    expect(() => checkEventsAgainstSchemas([thin])).toThrow(/events-schema\/events\/company.created.json/);
    expect(() => checkEventsAgainstSchemas([{ ...thin, type: 'brand.new.type' }])).not.toThrow();
  });

  it('skips paths the document does not register yet', () => {
    expect(() => checkAgainstOpenApi('GET', '/not-described', 200, { anything: 1 }, 'application/json')).not.toThrow();
  });
});
