import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';

/**
 * The README's promise: every shell block works when pasted into a shell on a fresh clone with
 * `npm start` running, and every section stands alone. The README and the guides it links to under
 * docs/ (the partner guide's pages, the platform team's, the operator's, development's) are one
 * document for this test: it pastes the fenced `sh` blocks of each section of each page (the text under
 * one heading, `##` or `###`, or a page's text before its first one) into a fresh bash of their own, in
 * order within the section (so a block may use what an earlier block OF ITS SECTION set, as in one
 * terminal, and nothing from another section), in a copy of the repository that has no `.local/` yet
 * (sources and node_modules linked), against the README's own `npm start`.
 *
 * A block may be left out only when the README says so right above it, with one of two reasons:
 * `<!-- readme-test: skip (needs an AWS account) -->` or `<!-- readme-test: skip (runs until stopped) -->`.
 * The quick start's `npm start` is such a block: the test runs it as the stack.
 *
 * "Works" means: bash ran the block without a failing command (`set -e`, `pipefail`), and every HTTP
 * answer curl received was below 400 (a curl stand-in on PATH records each one).
 */
const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
/** The README, then every page under docs/ it links to, in the order it links them. */
const PAGES = ['README.md', ...new Set([...README.matchAll(/\]\((docs\/[\w/-]+\.md)\)/g)].map((m) => m[1]))];
const SKIP_REASONS = ['needs an AWS account', 'runs until stopped'] as const;
const NOT_LINKED = new Set(['.local', '.git', '.tmp', 'cdk.out', 'coverage', 'sdk']);
/** The environment of a terminal on a developer's machine: nothing of a test stack's settings. */
const TERMINAL_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !['LOCAL_DIR', 'TEST_LOCAL_DIR', 'DYNAMODB_ENDPOINT', 'TABLE_NAME', 'PUBLIC_URL', 'STAGE', 'PORT'].includes(k),
  ),
);

interface Block {
  line: number;
  info: string;
  text: string;
  skip?: string;
  /** The page it is on. */
  page: string;
  /** The page and the heading the block stands under (`## …` or `### …`): its section. */
  section: string;
}

