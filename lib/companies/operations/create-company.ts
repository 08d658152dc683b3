import { nowIso } from '../../clock';
import { ApiError, type FieldError, invalidRequest } from '../../errors';
import { commit, refuseTakenGuards } from '../../event-log/commit';
import { prefetchCounters, type PrefetchedCounters } from '../../event-log/sequence';
import type { ReadBatch } from '../../store/read-batch';
import { tableName } from '../../store/client';
import { COUNTERS, listCounterKey, listSortKey } from '../../store/keys';
import type { Scope } from '../../scope';
import { WriteSet } from '../../store/write-set';
import { renderAccount, type AccountRecord } from '../../resources/account';
import { companySnapshot, renderCompany, type Company, type CompanyRecord } from '../../resources/company';
import { renderServiceOrder, type ServiceOrderRecord } from '../../resources/service-order';
import { AccountExternalIdTaken, addAccountCreation, findAccountByExternalId, getAccount } from '../../store/entities/account';
import { newAccount } from '../../accounts/new-account';
import { addServiceOrderCreation } from '../../orders/add-order-creation';
import { newServiceOrder } from '../../orders/new-service-order';
import { selectAccount, unknownAccount } from '../account-selection';
import { attachedProducts } from '../attached-products';
import { newCompany } from '../new-company';
import { nameGuardKey, nameTaken } from '../company-name';
import { addExternalIdGuard } from '../external-id-guard';
import { checkPassportFiles } from './passport-files';
import { enforceCompanyRules } from '../rules';
import type { CreateCompanyBody } from '../schemas';
import type { Expandable } from '../params';
import { newCompanyItem } from '../../store/entities/company';
import { renderRequirement } from '../../resources/requirement';
import { newestRequirementsFirst, openRequirementsAfterCreation, ownerDocumentRequests } from '../owner-document-requests';
import { itemAbsent } from '../../store/expression';

export interface CreateCompanyInput {
  scope: Scope;
  body: CreateCompanyBody;
  accountHeader?: string;
  expand: Expandable[];
  /** Adds the request's answer to the creating transaction: the Idempotency-Key's completion and the log entry (lib/http/answer-in-transaction.ts). */
  addAnswer?: (ws: WriteSet, company: Company) => void;
  /** The event log's counters as read beside the request's key (`prefetchCreationCounters`), if they were. */
  prefetchedCounters?: Promise<PrefetchedCounters>;
}

/** The event types a creation records (`buildCreation`): the streams whose counters are prefetched. */
const CREATION_EVENT_TYPES = ['company.created', 'service_order.status.changed'];

/**
 * The creation's counters, read as the request's key is (the operation's prefetch, in the key's own
 * BatchGetItem): the commit then sequences the events on them, so a creation makes three requests
 * (docs/decisions.md, "Round trips of a request"). A stream they miss is read at the commit.
 */
export function prefetchCreationCounters(scope: Scope, batch?: ReadBatch): Promise<PrefetchedCounters> {
  return prefetchCounters(scope, tableName(), CREATION_EVENT_TYPES, batch);
}

/**
 * POST /companies: validates every rule of the spec's table, then writes the company, its account
 * (when created alongside), its uniqueness guards, its service orders and every event in ONE
 * transaction. Races are settled by the guards' conditions, never by a read before the write. The
 * owners' identity-document requirements follow in a second transaction before the answer
 * (lib/companies/owner-document-requests.ts); the answer already counts them.
 */
export async function createCompany(input: CreateCompanyInput): Promise<Company> {
  const selection = await checkCreation(input);
  // An account created alongside may lose a race for its external_id: then the winner's account is used.
  for (let attempt = 0; ; attempt++) {
    const plan = await planCreation(input, selection);
    input.addAnswer?.(plan.ws, plan.response);
    try {
      // The new company's event streams start empty; prefetched counters serve the first attempt only.
      await commit(plan.ws, { prefetched: attempt === 0 ? input.prefetchedCounters : undefined, newCompanies: [plan.company.id] });
      await openRequirementsAfterCreation(input.scope, plan.company);
      return plan.response;
    } catch (error) {
      if (error instanceof AccountExternalIdTaken && attempt < 2) continue;
      throw error;
    }
  }
}

/** A creation up to its commit: the transaction it would commit and the answer it would give. */
export interface CreationPlan {
  ws: WriteSet;
  company: CompanyRecord;
  account: AccountRecord;
  accountIsNew: boolean;
  orders: ServiceOrderRecord[];
  response: Company;
}

/**
 * POST /companies/preview: creation's own path (the same checks, reads and transaction) up to the
 * commit, then the refusals the transaction's conditions would give, read instead of written: nothing
 * is written. What creation would refuse at its commit for another reason (a race lost to a
 * concurrent creation) a preview cannot know.
 */
