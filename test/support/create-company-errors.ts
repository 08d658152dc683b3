import * as z from 'zod';
import { createCompanyBody } from '../../lib/companies/schemas';
import { COMPANY_RULES } from '../../lib/companies/rules';
import { VALIDATION_TYPES, type JsonSchema } from '../../lib/errors';

/**
 * The table of every rule of the create-company body (spec Endpoints → POST /companies), and what a
 * refusal of each must look like. The schema rows are generated from the body's own JSON Schema (the
 * one the OpenAPI document shows), one row per keyword of every field, so a field or bound added later
 * gets its rows without editing this file; the refinements zod cannot express as JSON Schema and the
 * cross-field rules of lib/companies/rules/ are listed by hand.
 */

export interface ErrorRow {
  /** What the row breaks, as the test names it. */
  name: string;
  /** The body sent: a valid one with this one rule broken. */
  body: Record<string, unknown>;
  location: string;
  validation_type: string;
}

type Json = JsonSchema & { $ref?: string; $defs?: Record<string, JsonSchema>; propertyNames?: JsonSchema };

/** Every optional field present and valid (for the schema alone; the cross-field rules are not run on it). */
export function fullValidBody(): Record<string, unknown> {
  return {
    name: 'Acme Widgets',
    state: 'DE',
    entity_type: 'c_corp',
    external_id: 'client-4821',
    name_style: 'plain',
    owner_privacy: 'public',
    pre_existing: true,
    ending: 'inc',
    industry: 'other',
    industry_description: 'Drone surveys of roofs for insurers',
    custom_industry: 'Drone inspections',
    ein: '12-3456789',
    address: { line1: '548 Market St', line2: 'Suite 300', city: 'San Francisco', state: 'CA', postal_code: '94107', country: 'US' },
    foreign_qualifications: [{ state: 'CA', registered_on: '2024-03-01', file_number: 'FQ-2024-001873' }],
    timezone: 'America/New_York',
    authorized_shares: 10_000_000,
    par_value: 0.0001,
    account: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+14155550123',
      external_id: 'user-1042',
      metadata: { crm_id: 'A-1042' },
    },
    shareholders: [
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '+14155550123',
        date_of_birth: '1990-12-10',
        nationality: 'GB',
        address: {
          line1: '221B Baker Street',
          line2: 'Flat 2',
          city: 'London',
          state: 'Greater London',
          postal_code: 'NW1 6XE',
          country: 'GB',
        },
        ownership_percentage: 50,
        main_incorporator: true,
        relationship: { director: true, title: 'Founder' },
        passport: 'file_7Hq2Lr9XvB3kTz5NcW1pYd',
      },
    ],
    officers: [
      {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        roles: ['chief_executive_officer'],
        title: 'Chief Executive Officer',
      },
    ],
    management_type: 'member_managed',
    services: ['ein_application'],
    service_options: { formation: { turnaround: 'standard' } },
    metadata: { crm_id: 'A-1042' },
  };
}

const jsonPathOf = (path: (string | number)[]) =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : `${out}.${p}`), '$');

function setAt(body: Record<string, unknown>, path: (string | number)[], value: unknown | typeof REMOVE): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const p of path.slice(0, -1)) node = node[p];
  const last = path[path.length - 1];
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}
const REMOVE = Symbol('remove');

function getAt(body: unknown, path: (string | number)[]): unknown {
  return path.reduce<any>((node, p) => node?.[p], body);
}

/** A value of another JSON type than the field's. */
function wrongType(node: Json): unknown {
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  return type === 'string' ? 42 : type === 'object' || type === 'array' ? 'text' : 'text';
}

