import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * EVERY SETTING OF EVERY STAGE, COMMITTED HERE. A deploy reads nothing else (no `-c key=value` beyond
 * `-c stage=…`), so a rollback is `git checkout <good> && npx cdk deploy -c stage=prod` and gives the
 * stage exactly the settings it had at that commit. A production stage that lacks a setting does not
 * synthesize: `resolveStage` names every missing one (docs/decisions.md, "Stage settings").
 */

/** Where alarms page a human beside e-mail: an HTTPS endpoint subscribed to the alarm topic, or a Slack channel through AWS Chatbot. */
export type PagerTarget = { kind: 'https'; url: string } | { kind: 'slack'; workspaceId: string; channelId: string };

/** What a committed stage says; `resolveStage` turns it into `StageSettings` or refuses it. */
export interface StageDefinition {
  name: string;
  /** Prefix of every physical name (functions, queues, alarms, dashboard): short, so names stay under 64 characters. */
  prefix: string;
  /** A production stage refuses to synthesize without every setting of PRODUCTION_REQUIRED, and keeps its data. */
  production: boolean;
  /** The AWS account and region the stage deploys into: a deploy with another account's credentials is refused. */
  account?: string;
  region?: string;
  /**
   * Which stage of the account holds what exists once per account (API Gateway's CloudWatch role, the
   * account-wide alarms: Lambda concurrency and throttles, SES reputation): `self`, or the name of the
   * stage that does, which must be deployed first into the same account.
   */
  accountPieces: 'self' | string;
  /** A custom domain (`api.example.com`) and its regional ACM certificate; without one the execute-api address is public. */
  domain?: { name?: string; certificateArn?: string };
  /**
   * The SES identity that sends owner e-mail (a domain verified in SES) and the From address. `ownsIdentity`:
   * this stage creates the identity; false when another stage of the account created it for the same domain.
   */
  email: { domain?: string; from?: string; ownsIdentity: boolean };
  /** Where alarms go: an e-mail subscribed to the alarm topic, and a pager target (required in production). */
  alarms: { email?: string; pager?: PagerTarget };
  /** Who issues the wholesale invoices (the hosted invoice and its PDF): name, then address and contact lines. */
  invoiceIssuer: { name?: string; lines?: string[] };
  /** Where partners read the docs; default `{publicUrl}/docs`. */
  docsUrl?: string;
  /** Prefix of runbook links in alarm descriptions, e.g. `https://github.com/org/repo/blob/main/` (ending in `/`). */
  runbookBaseUrl?: string;
  /**
   * API Gateway's stage throttle: a backstop for the whole API, well above the per-key limits (30/s
   * burst and 120/min per key by default, counted in DynamoDB), so it trips only when something is wrong.
   */
  throttle: { rateLimit: number; burstLimit: number };
  /** The web ACL's per-address rate rule (constructs/edge.ts): requests one address may send in 5 minutes. */
  waf: { ratePerAddress: number };
  logRetention: RetentionDays;
  /**
   * The Lambda concurrency quota of the stage's account (Service Quotas L-B99A9384: often 10 or 100 in a
   * new account, not AWS's usual 1,000), as `npm run ops -- preflight --stage <stage>` reads it. The
   * account alarm fires at 80 % of it, and the reservations below must leave Lambda its 100 unreserved.
   */
  accountConcurrency?: number;
  /**
   * Concurrency reserved for the pipeline, so a burst of API traffic can never starve it: the fan-out
   * and the sequencer's backstop (each runs one invocation per stream shard), and the signer (at least
   * lanes × signerConcurrency, what its mappings may run at once, or SQS hands the throttled messages
   * back and they use up their receives). Unset: nothing reserved (an account too small to reserve).
   */
  reservedConcurrency?: { fanout: number; sequencer: number; signer: number };
  shards: {
    /**
     * Webhook delivery lane shards (lib/webhooks/lane-shards.ts): that many FIFO lane queues, each with
     * its own DLQ and signer mapping. May grow, never shrink (docs/decisions.md, "Sharded lanes").
     */
    lanes: number;
    /** Partitions of pending events per partner+mode (lib/event-log). May grow, never shrink. */
    eventPending: number;
    /** Index shards of the partner and type event streams (lib/event-log). May grow, never shrink. */
    eventIndex: number;
  };
  /** Signer invocations each lane shard's mapping runs at once (2 to 1,000): lanes × this in all (docs/capacity.md, "Delivery"). */
  signerConcurrency: number;
  /** How long uploaded identity documents are kept (KYC records), in days. */
  identityDocumentDays: number;
  /**
   * How a deploy moves the `live` alias of the write routes' and the pipeline's functions to their new
   * version (infra/aws/constructs/deployment.ts): part of the traffic first, rolled back by CodeDeploy
   * on the function's errors or the API's 5xx rate and latency; `all-at-once` still rolls back on them.
   */
  trafficShift: 'canary-10-percent-5-minutes' | 'linear-10-percent-every-minute' | 'all-at-once';
  /** Timeout of API functions: API Gateway gives up at 29 s; our reads and writes take milliseconds. */
  apiTimeout: Duration;
  /**
   * A table restored from point-in-time recovery, switched in for the stack's own (docs/platform.md,
   * "Restoring the table"): its name and the ARN of the stream enabled on it. Unset: the stack's own table.
   */
  restoredTable?: { name: string; streamArn: string };
}

