import { ApiError } from './api-error';

/**
 * An illegal transition (a trigger the current state does not allow): `invalid_request` naming the
 * current state, so a partner sees at once why nothing changed.
 */
export function illegalTransition(what: string, current: string, action: string, howToFix: string): ApiError {
  const reason = `The ${what} is '${current}'; ${action}.`;
  return new ApiError('invalid_request', reason, [{ reason, location: '$', validation_type: 'state', how_to_fix: howToFix }]);
}
