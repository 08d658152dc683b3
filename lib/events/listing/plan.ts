import { allOf, anyOf, attributeNotExists, type Condition, isIn, not } from '../../store/expression';
import { typeCounterPages } from '../../event-log/event-reads';
import type { Scope } from '../../scope';
import type { EventFilter } from './event-filter';
import type { ReadMeter } from './read-meter';
import { stream, type EventStream } from './streams';

/**
 * How a filtered listing is served without reading what it then discards (docs/decisions.md, "The
 * event log"): the streams whose merge is exactly the listing, and the signed stream counts whose sum
 * is its total.
 */
export interface PagePlan {
  streams: EventStream[];
  /** Only for exclusions that cannot be a stream (`company_id[nin]`, or `type[nin]` within named companies). */
  filter?: Condition;
}

export interface CountTerm {
  stream: EventStream;
  sign: 1 | -1;
}

/**
 * Streams to merge for a page:
 * - types `in` × companies `in`: one company+type stream per pair;
 * - types `in` (companies all or `nin`): one stream per type;
 * - companies `in` (types all or `nin`): one stream per company;
 * - types `nin` (companies all or `nin`): one stream per type that has events and is not excluded
 *   (the complement, read from the type counters: bounded by the catalog of event types);
 * - nothing named: the partner's whole stream.
 * What remains excluded (`company_id[nin]`, or `type[nin]` inside named companies) is a filter whose
 * discarded reads are the excluded companies' or the named companies' own events, never the log's.
 */
export async function pagePlan(scope: Scope, table: string, filter: EventFilter, meter: ReadMeter): Promise<PagePlan> {
  const { types, companies } = filter;
  if (types.kind === 'in' && companies.kind === 'in') {
    return { streams: companies.values.flatMap((c) => types.values.map((t) => stream.companyType(scope, c, t))) };
  }
  const exclusions = exclusionFilter(
    types.kind === 'nin' && companies.kind === 'in' ? types.values : [],
    companies.kind === 'nin' ? companies.values : [],
  );
  if (types.kind === 'in') return { streams: types.values.map((t) => stream.type(scope, t)), filter: exclusions };
  if (companies.kind === 'in') return { streams: companies.values.map((c) => stream.company(scope, c)), filter: exclusions };
  if (types.values.length === 0) return { streams: [stream.all(scope)], filter: exclusions };
  const present = await typesWithEvents(scope, table, meter);
  return { streams: present.filter((t) => !types.values.includes(t)).map((t) => stream.type(scope, t)), filter: exclusions };
}

function exclusionFilter(types: string[], companies: string[]): PagePlan['filter'] {
  if (!types.length && !companies.length) return undefined;
  const parts: Condition[] = [];
  if (types.length) parts.push(not(isIn('type', types)));
  // An event about no company is kept: its company is not one of those excluded.
  if (companies.length) parts.push(anyOf(attributeNotExists('company_id'), not(isIn('company_id', companies))));
  return allOf(...parts);
}

/**
 * The total as a signed sum of stream counts (inclusion–exclusion over the type and company
 * dimensions); every stream count is a difference of dense sequences (count-events.ts).
 */
export function countTerms(scope: Scope, filter: EventFilter): CountTerm[] {
  const { types, companies } = filter;
  const plus = (s: EventStream): CountTerm => ({ stream: s, sign: 1 });
  const minus = (s: EventStream): CountTerm => ({ stream: s, sign: -1 });
  const pairs = (cs: string[], ts: string[]) => cs.flatMap((c) => ts.map((t) => stream.companyType(scope, c, t)));
  if (types.kind === 'in' && companies.kind === 'in') return pairs(companies.values, types.values).map(plus);
  if (types.kind === 'in')
    return [...types.values.map((t) => plus(stream.type(scope, t))), ...pairs(companies.values, types.values).map(minus)];
  if (companies.kind === 'in')
    return [...companies.values.map((c) => plus(stream.company(scope, c))), ...pairs(companies.values, types.values).map(minus)];
  return [
    plus(stream.all(scope)),
    ...types.values.map((t) => minus(stream.type(scope, t))),
    ...companies.values.map((c) => minus(stream.company(scope, c))),
    ...pairs(companies.values, types.values).map(plus),
  ];
}

/** The event types that have at least one event in this partner's mode: its type counters. */
async function typesWithEvents(scope: Scope, table: string, meter: ReadMeter): Promise<string[]> {
  const out: string[] = [];
  for await (const page of typeCounterPages(scope, table)) {
    meter.add(page.response);
    for (const item of page.items) out.push((item.sk as string).slice(2));
  }
  return out;
}
