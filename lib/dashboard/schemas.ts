import * as z from 'zod';
import { oneTimeCodeField } from '../input/one-time-code';

/** The sign-in page's e-mail field, read from its form. */
export const signInEmailField = z.object({ email: z.email().max(254) });

/** POST /dashboard/api/sign-in `{email}`. */
export const signInBody = z.strictObject({ email: z.email().max(254) });

/** POST /dashboard/api/sign-in/verify `{email, code}`. */
export const verifySignInBody = z.strictObject({
  email: z.email().max(254),
  code: oneTimeCodeField(),
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
