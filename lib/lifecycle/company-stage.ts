import { illegalTransition } from '../errors';
import type { COMPANY_STAGES } from '../resources/vocabulary';

/**
 * Company `stage` (spec States and transitions → Company stage; "Transitions between stages: not
 * shown", so this table is ours: docs/decisions.md, "Lifecycle"). Any change fires
 * `company.status.changed`; reaching `incorporated` also fires `company.incorporated`.
 *
 * `via` names the only operation that may make a move: the plain stage trigger makes the `stage`
 * moves; `name_conflict`, `incorporated` and `closed` each come with more than a stage (a name_change
 * requirement, status active, dissolution), so only their own operation reaches them. The stages
 * themselves are the vocabulary's (lib/resources/vocabulary.ts), which the resources' schemas use too.
 */
export type CompanyStage = (typeof COMPANY_STAGES)[number];
export type StageVia = 'stage' | 'name_conflict' | 'name_changed' | 'incorporate' | 'close';

export interface StageMove {
  from: readonly CompanyStage[];
  to: CompanyStage;
  via: StageVia;
  /** Owners' identity must be verified first: state filings wait for it (spec Company `verification`). */
  needsVerification?: boolean;
}

const FORMING: CompanyStage[] = [
  'preparing_documents',
  'documents_generated',
  'signature_requested',
  'submitted_to_state',
  'name_conflict',
];

export const COMPANY_STAGE_MOVES: readonly StageMove[] = [
  { from: ['preparing_documents', 'signature_requested'], to: 'documents_generated', via: 'stage' },
  { from: ['documents_generated', 'signature_requested'], to: 'preparing_documents', via: 'stage' },
  { from: ['documents_generated'], to: 'signature_requested', via: 'stage' },
  { from: ['documents_generated', 'signature_requested'], to: 'submitted_to_state', via: 'stage', needsVerification: true },
  // The state registry found the name taken (its name check runs from the first step of the formation
  // to the filing): a name_change requirement opens with it.
  {
    from: ['preparing_documents', 'documents_generated', 'signature_requested', 'submitted_to_state'],
    to: 'name_conflict',
    via: 'name_conflict',
  },
  // The new name is in: documents are prepared again under it.
  { from: ['name_conflict'], to: 'preparing_documents', via: 'name_changed' },
  // The state accepted the filing: only a filing it was sent (spec Company status: in_progress → active
  // when "state accepted the filing"). The sandbox walks the same path as the operator's pipeline.
  { from: ['submitted_to_state'], to: 'incorporated', via: 'incorporate', needsVerification: true },
  { from: [...FORMING, 'incorporated'], to: 'closed', via: 'close' },
];

/** The sandbox call of its own that reaches a stage, on the company's path (`…/companies/<id>/`). */
const OWN_OPERATION: Partial<Record<CompanyStage, string>> = {
  name_conflict: 'name-conflict',
  incorporated: 'incorporate',
  closed: 'dissolve',
};

/** The company's move from its stage to `to` by `via`, or `invalid_request` naming the current stage. */
export function stageMove(company: { id: string; stage?: CompanyStage }, to: CompanyStage, via: StageVia, verified: boolean): StageMove {
  const from = company.stage;
  const sandboxPath = `/v1/sandbox/companies/${company.id}`;
  if (from === undefined) {
    throw illegalTransition(
      'company',
      'pre_existing',
      'a company brought in already formed has no formation stage',
      'Stages apply to companies the operator forms.',
    );
  }
  const move = COMPANY_STAGE_MOVES.find((m) => m.to === to && m.via === via && m.from.includes(from));
  if (!move) {
    const elsewhere = via === 'stage' && OWN_OPERATION[to] && `POST ${sandboxPath}/${OWN_OPERATION[to]}`;
    const allowed = COMPANY_STAGE_MOVES.filter((m) => m.via === via && m.from.includes(from)).map((m) => m.to);
    const wanted = COMPANY_STAGE_MOVES.find((m) => m.to === to && m.via === via);
    const walk = wanted && via !== 'stage' ? stagePath(from, wanted.from) : undefined;
    throw illegalTransition(
      'company stage',
      from,
      `it cannot move to '${to}' from there`,
      elsewhere
        ? `The stage '${to}' is reached with ${elsewhere}.`
        : from === 'name_conflict'
          ? // The one way out of a conflict is the new name: say where to send it.
            `The company waits for a new name: answer its open name_change requirement (listed by GET /v1/companies/${company.id}/requirements) with POST /v1/requirements/{id}/fulfill and a name, such as {"name": "Acme Robotics"}; the stage then returns to 'preparing_documents'.`
          : walk?.length
            ? `Move the stage to ${walk.map((s) => `'${s}'`).join(', then ')} first (POST ${sandboxPath}/stage {"stage": "${walk[0]}"}); '${to}' comes from '${walk[walk.length - 1]}'.`
            : allowed.length
              ? `From '${from}' it can move to: ${allowed.join(', ')}.`
              : `Nothing moves it from '${from}' this way.`,
    );
  }
  if (move.needsVerification && !verified) {
    throw illegalTransition(
      'company verification',
      'pending',
      `the filing waits for every owner's identity document before '${to}'`,
      'Collect the identity documents (POST /v1/files or a verification session) first.',
    );
  }
  return move;
}

/** The shortest walk of plain stage moves from `from` to one of `targets` (the stages after `from`), or undefined. */
export function stagePath(from: CompanyStage, targets: readonly CompanyStage[]): CompanyStage[] | undefined {
  const seen = new Map<CompanyStage, CompanyStage[]>([[from, []]]);
  for (const queue: CompanyStage[] = [from]; queue.length; ) {
    const at = queue.shift()!;
    if (targets.includes(at)) return seen.get(at);
    for (const m of COMPANY_STAGE_MOVES) {
      if (m.via !== 'stage' || !m.from.includes(at) || seen.has(m.to)) continue;
      seen.set(m.to, [...seen.get(at)!, m.to]);
      queue.push(m.to);
    }
  }
  return undefined;
}

/**
 * The plain stage moves an incorporation passes through from where the company stands (none from
 * `submitted_to_state`): the state accepts only a filing it was sent, so a company incorporated from
 * an earlier forming stage first walks the table to `submitted_to_state`, each stage with its own
 * `company.status.changed` (docs/decisions.md, "Lifecycle"). Empty where no plain walk leads there
 * (`name_conflict` waits for its new name): the incorporation's own move then refuses.
 */
export function stagesBeforeFiling(from: CompanyStage | undefined): CompanyStage[] {
  if (from === undefined || from === 'submitted_to_state') return [];
  return stagePath(from, ['submitted_to_state']) ?? [];
}
