import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, createCompany } from '../support/companies';
import { eventsOf } from '../support/lifecycle';

const c = useStackDatabase();
jest.setTimeout(60_000); // several triggers over HTTP on a shared machine
const test = api(c.test_key);

/** The types of the company's events recorded after the first `seen`, oldest first. */
async function typesSince(companyId: string, seen: number): Promise<string[]> {
  return (await eventsOf(c.test_key, companyId)).slice(seen).map((e) => e.type);
}

describe('a bare tax-filing advance takes the next step', () => {
  it('each advance without a body moves the filing one step and fires tax_filing.status.changed; a final filing is refused', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    const filing = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 })).body;
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const steps: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, {});
      expect(res.status).toBe(200);
      steps.push(res.body.status);
    }
    expect(steps).toEqual(['in_progress', 'filed', 'accepted']);
    const changed = (await eventsOf(c.test_key, company.id)).slice(seen);
    expect(changed.map((e) => e.type)).toEqual(Array(3).fill('tax_filing.status.changed'));
    expect(changed.map((e) => e.data.object.status)).toEqual(['in_progress', 'filed', 'accepted']);

    const final = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, {});
    expect(final.status).toBe(400);
    expect(final.body.code).toBe('invalid_request');
    expect(final.body.errors).toEqual([
      expect.objectContaining({
        location: '$.status',
        validation_type: 'state',
        how_to_fix: expect.stringContaining(`{"kind": "federal", "year": 2024}`),
      }),
    ]);
    expect(await typesSince(company.id, seen + 3)).toEqual([]);
  });

  it('an advance that names its progress only keeps the status', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'state_tax_filing', delta: 1 });
    const filing = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'state', year: 2025 })).body;
    const res = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, { progress: 'collecting_documents' });
    expect(res.body).toMatchObject({ status: 'open', progress: 'collecting_documents' });
  });
});

describe('sandbox billing run', () => {
  it('an as_of that is no date-time is refused once, for its format only', async () => {
    const res = await test.post('/sandbox/billing/run', { as_of: 'next tuesday' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: '$.as_of', validation_type: 'format' })]);
  });
});

describe('compliance reminders of a dissolved company', () => {
  it('the reminders trigger refuses a dissolved company and fires nothing', async () => {
    const company = await createCompany(c.test_key);
    expect((await test.post(`/sandbox/companies/${company.id}/dissolve`, {})).status).toBe(200);
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const res = await test.post(`/sandbox/companies/${company.id}/reminders`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: '$', validation_type: 'state' })]);
    expect(res.body.detail).toMatch(/'dissolved'/);
    expect(await typesSince(company.id, seen)).toEqual([]);
  });
});

