import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aPdf, aPng, eventsOf, sandbox, uploadFile } from '../support/lifecycle';
import { samplePdf } from '../../lib/file-storage/sample-document';

const c = useStackDatabase();
jest.setTimeout(90_000); // multi-step flows over HTTP; the machine running them is shared
const key = c.test_key;
const sb = sandbox(key);
const open = (companyId: string, body: unknown) => api(key).post(`/sandbox/companies/${companyId}/requirements`, body);
const fulfill = (id: string, body: unknown) => api(key).post(`/requirements/${id}/fulfill`, body);

function expectRefused(res: any, location: string, validationType: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  expect(res.body.errors).toEqual(
    expect.arrayContaining([expect.objectContaining({ location, validation_type: validationType, how_to_fix: expect.any(String) })]),
  );
}

let company: any;
beforeAll(async () => {
  company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
});

describe('form requirements: answers checked against the form', () => {
  const form = {
    title: 'Business details',
    fields: [
      { field_name: 'Full name', field_type: 'text', key: 'full_name', required: true, validation: { min_length: 2, max_length: 40 } },
      { field_name: 'Colour', field_type: 'select', key: 'color', required: true, options: ['red', 'blue'] },
      { field_name: 'Code', field_type: 'text', key: 'code', required: false, validation: { pattern: '^[A-Z]{3}$' } },
      { field_name: 'Employees', field_type: 'number', key: 'employees', required: false, validation: { min: 1, max: 500 } },
      { field_name: 'Office?', field_type: 'select', key: 'has_office', required: false, options: ['yes', 'no'] },
      {
        field_name: 'Office city',
        field_type: 'text',
        key: 'office_city',
        required: true,
        conditional: { field: 'has_office', values: ['yes'] },
      },
      {
        field_name: 'Scan',
        field_type: 'file',
        key: 'scan',
        required: false,
        file: { accepted_types: ['application/pdf'], max_size_bytes: 2000 },
      },
    ],
  };
  const good = { full_name: 'Grace Hopper', color: 'red' };
  let requirement: any;

  beforeAll(async () => {
    const res = await open(company.id, { type: 'form', form, message: 'A few details, please.' });
    expect(res.status).toBe(201);
    requirement = res.body;
    expect(requirement).toMatchObject({ type: 'form', status: 'open', form });
  });

  it.each([
    ['required', { color: 'red' }, '$.answers.full_name', 'required'],
    ['options', { ...good, color: 'green' }, '$.answers.color', 'enum'],
    ['pattern', { ...good, code: 'abc' }, '$.answers.code', 'pattern'],
    ['min_length', { ...good, full_name: 'G' }, '$.answers.full_name', 'minLength'],
    ['max_length', { ...good, full_name: 'x'.repeat(41) }, '$.answers.full_name', 'maxLength'],
    ['min', { ...good, employees: 0 }, '$.answers.employees', 'minimum'],
    ['max', { ...good, employees: 501 }, '$.answers.employees', 'maximum'],
    ['a number field given text', { ...good, employees: 'ten' }, '$.answers.employees', 'type'],
    [
      'conditional (answered when it does not apply)',
      { ...good, has_office: 'no', office_city: 'Boston' },
      '$.answers.office_city',
      'conditional',
    ],
    ['conditional (required once it applies)', { ...good, has_office: 'yes' }, '$.answers.office_city', 'required'],
    ['an unknown field', { ...good, favourite: 'x' }, '$.answers.favourite', 'additionalProperties'],
  ])('refuses a bad answer: %s', async (_kind, answers, location, type) => {
    expectRefused(await fulfill(requirement.id, { answers }), location, type);
  });

  it('refuses a file of the wrong type and one too large', async () => {
    const png = await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: aPng() });
    expectRefused(await fulfill(requirement.id, { answers: { ...good, scan: png.body.id } }), '$.answers.scan', 'fileType');
    const big = await uploadFile(
      key,
      { purpose: 'additional_document', company: company.id },
      { bytes: Buffer.concat([samplePdf('A long document'), Buffer.alloc(3000, 32)]) },
    );
    expect(big.body.size).toBeGreaterThan(2000);
    expectRefused(await fulfill(requirement.id, { answers: { ...good, scan: big.body.id } }), '$.answers.scan', 'fileSize');
  });

  it('accepts good answers, resolves with them, and refuses any answer after', async () => {
    const small = await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: aPdf('x') });
    const answers = { ...good, has_office: 'yes', office_city: 'Boston', employees: 12, code: 'ABC', scan: small.body.id };
    const res = await fulfill(requirement.id, { answers });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', response: { answers } });
    expect(res.body.resolved_at).toEqual(expect.any(String));
    const again = await fulfill(requirement.id, { answers });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("'resolved'");
    const fulfilled = (await eventsOf(key, company.id)).filter(
      (e) => e.type === 'requirement.fulfilled' && e.data.object.id === requirement.id,
    );
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0].data.object.response).toEqual({ answers });
  });
});

