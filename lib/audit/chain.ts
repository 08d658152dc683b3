import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain (docs/decisions.md, "The audit log and its hash chain"; docs/api.md says how a
 * partner verifies it). Each entry's `hash` is the SHA-256 (hex) of the entry as the API shows it,
 * less `object` and `hash`, in the JSON Canonicalization Scheme (RFC 8785: keys sorted, no spaces);
 * that text holds `previous_hash`, the hash of the entry before it in the partner's log (null for the
 * first). Changing, removing or reordering an entry breaks every hash after it.
 */
export interface ChainedFields {
  id: string;
  actor_email: string;
  actor_kind: string;
  action: string;
  target: string;
  livemode: boolean | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
  previous_hash: string | null;
}

/**
 * RFC 8785 for the values an entry holds (strings, booleans, null, integers, arrays, objects): object
 * keys sorted by their UTF-16 code units, as JSON.stringify writes strings and integers.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

export function entryHash(fields: ChainedFields): string {
  const chained: ChainedFields = {
    id: fields.id,
    actor_email: fields.actor_email,
    actor_kind: fields.actor_kind,
    action: fields.action,
    target: fields.target,
    livemode: fields.livemode,
    details: fields.details,
    ip: fields.ip,
    created_at: fields.created_at,
    previous_hash: fields.previous_hash,
  };
  return createHash('sha256').update(canonicalJson(chained), 'utf8').digest('hex');
}

/**
 * Checks a run of entries as the API lists them (newest first): each hash is its entry's, and each
 * entry's `previous_hash` is the hash of the one listed after it. The first problem found, or null.
 * An entry from before the chain (no hash) ends the run: nothing older is chained.
 */
export function chainProblem(newestFirst: (ChainedFields & { hash: string | null })[]): string | null {
  for (let i = 0; i < newestFirst.length; i++) {
    const entry = newestFirst[i];
    if (entry.hash === null) return null;
    if (entryHash(entry) !== entry.hash) return `${entry.id}: its hash is not the hash of its fields`;
    const older = newestFirst[i + 1];
    if (older && older.hash !== null && entry.previous_hash !== older.hash)
      return `${entry.id}: previous_hash is not the hash of ${older.id}`;
  }
  return null;
}
