import { ApiError } from '../errors';

/**
 * The lists the contract gives no page block (a company's fixed assets, status links, published files,
 * service orders and requirements) hold at most this many items, so each is one bounded read
 * (docs/guide/security.md; docs/decisions.md, "Caps per partner and company, and the dashboard's rate limit"). A creation past the cap is refused with
 * the envelope and how to make room.
 */
export const MAX_FIXED_ASSETS_PER_COMPANY = 1_000;
export const MAX_STATUS_LINKS_PER_COMPANY = 100;
export const MAX_PUBLISHED_FILES_PER_COMPANY = 200;
/** Every order a company was ever sold, included ones of a bundle among them (an order is never deleted). */
export const MAX_SERVICE_ORDERS_PER_COMPANY = 500;
/** Every requirement a company was ever asked, open and resolved (a requirement is never deleted). */
export const MAX_REQUIREMENTS_PER_COMPANY = 500;

export function listCapReached(what: string, max: number, howToFix: string): ApiError {
  return new ApiError('invalid_request', `The company holds ${max} ${what}, the most it may.`, [
    { reason: `at most ${max} ${what} per company`, validation_type: 'maxItems', how_to_fix: howToFix },
  ]);
}
