import { ApiError } from '../errors';

/**
 * The lists the contract gives no page block (a company's fixed assets, status links and published
 * files) hold at most this many items, so each is one bounded read (README, "Security"). A creation
 * past the cap is refused with the envelope and how to make room.
 */
export const MAX_FIXED_ASSETS_PER_COMPANY = 1_000;
export const MAX_STATUS_LINKS_PER_COMPANY = 100;
export const MAX_PUBLISHED_FILES_PER_COMPANY = 200;

export function listCapReached(what: string, max: number, howToFix: string): ApiError {
  return new ApiError('invalid_request', `The company holds ${max} ${what}, the most it may.`, [
    { reason: `at most ${max} ${what} per company`, validation_type: 'maxItems', how_to_fix: howToFix },
  ]);
}
