import { tableName } from '../client';
import { allOf, equals, lessThan } from '../expression';
import { signInCodeKey } from '../keys';
import { getItem } from '../read-batch';
import { deleteItem, putItem, updateItem } from '../single-item';

/**
 * The one pending sign-in code of an address (a new one replaces it): hashed, with its tries and the
 * window its sends are counted in; an unknown address gets a record (`code_hash` `none`) that throttles
 * it but holds no usable code. It expires with its sending window.
 */
export interface SignInCode {
  code_hash: string;
  partner_id?: string;
  attempts: number;
  expires_at: string;
  window_started_at: string;
  sends: number;
  /** Epoch seconds. */
  ttl: number;
}

/** signInCodeOfEmail (consistent). */
export async function signInCodeOf(email: string): Promise<SignInCode | undefined> {
  return (await getItem(tableName(), signInCodeKey(email), { consistent: true })) as SignInCode | undefined;
}

/** A new pending code, replacing any earlier one. */
export async function putSignInCode(email: string, code: SignInCode): Promise<void> {
  await putItem({ ...signInCodeKey(email), entity: 'sign_in_code', ...code });
}

/** Counts one try of the code that hashes to `codeHash` before it is compared: false when the tries are spent or the code replaced. */
export async function countSignInAttempt(email: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  const counted = await updateItem(
    signInCodeKey(email),
    { add: { attempts: 1 } },
    allOf(lessThan('attempts', maxAttempts), equals('code_hash', codeHash)),
  );
  return counted !== undefined;
}

/** Spends the code that hashes to `codeHash`: false when another request spent it first (one session per code). */
export async function spendSignInCode(email: string, codeHash: string): Promise<boolean> {
  return (await deleteItem(signInCodeKey(email), equals('code_hash', codeHash))) !== undefined;
}
