import { setTimeout as sleep } from 'node:timers/promises';
import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { addCompanyWrite, CompanyChanged, getCompanyAndOpenCount } from '../store/entities/company';
import { companyKey } from '../store/keys';
import { companyChangedAt, companySnapshot, type CompanyRecord } from '../resources/company';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { type Guard, WriteSet } from '../store/write-set';
import { RequirementChanged, CompanyDissolvedMeanwhile } from '../store/entities/requirement';
import type { CommittedEvent } from '../store/event';
import { type EventType, isChangeEvent } from '../resources/event';
import { previousAttributes } from '../resources/previous-attributes';
import { OrderChanged } from '../store/entities/service-order';
import { openPendingRequirements } from '../companies/owner-document-requests';
import { AlreadyBilled } from '../billing/ledger-store';
import { allOf, attributeNotExists, equals } from '../store/expression';

/** Fields a company sets once and never again (spec Company: "fixed afterward"). */
export type OnceField = 'verified_at' | 'incorporated_at' | 'ein_assigned_at' | 'dissolved_at' | 'onboarding_completed_at';

export interface CompanyChangeContext {
  company: CompanyRecord;
  /**
   * The open-requirement count on the company item as read with it: what a change that closes every
   * open requirement conditions on (lib/lifecycle/operations/wind-down.ts).
   */
  openRequirements: number;
  ws: WriteSet;
  /** The moment of this change: `updated_at` and the fixed-once timestamps. */
  at: string;
  scope: Scope;
  /**
   * Records a company event of this change with the company as `state` (its snapshot at `at`). A change
   * event carries `previous_attributes` against the company as the change's previous event showed it
   * (the first: as read), so each of several moves in one change (an incorporation's stage walk) says
   * what it moved.
   */
  record(type: EventType, state: CompanyRecord, options?: { timestamp?: string }): void;
}

export interface CompanyChangePlan<R> {
  /** The company after the change (`version` and `updated_at` are set on write). */
  next: CompanyRecord;
  /**
   * Fixed-once fields this change sets: the write is conditioned on their absence in the stored
   * item, so two concurrent triggers can never both set them (nor both fire their "once" event).
   */
  once?: OnceField[];
  result?: R;
}

const MAX_ATTEMPTS = 8;

/**
 * Reads a company, lets `plan` decide the change (or refuse it), and commits the company item, the
 * plan's other writes and its events in ONE transaction. The company write is conditioned on the
 * version read (and on each `once` field being absent): a concurrent change makes this re-read and
 * decide again, so a repeated trigger meets the new state and is refused as an illegal transition.
 * It SETs the company's attributes, never its open-requirement count (`addCompanyWrite`): a
 * requirement opened or closed meanwhile neither fails the change nor is lost by it.
 */
export async function changeCompany<R = undefined>(
  scope: Scope,
  companyId: string,
  plan: (ctx: CompanyChangeContext) => Promise<CompanyChangePlan<R>> | CompanyChangePlan<R>,
  /** The company as the caller has just read it (`getCompanyAndOpenCount`): the first attempt plans on it, unread again. */
  justRead?: { record: CompanyRecord | undefined; open: number },
): Promise<{ company: CompanyRecord; result?: R; events: CommittedEvent[] }> {
  for (let attempt = 1; ; attempt++) {
    // The write is conditioned on the version planned on, so a change since that read is caught either way.
    const read = attempt === 1 && justRead ? justRead : await getCompanyAndOpenCount(scope, companyId);
    const company = read.record;
    if (!company) throw resourceMissing('company', companyId);
    if (company.pending_requirements) {
      // A creation cut short between its two transactions: open its owners' requirements first.
      await openPendingRequirements(scope, companyId, company);
      continue;
    }
    const ws = new WriteSet(scope, tableName());
    const at = nowIso();
    let shown: Record<string, unknown> = companySnapshot(company);
    const record = (type: EventType, state: CompanyRecord, options: { timestamp?: string } = {}) => {
      const resource = snapshotAt(state, at);
      const previous = isChangeEvent(type) ? { previous: previousAttributes(shown, resource) } : {};
      ws.recordEvent({ type, companyId, resource, ...previous, ...options });
      shown = resource;
    };
    const { next, once = [], result } = await plan({ company, openRequirements: read.open, ws, at, scope, record });
    // A plan that leaves the company as it was only needs it unchanged meanwhile: no write, no new updated_at.
    const unchanged = next === company;
    const written: CompanyRecord = unchanged ? company : companyChangedAt(company, next, at);
    assertStatusEventRecorded(company, written, ws);
    const condition: Guard = {
      condition: allOf(equals('version', company.version), ...once.map((field) => attributeNotExists(field))),
      onFailed: () => new CompanyChanged(companyId),
    };
    if (unchanged) ws.check(companyKey(scope, companyId), condition);
    else addCompanyWrite(ws, scope, company, written, condition);
    try {
      const events = await commit(ws);
      return { company: written, result, events };
    } catch (error) {
      // A ledger line billed meanwhile is the same race seen first: another change settled that order.
      const raced =
        error instanceof CompanyChanged ||
        error instanceof RequirementChanged ||
        error instanceof CompanyDissolvedMeanwhile ||
        error instanceof OrderChanged ||
        error instanceof AlreadyBilled;
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}

/**
 * Every move of a company's `status` or `stage` records `company.status.changed` (spec event table;
 * docs/decisions.md, "Company status"), beside the move's own event. Every such move is a change made
 * here, so a change that forgot it is refused before it commits, whichever operation made it.
 */
function assertStatusEventRecorded(before: CompanyRecord, after: CompanyRecord, ws: WriteSet): void {
  if (before.status === after.status && before.stage === after.stage) return;
  if (ws.events.some((e) => e.type === 'company.status.changed' && e.companyId === before.id)) return;
  throw new Error(
    `company ${before.id} moved (${before.status}/${before.stage} → ${after.status}/${after.stage}) without company.status.changed`,
  );
}

/** The company as an event embeds it at `at` (no `open_requirements`, spec Events). */
export function snapshotAt(record: CompanyRecord, at: string) {
  return companySnapshot({ ...record, updated_at: at });
}
