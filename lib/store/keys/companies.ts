import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/**
 * Access patterns of companies, accounts and service orders (docs/decisions.md, "Companies and
 * accounts"). Listings sort by `<created_at>#<id>`, so a cursor position is one string on any index.
 *
 * A company and everything that belongs to it share ONE partition (the item collection
 * `CMP#<partner>#<mode>#<companyId>`): the company item (sk `CMP`), its service orders (sk
 * `SO#<created_at>#<id>`) and its requirements (sk `RQ#<created_at>#<id>`), so "the orders of a company,
 * newest first" and "its open requirements" are one Query each and never a scan.
 */

export const listSortKey = (createdAt: string, id: string) => `${createdAt}#${id}`;

/** companyById: the company item. */
export const companyPartition = (scope: Scope, companyId: string) => `CMP#${scopePrefix(scope)}#${companyId}`;
export const companyKey = (scope: Scope, companyId: string) => ({ pk: companyPartition(scope, companyId), sk: 'CMP' });

/** companiesOfPartner (gsi1), companiesOfAccount (gsi2), companiesOfPartnerByStatus (gsi3). */
export const companyIndexes = {
  all: (scope: Scope) => ({ index: 'gsi1' as const, pk: `CMPS#${scopePrefix(scope)}` }),
  account: (scope: Scope, accountId: string) => ({ index: 'gsi2' as const, pk: `CMPS#${scopePrefix(scope)}#A#${accountId}` }),
  status: (scope: Scope, status: string) => ({ index: 'gsi3' as const, pk: `CMPS#${scopePrefix(scope)}#S#${status}` }),
};

/**
 * companyByExternalId: the guard item that keeps a company `external_id` unique per partner and mode;
 * it holds the company id, so the `external_id` filter is one GetItem.
 */
export const companyExternalIdKey = (scope: Scope, externalId: string) => ({ pk: `CMPX#${scopePrefix(scope)}#${externalId}`, sk: 'GUARD' });

/**
 * companyNameInState: the guard item that keeps a (normalised) company name unique per formation state
 * and mode across the whole service (spec: "a name already registered with the service in the same
 * state"), not per partner. It holds the company id; a rename or dissolution moves or deletes it.
 */
export const companyNameKey = (mode: Scope['mode'], state: string, normalisedName: string) => ({
  pk: `CMPN#${mode}#${state}#${normalisedName}`,
  sk: 'GUARD',
});

/** serviceOrdersOfCompany: a Query of the company partition with sk prefix `SO#`, newest first. */
export const SERVICE_ORDER_SK_PREFIX = 'SO#';
export const serviceOrderKey = (scope: Scope, companyId: string, createdAt: string, serviceOrderId: string) => ({
  pk: companyPartition(scope, companyId),
  sk: `${SERVICE_ORDER_SK_PREFIX}${listSortKey(createdAt, serviceOrderId)}`,
});
/** serviceOrderById: a pointer holding the order's key (lib/store/read-by-id.ts). */
export const serviceOrderPointerKey = (scope: Scope, serviceOrderId: string) => ({
  pk: `SOID#${scopePrefix(scope)}#${serviceOrderId}`,
  sk: 'SO',
});

/** requirementsOfCompany: requirement items live in the company partition under this sk prefix. */
export const REQUIREMENT_SK_PREFIX = 'RQ#';

/** accountById. */
export const accountKey = (scope: Scope, accountId: string) => ({ pk: `ACCT#${scopePrefix(scope)}#${accountId}`, sk: 'ACCT' });
/** accountsOfPartner (gsi1). */
export const accountIndexes = { all: (scope: Scope) => ({ index: 'gsi1' as const, pk: `ACCTS#${scopePrefix(scope)}` }) };
/** accountByExternalId: the guard keeping an account `external_id` unique per partner and mode; holds the account id. */
export const accountExternalIdKey = (scope: Scope, externalId: string) => ({
  pk: `ACCTX#${scopePrefix(scope)}#${externalId}`,
  sk: 'GUARD',
});

/**
 * Counters behind `page.total` of the unfiltered listings, bumped (ADD) in the transaction that creates
 * the counted item: `accounts`, `companies`, `companies#A#<accountId>`.
 */
export const listCounterKey = (scope: Scope, counter: string) => ({ pk: `CNT#${scopePrefix(scope)}`, sk: counter });
export const COUNTERS = {
  accounts: 'accounts',
  companies: 'companies',
  companiesOfAccount: (accountId: string) => `companies#A#${accountId}`,
};
