import { useStackDatabase } from '../support/stack';
import { createTestEndpoint, eventually, WAIT_MS, recordEvents, startReceiver } from '../support/webhooks';
import { createPartner } from '../../lib/partners/partner';
import { readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { auditOfMonth } from '../../lib/operator/audit';
import { runOps, type OpsIo } from '../../lib/operator/run-ops';
import { nowIso } from '../../lib/clock';
import { eventItemById } from '../../lib/event-log/event-reads';
import { FANNED_OUT_ATTRIBUTE } from '../../lib/store/entities/event-fan-out';

/**
 * The operator acts on a partner's webhook endpoints without the partner's session (the runbooks'
 * disable, enable, recover, resend), through `npm run ops -- … --stage local` against the running
 * embedded default: its lanes (the SQS stand-in the CLI finds through credentials.json) deliver to a
 * real receiver.
 */
useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR; // the CLI's credentials.json; the endpoint secrets' key
jest.setTimeout(60_000);

async function ops(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: OpsIo = { out: (t) => out.push(t), err: (t) => err.push(t), ask: async () => 'yes' };
  const code = await runOps([...argv, '--stage', 'local', '--as', 'oncall@platform'], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops: a partner’s webhook endpoints', () => {
  it('lists, resends, disables, enables and recovers an endpoint for its partner, each act audited', async () => {
    const partner = await createPartner({ name: 'Endpoint ops', ownerEmail: 'owner@endpoint-ops.test' });
    const receiver = await startReceiver();
    const endpoint = await createTestEndpoint({ partnerId: partner.id, mode: 'test', url: receiver.url });
    const scoped = (action: string, ...rest: string[]) => [action, ...rest, '--partner', partner.id, '--mode', 'test'];
    const since = nowIso();
    const [first] = await recordEvents({ partnerId: partner.id, mode: 'test' }, 1);
    await eventually(() => receiver.deliveries.length >= 1, WAIT_MS, 'the first delivery');

    const listed = await ops(scoped('endpoints'));
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toEqual(expect.arrayContaining([expect.objectContaining({ id: endpoint.id, url: receiver.url })]));

    // Resend: the event once more, under its own webhook-id.
    const resent = await ops(scoped('endpoint-resend', endpoint.id, '--event', first.id));
    expect(resent.err).toBe('');
    expect(JSON.parse(resent.out)).toEqual({ endpoint_id: endpoint.id, event_id: first.id });
    await eventually(() => receiver.deliveries.length >= 2, WAIT_MS, 'the resend');
    expect(receiver.ids()).toEqual([first.id, first.id]);

    // Disable: the endpoint stops; an event meanwhile is kept in the log, not delivered.
    const disabled = await ops(scoped('endpoint-disable', endpoint.id));
    expect(disabled.code).toBe(0);
    expect((await readWebhookEndpoint(partner.id, endpoint.id)).status).toBe('disabled');
    const [whileDisabled] = await recordEvents({ partnerId: partner.id, mode: 'test' }, 1);
    // The fan-out handles it while the endpoint is disabled (it marks every event it has handled).
    await eventually(
      async () => (await eventItemById({ partnerId: partner.id, mode: 'test' }, whileDisabled.id))?.[FANNED_OUT_ATTRIBUTE],
      WAIT_MS,
      'the fan-out of the event recorded while disabled',
    );
    // A resend to a disabled endpoint is refused, clearly, and changes nothing.
    const refused = await ops(scoped('endpoint-resend', endpoint.id, '--event', whileDisabled.id));
    expect(refused.code).toBe(1);
    expect(refused.err).not.toBe('');

    // Enable, then recover what it missed since the start: both events, in order.
    expect((await ops(scoped('endpoint-enable', endpoint.id))).code).toBe(0);
    expect((await readWebhookEndpoint(partner.id, endpoint.id)).status).toBe('enabled');
    const recovered = await ops(scoped('endpoint-recover', endpoint.id, '--since', since));
    expect(recovered.err).toBe('');
    expect(JSON.parse(recovered.out)).toMatchObject({ endpoint_id: endpoint.id, events: 2 });
    await eventually(() => receiver.ids().includes(whileDisabled.id), WAIT_MS, 'the recovered events');
    await eventually(() => receiver.deliveries.length >= 4, WAIT_MS, 'both recovered events');
    // The recovered two, in order (a delivery is at least once: a late retry may follow them).
    expect(receiver.ids().slice(2, 4)).toEqual([first.id, whileDisabled.id]);

    // A --since that is not a time is refused before anything is queued.
    const badSince = await ops(scoped('endpoint-recover', endpoint.id, '--since', 'yesterday'));
    expect(badSince.code).toBe(1);
    expect(badSince.err).toContain('--since is required: an RFC 3339 time');

    // Every act is in the audit, with who ran it: started, then how it ended.
    const month = new Date().toISOString().slice(0, 7);
    const acts = (await auditOfMonth(month)).filter((a) => a.partner_id === partner.id);
    const ended = acts.filter((a) => a.outcome !== 'started').map((a) => [a.action, a.outcome]);
    expect(ended).toEqual([
      ['endpoints', 'succeeded'],
      ['endpoint-resend', 'succeeded'],
      ['endpoint-disable', 'succeeded'],
      ['endpoint-resend', 'failed'],
      ['endpoint-enable', 'succeeded'],
      ['endpoint-recover', 'succeeded'],
      ['endpoint-recover', 'failed'],
    ]);
    expect(acts.filter((a) => a.outcome === 'started')).toHaveLength(ended.length);
    expect(new Set(acts.map((a) => a.operator))).toEqual(new Set(['oncall@platform']));
    await receiver.close();
  });

  it('refuses the DLQ listing on the embedded default, which has none', async () => {
    const dlq = await ops(['dlq']);
    expect(dlq.code).toBe(1);
    expect(dlq.err).toContain('have no DLQ');
  });
});
