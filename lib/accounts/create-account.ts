import { nowIso } from '../clock';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import type { AccountRecord } from '../resources/account';
import { AccountExternalIdTaken, addAccountCreation, findAccountByExternalId } from '../store/entities/account';
import { newAccount } from './new-account';
import type { AccountInput } from './schemas';

/**
 * POST /accounts: a new account, or the existing one when its `external_id` is already in use (spec
 * Account: "reusing an account external_id on creation returns the existing account"). The guard
 * item makes two racing creations with one `external_id` produce one account: the loser's
 * transaction fails on the guard, and it answers with the winner's account.
 */
export async function createAccount(scope: Scope, input: AccountInput): Promise<{ account: AccountRecord; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (input.external_id !== undefined) {
      const existing = await findAccountByExternalId(scope, input.external_id);
      if (existing) return { account: existing, created: false };
    }
    const account = newAccount(scope, input, nowIso());
    try {
      await commit(addAccountCreation(new WriteSet(scope, tableName()), scope, account));
      return { account, created: true };
    } catch (error) {
      if (!(error instanceof AccountExternalIdTaken)) throw error;
    }
  }
  throw new Error('account external_id guard kept failing without an account behind it');
}
