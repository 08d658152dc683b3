import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { eventually } from '../support/webhooks';

/**
 * The request log runs on real time, whatever a test mode's sandbox clock says (lib/clock.ts): its
 * entries expire and its hours close on real time (docs/decisions.md, "Listing the log"), so an
 * entry stamped on a clock 45 days ahead would sit in a future hour, never closed, and outlive its 7 days.
 */
useStackDatabase();

const DAY = 24 * 60 * 60 * 1000;

it('stamps a test-mode request in real time after the sandbox clock moved ahead', async () => {
  const { testKey } = await aFreshPartner();
  const to = new Date(Date.now() + 45 * DAY).toISOString();
  expect((await api(testKey).post('/sandbox/clock/advance', { to })).status).toBe(202);
  await eventually(async () => (await api(testKey).get('/sandbox/clock')).body.status === 'ready', 90_000, 'the advance to finish');
  const before = Date.now();
  const company = await createCompany(testKey);
  expect(Date.parse(company.created_at)).toBeGreaterThanOrEqual(Date.parse(to));
  const log = await api(testKey).get('/requests?method=POST&path=/v1/companies');
  expect(log.status).toBe(200);
  expect(log.body.page.total).toBe(1);
  const stamped = Date.parse(log.body.items[0].created_at);
  expect(stamped).toBeGreaterThanOrEqual(before - 1000);
  expect(stamped).toBeLessThanOrEqual(Date.now());
}, 120_000);
