import { QueryCommand } from '../../lib/store/dynamodb';
import { api, ENVELOPE_FIELDS } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aCorp, anAccount, anLlc, anOwner, createCompany, uniqueWord } from '../support/companies';
import { aPdf, uploadFile } from '../support/lifecycle';
import { db, tableName } from '../../lib/store/client';
import { eventStreams } from '../../lib/store/keys';
import { companySchema } from '../../lib/resources/company';
import { serviceOrderSchema } from '../../lib/resources/service-order';
import { STATE_PRIMARY_TIMEZONE } from '../../lib/companies/state-timezones';
import { US_STATES } from '../../lib/resources/vocabulary';

const c = useStackDatabase();
const test = api(c.test_key);

/** Asserts the spec's error envelope and one `errors[]` entry at `location`; returns that entry. */
function expectRefusal(
  res: { status: number; body: any },
  location: string,
  validationType?: string,
  code = 'invalid_request',
  status = 400,
) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(Object.keys(res.body).every((k) => ENVELOPE_FIELDS.includes(k))).toBe(true);
  const entry = res.body.errors?.find((e: any) => e.location === location);
  expect({ locations: res.body.errors?.map((e: any) => e.location), found: !!entry }).toMatchObject({ found: true });
  expect(typeof entry.how_to_fix).toBe('string');
  expect(entry.how_to_fix.length).toBeGreaterThan(5);
  if (validationType) expect(entry.validation_type).toBe(validationType);
  return entry;
}

const refusedWith = async (body: Record<string, unknown>, location: string, validationType?: string) =>
  expectRefusal(await test.post('/companies', body), location, validationType);

