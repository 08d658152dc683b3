import { useStackDatabase } from '../support/stack';
import { createTestEndpoint, recordEvents } from '../support/webhooks';
import { createPartner } from '../../lib/partners/partner';
import { resendEvent } from '../../lib/webhooks/operations/resend-event';
import { sendTestEvent } from '../../lib/webhooks/operations/send-test-event';
import type { Scope } from '../../lib/scope';

useStackDatabase();
// The stack's master key: endpoint secrets are encrypted with it.
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

// Resend delivers an event "once more" (docs/api.md): only an event the endpoint receives.
// Both refusals come before anything is queued, so no lane queue is needed here.
let test: Scope;
beforeAll(async () => {
  test = { partnerId: (await createPartner({ name: 'Resend rules', ownerEmail: 'owner@resend-rules.test' })).id, mode: 'test' };
});

describe('resending an event to a webhook endpoint', () => {
  it("refuses another endpoint's test event: a test event goes only to the endpoint it names", async () => {
    const named = await createTestEndpoint({ ...test, url: 'http://127.0.0.1:9/named' });
    const other = await createTestEndpoint({ ...test, url: 'http://127.0.0.1:9/other' });
    const testEvent = await sendTestEvent(test.partnerId, named.id);

    const refusal = resendEvent(test.partnerId, other.id, testEvent.id);
    await expect(refusal).rejects.toMatchObject({
      code: 'invalid_request',
      detail: `Event ${testEvent.id} is a test event of another endpoint: a test event goes only to the endpoint it names.`,
      errors: [
        expect.objectContaining({
          location: '$.event_id',
          how_to_fix: `Send this endpoint a test event of its own: POST /dashboard/api/webhook-endpoints/${other.id}/test.`,
        }),
      ],
    });
  });

  it('refuses an event whose type the endpoint does not receive, naming the type to add', async () => {
    const endpoint = await createTestEndpoint({ ...test, url: 'http://127.0.0.1:9/filtered', enabledEvents: ['invoice.*'] });
    const [event] = await recordEvents(test, 1, 'company.updated');

    const refusal = resendEvent(test.partnerId, endpoint.id, event.id);
    await expect(refusal).rejects.toMatchObject({
      code: 'invalid_request',
      detail: 'The endpoint does not receive company.updated events (enabled_events: ["invoice.*"]).',
      errors: [
        expect.objectContaining({
          location: '$.event_id',
          reason: 'The endpoint does not receive company.updated events (enabled_events: ["invoice.*"]).',
          how_to_fix: expect.stringContaining('Add "company.updated" to the endpoint\'s enabled_events'),
        }),
      ],
    });
  });
});
