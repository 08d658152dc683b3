import { newId } from '../ids';
import { companyPartition, REQUIREMENT_SK_PREFIX, listSortKey } from '../store/keys';
import { livemode, type Scope } from '../store/scope';
import type { WriteSet } from '../store/write-set';
import type { OrderRecord } from './order-record';

/**
 * The `form` requirement of an order waiting in `requires_action` (spec: "an open form requirement
 * names what is needed"). Requirement items live in the company partition under `RQ#` with `status`
 * and their API object in `resource` (the shape lib/companies/store.ts counts and lists).
 * NOTE: the lifecycle area owns requirements; when its openRequirement/resolveRequirement land, these
 * two functions should call them instead.
 */
export function newFormRequirementKey(at: string): { id: string; sk: string } {
  const id = newId('requirement');
  return { id, sk: `${REQUIREMENT_SK_PREFIX}${listSortKey(at, id)}` };
}

export function addFormRequirement(ws: WriteSet, scope: Scope, order: OrderRecord, key: { id: string; sk: string }, at: string): void {
  const { id, sk } = key;
  const resource = {
    object: 'requirement' as const,
    id,
    company: order.company,
    service_order: order.id,
    type: 'form',
    status: 'open',
    requested_by: 'system',
    livemode: livemode(scope),
    message: `The ${order.product_key} order needs a form to continue.`,
    created_at: at,
  };
  ws.put({ pk: companyPartition(scope, order.company), sk, entity: 'requirement', id, status: 'open', resource }, { expression: 'attribute_not_exists(pk)' });
  ws.recordEvent({ type: 'requirement.created', companyId: order.company, resource });
}

export function addFormRequirementResolution(ws: WriteSet, scope: Scope, order: OrderRecord, sk: string, answers: Record<string, unknown>, at: string): void {
  const id = sk.slice(sk.lastIndexOf('#') + 1);
  const createdAt = sk.slice(REQUIREMENT_SK_PREFIX.length, sk.lastIndexOf('#'));
  const resource = {
    object: 'requirement' as const,
    id,
    company: order.company,
    service_order: order.id,
    type: 'form',
    status: 'resolved',
    requested_by: 'system',
    livemode: livemode(scope),
    message: `The ${order.product_key} order needs a form to continue.`,
    response: { answers },
    resolved_at: at,
    created_at: createdAt,
  };
  ws.update(
    { pk: companyPartition(scope, order.company), sk },
    { expression: 'SET #s = :resolved, #r = :resource', names: { '#s': 'status', '#r': 'resource' }, values: { ':resolved': 'resolved', ':resource': resource } },
    { expression: '#s = :open', names: { '#s': 'status' }, values: { ':open': 'open' } },
  );
  ws.recordEvent({ type: 'requirement.fulfilled', companyId: order.company, resource });
}