/** What a stage's resources are built from: a definition with every production setting present. */
export interface StageSettings extends StageDefinition {
  accountConcurrency: number;
  /** Keep data when the stack is deleted or a resource replaced (production), or clean up (previews). */
  removalPolicy: RemovalPolicy;
  email: { domain: string; from: string; ownsIdentity: boolean };
  invoiceIssuer: { name?: string; lines?: string[] };
}

export const STAGES: Record<string, StageDefinition> = {
  // A throwaway stage for trying a change in an account of its own (`npx cdk destroy` removes everything).
  'sandbox-preview': {
    name: 'sandbox-preview',
    prefix: 'papi-preview',
    production: false,
    accountPieces: 'self',
    email: { domain: 'example.com', ownsIdentity: true },
    alarms: {},
    invoiceIssuer: {},
    throttle: { rateLimit: 200, burstLimit: 400 },
    waf: { ratePerAddress: 3000 },
    logRetention: RetentionDays.TWO_WEEKS,
    // The quota of the preview's account: set yours (npm run ops -- preflight says what the account grants).
    accountConcurrency: 1000,
    shards: { lanes: 2, eventPending: 16, eventIndex: 8 },
    signerConcurrency: 5,
    identityDocumentDays: 30,
    // A preview is for trying a change quickly: the alias moves at once (and still rolls back on an alarm).
    trafficShift: 'all-at-once',
    apiTimeout: Duration.seconds(10),
  },
  // Production's last stop, in production's account beside it: every account-wide piece is prod's.
  staging: {
    name: 'staging',
    prefix: 'papi-staging',
    production: false,
    accountPieces: 'prod',
    email: { domain: 'staging.example.com', ownsIdentity: true },
    alarms: {},
    invoiceIssuer: {},
    throttle: { rateLimit: 200, burstLimit: 400 },
    waf: { ratePerAddress: 3000 },
    logRetention: RetentionDays.ONE_MONTH,
    // Production's account's quota while staging shares it (prod's alarm watches it), its own account's otherwise.
    accountConcurrency: 1000,
    shards: { lanes: 2, eventPending: 16, eventIndex: 8 },
    signerConcurrency: 5,
    identityDocumentDays: 30,
    trafficShift: 'canary-10-percent-5-minutes',
    apiTimeout: Duration.seconds(10),
  },
  // The platform team fills in what is left undefined here before the first deploy: synthesis names it.
  prod: {
    name: 'prod',
    prefix: 'papi-prod',
    production: true,
    account: undefined,
    region: undefined,
    accountPieces: 'self',
    domain: { name: undefined, certificateArn: undefined },
    email: { domain: undefined, from: undefined, ownsIdentity: true },
    alarms: { email: undefined, pager: undefined },
    invoiceIssuer: { name: undefined, lines: undefined },
    docsUrl: undefined,
    runbookBaseUrl: undefined,
    throttle: { rateLimit: 2000, burstLimit: 4000 },
    // 50 a second from one address, sustained: above a partner's backend behind one NAT at its per-key limits.
    waf: { ratePerAddress: 15000 },
    logRetention: RetentionDays.ONE_YEAR,
    accountConcurrency: undefined,
    shards: { lanes: 4, eventPending: 16, eventIndex: 8 },
    signerConcurrency: 50,
    // lanes × signerConcurrency for the signer; the stream readers one per stream shard, with room.
    reservedConcurrency: { fanout: 10, sequencer: 10, signer: 200 },
    identityDocumentDays: 5 * 365,
    trafficShift: 'canary-10-percent-5-minutes',
    apiTimeout: Duration.seconds(10),
  },
};