describe('the form an order waits on closes when nothing waits on it any more', () => {
  /** A company with an order whose current step waits on a form (sandbox start, then require-action). */
  async function anOrderAwaitingItsForm() {
    const company = await createCompany(c.test_key);
    const order = (await test.post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    await test.post(`/sandbox/service-orders/${order.id}/start`, {});
    expect((await test.post(`/sandbox/service-orders/${order.id}/require-action`, {})).body.status).toBe('requires_action');
    const form = (await test.get(`/companies/${company.id}/requirements`)).body.items.find((r: any) => r.type === 'form');
    expect(form).toMatchObject({ status: 'open', service_order: order.id });
    return { company, order, form, seen: (await eventsOf(c.test_key, company.id)).length };
  }

  it('completing the order withdraws its form requirement: requirement.canceled, and open_requirements no longer counts it', async () => {
    const { company, order, form, seen } = await anOrderAwaitingItsForm();
    const before = (await test.get(`/companies/${company.id}`)).body.open_requirements;

    expect((await test.post(`/sandbox/service-orders/${order.id}/complete`, {})).body.status).toBe('completed');

    const closed = (await test.get(`/requirements/${form.id}`)).body;
    expect(closed).toMatchObject({ status: 'canceled', cancel_reason: expect.stringMatching(/completed/) });
    expect((await test.get(`/companies/${company.id}`)).body.open_requirements).toBe(before - 1);
    expect(await typesSince(company.id, seen)).toEqual(['service_order.status.changed', 'service_order.completed', 'requirement.canceled']);
  });

  it('withdrawing the form takes the order back to in_progress, without a form to answer', async () => {
    const { company, order, form, seen } = await anOrderAwaitingItsForm();

    const res = await test.post(`/sandbox/requirements/${form.id}/cancel`, { reason: 'We found the details ourselves.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'canceled', cancel_reason: 'We found the details ourselves.' });

    const after = (await test.get(`/service-orders/${order.id}`)).body;
    expect(after.status).toBe('in_progress');
    expect(after).not.toHaveProperty('form');
    const events = (await eventsOf(c.test_key, company.id)).slice(seen);
    expect(events.map((e) => e.type)).toEqual(['service_order.status.changed', 'requirement.canceled']);
    expect(events[0].data.object).toMatchObject({ id: order.id, status: 'in_progress' });
    expect((await test.post(`/service-orders/${order.id}/form`, { answers: { contact_name: 'Jane Doe' } })).status).toBe(400);
  });

  it('withdrawing any other requirement leaves the orders alone', async () => {
    const company = await createCompany(c.test_key);
    const info = (await test.post(`/sandbox/companies/${company.id}/requirements`, { type: 'information', message: 'Tell us more' })).body;
    const seen = (await eventsOf(c.test_key, company.id)).length;
    expect((await test.post(`/sandbox/requirements/${info.id}/cancel`, { reason: 'No longer needed' })).status).toBe(200);
    expect(await typesSince(company.id, seen)).toEqual(['requirement.canceled']);
  });
});

describe('a form requirement opened in the sandbox is checked on the way in', () => {
  const field = (over: Record<string, unknown>) => ({ key: 'code', field_name: 'Code', field_type: 'text', required: true, ...over });
  const open = (companyId: string, fields: unknown[]) =>
    test.post(`/sandbox/companies/${companyId}/requirements`, { type: 'form', form: { title: 'Details', fields } });

  it('a pattern that does not compile is refused at once, not a 500 when the form is answered', async () => {
    const company = await createCompany(c.test_key);
    const seen = (await eventsOf(c.test_key, company.id)).length;
    const res = await open(company.id, [field({ validation: { pattern: '(' } })]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        location: '$.form.fields[0].validation.pattern',
        validation_type: 'format',
        how_to_fix: expect.stringContaining('"^[A-Z]{2}[0-9]{4,8}$"'),
      }),
    ]);
    expect(await typesSince(company.id, seen)).toEqual([]);
  });

  it('the patterns that backtrack without end answer a long answer at once: they run on RE2', async () => {
    // On JavaScript's RegExp, 26 characters took 4.6 s on the first and 200 took minutes on the last,
    // and every other request to the process waited behind them.
    const company = await createCompany(c.test_key);
    const slow: [string, string, number][] = [
      ['(a|a)*$', 'a', 200], // matches: the empty match at the end
      ['^(\\d|\\d\\d)*$', '1', 400],
      ['\\d*\\d*\\d*\\d*\\d*x', '1', 400],
      ['(a+)+$', 'a', 400],
    ];
    for (const [pattern, char, status] of slow) {
      const opened = await open(company.id, [field({ validation: { pattern } })]);
      expect([pattern, opened.status]).toEqual([pattern, 201]);
      const answered = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: { code: `${char.repeat(1_999)}!` } });
      expect([pattern, answered.status]).toEqual([pattern, status]);
      if (status === 400) expect(answered.body.errors[0]).toMatchObject({ location: '$.answers.code', validation_type: 'pattern' });
    }
  });

  it('an answer longer than 2,000 characters is refused before any pattern runs', async () => {
    const company = await createCompany(c.test_key);
    const opened = await open(company.id, [field({ validation: { pattern: '^a+$' } })]);
    const res = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: { code: 'a'.repeat(2_001) } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ location: '$.answers.code', validation_type: 'maxLength', how_to_fix: expect.stringMatching(/2,?000/) }),
    ]);
  });

  it('a pattern RE2 cannot run (a lookahead, a backreference, too many instructions) is refused when the field is made', async () => {
    const company = await createCompany(c.test_key);
    const seen = (await eventsOf(c.test_key, company.id)).length;
    for (const pattern of ['^(?=.*\\d).+$', '(a)\\1', '[ab]*a[ab]{900}$']) {
      const res = await open(company.id, [field({ validation: { pattern } })]);
      expect([pattern, res.status, res.body.code]).toEqual([pattern, 400, 'invalid_request']);
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          location: '$.form.fields[0].validation.pattern',
          validation_type: 'format',
          how_to_fix: expect.stringContaining('"^[A-Z]{2}[0-9]{4,8}$"'),
        }),
      ]);
    }
    expect(await typesSince(company.id, seen)).toEqual([]);
  });

  it('a repeated key and a conditional on no other field are refused, each at its place', async () => {
    const company = await createCompany(c.test_key);
    const res = await open(company.id, [
      field({}),
      field({ field_name: 'Again' }),
      field({ key: 'other', conditional: { field: 'nope', values: ['x'] } }),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => [e.location, e.validation_type])).toEqual([
      ['$.form.fields[1].key', 'uniqueItems'],
      ['$.form.fields[2].conditional.field', 'enum'],
    ]);
  });

  it('a form opened on an order that is not waiting on it is answered on its own, against its form', async () => {
    const company = await createCompany(c.test_key);
    const order = (await test.post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    const opened = await test.post(`/sandbox/companies/${company.id}/requirements`, {
      type: 'form',
      service_order: order.id,
      form: { title: 'Details', fields: [field({})] },
    });
    expect(opened.status).toBe(201);
    expect((await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: {} })).body.errors[0]).toMatchObject({
      location: '$.answers.code',
      validation_type: 'required',
    });
    const answered = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: { code: 'X1' } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'resolved', service_order: order.id, response: { answers: { code: 'X1' } } });
    expect((await test.get(`/service-orders/${order.id}`)).body.status).toBe('received');
  });

  it('a sound pattern is kept and checks the answer', async () => {
    const company = await createCompany(c.test_key);
    const opened = await open(company.id, [field({ validation: { pattern: '^[A-Z]{2}[0-9]{4}$' } })]);
    expect(opened.status).toBe(201);
    const wrong = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: { code: 'ab12' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ location: '$.answers.code', validation_type: 'pattern' });
    const right = await test.post(`/requirements/${opened.body.id}/fulfill`, { answers: { code: 'AB1234' } });
    expect(right.body.status).toBe('resolved');
  });
});

