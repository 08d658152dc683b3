import { ApiError } from '../../lib/errors';
import { acceptedToday, checkIncorporationDate } from '../../lib/lifecycle/incorporation-date';

/** The refusal `run` throws, or undefined when it accepts. */
function refusal(run: () => void): ApiError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

// Created at 20:00 on 26 November in California: 04:00 on the 27th in UTC.
const californian = { created_at: '2026-11-27T04:00:00.000Z', pre_existing: false, timezone: 'America/Los_Angeles' };
const at = '2026-11-27T18:00:00.000Z';

describe('the incorporation date the operator gives', () => {
  it("reads the creation day in the company's own zone, as the state dates its filings", () => {
    expect(refusal(() => checkIncorporationDate(californian, '2026-11-26', at))).toBeUndefined();
    expect(refusal(() => checkIncorporationDate(californian, '2026-11-25', at))?.errors?.[0]).toMatchObject({
      location: '$.incorporation_date',
      validation_type: 'minimum',
      how_to_fix: 'Send a date on or after 2026-11-26.',
    });
  });

  it('is never in the future, for any company', () => {
    for (const company of [californian, { ...californian, pre_existing: true }])
      expect(refusal(() => checkIncorporationDate(company, '2026-11-28', at))?.errors?.[0]).toMatchObject({ validation_type: 'maximum' });
  });

  it('may be any past day for a company formed before it came to us', () => {
    expect(refusal(() => checkIncorporationDate({ ...californian, pre_existing: true }, '1999-01-01', at))).toBeUndefined();
  });

  it("defaults to the day of acceptance in the company's zone", () => {
    expect(acceptedToday(californian, '2026-11-27T04:30:00.000Z')).toBe('2026-11-26');
    expect(acceptedToday({ timezone: 'America/New_York' }, '2026-11-27T04:30:00.000Z')).toBe('2026-11-26');
    expect(acceptedToday({ timezone: 'America/New_York' }, '2026-11-27T05:30:00.000Z')).toBe('2026-11-27');
  });
});
