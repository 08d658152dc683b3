import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { type FieldOrder, inOrder } from './in-field-order';
import { legalName } from './legal-name';
import { dateTime, idOf, metadataSchema } from './shared';
import { accountSchema } from './account';
import { serviceOrderSchema } from './service-order';
import { requirementSchema, type Requirement } from './requirement';
import { COMPANY_STAGES, COMPANY_STATUSES, ENDINGS, ENTITY_TYPES, INDUSTRIES, OFFICER_ROLES, US_STATES } from './vocabulary';

/**
 * The Company resource (spec Resources → Company) and the sub-objects the spec leaves open, defined
 * in docs/decisions.md ("Companies and accounts"). Exactly the spec's fields; no others.
 */
export const companyAddressSchema = onFirstUse(() =>
  z
    .strictObject({
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      state: z.enum(US_STATES),
      postal_code: z.string(),
      country: z.literal('US'),
    })
    .meta({ id: 'CompanyAddress', description: "The company's legal address in the United States." }),
);

export const postalAddressSchema = onFirstUse(() =>
  z
    .strictObject({
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      state: z.string().optional(),
      postal_code: z.string().optional(),
      country: z.string(),
    })
    .meta({ id: 'PostalAddress', description: "An owner's residential address, anywhere in the world (country: ISO 3166-1 alpha-2)." }),
);

export const foreignQualificationSchema = onFirstUse(() =>
  z
    .strictObject({
      state: z.enum(US_STATES),
      registered_on: z.iso.date().optional(),
      file_number: z.string().optional(),
    })
    .meta({ id: 'ForeignQualification', description: 'Another state the company is registered to do business in.' }),
);

export const shareholderSchema = onFirstUse(() =>
  z
    .strictObject({
      id: idOf('shareholder'),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string().optional(),
      date_of_birth: z.iso.date().optional(),
      nationality: z.string().optional(),
      address: postalAddressSchema().optional(),
      ownership_percentage: z.number(),
      main_incorporator: z.boolean(),
      relationship: z.strictObject({ director: z.boolean(), title: z.string().optional() }),
      passport: idOf('file').optional(),
    })
    .meta({ id: 'Shareholder', description: 'An owner. Identity documents are referenced by `passport` (a file id), never embedded.' }),
);

export const officerSchema = onFirstUse(() =>
  z
    .strictObject({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      roles: z.array(z.enum(OFFICER_ROLES)),
      title: z.string().optional(),
      shareholder: idOf('shareholder').optional(),
    })
    .meta({ id: 'Officer', description: 'A member of the management roster; `shareholder` names the owner this officer is.' }),
);

export const entitlementsSchema = onFirstUse(() =>
  z
    .record(z.string(), z.number().int())
    .meta({ id: 'Entitlements', description: 'Rights held, as remaining counts: `{<kind>: <count>}`.' }),
);

export const companySchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('company'),
      id: idOf('company'),
      external_id: z.string().optional(),
      account_id: idOf('account'),
      account: accountSchema().optional(),
      livemode: z.boolean(),
      name: z.string(),
      state: z.enum(US_STATES),
      entity_type: z.enum(ENTITY_TYPES),
      ending: z.enum(ENDINGS).optional(),
      industry: z.enum(INDUSTRIES).optional(),
      industry_description: z.string().optional(),
      custom_industry: z.string().optional(),
      timezone: z.string().optional(),
      name_style: z.enum(['plain', 'comma']).optional(),
      legal_name: z.string().optional(),
      owner_privacy: z.enum(['public', 'private']).optional(),
      pre_existing: z.boolean().optional(),
      status: z.enum(COMPANY_STATUSES),
      stage: z.enum(COMPANY_STAGES).optional(),
      verification: z.enum(['pending', 'verified']),
      ein: z.string().optional(),
      verified_at: dateTime().optional(),
      incorporated_at: dateTime().optional(),
      incorporation_date: z.string().optional(),
      ein_assigned_at: dateTime().optional(),
      dissolved_at: dateTime().optional(),
      address: companyAddressSchema().optional(),
      foreign_qualifications: z.array(foreignQualificationSchema()).optional(),
      entitlements: entitlementsSchema().optional(),
      open_requirements: z.number().int().optional(),
      service_orders: z.array(serviceOrderSchema()).optional(),
      requirements: z.array(requirementSchema()).optional(),
      shareholders: z.array(shareholderSchema()).optional(),
      officers: z.array(officerSchema()).optional(),
      management_type: z.enum(['member_managed', 'manager_managed']).optional(),
      officers_settled: z.boolean().optional(),
      authorized_shares: z.number().int().optional(),
      par_value: z.number().optional(),
      metadata: metadataSchema().optional(),
      created_at: dateTime(),
      updated_at: dateTime(),
    })
    .meta({ id: 'Company', description: 'A client company, formed by the operator or brought in already formed.' }),
);

