import { BatchGetCommand, QueryCommand, ScanCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';
import { isEmptyRange, narrow } from '../../lib/events/listing/created-at-range';
import { parseRfc3339 } from '../../lib/paging/rfc3339';
import { EVERYTHING, intersect, keeps } from '../../lib/events/listing/selection';
import { eventFilterOf } from '../../lib/events/listing/event-filter';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import { countTerms } from '../../lib/events/listing/plan';
import { listEvents } from '../../lib/events/listing/list-events';
import { ApiError } from '../../lib/errors';
import { db } from '../../lib/store/client';
import { indexShards } from '../../lib/event-log/index-shards';
import { readable } from '../support/expressions';

const scope = { partnerId: 'ptr_' + 'p'.repeat(22), mode: 'test' as const };
const filterOf = (q: Record<string, string>) => eventFilterOf(listEventsQuery.parse(q));
const cmp = (c: string) => 'cmp_' + c.repeat(22);

describe('created_at bounds', () => {
  const at = (s: string) => parseRfc3339(s)!;
  const ms = Date.parse('2026-11-01T10:00:00.000Z');

  it('parses RFC 3339 with offsets, lowercase separators and any fraction', () => {
    expect(at('2026-11-01T12:00:00+02:00')).toEqual({ ms, exact: true });
    expect(at('2026-11-01t10:00:00z')).toEqual({ ms, exact: true });
    expect(at('2026-11-01T10:00:00.0004Z')).toEqual({ ms, exact: false });
    expect(at('2026-11-01T10:00:00.123456000Z')).toEqual({ ms: ms + 123, exact: false });
    expect(at('2026-11-01T10:00:00.123000Z')).toEqual({ ms: ms + 123, exact: true });
  });

  it.each([
    '2026-02-30T00:00:00Z',
    '2026-11-01T24:00:00Z',
    '2026-11-01',
    '2026-11-01T10:00:00',
    '2026-11-01T10:00:60Z',
    '2026-11-01T10:00:00+24:00',
    'now',
  ])('refuses %p', (s) => expect(parseRfc3339(s)).toBeUndefined());

  it('rounds each comparison to exactly the milliseconds it names', () => {
    const fine = at('2026-11-01T10:00:00.0005Z');
    expect(narrow({}, 'gte', fine)).toEqual({ from: ms + 1, to: undefined });
    expect(narrow({}, 'gt', at('2026-11-01T10:00:00Z'))).toEqual({ from: ms + 1, to: undefined });
    expect(narrow({}, 'lte', fine)).toEqual({ from: undefined, to: ms + 1 });
    expect(narrow({}, 'lt', fine)).toEqual({ from: undefined, to: ms + 1 });
    expect(narrow({}, 'lt', at('2026-11-01T10:00:00Z'))).toEqual({ from: undefined, to: ms });
    expect(narrow({}, 'eq', at('2026-11-01T10:00:00Z'))).toEqual({ from: ms, to: ms + 1 });
    expect(isEmptyRange(narrow({}, 'eq', fine))).toBe(true);
  });

  it('intersects several bounds', () => {
    const r = narrow(narrow({}, 'gte', at('2026-11-01T10:00:00Z')), 'gt', at('2026-11-01T09:00:00Z'));
    expect(r.from).toBe(ms);
    expect(isEmptyRange(narrow(r, 'lt', at('2026-11-01T09:00:00Z')))).toBe(true);
  });
});

describe('selections', () => {
  it('ANDs eq, in and nin into one normalised selection', () => {
    expect(intersect({ kind: 'in', values: ['b', 'a', 'c'] }, { kind: 'nin', values: ['c'] })).toEqual({ kind: 'in', values: ['a', 'b'] });
    expect(intersect({ kind: 'nin', values: ['b'] }, { kind: 'nin', values: ['a', 'b'] })).toEqual({ kind: 'nin', values: ['a', 'b'] });
    expect(intersect({ kind: 'in', values: ['a'] }, { kind: 'in', values: ['b'] })).toEqual({ kind: 'in', values: [] });
  });

  it('keeps an event about no company under nin, never under in', () => {
    expect(keeps({ kind: 'nin', values: [cmp('a')] }, undefined)).toBe(true);
    expect(keeps({ kind: 'in', values: [cmp('a')] }, undefined)).toBe(false);
    expect(keeps(EVERYTHING, 'x')).toBe(true);
  });

  it('gives equal listings equal filters, whatever form the parameters took', () => {
    expect(filterOf({ type: 'company.created' })).toEqual(filterOf({ 'type[in]': 'company.created,company.created' }));
    expect(filterOf({ sort: '-created_at' })).toEqual(filterOf({}));
  });

  it('refuses more than 25 type × company pairs', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map(cmp).join(',');
    expect(() =>
      filterOf({ 'company_id[in]': six, 'type[nin]': 'company.created,company.verified,company.updated,file.created,invoice.finalized' }),
    ).toThrow(ApiError);
    expect(() =>
      filterOf({ 'company_id[in]': six, 'type[in]': 'company.created,company.verified,company.updated,file.created' }),
    ).not.toThrow();
  });
});

