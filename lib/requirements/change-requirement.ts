import { setTimeout as sleep } from 'node:timers/promises';
import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { renderRequirement } from '../resources/requirement';
import { previousAttributes } from '../resources/previous-attributes';
import { requirementTransition, type RequirementTrigger } from './requirement-status';
import { addRequirementUpdate, getRequirement, RequirementChanged, type RequirementRecord } from '../store/entities/requirement';

export interface RequirementChangeContext {
  requirement: RequirementRecord;
  ws: WriteSet;
  at: string;
}

/**
 * Reads a requirement, lets `plan` write its change into a WriteSet (or refuse), and commits. A
 * concurrent change of the same requirement (the revision moved) makes it read and decide again, so
 * each signer's "once" events and the final `requirement.fulfilled` fire once.
 */
export async function changeRequirement<R>(
  scope: Scope,
  requirementId: string,
  plan: (ctx: RequirementChangeContext) => Promise<R> | R,
  /** The requirement as the caller has just read it (consistently): the first attempt plans on it, unread again. */
  justRead?: RequirementRecord,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    // The write is conditioned on the revision planned on, so a change since that read is caught either way.
    const requirement = attempt === 1 && justRead ? justRead : await getRequirement(scope, requirementId);
    if (!requirement) throw resourceMissing('requirement', requirementId);
    const ws = new WriteSet(scope, tableName());
    const result = await plan({ requirement, ws, at: nowIso() });
    try {
      if (ws.entries.length) await commit(ws); // nothing changed (a signer viewing again): nothing to write
      return result;
    } catch (error) {
      if (!(error instanceof RequirementChanged) || attempt >= 8) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}

/** open → resolved with its response: `requirement.fulfilled` (spec: "carries its response"). */
export function addResolution(
  ws: WriteSet,
  scope: WriteSet['scope'],
  read: RequirementRecord,
  response: Record<string, unknown> | undefined,
  at: string,
  changes: Partial<RequirementRecord> = {},
  /** The requirement as this transaction's previous event showed it (a signer's step), for `previous_attributes`. */
  shown: RequirementRecord = read,
): RequirementRecord {
  requirementTransition(read, 'fulfilled');
  const written = addRequirementUpdate(ws, scope, read, {
    ...read,
    ...changes,
    status: 'resolved',
    resolved_at: at,
    ...(response ? { response } : {}),
  });
  recordChange(ws, 'requirement.fulfilled', shown, written);
  return written;
}

/** open → canceled with `cancel_reason`: `requirement.canceled`. */
export function addCancellation(
  ws: WriteSet,
  scope: WriteSet['scope'],
  read: RequirementRecord,
  trigger: Exclude<RequirementTrigger, 'fulfilled'>,
  reason: string,
  at: string,
  changes: Partial<RequirementRecord> = {},
  shown: RequirementRecord = read,
): RequirementRecord {
  requirementTransition(read, trigger);
  const written = addRequirementUpdate(ws, scope, read, {
    ...read,
    ...changes,
    status: 'canceled',
    canceled_at: at,
    cancel_reason: reason,
  });
  recordChange(ws, 'requirement.canceled', shown, written);
  return written;
}

/** A requirement's change event, with the fields it moved since `before`. */
function recordChange(
  ws: WriteSet,
  type: 'requirement.fulfilled' | 'requirement.canceled',
  before: RequirementRecord,
  after: RequirementRecord,
) {
  const resource = renderRequirement(after);
  ws.recordEvent({ type, companyId: after.company, resource, previous: previousAttributes(renderRequirement(before), resource) });
}

/**
 * Resolves a requirement with its response, for other areas (the order's form submission endpoint);
 * `alsoWrite` adds the caller's own changes (the order leaving `requires_action`) to the same
 * transaction.
 */
export async function resolveRequirement(
  scope: Scope,
  requirementId: string,
  response: Record<string, unknown>,
  alsoWrite?: (ws: WriteSet, resolved: RequirementRecord, at: string) => Promise<void> | void,
): Promise<RequirementRecord> {
  return changeRequirement(scope, requirementId, async ({ requirement, ws, at }) => {
    const resolved = addResolution(ws, scope, requirement, response, at);
    await alsoWrite?.(ws, resolved, at);
    return resolved;
  });
}

/** Withdraws an open requirement (the ask is no longer needed): `requirement.canceled` with the reason. */
export async function withdrawRequirement(scope: Scope, requirementId: string, reason: string): Promise<RequirementRecord> {
  return changeRequirement(scope, requirementId, ({ requirement, ws, at }) =>
    addCancellation(ws, scope, requirement, 'withdrawn', reason, at),
  );
}
