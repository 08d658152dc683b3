import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { entryHash } from '../../lib/audit/chain';

/**
 * docs/api.md, "Verifying the audit log": the snippet a partner copies verifies a log the service
 * chained (lib/audit/chain.ts), and finds an edited or a removed entry.
 */
const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Verifying the audit log'));
const snippet = /```js\n([\s\S]*?)```/.exec(section)![1];
const verifyAuditLog = runInNewContext(`${snippet}; verifyAuditLog`, { require }) as (entries: unknown[]) => string | null;

function chained(n: number) {
  const oldestFirst: Record<string, unknown>[] = [];
  let previous: string | null = null;
  for (let i = 0; i < n; i++) {
    const fields = {
      id: `aud_${i}`,
      actor_email: 'owner@partner.test',
      actor_kind: 'staff',
      action: 'api_key.created',
      target: `key_${i}`,
      livemode: i % 2 === 0,
      details: { after: { name: `key ${i}`, scopes: ['*'], expires_at: null } },
      ip: '203.0.113.7',
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      previous_hash: previous,
    };
    const hash = entryHash(fields);
    oldestFirst.push({ object: 'audit_entry', ...fields, hash });
    previous = hash;
  }
  // As the API lists them (its keys in the API's order), newest first.
  return oldestFirst.reverse();
}

it('verifies a chained log and answers its newest hash', () => {
  const log = chained(4);
  expect(verifyAuditLog(log)).toBe(log[0].hash);
});

it('finds an edited entry and a removed one', () => {
  const edited = chained(4);
  (edited[2].details as { after: { name: string } }).after.name = 'other';
  expect(() => verifyAuditLog(edited)).toThrow(/aud_1 was changed/);
  const removed = chained(4);
  removed.splice(1, 1);
  expect(() => verifyAuditLog(removed)).toThrow(/before aud_3 is missing/);
});
