import * as z from 'zod';
import type { Scope } from '../scope';
import { ENTITY_TYPES, US_STATES } from '../resources/vocabulary';
import type { NameAvailability } from '../resources/name-availability';
import { nameGuardKey, nameTaken, nameViolations } from './company-name';
import { tidyName } from './normalise-name';
import { companyNameHeld } from '../store/entities/company';

/** `name` is checked by the create rules and answered as a reason, so the query takes any string up to a bound. */
export const nameAvailabilityQuery = z.strictObject({
  name: z
    .string()
    .max(1000)
    .meta({ examples: ['Acme Widgets'] }),
  state: z.enum(US_STATES).meta({ examples: ['DE'] }),
  entity_type: z.enum(ENTITY_TYPES).meta({ examples: ['llc'] }),
});

/** The word the sandbox's state registry refuses (docs/api.md): a partner can test that branch. */
const SANDBOX_REGISTRY_CONFLICT = /\bconflict\b/i;

/**
 * GET /name-availability: the create-company rules on the name, then (for a valid name) whether the
 * name is already registered with us in that state, read from the same guard item creation writes
 * (one GetItem); in the sandbox, a name with the word "Conflict" as the state registry's refusal.
 * Nothing is reserved: a creation between this answer and the partner's may still take the name.
 */
export async function nameAvailability(scope: Scope, q: z.output<typeof nameAvailabilityQuery>): Promise<NameAvailability> {
  const reasons: NameAvailability['reasons'] = [];
  const violations = nameViolations(q.name, q.entity_type);
  for (const v of violations) reasons.push({ code: 'invalid_name', message: `name ${v.reason}. ${v.how_to_fix ?? ''}`.trim() });
  if (!violations.length) {
    if (await companyNameHeld(nameGuardKey(scope.mode, q.state, q.name))) {
      const refusal = nameTaken(q.name, q.state, 'or form in another state.').errors![0];
      reasons.push({ code: 'taken', message: `name ${refusal.reason}. ${refusal.how_to_fix}` });
    }
  }
  if (scope.mode === 'test' && SANDBOX_REGISTRY_CONFLICT.test(q.name)) {
    reasons.push({
      code: 'state_registry_conflict',
      message: `The ${q.state} registry holds a conflicting name (sandbox: any name with the word "Conflict"). Choose another name.`,
    });
  }
  return {
    object: 'name_availability',
    name: tidyName(q.name),
    state: q.state,
    entity_type: q.entity_type,
    available: !reasons.length,
    reasons,
  };
}
