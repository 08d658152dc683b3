import { probePublicApi } from '../../lib/canary/probe';
import { CANARY_SUCCESS_METRIC, CANARY_UNCONFIGURED_METRIC } from '../../lib/observability/metric-names';

/** The EMF records the probe prints (Powertools metrics write them to stdout, where Lambda's agent reads them). */
async function metricsOf(run: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written
    .flatMap((w) => w.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .flatMap((l) =>
      (JSON.parse(l)._aws.CloudWatchMetrics as { Metrics: { Name: string }[] }[]).flatMap((m) => m.Metrics.map((x) => x.Name)),
    );
}

describe('the canary before its key is set', () => {
  const saved = process.env.CANARY_KEY_SECRET;
  beforeAll(() => {
    delete process.env.CANARY_KEY_SECRET;
    delete process.env.POWERTOOLS_METRICS_DISABLED;
  });
  afterAll(() => {
    if (saved !== undefined) process.env.CANARY_KEY_SECRET = saved;
  });

  it('probes nothing and publishes CanaryUnconfigured, not a failed CanarySuccess: a stage not live yet pages no one', async () => {
    const fetchImpl = jest.fn();
    let result: Awaited<ReturnType<typeof probePublicApi>> | undefined;
    const names = await metricsOf(async () => {
      result = await probePublicApi(fetchImpl as unknown as typeof fetch);
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: false, unconfigured: true });
    expect(names).toEqual([CANARY_UNCONFIGURED_METRIC]);
    expect(names).not.toContain(CANARY_SUCCESS_METRIC);
  });
});