export type Company = z.infer<ReturnType<typeof companySchema>>;
export type Shareholder = z.infer<ReturnType<typeof shareholderSchema>>;
export type Officer = z.infer<ReturnType<typeof officerSchema>>;

/** The fields a stored company carries that are computed or expanded, never stored. */
type Computed = 'object' | 'legal_name' | 'open_requirements' | 'account' | 'service_orders' | 'requirements';

/**
 * A company as stored: the API fields that are facts, plus the internals a company needs that the spec
 * keeps off the API object (share structure, the normalised name behind the uniqueness guard) and
 * `version`, bumped by every update so writers can condition on what they read.
 */
export type CompanyRecord = Omit<Company, Computed> &
  Required<
    Pick<
      Company,
      | 'ending'
      | 'timezone'
      | 'name_style'
      | 'owner_privacy'
      | 'pre_existing'
      | 'entitlements'
      | 'shareholders'
      | 'officers'
      | 'officers_settled'
      | 'metadata'
      | 'foreign_qualifications'
    >
  > & {
    authorized_shares?: number;
    par_value?: number;
    /** LLCs: fixed at 100 (spec Limits). */
    membership_units?: number;
    name_key: string;
    version: number;
    /**
     * The company's `Last-Modified` (whole seconds, RFC 3339): `updated_at`'s second, moved on past the
     * one before at every change, so a change never leaves it where a conditional read saw it
     * (`companyChangedAt`). Absent on items written before it: `updated_at`'s second.
     */
    last_modified?: string;
    /**
     * The identity-document requirements creation decided on and has not yet opened: they are opened
     * by the transaction right after creation's, which removes this (docs/decisions.md, "Owners'
     * identity documents at creation"). Never rendered.
     */
    pending_requirements?: (Omit<Requirement, 'object'> & { rev: number })[];
  };

/** The `Last-Modified` of a stored company (`last_modified`, else `updated_at`'s whole second). */
export function lastModifiedOf(record: Pick<CompanyRecord, 'last_modified' | 'updated_at'>): string {
  return record.last_modified ?? new Date(Math.floor(Date.parse(record.updated_at) / 1000) * 1000).toISOString();
}

/**
 * The company `next` as written by a change at `at`, from the company `read`: `version` bumped,
 * `updated_at` = `at`, and `last_modified` at `at`'s second or, when that is not later than the one
 * before (two changes within one second, a clock that stood still), the second after it. An HTTP date
 * has whole seconds: so an `If-Modified-Since` copied from an answer never matches a later change.
 */
export function companyChangedAt(read: CompanyRecord, next: CompanyRecord, at: string): CompanyRecord {
  const second = Math.floor(Date.parse(at) / 1000) * 1000;
  const before = Date.parse(lastModifiedOf(read));
  const lastModified = new Date(Math.max(second, before + 1000)).toISOString();
  return { ...next, version: read.version + 1, updated_at: at, last_modified: lastModified };
}

