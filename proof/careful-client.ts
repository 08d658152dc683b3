import { setTimeout as sleep } from 'node:timers/promises';
import { envelopeProblem } from './envelope';

/**
 * What a careful partner does (spec Rate limiting and Errors): retry every 429 and 5xx, and an
 * `idempotency_key_in_use`, after its `Retry-After`, with the same Idempotency-Key, until a final
 * answer; and note every answer that is not the spec's envelope.
 */
export type Answer = { status: number; body: any };

/** Longer than an idempotency key's lock (60 s): a careful client outlasts a key whose release failed. */
const GIVE_UP_MS = 150_000;

export class CarefulClient {
  requests = 0;
  retries = 0;
  statuses: Record<string, number> = {};
  /** Answers that made the client wait and retry, by status, code and route. */
  retried: Record<string, number> = {};
  malformed: string[] = [];
  gaveUp: string[] = [];

  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {}

  /** One logical request: retried with the same Idempotency-Key until it gets a final answer. */
  async call(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<Answer | undefined> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.key}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const giveUpAt = Date.now() + GIVE_UP_MS;
    for (let attempt = 1; Date.now() < giveUpAt; attempt++) {
      if (attempt > 1) this.retries++;
      this.requests++;
      let res: Response;
      let text: string;
      try {
        res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        text = await res.text();
      } catch (error) {
        this.malformed.push(`${method} ${path}: no answer (${(error as Error).message})`);
        await sleep(500);
        continue;
      }
      this.statuses[res.status] = (this.statuses[res.status] ?? 0) + 1;
      let json: any;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (res.status < 400) return { status: res.status, body: json };
      const retryAfter = res.headers.get('retry-after');
      const problem = envelopeProblem(res.status, json, retryAfter);
      if (problem) this.malformed.push(`${method} ${path}: ${problem}`);
      const retryable = res.status === 429 || res.status >= 500 || json?.code === 'idempotency_key_in_use';
      if (!retryable) return { status: res.status, body: json };
      const route = `${res.status} ${json?.code ?? '-'} ${method} ${path.replace(/\?.*$/, '').replace(/[a-z]+_[0-9A-Za-z]{22}/g, '{id}')}`;
      this.retried[route] = (this.retried[route] ?? 0) + 1;
      await sleep(Math.min(5, Number(retryAfter) > 0 ? Number(retryAfter) : 1) * 1000);
    }
    this.gaveUp.push(`${method} ${path} after ${GIVE_UP_MS / 1000} s of retries`);
    return undefined;
  }

  /** Every page of a paged list (faults off: reads are plain). */
  async all(path: string): Promise<any[]> {
    const out: any[] = [];
    let after: string | undefined;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res = await this.call('GET', `${path}${sep}limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      if (res?.status !== 200) throw new Error(`GET ${path}: ${res?.status} ${JSON.stringify(res?.body)}`);
      out.push(...res.body.items);
      after = res.body.page?.has_next_page ? res.body.page.end_cursor : undefined;
    } while (after);
    return out;
  }

  async total(path: string): Promise<number> {
    const sep = path.includes('?') ? '&' : '?';
    const res = await this.call('GET', `${path}${sep}limit=1`);
    if (res?.status !== 200) throw new Error(`GET ${path}: ${res?.status}`);
    return res.body.page.total as number;
  }
}
