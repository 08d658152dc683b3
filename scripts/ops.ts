import { createInterface } from 'node:readline/promises';
import { runOps } from '../lib/operator/run-ops';
import { resetDbClient } from '../lib/store/client';

/** `npm run ops -- <action> …`: the operator CLI (lib/operator/run-ops.ts). */
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
});
resetDbClient();
process.exit(code);
