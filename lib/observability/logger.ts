import { Logger } from '@aws-lambda-powertools/logger';
import { variable } from '../config/variables';

/** One structured logger for lib/ and the handlers. Never log secrets, keys or request bodies. */
export const logger = new Logger({
  serviceName: variable('POWERTOOLS_SERVICE_NAME'),
  logLevel: variable('LOG_LEVEL') as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT',
});
