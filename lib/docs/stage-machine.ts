import { COMPANY_STAGE_MOVES, type StageVia } from '../lifecycle/company-stage';

/** What makes each kind of move, in a partner's words (the sandbox trigger that plays it in test mode). */
const MADE_BY: Record<StageVia, string> = {
  stage: "the formation's progress (sandbox: `POST /v1/sandbox/companies/{id}/stage`)",
  name_conflict:
    'the state reports the name taken: a `name_change` requirement opens (sandbox: `POST /v1/sandbox/companies/{id}/name-conflict`)',
  name_changed:
    'you answer the `name_change` requirement (`POST /v1/requirements/{id}/fulfill {"name": …}`): the documents are drawn up again under the new name',
  incorporate:
    'the state accepted the filing: status `active`, `company.incorporated` (sandbox: `POST /v1/sandbox/companies/{id}/incorporate`, which from an earlier forming stage first walks this table to `submitted_to_state`, one `company.status.changed` per stage)',
  close: 'the company is dissolved, or its formation cancelled',
};

/**
 * The company stage machine (lib/lifecycle/company-stage.ts) as a Markdown table, one row per move.
 * The lifecycle guide (docs/guide/lifecycle.md) and the API reference (the OpenAPI document's
 * description) both show exactly this text, and a unit test holds the guide to it, so the three cannot
 * disagree.
 */
export function stageMachineMarkdown(): string {
  const rows = COMPANY_STAGE_MOVES.map((m) => {
    const needs = m.needsVerification ? '; only once every owner’s identity document is in (`verification: verified`)' : '';
    return `| \`${m.to}\` | ${m.from.map((s) => `\`${s}\``).join(', ')} | ${MADE_BY[m.via]}${needs} |`;
  });
  return ['| to | from | made by |', '|---|---|---|', ...rows].join('\n');
}
