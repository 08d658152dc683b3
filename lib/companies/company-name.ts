import * as z from 'zod';
import { ApiError, fieldErrors, type FieldError } from '../errors';
import type { Mode } from '../scope';
import { companyNameKey } from '../store/keys';
import { nameKey, tidyName } from './normalise-name';
import { nameNotThe } from './rules/name-not-the';
import { nameWithoutEnding } from './rules/name-without-ending';
import type { CreateCompanyBody } from './schemas';
import type { EntityType } from '../resources/vocabulary';
import { companyNameInput } from './name-input';

/**
 * The create-company rules on `name` and the per-state comparison of names, ONCE: creation, a name
 * change and GET /name-availability all call these, so "available" means creation will not refuse
 * the name for these reasons (spec create-company `name`; docs/decisions.md, "Name availability").
 */
const nameOnly = z.strictObject({ name: companyNameInput });

/**
 * Every refusal the create-company rules give `name` on its own: the field's shape (length, pattern)
 * exactly as the body schema checks it, then the "must not start with The" and "without the ending"
 * rules. The same `errors[]` entries creation answers, at `$.name`: given the entity type, the
 * ending's fix names the `ending` to send, as creation's does.
 */
export function nameViolations(name: unknown, entityType?: EntityType): FieldError[] {
  const parsed = nameOnly.safeParse({ name }, { reportInput: true });
  if (!parsed.success) return fieldErrors(parsed.error, [], nameOnly, 'body');
  const named = { name: parsed.data.name, entity_type: entityType } as CreateCompanyBody;
  return [...nameNotThe(named), ...nameWithoutEnding(named)];
}

/**
 * The key a name is unique under in a state and mode: one guard item per name, compared ignoring case
 * and extra spaces, the ending left out (lib/companies/normalise-name.ts). Shared by every partner:
 * a state registry holds one company per name.
 */
export function nameGuardKey(mode: Mode, state: string, name: string) {
  return companyNameKey(mode, state, nameKey(tidyName(name)));
}

/** The refusal of a name already registered with us in the state, as creation and a name change give it. */
export function nameTaken(name: string, state: string, alternative?: string): ApiError {
  const tidy = tidyName(name);
  return new ApiError('invalid_request', `A company named '${tidy}' is already registered with us in ${state}.`, [
    {
      reason: `is already registered in ${state}`,
      location: '$.name',
      validation_type: 'unique',
      how_to_fix: `Choose another name, such as "name": "${tidy} Holdings" (names are compared ignoring case and extra spaces; the ending does not count)${alternative ? `, ${alternative}` : '.'}`,
    },
  ]);
}
