import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flag, type CliArgs } from './cli-args';

/** The table an operator run works on, and whether it is the embedded default's or a real one. */
export interface Target {
  table: string;
  region: string;
  /** DynamoDB Local's endpoint; undefined for a real table in AWS. */
  endpoint?: string;
  description: string;
}

export class OperatorError extends Error {}

/**
 * `--table NAME --region REGION` names a real table (credentials from the usual AWS chain); without
 * them the run works on the embedded default's DynamoDB Local, found through
 * `${LOCAL_DIR:-.local}/credentials.json` (written by `npm start`). Sets the environment lib/ reads,
 * so it must run before the first store call.
 */
export function resolveTarget(args: CliArgs, env: NodeJS.ProcessEnv = process.env): Target {
  const table = flag(args, 'table');
  let target: Target;
  if (table) {
    const region = flag(args, 'region') ?? env.AWS_REGION;
    if (!region) throw new OperatorError('--table needs --region (or AWS_REGION).');
    target = { table, region, description: `table ${table} in ${region}` };
    delete env.DYNAMODB_ENDPOINT;
  } else {
    const file = join(env.LOCAL_DIR ?? '.local', 'credentials.json');
    if (!existsSync(file))
      throw new OperatorError(`No ${file}: start the embedded default (npm start), or name a real table with --table and --region.`);
    const creds = JSON.parse(readFileSync(file, 'utf8')) as { dynamodb_endpoint: string; table_name: string };
    target = {
      table: creds.table_name,
      region: 'us-east-1',
      endpoint: creds.dynamodb_endpoint,
      description: `DynamoDB Local (${creds.dynamodb_endpoint}) table ${creds.table_name}`,
    };
    env.DYNAMODB_ENDPOINT = creds.dynamodb_endpoint;
    env.STAGE ??= 'local';
  }
  env.TABLE_NAME = target.table;
  env.AWS_REGION = target.region;
  return target;
}
