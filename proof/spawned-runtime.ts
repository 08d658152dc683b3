import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `npm start`'s runtime in a child process, as the fault proofs need it: killed outright (SIGKILL) and
 * started again on the same data directory, or pointed at a fault proxy through its environment.
 */
export interface SpawnedRuntime {
  child: ChildProcess;
  credentials: {
    base_url: string;
    test_key: string;
    live_key: string;
    dashboard_url: string;
    dashboard_session: string;
    /** The lane shards' queues, shard 0 first (infra/local/webhook-pipeline.ts). */
    webhook_queue_urls: string[];
  };
  /** The runtime's structured ERROR log lines so far, counted by message (and error name). */
  logged: Record<string, number>;
  /** The last 20 kB it wrote to stderr. */
  stderr(): string;
}

export interface SpawnOptions {
  localDir: string;
  port: number;
  /** `--in-memory`: DynamoDB Local keeps nothing on disk. */
  inMemory?: boolean;
  env?: Record<string, string>;
}

const STARTUP_DEADLINE_MS = 120_000;

export async function spawnRuntime(options: SpawnOptions): Promise<SpawnedRuntime> {
  // --exit-with-stdin: should this process die, the runtime (and its DynamoDB Local) goes with it.
  const args = ['--import', 'tsx', 'infra/local/main.ts', '--exit-with-stdin', ...(options.inMemory ? ['--in-memory'] : [])];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(options.port),
      LOCAL_DIR: options.localDir,
      LOG_LEVEL: 'ERROR',
      LOCAL_RATE_LIMIT_BURST: '100000',
      LOCAL_RATE_LIMIT_SUSTAINED: '10000000',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const logged: Record<string, number> = {};
  const countErrors = errorLineCounter(logged);
  const fromStdout = countErrors();
  const fromStderr = countErrors();
  child.stdout!.on('data', (d: Buffer) => {
    if (out.length < 100_000) out += d;
    fromStdout(d);
  });
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d).slice(-20_000);
    fromStderr(d);
  });
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (!/^Ready: /m.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`runtime did not start: ${out}\n${err}`);
    }
    await sleep(100);
  }
  return { child, logged, stderr: () => err, credentials: JSON.parse(readFileSync(join(options.localDir, 'credentials.json'), 'utf8')) };
}

/** Resolves once the child has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)));

/** Stops a runtime the polite way (SIGTERM: DynamoDB Local and the server shut down) and waits. */
export async function stopRuntime(runtime: SpawnedRuntime): Promise<void> {
  const done = exited(runtime.child);
  runtime.child.kill('SIGTERM');
  await done;
}

/** Powertools writes JSON lines; count the ERROR ones by message and error name, per stream. */
function errorLineCounter(logged: Record<string, number>) {
  return () => {
    let partial = '';
    return (d: Buffer) => {
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"level":"ERROR"')) continue;
        try {
          const entry = JSON.parse(line) as { message?: string; error?: { name?: string } };
          const what = `${entry.message}${entry.error?.name ? ` (${entry.error.name})` : ''}`;
          logged[what] = (logged[what] ?? 0) + 1;
        } catch {
          logged['unparsed log line'] = (logged['unparsed log line'] ?? 0) + 1;
        }
      }
    };
  };
}