describe('information requirements: free-form answers', () => {
  it('refuses no answers, a bad key, an empty answer and another type’s body; accepts answers', async () => {
    const { body: r } = await open(company.id, { type: 'information', message: 'Tell us about the business.' });
    expectRefused(await fulfill(r.id, { answers: {} }), '$.answers', 'minProperties');
    expectRefused(await fulfill(r.id, { answers: { 'Bad Key': 'x' } }), "$.answers['Bad Key']", 'propertyNames');
    expectRefused(await fulfill(r.id, { answers: { purpose: '' } }), '$.answers.purpose', 'minLength');
    expectRefused(await fulfill(r.id, { name: 'Acme' }), '$.name', 'additionalProperties');
    expectRefused(await fulfill(r.id, {}), '$.answers', 'required');
    const res = await fulfill(r.id, { answers: { purpose: 'We sell widgets.' } });
    expect(res.body).toMatchObject({ status: 'resolved', response: { answers: { purpose: 'We sell widgets.' } } });
  });
});

describe('name_change requirements: a new name under the create-company rules', () => {
  it('refuses a name starting with The, a bad pattern, a name taken in the state; a good name renames the company', async () => {
    const co = await createCompany(key, anLlc({ name_style: 'comma' }));
    const other = await createCompany(key, anLlc({ state: co.state }));
    await sb.company(co.id, 'stage', { stage: 'documents_generated' });
    const flagged = await sb.company(co.id, 'name-conflict');
    expect(flagged.body).toMatchObject({ stage: 'name_conflict', open_requirements: 1 });
    const [r] = (await api(key).get(`/companies/${co.id}/requirements`)).body.items;
    expect(r).toMatchObject({ type: 'name_change', status: 'open', requested_by: 'operations' });

    expectRefused(await fulfill(r.id, { name: 'The Widget Works' }), '$.name', 'not');
    expectRefused(await fulfill(r.id, { name: 'Widgets!' }), '$.name', 'pattern');
    expectRefused(await fulfill(r.id, { name: other.name.toUpperCase() }), '$.name', 'unique');
    expectRefused(await fulfill(r.id, { name: '' }), '$.name', 'minLength');

    const seen = (await eventsOf(key, co.id)).length;
    const res = await fulfill(r.id, { name: `${co.name} Two` });
    expect(res.body).toMatchObject({ status: 'resolved', response: { name: `${co.name} Two` } });
    const renamed = (await api(key).get(`/companies/${co.id}`)).body;
    expect(renamed).toMatchObject({
      name: `${co.name} Two`,
      legal_name: `${co.name} Two, LLC`,
      stage: 'preparing_documents',
      open_requirements: 0,
    });
    const events = (await eventsOf(key, co.id)).slice(seen);
    expect(events.map((e) => e.type)).toEqual(['company.name.changed', 'company.status.changed', 'requirement.fulfilled']);
    expect(events[0].data.object).toMatchObject({ name: `${co.name} Two`, legal_name: `${co.name} Two, LLC`, stage: 'name_conflict' });
    // the old name is free again in that state
    expect((await api(key).post('/companies', anLlc({ name: co.name, state: co.state }))).status).toBe(201);
  });
});

describe('document requirements: a file uploaded through POST /files', () => {
  it('refuses a malformed id, another company’s file and a file of another purpose; takes the right file', async () => {
    const { body: r } = await open(company.id, { type: 'document', purpose: 'additional_document', message: 'A utility bill.' });
    const elsewhere = await createCompany(key, anLlc());
    const foreign = await uploadFile(key, { purpose: 'additional_document', company: elsewhere.id }, { bytes: aPdf() });
    const formation = await uploadFile(key, { purpose: 'formation_document', company: company.id }, { bytes: aPdf() });
    const right = await uploadFile(key, { purpose: 'additional_document', company: company.id }, { bytes: aPdf() });
    expectRefused(await fulfill(r.id, { file: 'not-a-file' }), '$.file', 'pattern');
    expectRefused(await fulfill(r.id, { file: foreign.body.id }), '$.file', 'exists');
    expectRefused(await fulfill(r.id, { file: formation.body.id }), '$.file', 'purpose');
    const res = await fulfill(r.id, { file: right.body.id });
    expect(res.body).toMatchObject({ status: 'resolved', response: { file: right.body.id } });
  });

  it("an owner's identity document answers their requirement and verifies the company", async () => {
    const co = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const owner = co.shareholders[0].id;
    const { body: r } = await open(co.id, { type: 'document', shareholder: owner });
    expect(r.purpose).toBe('identity_document');
    expectRefused(await open(co.id, { type: 'document' }), '$.shareholder', 'required');
    const up = await uploadFile(key, { purpose: 'identity_document', company: co.id, shareholder: owner }, { bytes: aPdf() });
    expect((await api(key).get(`/requirements/${r.id}`)).body).toMatchObject({ status: 'resolved', response: { file: up.body.id } });
    expect((await api(key).get(`/companies/${co.id}`)).body).toMatchObject({
      verification: 'verified',
      status: 'in_progress',
      open_requirements: 0,
    });
  });
});

