import { violation, type CompanyRule } from './rule';

/**
 * ICU's zone names, listed on the first request that sends a zone: listing them costs ~2 ms, which
 * every cold start of a function holding the company rules paid though most creations send none.
 */
let zones: Set<string> | undefined;

/** An IANA zone as Node's ICU knows it (canonical names and the usual links such as `US/Eastern`). */
export function isIanaZone(value: string): boolean {
  zones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (zones.has(value) || value === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/');
  } catch {
    return false;
  }
}

/** Spec create-company `timezone`: an IANA zone. */
export const timezone: CompanyRule = (body) =>
  body.timezone !== undefined && !isIanaZone(body.timezone)
    ? [
        violation(
          '$.timezone',
          'is not an IANA time zone',
          'Send timezone as an IANA zone name, such as "timezone": "America/New_York", or leave it out to use the formation state\'s zone.',
          'format',
        ),
      ]
    : [];
