import { addToRateWindows } from '../store/entities/rate-window';
import type { PolicyState, RateLimitSettings } from './policy';

/** What one count returns: the request's minute and second, and the counts of both windows after it. */
export interface WindowCount {
  at: Date;
  /** Requests of the current minute, this one included. */
  minute: number;
  /** Requests of the current second, this one included. */
  second: number;
}

/**
 * Counts one request of `subject` (an API key's secret hash, or an address for keyless callers) in
 * DynamoDB, so the limits hold across Lambda instances. The item of the current minute holds the
 * minute's total (`m`) and a count per second (`s<second>`); it expires after three minutes. Fixed
 * windows: simple, and a partner can predict them from RateLimit-Reset. The count needs no setting of
 * the key, so it goes out at the same moment as the key's own read (docs/decisions.md, "Where a
 * request's time goes"); the settings apply afterwards (`policyStates`).
 *
 * A process that counts a subject many times a second takes its places in the window a few at a time
 * (a block of slots): ONE UpdateItem adds `size` to both windows, and this process's next requests of that
 * second take the places it holds, in order, without a write. A place is never given twice, so the
 * limits hold across processes exactly as with one write per request; the cost is places held and not
 * used when the second ends, given back to the minute at this process's next block in that minute
 * (docs/decisions.md, "Rate limiting").
 */
export async function countRequest(subject: string, at: Date): Promise<WindowCount> {
  const ms = at.getTime();
  const epochSecond = Math.floor(ms / 1000);
  const book = bookOf(subject, epochSecond);
  let block = book.block;
  if (!block || block.epochSecond !== epochSecond || block.claimed >= block.size || block.outcome === 'failed') {
    block = takeSlotBlock(subject, at, blockSize(book), book.block);
    book.block = block;
  }
  const place = ++block.claimed;
  book.claimsThisSecond++;
  const totals = await block.totals;
  return { at, minute: totals.minute - block.size + place, second: totals.second - block.size + place };
}

/** Places this process holds in one second's windows of a subject. */
interface SlotBlock {
  epochSecond: number;
  size: number;
  /** Places handed to requests so far (the next request takes place `claimed + 1`). */
  claimed: number;
  /** Both windows' totals after this block's write (its own places included). */
  totals: Promise<{ minute: number; second: number }>;
  /** Whether that write has landed yet, or failed (a failed write added nothing). */
  outcome: 'out' | 'landed' | 'failed';
}

interface SubjectBook {
  block?: SlotBlock;
  epochSecond: number;
  claimsThisSecond: number;
  claimsLastSecond: number;
}

/**
 * Blocks are sized on what this process counted of the subject in the last second: one place (a write
 * per request, as exact as it gets) below 8 requests a second, then a quarter of the rate, at most 8.
 */
const MAX_BLOCK = 8;
const blockSize = (book: SubjectBook) =>
  Math.min(MAX_BLOCK, Math.max(1, Math.floor(Math.max(book.claimsLastSecond, book.claimsThisSecond) / 4)));

/** Subjects counted recently by this process; an attacker's made-up keys must not grow it without end. */
const books = new Map<string, SubjectBook>();
const MAX_BOOKS = 10_000;

function bookOf(subject: string, epochSecond: number): SubjectBook {
  let book = books.get(subject);
  if (!book) {
    if (books.size >= MAX_BOOKS) books.clear();
    book = { epochSecond, claimsThisSecond: 0, claimsLastSecond: 0 };
    books.set(subject, book);
  }
  if (epochSecond > book.epochSecond) {
    book.claimsLastSecond = epochSecond === book.epochSecond + 1 ? book.claimsThisSecond : 0;
    book.claimsThisSecond = 0;
    book.epochSecond = epochSecond;
  }
  return book;
}

function takeSlotBlock(subject: string, at: Date, size: number, previous: SlotBlock | undefined): SlotBlock {
  const epochSecond = Math.floor(at.getTime() / 1000);
  const minute = Math.floor(epochSecond / 60);
  // Places of an earlier second's block that no request took: its second is over, but the minute is
  // not, so they are given back there (once: the new block takes its place in the book).
  const unused =
    previous?.outcome === 'landed' && previous.epochSecond < epochSecond && Math.floor(previous.epochSecond / 60) === minute
      ? previous.size - previous.claimed
      : 0;
  const write = addToRateWindows(subject, at, size, unused);
  const block: SlotBlock = {
    epochSecond,
    size,
    claimed: 0,
    outcome: 'out',
    totals: write.then(
      (totals) => {
        block.outcome = 'landed';
        return totals;
      },
      (error: unknown) => {
        block.outcome = 'failed';
        throw error;
      },
    ),
  };
  return block;
}

/** Forgets every block of slots of this process: the next count of each subject writes (tests, the bench's counts). */
export function forgetSlotBlocks(): void {
  books.clear();
}

/** The two policies of a key's settings, as one count left them. */
export function policyStates(settings: RateLimitSettings, count: WindowCount): PolicyState[] {
  const ms = count.at.getTime();
  const minute = Math.floor(ms / 60000);
  return [
    { name: 'burst', quota: settings.burst, window: 1, used: count.second, reset: 1 },
    {
      name: 'sustained',
      quota: settings.sustained,
      window: 60,
      used: count.minute,
      reset: Math.max(1, Math.ceil(((minute + 1) * 60000 - ms) / 1000)),
    },
  ];
}
