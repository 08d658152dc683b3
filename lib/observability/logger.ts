import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger for lib/ and the handlers. Never log secrets, keys or request bodies. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'partner-api',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});
