import { getRequestLog } from './get-request-log';
import { listRequestLogs } from './list-request-logs';

/** The request log: what a partner's integration sent and was answered. */
export const requestLogRoutes = [listRequestLogs, getRequestLog];