/** One row per keyword of every field of the body, generated from its JSON Schema. */
export function schemaRows(): ErrorRow[] {
  const root = z.toJSONSchema(createCompanyBody, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    reused: 'inline',
  }) as Json;
  const defs = root.$defs ?? {};
  const resolve = (n: Json | undefined): Json | undefined => (n?.$ref ? resolve(defs[n.$ref.replace('#/$defs/', '')] as Json) : n);
  const base = fullValidBody();
  const rows: ErrorRow[] = [];
  const add = (name: string, path: (string | number)[], value: unknown, validation_type: string, location = jsonPathOf(path)) =>
    rows.push({ name, body: setAt(base, path, value), location, validation_type });

  const walk = (raw: Json | undefined, path: (string | number)[], required: boolean) => {
    const node = resolve(raw);
    if (!node) return;
    const at = jsonPathOf(path);
    const current = getAt(base, path);
    if (path.length) {
      if (required) add(`${at} missing`, path, REMOVE, 'required');
      // A value of another type for an enum is a value outside it (zod and JSON Schema agree: `enum`).
      if (node.type) add(`${at} of another type`, path, wrongType(node), node.enum || node.const !== undefined ? 'enum' : 'type');
    }
    if (node.enum || node.const !== undefined) add(`${at} not an allowed value`, path, 'not_a_value', 'enum');
    if (node.minLength !== undefined && node.minLength > 0)
      add(`${at} shorter than ${node.minLength}`, path, ''.padEnd(node.minLength - 1, 'A'), 'minLength');
    if (node.maxLength !== undefined)
      add(`${at} longer than ${node.maxLength}`, path, String(current ?? '').padEnd(node.maxLength + 1, '9'), 'maxLength');
    if (node.pattern && !node.format) add(`${at} not matching ${node.pattern}`, path, '!!', 'pattern');
    if (node.format === 'email') add(`${at} not an e-mail address`, path, 'ada.example.com', 'format');
    if (node.format === 'date') add(`${at} not a real date`, path, '2026-02-30', 'format');
    if (node.minimum !== undefined) add(`${at} below ${node.minimum}`, path, node.minimum - 1, 'minimum');
    if (node.exclusiveMinimum !== undefined) add(`${at} not above ${node.exclusiveMinimum}`, path, node.exclusiveMinimum, 'minimum');
    if (node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER)
      add(`${at} above ${node.maximum}`, path, node.maximum + 1, 'maximum');
    if (node.maxItems !== undefined)
      add(`${at} longer than ${node.maxItems} items`, path, Array(node.maxItems + 1).fill((current as unknown[])[0]), 'maxItems');
    if (node.minItems !== undefined && node.minItems > 0) add(`${at} with fewer than ${node.minItems} items`, path, [], 'minItems');
    if (node.properties) {
      if (node.additionalProperties === false)
        add(`${at} with an unknown field`, [...path, 'unexpected_field'], 'x', 'additionalProperties');
      for (const [key, child] of Object.entries(node.properties)) {
        if (getAt(base, [...path, key]) === undefined)
          throw new Error(`fullValidBody() lacks ${jsonPathOf([...path, key])}: add it so its rules get rows`);
        walk(child as Json, [...path, key], node.required?.includes(key) ?? false);
      }
    }
    if (node.type === 'array' && node.items) walk(node.items as Json, [...path, 0], false);
    const keys = node.propertyNames;
    if (keys && Object.keys(current as object).length) {
      const first = Object.keys(current as object)[0];
      const value = (current as Record<string, unknown>)[first];
      if (keys.minLength)
        rows.push({
          name: `${at} with an empty key`,
          body: setAt(base, path, { '': value }),
          location: `${at}['']`,
          validation_type: 'propertyNames',
        });
      if (keys.maxLength)
        rows.push({
          name: `${at} with a key longer than ${keys.maxLength}`,
          body: setAt(base, path, { ['k'.repeat(keys.maxLength + 1)]: value }),
          location: `${at}.${'k'.repeat(keys.maxLength + 1)}`,
          validation_type: 'propertyNames',
        });
      if (typeof node.additionalProperties === 'object') walk(node.additionalProperties as Json, [...path, first], false);
    }
  };
  walk(root, [], false);
  return rows;
}

/** The refinements of the schema that JSON Schema does not show (zod `refine`s with their own keyword). */
export function refinementRows(): ErrorRow[] {
  const base = fullValidBody();
  const row = (
    name: string,
    path: (string | number)[],
    value: unknown,
    validation_type: string,
    location = jsonPathOf(path),
  ): ErrorRow => ({ name, body: setAt(base, path, value), location, validation_type });
  return [
    row('an officer listing a role twice', ['officers', 0, 'roles'], ['director', 'director'], 'uniqueItems'),
    row('metadata with 51 keys', ['metadata'], Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])), 'maxProperties'),
    row(
      'a metadata value nested 7 levels deep',
      ['metadata'],
      { tree: { a: { b: { c: { d: { e: { f: 1 } } } } } } },
      'maxDepth',
      '$.metadata.tree',
    ),
    row('a metadata value longer than 500 characters', ['metadata'], { note: 'x'.repeat(600) }, 'maxLength', '$.metadata.note'),
    row('a metadata number that cannot be kept exactly', ['metadata'], { count: 2 ** 60 }, 'maximum', '$.metadata.count'),
    row('a metadata value with an empty key inside', ['metadata'], { nested: { '': 1 } }, 'propertyNames', '$.metadata.nested'),
    row(
      'account metadata with 51 keys',
      ['account', 'metadata'],
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
      'maxProperties',
    ),
  ];
}

