import { createCompanyBody, type CreateCompanyBody } from '../../lib/companies/schemas';
import { COMPANY_RULES, enforceCompanyRules } from '../../lib/companies/rules';
import { nameNotThe } from '../../lib/companies/rules/name-not-the';
import { nameWithoutEnding } from '../../lib/companies/rules/name-without-ending';
import { endingMatchesEntityType } from '../../lib/companies/rules/ending-matches-entity-type';
import { ownerPrivacy } from '../../lib/companies/rules/owner-privacy';
import { preExistingOnly } from '../../lib/companies/rules/pre-existing-only';
import { industryOther } from '../../lib/companies/rules/industry-other';
import { foreignQualificationStates } from '../../lib/companies/rules/foreign-qualification-states';
import { timezone } from '../../lib/companies/rules/timezone';
import { shareStructure } from '../../lib/companies/rules/share-structure';
import { managementType } from '../../lib/companies/rules/management-type';
import { mainIncorporator } from '../../lib/companies/rules/main-incorporator';
import { shareholderEmails } from '../../lib/companies/rules/shareholder-emails';
import { ownershipTotal } from '../../lib/companies/rules/ownership-total';
import { services } from '../../lib/companies/rules/services';
import { serviceOptions } from '../../lib/companies/rules/service-options';
import { ApiError } from '../../lib/errors';

/**
 * The fourteen cross-field rules of the create-company table, each on its own and without I/O (the
 * HTTP tests in test/e2e/companies-create.test.ts send the same cases through the API). Each body is
 * parsed by the request schema first, so a rule sees exactly what the handler would hand it.
 */
const body = (fields: Record<string, unknown>): CreateCompanyBody =>
  createCompanyBody.parse({
    name: 'Acme Widgets',
    state: 'WY',
    entity_type: 'llc',
    account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    ...fields,
  });
const corp = (fields: Record<string, unknown> = {}) =>
  body({ state: 'DE', entity_type: 'c_corp', authorized_shares: 1000, par_value: 0.01, ...fields });
const owner = (fields: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  ownership_percentage: 100,
  main_incorporator: true,
  ...fields,
});
const locations = (errors: { location?: string }[]) => errors.map((e) => e.location);