/** A change to a committed definition (tests fill in production's settings with it); nested objects are merged. */
export type StagePatch = {
  [K in keyof StageDefinition]?: StageDefinition[K] extends object ? Partial<StageDefinition[K]> : StageDefinition[K];
};

/** Settings a production stage must have, by path, each with what it is for (the refusal prints these). */
export const PRODUCTION_REQUIRED: Record<string, string> = {
  account: 'the AWS account id it deploys into (12 digits)',
  region: 'the AWS region it deploys into (e.g. us-east-1)',
  'domain.name': 'the custom domain partners call (e.g. api.example.com)',
  'domain.certificateArn': "a regional ACM certificate for the domain, in the stage's region",
  'email.domain': 'the SES domain identity owner e-mail is sent from (DKIM records are stack outputs)',
  'email.from': 'the From address of owner e-mail (e.g. no-reply@example.com)',
  'alarms.email': 'the on-call address subscribed to the alarm topic',
  'alarms.pager': "a pager target: { kind: 'https', url } or { kind: 'slack', workspaceId, channelId }",
  'invoiceIssuer.name': 'the legal name on wholesale invoices',
  'invoiceIssuer.lines': 'address and contact lines under it on invoices',
  runbookBaseUrl: 'where alarm descriptions link runbooks (e.g. https://github.com/org/repo/blob/main/)',
  accountConcurrency: "the account's Lambda concurrency quota (Service Quotas L-B99A9384; npm run ops -- preflight --stage prod reads it)",
};

/** Settings that used to be `-c key=value` and now live in this file: refused, so none is silently dropped. */
export const RETIRED_CONTEXT_KEYS = ['domainName', 'certificateArn', 'emailDomain', 'mailFrom', 'alarmEmail', 'docsUrl', 'runbookBaseUrl'];

function valueAt(definition: StageDefinition, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), definition);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function merged(definition: StageDefinition, patch: StagePatch = {}): StageDefinition {
  const out: Record<string, unknown> = { ...definition };
  for (const [key, value] of Object.entries(patch)) {
    const base = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && base && typeof base === 'object' && !(value instanceof Duration)
        ? { ...base, ...value }
        : value;
  }
  return out as unknown as StageDefinition;
}

/** Why a definition cannot deploy (empty when it can): every missing production setting, and settings that contradict each other. */
export function problemsOf(definition: StageDefinition, stages: Record<string, StageDefinition> = STAGES): string[] {
  const problems: string[] = [];
  if (definition.production) {
    for (const [path, what] of Object.entries(PRODUCTION_REQUIRED))
      if (isMissing(valueAt(definition, path))) problems.push(`${path}: ${what}`);
  }
  if (definition.account !== undefined && !/^[0-9]{12}$/.test(definition.account)) problems.push('account: 12 digits');
  if (!isMissing(definition.domain?.name) !== !isMissing(definition.domain?.certificateArn))
    problems.push('domain: name and certificateArn go together (a regional ACM certificate for the name)');
  const pager = definition.alarms.pager;
  if (pager?.kind === 'https' && !/^https:\/\//.test(pager.url)) problems.push('alarms.pager.url: an https:// address');
  if (definition.runbookBaseUrl !== undefined && !/^https:\/\/.+\/$/.test(definition.runbookBaseUrl))
    problems.push('runbookBaseUrl: an https:// address ending in /');
  if (!definition.production && isMissing(definition.accountConcurrency))
    problems.push("accountConcurrency: the account's Lambda concurrency quota (npm run ops -- preflight reads it)");
  problems.push(...reservationProblems(definition));
  if (definition.accountPieces !== 'self') {
    const owner = stages[definition.accountPieces];
    if (!owner) problems.push(`accountPieces: no stage named '${definition.accountPieces}'`);
    else if (owner.accountPieces !== 'self') problems.push(`accountPieces: '${owner.name}' does not own its account's pieces itself`);
    // Checked once the owner's account is set (a production owner without one is refused on its own).
    else if (owner.account !== undefined && (owner.account !== definition.account || owner.region !== definition.region))
      problems.push(
        `accountPieces: '${owner.name}' is in another account or region; set the same account and region, or accountPieces: 'self' for an account of its own`,
      );
  }
  return problems;
}

/** Lambda keeps this much of an account's concurrency unreserved: reservations may never take it. */
export const UNRESERVED_FLOOR = 100;

/** Why a stage's reserved concurrency cannot be granted or would starve its own signer's mappings. */
function reservationProblems(definition: StageDefinition): string[] {
  const reserved = definition.reservedConcurrency;
  if (!reserved) return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(reserved))
    if (!Number.isInteger(value) || value < 1) problems.push(`reservedConcurrency.${name}: a whole number of 1 or more, not ${value}`);
  const mappings = definition.shards.lanes * definition.signerConcurrency;
  if (reserved.signer < mappings)
    problems.push(
      `reservedConcurrency.signer: at least ${mappings} (lanes ${definition.shards.lanes} × signerConcurrency ${definition.signerConcurrency}), not ${reserved.signer}`,
    );
  const total = reserved.fanout + reserved.sequencer + reserved.signer;
  if (definition.accountConcurrency !== undefined && total + UNRESERVED_FLOOR > definition.accountConcurrency)
    problems.push(
      `reservedConcurrency: ${total} reserved leaves less than Lambda's ${UNRESERVED_FLOOR} unreserved of accountConcurrency ${definition.accountConcurrency}; lower it or raise the quota`,
    );
  return problems;
}

