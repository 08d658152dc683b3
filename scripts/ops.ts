import { createInterface } from 'node:readline/promises';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { runOps } from '../lib/operator/run-ops';
import { resetDbClient } from '../lib/store/client';

/** A deployed stage's stack outputs (lib/operator/stage-outputs.ts), or undefined when there is no such stack. */
async function readOutputs(stackName: string, region: string): Promise<Record<string, string> | undefined> {
  const client = new CloudFormationClient({ region });
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const stack = Stacks?.[0];
    return stack ? Object.fromEntries((stack.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue ?? ''])) : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'ValidationError') return undefined; // "Stack … does not exist"
    throw error;
  } finally {
    client.destroy();
  }
}

/**
 * The pre-flight (scripts/ops-preflight.ts) runs before a stage exists, with the platform team's own
 * credentials: it is not an operator act, and the account reads it makes (SES, ACM, Chatbot, Lambda,
 * Service Quotas, IAM) must not become the operator role's rights, which are read from the code this
 * file imports (infra/aws/access/). So it is loaded by a path the code analysis does not follow.
 */
const PREFLIGHT = './ops-preflight.ts';

/** `npm run ops -- <action> … --stage …`: the operator CLI (lib/operator/run-ops.ts). */
const io = {
  out: (text: string) => console.log(text),
  err: (text: string) => console.error(text),
};
if (process.argv[2] === 'preflight') {
  const { preflight } = (await import(PREFLIGHT)) as typeof import('./ops-preflight');
  process.exit(await preflight(process.argv.slice(3), io));
}
const code = await runOps(process.argv.slice(2), {
  ...io,
  ask: async (question) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  },
  readOutputs,
});
resetDbClient();
process.exit(code);