describe('the create-company rules', () => {
  it('are fifteen, run in the table’s order, and all pass on a plain LLC', () => {
    expect(COMPANY_RULES).toEqual([
      nameNotThe,
      nameWithoutEnding,
      endingMatchesEntityType,
      ownerPrivacy,
      preExistingOnly,
      industryOther,
      foreignQualificationStates,
      timezone,
      shareStructure,
      managementType,
      mainIncorporator,
      shareholderEmails,
      ownershipTotal,
      services,
      serviceOptions,
    ]);
    expect(COMPANY_RULES.flatMap((rule) => rule(body({})))).toEqual([]);
    expect(() => enforceCompanyRules(body({}))).not.toThrow();
  });

  it('report every violation at once in one invalid_request', () => {
    const refused = (() => {
      try {
        enforceCompanyRules(body({ name: 'The Acme', management_type: 'member_managed', entity_type: 'c_corp', state: 'DE' }));
      } catch (error) {
        return error as ApiError;
      }
    })();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused!.code).toBe('invalid_request');
    expect(locations(refused!.errors!)).toEqual(['$.name', '$.authorized_shares', '$.par_value', '$.management_type']);
  });

  it('name: without the ending, the fix naming the name and the entity type’s ending to send', () => {
    const [llc] = nameWithoutEnding(body({ name: 'Acme Widgets  llc' }));
    expect(llc).toMatchObject({ location: '$.name', validation_type: 'not', reason: 'must not include the ending ("llc")' });
    expect(llc.how_to_fix).toContain('"name": "Acme Widgets", "ending": "llc"');
    expect(nameWithoutEnding(body({ name: 'Acme Limited Liability Company' }))[0].how_to_fix).toContain(
      '"name": "Acme", "ending": "limited_liability_company"',
    );
    // An ending of the other entity type: the name alone (its ending would be refused).
    expect(nameWithoutEnding(body({ name: 'Acme Inc' }))[0].how_to_fix).toContain('"name": "Acme".');
    expect(nameWithoutEnding(body({ name: 'Acme Corp', entity_type: 'c_corp' }))[0].how_to_fix).toContain('"ending": "corp"');
    for (const name of ['Acme Widgets', 'Smith & Co', 'Incorporated Minds Studio', 'Acme Corporate Services', 'Allcorp'])
      expect(nameWithoutEnding(body({ name }))).toEqual([]);
  });

  it('name: must not start with the word "The"', () => {
    expect(nameNotThe(body({ name: 'The Acme' }))).toMatchObject([{ location: '$.name', validation_type: 'not' }]);
    expect(nameNotThe(body({ name: 'Theory Labs' }))).toEqual([]);
    expect(nameNotThe(body({ name: 'Thermal' }))).toEqual([]);
  });

  it('ending: one of the entity type’s endings', () => {
    expect(endingMatchesEntityType(body({ ending: 'inc' }))).toMatchObject([{ location: '$.ending', validation_type: 'enum' }]);
    expect(endingMatchesEntityType(body({ ending: 'l_l_c' }))).toEqual([]);
    expect(endingMatchesEntityType(corp({ ending: 'corp' }))).toEqual([]);
  });

  it('owner_privacy private: only in DE, NV, WY and NM', () => {
    expect(ownerPrivacy(body({ state: 'CA', owner_privacy: 'private' }))).toMatchObject([
      { location: '$.owner_privacy', validation_type: 'enum' },
    ]);
    expect(ownerPrivacy(body({ state: 'WY', owner_privacy: 'private' }))).toEqual([]);
    expect(ownerPrivacy(body({ state: 'CA', owner_privacy: 'public' }))).toEqual([]);
  });

  it('ein, address and foreign_qualifications: a pre_existing company’s, and its address required', () => {
    const address = { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' };
    expect(locations(preExistingOnly(body({ ein: '12-3456789', address })))).toEqual(['$.ein', '$.address']);
    expect(preExistingOnly(body({ pre_existing: true }))).toMatchObject([{ location: '$.address', validation_type: 'required' }]);
    expect(preExistingOnly(body({ pre_existing: true, ein: '12-3456789', address }))).toEqual([]);
  });

  it('industry other: needs industry_description and custom_industry, which nothing else accepts', () => {
    expect(locations(industryOther(body({ industry: 'other' })))).toEqual(['$.industry_description', '$.custom_industry']);
    expect(industryOther(body({ industry: 'other', industry_description: 'Kites', custom_industry: 'kites' }))).toEqual([]);
    expect(industryOther(body({ industry: 'software', custom_industry: 'kites' }))).toMatchObject([
      { location: '$.custom_industry', validation_type: 'not' },
    ]);
  });

  it('foreign_qualifications: another state than the formation state, each once', () => {
    const fq = (state: string) => ({ state });
    const found = foreignQualificationStates(body({ pre_existing: true, foreign_qualifications: [fq('WY'), fq('CA'), fq('CA')] }));
    expect(found).toMatchObject([
      { location: '$.foreign_qualifications[0].state', validation_type: 'not' },
      { location: '$.foreign_qualifications[2].state', validation_type: 'uniqueItems' },
    ]);
    expect(foreignQualificationStates(body({ pre_existing: true, foreign_qualifications: [fq('CA'), fq('NV')] }))).toEqual([]);
  });

  it('timezone: an IANA zone', () => {
    expect(timezone(body({ timezone: 'Mars/Olympus' }))).toMatchObject([{ location: '$.timezone', validation_type: 'format' }]);
    expect(timezone(body({ timezone: 'America/Denver' }))).toEqual([]);
    expect(timezone(body({}))).toEqual([]);
  });

  it('authorized_shares and par_value: required for a c_corp, refused for an llc', () => {
    expect(locations(shareStructure(body({ state: 'DE', entity_type: 'c_corp' })))).toEqual(['$.authorized_shares', '$.par_value']);
    expect(locations(shareStructure(body({ authorized_shares: 100 })))).toEqual(['$.authorized_shares']);
    expect(shareStructure(corp())).toEqual([]);
  });

  it('management_type: an llc’s only', () => {
    expect(managementType(corp({ management_type: 'member_managed' }))).toMatchObject([
      { location: '$.management_type', validation_type: 'not' },
    ]);
    expect(managementType(body({ management_type: 'member_managed' }))).toEqual([]);
  });

  it('shareholders: exactly one main incorporator', () => {
    expect(mainIncorporator(body({ shareholders: [owner({ main_incorporator: false })] }))).toMatchObject([{ location: '$.shareholders' }]);
    const two = body({ shareholders: [owner({ ownership_percentage: 50 }), owner({ email: 'b@example.com', ownership_percentage: 50 })] });
    expect(mainIncorporator(two)).toMatchObject([{ location: '$.shareholders[1].main_incorporator' }]);
    expect(mainIncorporator(body({ shareholders: [owner()] }))).toEqual([]);
    expect(mainIncorporator(body({}))).toEqual([]);
  });

  it('shareholder e-mails: each owner’s own, compared without case', () => {
    const twice = body({
      shareholders: [
        owner({ ownership_percentage: 50 }),
        owner({ email: 'GRACE@example.com', ownership_percentage: 50, main_incorporator: false }),
      ],
    });
    expect(shareholderEmails(twice)).toMatchObject([{ location: '$.shareholders[1].email', validation_type: 'uniqueItems' }]);
    expect(shareholderEmails(body({ shareholders: [owner()] }))).toEqual([]);
  });

  it("ownership: an LLC's members add up to 100, a C-corp's shareholders to at most 100", () => {
    const two = (a: number, b: number) => [
      owner({ ownership_percentage: a }),
      owner({ email: 'b@example.com', ownership_percentage: b, main_incorporator: false }),
    ];
    expect(ownershipTotal(body({ shareholders: two(60, 41) }))).toMatchObject([{ location: '$.shareholders', validation_type: 'maximum' }]);
    // An LLC's members hold all of it: 90 is refused, and the answer says what they must add up to.
    const under = ownershipTotal(body({ entity_type: 'llc', shareholders: two(60, 30) }));
    expect(under).toMatchObject([{ location: '$.shareholders', validation_type: 'minimum' }]);
    expect(under[0].how_to_fix).toMatch(/add up to 100, such as 60 and 40/);
    expect(ownershipTotal(body({ entity_type: 'llc', shareholders: two(60, 40) }))).toEqual([]);
    // A C-corp's listed shareholders may hold less: the rest unissued or held by holders not listed.
    expect(ownershipTotal(body({ entity_type: 'c_corp', shareholders: two(60, 30) }))).toEqual([]);
    const over = ownershipTotal(body({ entity_type: 'c_corp', shareholders: two(60, 41) }));
    expect(over[0].how_to_fix).toMatch(/100 or less/);
    // Thirds written to two decimals stand for a third each.
    for (const third of [33.33, 33.333333]) {
      const thirds = [1, 2, 3].map((n) => owner({ email: `o${n}@example.com`, ownership_percentage: third, main_incorporator: n === 1 }));
      expect(ownershipTotal(body({ entity_type: 'llc', shareholders: thirds }))).toEqual([]);
    }
  });

  it('services: catalog products, each once, neither implied, mandatory, bundled nor per owner', () => {
    const found = services(
      body({ services: ['no_such_product', 'formation', 'registered_agent', 'compliance_bundle', 'compliance_bundle'] }),
    );
    expect(found.map((e) => [e.location, e.validation_type])).toEqual([
      ['$.services[0]', 'enum'],
      ['$.services[1]', 'not'],
      ['$.services[2]', 'not'],
      ['$.services[4]', 'uniqueItems'],
    ]);
    expect(services(body({ services: ['compliance_bundle', 'annual_report'] }))).toMatchObject([
      { location: '$.services[1]', reason: "'annual_report' is included in 'compliance_bundle'" },
    ]);
    expect(services(body({ services: ['itin_application'] }))).toMatchObject([
      { location: '$.services[0]', reason: "'itin_application' is ordered per owner" },
    ]);
    expect(services(body({ services: ['compliance_bundle'] }))).toEqual([]);
  });

  it('service_options: keys of attached products, options and values of the catalog', () => {
    expect(serviceOptions(body({ service_options: { formation: { turnaround: 'expedited' } } }))).toEqual([]);
    expect(serviceOptions(body({ pre_existing: true, service_options: { formation: { turnaround: 'expedited' } } }))).toMatchObject([
      { location: '$.service_options.formation', reason: 'formation is not ordered for a pre_existing company' },
    ]);
    expect(serviceOptions(body({ service_options: { formation: { turnaround: 'overnight' } } }))).toMatchObject([
      { location: '$.service_options.formation.turnaround', validation_type: 'enum' },
    ]);
    expect(serviceOptions(body({ service_options: { registered_agent: { turnaround: 'expedited' } } }))).toMatchObject([
      {
        location: '$.service_options.registered_agent.turnaround',
        reason: "'turnaround' is not an option of 'registered_agent' (turnaround is an option of formation only)",
      },
    ]);
  });
});
