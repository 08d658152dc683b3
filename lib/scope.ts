/** live or test: chosen by the API key prefix (spec Authentication 2). */
export type Mode = 'live' | 'test';

/**
 * Every item belongs to one partner and one mode, and both are part of its keys, so a read built from
 * a caller's scope can never reach another partner's or the other mode's data.
 */
export interface Scope {
  partnerId: string;
  mode: Mode;
}

export function scopeKey(scope: Scope): string {
  return `${scope.partnerId}#${scope.mode}`;
}

export function livemode(scope: Scope): boolean {
  return scope.mode === 'live';
}

/** The mode a `livemode` flag names (the API's objects carry the flag; keys and reads carry the mode). */
export function modeOf(livemode: boolean): Mode {
  return livemode ? 'live' : 'test';
}
