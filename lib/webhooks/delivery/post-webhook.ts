import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { checkWebhookUrl } from '../url-safety';
import type { Mode } from '../../scope';
import { traceCallOut } from '../../observability/tracer';

/** The raw result of one POST: an answer (status, Retry-After) or why there was none. */
/** How much of an answer's body the attempt log keeps, for the dashboard (a cut character shows as U+FFFD). */
export const RESPONSE_PREVIEW_BYTES = 256;

export type PostResult =
  | { answered: true; status: number; retryAfter?: string; durationMs: number; bodyStart: string }
  | { answered: false; error: 'timeout' | 'connection_error' | 'unsafe_url'; detail: string; durationMs: number };

/**
 * Keep-alive connections per endpoint (a lane sends one request at a time, so one socket each); an
 * endpoint's agent is replaced when its URL changes. Bounded so a signer serving many endpoints does
 * not hold sockets for all of them.
 */
const MAX_AGENTS = 500;
const agents = new Map<string, { url: string; agent: HttpAgent }>();

function agentFor(endpointId: string, url: URL): HttpAgent {
  const known = agents.get(endpointId);
  if (known && known.url === url.origin) {
    agents.delete(endpointId);
    agents.set(endpointId, known); // most recently used last
    return known.agent;
  }
  known?.agent.destroy();
  const options = { keepAlive: true, maxSockets: 1, keepAliveMsecs: 30_000 };
  const agent = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
  agents.set(endpointId, { url: url.origin, agent });
  if (agents.size > MAX_AGENTS) {
    const [oldest, entry] = agents.entries().next().value as [string, { agent: HttpAgent }];
    entry.agent.destroy();
    agents.delete(oldest);
  }
  return agent;
}

/** Close every kept-alive connection (tests, shutdown of the embedded default). */
export function closeWebhookConnections(): void {
  for (const { agent } of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * POSTs one signed delivery. The URL is checked again here, at delivery time (rule: no private,
 * loopback, link-local or metadata address in live mode, https only), and the connection goes to the
 * very address that was checked, so a DNS answer that changes between check and connect (rebinding)
 * cannot redirect us. Redirects are never followed (rule 8); at most `maxResponseBytes` of the answer
 * is read; no complete answer within `timeoutMs` is a timeout. Traced as a subsegment named after the
 * endpoint's host (lib/observability/tracer.ts), with the answer's status or the failure's class.
 */
export async function postWebhook(input: PostInput): Promise<PostResult> {
  let host: URL;
  try {
    host = new URL(input.url);
  } catch {
    return post(input); // refused by the URL check inside, with its reason
  }
  return traceCallOut(
    host,
    () => post(input),
    (result) => (result.answered ? { status: result.status } : { failure: result.error }),
  );
}

interface PostInput {
  endpointId: string;
  url: string;
  mode: Mode;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
}

async function post(input: PostInput): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const verdict = await checkWebhookUrl(input.url, input.mode);
  if (!verdict.ok) return { answered: false, error: 'unsafe_url', detail: verdict.reason, durationMs: elapsed() };
  const url = verdict.url;
  const pinned = verdict.addresses[0];
  const lookup: LookupFunction = (_host, options, callback) => {
    const family = isIP(pinned) || 4;
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: pinned, family }]);
    else callback(null, pinned, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(input.body, 'utf8');

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(url, {
      method: 'POST',
      agent: agentFor(input.endpointId, url),
      lookup,
      headers: {
        ...input.headers,
        'Content-Type': 'application/json',
        'Content-Length': String(payload.length),
        'User-Agent': 'partner-api-webhooks/1',
      },
    });
    // The attempt's one deadline runs from its start: the DNS lookup of the check above counts in it
    // (docs/decisions.md, "Numbers the contract leaves open": 15 s for the whole attempt), so a slow name server cannot stretch it.
    const timer = setTimeout(
      () => {
        req.destroy();
        finish({ answered: false, error: 'timeout', detail: `no complete answer within ${input.timeoutMs} ms`, durationMs: elapsed() });
      },
      Math.max(0, input.timeoutMs - elapsed()),
    );
    req.on('error', (error) =>
      finish({
        answered: false,
        error: 'connection_error',
        detail: (error as NodeJS.ErrnoException).code ?? error.message,
        durationMs: elapsed(),
      }),
    );
    req.on('response', (res: IncomingMessage) => {
      let read = 0;
      const start: Buffer[] = [];
      const done = () =>
        finish({
          answered: true,
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          durationMs: elapsed(),
          bodyStart: Buffer.concat(start).subarray(0, RESPONSE_PREVIEW_BYTES).toString('utf8'),
        });
      res.on('data', (chunk: Buffer) => {
        if (read < RESPONSE_PREVIEW_BYTES) start.push(chunk.subarray(0, RESPONSE_PREVIEW_BYTES - read));
        read += chunk.length;
        // Enough of the answer: stop reading (and drop this connection rather than drain the rest).
        if (read > input.maxResponseBytes) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', () => done());
      res.on('close', done);
    });
    req.end(payload);
  });
}
