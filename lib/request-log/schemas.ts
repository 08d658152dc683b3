import * as z from 'zod';
import { idParam } from '../input/id-param';

export const requestLogIdParams = z.strictObject({
  requestID: idParam('request', 'request', 'from the Request-Id header or the error envelope’s request_id'),
});
