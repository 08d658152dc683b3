import { addMonths, dueAt, nextRenewalAt, periodBills } from '../../lib/billing/renewal-schedule';
import { lastClosedPeriod, nextPeriod, periodBounds, periodOf } from '../../lib/billing/period';
import { creditForCancel, linesForNewOrder, linesForReprice } from '../../lib/billing/billing-acts';
import { lineId } from '../../lib/billing/ledger-line';
import { depreciableBasis } from '../../lib/fixed-assets/fixed-asset';
import { canAdvance } from '../../lib/tax-filings/tax-filing';
import { nextDueDate, reminderPoints } from '../../lib/calendar/deadlines';
import { checkFormAnswers } from '../../lib/forms/form-answers';
import { formFor } from '../../lib/orders/order-form';

describe('billing periods', () => {
  it('names UTC calendar months and steps across a year end', () => {
    expect(periodOf('2026-12-31T23:59:59.999Z')).toBe('2026-12');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(periodBounds('2027-02')).toEqual({ start: '2027-02-01T00:00:00.000Z', end: '2027-03-01T00:00:00.000Z' });
  });

  it('closes the month before the as-of moment', () => {
    expect(lastClosedPeriod(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12');
    expect(lastClosedPeriod(new Date('2026-11-22T10:00:00Z'))).toBe('2026-10');
  });
});

describe('renewal dates', () => {
  it('a 31st-of-the-month order bills on the last day of short months and on the 31st again after', () => {
    const anchor = '2027-01-31T09:00:00.000Z';
    expect(addMonths(anchor, 1)).toBe('2027-02-28T09:00:00.000Z');
    expect(addMonths(anchor, 2)).toBe('2027-03-31T09:00:00.000Z');
    expect(addMonths('2028-01-31T00:00:00.000Z', 1)).toBe('2028-02-29T00:00:00.000Z');
  });

  it('advance products bill a period at its start, arrears products at its end', () => {
    const anchor = '2027-03-10T00:00:00.000Z';
    expect(dueAt(anchor, 'monthly', 'advance', 1)).toBe('2027-04-10T00:00:00.000Z');
    expect(dueAt(anchor, 'monthly', 'arrears', 0)).toBe('2027-04-10T00:00:00.000Z');
    expect(dueAt(anchor, 'yearly', 'advance', 1)).toBe('2028-03-10T00:00:00.000Z');
  });

  it('after an approved cancel, an advance product stops and an arrears product bills its running period once', () => {
    const anchor = '2027-03-10T00:00:00.000Z';
    const endsAt = '2027-05-10T00:00:00.000Z';
    expect(nextRenewalAt(anchor, 'monthly', 'advance', 2, endsAt)).toBeUndefined();
    expect(nextRenewalAt(anchor, 'monthly', 'arrears', 1, endsAt)).toBe(endsAt);
    expect(periodBills(anchor, 'monthly', 2, endsAt)).toBe(false);
  });
});

describe('billing acts', () => {
  const order = {
    id: 'so_1',
    company: 'cmp_1',
    product_key: 'annual_report',
    unit_amount: 4900,
    currency: 'usd',
    billing: 'advance' as const,
    fees: [{ kind: 'state_fee', unit_amount: 30000, currency: 'usd' }],
  };

  it('a new order bills its price and each frozen fee as separate lines', () => {
    const { lines, billed } = linesForNewOrder(order, '2027-01-05T00:00:00.000Z', true);
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([
      ['order', 4900],
      ['fee', 30000],
    ]);
    expect(billed).toBe(34900);
    expect(lines[0].period).toBe('2027-01');
  });

  it('an included order bills only a paid option as a difference; an arrears order bills its fees only', () => {
    expect(
      linesForNewOrder({ ...order, included_in: 'compliance_bundle', unit_amount: 0, fees: [] }, '2027-01-05T00:00:00.000Z', true).lines,
    ).toEqual([]);
    expect(
      linesForNewOrder({ ...order, included_in: 'compliance_bundle', unit_amount: 1000, fees: [] }, '2027-01-05T00:00:00.000Z', true)
        .lines[0].kind,
    ).toBe('difference');
    expect(linesForNewOrder({ ...order, billing: 'arrears' }, '2027-01-05T00:00:00.000Z', true).lines.map((l) => l.kind)).toEqual(['fee']);
  });

  it('a cancel credits exactly what was billed, and a reversed upgrade credits the difference', () => {
    expect(creditForCancel({ ...order, billed_amount: 34900 }, '2027-01-06T00:00:00.000Z', true).lines[0].amount).toBe(-34900);
    expect(linesForReprice({ ...order, unit_amount: 24900 }, 14900, 1, true, '2027-01-06T00:00:00.000Z', true).lines[0]).toMatchObject({
      kind: 'credit',
      amount: -10000,
    });
    expect(linesForReprice({ ...order, unit_amount: 14900 }, 24900, 2, false, '2027-01-06T00:00:00.000Z', true).lines).toEqual([]);
  });

  it('a line id is derived from its act, so the same act always maps to the same line', () => {
    expect(lineId('so_1#renewal#3')).toBe(lineId('so_1#renewal#3'));
    expect(lineId('so_1#renewal#3')).not.toBe(lineId('so_1#renewal#4'));
    expect(lineId('x')).toMatch(/^ln_[0-9A-Za-z]{22}$/);
  });
});

describe('fixed assets', () => {
  it('the depreciable basis is the business-use share of the cost, rounded to the cent', () => {
    expect(depreciableBasis(125_000, 100)).toBe(125_000);
    expect(depreciableBasis(100_001, 62.5)).toBe(62_501);
    expect(depreciableBasis(99_999, 33.33)).toBe(33_330);
  });
});

describe('tax filing statuses', () => {
  it('move forward only, and only a filed return is accepted or rejected', () => {
    expect(canAdvance('open', 'in_progress')).toBe(true);
    expect(canAdvance('open', 'filed')).toBe(true);
    expect(canAdvance('filed', 'in_progress')).toBe(false);
    expect(canAdvance('open', 'accepted')).toBe(false);
    expect(canAdvance('filed', 'rejected')).toBe(true);
    expect(canAdvance('accepted', 'rejected')).toBe(false);
  });
});

describe('compliance deadlines', () => {
  it('a Delaware LLC reports on June 1, a Wyoming LLC by the end of its anniversary month, federal returns by entity type', () => {
    const from = new Date('2027-02-01T00:00:00Z');
    const anniversary = '2026-08-14T00:00:00.000Z';
    expect(nextDueDate('annual_report', { state: 'DE', entity_type: 'llc', anniversary }, from).toISOString()).toBe(
      '2027-06-01T00:00:00.000Z',
    );
    expect(nextDueDate('annual_report', { state: 'WY', entity_type: 'llc', anniversary }, from).toISOString()).toBe(
      '2027-08-31T00:00:00.000Z',
    );
    expect(nextDueDate('federal_tax_filing', { state: 'WY', entity_type: 'llc', anniversary }, from).toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
    expect(nextDueDate('federal_tax_filing', { state: 'DE', entity_type: 'c_corp', anniversary }, from).toISOString()).toBe(
      '2027-04-15T00:00:00.000Z',
    );
  });

  it('reminds 60, 30 and 7 days before', () => {
    expect(reminderPoints(new Date('2027-06-01T00:00:00Z'))).toEqual([
      '2027-04-02T00:00:00.000Z',
      '2027-05-02T00:00:00.000Z',
      '2027-05-25T00:00:00.000Z',
    ]);
  });
});

describe('form answers', () => {
  it('checks required, conditional, option and pattern rules of the awaited order form', async () => {
    const form = formFor('itin_application');
    const violations = (answers: Record<string, unknown>) => checkFormAnswers(form, answers, async () => undefined);
    const base = { contact_name: 'Jane', contact_email: 'jane@example.com', citizenship: 'DE' };
    expect(await violations({ ...base, reason: 'nonresident_owner' })).toEqual([]);
    expect((await violations({ ...base, reason: 'other' })).map((e) => e.location)).toEqual(['$.answers.reason_detail']);
    expect((await violations({ ...base, reason: 'whim' }))[0]).toMatchObject({ location: '$.answers.reason', validation_type: 'enum' });
    expect((await violations({ ...base, citizenship: 'Germany', reason: 'nonresident_owner' }))[0]).toMatchObject({
      location: '$.answers.citizenship',
      validation_type: 'pattern',
    });
    expect((await violations({ ...base, reason: 'nonresident_owner', extra: 'x' }))[0]).toMatchObject({
      validation_type: 'additionalProperties',
    });
    expect((await violations({ ...base, reason: 'nonresident_owner', reason_detail: 'not asked' }))[0]).toMatchObject({
      location: '$.answers.reason_detail',
      validation_type: 'conditional',
    });
  });
});
