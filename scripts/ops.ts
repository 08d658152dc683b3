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

/** `npm run ops -- <action> … --stage …`: the operator CLI (lib/operator/run-ops.ts). */
const code = await runOps(process.argv.slice(2), {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
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
