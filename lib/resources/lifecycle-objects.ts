import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { COMPANY_STAGES, COMPANY_STATUSES, US_STATES } from './vocabulary';
import { dateTime, idOf } from './shared';

/** The status link (spec Status token): `object`, `id`, `created_at`, `url`; `expires_at` only on a link minted with one. */
export const statusTokenSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('status_token'),
      id: idOf('statusToken'),
      created_at: dateTime(),
      url: z.string(),
      expires_at: dateTime()
        .optional()
        .meta({ description: 'When the link stops working (its page answers 404); present only on a link minted with an expiry.' }),
    })
    .meta({ id: 'StatusToken', description: 'A keyless, read-only link to a company’s live status.' }),
);

export const deletedStatusTokenSchema = onFirstUse(() =>
  z
    .strictObject({ object: z.literal('status_token'), id: idOf('statusToken'), deleted: z.literal(true) })
    .meta({ id: 'DeletedStatusToken', description: 'A revoked status link: its URL answers 404 from now on.' }),
);

export const verificationSessionSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('verification_session'),
      id: idOf('verificationSession'),
      shareholder: idOf('shareholder'),
      url: z.string(),
      status: z.enum(['pending', 'submitted', 'expired']),
      expires_at: dateTime(),
    })
    .meta({ id: 'VerificationSession', description: 'A short-lived hosted page where one owner submits their identity document.' }),
);

/** What a status link shows as JSON: nothing personal. */
export const companyStatusSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('company_status'),
      company_name: z.string(),
      state: z.enum(US_STATES),
      status: z.enum(COMPANY_STATUSES),
      status_title: z.string(),
      status_detail: z.string(),
      stage: z.enum(COMPANY_STAGES).optional(),
      stage_text: z.string().optional(),
      incorporation_date: z.string().optional(),
      updated_at: dateTime(),
    })
    .meta({ id: 'CompanyStatus', description: 'A company’s status and stage in plain words, as its status link shows them.' }),
);