describe('the incorporation date, given at incorporate or at update, follows one rule', () => {
  it('update refuses a date in the future, and one before a formed company was created, as incorporate does', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/verify`, {});
    const incorporated = (await test.post(`/sandbox/companies/${company.id}/incorporate`, {})).body;
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const future = await test.post(`/sandbox/companies/${company.id}/update`, { incorporation_date: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ location: '$.incorporation_date', validation_type: 'maximum' });
    const early = await test.post(`/sandbox/companies/${company.id}/update`, { incorporation_date: '1999-01-01' });
    expect(early.status).toBe(400);
    expect(early.body.errors[0]).toMatchObject({ location: '$.incorporation_date', validation_type: 'minimum' });

    expect(await typesSince(company.id, seen)).toEqual([]);
    expect((await test.get(`/companies/${company.id}`)).body.incorporation_date).toBe(incorporated.incorporation_date);
  });
});

describe('an identity update that changes nothing', () => {
  it('answers the company as it stands: no company.updated, updated_at (its Last-Modified) unmoved', async () => {
    const company = await createCompany(c.test_key);
    const first = await test.post(`/sandbox/companies/${company.id}/update`, { industry: 'software', ending: 'llc' });
    expect(first.status).toBe(200);
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const again = await test.post(`/sandbox/companies/${company.id}/update`, { industry: 'software', ending: 'llc' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ industry: 'software', ending: 'llc', updated_at: first.body.updated_at });
    expect(await typesSince(company.id, seen)).toEqual([]);

    const changed = await test.post(`/sandbox/companies/${company.id}/update`, { industry: 'consulting' });
    expect(changed.body.updated_at > first.body.updated_at).toBe(true);
    expect(await typesSince(company.id, seen)).toEqual(['company.updated']);
  });
});

describe('a signature requirement fulfilled by its last signer', () => {
  it('resolves with requirement.fulfilled carrying its response: who signed and when', async () => {
    const company = await createCompany(c.test_key);
    const signers = [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Alan Turing', email: 'alan@example.com' },
    ];
    const opened = (
      await test.post(`/sandbox/companies/${company.id}/requirements`, { type: 'signature', document_name: 'Operating Agreement', signers })
    ).body;
    await test.post(`/sandbox/requirements/${opened.id}/signers/0/sign`, {});
    const last = await test.post(`/sandbox/requirements/${opened.id}/signers/1/sign`, {});
    expect(last.body.status).toBe('resolved');
    const signedAt = last.body.signers.map((s: any) => s.signed_at);
    const expected = { signatures: signers.map((s, i) => ({ ...s, signed_at: signedAt[i] })) };
    expect(last.body.response).toEqual(expected);

    const fulfilled = (await eventsOf(c.test_key, company.id)).filter((e) => e.type === 'requirement.fulfilled');
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0].data.object).toMatchObject({ id: opened.id, status: 'resolved', response: expected });
  });
});

describe('a signer index past the last signer', () => {
  it('is resource_missing (404) with the valid range, writes nothing; a malformed index is invalid_request', async () => {
    const company = await createCompany(c.test_key);
    const signers = [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Alan Turing', email: 'alan@example.com' },
    ];
    const opened = (
      await test.post(`/sandbox/companies/${company.id}/requirements`, { type: 'signature', document_name: 'Operating Agreement', signers })
    ).body;
    const seen = (await eventsOf(c.test_key, company.id)).length;
    const missing = await test.post(`/sandbox/requirements/${opened.id}/signers/2/view`, {});
    expect([missing.status, missing.body.code]).toEqual([404, 'resource_missing']);
    expect(missing.body.errors[0]).toMatchObject({
      location: '$.index',
      how_to_fix: expect.stringContaining(`from 0 to 1`),
    });
    expect(missing.body.errors[0].how_to_fix).toContain(`/signers/0/view`);
    expect(await typesSince(company.id, seen)).toEqual([]);
    const malformed = await test.post(`/sandbox/requirements/${opened.id}/signers/first/view`, {});
    expect([malformed.status, malformed.body.code, malformed.body.errors[0].location]).toEqual([400, 'invalid_request', '$.index']);
  });
});

describe('the reminders trigger when a deadline has no point left', () => {
  it("names the other deadline's kind, which still has points to fire", async () => {
    const company = await createCompany(c.test_key);
    for (let i = 0; i < 3; i++)
      expect((await test.post(`/sandbox/companies/${company.id}/reminders`, { kind: 'federal_tax_filing' })).status).toBe(200);
    const none = await test.post(`/sandbox/companies/${company.id}/reminders`, { kind: 'federal_tax_filing' });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({
      location: '$.kind',
      validation_type: 'state',
      how_to_fix: expect.stringContaining('{"kind": "annual_report"}'),
    });
    expect((await test.post(`/sandbox/companies/${company.id}/reminders`, { kind: 'annual_report' })).status).toBe(200);
  });
});

describe('a name conflict found later, on a company already formed', () => {
  it('an incorporated company gets a name_change requirement alone: stage and status stay, and the new name renames it', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/verify`, {});
    await test.post(`/sandbox/companies/${company.id}/incorporate`, {});
    const seen = (await eventsOf(c.test_key, company.id)).length;

    const flagged = await test.post(`/sandbox/companies/${company.id}/name-conflict`, {});
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ status: 'active', stage: 'incorporated', open_requirements: 1 });
    const events = (await eventsOf(c.test_key, company.id)).slice(seen);
    expect(events.map((e) => e.type)).toEqual(['requirement.created']);
    const requirement = events[0].data.object;
    expect(requirement).toMatchObject({ type: 'name_change', status: 'open', requested_by: 'operations' });

    const again = await test.post(`/sandbox/companies/${company.id}/name-conflict`, {});
    expect(again.status).toBe(400);
    expect(again.body.errors[0].how_to_fix).toContain(`/v1/requirements/${requirement.id}/fulfill`);

    const name = `Renamed ${company.name.split(' ')[1]}`;
    expect((await test.post(`/requirements/${requirement.id}/fulfill`, { name })).body.status).toBe('resolved');
    expect((await test.get(`/companies/${company.id}`)).body).toMatchObject({ name, status: 'active', stage: 'incorporated' });
    expect(await typesSince(company.id, seen + 1)).toEqual(['company.name.changed', 'requirement.fulfilled']);
  });

  it('so does a pre_existing company, which has no formation stage', async () => {
    const address = { line1: '500 Market St', city: 'Cheyenne', state: 'WY', postal_code: '82001' };
    const company = await createCompany(c.test_key, anLlc({ pre_existing: true, address }));
    const flagged = await test.post(`/sandbox/companies/${company.id}/name-conflict`, {});
    expect(flagged.status).toBe(200);
    expect(flagged.body).not.toHaveProperty('stage');
    expect(flagged.body.open_requirements).toBe(company.open_requirements + 1);
  });
});