export interface RuleRow extends ErrorRow {
  /** The rule of lib/companies/rules/ the row breaks (its function name). */
  rule: string;
}

/** A body the cross-field rules accept: an LLC with one owner who is the main incorporator. */
export function validLlc(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Acme Widgets',
    state: 'WY',
    entity_type: 'llc',
    account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    shareholders: [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', ownership_percentage: 100, main_incorporator: true },
    ],
    ...overrides,
  };
}

const owner = (email: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email,
  ownership_percentage: 50,
  main_incorporator: false,
  ...overrides,
});

/** Every cross-field rule of creation (lib/companies/rules/), each way it can be broken. */
export function crossFieldRows(): RuleRow[] {
  const r = (rule: string, name: string, overrides: Record<string, unknown>, location: string, validation_type: string): RuleRow => ({
    rule,
    name,
    body: validLlc(overrides),
    location,
    validation_type,
  });
  const preExisting = { pre_existing: true, address: { line1: '548 Market St', city: 'San Francisco', state: 'CA', postal_code: '94107' } };
  return [
    r('nameNotThe', 'a name starting with "The"', { name: 'The Acme Widgets' }, '$.name', 'not'),
    r('nameWithoutEnding', 'a name ending with its ending', { name: 'Acme Widgets LLC' }, '$.name', 'not'),
    r('endingMatchesEntityType', 'a C-corp ending on an llc', { ending: 'inc' }, '$.ending', 'enum'),
    r('ownerPrivacy', 'private owners outside DE, NV, WY, NM', { state: 'CA', owner_privacy: 'private' }, '$.owner_privacy', 'enum'),
    r('preExistingOnly', 'a pre_existing company without its address', { pre_existing: true }, '$.address', 'required'),
    r('preExistingOnly', 'an ein on a company the operator forms', { ein: '12-3456789' }, '$.ein', 'not'),
    r('preExistingOnly', 'an address on a company the operator forms', { address: preExisting.address }, '$.address', 'not'),
    r(
      'preExistingOnly',
      'foreign qualifications on a company the operator forms',
      { foreign_qualifications: [{ state: 'CA' }] },
      '$.foreign_qualifications',
      'not',
    ),
    r(
      'industryOther',
      'industry other without industry_description',
      { industry: 'other', custom_industry: 'Drone inspections' },
      '$.industry_description',
      'required',
    ),
    r(
      'industryOther',
      'industry other without custom_industry',
      { industry: 'other', industry_description: 'Drone surveys' },
      '$.custom_industry',
      'required',
    ),
    r(
      'industryOther',
      'industry_description with a listed industry',
      { industry: 'software', industry_description: 'Drone surveys' },
      '$.industry_description',
      'not',
    ),
    r(
      'industryOther',
      'custom_industry with a listed industry',
      { industry: 'software', custom_industry: 'Drones' },
      '$.custom_industry',
      'not',
    ),
    r(
      'foreignQualificationStates',
      'a foreign qualification in the formation state',
      { ...preExisting, foreign_qualifications: [{ state: 'WY' }] },
      '$.foreign_qualifications[0].state',
      'not',
    ),
    r(
      'foreignQualificationStates',
      'a foreign qualification listed twice',
      { ...preExisting, foreign_qualifications: [{ state: 'CA' }, { state: 'CA' }] },
      '$.foreign_qualifications[1].state',
      'uniqueItems',
    ),
    r('timezone', 'a timezone that is not an IANA zone', { timezone: 'Mars/Olympus' }, '$.timezone', 'format'),
    r(
      'shareStructure',
      'a c_corp without authorized_shares',
      { entity_type: 'c_corp', state: 'DE', par_value: 0.0001 },
      '$.authorized_shares',
      'required',
    ),
    r(
      'shareStructure',
      'a c_corp without par_value',
      { entity_type: 'c_corp', state: 'DE', authorized_shares: 1000 },
      '$.par_value',
      'required',
    ),
    r('shareStructure', 'authorized_shares on an llc', { authorized_shares: 1000 }, '$.authorized_shares', 'not'),
    r('shareStructure', 'par_value on an llc', { par_value: 0.01 }, '$.par_value', 'not'),
    r(
      'managementType',
      'management_type on a c_corp',
      { entity_type: 'c_corp', state: 'DE', authorized_shares: 1000, par_value: 0.01, management_type: 'member_managed' },
      '$.management_type',
      'not',
    ),
    r(
      'mainIncorporator',
      'no main incorporator',
      { shareholders: [owner('ada@example.com', { ownership_percentage: 100 })] },
      '$.shareholders',
      'custom',
    ),
    r(
      'mainIncorporator',
      'two main incorporators',
      { shareholders: [owner('ada@example.com', { main_incorporator: true }), owner('grace@example.com', { main_incorporator: true })] },
      '$.shareholders[1].main_incorporator',
      'custom',
    ),
    r(
      'shareholderEmails',
      'two owners with one e-mail address',
      { shareholders: [owner('ada@example.com', { main_incorporator: true }), owner('ADA@example.com')] },
      '$.shareholders[1].email',
      'uniqueItems',
    ),
    r(
      'ownershipTotal',
      'ownership adding up to more than 100',
      {
        shareholders: [
          owner('ada@example.com', { main_incorporator: true, ownership_percentage: 60 }),
          owner('grace@example.com', { ownership_percentage: 60 }),
        ],
      },
      '$.shareholders',
      'maximum',
    ),
    r('services', 'a product that is not in the catalog', { services: ['ein_aplication'] }, '$.services[0]', 'enum'),
    r('services', 'formation listed in services', { services: ['formation'] }, '$.services[0]', 'not'),
    r('services', 'a product listed twice', { services: ['ein_application', 'ein_application'] }, '$.services[1]', 'uniqueItems'),
    r('services', 'a product attached anyway', { services: ['registered_agent'] }, '$.services[0]', 'not'),
    r('services', 'a product included in a listed bundle', { services: ['compliance_bundle', 'annual_report'] }, '$.services[1]', 'not'),
    r('services', 'a per-owner product', { services: ['itin_application'] }, '$.services[0]', 'not'),
    r(
      'serviceOptions',
      'options of a product not being attached',
      { service_options: { bookkeeping: { plan: 'basic' } } },
      '$.service_options.bookkeeping',
      'additionalProperties',
    ),
    r(
      'serviceOptions',
      'an option the product does not have',
      { service_options: { registered_agent: { turnaround: 'expedited' } } },
      '$.service_options.registered_agent.turnaround',
      'additionalProperties',
    ),
    r(
      'serviceOptions',
      'a value the option does not take',
      { service_options: { formation: { turnaround: 'overnight' } } },
      '$.service_options.formation.turnaround',
      'enum',
    ),
  ];
}