export async function previewCompanyCreation(input: CreateCompanyInput): Promise<CreationPlan> {
  const plan = await planCreation(input, await checkCreation(input));
  await refuseTakenGuards(plan.ws);
  return plan;
}

type Selection = NonNullable<ReturnType<typeof selectAccount>['selection']>;

/** Every rule of the spec's table and the passport files: all refusals at once, before anything is read for the write. */
async function checkCreation(input: CreateCompanyInput): Promise<Selection> {
  const { scope, body } = input;
  const { selection, errors } = selectAccount(input.accountHeader, body);
  enforceCompanyRulesWithAccountErrors(errors, body);
  errors.push(...(await checkPassportFiles(scope, body)));
  if (errors.length) throw invalidCreation(errors);
  return selection!;
}

/** The spec's table, its refusal carrying the account selection's errors found before it. */
function enforceCompanyRulesWithAccountErrors(errors: FieldError[], body: CreateCompanyBody): void {
  try {
    enforceCompanyRules(body);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError('invalid_request', error.detail, [...errors, ...(error.errors ?? [])]);
    throw error;
  }
}

function invalidCreation(errors: FieldError[]): ApiError {
  return invalidRequest('The request is invalid', errors);
}

/** The account, the company, its orders (billed), the one transaction and the answer: everything but the commit. */
async function planCreation(input: CreateCompanyInput, selection: Selection): Promise<CreationPlan> {
  const { scope, body } = input;
  let account: AccountRecord | undefined;
  let accountIsNew = false;
  const createdAt = nowIso();
  if (selection.kind === 'existing') {
    account = await getAccount(scope, selection.accountId);
    if (!account) throw new ApiError('invalid_request', `No account '${selection.accountId}'.`, [unknownAccount(selection.accountId)]);
  } else {
    const given = selection.input;
    account = given.external_id !== undefined ? await findAccountByExternalId(scope, given.external_id) : undefined;
    if (!account) {
      account = newAccount(scope, given, createdAt);
      accountIsNew = true;
    }
  }

  const attached = attachedProducts(body);
  const company = newCompany(scope, body, account.id, attached, createdAt);
  // Creation's transaction cannot also hold one requirement per owner (up to 25: docs/decisions.md,
  // "Owners' identity documents at creation"): they are carried on the company item and opened right after.
  const requests = ownerDocumentRequests(scope, company, createdAt);
  if (requests.length) company.pending_requirements = requests;
  const orders = attached.map(({ product, includedIn }) =>
    newServiceOrder(scope, {
      product,
      includedIn,
      companyId: company.id,
      state: company.state,
      options: body.service_options?.[product.key],
      createdAt,
    }),
  );
  const ws = buildCreation(scope, company, orders, accountIsNew ? account : undefined);
  const response = renderCompany(company, {
    openRequirements: requests.length,
    account: input.expand.includes('account') ? renderAccount(account) : undefined,
    serviceOrders: input.expand.includes('service_orders') ? newestFirst(orders).map((o) => renderServiceOrder(o)) : undefined,
    requirements: input.expand.includes('requirements') ? newestRequirementsFirst(requests).map(renderRequirement) : undefined,
  });
  return { ws, company, account, accountIsNew, orders, response };
}

/** The one transaction of a creation: company, guards, account, counters, orders, events. */
function buildCreation(scope: Scope, company: CompanyRecord, orders: ServiceOrderRecord[], newAccount?: AccountRecord): WriteSet {
  const ws = new WriteSet(scope, tableName());
  ws.put(newCompanyItem(scope, company), { condition: itemAbsent() });
  ws.put(
    {
      ...nameGuardKey(scope.mode, company.state, company.name),
      entity: 'company_name',
      company_id: company.id,
      partner_id: scope.partnerId,
    },
    { condition: itemAbsent(), onFailed: () => nameTaken(company.name, company.state, 'or form in another state.') },
  );
  if (company.external_id !== undefined) addExternalIdGuard(ws, scope, company.id, company.external_id);
  if (newAccount) addAccountCreation(ws, scope, newAccount);
  ws.update(listCounterKey(scope, COUNTERS.companies), { add: { n: 1 } });
  ws.update(listCounterKey(scope, COUNTERS.companiesOfAccount(company.account_id)), { add: { n: 1 } });
  ws.recordEvent({ type: 'company.created', companyId: company.id, resource: companySnapshot(company) });
  for (const order of orders) addServiceOrderCreation(ws, scope, order);
  return ws;
}

/** The order of serviceOrdersOfCompany: newest first by `<created_at>#<id>`. */
export function newestFirst(orders: ServiceOrderRecord[]): ServiceOrderRecord[] {
  return [...orders].sort((a, b) => (listSortKey(b.created_at, b.id) < listSortKey(a.created_at, a.id) ? -1 : 1));
}
