import { violation, type CompanyRule } from './rule';

const zones = new Set(Intl.supportedValuesOf('timeZone'));

/** An IANA zone as Node's ICU knows it (canonical names and the usual links such as `US/Eastern`). */
export function isIanaZone(value: string): boolean {
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
