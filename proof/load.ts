import { performance } from 'node:perf_hooks';
import { percentile, round } from '../bench/stats';

/**
 * `npm run load`: a mix of partners' traffic against the local API at rising concurrency,
 * bounded in time, on 127.0.0.1 only. Per step: throughput, p50/p99 and errors. Beside it, a check that
 * rate limits hold per key while other keys are unaffected.
 */
export interface LoadOptions {
  baseUrl: string;
  /** Keys the traffic is spread over (a partner's live and test keys, another partner's…). */
  keys: string[];
  concurrency: number[];
  secondsPerStep: number;
}

export interface StepResult {
  concurrency: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers ≥ 500, or anything no operation of the mix should answer. */
  errors: number;
  byOperation: Record<string, number>;
}

type Op = { name: string; weight: number; run: (key: string, state: KeyState) => Promise<Response> };
interface KeyState {
  companies: string[];
  sweepFrom: string;
}

const json = (key: string, body?: unknown): RequestInit => ({
  method: body === undefined ? 'GET' : 'POST',
  headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

let serial = 0;
function operations(base: string): Op[] {
  return [
    {
      name: 'create company',
      weight: 2,
      run: (key) =>
        fetch(
          `${base}/companies`,
          json(key, {
            name: `Load ${process.pid} ${Date.now().toString(36)} ${++serial}`.replace(/[^A-Za-z0-9 ]/g, ''),
            state: 'WY',
            entity_type: 'llc',
            account: { first_name: 'Load', last_name: 'Test', email: `load-${serial}@example.com` },
          }),
        ),
    },
    {
      name: 'get company',
      weight: 3,
      run: (key, s) =>
        fetch(`${base}/companies/${s.companies[serial++ % Math.max(1, s.companies.length)] ?? 'cmp_0000000000000000000000'}`, json(key)),
    },
    { name: 'list companies', weight: 2, run: (key) => fetch(`${base}/companies?limit=25`, json(key)) },
    {
      name: 'event sweep',
      weight: 3,
      run: (key, s) => fetch(`${base}/events?sort=created_at&limit=100&created_at[gte]=${encodeURIComponent(s.sweepFrom)}`, json(key)),
    },
  ];
}

function pick(ops: Op[]): Op {
  const total = ops.reduce((n, o) => n + o.weight, 0);
  let r = Math.random() * total;
  for (const op of ops) {
    r -= op.weight;
    if (r < 0) return op;
  }
  return ops[0];
}

export async function runLoad(options: LoadOptions): Promise<StepResult[]> {
  const ops = operations(options.baseUrl);
  const states = new Map(
    options.keys.map((k) => [k, { companies: [] as string[], sweepFrom: new Date(Date.now() - 5 * 60_000).toISOString() }]),
  );
  const results: StepResult[] = [];
  for (const concurrency of options.concurrency) {
    const latencies: number[] = [];
    const byOperation: Record<string, number> = {};
    let errors = 0;
    const started = performance.now();
    const deadline = started + options.secondsPerStep * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        const key = options.keys[worker % options.keys.length];
        const state = states.get(key)!;
        while (performance.now() < deadline) {
          const op = pick(ops);
          const t = performance.now();
          const res = await op.run(key, state);
          const body = (await res.json().catch(() => ({}))) as { id?: string; code?: string };
          latencies.push(performance.now() - t);
          byOperation[op.name] = (byOperation[op.name] ?? 0) + 1;
          const expected = res.ok || (op.name === 'get company' && res.status === 404 && body.code === 'resource_missing');
          if (!expected) errors++;
          if (op.name === 'create company' && res.status === 201 && body.id) state.companies.push(body.id);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    results.push({
      concurrency,
      requests: latencies.length,
      perSecond: round(latencies.length / seconds, 1),
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      errors,
      byOperation,
    });
  }
  return results;
}

/**
 * Rate limits hold per key: `limited` (a key with a small burst) is driven past its burst while
 * `neighbour` sends a few requests in the same second; the neighbour must see no 429.
 */
export async function rateLimitIsolation(baseUrl: string, limited: string, neighbour: string, burst: number) {
  const flood = Array.from({ length: burst * 6 }, () => fetch(`${baseUrl}/me`, json(limited)).then((r) => r.status));
  const calm = Array.from({ length: Math.max(1, Math.floor(burst / 2)) }, () =>
    fetch(`${baseUrl}/me`, json(neighbour)).then((r) => r.status),
  );
  const [flooded, neighbourStatuses] = await Promise.all([Promise.all(flood), Promise.all(calm)]);
  return {
    limitedRefused: flooded.filter((s) => s === 429).length,
    limitedSent: flooded.length,
    neighbourRefused: neighbourStatuses.filter((s) => s === 429).length,
  };
}

export function renderLoad(results: StepResult[]): string {
  const rows = results.map((r) => `| ${r.concurrency} | ${r.requests} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  return `| concurrency | requests | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n${rows.join('\n')}`;
}
