import { invalidField } from '../errors';
import type { CompanyRecord } from '../resources/company';

/** A calendar day (YYYY-MM-DD) of an instant as it reads in an IANA zone. */
function dayIn(instant: string, timeZone: string | undefined): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(instant),
    );
  } catch {
    return instant.slice(0, 10);
  }
}

/**
 * The legal formation date the operator (or the sandbox, at `incorporate` or `update`) gives for a
 * company (spec: `incorporation_date`, assigned by the state; never a partner input). Never in the
 * future: the state assigns it when it accepts the filing. For a company we form, never before the
 * day it was created with us, that day read in the company's own zone, as the state dates its filings
 * (a company created at 20:00 in California is created on that day there, the next one in UTC). A
 * `pre_existing` company was formed before it came to us: any past date.
 *
 * One rule for both calls: `update` used to take any date at all (2099-01-01 included) for a
 * date `incorporate` refused.
 */
export function checkIncorporationDate(company: Pick<CompanyRecord, 'created_at' | 'pre_existing' | 'timezone'>, date: string, at: string) {
  const today = at.slice(0, 10);
  if (date > today)
    throw invalidField(
      '$.incorporation_date',
      'is in the future',
      `Send a date on or before ${today}: the state assigns it when it accepts the filing.`,
      'maximum',
    );
  const created = dayIn(company.created_at, company.timezone);
  if (!company.pre_existing && date < created)
    throw invalidField(
      '$.incorporation_date',
      'is before the company was created with us',
      `Send a date on or after ${created}.`,
      'minimum',
    );
}

/** The date the state gives a filing accepted `at` when none is named: that day in the company's zone. */
export const acceptedToday = (company: Pick<CompanyRecord, 'timezone'>, at: string) => dayIn(at, company.timezone);
