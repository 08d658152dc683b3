import { probePublicApi } from '../../lib/canary/probe';
import { isLocal } from '../../lib/config';
import { tracedHandler } from '../../lib/observability/tracer';

/** Every five minutes: one probe of the public API; on-call alarms on a failed probe and on none at all. */
export const schedule = 'rate(5 minutes)';

/** The canary (lib/canary/probe.ts). The embedded default has no canary key: it probes nothing there. */
export const handler = tracedHandler(async () => {
  if (isLocal()) return { probed: false };
  const result = await probePublicApi();
  return { probed: true, ok: result.ok };
});
