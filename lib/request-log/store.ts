/**
 * The request log's store: its entries are the entity's (lib/store/entities/request-log-entry.ts),
 * which sends their writes itself so that their narrow grant stays theirs.
 */
export {
  addRequestLog,
  getRequestLog,
  getRequestLogsOfPage,
  putRequestLog,
  REQUEST_LOG_RETENTION_SECONDS,
  requestLogItem,
  requestLogRecord,
} from '../store/entities/request-log-entry';
