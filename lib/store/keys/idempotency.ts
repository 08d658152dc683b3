import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/** idempotencyRecord: one per (partner, mode, Idempotency-Key); expires through the table's TTL. */
export const idempotencyKey = (scope: Scope, key: string) => ({ pk: `IDEM#${scopePrefix(scope)}#${key}`, sk: 'IDEM' });
