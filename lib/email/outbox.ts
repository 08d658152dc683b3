import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Email } from './mail-sender';
import { outboxDir } from './outbox-sender';

export interface OutboxMessage extends Email {
  sent_at: string;
}

/** The embedded default's sent messages, newest first (at most `limit`). */
export function listOutbox(limit = 50): OutboxMessage[] {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage);
}

/**
 * Does a request for the outbox name this machine as it runs on a developer's machine: `127.0.0.1`
 * or `localhost`, on any port? A page of another site can point its own name at 127.0.0.1 (DNS
 * rebinding) and read the answer; its requests still carry its own name as `Host`, so they are refused.
 */
export function isLocalOutboxHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '');
  return name === '127.0.0.1' || name === 'localhost';
}