describe('POST /companies: a valid creation', () => {
  it('answers 201 with exactly the Company fields, status requires_information and verification pending', async () => {
    const res = await test.post('/companies', anLlc({ name: 'Acme Widgets ' + uniqueWord(), external_id: `ext-${uniqueWord()}` }));
    expect(res.status).toBe(201);
    const company = res.body;
    expect(companySchema().safeParse(company).success).toBe(true);
    expect(company).toMatchObject({
      object: 'company',
      livemode: false,
      status: 'requires_information',
      verification: 'pending',
      entity_type: 'llc',
      state: 'WY',
      open_requirements: 0,
    });
    expect(company.id).toMatch(/^cmp_[0-9A-Za-z]{22}$/);
    expect(company.account_id).toMatch(/^acct_[0-9A-Za-z]{22}$/);
    expect(res.headers.get('location')).toBe(`/v1/companies/${company.id}`);
    for (const internal of ['version', 'name_key', 'membership_units', 'pk', 'sk', 'entity', 'gsi1pk'])
      expect(company).not.toHaveProperty(internal);
  });

  it('applies the defaults: ending by entity type, the state primary zone, plain style, public owners', async () => {
    const llc = await createCompany(c.test_key, anLlc({ state: 'CA' }));
    expect(llc).toMatchObject({
      ending: 'llc',
      timezone: 'America/Los_Angeles',
      name_style: 'plain',
      owner_privacy: 'public',
      pre_existing: false,
    });
    expect(llc.legal_name).toBe(`${llc.name} LLC`);
    const corp = await createCompany(c.test_key, aCorp({ state: 'NY' }));
    expect(corp).toMatchObject({ ending: 'inc', timezone: 'America/New_York' });
    expect(corp.legal_name).toBe(`${corp.name} Inc.`);
  });

  it('has a primary IANA zone for each of the 51 formation states', () => {
    for (const state of US_STATES)
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: STATE_PRIMARY_TIMEZONE[state] })).not.toThrow();
    expect(Object.keys(STATE_PRIMARY_TIMEZONE)).toHaveLength(51);
  });

  it.each([
    ['llc', 'comma', 'llc', ', LLC'],
    ['llc', 'plain', 'l_l_c', ' L.L.C.'],
    ['llc', 'plain', 'limited_liability_company', ' Limited Liability Company'],
    ['c_corp', 'plain', 'inc', ' Inc.'],
    ['c_corp', 'comma', 'incorporated', ', Incorporated'],
    ['c_corp', 'plain', 'co', ' Co.'],
    ['c_corp', 'plain', 'corp', ' Corp'],
    ['c_corp', 'plain', 'corporation', ' Corporation'],
  ])('renders legal_name for a %s with name_style %s and ending %s', async (entity, style, ending, suffix) => {
    const base = entity === 'llc' ? anLlc() : aCorp();
    const company = await createCompany(c.test_key, { ...base, name_style: style, ending });
    expect(company.legal_name).toBe(`${company.name}${suffix}`);
  });

  it('attaches formation (billed at wholesale with the state fee) and the registered agent as service orders', async () => {
    const company = await createCompany(c.test_key, anLlc({ state: 'NV' }), {}, '?expand[]=service_orders');
    const byKey = Object.fromEntries(company.service_orders.map((o: any) => [o.product_key, o]));
    expect(Object.keys(byKey).sort()).toEqual(['formation', 'registered_agent']);
    expect(byKey.formation).toMatchObject({
      status: 'received',
      unit_amount: 9900,
      currency: 'usd',
      options: { turnaround: 'standard' },
      company: company.id,
    });
    expect(byKey.formation.fees).toEqual([
      { kind: 'state_fee', unit_amount: 42500, currency: 'usd' },
      { kind: 'processing_fee', unit_amount: 500, currency: 'usd' },
    ]);
    expect(byKey.registered_agent).toMatchObject({ interval: 'yearly', unit_amount: 4900 });
    for (const order of company.service_orders) expect(serviceOrderSchema().safeParse(order).success).toBe(true);
  });

  it('bills no formation for a pre_existing company and stores its EIN as NN-NNNNNNN', async () => {
    const company = await createCompany(
      c.test_key,
      anLlc({ pre_existing: true, ein: '123456789', address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' } }),
      {},
      '?expand[]=service_orders',
    );
    expect(company.service_orders.map((o: any) => o.product_key)).toEqual(['registered_agent']);
    expect(company.ein).toBe('12-3456789');
    expect(company.address).toEqual({ line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001', country: 'US' });
    expect(company).not.toHaveProperty('stage');
  });

  it('turns each services entry into an order, bundles into included orders, and grants entitlements', async () => {
    const company = await createCompany(
      c.test_key,
      anLlc({ services: ['ein_application', 'compliance_bundle', 'federal_tax_filing', 'trademark_registration'] }),
      {},
      '?expand[]=service_orders',
    );
    const byKey = Object.fromEntries(company.service_orders.map((o: any) => [o.product_key, o]));
    expect(Object.keys(byKey).sort()).toEqual([
      'annual_report',
      'compliance_bundle',
      'ein_application',
      'federal_tax_filing',
      'formation',
      'registered_agent',
      'trademark_registration',
    ]);
    expect(byKey.annual_report).toMatchObject({ included_in: 'compliance_bundle', unit_amount: 0 });
    expect(byKey.trademark_registration).toMatchObject({ status: 'quote_pending', unit_amount: 0 });
    expect(company.entitlements).toEqual({ federal_tax_filing: 1, state_tax_filing: 0 });
  });

  it('prices the expedited turnaround chosen in service_options.formation', async () => {
    const company = await createCompany(
      c.test_key,
      anLlc({ service_options: { formation: { turnaround: 'expedited' } } }),
      {},
      '?expand[]=service_orders',
    );
    const formation = company.service_orders.find((o: any) => o.product_key === 'formation');
    expect(formation).toMatchObject({ options: { turnaround: 'expedited' }, unit_amount: 9900 + 15000 });
  });

  it('records company.created and one service_order.status.changed per order in the event log', async () => {
    const company = await createCompany(c.test_key, anLlc({ services: ['ein_application'] }));
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': eventStreams.company({ partnerId: c.partner_id, mode: 'test' }, company.id) },
      }),
    );
    const events = (res.Items ?? []).map((i) => JSON.parse(i.payload as string));
    expect(events.map((e) => e.type).sort()).toEqual([
      'company.created',
      'service_order.status.changed',
      'service_order.status.changed',
      'service_order.status.changed',
    ]);
    const created = events.find((e) => e.type === 'company.created');
    expect(created.data.object).toMatchObject({ object: 'company', id: company.id, status: 'requires_information' });
    expect(created.data.object).not.toHaveProperty('open_requirements');
    expect(events.filter((e) => e.type !== 'company.created').map((e) => e.data.object.object)).toEqual([
      'service_order',
      'service_order',
      'service_order',
    ]);
  });

  it('mints sh_ ids for shareholders, seats directors from relationship.director when officers are omitted', async () => {
    const owner = anOwner({ ownership_percentage: 60, relationship: { director: true } });
    const partner = anOwner({
      first_name: 'Alan',
      email: `alan.${uniqueWord(5)}@example.com`,
      ownership_percentage: 40,
      main_incorporator: false,
    });
    const company = await createCompany(c.test_key, aCorp({ shareholders: [owner, partner] }));
    expect(company.shareholders).toHaveLength(2);
    for (const sh of company.shareholders) expect(sh.id).toMatch(/^sh_[0-9A-Za-z]{22}$/);
    expect(company.officers).toEqual([
      { first_name: 'Grace', last_name: 'Hopper', email: owner.email, roles: ['director'], shareholder: company.shareholders[0].id },
    ]);
    expect(company.officers_settled).toBe(false);
  });

  it('takes a given officers list as the roster and seats an officer with a shareholder e-mail as that owner', async () => {
    const owner = anOwner();
    const company = await createCompany(
      c.test_key,
      aCorp({
        shareholders: [owner],
        officers: [
          { first_name: 'G', last_name: 'H', email: owner.email.toUpperCase(), roles: ['president', 'director'] },
          { first_name: 'Outside', last_name: 'Counsel', email: 'counsel@example.com', roles: ['secretary'] },
        ],
      }),
    );
    expect(company.officers[0]).toMatchObject({ roles: ['president', 'director'], shareholder: company.shareholders[0].id });
    expect(company.officers[1]).not.toHaveProperty('shareholder');
    expect(company.officers_settled).toBe(true);
    const none = await createCompany(c.test_key, aCorp({ shareholders: [anOwner({ relationship: { director: true } })], officers: [] }));
    expect(none).toMatchObject({ officers: [], officers_settled: true });
  });

  /** An identity document uploaded for an owner of another company of this partner and mode. */
  async function anIdentityFile(key: string): Promise<string> {
    const holder = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const up = await uploadFile(
      key,
      { purpose: 'identity_document', company: holder.id, shareholder: holder.shareholders[0].id },
      { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect(up.status).toBe(201);
    return up.body.id;
  }

  it('keeps a passport reference to an uploaded identity document of this mode, and refuses any other', async () => {
    const fileId = await anIdentityFile(c.test_key);
    const company = await createCompany(c.test_key, anLlc({ shareholders: [anOwner({ passport: fileId })] }));
    expect(company.shareholders[0].passport).toBe(fileId);
    await refusedWith(anLlc({ shareholders: [anOwner({ passport: 'file_' + 'A'.repeat(22) })] }), '$.shareholders[0].passport', 'exists');
    const liveFile = await anIdentityFile(c.live_key);
    await refusedWith(
      anLlc({
        shareholders: [
          anOwner({ ownership_percentage: 50 }),
          anOwner({ passport: liveFile, main_incorporator: false, ownership_percentage: 50 }),
        ],
      }),
      '$.shareholders[1].passport',
      'exists',
    );
  });

  it('keeps metadata values of any JSON type verbatim, on creation and on every read', async () => {
    const metadata = {
      crm_id: '42',
      seats: 3,
      ratio: 0.5,
      vip: true,
      none: null,
      tags: ['a', 1],
      deal: { stage: { name: 'won' } },
      empty: '',
    };
    const company = await createCompany(c.test_key, anLlc({ metadata }));
    expect(company.metadata).toEqual(metadata);
    expect((await api(c.test_key).get(`/companies/${company.id}`)).body.metadata).toEqual(metadata);
    const created = (await api(c.test_key).get(`/events?company_id=${company.id}&type=company.created`)).body.items[0];
    expect(created.data.object.metadata).toEqual(metadata);
  });

  it('bounds metadata values: 500 characters as JSON, 5 levels deep, numbers the store keeps exactly', async () => {
    const long = await api(c.test_key).post('/companies', anLlc({ metadata: { note: 'x'.repeat(501) } }));
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ location: '$.metadata.note', validation_type: 'maxLength' });
    const deep = await api(c.test_key).post('/companies', anLlc({ metadata: { tree: [[[[[['leaf']]]]]] } }));
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0]).toMatchObject({
      location: '$.metadata.tree',
      validation_type: 'maxDepth',
      how_to_fix: expect.stringContaining('5 levels'),
    });
    const huge = await api(c.test_key).post('/companies', anLlc({ metadata: { count: 1e300, nested: { '': 1 } } }));
    expect(huge.body.errors).toEqual([
      expect.objectContaining({
        location: '$.metadata.count',
        validation_type: 'maximum',
        how_to_fix: expect.stringContaining('as strings'),
      }),
      expect.objectContaining({ location: '$.metadata.nested', validation_type: 'propertyNames' }),
    ]);
  });

  it('stores metadata verbatim and private owners in NV', async () => {
    const company = await createCompany(
      c.test_key,
      anLlc({ state: 'NV', owner_privacy: 'private', metadata: { crm_id: '42', note: 'x' } }),
    );
    expect(company).toMatchObject({ owner_privacy: 'private', metadata: { crm_id: '42', note: 'x' } });
  });

  it('expands account and requirements on request', async () => {
    const company = await createCompany(c.test_key, anLlc(), {}, '?expand[]=account&expand[]=requirements');
    expect(company.account).toMatchObject({ object: 'account', id: company.account_id });
    expect(company.requirements).toEqual([]);
  });
});

