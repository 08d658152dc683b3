import * as z from 'zod';

/**
 * Every environment variable this repository reads, in one place: its name, its value when unset,
 * who reads it and what it sets. The README's configuration table is tested against it
 * (test/unit/config.test.ts), and so is every `process.env` read of lib/, functions/ and infra/local/.
 *
 * The environment is parsed once at a deployed function's cold start (lib/config/cold-start.ts, put
 * ahead of every bundle by infra/aws/bundling.ts) and the function refuses to start when it is wrong:
 * `STAGE` unset (only the embedded default and the test stack run as `local`, and both say so), a
 * value that does not parse, or, outside `local`, a variable production requires missing. Nothing
 * falls back to the embedded default's fixed keys, outbox or loopback webhooks by omission.
 */
export interface Variable {
  /** What it sets, in a line (the README's table says it for the embedded default's). */
  what: string;
  /** Its value when unset; neither this nor `unsetMeans`: unset means "not used". */
  unset?: string;
  /** What unset means when that is worked out, not one value (the README's words). */
  unsetMeans?: string;
  /** Who reads it: the deployed functions (and the embedded default's same handlers), the embedded default alone, or the operator's CLI. */
  readBy: 'functions' | 'embedded default' | 'operator CLI';
  /** Outside `STAGE=local` the function refuses to start without it (the stack gives every function each of these). */
  requiredInProduction?: true;
  /** Listed in the README's "Configuration of the embedded default" table. */
  inReadme?: true;
  /** What a set value must look like; any text when not given. */
  value?: z.ZodType<string>;
}

const count = z.string().regex(/^[1-9]\d*$/, 'a whole number of 1 or more, such as 4');
const amount = z.string().regex(/^\d+(\.\d+)?$/, 'a number of 0 or more, such as 2000');
const url = z.url({ message: 'an absolute URL, such as https://api.example.com' });
const urls = z.string().regex(/^\s*[^,\s]+(\s*,\s*[^,\s]+)*\s*$/, 'comma-separated URLs, shard 0 first');
const level = z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']);

