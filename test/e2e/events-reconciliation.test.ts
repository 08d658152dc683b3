import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner } from '../support/event-log';
import { WriteSet } from '../../lib/store/write-set';
import { commit } from '../../lib/event-log/commit';
import { tableName } from '../../lib/store/client';
import { now, setClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { ApiEvent } from '../../lib/store/event';
import type { EventType } from '../../lib/resources/event';

useStackDatabase();

/** A burst of writers on one partner+mode: most commits go the pending path and are sequenced by a drain. */
const WRITERS = 12;
const EVENTS_PER_WRITER = 10;
/** Simulated time each commit moves the clock on: the run spans far more than the five-minute overlap. */
const STEP_MS = 5_000;
const OVERLAP_MS = 5 * 60_000;

describe('reconciliation (spec "GET /events", reconciliation recipe)', () => {
  let restoreClock: () => void;
  let simulated = Date.now();
  beforeAll(() => {
    restoreClock = setClock(() => new Date(simulated));
  });
  afterAll(() => restoreClock());

  it('sweeping created_at[gte] five minutes back while a burst of writers commits sees every event, none twice after dedup', async () => {
    const p = await freshPartner('Reconciliation partner');
    const scope = p.scope('test');
    const written = new Set<string>();
    let firstCreatedAt = Infinity;
    let lastWindowStart = '';
    let writing = true;

    const writer = async (w: number) => {
      const companyId = newId('company');
      for (let i = 0; i < EVENTS_PER_WRITER; i++) {
        simulated += STEP_MS;
        const ws = new WriteSet(scope, tableName()).recordEvent({
          // A type the catalog does not hold, on purpose: the log stores and orders any type alike.
          type: 'trial.updated' as EventType,
          companyId,
          resource: { object: 'company', id: companyId, name: `w${w} #${i}` },
        });
        const [committed] = await commit(ws);
        written.add(committed.event.id);
        firstCreatedAt = Math.min(firstCreatedAt, Date.parse(committed.event.created_at));
        // One round of the burst per sweep, so the run spans many sweeps however fast the log writes.
        while (writing && sweeps <= i) await new Promise((r) => setTimeout(r, 5));
      }
    };

    const seen = new Map<string, number>();
    let sweeps = 0;
    let lastSweep = now().getTime() - OVERLAP_MS;
    const sweep = async () => {
      const startedAt = now().getTime();
      const since = new Date(lastSweep - OVERLAP_MS).toISOString();
      lastWindowStart = since;
      const inThisSweep = new Set<string>();
      let previous = '';
      let after: string | undefined;
      for (;;) {
        const query = new URLSearchParams({ 'created_at[gte]': since, sort: 'created_at', limit: '7', ...(after ? { after } : {}) });
        const res = await api(p.testKey).get(`/events?${query}`);
        expect(res.status).toBe(200);
        for (const e of res.body.items as ApiEvent[]) {
          // Within one sweep the listing is in created_at order and never repeats an event.
          expect(inThisSweep.has(e.id)).toBe(false);
          expect(e.created_at >= previous).toBe(true);
          previous = e.created_at;
          inThisSweep.add(e.id);
          seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
        }
        if (!res.body.page.has_next_page) break;
        after = res.body.page.end_cursor;
      }
      lastSweep = startedAt;
      sweeps++;
    };

    const reader = async () => {
      while (writing) await sweep();
      await sweep(); // the sweep after the last write
    };
    const done = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))).finally(() => (writing = false));
    await Promise.all([done, reader()]);

    expect(written.size).toBe(WRITERS * EVENTS_PER_WRITER);
    expect(new Set(seen.keys())).toEqual(written);
    expect(sweeps).toBeGreaterThan(2);
    // The run spans far more simulated time than one overlap: the last sweeps began well after the
    // first event, so they found the late events through the window, not by rereading everything.
    expect(new Date(lastWindowStart).getTime()).toBeGreaterThan(firstCreatedAt);
  }, 120_000);
});
