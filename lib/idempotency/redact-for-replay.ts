/**
 * What an idempotent answer must not keep: working credentials. A status link's and a verification
 * session's `url` carry the token that opens them, a `secret` is a secret; the stored answer has each
 * replaced by REDACTED, and a replay names the fields it lost in `Idempotent-Replay-Redacted`, so a
 * retry learns that the first answer held them and where to read them again (docs/decisions.md,
 * "Idempotency"). Every other field is stored and replayed as first answered.
 */
const CREDENTIALS_BY_OBJECT: Readonly<Record<string, readonly string[]>> = {
  status_token: ['url'],
  verification_session: ['url'],
};
const CREDENTIALS_EVERYWHERE: readonly string[] = ['secret'];

export const REDACTED = '[redacted]';
export const REDACTED_HEADER = 'Idempotent-Replay-Redacted';

/** The body with credentials replaced, and the JSON paths of those replaced (`$.url`). */
export function redactForReplay(body: string): { body: string; redacted: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { body, redacted: [] };
  }
  const redacted: string[] = [];
  const walk = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}[${i}]`));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const credentials = [...CREDENTIALS_EVERYWHERE, ...(CREDENTIALS_BY_OBJECT[String(record.object)] ?? [])];
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => {
        if (credentials.includes(k) && typeof v === 'string') {
          redacted.push(`${path}.${k}`);
          return [k, REDACTED];
        }
        return [k, walk(v, `${path}.${k}`)];
      }),
    );
  };
  const out = walk(parsed, '$');
  return redacted.length === 0 ? { body, redacted } : { body: JSON.stringify(out), redacted };
}