export const VARIABLES = {
  STAGE: {
    what: 'the stage this runs as: `local` for the embedded default and the test stack (which set it), else the deployed stage (the stack sets it)',
    readBy: 'functions',
    value: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a stage name such as prod or local'),
  },
  TABLE_NAME: { what: 'the one DynamoDB table', unset: 'partner-api', readBy: 'functions', requiredInProduction: true },
  DYNAMODB_ENDPOINT: { what: "DynamoDB Local's address; unset on AWS", readBy: 'functions', value: url },
  AWS_REGION: { what: 'the AWS region (Lambda sets it)', unset: 'us-east-1', readBy: 'functions' },
  PUBLIC_URL: {
    what: 'the public origin of the deployment (status links, the dashboard, mail)',
    unset: 'http://127.0.0.1:3000',
    readBy: 'functions',
    requiredInProduction: true,
    value: url,
  },
  DOCS_URL: { what: "where the error envelope's `type` links point", unsetMeans: '`PUBLIC_URL`/docs', readBy: 'functions', value: url },
  INVOICE_ISSUER_NAME: { what: 'who issues the wholesale invoices', unset: 'Partner API', readBy: 'functions' },
  INVOICE_ISSUER_LINES: {
    what: "the issuer's address and contact lines, separated by `|`",
    unsetMeans: 'Wholesale billing|<public host>',
    readBy: 'functions',
  },
  KMS_KEY_ID: {
    what: 'the KMS key that seals webhook secrets; unset: a key file in `LOCAL_DIR`',
    readBy: 'functions',
    requiredInProduction: true,
  },
  CURSOR_KEY_SECRET: {
    what: "the Secrets Manager secret of the page cursors' signing keys",
    readBy: 'functions',
    requiredInProduction: true,
  },
  HOSTED_LINK_KEY_SECRET: {
    what: "the Secrets Manager secret of hosted invoice links' signing keys",
    readBy: 'functions',
    requiredInProduction: true,
  },
  ONE_TIME_CODE_KEY_SECRET: {
    what: "the Secrets Manager secret of the key of one-time codes' stored hashes",
    readBy: 'functions',
    requiredInProduction: true,
  },
  CANARY_KEY_SECRET: { what: "the Secrets Manager secret of the canary's API key", readBy: 'functions', requiredInProduction: true },
  FILES_BUCKET: {
    what: 'the S3 bucket of uploaded files; unset: files on disk in `LOCAL_DIR`',
    readBy: 'functions',
    requiredInProduction: true,
  },
  MAIL_FROM: { what: 'the sender of e-mail (SES)', unsetMeans: 'no-reply@<public host>', readBy: 'functions' },
  CURSOR_SIGNING_KEY: { what: "the embedded default's cursor key (never read outside `local`)", readBy: 'functions' },
  HOSTED_LINK_SIGNING_KEY: { what: "the embedded default's hosted-link key (never read outside `local`)", readBy: 'functions' },
  ONE_TIME_CODE_SIGNING_KEY: { what: "the embedded default's one-time-code key (never read outside `local`)", readBy: 'functions' },
  LOCAL_DIR: { what: 'database, credentials file, e-mail outbox, files', unset: '.local', readBy: 'functions', inReadme: true },
  AWS_ENDPOINT_URL_S3: { what: 'an S3 stand-in (tests); path-style addressing when set', readBy: 'functions', value: url },
  SQS_ENDPOINT: { what: "the embedded default's queue stand-in", readBy: 'functions', value: url },
  SANDBOX_CLOCK_QUEUE_URL: {
    what: "the queue of the sandbox clock's steps (the stack sets it when it has one)",
    readBy: 'functions',
    value: url,
  },
  MAIL_QUEUE_URL: {
    what: 'the queue of mail waiting for the mail sender (the stack and the embedded default set it)',
    readBy: 'functions',
    value: url,
  },
  WEBHOOK_QUEUE_URLS: {
    what: "the lane shards' FIFO queues, shard 0 first (the stack and the embedded default set it)",
    readBy: 'functions',
    value: urls,
  },
  WEBHOOK_QUEUE_URL: { what: 'the one queue of an unsharded setup', readBy: 'functions', value: url },
  LOG_LEVEL: { what: 'Powertools logger level', unset: 'INFO', readBy: 'functions', inReadme: true, value: level },
  POWERTOOLS_SERVICE_NAME: { what: 'the service name of logs and traces', unset: 'partner-api', readBy: 'functions' },
  POWERTOOLS_METRICS_NAMESPACE: { what: 'the CloudWatch namespace of metrics', unset: 'PartnerApi', readBy: 'functions' },
  EVENT_WAIT_MS: {
    what: 'the longest a contended write waits for its events to be sequenced before answering anyway (docs/decisions.md, "The event log")',
    unset: '10000',
    readBy: 'functions',
    inReadme: true,
    value: amount,
  },
  EVENT_SEQUENCER_LEASE_MS: { what: "how long a drain's lease lasts without renewal", unset: '5000', readBy: 'functions', value: amount },
  EVENT_CONTENDED_MS: {
    what: 'how long a lost sequence race sends writes straight to pending',
    unset: '2000',
    readBy: 'functions',
    value: amount,
  },
  EVENT_DRAIN_LINGER_MS: {
    what: 'how long a drain keeps draining once its writers are answered',
    unset: '200',
    readBy: 'functions',
    value: amount,
  },
  EVENT_BACKSTOP_AFTER_MS: {
    what: 'the age of pending events the backstop acts on',
    unsetMeans: '`EVENT_WAIT_MS` + the lease',
    readBy: 'functions',
    value: amount,
  },
  EVENT_PENDING_SHARDS: {
    what: 'partitions of pending events per partner+mode (the stack sets 16; may grow, never shrink)',
    unset: '4',
    readBy: 'functions',
    inReadme: true,
    value: count,
  },
  EVENT_INDEX_SHARDS: {
    what: 'index shards of the partner and type event streams (the stack sets 8, the test stack 4; may grow, never shrink)',
    unset: '1',
    readBy: 'functions',
    inReadme: true,
    value: count,
  },
  WEBHOOK_HOLD_MS: { what: 'how long a fresh delivery is held back', unset: '2000', readBy: 'functions', value: amount },
  WEBHOOK_RETRY_DELAYS: {
    what: 'the delays before each retry, in seconds, comma-separated',
    unsetMeans: '5,300,1800,…',
    readBy: 'functions',
  },
  WEBHOOK_RETRY_JITTER: { what: 'the ± fraction of each delay drawn at random', unset: '0.1', readBy: 'functions', value: amount },
  WEBHOOK_RETRY_AFTER_CAP_SECONDS: {
    what: 'the most a `Retry-After` may push the next attempt back',
    unset: '3600',
    readBy: 'functions',
    value: amount,
  },
  WEBHOOK_TIMEOUT_MS: { what: "a delivery's timeout", unset: '15000', readBy: 'functions', value: amount },
  IDEMPOTENCY_LOCK_MS: {
    what: 'how long a claimed `Idempotency-Key` stays locked when its request never finished (a crash); shorter only for experiments (docs/decisions.md, "Idempotency")',
    unset: '60000',
    readBy: 'functions',
    inReadme: true,
    value: amount,
  },
  SIGN_IN_IP_LIMIT: { what: 'sign-in attempts a source address may make a window', unset: '60', readBy: 'functions', value: count },
  SIGNED_OUT_RATE_LIMIT: {
    what: "requests a second and a minute a source address may make to the dashboard's signed-out routes",
    unset: '10,60',
    readBy: 'functions',
    value: z.string().regex(/^[1-9]\d*,[1-9]\d*$/, 'two whole numbers, a second and a minute, such as 10,60'),
  },
  PORT: { what: 'HTTP port of the local API (`127.0.0.1` only)', unset: '3000', readBy: 'embedded default', inReadme: true, value: count },
  DYNAMODB_PORT: { what: "DynamoDB Local's port", unsetMeans: 'a free port', readBy: 'embedded default', inReadme: true, value: count },
  LOCAL_DYNAMODB_VIA: {
    what: 'something between the handlers and DynamoDB Local (proof/dynamodb-fault-proxy.ts)',
    readBy: 'embedded default',
    value: url,
  },
  LOCAL_RATE_LIMIT_BURST: {
    what: "burst ceiling (per second) of the seeded keys, and of the seeded owner's dashboard session (never below the dashboard's 50/s)",
    unset: '30',
    readBy: 'embedded default',
    inReadme: true,
    value: count,
  },
  LOCAL_RATE_LIMIT_SUSTAINED: {
    what: "sustained ceiling (per minute) of the seeded keys and the seeded owner's dashboard session (never below 1,500/min); new keys get the spec's 30/s and 120/min",
    unset: '1200',
    readBy: 'embedded default',
    inReadme: true,
    value: count,
  },
  LOCAL_SCHEDULER: { what: '`off`: no scheduled jobs in the embedded default', readBy: 'embedded default' },
  WEBHOOK_LANE_SHARDS: {
    // More than one, so every local run and test goes through the routing.
    what: 'webhook delivery lane shards: FIFO queues, each with its own signer loop; an endpoint keeps the shard it was created on (docs/decisions.md, "Sharded lanes"; may grow, never shrink)',
    unset: '2',
    readBy: 'embedded default',
    inReadme: true,
    value: count,
  },
  WEBHOOK_LANES_CONCURRENCY: {
    what: 'signer batches in flight at once per lane shard',
    unset: '16',
    readBy: 'embedded default',
    inReadme: true,
    value: count,
  },
  SANDBOX_CLOCK_STEP_MS: { what: "the longest one step of a sandbox clock's advance may run", readBy: 'embedded default', value: amount },
  POWERTOOLS_METRICS_DISABLED: { what: 'no metrics written (the embedded default sets it)', readBy: 'embedded default' },
  OPS_OPERATOR: { what: "who the operator's audit entries name", unsetMeans: '<user>@<host>', readBy: 'operator CLI' },
  USER: { what: "the operator's login name (its audit entries)", readBy: 'operator CLI' },
  HOSTNAME: { what: "the operator's machine (its audit entries)", unset: 'local', readBy: 'operator CLI' },
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;

/** The variable's value, or its value when unset; undefined when neither (an empty value is unset). */
export function variable(name: VariableName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const set = env[name];
  return set !== undefined && set !== '' ? set : (VARIABLES[name] as Variable).unset;
}

/** One variable that is wrong, and how to put it right. */
export interface ConfigurationProblem {
  name: string;
  problem: string;
}

/**
 * The environment parsed by one zod schema: every set variable as its `value` says, `STAGE` always,
 * and outside `STAGE=local` every variable production requires. Returns the problems (none: fine).
 */
export function problemsOf(env: NodeJS.ProcessEnv): ConfigurationProblem[] {
  const production = env.STAGE !== undefined && env.STAGE !== '' && env.STAGE !== 'local';
  const shape: Record<string, z.ZodType> = {};
  for (const [name, v] of Object.entries(VARIABLES) as [string, Variable][]) {
    const value = v.value ?? z.string();
    const required = name === 'STAGE' || (production && v.requiredInProduction);
    shape[name] = required ? value : z.union([z.literal(''), value]).optional();
  }
  const parsed = z.looseObject(shape).safeParse(env);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const missing = env[name] === undefined || env[name] === '';
    return { name, problem: missing ? notSet(name, production) : `is ${JSON.stringify(env[name])}: send ${issue.message}` };
  });
}

function notSet(name: string, production: boolean): string {
  if (name === 'STAGE')
    return 'is not set: the deployed stack sets it to its stage; the embedded default (npm start) and the test stack set `local`. Nothing runs as local by omission.';
  return `is not set, and ${production ? 'production' : 'this stage'} requires it: ${(VARIABLES[name as VariableName] as Variable).what} (the stack sets it for every function).`;
}

/** Thrown at a cold start whose environment is wrong: the function refuses to start. */
export class ConfigurationError extends Error {
  constructor(readonly problems: ConfigurationProblem[]) {
    super(`The configuration is wrong, so this function refuses to start: ${problems.map((p) => `${p.name} ${p.problem}`).join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

/** Throws a ConfigurationError listing every problem of `env`; returns when there is none. */
export function checkConfiguration(env: NodeJS.ProcessEnv = process.env): void {
  const problems = problemsOf(env);
  if (problems.length) throw new ConfigurationError(problems);
}
