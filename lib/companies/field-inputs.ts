import * as z from 'zod';

/**
 * Company fields taken by more than one request (creation, the list's filter, the operator's identity
 * update), each with the example its refusals show: one definition, so their rules cannot drift.
 * Kept apart from the creation body so a route that needs one field does not build the whole body at
 * load (docs/decisions.md, "Bundles").
 */

/** The partner's own reference for a company (spec Company `external_id`). */
export const externalIdInput = z
  .string()
  .min(1)
  .max(255)
  .meta({ examples: ['client-4821'] });

/** What the company does, in the partner's words. */
export const industryDescriptionInput = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .meta({ examples: ['Drone surveys of roofs for insurers'] });

/** The industry named when `industry` is `other`. */
export const customIndustryInput = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .meta({ examples: ['Drone inspections'] });