describe('total by inclusion–exclusion', () => {
  const terms = (q: Record<string, string>) => countTerms(scope, filterOf(q)).map((t) => `${t.sign > 0 ? '+' : '-'}${t.stream.counter}`);

  it('sums the named streams', () => {
    expect(terms({})).toEqual(['+ALL']);
    expect(terms({ 'type[in]': 'company.created,company.verified' })).toEqual(['+T#company.created', '+T#company.verified']);
    expect(terms({ company_id: cmp('a'), type: 'company.created' })).toEqual([`+CT#${cmp('a')}#company.created`]);
  });

  it('subtracts exclusions, adding back what was subtracted twice', () => {
    expect(terms({ 'type[nin]': 'company.created', 'company_id[nin]': cmp('a') })).toEqual([
      '+ALL',
      '-T#company.created',
      `-C#${cmp('a')}`,
      `+CT#${cmp('a')}#company.created`,
    ]);
    expect(terms({ 'type[in]': 'company.created', 'company_id[nin]': cmp('a') })).toEqual([
      '+T#company.created',
      `-CT#${cmp('a')}#company.created`,
    ]);
    expect(terms({ 'type[nin]': 'company.created', company_id: cmp('a') })).toEqual([`+C#${cmp('a')}`, `-CT#${cmp('a')}#company.created`]);
  });
});

describe('what a page reads', () => {
  const ddb = mockStore();
  afterAll(() => ddb.restore());
  beforeEach(() => {
    ddb.reset();
    db(); // the mock intercepts the one document client of the process
    ddb.on(QueryCommand).resolves({ Items: [], ConsumedCapacity: { CapacityUnits: 0.5 } });
    ddb.on(BatchGetCommand).resolves({ Responses: {}, ConsumedCapacity: [{ CapacityUnits: 0.5 }] });
  });

  it.each([
    [{}],
    [{ 'type[in]': 'company.created,company.verified' }],
    [{ company_id: cmp('a'), 'created_at[gte]': '2026-11-01T00:00:00Z' }],
    [{ 'type[nin]': 'company.created', 'company_id[nin]': cmp('a'), 'created_at[lt]': '2026-11-01T00:00:00Z' }],
  ])('never scans, and every Query is bounded: %p', async (query) => {
    await listEvents(scope, 'table', listEventsQuery.parse({ ...query, limit: '25' }));
    expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
    for (const call of ddb.commandCalls(QueryCommand)) {
      const input = call.args[0].input;
      if (input.IndexName) expect(input.Limit).toBeLessThanOrEqual(27);
      else expect(readable(input.KeyConditionExpression, input)).toContain('begins_with(sk, "T#")'); // the type counters
    }
  });

  it('counts a bounded range with one-item Queries of the sequence only', async () => {
    await listEvents(
      scope,
      'table',
      listEventsQuery.parse({
        'type[in]': 'company.created,company.verified',
        'created_at[gte]': '2026-11-01T00:00:00Z',
        'created_at[lt]': '2026-11-02T00:00:00Z',
      }),
    );
    const counting = ddb.commandCalls(QueryCommand).filter((c) => c.args[0].input.Limit === 1);
    expect(counting).toHaveLength(2 * 2 * indexShards()); // two streams × two bounds × the streams' index shards
    for (const c of counting) expect(readable(c.args[0].input.ProjectionExpression, c.args[0].input)).toMatch(/^seq_type$/);
  });
});
