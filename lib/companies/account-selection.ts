import type { FieldError } from '../errors';
import type { CreateCompanyBody } from './schemas';
import { exampleId, idPattern } from '../ids';

export const ACCOUNT_HEADER = 'Service-Account';
const ACCOUNT_ID = idPattern('account');

export type AccountSelection = { kind: 'existing'; accountId: string } | { kind: 'new'; input: NonNullable<CreateCompanyBody['account']> };

/**
 * Spec POST /companies, account selection: exactly one of the `Service-Account` header (an existing
 * account) or the `account` body object (created alongside). Both, or neither, is invalid.
 */
export function selectAccount(
  headerValue: string | undefined,
  body: CreateCompanyBody,
): { selection?: AccountSelection; errors: FieldError[] } {
  const value = headerValue?.trim();
  if (value !== undefined && body.account !== undefined) {
    return {
      errors: [
        {
          reason: `cannot be combined with the ${ACCOUNT_HEADER} header`,
          location: '$.account',
          validation_type: 'oneOf',
          how_to_fix: `Remove account to use the account of the ${ACCOUNT_HEADER} header, or remove the header to create the account in the body; not both.`,
        },
      ],
    };
  }
  if (value === undefined && body.account === undefined) {
    return {
      errors: [
        {
          reason: `is required without the ${ACCOUNT_HEADER} header`,
          location: '$.account',
          validation_type: 'oneOf',
          how_to_fix: `Send an account object to create one, such as "account": {"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com"}, or the ${ACCOUNT_HEADER} header of an existing account, such as ${ACCOUNT_HEADER}: ${exampleId('account')}.`,
        },
      ],
    };
  }
  if (value !== undefined) {
    if (!ACCOUNT_ID.test(value)) {
      return {
        errors: [
          {
            reason: 'is not an account id',
            location: `$.headers.${ACCOUNT_HEADER}`,
            validation_type: 'pattern',
            how_to_fix: `Send an account id as returned by POST /v1/accounts: acct_ and 22 letters or digits, such as ${ACCOUNT_HEADER}: ${exampleId('account')}.`,
          },
        ],
      };
    }
    return { selection: { kind: 'existing', accountId: value }, errors: [] };
  }
  return { selection: { kind: 'new', input: body.account! }, errors: [] };
}

export function unknownAccount(accountId: string): FieldError {
  return {
    reason: `no account '${accountId}' in this mode`,
    location: `$.headers.${ACCOUNT_HEADER}`,
    validation_type: 'exists',
    how_to_fix: `Send the ${ACCOUNT_HEADER} header with an account of this API key's mode (test and live accounts are separate; GET /v1/accounts lists them), or remove the header and send an account object to create one.`,
  };
}
