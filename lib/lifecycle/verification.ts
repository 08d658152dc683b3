import { illegalTransition } from '../errors';

/**
 * Company `verification` (spec States and transitions → Company verification): `pending` →
 * `verified` when every owner's identity document is in; `verified_at` set; `company.verified` fires
 * once; it never goes back.
 */
export const VERIFICATION_TRANSITIONS = [
  { from: 'pending', trigger: 'all_owner_documents_in', to: 'verified', events: ['company.verified'] },
] as const;

export function assertVerificationPending(verification: 'pending' | 'verified'): void {
  if (verification !== 'pending') {
    throw illegalTransition(
      'company verification',
      verification,
      'it never changes again',
      'Nothing to do: every owner is already verified.',
    );
  }
}

/** Every owner has an identity document on file (`passport`); a company without owners has none to wait for. */
export function allOwnerDocumentsIn(shareholders: readonly { passport?: string }[]): boolean {
  return shareholders.every((s) => !!s.passport);
}
