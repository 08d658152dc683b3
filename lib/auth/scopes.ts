/**
 * Scopes a key can hold (the spec leaves their names open; docs/decisions.md, "Authentication and keys"). A key with
 * `*` holds all of them; `<area>:write` implies `<area>:read`.
 */
export const SCOPES = [
  'companies:read',
  'companies:write',
  'accounts:read',
  'accounts:write',
  'orders:read',
  'orders:write',
  'requirements:read',
  'requirements:write',
  'files:read',
  'files:write',
  'events:read',
  'billing:read',
  'logs:read',
  'sandbox:write',
] as const;

export type ScopeName = (typeof SCOPES)[number];
export const ALL_SCOPES = '*';

export function isScopeName(value: string): value is ScopeName {
  return (SCOPES as readonly string[]).includes(value);
}

/** Does a key holding `held` satisfy a route that requires `required`? */
export function grants(held: readonly string[], required: ScopeName | undefined): boolean {
  if (!required) return true;
  if (held.includes(ALL_SCOPES) || held.includes(required)) return true;
  const [area, access] = required.split(':');
  return access === 'read' && held.includes(`${area}:write`);
}
