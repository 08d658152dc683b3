import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Credentials } from '../../infra/local/runtime';

/** The credentials of the embedded default started by global-setup.ts. */
export function credentials(): Credentials {
  const dir = process.env.TEST_LOCAL_DIR;
  if (!dir) throw new Error('TEST_LOCAL_DIR is not set: run this test in the integration or e2e project');
  return JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8')) as Credentials;
}

/**
 * Point lib/ at the stack's DynamoDB Local, for tests that arrange state through lib/ (minting a key
 * with low limits, say) and then act over HTTP. Call before the first lib/ store call.
 */
export function useStackDatabase(): Credentials {
  const c = credentials();
  process.env.DYNAMODB_ENDPOINT = c.dynamodb_endpoint;
  process.env.TABLE_NAME = c.table_name;
  process.env.PUBLIC_URL = new URL(c.base_url).origin;
  process.env.STAGE = 'local';
  // The server's folder: its master key (secrets and queued mail sealed here open there) and its outbox.
  process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
  // Its lane shards: endpoints created here get a shard over the same count as the server's (lib/webhooks/lane-shards.ts).
  if (Array.isArray(c.webhook_queue_urls)) process.env.WEBHOOK_QUEUE_URLS = c.webhook_queue_urls.join(',');
  // Its mail queue: sign-in codes asked for here reach its mail sender and its outbox.
  if (typeof c.mail_queue_url === 'string') {
    process.env.MAIL_QUEUE_URL = c.mail_queue_url;
    // Set at all, SQS_ENDPOINT says "the stand-in": the mail queue's client uses its own URL's origin.
    process.env.SQS_ENDPOINT ??= new URL(Array.isArray(c.webhook_queue_urls) ? c.webhook_queue_urls[0] : c.mail_queue_url).origin;
  }
  return c;
}
