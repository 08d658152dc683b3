import type { Scope } from '../store/scope';
import type { WriteSet } from '../store/write-set';
import type { RequirementRecord } from './store';

/**
 * What else a fulfilment changes, by requirement type, in the fulfilment's own transaction. The orders
 * area sets `form`: a form requirement answered through POST /requirements/{id}/fulfill moves its
 * service order on exactly as its form submission endpoint does. Unset: the requirement alone resolves.
 */
export const FULFILMENT_EFFECTS: {
  form?: (ws: WriteSet, scope: Scope, resolved: RequirementRecord, at: string) => Promise<void> | void;
} = {};
