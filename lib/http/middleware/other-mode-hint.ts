import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors';
import { existsInScope } from '../../store/exists-in-scope';
import type { ApiContext } from '../core/types';

/**
 * A `resource_missing` for an object the caller's partner holds in its OTHER mode says so, and names
 * the key to use (as Stripe's "a similar object exists in test mode, but a live mode key was used").
 * The same partner owns both modes, so this tells the caller nothing they could not see with their
 * other key. Another partner's object is never looked for: the lookup is in the caller's own partner,
 * so its answer stays exactly that of an object that does not exist (the isolation matrices hold it).
 */
export function otherModeHint(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'otherModeHint',
    onError: async (request) => {
      if (request.response) return;
      const error = request.error;
      const caller = request.context.state?.caller;
      if (!(error instanceof ApiError) || error.code !== 'resource_missing' || !error.missing || !caller) return;
      const { what, id, location } = error.missing;
      const other = caller.scope.mode === 'live' ? 'test' : 'live';
      const found = await existsInScope({ partnerId: caller.scope.partnerId, mode: other }, id).catch(() => undefined);
      if (!found) return;
      request.error = new ApiError(
        'resource_missing',
        `No such ${what}: '${id}'. It exists in ${other} mode, but a ${caller.scope.mode}-mode key was used.`,
        [
          {
            reason: `exists in ${other} mode`,
            ...(location ? { location } : {}),
            validation_type: 'custom',
            how_to_fix: `Send this request with a ${other} key (svc_${other}_…): the ${what} was created in ${other} mode, and each mode sees only its own objects.`,
          },
        ],
      );
    },
  };
}
