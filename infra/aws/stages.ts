import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/**
 * What differs between stages. Everything else (the resources, their wiring, their rights) is the
 * same code for every stage, so a preview deploy tries exactly what production will run.
 */
export interface StageSettings {
  name: string;
  /** Prefix of every physical name (functions, dashboard, alarms): short, so names stay under 64 characters. */
  prefix: string;
  /**
   * API Gateway's stage throttle: a backstop for the whole API, well above the per-key limits
   * (30/s burst and 120/min per key by default, counted in DynamoDB), so it only ever trips when
   * something is wrong (a runaway client across many keys, an attack), never in normal traffic.
   */
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  /** Keep data when the stack is deleted (production), or clean up (previews). */
  removalPolicy: RemovalPolicy;
  /** Lambda concurrency that the account grants (alarm threshold is 80 % of it). */
  accountConcurrency: number;
  /**
   * Webhook delivery lane shards (lib/webhooks/lane-shards.ts): that many FIFO lane queues, each
   * with its own DLQ and signer mapping. May grow, never shrink (an endpoint keeps the shard it was
   * created on; docs/decisions.md, "Sharded lanes").
   */
  laneShards: number;
  /**
   * How many signer invocations each lane shard's mapping runs at once (2 to 1,000): bounds outbound
   * webhook traffic, laneShards × this in all (docs/capacity.md, "Delivery").
   */
  signerConcurrency: number;
  /** How long uploaded identity documents are kept (KYC records), in days. */
  identityDocumentDays: number;
  /** Timeout of API functions: API Gateway gives up at 29 s; our reads and writes take milliseconds. */
  apiTimeout: Duration;
}

export const STAGES: Record<string, StageSettings> = {
  'sandbox-preview': {
    name: 'sandbox-preview',
    prefix: 'papi-preview',
    throttle: { rateLimit: 200, burstLimit: 400 },
    logRetention: RetentionDays.TWO_WEEKS,
    removalPolicy: RemovalPolicy.DESTROY,
    accountConcurrency: 1000,
    laneShards: 2,
    signerConcurrency: 5,
    identityDocumentDays: 30,
    apiTimeout: Duration.seconds(10),
  },
  prod: {
    name: 'prod',
    prefix: 'papi-prod',
    throttle: { rateLimit: 2000, burstLimit: 4000 },
    logRetention: RetentionDays.ONE_YEAR,
    removalPolicy: RemovalPolicy.RETAIN,
    accountConcurrency: 1000,
    laneShards: 4,
    signerConcurrency: 50,
    identityDocumentDays: 5 * 365,
    apiTimeout: Duration.seconds(10),
  },
};

/** Optional settings given with `-c key=value` (none is needed to synthesize). */
export interface StageOptions {
  /** `api.example.com`: a custom domain for the API (needs `certificateArn`, a regional ACM certificate). */
  domainName?: string;
  certificateArn?: string;
  /** The SES identity that sends owner e-mail (a domain verified in SES), and the From address. */
  emailDomain: string;
  mailFrom: string;
  /** Where alarms are sent (an e-mail subscribed to the alarm topic); none: the topic only. */
  alarmEmail?: string;
  /** Where the docs live; defaults to `{publicUrl}/docs`. */
  docsUrl?: string;
  /** Prefix of runbook links in alarm descriptions, e.g. `https://github.com/org/repo/blob/main/`. */
  runbookBaseUrl?: string;
}

export function stageFromContext(tryGet: (key: string) => unknown): { settings: StageSettings; options: StageOptions } {
  const name = String(tryGet('stage') ?? 'sandbox-preview');
  const settings = STAGES[name];
  if (!settings) throw new Error(`Unknown stage "${name}": use -c stage=${Object.keys(STAGES).join('|')}.`);
  const str = (key: string) => {
    const v = tryGet(key);
    return v === undefined || v === '' ? undefined : String(v);
  };
  const emailDomain = str('emailDomain') ?? 'example.com';
  const domainName = str('domainName');
  const certificateArn = str('certificateArn');
  if (domainName && !certificateArn) throw new Error('-c domainName needs -c certificateArn (a regional ACM certificate).');
  return {
    settings,
    options: {
      domainName,
      certificateArn,
      emailDomain,
      mailFrom: str('mailFrom') ?? `no-reply@${emailDomain}`,
      alarmEmail: str('alarmEmail'),
      docsUrl: str('docsUrl'),
      runbookBaseUrl: str('runbookBaseUrl'),
    },
  };
}