/** The names of the cross-field rules, to check the table leaves none out. */
export const COMPANY_RULE_NAMES = COMPANY_RULES.map((rule) => rule.name);

/**
 * What every refusal entry must be: the exact keyword (one the error reference explains), a fix that is not empty, does not restate the
 * reason, names the field, and shows a valid value (or, where the valid body is the one without the
 * field, says to remove it). Returns the problems found, so a failure names them all.
 */
export function problemsOf(
  entry: { reason?: string; location?: string; validation_type?: string; how_to_fix?: string } | undefined,
  row: ErrorRow,
): string[] {
  if (!entry) return [`no entry at ${row.location}`];
  const problems: string[] = [];
  const fix = entry.how_to_fix ?? '';
  const reason = entry.reason ?? '';
  if (entry.validation_type !== row.validation_type)
    problems.push(`validation_type ${entry.validation_type}, expected ${row.validation_type}`);
  if (!Object.hasOwn(VALIDATION_TYPES, entry.validation_type ?? ''))
    problems.push(`validation_type ${entry.validation_type} is not in the error reference (lib/errors/validation-types.ts)`);
  if (!fix.trim()) problems.push('empty how_to_fix');
  if (!reason.trim()) problems.push('empty reason');
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  if (norm(fix) === norm(reason) || (norm(reason).length > 12 && norm(fix).includes(norm(reason))))
    problems.push(`how_to_fix repeats the reason: ${fix}`);
  if (/\b(send|use|provide) (a )?valid\b|^provide this field/i.test(fix)) problems.push(`how_to_fix restates the problem: ${fix}`);
  const names = row.location
    .replace(/^\$\.?/, '')
    .split(/[.[\]]/)
    .filter((p) => p && !/^\d+$/.test(p));
  const [field, parent] = [names[names.length - 1], names[names.length - 2]];
  if (names.length && !names.slice(-2).some((n) => fix.includes(n)))
    problems.push(`how_to_fix names neither ${field} nor ${parent ?? 'its parent'}: ${fix}`);
  if (!/such as|for example|e\.g\.|\(remove \d+\)/i.test(fix) && !/^(\S+: )?Remove /.test(fix))
    problems.push(`how_to_fix shows no valid value: ${fix}`);
  return problems;
}
