import { eventCounterStreams, eventStreams } from '../../store/keys';
import type { IndexName } from '../../store/table-definition';
import type { Scope } from '../../scope';
import { indexShards } from '../../event-log/index-shards';

/**
 * One ordered stream of the log: the index that lists it, its partition values (one per shard: the
 * partner's and the type streams are written over `indexShards()` partitions; a company's over one),
 * the item attribute holding an event's dense sequence in it, and its counter item
 * (lib/event-log/event-item.ts). The stream is the merge of its partitions by sort key.
 */
export interface EventStream {
  index: IndexName;
  pks: string[];
  seqAttribute: 'seq_all' | 'seq_type' | 'seq_company' | 'seq_company_type';
  counter: string;
}

const shards = () => Array.from({ length: indexShards() }, (_, i) => i);

export const stream = {
  all: (scope: Scope): EventStream => ({
    index: 'gsi1',
    pks: shards().map((i) => eventStreams.all(scope, i)),
    seqAttribute: 'seq_all',
    counter: eventCounterStreams.all,
  }),
  type: (scope: Scope, type: string): EventStream => ({
    index: 'gsi2',
    pks: shards().map((i) => eventStreams.type(scope, type, i)),
    seqAttribute: 'seq_type',
    counter: eventCounterStreams.type(type),
  }),
  company: (scope: Scope, companyId: string): EventStream => ({
    index: 'gsi3',
    pks: [eventStreams.company(scope, companyId)],
    seqAttribute: 'seq_company',
    counter: eventCounterStreams.company(companyId),
  }),
  companyType: (scope: Scope, companyId: string, type: string): EventStream => ({
    index: 'gsi4',
    pks: [eventStreams.companyType(scope, companyId, type)],
    seqAttribute: 'seq_company_type',
    counter: eventCounterStreams.companyType(companyId, type),
  }),
};

/** The sort key range [lo, hi] of a listing on any stream (every index sorts by `<created_at>#<seq_all>`). */
export interface KeyRange {
  lo: string;
  hi: string;
}

/** Below every `<created_at ISO>#<id>` key, and above every one (years are four digits). */
export const LOWEST_KEY = '0';
export const HIGHEST_KEY = '9~';
