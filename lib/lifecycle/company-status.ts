import type { CompanyStatus } from '../resources/vocabulary';
import { illegalTransition } from '../errors';

/**
 * Company `status` (spec States and transitions → Company status), one row per transition, with the
 * events each fires in the order they are recorded: every move of `status` records
 * `company.status.changed` first, then the move's own event (`lib/lifecycle/change-company.ts` holds
 * every change to it). "Moves into cancelled: not shown": a company is
 * cancelled only by the operator before it is active (docs/decisions.md, "Lifecycle").
 */
export type StatusTrigger = 'verified' | 'incorporated' | 'onboarding_completed' | 'cancelled' | 'dissolved';

export interface StatusTransition {
  trigger: StatusTrigger;
  from: readonly CompanyStatus[];
  to: CompanyStatus;
  /** Which companies it applies to: formed by the operator, brought in (`pre_existing`), or both. */
  companies: 'formation' | 'pre_existing' | 'any';
  events: readonly string[];
}

export const COMPANY_STATUS_TRANSITIONS: readonly StatusTransition[] = [
  // Every owner's identity document is in: `verification` → verified. The status moves too, so
  // company.status.changed fires beside company.verified (every status move does; docs/decisions.md,
  // "Company status").
  {
    trigger: 'verified',
    from: ['requires_information'],
    to: 'in_progress',
    companies: 'any',
    events: ['company.status.changed', 'company.verified'],
  },
  // The state accepted the filing: stage `incorporated`.
  {
    trigger: 'incorporated',
    from: ['in_progress'],
    to: 'active',
    companies: 'formation',
    events: ['company.status.changed', 'company.incorporated'],
  },
  // A pre_existing company finished onboarding.
  {
    trigger: 'onboarding_completed',
    from: ['in_progress'],
    to: 'active',
    companies: 'pre_existing',
    events: ['company.status.changed', 'company.onboarding.completed'],
  },
  {
    trigger: 'cancelled',
    from: ['requires_information', 'in_progress'],
    to: 'cancelled',
    companies: 'any',
    events: ['company.status.changed'],
  },
  // A dissolution order completed: terminal. The status moves (and a forming stage closes): company.status.changed, always.
  {
    trigger: 'dissolved',
    from: ['requires_information', 'in_progress', 'active', 'cancelled'],
    to: 'dissolved',
    companies: 'any',
    events: ['company.status.changed', 'company.dissolved'],
  },
];

const ACTIONS: Record<StatusTrigger, string> = {
  verified: 'verification completes only while the company requires information',
  incorporated: 'only a verified company in formation (status in_progress) can be incorporated',
  onboarding_completed: 'onboarding completes only for a verified pre_existing company (status in_progress)',
  cancelled: 'only a company not yet active can be cancelled',
  dissolved: 'a dissolved company is final',
};

/** The row for `trigger` from the company's status, or `invalid_request` naming the current status. */
export function statusTransition(
  trigger: StatusTrigger,
  company: { id?: string; status: CompanyStatus; pre_existing: boolean },
): StatusTransition {
  const row = COMPANY_STATUS_TRANSITIONS.find((t) => t.trigger === trigger)!;
  if (!row.from.includes(company.status)) {
    const id = company.id ?? '{id}';
    // The one way out of requires_information is the owners' documents: name it (docs/decisions.md,
    // "State refusals" say the next step with its call).
    const first =
      company.status === 'requires_information' && row.from.includes('in_progress')
        ? `First every owner's identity document must be in (POST /v1/files with purpose identity_document, one per owner; in the sandbox, POST /v1/sandbox/companies/${id}/verify). `
        : '';
    throw illegalTransition(
      'company status',
      company.status,
      ACTIONS[trigger],
      `${first}Allowed from: ${row.from.join(', ')}. Read the company (GET /v1/companies/${id}) for its current state.`,
    );
  }
  if (row.companies === 'formation' && company.pre_existing) {
    throw illegalTransition(
      'company',
      'pre_existing',
      'a company brought in already formed is never incorporated by us',
      'Complete its onboarding instead.',
    );
  }
  if (row.companies === 'pre_existing' && !company.pre_existing) {
    throw illegalTransition(
      'company',
      'formed by the operator',
      'onboarding applies to pre_existing companies only',
      'Incorporate it instead, once its filing is accepted.',
    );
  }
  return row;
}

/** `dissolved` is terminal: nothing changes a dissolved company any more. */
export function assertNotDissolved(company: { status: CompanyStatus }, action: string): void {
  if (company.status === 'dissolved') {
    throw illegalTransition(
      'company status',
      'dissolved',
      `${action} is not possible on a dissolved company`,
      'A dissolved company is final; nothing further can change it.',
    );
  }
}
