import { matchesFilter, STREAM_FILTERS } from '../../infra/streams/filters';
import { FANNED_OUT_ATTRIBUTE } from '../../lib/store/entities/event-fan-out';
import { EVENT_ENTITY, PENDING_EVENT_ENTITY } from '../../lib/store/table-definition';

/**
 * The stream filters, written once (infra/streams/filters.ts): the patterns the CDK deploys, as the
 * embedded default's poller applies them. The local copy used to let an event item put back from a
 * restored table (one carrying `fanned_out_at`) through to the fan-out again.
 */
const record = (eventName: string, image: Record<string, { S: string }>) => ({ eventName, dynamodb: { NewImage: image } });
const event = record('INSERT', { entity: { S: EVENT_ENTITY }, pk: { S: 'EV#1' } });
const restoredEvent = record('INSERT', { entity: { S: EVENT_ENTITY }, [FANNED_OUT_ATTRIBUTE]: { S: '2026-12-01T00:00:00Z' } });
const pending = record('INSERT', { entity: { S: PENDING_EVENT_ENTITY } });
const passing = (r: unknown) =>
  Object.entries(STREAM_FILTERS)
    .filter(([, pattern]) => matchesFilter(pattern, r))
    .map(([name]) => name);

describe('the stream filters, as the embedded default applies them', () => {
  it('gives each inserted item to the one consumer whose filter names its kind', () => {
    expect(passing(event)).toEqual(['fanout']);
    expect(passing(pending)).toEqual(['sequencerBackstop']);
    // Two readers of the stream, no more (the mail sender reads its own queue).
    expect(Object.keys(STREAM_FILTERS)).toEqual(['fanout', 'sequencerBackstop']);
  });

  it('gives the fan-out no event item that was fanned out already (put back from a restored table)', () => {
    expect(passing(restoredEvent)).toEqual([]);
  });

  it('gives nobody a change or a removal, nor an item of another kind, nor a record without an image', () => {
    expect(passing(record('MODIFY', { entity: { S: EVENT_ENTITY } }))).toEqual([]);
    expect(passing(record('REMOVE', { entity: { S: PENDING_EVENT_ENTITY } }))).toEqual([]);
    expect(passing(record('INSERT', { entity: { S: 'company' } }))).toEqual([]);
    expect(passing({ eventName: 'INSERT' })).toEqual([]);
  });
});
