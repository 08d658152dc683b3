import { eventStreams } from '../../store/keys';
import type { IndexName } from '../../store/table-definition';
import type { Scope } from '../../scope';

/**
 * One ordered stream of the log: the index that lists it, its partition value, the item attribute
 * holding an event's dense sequence in it, and its counter item (lib/store/event-item.ts).
 */
export interface EventStream {
  index: IndexName;
  pk: string;
  seqAttribute: 'seq_all' | 'seq_type' | 'seq_company' | 'seq_company_type';
  counter: string;
}

export const stream = {
  all: (scope: Scope): EventStream => ({ index: 'gsi1', pk: eventStreams.all(scope), seqAttribute: 'seq_all', counter: 'ALL' }),
  type: (scope: Scope, type: string): EventStream => ({ index: 'gsi2', pk: eventStreams.type(scope, type), seqAttribute: 'seq_type', counter: `T#${type}` }),
  company: (scope: Scope, companyId: string): EventStream => ({
    index: 'gsi3',
    pk: eventStreams.company(scope, companyId),
    seqAttribute: 'seq_company',
    counter: `C#${companyId}`,
  }),
  companyType: (scope: Scope, companyId: string, type: string): EventStream => ({
    index: 'gsi4',
    pk: eventStreams.companyType(scope, companyId, type),
    seqAttribute: 'seq_company_type',
    counter: `CT#${companyId}#${type}`,
  }),
};

/** The sort key range [lo, hi] of a listing on any stream (every index sorts by `<created_at>#<id>`). */
export interface KeyRange {
  lo: string;
  hi: string;
}

/** Below every `<created_at ISO>#<id>` key, and above every one (years are four digits). */
export const LOWEST_KEY = '0';
export const HIGHEST_KEY = '9~';
