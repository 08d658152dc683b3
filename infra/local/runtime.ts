import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './ensure-table';
import type { SeededPartner } from './seed';
import type { LocalScheduler } from './scheduler';
import type { LocalWebhookPipeline } from './webhook-pipeline';
import type { FifoLanes } from './fifo-lanes';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkConfiguration, variable } from '../../lib/config/variables';

export interface LocalOptions {
  port: number;
  /** `.local/` by default: database, credentials, outbox, files. */
  localDir: string;
  inMemory: boolean;
}

export interface Credentials extends SeededPartner {
  base_url: string;
  dashboard_url: string;
  other_partner: SeededPartner;
  dynamodb_endpoint: string;
  table_name: string;
  [extra: string]: unknown;
}

export interface LocalRuntime {
  credentials: Credentials;
  /** The FIFO stand-in of the webhook pipeline (tools with an injected clock wait for it to be idle). */
  webhookLanes: FifoLanes;
  /** Closes the gateway (requests in flight get `graceMs` to be answered), the pipeline, then Java. */
  stop(graceMs?: number): Promise<void>;
  /**
   * Stops the work this process does beside the API (the stream pollers, the lanes, the scheduled jobs)
   * until `resume`, which starts it again where its checkpoints left it. For measuring the API's own
   * path (bench/hot-path.ts): in AWS that work runs in other functions, not beside the API's process.
   */
  pauseBackground(): Promise<{ resume(): Promise<void> }>;
}

/**
 * The embedded default: DynamoDB Local, the table, the seed, and the HTTP gateway in front of the
 * same handlers the CDK stack deploys. `stop()` closes the server and stops Java.
 */
export async function startLocalRuntime(options: LocalOptions): Promise<LocalRuntime> {
  const localDir = resolve(options.localDir);
  mkdirSync(localDir, { recursive: true });
  const credentialsFile = join(localDir, 'credentials.json');
  const previous =
    !options.inMemory && existsSync(credentialsFile) ? (JSON.parse(readFileSync(credentialsFile, 'utf8')) as Partial<Credentials>) : {};

  // DynamoDB Local's JVM takes seconds to answer: the gateway's handlers (every route's), the pipeline
  // and the seed load meanwhile, on another core, rather than before Java starts.
  const dynamoStarting = startDynamoDbLocal({
    dataDir: options.inMemory ? undefined : join(localDir, 'dynamodb'),
    port: variable('DYNAMODB_PORT') ? Number(variable('DYNAMODB_PORT')) : undefined,
  });
  const loaded = Promise.all([
    import('./http-server'),
    import('./seed'),
    import('./scheduler'),
    import('./webhook-pipeline'),
    import('./sandbox-clock-steps'),
    import('./mail-queue'),
  ]);
  loaded.catch(() => undefined); // awaited below; a failure is thrown there, once Java is up to be stopped
  const dynamo: DynamoDbLocal = await dynamoStarting;
  let server: Server | undefined;
  let scheduler: LocalScheduler | undefined;
  let webhooks: LocalWebhookPipeline | undefined;
  let clockSteps: FifoLanes | undefined;
  let mail: FifoLanes | undefined;
  const stop = async (graceMs = 0) => {
    scheduler?.stop();
    // New connections are refused at once; requests in flight get `graceMs` to be answered, then
    // their connections are cut. Idle keep-alive sockets would hold close() open: closed now.
    const closed = new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server?.closeIdleConnections();
    if (graceMs > 0) await Promise.race([closed, sleep(graceMs, undefined, { ref: false })]);
    server?.closeAllConnections();
    await closed;
    // Given a grace (a signal), the pipeline gets it too, then is left behind: the process is exiting.
    const pipeline = Promise.all([webhooks?.stop(graceMs), clockSteps?.stop(graceMs), mail?.stop(graceMs)]);
    await (graceMs > 0 ? Promise.race([pipeline, sleep(graceMs, undefined, { ref: false })]) : pipeline);
    await dynamo.stop();
  };
  try {
    const [
      { startHttpServer },
      { localRateLimit, seedPartner },
      { startLocalScheduler },
      { startLocalWebhookPipeline },
      { startLocalSandboxClockSteps },
      { startLocalMailQueue },
    ] = await loaded;
    const publicUrl = `http://127.0.0.1:${options.port}`;
    // The handlers' DynamoDB. LOCAL_DYNAMODB_VIA puts something in between (proof/dynamodb-fault-proxy.ts,
    // which forwards to DYNAMODB_PORT); setup, the stream reader and credentials.json keep the direct one.
    process.env.DYNAMODB_ENDPOINT = process.env.LOCAL_DYNAMODB_VIA || dynamo.endpoint;
    process.env.TABLE_NAME ??= 'partner-api';
    process.env.PUBLIC_URL = publicUrl;
    process.env.STAGE = 'local';
    process.env.LOCAL_DIR = localDir;
    process.env.AWS_REGION ??= 'us-east-1';
    process.env.POWERTOOLS_METRICS_NAMESPACE ??= 'PartnerApiLocal';
    // The same schema a deployed function's cold start parses (lib/config/variables.ts): a value that
    // does not parse stops npm start here, with its name, instead of a fallback somewhere later.
    checkConfiguration();

    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, process.env.TABLE_NAME);
    client.destroy();

    const limits = localRateLimit();
    const demo = await seedPartner(
      previous.partner_id ? (previous as SeededPartner) : undefined,
      { name: 'Demo Partner', ownerEmail: 'owner@demo-partner.test' },
      limits,
    );
    const other = await seedPartner(previous.other_partner, { name: 'Other Partner', ownerEmail: 'owner@other-partner.test' }, limits);

    const table = process.env.TABLE_NAME;
    const region = process.env.AWS_REGION;
    const startBackground = async () => {
      const pipeline = await startLocalWebhookPipeline({ dynamodbEndpoint: dynamo.endpoint, region, table });
      webhooks = pipeline;
      // The sandbox clock's steps (functions/sandbox-clock/advance-step.ts), on their queue as in AWS.
      clockSteps = await startLocalSandboxClockSteps();
      // The scheduled jobs (functions/jobs/*), as EventBridge Scheduler runs them in AWS.
      if (variable('LOCAL_SCHEDULER') !== 'off') scheduler = await startLocalScheduler();
      return pipeline;
    };
    // The mail queue (sign-in codes) before the gateway, and not paused with the background: a sign-in
    // puts its code there before it answers, as in AWS.
    mail = await startLocalMailQueue();
    const pipeline = await startBackground();
    server = await startHttpServer(options.port);
    const credentials: Credentials = {
      base_url: `${publicUrl}/v1`,
      ...demo,
      dashboard_url: `${publicUrl}/dashboard`,
      other_partner: other,
      dynamodb_endpoint: dynamo.endpoint,
      table_name: table,
      webhook_queue_urls: pipeline.lanes.queueUrls,
      mail_queue_url: mail.queueUrl,
    };
    writeFileSync(credentialsFile, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
    const pauseBackground = async () => {
      scheduler?.stop();
      scheduler = undefined;
      await Promise.all([webhooks?.stop(), clockSteps?.stop()]);
      webhooks = undefined; // stop() then has nothing of it left to stop
      clockSteps = undefined;
      return { resume: async () => void (await startBackground()) };
    };
    return {
      credentials,
      // The pipeline running now (a paused and resumed one has new lanes).
      get webhookLanes() {
        if (!webhooks) throw new Error('the webhook pipeline is not running');
        return webhooks.lanes;
      },
      stop,
      pauseBackground,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
