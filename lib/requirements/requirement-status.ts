import type { RequirementStatus } from '../resources/requirement';
import { illegalTransition } from '../errors';

/**
 * Requirement `status` (spec States and transitions → Requirement status). `resolved` and `canceled`
 * are final: an answer to a requirement that is not open is refused.
 */
export type RequirementTrigger = 'fulfilled' | 'declined' | 'withdrawn' | 'company_dissolved' | 'company_cancelled';

export const REQUIREMENT_TRANSITIONS: readonly {
  from: RequirementStatus;
  trigger: RequirementTrigger;
  to: RequirementStatus;
  events: readonly string[];
}[] = [
  { from: 'open', trigger: 'fulfilled', to: 'resolved', events: ['requirement.fulfilled'] },
  { from: 'open', trigger: 'declined', to: 'canceled', events: ['requirement.canceled'] },
  { from: 'open', trigger: 'withdrawn', to: 'canceled', events: ['requirement.canceled'] },
  { from: 'open', trigger: 'company_dissolved', to: 'canceled', events: ['requirement.canceled'] },
  { from: 'open', trigger: 'company_cancelled', to: 'canceled', events: ['requirement.canceled'] },
];

/** The move `trigger` makes from the requirement's status; refused, naming where its company's open ones are, when there is none. */
export function requirementTransition(requirement: { status: RequirementStatus; company: string }, trigger: RequirementTrigger) {
  const { status } = requirement;
  const row = REQUIREMENT_TRANSITIONS.find((t) => t.from === status && t.trigger === trigger);
  if (!row) {
    throw illegalTransition(
      'requirement status',
      status,
      'only an open requirement can be answered or closed',
      `List the open requirements with GET /v1/companies/${requirement.company}/requirements.`,
    );
  }
  return row;
}
