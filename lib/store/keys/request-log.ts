import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/** requestLogById: one past request of a partner and mode, by the `request_id` of its answer. */
export const requestLogKey = (scope: Scope, requestId: string) => ({ pk: `REQ#${scopePrefix(scope)}#${requestId}`, sk: 'REQ' });

/** requestLogsOfPartner: the partner's log in one mode, newest first by `<created_at>#<id>` on gsi1. */
export const requestLogIndexes = { all: (scope: Scope) => ({ index: 'gsi1' as const, pk: `REQS#${scopePrefix(scope)}` }) };
