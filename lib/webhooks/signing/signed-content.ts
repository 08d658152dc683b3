/**
 * Standard Webhooks' signed content (spec, Signing): `<id>.<timestamp>.<raw body>`, over the body bytes
 * exactly as sent, so a receiver must verify before parsing or re-serialising anything.
 */
export function signedContent(id: string, timestamp: number, body: string): Buffer {
  return Buffer.from(`${id}.${timestamp}.${body}`, 'utf8');
}
