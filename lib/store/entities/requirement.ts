import { addIdPointer, readById } from '../read-by-id';
import { defineEntity } from '../entity';
import { queryCount, queryEvery } from '../query';
import { companyPartition, REQUIREMENT_SK_PREFIX, requirementKey, requirementPointerKey } from '../keys';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';
import { companyNotDissolved, CompanyDissolvedMeanwhile, moveOpenRequirements } from './company';

export { CompanyDissolvedMeanwhile };
import { renderRequirement, type Requirement } from '../../resources/requirement';

/** A requirement as stored: the API fields (without `object`) and `rev`, bumped by every change. */
export type RequirementRecord = Omit<Requirement, 'object'> & { rev: number };

/** Another writer changed the requirement after it was read: re-read and decide again. */
export class RequirementChanged extends Error {
  constructor(readonly requirementId: string) {
    super(`requirement ${requirementId} changed concurrently`);
  }
}

/**
 * The stored item: the record, and `resource` (its API object) for readers that only embed it
 * (`expand[]=requirements` on a company).
 */
const requirementEntity = defineEntity<RequirementRecord>({
  name: 'requirement',
  key: (scope, record) => requirementKey(scope, record.company, record.created_at, record.id),
  extra: (record) => {
    const { object: _o, ...resource } = renderRequirement(record);
    return { resource: { object: 'requirement', ...resource } };
  },
  internal: ['resource'],
});

/**
 * Adds a new requirement, its id pointer and the company's open count to a WriteSet, with
 * `requirement.created`. `guardCompany` conditions the count's move on the company item existing
 * and not being dissolved; a transaction that writes the company item itself, conditioned on the
 * version it read, needs no guard.
 */
export function addRequirementCreation(ws: WriteSet, scope: Scope, record: RequirementRecord, options: { guardCompany: boolean }): void {
  const item = requirementEntity.item(scope, record);
  ws.put(item, { condition: requirementEntity.where.absent() });
  addIdPointer(ws, requirementPointerKey(scope, record.id), 'requirement_pointer', item);
  moveOpenRequirements(ws, scope, record.company, 1, options.guardCompany ? companyNotDissolved(record.company) : undefined);
  ws.recordEvent({ type: 'requirement.created', companyId: record.company, resource: renderRequirement(record) });
}

/**
 * Adds a change of a requirement, conditioned on the revision that was read; a requirement that leaves
 * `open` takes one off the company's open count in the same transaction.
 */
export function addRequirementUpdate(ws: WriteSet, scope: Scope, read: RequirementRecord, next: RequirementRecord): RequirementRecord {
  const written = { ...next, rev: read.rev + 1 };
  ws.put(requirementEntity.item(scope, written), {
    condition: requirementEntity.where.equals('rev', read.rev),
    onFailed: () => new RequirementChanged(read.id),
  });
  if (read.status === 'open' && written.status !== 'open') moveOpenRequirements(ws, scope, read.company, -1);
  return written;
}

/** requirementById, within the caller's partner and mode (its pointer, then the item: lib/store/read-by-id.ts). */
export async function getRequirement(scope: Scope, requirementId: string): Promise<RequirementRecord | undefined> {
  const found = await readById(requirementPointerKey(scope, requirementId));
  return found ? requirementEntity.record(found.item) : undefined;
}

/** requirementsOfCompany: open and resolved history, newest first (one consistent Query). */
export async function requirementsOfCompany(
  scope: Scope,
  companyId: string,
  options: { openOnly?: boolean } = {},
): Promise<RequirementRecord[]> {
  const items = await queryEvery({
    partition: companyPartition(scope, companyId),
    sortKey: { beginsWith: REQUIREMENT_SK_PREFIX },
    filter: options.openOnly ? requirementEntity.where.equals('status', 'open') : undefined,
    newestFirst: true,
    consistent: true,
  });
  return items.map(requirementEntity.record);
}

/** How many requirements the company holds, open and resolved: a count of its partition's `RQ#` items, page after page. */
export async function requirementCountOfCompany(scope: Scope, companyId: string): Promise<number> {
  return queryCount({ partition: companyPartition(scope, companyId), sortKey: { beginsWith: REQUIREMENT_SK_PREFIX }, consistent: true });
}