/**
 * Pieces two stages of one account would both claim: a prefix (every physical name starts with it),
 * the account-wide pieces, an SES identity. Stages with no account set are taken to share one.
 */
export function collisionsBetween(stages: Record<string, StageDefinition> = STAGES): string[] {
  const out: string[] = [];
  const list = Object.values(stages);
  for (const [i, a] of list.entries()) {
    for (const b of list.slice(i + 1)) {
      if (a.prefix === b.prefix) out.push(`${a.name} and ${b.name} share the prefix ${a.prefix}`);
      const sameAccount = a.account === b.account && a.region === b.region;
      if (!sameAccount) continue;
      if (a.accountPieces === 'self' && b.accountPieces === 'self' && a.account !== undefined)
        out.push(`${a.name} and ${b.name} both own the account-wide pieces of ${a.account}`);
      if (a.email.ownsIdentity && b.email.ownsIdentity && a.email.domain && a.email.domain === b.email.domain && a.account !== undefined)
        out.push(`${a.name} and ${b.name} both create the SES identity ${a.email.domain}`);
    }
  }
  return out;
}

/**
 * The settings of stage `name`: its committed definition (with `patch`, for tests), checked. Throws one
 * error naming every missing production setting, so a forgotten one is found before anything deploys.
 */
export function resolveStage(name: string, patch?: StagePatch, stages: Record<string, StageDefinition> = STAGES): StageSettings {
  const committed = stages[name];
  if (!committed) throw new Error(`Unknown stage "${name}": use -c stage=${Object.keys(stages).join('|')}.`);
  const definition = merged(committed, patch);
  const problems = problemsOf(definition, stages);
  if (problems.length)
    throw new Error(
      `Stage ${name} cannot deploy: set these in infra/aws/stages.ts and commit them:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  const emailDomain = definition.email.domain ?? 'example.com';
  return {
    ...definition,
    accountConcurrency: definition.accountConcurrency!,
    removalPolicy: definition.production ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    email: { ...definition.email, domain: emailDomain, from: definition.email.from ?? `no-reply@${emailDomain}` },
  };
}

/** The stage `cdk synth`/`deploy` asked for with `-c stage=…`; other settings given with `-c` are refused (they live here). */
export function stageFromContext(tryGet: (key: string) => unknown): StageSettings {
  const given = RETIRED_CONTEXT_KEYS.filter((key) => tryGet(key) !== undefined);
  if (given.length)
    throw new Error(
      `-c ${given.join(', -c ')}: stage settings are no longer given on the command line (a rollback would drop them); set them in infra/aws/stages.ts and commit.`,
    );
  return resolveStage(String(tryGet('stage') ?? 'sandbox-preview'));
}
