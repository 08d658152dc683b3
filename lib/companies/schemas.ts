import * as z from 'zod';
import { accountInput } from '../accounts/schemas';
import { emailInput, isoDateInput, metadataInput, phoneInput } from '../input/fields';
import { patterned } from '../input/patterned';
import { companyNameInput } from './name-input';
import { customIndustryInput, externalIdInput, industryDescriptionInput } from './field-inputs';
import { ENDINGS, ENTITY_TYPES, INDUSTRIES, OFFICER_ROLES, US_STATES } from '../resources/vocabulary';
import { idPattern } from '../ids';
import { callerKeyedRecord } from '../resources/caller-keyed-record';

/**
 * Request schemas of the companies area (spec Endpoints → POST /companies). The shape, lengths,
 * patterns and enums live here; rules that relate fields to each other live one per file in
 * `rules/` and run on the parsed body.
 */

/** A person's name part; `example` is what a refusal shows as a valid value (lib/errors/rule-texts.ts). */
const name100 = (example: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ examples: [example] });

export const companyAddressInput = z
  .strictObject({
    line1: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ examples: ['548 Market St'] }),
    line2: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ examples: ['Suite 300'] }),
    city: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ examples: ['San Francisco'] }),
    state: z.enum(US_STATES).meta({ examples: ['CA'] }),
    postal_code: patterned(
      /^[0-9]{5}(-[0-9]{4})?$/,
      'Send a US ZIP code: five digits, optionally -four, such as 94107 or 94107-1234.',
    ).meta({ examples: ['94107'] }),
    country: z.literal('US', { message: 'must be US' }).default('US'),
  })
  .meta({ id: 'CompanyAddressParams' });

export const postalAddressInput = z
  .strictObject({
    line1: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ examples: ['221B Baker Street'] }),
    line2: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ examples: ['Flat 2'] }),
    city: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ examples: ['London'] }),
    state: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ examples: ['Greater London'] }),
    postal_code: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .optional()
      .meta({ examples: ['NW1 6XE'] }),
    country: patterned(/^[A-Z]{2}$/, 'Send the ISO 3166-1 alpha-2 country code in capitals, such as US, GB or DE.').meta({
      examples: ['GB'],
    }),
  })
  .meta({ id: 'PostalAddressParams' });

export const foreignQualificationInput = z
  .strictObject({
    state: z.enum(US_STATES),
    registered_on: isoDateInput.optional(),
    file_number: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .meta({ examples: ['FQ-2024-001873'] }),
  })
  .meta({ id: 'ForeignQualificationParams' });

/** Identity documents are uploaded through POST /files and referenced here by id, never sent inline. */
export const passportInput = patterned(
  idPattern('file'),
  'Upload the identity document with POST /v1/files (purpose identity_document) and send the returned file id, such as file_4fRk2LxQ9cTz7VbN1mWs3D; document contents are never accepted here.',
).meta({ examples: ['file_4fRk2LxQ9cTz7VbN1mWs3D'] });

export const shareholderInput = z
  .strictObject({
    first_name: name100('Ada'),
    last_name: name100('Lovelace'),
    email: emailInput,
    phone: phoneInput.optional(),
    date_of_birth: isoDateInput.optional(),
    nationality: patterned(/^[A-Z]{2}$/, 'Send the ISO 3166-1 alpha-2 country code in capitals, such as US, GB or DE.')
      .meta({ examples: ['US'] })
      .optional(),
    address: postalAddressInput.optional(),
    ownership_percentage: z
      .number()
      .gt(0)
      .max(100)
      .meta({ examples: [50] }),
    main_incorporator: z.boolean().default(false),
    relationship: z
      .strictObject({
        director: z.boolean().default(false),
        title: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .meta({ examples: ['Founder'] }),
      })
      .default({ director: false }),
    passport: passportInput.optional(),
  })
  .meta({ id: 'ShareholderParams' });

export const officerInput = z
  .strictObject({
    first_name: name100('Grace'),
    last_name: name100('Hopper'),
    email: emailInput,
    roles: z
      .array(z.enum(OFFICER_ROLES))
      .min(1)
      .max(OFFICER_ROLES.length)
      .superRefine((r, ctx) => {
        if (new Set(r).size !== r.length) {
          ctx.addIssue({
            code: 'custom',
            message: 'lists a role twice',
            params: {
              validation_type: 'uniqueItems',
              how_to_fix: `List each role once, such as "roles": ${JSON.stringify([...new Set(r)])}.`,
            },
          });
        }
      }),
    title: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ examples: ['Chief Executive Officer'] }),
  })
  .meta({ id: 'OfficerParams' });

export const createCompanyBody = z
  .strictObject({
    name: companyNameInput,
    state: z.enum(US_STATES).meta({ examples: ['DE'] }),
    entity_type: z.enum(ENTITY_TYPES),
    external_id: externalIdInput.optional(),
    name_style: z.enum(['plain', 'comma']).optional(),
    owner_privacy: z.enum(['public', 'private']).optional(),
    pre_existing: z.boolean().optional(),
    ending: z.enum(ENDINGS).optional(),
    industry: z.enum(INDUSTRIES).optional(),
    industry_description: industryDescriptionInput.optional(),
    custom_industry: customIndustryInput.optional(),
    ein: patterned(
      /^[0-9]{2}-?[0-9]{7}$/,
      'Send the EIN as nine digits, optionally with a hyphen after the second, such as 12-3456789.',
      'pattern',
      z.string().max(12),
    )
      .meta({ examples: ['12-3456789'] })
      .optional(),
    address: companyAddressInput.optional(),
    foreign_qualifications: z.array(foreignQualificationInput).max(10).optional(),
    timezone: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ examples: ['America/New_York'] }),
    authorized_shares: z
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .optional()
      .meta({ examples: [10000000] }),
    par_value: z
      .number()
      .min(0)
      .optional()
      .meta({ examples: [0.0001] }),
    account: accountInput.optional(),
    shareholders: z.array(shareholderInput).max(25).optional(),
    officers: z.array(officerInput).max(50).optional(),
    management_type: z.enum(['member_managed', 'manager_managed']).optional(),
    services: z
      .array(
        patterned(/^[a-z][a-z0-9_]{1,48}$/, 'Send a catalog product key (GET /v1/products), such as ein_application.').meta({
          examples: ['ein_application'],
        }),
      )
      .max(25)
      .optional(),
    service_options: callerKeyedRecord(
      z.string(),
      callerKeyedRecord(z.string(), z.string().meta({ examples: ['expedited'] })).meta({ examples: [{ turnaround: 'expedited' }] }),
    )
      .optional()
      .meta({ examples: [{ formation: { turnaround: 'expedited' } }] }),
    metadata: metadataInput.optional(),
  })
  .meta({ id: 'CreateCompanyRequest' });

export type CreateCompanyBody = z.infer<typeof createCompanyBody>;
export type ShareholderInput = z.infer<typeof shareholderInput>;
export type OfficerInput = z.infer<typeof officerInput>;
