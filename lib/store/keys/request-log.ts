import type { Scope } from '../../scope';
import { scopePrefix } from './partners';

/** requestLogById: one past request of a partner and mode, by the `request_id` of its answer. */
export const requestLogKey = (scope: Scope, requestId: string) => ({ pk: `REQ#${scopePrefix(scope)}#${requestId}`, sk: 'REQ' });

/**
 * requestLogsOfPartner: the partner's log in one mode, newest first by `<created_at>#<id>` on gsi5, which
 * holds each entry's method, status, path and expiry, never its bodies (lib/store/table-definition.ts).
 */
export const requestLogIndexes = { all: (scope: Scope) => ({ index: 'gsi5' as const, pk: `REQS#${scopePrefix(scope)}` }) };

/**
 * requestLogHours: one item per partner, mode and closed UTC hour of its log, sort key the hour
 * (`2026-11-28T09`), holding what the listing's `total` needs of that hour (lib/request-log/hour-counts.ts).
 */
export const requestLogHoursPartition = (scope: Scope) => `REQCNT#${scopePrefix(scope)}`;
export const requestLogHourKey = (scope: Scope, hour: string) => ({ pk: requestLogHoursPartition(scope), sk: hour });
