import fc from 'fast-check';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { uniqueWord } from '../support/companies';
import { unbilledLines } from '../../lib/billing/ledger-store';
import type { Scope } from '../../lib/scope';

/**
 * POST /companies/preview and POST /companies agree (docs/api.md): for generated bodies,
 * over HTTP, the preview refuses exactly as creation then does (status, code, errors[]), or creation
 * succeeds with the company the preview showed and bills exactly the preview's lines: the same total,
 * to the cent, and the same amount per product. The bodies mix valid and invalid names (one already
 * taken), states, entity types with and without a share structure, services (valid, unknown,
 * repeated, bundled, quoted, billed in arrears), option choices (valid and not), pre-existing
 * companies with or without an address, and owners whose percentages do or do not add up.
 */
useStackDatabase();
let partner: { partnerId: string; testKey: string };
const TAKEN = `Agreement Taken ${uniqueWord()}`;

beforeAll(async () => {
  partner = await aFreshPartner();
  const seeded = await api(partner.testKey).post('/companies', {
    name: TAKEN,
    state: 'WY',
    entity_type: 'llc',
    account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  });
  expect(seeded.status).toBe(201);
});

const VALID_SERVICES = ['ein_application', 'bookkeeping', 'payroll', 'compliance_bundle', 'trademark_registration', 'federal_tax_filing'];
const SERVICES = [
  'ein_application',
  'bookkeeping',
  'payroll',
  'annual_report',
  'compliance_bundle',
  'trademark_registration',
  'federal_tax_filing',
  'registered_agent',
  'no_such_product',
];

const owner = (percentage: number, main: boolean) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `grace.${uniqueWord(6)}@example.com`,
  ownership_percentage: percentage,
  main_incorporator: main,
});

const bodyArb = fc
  .record({
    name: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.constantFrom('The Acme', 'Acme, Inc', TAKEN), weight: 1 }),
    state: fc.constantFrom('WY', 'DE', 'CA', 'NV'),
    entity_type: fc.constantFrom('llc', 'c_corp'),
    shares: fc.boolean(),
    services: fc.oneof(
      { arbitrary: fc.subarray(VALID_SERVICES, { maxLength: 3 }), weight: 3 },
      { arbitrary: fc.subarray(SERVICES, { maxLength: 4 }), weight: 1 },
    ),
    repeat: fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
    turnaround: fc.constantFrom(undefined, 'standard', 'expedited', 'expedited', 'overnight'),
    tier: fc.constantFrom(undefined, 'starter', 'growth'),
    pre_existing: fc.constantFrom(undefined, undefined, undefined, false, true),
    address: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
    owners: fc.constantFrom<[number, boolean][]>(
      [],
      [[100, true]],
      [[100, true]],
      [
        [60, true],
        [40, false],
      ],
      [
        [60, true],
        [30, false],
      ],
    ),
  })
  .map((g) => {
    const body: Record<string, unknown> = {
      name: g.name ?? `Agree ${uniqueWord()}`,
      state: g.state,
      entity_type: g.entity_type,
      account: { first_name: 'Ada', last_name: 'Lovelace', email: `ada.${uniqueWord(6)}@example.com` },
    };
    if (g.entity_type === 'c_corp' && (g.shares || g.name === null))
      Object.assign(body, { authorized_shares: 1_000_000, par_value: 0.001 });
    const services = g.repeat && g.services.length ? [...g.services, g.services[0]] : g.services;
    if (services.length) body.services = services;
    const options: Record<string, Record<string, string>> = {};
    if (g.turnaround) options.formation = { turnaround: g.turnaround };
    if (g.tier && (services.includes('bookkeeping') || g.name !== null)) options.bookkeeping = { tier: g.tier };
    if (Object.keys(options).length) body.service_options = options;
    if (g.pre_existing !== undefined) body.pre_existing = g.pre_existing;
    if (g.address || (g.pre_existing && g.name === null))
      body.address = { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' };
    if (g.owners.length) body.shareholders = g.owners.map(([p, main]) => owner(p, main));
    return body;
  });

/** What creation billed for one company, per product, from the ledger. */
async function billedFor(companyId: string): Promise<{ total: number; byProduct: Record<string, number> }> {
  const scope: Scope = { partnerId: partner.partnerId, mode: 'test' };
  const lines = (await unbilledLines(scope, '9999-12')).filter((l) => l.company === companyId);
  const byProduct: Record<string, number> = {};
  for (const l of lines) byProduct[l.product_key!] = (byProduct[l.product_key!] ?? 0) + l.amount;
  return { total: lines.reduce((s, l) => s + l.amount, 0), byProduct };
}

const withoutIds = (company: Record<string, any>) => {
  const { id: _i, created_at: _c, updated_at: _u, account_id: _a, ...rest } = company;
  return {
    ...rest,
    shareholders: (rest.shareholders ?? []).map(({ id: _s, ...s }: any) => s),
    officers: (rest.officers ?? []).map(({ shareholder: _s, ...o }: any) => o),
  };
};

describe('POST /companies/preview agrees with POST /companies', () => {
  it('gives the same refusal, or the same company and the same bill, for generated bodies', async () => {
    let created = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => {
        const client = api(partner.testKey);
        const preview = await client.post('/companies/preview', body);
        const creation = await client.post('/companies', body);
        if (preview.status !== 200) {
          refused++;
          expect({ status: creation.status, code: creation.body.code, errors: creation.body.errors }).toEqual({
            status: preview.status,
            code: preview.body.code,
            errors: preview.body.errors,
          });
          return;
        }
        expect([creation.status, creation.body.errors]).toEqual([201, undefined]);
        created++;
        expect(withoutIds(preview.body.company)).toEqual(withoutIds(creation.body));
        const billed = await billedFor(creation.body.id);
        const previewed: Record<string, number> = {};
        for (const l of preview.body.lines) if (l.unit_amount) previewed[l.product_key] = (previewed[l.product_key] ?? 0) + l.unit_amount;
        expect({ total: preview.body.amount_due_now, byProduct: previewed }).toEqual(billed);
      }),
      // A fixed seed, as the route fuzz has: with a fresh one per run, 30 bodies now and then held only
      // three creations, and the check below failed by chance rather than by a disagreement.
      { numRuns: 30, seed: 20261126 },
    );
    // The generator reaches both sides of the property.
    expect(created).toBeGreaterThan(3);
    expect(refused).toBeGreaterThan(3);
  }, 120_000);
});
