import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';

/**
 * The runtime `npm start` runs (infra/local/main.ts) with a data directory, started directly, or through
 * `npm start` itself in a process group of its own, as a terminal or a process manager starts it.
 */
async function start(
  localDir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
  { throughNpm = false } = {},
): Promise<{ child: ChildProcess; credentials: any }> {
  const environment = { ...process.env, PORT: String(await freePort()), LOCAL_DIR: localDir, LOG_LEVEL: 'ERROR', ...env };
  const child = throughNpm
    ? spawn('npm', ['start', '--silent', '--', ...extra], { env: environment, stdio: ['ignore', 'pipe', 'inherit'], detached: true })
    : spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts', ...extra], {
        env: environment,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const deadline = Date.now() + 240_000;
  while (!/^Ready: /m.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, credentials: JSON.parse(readFileSync(join(localDir, 'credentials.json'), 'utf8')) };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Every process below `pid`, children of children included. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const below: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        below.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return below;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

describe('the embedded default (npm start)', () => {
  // One test, two starts: each start of the runtime costs seconds (Java's), so the restart's second
  // process is also the one killed outright.
  it('keeps data and the seeded keys across a restart, stops DynamoDB Local on Ctrl-C, and leaves no orphan DynamoDB Local when killed outright', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'partner-api-restart-'));
    const first = await start(dir, [], {}, { throughNpm: true });
    const me = await fetch(`${first.credentials.base_url}/me`, { headers: { Authorization: `Bearer ${first.credentials.live_key}` } });
    expect(me.status).toBe(200);
    // Ctrl-C: the terminal signals the whole process group, npm and the runtime alike.
    process.kill(-first.child.pid!, 'SIGINT');
    await exited(first.child);
    const dynamoPort = Number(new URL(first.credentials.dynamodb_endpoint).port);
    expect(await until(async () => !(await portOpen(dynamoPort)))).toBe(true);

    const second = await start(dir);
    const secondPort = Number(new URL(second.credentials.dynamodb_endpoint).port);
    try {
      expect(second.credentials.partner_id).toBe(first.credentials.partner_id);
      expect(second.credentials.live_key).toBe(first.credentials.live_key);
      const again = await fetch(`${second.credentials.base_url}/me`, {
        headers: { Authorization: `Bearer ${second.credentials.live_key}` },
      });
      expect(again.status).toBe(200);
      expect(await portOpen(secondPort)).toBe(true);
    } finally {
      // Killed outright: no signal handler runs, and Java still goes (its guard's stdin closes).
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
    expect(await until(async () => !(await portOpen(secondPort)))).toBe(true);
  }, 600_000);

  it('stops completely when npm itself gets SIGTERM, as a process manager sends it: no runtime and no DynamoDB Local left behind', async () => {
    const { child, credentials } = await start(
      mkdtempSync(join(tmpdir(), 'partner-api-npm-term-')),
      ['--in-memory'],
      {},
      { throughNpm: true },
    );
    const below = descendants(child.pid!);
    expect(below.length).toBeGreaterThanOrEqual(2); // the runtime and DynamoDB Local (with its guard)
    const apiPort = Number(new URL(credentials.base_url).port);
    const dynamoPort = Number(new URL(credentials.dynamodb_endpoint).port);
    try {
      process.kill(child.pid!, 'SIGTERM'); // npm alone, not its process group
      await exited(child);
      expect(child.exitCode).toBe(0);
      expect(await until(async () => below.every((pid) => !alive(pid)))).toBe(true);
      expect(await portOpen(apiPort)).toBe(false);
      expect(await until(async () => !(await portOpen(dynamoPort)))).toBe(true);
    } finally {
      for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL'); // leave nothing behind if it failed
    }
  }, 300_000);

  it('stops promptly and completely on SIGTERM in the middle of a burst: requests answered or cut, no 5xx, Java gone, exit 0', async () => {
    const { child, credentials } = await start(mkdtempSync(join(tmpdir(), 'partner-api-term-')), ['--in-memory'], {
      LOCAL_RATE_LIMIT_BURST: '100000',
      LOCAL_RATE_LIMIT_SUSTAINED: '10000000',
    });
    const dynamoPort = Number(new URL(credentials.dynamodb_endpoint).port);
    const answers: number[] = [];
    let cut = 0;
    let n = 0;
    let signalled = false;
    const writer = async () => {
      for (;;) {
        try {
          const res = await fetch(`${credentials.base_url}/companies`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${credentials.test_key}`,
              'Content-Type': 'application/json',
              'Idempotency-Key': `term-${++n}`,
            },
            body: JSON.stringify({
              name: `Shutdown Burst ${n}`,
              state: 'WY',
              entity_type: 'llc',
              account: { first_name: 'A', last_name: 'B', email: `term-${n}@example.com` },
            }),
          });
          await res.arrayBuffer();
          answers.push(res.status);
          // One partner's 48 writers are well under way: stop the runtime now, as a developer would.
          if (answers.length === 60 && !signalled) {
            signalled = true;
            child.kill('SIGTERM');
          }
        } catch {
          cut++; // connection refused or cut: the gateway is gone
          if (signalled) return;
        }
      }
    };
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // Every writer's loop ends (its request answered, cut, or refused): nothing is left hanging.
    await Promise.all(Array.from({ length: 48 }, writer));
    expect(await exit).toBe(0);
    expect(signalled).toBe(true);
    expect(answers.filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((s) => s === 201 || s === 429)).toBe(true);
    expect(cut).toBeGreaterThanOrEqual(48);
    expect(await until(async () => !(await portOpen(dynamoPort)))).toBe(true);
  }, 400_000);
});