describe('POST /companies: each rule of the body table refuses with invalid_request at its location', () => {
  it.each([
    ['a name with characters outside the pattern', { name: 'Acme_Widgets!' }, '$.name', 'pattern'],
    ['an empty name', { name: '' }, '$.name', 'minLength'],
    ['a name over 255 characters', { name: 'A'.repeat(256) }, '$.name', 'maxLength'],
    ['a name starting with "The"', { name: 'The Acme Widgets' }, '$.name', 'not'],
    ['a name starting with "the" in lower case', { name: 'the acme' }, '$.name', 'not'],
    ['an unknown state', { state: 'ZZ' }, '$.state', 'enum'],
    ['an unknown entity type', { entity_type: 'partnership' }, '$.entity_type', 'enum'],
    ['a C-corp ending on an LLC', { ending: 'inc' }, '$.ending', 'enum'],
    ['an unknown ending', { ending: 'gmbh' }, '$.ending', 'enum'],
    ['an unknown industry', { industry: 'mining' }, '$.industry', 'enum'],
    ['industry other without its description', { industry: 'other', custom_industry: 'Falconry' }, '$.industry_description', 'required'],
    ['industry other without custom_industry', { industry: 'other', industry_description: 'Birds' }, '$.custom_industry', 'required'],
    [
      'industry_description without industry other',
      { industry: 'software', industry_description: 'Apps' },
      '$.industry_description',
      'not',
    ],
    ['custom_industry without industry other', { custom_industry: 'Apps' }, '$.custom_industry', 'not'],
    [
      'an industry_description over 500 characters',
      { industry: 'other', industry_description: 'x'.repeat(501), custom_industry: 'x' },
      '$.industry_description',
      'maxLength',
    ],
    [
      'a custom_industry over 120 characters',
      { industry: 'other', industry_description: 'x', custom_industry: 'x'.repeat(121) },
      '$.custom_industry',
      'maxLength',
    ],
    ['private owners outside DE, NV, WY, NM', { state: 'CA', owner_privacy: 'private' }, '$.owner_privacy', 'enum'],
    ['an EIN on a company the operator forms', { ein: '12-3456789' }, '$.ein', 'not'],
    [
      'an EIN of the wrong shape',
      { pre_existing: true, ein: '1234-56789', address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' } },
      '$.ein',
      'pattern',
    ],
    [
      'an EIN over 12 characters',
      { pre_existing: true, ein: '1234567890123', address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' } },
      '$.ein',
      'maxLength',
    ],
    ['a pre_existing company without address', { pre_existing: true }, '$.address', 'required'],
    [
      'an address on a company the operator forms',
      { address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' } },
      '$.address',
      'not',
    ],
    [
      'an address with a bad ZIP',
      { pre_existing: true, address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '8200' } },
      '$.address.postal_code',
      'pattern',
    ],
    [
      'foreign qualifications on a company the operator forms',
      { foreign_qualifications: [{ state: 'CA' }] },
      '$.foreign_qualifications',
      'not',
    ],
    [
      'a foreign qualification in the formation state',
      {
        pre_existing: true,
        address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' },
        foreign_qualifications: [{ state: 'CA' }, { state: 'WY' }],
      },
      '$.foreign_qualifications[1].state',
      'not',
    ],
    [
      'more than 10 foreign qualifications',
      {
        pre_existing: true,
        address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' },
        foreign_qualifications: ['CA', 'NY', 'TX', 'FL', 'IL', 'OH', 'PA', 'GA', 'NC', 'MI', 'NJ'].map((s) => ({ state: s })),
      },
      '$.foreign_qualifications',
      'maxItems',
    ],
    ['a timezone that is not IANA', { timezone: 'Mars/Olympus' }, '$.timezone', 'format'],
    ['a timezone over 64 characters', { timezone: 'A'.repeat(65) }, '$.timezone', 'maxLength'],
    ['authorized_shares on an LLC', { authorized_shares: 1000 }, '$.authorized_shares', 'not'],
    ['par_value on an LLC', { par_value: 0.01 }, '$.par_value', 'not'],
    [
      'management_type on a C-corp',
      { entity_type: 'c_corp', authorized_shares: 100, par_value: 0, management_type: 'member_managed' },
      '$.management_type',
      'not',
    ],
    [
      'more than 25 shareholders',
      { shareholders: Array.from({ length: 26 }, (_, i) => anOwner({ ownership_percentage: 1, main_incorporator: i === 0 })) },
      '$.shareholders',
      'maxItems',
    ],
    ['shareholders without a main incorporator', { shareholders: [anOwner({ main_incorporator: false })] }, '$.shareholders', 'custom'],
    [
      'two main incorporators',
      { shareholders: [anOwner({ ownership_percentage: 50 }), anOwner({ ownership_percentage: 50 })] },
      '$.shareholders[1].main_incorporator',
      'custom',
    ],
    ['a shareholder with a bad e-mail', { shareholders: [anOwner({ email: 'not-an-email' })] }, '$.shareholders[0].email', 'format'],
    [
      'a passport sent inline instead of as a file id',
      { shareholders: [anOwner({ passport: 'data:image/png;base64,iVBORw0KGgo=' })] },
      '$.shareholders[0].passport',
      'pattern',
    ],
    [
      'ownership adding up to more than 100',
      { shareholders: [anOwner({ ownership_percentage: 60 }), anOwner({ ownership_percentage: 50, main_incorporator: false })] },
      '$.shareholders',
      'maximum',
    ],
    [
      'more than 50 officers',
      { officers: Array.from({ length: 51 }, () => ({ first_name: 'A', last_name: 'B', email: 'a@example.com', roles: ['director'] })) },
      '$.officers',
      'maxItems',
    ],
    [
      'an officer with an unknown role',
      { officers: [{ first_name: 'A', last_name: 'B', email: 'a@example.com', roles: ['emperor'] }] },
      '$.officers[0].roles[0]',
      'enum',
    ],
    ['more than 25 services', { services: Array.from({ length: 26 }, () => 'ein_application') }, '$.services', 'maxItems'],
    ['a service key outside the pattern', { services: ['EIN-Application'] }, '$.services[0]', 'pattern'],
    ['an unknown service', { services: ['ein_application', 'moon_base'] }, '$.services[1]', 'enum'],
    ['formation listed as a service', { services: ['formation'] }, '$.services[0]', 'not'],
    ['a mandatory product listed as a service', { services: ['registered_agent'] }, '$.services[0]', 'not'],
    ['a per-owner product listed as a service', { services: ['itin_application'] }, '$.services[0]', 'not'],
    [
      'service_options for a product not being attached',
      { service_options: { bookkeeping: { tier: 'growth' } } },
      '$.service_options.bookkeeping',
      'additionalProperties',
    ],
    [
      'service_options with a value the product does not offer',
      { service_options: { formation: { turnaround: 'instant' } } },
      '$.service_options.formation.turnaround',
      'enum',
    ],
    [
      'turnaround on a product other than formation',
      { services: ['bookkeeping'], service_options: { bookkeeping: { turnaround: 'expedited' } } },
      '$.service_options.bookkeeping.turnaround',
      'additionalProperties',
    ],
    [
      'formation options on a pre_existing company',
      {
        pre_existing: true,
        address: { line1: '1 A St', city: 'X', state: 'WY', postal_code: '82001' },
        service_options: { formation: { turnaround: 'expedited' } },
      },
      '$.service_options.formation',
      'additionalProperties',
    ],
    [
      'metadata with more than 50 keys',
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
      '$.metadata',
      'maxProperties',
    ],
    ['an external_id over 255 characters', { external_id: 'x'.repeat(256) }, '$.external_id', 'maxLength'],
    ['an unknown field', { colour: 'blue' }, '$.colour', 'additionalProperties'],
  ])('refuses %s', async (_what, override, location, validationType) => {
    await refusedWith(anLlc(override), location, validationType);
  });

  it('requires authorized_shares and par_value for a C-corp', async () => {
    const res = await test.post('/companies', anLlc({ entity_type: 'c_corp' }));
    expectRefusal(res, '$.authorized_shares', 'required');
    expectRefusal(res, '$.par_value', 'required');
  });

  it('accepts the values next to each refusal', async () => {
    await createCompany(c.test_key, anLlc({ name: `Theory & Sons-Co ${uniqueWord()} 2` }));
    await createCompany(c.test_key, anLlc({ industry: 'other', industry_description: 'Falconry services', custom_industry: 'Falconry' }));
    await createCompany(c.test_key, anLlc({ timezone: 'America/Chicago', management_type: 'manager_managed' }));
    const corp = await createCompany(c.test_key, aCorp({ ending: 'corporation' }));
    expect(corp).not.toHaveProperty('management_type');
  });

  it("holds an LLC's members to 100 in all and a C-corp's listed shareholders to at most 100, as the reference says", async () => {
    const owners = (a: number, b: number) => [
      anOwner({ ownership_percentage: a }),
      anOwner({ first_name: 'Alan', last_name: 'Turing', ownership_percentage: b, main_incorporator: false }),
    ];
    const under = await test.post('/companies', anLlc({ shareholders: owners(60, 30) }));
    expectRefusal(under, '$.shareholders', 'minimum');
    expect(under.body.errors[0].how_to_fix).toMatch(/add up to 100, such as 60 and 40/);
    expectRefusal(await test.post('/companies', aCorp({ shareholders: owners(60, 41) })), '$.shareholders', 'maximum');
    await createCompany(c.test_key, anLlc({ shareholders: owners(60, 40) }));
    await createCompany(c.test_key, aCorp({ shareholders: owners(60, 30) }));
    // The reference states the same rule the service applies.
    const described = JSON.stringify((await api().get('/openapi.json')).body.components.schemas);
    expect(described).toContain('an LLC’s add up to 100');
    expect(described).toContain('a C-corp’s to at most 100');
  });

  it('reports every violation of one body at once', async () => {
    const res = await test.post('/companies', anLlc({ name: 'The Acme', owner_privacy: 'private', state: 'CA', authorized_shares: 5 }));
    expect(res.body.errors.map((e: any) => e.location).sort()).toEqual(['$.authorized_shares', '$.name', '$.owner_privacy']);
  });
});

describe('POST /companies: names are unique per state and mode', () => {
  it('refuses a name already registered in the same state, ignoring case and spacing', async () => {
    const name = `Unique Name ${uniqueWord()}`;
    await createCompany(c.test_key, anLlc({ name, state: 'TX' }));
    await refusedWith(anLlc({ name: `  ${name.toUpperCase().replace(/ /g, '   ')} `, state: 'TX' }), '$.name', 'unique');
    await refusedWith(aCorp({ name, state: 'TX' }), '$.name', 'unique');
  });

  it('accepts the same name in another state, and in the other mode', async () => {
    const name = `Twice Named ${uniqueWord()}`;
    await createCompany(c.test_key, anLlc({ name, state: 'TX' }));
    await createCompany(c.test_key, anLlc({ name, state: 'FL' }));
    await createCompany(c.live_key, anLlc({ name, state: 'TX' }));
  });

  it('refuses a name another partner registered in that state and mode', async () => {
    const name = `Shared Name ${uniqueWord()}`;
    await createCompany(c.other_partner.test_key, anLlc({ name, state: 'OH' }));
    await refusedWith(anLlc({ name, state: 'OH' }), '$.name', 'unique');
  });
});

describe('POST /companies: external_id and account selection', () => {
  it('refuses a reused external_id with resource_already_exists (409)', async () => {
    const external_id = `crm-${uniqueWord()}`;
    await createCompany(c.test_key, anLlc({ external_id }));
    expectRefusal(await test.post('/companies', anLlc({ external_id })), '$.external_id', 'unique', 'resource_already_exists', 409);
    // Another partner, or the other mode, has its own external_id space.
    await createCompany(c.live_key, anLlc({ external_id }));
    await createCompany(c.other_partner.test_key, anLlc({ external_id }));
  });

  it('creates under an existing account named by the Service-Account header', async () => {
    const account = (await test.post('/accounts', anAccount())).body;
    const company = await createCompany(c.test_key, { ...anLlc(), account: undefined }, { 'Service-Account': account.id });
    expect(company.account_id).toBe(account.id);
  });

  it('refuses both the header and the account object, and neither', async () => {
    const account = (await test.post('/accounts', anAccount())).body;
    expectRefusal(await test.post('/companies', anLlc(), { 'Service-Account': account.id }), '$.account', 'oneOf');
    expectRefusal(await test.post('/companies', { ...anLlc(), account: undefined }), '$.account', 'oneOf');
  });

  it('refuses a malformed header and an account of another mode or partner', async () => {
    const body = { ...anLlc(), account: undefined };
    expectRefusal(await test.post('/companies', body, { 'Service-Account': 'acct_short' }), '$.headers.Service-Account', 'pattern');
    const live = (await api(c.live_key).post('/accounts', anAccount())).body;
    expectRefusal(await test.post('/companies', body, { 'Service-Account': live.id }), '$.headers.Service-Account', 'exists');
    const other = (await api(c.other_partner.test_key).post('/accounts', anAccount())).body;
    expectRefusal(await test.post('/companies', body, { 'Service-Account': other.id }), '$.headers.Service-Account', 'exists');
  });

  it('reuses the existing account when the account object repeats its external_id', async () => {
    const external_id = `user-${uniqueWord()}`;
    const first = await createCompany(c.test_key, anLlc({ account: anAccount({ external_id }) }));
    const second = await createCompany(
      c.test_key,
      anLlc({ account: anAccount({ external_id, first_name: 'Someone' }) }),
      {},
      '?expand[]=account',
    );
    expect(second.account_id).toBe(first.account_id);
    expect(second.account.first_name).toBe('Ada');
  });

  it('refuses an invalid account object at its location', async () => {
    expectRefusal(await test.post('/companies', anLlc({ account: anAccount({ email: 'nope' }) })), '$.account.email', 'format');
    expectRefusal(
      await test.post('/companies', anLlc({ account: { first_name: 'A', email: 'a@example.com' } })),
      '$.account.last_name',
      'required',
    );
  });
});

describe('POST /companies: the foundation codes of a POST route', () => {
  it('refuses malformed JSON with invalid_request (400)', async () => {
    const res = await test.post('/companies', '{"name": "Acme",', {});
    expectRefusal(res, '$', 'type');
  });

  it('refuses a body over 256 KiB with request_too_large (413)', async () => {
    const res = await test.post('/companies', anLlc({ metadata: { big: 'x'.repeat(300 * 1024) } }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('request_too_large');
  });

  it('refuses a key without companies:write with insufficient_scope', async () => {
    const { issueApiKey } = await import('../../lib/auth/api-key');
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:read'] });
    const res = await api(secret).post('/companies', anLlc());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });
});
