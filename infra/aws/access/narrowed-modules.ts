import { rateWindowKey } from '../../../lib/store/keys';

/** A module whose table writes touch only items under one key prefix: its grant says so. */
export interface Narrowing {
  name: string;
  /** `dynamodb:LeadingKeys` patterns (StringLike) the grant is limited to. */
  leadingKeys: string[];
}

/** The prefix of the rate-limit window items, read from the key builder itself so the two never drift. */
const RATE_PREFIX = rateWindowKey('x', 0).pk.replace(/x$/, '');

/**
 * Every API call counts itself against its key's rate limit with ONE UpdateItem (decisions.md,
 * "Rate limiting"), so every partner function writes. Granting that write table-wide would make
 * every read-only function a writer; instead the counter's module is narrowed to its own items:
 * `dynamodb:UpdateItem` only where the partition key starts with `RATE#`.
 */
export const NARROWED_MODULES: Record<string, Narrowing> = {
  'lib/rate-limit/count-request.ts': { name: 'rate-limit-counter', leadingKeys: [`${RATE_PREFIX}*`] },
};
