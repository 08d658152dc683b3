import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flag, type CliArgs } from './cli-args';
import { LOCAL_ONLY_VARIABLES, STAGE_OUTPUTS, stackNameOf, type StageOutputKey } from './stage-outputs';

/** Where an operator run works: the embedded default's DynamoDB Local, or a deployed stage. */
export interface Target {
  stage: string;
  table: string;
  region: string;
  /** DynamoDB Local's endpoint; undefined for a deployed stage. */
  endpoint?: string;
  /** A deployed stage's audit function URL and log group (the embedded default audits into its table). */
  audit?: { url: string; logGroup: string };
  description: string;
}

export class OperatorError extends Error {}

/** Reads a stack's outputs (CloudFormation DescribeStacks in AWS; a stand-in in tests). */
export type ReadStackOutputs = (stackName: string, region: string) => Promise<Record<string, string> | undefined>;

/**
 * The target of a run, from `--stage`, which is required: `local` is `npm start`'s DynamoDB Local
 * (found through `${LOCAL_DIR:-.local}/credentials.json`); any other name is a deployed stage, whose
 * settings are read from its stack's outputs (STAGE_OUTPUTS) and nowhere else: a missing output stops
 * the run, and nothing of the embedded default (endpoints, local folder, local keys) is left in the
 * environment lib/ reads. Sets that environment, so it must run before the first store call.
 */
export async function resolveTarget(
  args: CliArgs,
  options: { env?: NodeJS.ProcessEnv; readOutputs: ReadStackOutputs; regionOf?: (stage: string) => string | undefined },
): Promise<Target> {
  const env = options.env ?? process.env;
  const stage = flag(args, 'stage');
  if (!stage)
    throw new OperatorError(
      '--stage is required: `--stage local` for the embedded default (npm start), or the deployed stage (e.g. --stage prod). Nothing is assumed.',
    );
  if (flag(args, 'table')) throw new OperatorError('--table is gone: name the stage (--stage prod); its table is read from its stack.');
  if (stage === 'local') return localTarget(env);

  const region = flag(args, 'region') ?? options.regionOf?.(stage) ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region)
    throw new OperatorError(
      `--stage ${stage} needs its region: pass --region (the stage's region in infra/aws/stages.ts), or set AWS_REGION.`,
    );
  const stack = stackNameOf(stage);
  const outputs = await options.readOutputs(stack, region);
  if (!outputs) throw new OperatorError(`No stack ${stack} in ${region}: deploy the stage first (docs/platform.md, "Deploying to AWS").`);
  const missing = (Object.keys(STAGE_OUTPUTS) as StageOutputKey[]).filter((key) => !outputs[key]);
  if (missing.length)
    throw new OperatorError(`The stack ${stack} has no output ${missing.join(', ')}: deploy this commit's stack first, then run again.`);
  for (const name of LOCAL_ONLY_VARIABLES) delete env[name];
  for (const [key, variable] of Object.entries(STAGE_OUTPUTS)) env[variable] = outputs[key];
  env.STAGE = stage;
  env.AWS_REGION = region;
  return {
    stage,
    table: outputs.TableName,
    region,
    audit: { url: outputs.OperatorAuditUrl, logGroup: outputs.OperatorAuditLogGroup },
    description: `stage ${stage} (stack ${stack}, table ${outputs.TableName} in ${region})`,
  };
}

function localTarget(env: NodeJS.ProcessEnv): Target {
  const file = join(env.LOCAL_DIR ?? '.local', 'credentials.json');
  if (!existsSync(file)) throw new OperatorError(`No ${file}: start the embedded default (npm start) first.`);
  const creds = JSON.parse(readFileSync(file, 'utf8')) as {
    dynamodb_endpoint: string;
    table_name: string;
    base_url?: string;
    webhook_queue_urls?: string[];
  };
  env.DYNAMODB_ENDPOINT = creds.dynamodb_endpoint;
  // The runtime's lane shards (its SQS stand-in): endpoint-resend and -recover queue deliveries there.
  if (creds.webhook_queue_urls?.length) {
    env.WEBHOOK_QUEUE_URLS = creds.webhook_queue_urls.join(',');
    env.SQS_ENDPOINT = new URL(creds.webhook_queue_urls[0]).origin;
  }
  env.TABLE_NAME = creds.table_name;
  env.AWS_REGION = 'us-east-1';
  env.STAGE = 'local';
  if (creds.base_url) env.PUBLIC_URL = new URL(creds.base_url).origin;
  return {
    stage: 'local',
    table: creds.table_name,
    region: 'us-east-1',
    endpoint: creds.dynamodb_endpoint,
    description: `DynamoDB Local (${creds.dynamodb_endpoint}) table ${creds.table_name}`,
  };
}
