import { readFileSync } from 'node:fs';
import { parseOrRefuse } from '../errors';
import { presentCompany } from '../companies/expand-company';
import type { CompanyRecord } from '../resources/company';
import type { CompanyStage } from '../lifecycle/company-stage';
import { COMPANY_STAGES } from '../resources/vocabulary';
import { verifyOwners } from '../lifecycle/operations/verify-owners';
import { moveStage } from '../lifecycle/operations/move-stage';
import { incorporateCompany } from '../lifecycle/operations/incorporate-company';
import { completeOnboarding } from '../lifecycle/operations/complete-onboarding';
import { assignEin } from '../lifecycle/operations/assign-ein';
import { flagNameConflict } from '../lifecycle/operations/flag-name-conflict';
import { identityUpdateInput, updateIdentity } from '../lifecycle/operations/update-identity';
import { dissolveCompany } from '../lifecycle/operations/dissolve-company';
import { cancelCompany } from '../lifecycle/operations/cancel-company';
import { openRequirement, presentRequirement } from '../lifecycle/operations/open-requirement';
import { sandboxRequirementBody, toRequirementInput } from '../requirements/sandbox-requirement-input';
import { withdrawRequirement } from '../lifecycle/operations/withdraw-requirement';
import { actAsSigner, type SignerAction } from '../requirements/signatures';
import { publishFile } from '../files/publish-file';
import { presentFile } from '../store/entities/file';
import { auditOfMonth } from './audit';
import { flag } from './cli-args';
import { OperatorError } from './target';
import type { ActionContext, OperatorAction } from './action';
import { realNow } from '../clock';

const json = (ctx: ActionContext): unknown => {
  const raw = flag(ctx.args, 'json');
  if (!raw) throw new OperatorError("--json '{…}' is required.");
  try {
    return JSON.parse(raw);
  } catch {
    throw new OperatorError('--json is not valid JSON.');
  }
};

const company = (ctx: ActionContext) => ctx.positional(0, 'company id (cmp_…)');
const shown =
  (ctx: ActionContext) =>
  async ({ company: record }: { company: CompanyRecord }) =>
    presentCompany(ctx.scope, record);

/** The lifecycle's operator actions: each calls the lib/ operation its sandbox trigger calls. */
export const lifecycleActions: OperatorAction[] = [
  {
    name: 'verify',
    usage: 'verify <cmp_…>',
    summary: "every owner's identity document is in: company.verified",
    run: (ctx) => verifyOwners(ctx.scope, company(ctx)).then(shown(ctx)),
  },
  {
    name: 'stage',
    usage: 'stage <cmp_…> <stage>',
    summary: `move the formation stage along the stage machine (${COMPANY_STAGES.slice(0, 4).join(', ')})`,
    run: (ctx) => {
      const stage = ctx.positional(1, 'stage');
      if (!(COMPANY_STAGES as readonly string[]).includes(stage)) throw new OperatorError(`Unknown stage '${stage}'.`);
      return moveStage(ctx.scope, company(ctx), stage as CompanyStage).then(shown(ctx));
    },
  },
  {
    name: 'incorporate',
    usage: 'incorporate <cmp_…> [--date YYYY-MM-DD]',
    summary: 'the state accepted the filing: active, company.incorporated',
    run: (ctx) => incorporateCompany(ctx.scope, company(ctx), { incorporation_date: flag(ctx.args, 'date') }).then(shown(ctx)),
  },
  {
    name: 'complete-onboarding',
    usage: 'complete-onboarding <cmp_…>',
    summary: 'a pre_existing company finished onboarding',
    run: (ctx) => completeOnboarding(ctx.scope, company(ctx)).then(shown(ctx)),
  },
  {
    name: 'assign-ein',
    usage: 'assign-ein <cmp_…> --ein NN-NNNNNNN',
    summary: 'the IRS issued the EIN',
    run: (ctx) => assignEin(ctx.scope, company(ctx), { ein: flag(ctx.args, 'ein') }).then(shown(ctx)),
  },
  {
    name: 'name-conflict',
    usage: 'name-conflict <cmp_…>',
    summary: 'the state reports the name taken: a name_change requirement',
    run: (ctx) => flagNameConflict(ctx.scope, company(ctx)).then(shown(ctx)),
  },
  {
    name: 'update',
    usage: 'update <cmp_…> --json \'{"industry":"software"}\'',
    summary: 'change identity fields: company.updated',
    run: (ctx) => updateIdentity(ctx.scope, company(ctx), parseOrRefuse(identityUpdateInput, json(ctx), 'update')).then(shown(ctx)),
  },
  {
    name: 'cancel',
    usage: 'cancel <cmp_…>',
    summary: 'call off a company not yet active: orders not started canceled with credits, requirements closed, status cancelled',
    run: (ctx) => cancelCompany(ctx.scope, company(ctx)).then(shown(ctx)),
  },
  {
    name: 'dissolve',
    usage: 'dissolve <cmp_…>',
    summary: 'dissolve: requirements closed, renewals stopped, company.dissolved',
    run: (ctx) => dissolveCompany(ctx.scope, company(ctx)).then(shown(ctx)),
  },
  {
    name: 'open-requirement',
    usage: 'open-requirement <cmp_…> --json \'{"type":"information","message":"…"}\'',
    summary: 'open a requirement of any type',
    run: async (ctx) =>
      presentRequirement(
        await openRequirement(ctx.scope, toRequirementInput(company(ctx), parseOrRefuse(sandboxRequirementBody, json(ctx), 'requirement'))),
      ),
  },
  {
    name: 'cancel-requirement',
    usage: 'cancel-requirement <rqmt_…> --reason "…"',
    summary: 'withdraw an open requirement',
    run: async (ctx) => {
      const reason = flag(ctx.args, 'reason');
      if (!reason) throw new OperatorError('--reason is required: the partner sees it as cancel_reason.');
      return presentRequirement(await withdrawRequirement(ctx.scope, ctx.positional(0, 'requirement id (rqmt_…)'), reason));
    },
  },
  {
    name: 'signer',
    usage: 'signer <rqmt_…> <index> <view|sign|decline>',
    summary: "record a signer's view, signature or decline",
    run: async (ctx) => {
      const action = ctx.positional(2, 'view|sign|decline');
      if (!['view', 'sign', 'decline'].includes(action)) throw new OperatorError(`Unknown signer action '${action}'.`);
      return presentRequirement(
        await actAsSigner(
          ctx.scope,
          ctx.positional(0, 'requirement id (rqmt_…)'),
          Number(ctx.positional(1, 'signer index')),
          action as SignerAction,
        ),
      );
    },
  },
  {
    name: 'publish-file',
    usage: 'publish-file <cmp_…> --title "Articles of Organization" --path articles.pdf',
    summary: 'publish a document on the company: file.created',
    run: async (ctx) => {
      const title = flag(ctx.args, 'title');
      const path = flag(ctx.args, 'path');
      if (!title || !path) throw new OperatorError('--title and --path are required.');
      return presentFile(await publishFile(ctx.scope, company(ctx), { title, bytes: readFileSync(path) }));
    },
  },
  {
    name: 'audit',
    usage: 'audit [--month YYYY-MM]',
    summary: 'who ran which action this month',
    readOnly: true,
    unscoped: true,
    run: (ctx) => auditOfMonth(flag(ctx.args, 'month') ?? realNow().toISOString().slice(0, 7), ctx.target),
  },
];
