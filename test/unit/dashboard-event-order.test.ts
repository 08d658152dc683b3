import { mergeNewestFirst } from '../../lib/dashboard/event-browser';

describe('the dashboard’s events in the API’s order', () => {
  it('keeps each mode’s order for events sharing a timestamp, instead of sorting them by id', () => {
    const at = '2026-11-28T10:00:00.000Z';
    const earlier = '2026-11-28T09:59:59.000Z';
    // GET /events' order: created_at, then the log's sequence (here z before a before m).
    const live = [
      { event: { id: 'evt_z', created_at: at } },
      { event: { id: 'evt_a', created_at: at } },
      { event: { id: 'evt_m', created_at: earlier } },
    ];
    const test = [{ event: { id: 'evt_q', created_at: earlier } }];
    expect(mergeNewestFirst([live, test]).map((e) => e.event.id)).toEqual(['evt_z', 'evt_a', 'evt_m', 'evt_q']);
  });
});
