import { steppedUpSession } from '../proof/webhook-receivers';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';

/**
 * `npm run listen -- --forward-to http://localhost:4000/hooks [--live]` (like `stripe listen`): against
 * the running `npm start`, registers a temporary webhook endpoint for the demo partner (test mode, or
 * live with --live), prints its signing secret, forwards every delivery byte for byte (headers and
 * signature included, so your receiver verifies it as in production) and answers with your
 * receiver's status, so a failing receiver sees the real retries. Ctrl-C deletes the endpoint through
 * the dashboard's DELETE, as a person would (its queued deliveries are cancelled).
 */
interface Credentials {
  partner_id: string;
  dashboard_url: string;
  dashboard_session: string;
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const target = argument('--forward-to');
  if (!target || !/^https?:\/\//.test(target)) {
    console.error('usage: npm run listen -- --forward-to http://localhost:4000/hooks [--live]');
    process.exit(2);
  }
  const live = process.argv.includes('--live');
  const file = join(resolve(process.env.LOCAL_DIR ?? '.local'), 'credentials.json');
  let c: Credentials;
  try {
    c = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.error(`No ${file}: start the local stack first (npm start).`);
    process.exit(1);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k)) headers[k] = v;
      let type = '?';
      try {
        type = JSON.parse(body.toString('utf8')).type;
      } catch {
        /* not JSON: forwarded all the same */
      }
      const stamp = new Date().toISOString().slice(11, 19);
      try {
        const answer = await fetch(target, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(14_000) });
        console.log(`${stamp}  --> ${type} [${req.headers['webhook-id']}]  <-- [${answer.status}] POST ${target}`);
        res.writeHead(answer.status).end();
      } catch (error) {
        console.log(`${stamp}  --> ${type} [${req.headers['webhook-id']}]  <-- failed to reach ${target}: ${(error as Error).message}`);
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/listen`;

  const dashboard = (method: 'POST' | 'DELETE', path: string, body?: unknown) =>
    fetch(`${c.dashboard_url}/api/webhook-endpoints${path}`, {
      method,
      headers: { Authorization: `Bearer ${c.dashboard_session}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // A live endpoint needs a stepped-up session: the code is read from the embedded default's outbox.
  if (live) await steppedUpSession(c.dashboard_url, c.dashboard_session, resolve(process.env.LOCAL_DIR ?? '.local'));
  const created = await dashboard('POST', '', { url, livemode: live, description: `npm run listen → ${target}` });
  if (created.status !== 201) {
    console.error(`Could not register the endpoint (${created.status}): ${await created.text()}`);
    process.exit(1);
  }
  const endpoint = (await created.json()) as { id: string; secret: string; public_key: string };
  console.log(`Ready! Forwarding ${live ? 'live' : 'test'}-mode events of ${c.partner_id} to ${target}`);
  console.log(`Your webhook signing secret is ${endpoint.secret}  (public key ${endpoint.public_key})`);
  console.log('Ctrl-C to stop and remove the endpoint.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const deleted = await dashboard('DELETE', `/${endpoint.id}`).catch((error: Error) => error);
    server.closeAllConnections();
    server.close();
    if (deleted instanceof Error || deleted.status !== 200)
      console.error(`Could not delete endpoint ${endpoint.id}: ${deleted instanceof Error ? deleted.message : await deleted.text()}`);
    else console.log(`Deleted endpoint ${endpoint.id}.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error('npm run listen failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