describe('signature requirements: fulfilled only by their signers', () => {
  it('fires viewed and signed once per signer and fulfilled after the last signature', async () => {
    const { body: r } = await open(company.id, {
      type: 'signature',
      document_name: 'Operating Agreement',
      signers: [
        { name: 'Grace Hopper', email: 'grace@example.com' },
        { name: 'Alan Turing', email: 'alan@example.com' },
      ],
    });
    expect(r.signers).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com', status: 'pending' },
      { name: 'Alan Turing', email: 'alan@example.com', status: 'pending' },
    ]);
    const direct = await fulfill(r.id, { answers: { ok: 'yes' } });
    expect(direct.status).toBe(400);
    expect(direct.body.detail).toContain('signers');

    const seen = (await eventsOf(key, company.id)).length;
    expect((await sb.signer(r.id, 0, 'view')).body.signers[0].status).toBe('viewed');
    expect((await sb.signer(r.id, 0, 'view')).status).toBe(200); // viewing again: no second event
    expect((await sb.signer(r.id, 0, 'sign')).body.signers[0].status).toBe('signed');
    expect((await sb.signer(r.id, 0, 'sign')).status).toBe(400);
    expect((await sb.signer(r.id, 5, 'sign')).body.errors[0].location).toBe('$.index');
    const last = await sb.signer(r.id, 1, 'sign'); // never viewed: opening counts first
    expect(last.body).toMatchObject({ status: 'resolved', signers: [{ status: 'signed' }, { status: 'signed' }] });

    const events = (await eventsOf(key, company.id)).slice(seen).filter((e) => e.data.object.id === r.id);
    expect(events.map((e) => e.type)).toEqual([
      'requirement.signature.viewed',
      'requirement.signature.signed',
      'requirement.signature.viewed',
      'requirement.signature.signed',
      'requirement.fulfilled',
    ]);
    expect(events[0].data.object.signers[0]).toMatchObject({ status: 'viewed', viewed_at: expect.any(String) });
  });

  it('a decline cancels with cancel_reason', async () => {
    const { body: r } = await open(company.id, {
      type: 'signature',
      document_name: 'Bylaws',
      signers: [{ name: 'Grace Hopper', email: 'grace@example.com' }],
    });
    const res = await sb.signer(r.id, 0, 'decline');
    expect(res.body).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Grace Hopper declined to sign Bylaws.',
      signers: [{ status: 'declined' }],
    });
    const types = (await eventsOf(key, company.id)).filter((e) => e.data.object.id === r.id).map((e) => e.type);
    expect(types).toEqual(['requirement.created', 'requirement.signature.viewed', 'requirement.canceled']);
  });
});

describe('withdrawing and listing', () => {
  it('cancel withdraws with the reason once; the list keeps open and closed history newest first', async () => {
    const co = await createCompany(key, anLlc());
    const first = (await open(co.id, { type: 'information' })).body;
    const second = (await open(co.id, { type: 'information' })).body;
    expect((await api(key).get(`/companies/${co.id}`)).body.open_requirements).toBe(2);
    const res = await sb.cancel(first.id, 'No longer needed.');
    expect(res.body).toMatchObject({ status: 'canceled', cancel_reason: 'No longer needed.' });
    expect((await sb.cancel(first.id, 'again')).status).toBe(400);
    const list = (await api(key).get(`/companies/${co.id}/requirements`)).body;
    expect(list).toEqual({ object: 'list', items: [second, expect.objectContaining({ id: first.id, status: 'canceled' })] });
    const read = (await api(key).get(`/companies/${co.id}?expand[]=requirements`)).body;
    expect(read.open_requirements).toBe(1);
    expect(read.requirements).toEqual([second]);
  });

  it('another mode or partner sees nothing, and a malformed id is invalid_request', async () => {
    const { body: r } = await open(company.id, { type: 'information' });
    expect((await api(c.live_key).get(`/requirements/${r.id}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/requirements/${r.id}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/companies/${company.id}/requirements`)).status).toBe(404);
    expect((await api(key).get('/requirements/rqmt_short')).status).toBe(400);
  });
});
