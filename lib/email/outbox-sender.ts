import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nowIso } from '../clock';
import { randomBase62 } from '../ids';
import type { MailSender } from './mail-sender';
import { variable } from '../config/variables';

/** The folder the embedded default delivers into instead of sending: `${LOCAL_DIR}/outbox/`. */
export function outboxDir(): string {
  return join(resolve(variable('LOCAL_DIR') as string), 'outbox');
}

/** Orders the messages one process writes within the same millisecond. */
let sequence = 0;

/** The embedded default's sender: one JSON file per message in the outbox, where the dashboard and the tests read it. */
export const outboxSender: MailSender = {
  toOutbox: true,
  send: async (email) => {
    const dir = outboxDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const sentAt = nowIso();
    // Sortable names: the newest message is the last file in name order.
    sequence = (sequence + 1) % 1_000_000;
    const name = `${sentAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBase62(8)}.json`;
    // Written beside the outbox and moved in whole: a reader listing the outbox meanwhile (the dashboard,
    // a test waiting for a code) never opens a message half written.
    const writing = join(dir, '..', `.outbox-writing-${name}`);
    writeFileSync(writing, JSON.stringify({ ...email, sent_at: sentAt }, null, 2) + '\n', { mode: 0o600 });
    renameSync(writing, join(dir, name));
  },
};