/** Every fenced block of a page with its info string and the readme-test marker right above it. */
function fencedBlocks(page: string): Block[] {
  const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
  const blocks: Block[] = [];
  let section = `${page} (top)`;
  for (let i = 0; i < lines.length; i++) {
    if (/^#{2,3} /.test(lines[i])) section = `${page} ${lines[i]}`;
    const open = /^```(\S*)/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    let above = i - 1;
    while (above >= 0 && lines[above].trim() === '') above--;
    const marker = /^<!-- readme-test: skip \((.+)\) -->$/.exec(lines[above] ?? '');
    blocks.push({ line: i + 1, info: open[1], text: lines.slice(i + 1, end).join('\n'), skip: marker?.[1], page, section });
    i = end;
  }
  return blocks;
}

const SHELL = new Set(['sh', 'bash', 'shell']);
const blocks = PAGES.flatMap(fencedBlocks);
const shellBlocks = blocks.filter((b) => SHELL.has(b.info));

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let clone: string;
let stack: ChildProcess | undefined;
let stackLog = '';

/** `npm start` as the quick start writes it, in the copy, on a free port; resolves when it is ready. */
async function startStack(command: string): Promise<void> {
  stack = spawn('bash', ['-c', command], {
    cwd: clone,
    env: { ...TERMINAL_ENV, PORT: String(await freePort()) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout!.on('data', (d) => (stackLog += d));
  stack.stderr!.on('data', (d) => (stackLog += d));
  await until(
    'npm start to be ready',
    () =>
      /^Ready: /m.test(stackLog)
        ? true
        : stack!.exitCode !== null
          ? (() => {
              throw new Error(`npm start exited: ${stackLog}`);
            })()
          : undefined,
    180_000,
  );
}

beforeAll(async () => {
  clone = mkdtempSync(join(tmpdir(), 'readme-run-'));
  for (const entry of readdirSync(ROOT)) if (!NOT_LINKED.has(entry)) symlinkSync(join(ROOT, entry), join(clone, entry));
  // sdk/ is copied, not linked: `npm run sdk` builds into sdk/node/dist beside its own scripts, and the
  // SDK's own tests build there too; the copy keeps this run's build to itself.
  cpSync(join(ROOT, 'sdk'), join(clone, 'sdk'), {
    recursive: true,
    filter: (src) => !/\/sdk\/node\/(dist|node_modules)(\/|$)|\.tgz$/.test(src),
  });
  const quickStart = shellBlocks[0];
  expect(quickStart.page).toBe('README.md');
  expect(quickStart.skip).toBe('runs until stopped');
  expect(quickStart.text.split('\n')[0]).toMatch(/^npm start\b/);
  await startStack(quickStart.text.split('\n')[0].replace(/#.*$/, '').trim());
}, 240_000);

afterAll(async () => {
  if (stack && stack.exitCode === null) {
    process.kill(-stack.pid!, 'SIGINT');
    await until('npm start to stop', () => (stack!.exitCode !== null || stack!.signalCode !== null ? true : undefined), 60_000).catch(() =>
      process.kill(-stack!.pid!, 'SIGKILL'),
    );
  }
  if (clone) rmSync(clone, { recursive: true, force: true });
}, 90_000);

describe('README.md, pasted into a shell on a fresh clone', () => {
  it('reaches every guide page that holds a shell block', () => {
    // docs/runbooks/ holds on-call's commands against a deployed stage, run from its alarm, not pasted here.
    const walk = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? (e.name === 'runbooks' ? [] : walk(`${dir}/${e.name}`)) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
      );
    const withShell = walk('docs').filter((page) => fencedBlocks(page).some((b) => SHELL.has(b.info)));
    expect(withShell.filter((page) => !PAGES.includes(page))).toEqual([]);
    expect(PAGES).toEqual(expect.arrayContaining(['docs/guide/companies.md', 'docs/platform.md', 'docs/operator.md']));
  });

  it('leaves out only blocks marked as needing an AWS account or running until stopped', () => {
    expect(shellBlocks.length).toBeGreaterThan(10);
    const reasons = blocks.filter((b) => b.skip).map((b) => b.skip);
    expect(reasons.filter((r) => !SKIP_REASONS.includes(r as (typeof SKIP_REASONS)[number]))).toEqual([]);
    // Shell belongs in sh blocks, so that none escapes the test under another name (on the pages that
    // hold shell: docs/architecture.md's diagrams are no one's commands).
    const withShell = new Set(shellBlocks.map((b) => b.page));
    expect(
      blocks
        .filter((b) => withShell.has(b.page) && !SHELL.has(b.info) && !['json', 'js'].includes(b.info))
        .map((b) => `${b.page} line ${b.line}: ${b.info || '(no info string)'}`),
    ).toEqual([]);
  });

  it('runs every other shell block, each section in a fresh shell of its own, and every HTTP answer is a success', () => {
    const bin = join(clone, '.readme-bin');
    mkdirSync(bin);
    const realCurl = spawnSync('bash', ['-c', 'command -v curl'], { encoding: 'utf8' }).stdout.trim();
    // Each answer's status on a line of its own (bodies rarely end with a newline).
    writeFileSync(
      join(bin, 'curl'),
      `#!/bin/sh\nexec ${realCurl} -w '%{stderr}\\nREADME-HTTP %{http_code} %{method} %{url_effective}\\n' "$@"\n`,
    );
    chmodSync(join(bin, 'curl'), 0o755);
    const runnable = shellBlocks.filter((b) => !b.skip);
    const sections = [...new Set(runnable.map((b) => b.section))];
    expect(sections.length).toBeGreaterThan(5);
    // One fresh bash per section: nothing a section set reaches another (the README's promise that
    // every section sets what it uses again, for a reader who starts there).
    let output = '';
    const statuses: (number | null)[] = [];
    for (const [s, section] of sections.entries()) {
      const script = [
        'set -eo pipefail',
        ...runnable.flatMap((b, i) =>
          b.section === section ? [`echo "README-BLOCK ${i} ${b.page} line ${b.line}" >&2`, b.text, `echo "README-END ${i}" >&2`] : [],
        ),
      ].join('\n');
      writeFileSync(join(clone, `.readme-script-${s}.sh`), script);
      const logFile = join(clone, `.readme-output-${s}.log`);
      const fd = openSync(logFile, 'w');
      const run = spawnSync('bash', [`.readme-script-${s}.sh`], {
        cwd: clone,
        env: { ...TERMINAL_ENV, PATH: `${bin}:${process.env.PATH}` },
        stdio: ['ignore', fd, fd],
        timeout: 840_000,
      });
      closeSync(fd);
      statuses.push(run.status);
      output += readFileSync(logFile, 'utf8');
    }

    const results = runnable.map((b, i) => {
      const start = output.indexOf(`README-BLOCK ${i} ${b.page} line`);
      const end = output.indexOf(`README-END ${i}\n`);
      // A block that did not finish: its output runs to its section's end (the next block started after it).
      const next = output.indexOf('README-BLOCK ', start + 1);
      const text = start < 0 ? '' : output.slice(start, end >= 0 ? end : next >= 0 ? next : undefined);
      const failed = [...text.matchAll(/^README-HTTP (\d{3}) (\S+) (\S+)$/gm)]
        .filter((m) => Number(m[1]) >= 400 || m[1] === '000')
        .map((m) => `${m[1]} ${m[2]} ${m[3]}`);
      return { page: b.page, line: b.line, ran: start >= 0, finished: end >= 0, failedRequests: failed, output: text };
    });
    const broken = results.filter((r) => !r.ran || !r.finished || r.failedRequests.length);
    const report = broken.map(({ output: text, ...r }) => `${JSON.stringify(r)}\n${text.slice(-4000)}`).join('\n---\n');
    if (broken.length) throw new Error(`README blocks that do not work when pasted (bash exits ${statuses.join(', ')}):\n${report}`);
    expect(statuses.every((status) => status === 0)).toBe(true);
  }, 900_000);

  it('its webhook receiver, saved as receiver.mjs, accepts real deliveries signed v1 and v1a and refuses a wrong secret', async () => {
    const samples = blocks.filter((b) => b.info === 'js');
    expect(samples).toHaveLength(1);
    writeFileSync(join(clone, 'receiver.mjs'), samples[0].text);
    const c = JSON.parse(readFileSync(join(clone, '.local', 'credentials.json'), 'utf8'));
    const port = await freePort();
    const endpoint = (await (
      await fetch(`${c.dashboard_url}/api/webhook-endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${c.dashboard_session}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, livemode: false, enabled_events: ['company.created'] }),
      })
    ).json()) as { secret: string; public_key: string };
    expect(endpoint.secret).toMatch(/^whsec_/);

    const receive = async (keys: Record<string, string>, name: string): Promise<string> => {
      const receiver = spawn(process.execPath, ['receiver.mjs'], {
        cwd: clone,
        env: { ...TERMINAL_ENV, ...keys, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      receiver.stdout!.on('data', (d) => (log += d));
      receiver.stderr!.on('data', (d) => (log += d));
      try {
        await listening(port);
        const created = (await (
          await fetch(`${c.base_url}/companies`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${c.test_key}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              name,
              state: 'WY',
              entity_type: 'llc',
              account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
            }),
          })
        ).json()) as { id: string };
        const event: { id: string } = (
          (await (
            await fetch(`${c.base_url}/events?company_id=${created.id}&type=company.created`, {
              headers: { Authorization: `Bearer ${c.test_key}` },
            })
          ).json()) as { items: { id: string }[] }
        ).items[0];
        return await until(
          `the receiver to answer the delivery of ${event.id}`,
          () => (log.includes(event.id) || log.includes('rejected') ? log : undefined),
          60_000,
        );
      } finally {
        receiver.kill();
        await new Promise((r) => receiver.once('exit', r));
      }
    };

    expect(await receive({ WEBHOOK_SECRET: endpoint.secret }, 'Receiver One')).toMatch(/^company\.created evt_\w+$/m);
    expect(await receive({ WEBHOOK_PUBLIC_KEY: endpoint.public_key }, 'Receiver Two')).toMatch(/^company\.created evt_\w+$/m);
    const wrong = await receive({ WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` }, 'Receiver Three');
    expect(wrong).toContain('rejected: no signature matches');
    expect(wrong).not.toMatch(/^company\.created/m);
  }, 240_000);
});

/** Resolves once something accepts connections on the port. */
async function listening(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
