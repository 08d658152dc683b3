import type { DeliverySettings } from '../delivery/delivery-settings';
import type { WebhookEndpoint } from '../endpoints';
import { disableIfEnabled } from '../delivery/endpoint-record';
import { countBy } from '../delivery-metrics';
import type { LaneState } from './lane-state';
import { sendEmail } from '../../email';
import { recentPartner } from '../../partners/partner';

/**
 * Rule 7: an endpoint failing continuously (every attempt failed since `failing_since`) is warned about
 * by e-mail after one and three days, and disabled (`failing`) after five, with a last e-mail. Returns
 * true when it was disabled now.
 */
export async function escalateFailingEndpoint(
  endpoint: WebhookEndpoint,
  lane: LaneState,
  settings: DeliverySettings,
  nowMs: number,
): Promise<boolean> {
  if (!lane.failing_since) return false;
  const failingSeconds = (nowMs - Date.parse(lane.failing_since)) / 1000;
  const at = new Date(nowMs).toISOString();
  if (failingSeconds >= settings.disableAfterSeconds) {
    if (await disableIfEnabled(endpoint.partner_id, endpoint.id, 'failing', at)) {
      countBy('EndpointsDisabled', 'Reason', 'failing');
      await mailOwner(
        endpoint,
        `Webhook endpoint ${endpoint.id} was disabled`,
        `Every delivery to ${endpoint.url} has failed since ${lane.failing_since}, so we disabled the endpoint. ` +
          'No events are lost: read them from GET /v1/events, and after fixing the endpoint enable it and use "recover" in the dashboard to receive them again.',
      );
    }
    return true;
  }
  const due = settings.warnAfterSeconds.filter((t) => failingSeconds >= t && !lane.warned.includes(t));
  if (due.length > 0) {
    lane.warned.push(...due);
    const days = Math.floor(Math.max(...due) / 86400);
    await mailOwner(
      endpoint,
      `Webhook endpoint ${endpoint.id} has been failing for ${days} day${days === 1 ? '' : 's'}`,
      `Every delivery to ${endpoint.url} has failed since ${lane.failing_since}. We keep retrying; if it still fails ` +
        `${Math.round(settings.disableAfterSeconds / 86400)} days after the first failure we disable it.`,
    );
  }
  return false;
}

/** E-mail the workspace owner (SES in AWS, the outbox locally: lib/email). */
export async function mailOwner(endpoint: WebhookEndpoint, subject: string, text: string): Promise<void> {
  const partner = await recentPartner(endpoint.partner_id);
  if (!partner?.owner_email) return;
  await sendEmail({ to: partner.owner_email, subject, text });
}
