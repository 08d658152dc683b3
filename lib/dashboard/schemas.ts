import * as z from 'zod';
import { oneTimeCodeField } from '../input/one-time-code';
import { idParam } from '../input/id-param';

/** The sign-in page's e-mail field, read from its form. */
export const signInEmailField = z.object({ email: z.email().max(254) });

/** POST /dashboard/api/sign-in `{email}`. */
export const signInBody = z.strictObject({ email: z.email().max(254) });

/** Which partner's dashboard a sign-in opens, for an address that is staff of several (the invitation's link names it). */
export const signInPartnerField = idParam('partner', 'partner', 'from the invitation e-mail or the list the code answers with');

/** POST /dashboard/api/sign-in/verify `{email, code, partner_id?}`. */
export const verifySignInBody = z.strictObject({
  email: z.email().max(254),
  code: oneTimeCodeField(),
  partner_id: signInPartnerField.optional(),
});

/** POST /dashboard/api/step-up/verify `{code}`. */
export const stepUpBody = z.strictObject({ code: oneTimeCodeField() });

/** The step-up page: where to go back to once stepped up (a dashboard page of ours only). */
export const stepUpPageQuery = z.strictObject({ next: z.string().max(300).optional() });

/** `livemode` as a query value: `true` or `false` (the dashboard's lists show both modes without it). */
export const livemodeParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
