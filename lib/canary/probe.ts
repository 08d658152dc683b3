import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientConfig, prepared } from '../aws/client-config';
import { config } from '../config';
import { logger } from '../observability/logger';
import {
  CANARY_LATENCY_METRIC,
  CANARY_METRICS_SERVICE,
  CANARY_SUCCESS_METRIC,
  CANARY_UNCONFIGURED_METRIC,
  METRICS_NAMESPACE,
} from '../observability/metric-names';
import { machineMs } from '../clock';
import { variable } from '../config/variables';

/** The probe gives the API this long to answer, far above its p99, far below the schedule's period. */
export const CANARY_TIMEOUT_MS = 10_000;

let provider: SecretsProvider | undefined;
const secrets = () =>
  (provider ??= new SecretsProvider({ awsSdkV3Client: prepared(new SecretsManagerClient(clientConfig({ maxAttempts: 3 }))) }));

/** The canary's key (`{"key": "svc_test_…"}` in the secret CANARY_KEY_SECRET names; `npm run ops -- set-canary-key` writes it). */
async function canaryKey(): Promise<string | undefined> {
  const secret = variable('CANARY_KEY_SECRET');
  if (!secret) return undefined;
  const value = (await secrets().get(secret, { maxAge: 300, transform: 'json' })) as { key?: unknown } | undefined;
  return typeof value?.key === 'string' && value.key ? value.key : undefined;
}

export interface ProbeResult {
  ok: boolean;
  /** No canary key yet: nothing was probed, and nothing pages (docs/runbooks/canary.md). */
  unconfigured?: true;
  status?: number;
  ms: number;
  reason?: string;
}

/**
 * One probe of the public API as a partner calls it: `GET {PUBLIC_URL}/v1/me` with the canary's own key
 * (a test-mode key of a partner the platform team keeps for it), through the custom domain, the gateway,
 * a function and the table. Publishes CanarySuccess (1 or 0) and CanaryLatency; on-call alarms on a 0
 * and on silence (no probe at all). A stage with no key yet (before "Going live" sets it) publishes
 * CanaryUnconfigured instead: the job is heard running, and no failure pages anyone. Never throws: a
 * failed probe is a metric, not a failed job.
 */
export async function probePublicApi(fetchImpl: typeof fetch = fetch): Promise<ProbeResult> {
  const started = machineMs();
  let result: ProbeResult;
  try {
    const key = await canaryKey();
    if (!key)
      result = {
        ok: false,
        unconfigured: true,
        ms: 0,
        reason: 'no canary key: run npm run ops -- set-canary-key (docs/platform.md, "Going live")',
      };
    else {
      const res = await fetchImpl(`${config().publicUrl}/v1/me`, {
        headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'partner-api-canary' },
        signal: AbortSignal.timeout(CANARY_TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => undefined)) as { object?: string } | undefined;
      const ok = res.status === 200 && body?.object === 'caller';
      result = { ok, status: res.status, ms: machineMs() - started, ...(ok ? {} : { reason: `GET /v1/me answered ${res.status}` }) };
    }
  } catch (error) {
    result = { ok: false, ms: machineMs() - started, reason: error instanceof Error ? error.message : String(error) };
  }
  const metrics = new Metrics({
    namespace: variable('POWERTOOLS_METRICS_NAMESPACE') ?? METRICS_NAMESPACE,
    serviceName: CANARY_METRICS_SERVICE,
  });
  if (result.unconfigured) metrics.addMetric(CANARY_UNCONFIGURED_METRIC, MetricUnit.Count, 1);
  else metrics.addMetric(CANARY_SUCCESS_METRIC, MetricUnit.Count, result.ok ? 1 : 0);
  if (result.status !== undefined) metrics.addMetric(CANARY_LATENCY_METRIC, MetricUnit.Milliseconds, result.ms);
  metrics.publishStoredMetrics();
  if (result.ok) logger.info('canary probe succeeded', { ms: result.ms });
  else if (result.unconfigured) logger.warn('canary has no key yet; nothing probed', { reason: result.reason });
  else logger.error('canary probe failed', { status: result.status, reason: result.reason, ms: result.ms });
  return result;
}
