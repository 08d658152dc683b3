import { JOB_SHARDS } from '../store/keys';
import type { Mode } from '../scope';
import { quotesOfShardExpiringBy } from '../store/entities/service-order';
import { lapseQuote } from './moves/lapse-quote';

/**
 * The scheduled quote-lapse job (functions/jobs/quote-lapses.ts): every pending quote of the mode whose
 * `expires_at` has come lapses, once (lapseQuote is conditioned on the order as read). A late run
 * catches up; a second or concurrent one finds the quotes lapsed and off the list.
 */
export async function runQuoteLapses(mode: Mode, asOf: Date, onlyPartner?: string): Promise<number> {
  let lapsed = 0;
  for (let shard = 0; shard < JOB_SHARDS; shard++) {
    for (const quote of await quotesOfShardExpiringBy(mode, shard, asOf)) {
      if (onlyPartner && quote.partnerId !== onlyPartner) continue;
      if (await lapseQuote({ partnerId: quote.partnerId, mode }, quote.orderId, asOf)) lapsed++;
    }
  }
  return lapsed;
}
