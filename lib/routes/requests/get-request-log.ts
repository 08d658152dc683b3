import { noQuery } from '../../input/empty';
import { requestLogIdParams } from '../../request-log/schemas';
import { requestLogSchema } from '../../resources/request-log';
import { partner } from '../core/operation';

export const getRequestLog = partner('get-request-log', {
  method: 'GET',
  path: '/v1/requests/{requestID}',
  operation: 'getRequestLog',
  scope: 'logs:read',
  params: requestLogIdParams,
  query: noQuery,
  summary: 'A past request, by the request_id of its answer',
  description:
    'Every POST and every answer of 400 or more (but 429 and unknown keys) is kept 7 days (to the end of its UTC hour, then 7 days: the log shows whole hours), in the mode of the key that sent it, with its request and response bodies (secrets and identity data redacted). Look one up by the `Request-Id` header or the error envelope’s `request_id`.',
  tag: 'Requests',
  responses: { 200: { description: 'The request and its answer.', schema: requestLogSchema } },
  errors: [404],
});
