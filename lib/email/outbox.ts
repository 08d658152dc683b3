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
