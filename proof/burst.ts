import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { percentile, round } from '../bench/stats';

/**
 * `npm run load -- --one-partner`: a partner's batch import. Writers create companies as fast as they
 * are answered, each request with its own `Idempotency-Key`, for a fixed time per level: 1, 4, 16 and
 * 48 writers on ONE partner+mode (one key), then 16 writers spread over four partner+mode streams (the
 * same machine's goodput when writers do not share a log). Rate limits are lifted by the caller, so
 * what is measured is the write path itself.
 */
export interface BurstLevel {
  label: string;
  writers: number;
  /** The keys the writers are spread over, round robin: one key = one partner+mode stream. */
  keys: string[];
}

export interface BurstResult {
  label: string;
  writers: number;
  streams: number;
  created: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 201, by `<status> <code>`. */
  refused: Record<string, number>;
  /** Answers ≥ 500 (or no answer at all). */
  serverErrors: number;
}

/** The levels of the table: `one` is a key of one partner+mode, `spread` four keys of four streams. */
export function burstLevels(one: string, spread: string[], writers = [1, 4, 16, 48]): BurstLevel[] {
  return [
    ...writers.map((n) => ({ label: `${n} on one partner+mode`, writers: n, keys: [one] })),
    { label: `16 spread over ${spread.length} partner+mode streams`, writers: 16, keys: spread },
  ];
}

let serial = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`.replace(/[^a-z0-9]/g, '');

/** One company create as a partner's import sends it. */
async function createCompany(baseUrl: string, key: string): Promise<{ status: number; code?: string }> {
  const n = ++serial;
  try {
    const res = await fetch(`${baseUrl}/companies`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        name: `Burst ${run} ${n}`,
        state: 'WY',
        entity_type: 'llc',
        account: { first_name: 'Burst', last_name: 'Import', email: `burst-${n}@example.com` },
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: body.code };
  } catch {
    return { status: 0, code: 'no_answer' };
  }
}

/** Unmeasured creates on every key first: handler modules load (and compile) on first use. */
export async function warmUp(baseUrl: string, keys: string[]): Promise<void> {
  for (const key of new Set(keys)) for (let i = 0; i < 3; i++) await createCompany(baseUrl, key);
}

/** Runs one level: every writer sends creates until `seconds` have passed, then waits for its last answer. */
export async function runBurstLevel(baseUrl: string, level: BurstLevel, seconds: number): Promise<BurstResult> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let created = 0;
  let serverErrors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: level.writers }, async (_, writer) => {
      const key = level.keys[writer % level.keys.length];
      while (performance.now() < deadline) {
        const t = performance.now();
        const { status, code } = await createCompany(baseUrl, key);
        latencies.push(performance.now() - t);
        if (status === 201) created++;
        else {
          const what = `${status} ${code ?? ''}`.trim();
          refused[what] = (refused[what] ?? 0) + 1;
          if (status >= 500 || status === 0) serverErrors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    label: level.label,
    writers: level.writers,
    streams: new Set(level.keys).size,
    created,
    seconds: round(elapsed, 1),
    perSecond: round(created / elapsed, 1),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    refused,
    serverErrors,
  };
}

const ms = (v: number) => (v >= 1000 ? `${round(v / 1000, 1)} s` : `${Math.round(v)} ms`);
const refusedText = (r: Record<string, number>) =>
  Object.keys(r).length
    ? Object.entries(r)
        .map(([what, n]) => `${n} × ${what}`)
        .join(', ')
    : '0';

export interface BurstVerdict {
  /** creates/s of each one-partner level over the level before it (goal ≥ 0.9). */
  steps: { from: string; to: string; ratio: number }[];
  /** one partner's 16 writers over 16 spread over four streams (goal ≥ 0.8). */
  oneOverSpread?: number;
  /** 5xx at the highest one-partner level (goal 0). */
  serverErrorsAtTop: number;
  met: boolean;
}

export function burstVerdict(results: BurstResult[]): BurstVerdict {
  const one = results.filter((r) => r.streams === 1);
  const spread = results.find((r) => r.streams > 1 && r.writers === 16);
  const sixteen = one.find((r) => r.writers === 16);
  const steps = one
    .slice(1)
    .map((r, i) => ({ from: one[i].label, to: r.label, ratio: round(r.perSecond / Math.max(0.01, one[i].perSecond)) }));
  const oneOverSpread = spread && sixteen ? round(sixteen.perSecond / Math.max(0.01, spread.perSecond)) : undefined;
  const serverErrorsAtTop = one.length ? one[one.length - 1].serverErrors : 0;
  const met = steps.every((s) => s.ratio >= 0.9) && (oneOverSpread === undefined || oneOverSpread >= 0.8) && serverErrorsAtTop === 0;
  return { steps, oneOverSpread, serverErrorsAtTop, met };
}

/** The issue's table, with each level's goodput as a ratio to the level before it. */
export function renderBurst(results: BurstResult[]): string {
  const one = results.filter((r) => r.streams === 1);
  const rows = results.map((r) => {
    const i = one.indexOf(r);
    const ratio = i > 0 ? `${round(r.perSecond / Math.max(0.01, one[i - 1].perSecond))}×` : r.streams > 1 ? '' : '1×';
    return `| ${r.label} | ${r.created} | ${r.perSecond} | ${ratio} | ${ms(r.p50)} | ${ms(r.p99)} | ${refusedText(r.refused)} |`;
  });
  const v = burstVerdict(results);
  const lines = [
    '| writers | creates | creates/s | vs level before | p50 | p99 | refused |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Goals: each level ≥ 0.9× the level before (${v.steps.map((s) => `${s.ratio}×`).join(', ')}); one partner's 16 ≥ 0.8× of 16 spread (${v.oneOverSpread ?? 'n/a'}×); zero 5xx at the top level (${v.serverErrorsAtTop}): ${v.met ? 'met' : 'NOT met'}.`,
  ];
  return lines.join('\n');
}
