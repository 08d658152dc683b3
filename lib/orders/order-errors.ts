import { ApiError } from '../errors';

/**
 * A move the order's state does not allow (cancel after fulfilment started, accept an expired quote…):
 * `invalid_request` (400) with one entry naming the order's status as the rule that failed
 * (docs/decisions.md, "Orders and billing").
 */
export function illegalMove(reason: string, howToFix: string, location = '$.status'): ApiError {
  return new ApiError('invalid_request', reason, [{ reason, location, validation_type: 'state', how_to_fix: howToFix }]);
}