export interface CompanyRenderOptions {
  /** Open requirements, counted at read time; omitted from event snapshots (spec Events). */
  openRequirements?: number;
  account?: z.infer<ReturnType<typeof accountSchema>>;
  serviceOrders?: z.infer<ReturnType<typeof serviceOrderSchema>>[];
  requirements?: z.infer<ReturnType<typeof requirementSchema>>[];
}

/** The Company object's fields in the spec's order (lib/resources/in-field-order.ts). */
export const COMPANY_FIELDS = [
  'object',
  'id',
  'external_id',
  'account_id',
  'account',
  'livemode',
  'name',
  'state',
  'entity_type',
  'ending',
  'industry',
  'industry_description',
  'custom_industry',
  'timezone',
  'name_style',
  'legal_name',
  'owner_privacy',
  'pre_existing',
  'status',
  'stage',
  'verification',
  'ein',
  'verified_at',
  'incorporated_at',
  'incorporation_date',
  'ein_assigned_at',
  'dissolved_at',
  'address',
  'foreign_qualifications',
  'entitlements',
  'open_requirements',
  'service_orders',
  'requirements',
  'shareholders',
  'officers',
  'management_type',
  'officers_settled',
  'authorized_shares',
  'par_value',
  'metadata',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Company)[];

/** The fields of both addresses (CompanyAddress, PostalAddress), in their schemas' order. */
const ADDRESS_ORDER: FieldOrder = { fields: ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] };

/**
 * The field order of the Company's sub-objects, as their schemas above give it (the spec leaves their
 * fields open: docs/decisions.md, "Companies and accounts").
 */
export const COMPANY_NESTED: Readonly<Record<string, FieldOrder>> = {
  address: ADDRESS_ORDER,
  foreign_qualifications: { fields: ['state', 'registered_on', 'file_number'] },
  shareholders: {
    fields: [
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'date_of_birth',
      'nationality',
      'address',
      'ownership_percentage',
      'main_incorporator',
      'relationship',
      'passport',
    ],
    nested: { address: ADDRESS_ORDER, relationship: { fields: ['director', 'title'] } },
  },
  officers: { fields: ['first_name', 'last_name', 'email', 'roles', 'title', 'shareholder'] },
};

const STORED_API_FIELDS = COMPANY_FIELDS.filter(
  (f) => !['object', 'legal_name', 'open_requirements', 'account', 'service_orders', 'requirements'].includes(f),
) as (keyof CompanyRecord & keyof Company)[];

/**
 * The API shape of a company: the stored facts in the spec's field order (their sub-objects in theirs,
 * COMPANY_NESTED), `legal_name` rendered, and the read-time fields only when given. Internals (`version`, `name_key`) never leak; a C-corp's share structure (`authorized_shares`, `par_value`) comes back as it was sent (docs/decisions.md, "The reference carries the whole contract").
 */
export function renderCompany(record: CompanyRecord, options: CompanyRenderOptions = {}): Company {
  const out: Record<string, unknown> = { object: 'company' };
  for (const field of COMPANY_FIELDS) {
    if (field === 'object') continue;
    if (field === 'legal_name') out.legal_name = legalName(record.name, record.name_style, record.ending);
    else if (field === 'open_requirements') {
      if (options.openRequirements !== undefined) out.open_requirements = options.openRequirements;
    } else if (field === 'account') {
      if (options.account) out.account = options.account;
    } else if (field === 'service_orders') {
      if (options.serviceOrders) out.service_orders = options.serviceOrders;
    } else if (field === 'requirements') {
      if (options.requirements) out.requirements = options.requirements;
    } else if ((STORED_API_FIELDS as string[]).includes(field)) {
      const value = (record as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) out[field] = COMPANY_NESTED[field] ? inOrder(value, COMPANY_NESTED[field]) : value;
    }
  }
  return out as Company;
}

/** The company as embedded in an event: the API shape without `open_requirements` and expansions. */
export function companySnapshot(record: CompanyRecord): Company & { object: 'company' } {
  return renderCompany(record) as Company & { object: 'company' };
}
