import type { Route } from '../../../../lib/routes';
import type { StageSettings } from '../../stages';
import type { OnCallAlarms } from './alarms';

/** A function on the dashboard: every function of the stack is one of these. */
export interface WatchedFunction {
  name: string;
  kind: 'route' | 'fallback' | 'pipeline' | 'job';
  group: string;
  route?: Route;
  job?: string;
  /** A job's schedule expression (its heartbeat's window: infra/aws/constructs/on-call/jobs.ts). */
  schedule?: string;
}

export interface OnCallProps {
  settings: StageSettings;
  apiName: string;
  functions: WatchedFunction[];
  tableName: string;
  /** The sending domain's SES configuration set (infra/aws/constructs/mail-events.ts): its own bounces and complaints. */
  emailConfigurationSetName: string;
  /** The webhook pipeline: its lane shards' queues (shard 0 first), the fan-out DLQ, its functions. */
  pipeline?: {
    lanes: { queueName: string; dlqName: string }[];
    fanoutDlqName: string;
    fanoutName?: string;
    signerName?: string;
    /** The event sequencer's backstop (a consumer of the same stream). */
    backstopName?: string;
  };
  /** The mail queue of sign-in codes (infra/aws/constructs/mail-queue.ts), its DLQ and its sender. */
  mail?: { queueName: string; dlqName: string; senderName?: string };
  jobScheduleGroup?: string;
  /** The jobs' on-failure destination (a queue). */
  jobFailuresQueueName?: string;
  /** The table's global secondary indexes, each alarmed on its own throttles. */
  indexNames: string[];
  /** The canary's function (a scheduled job), when it is deployed. */
  canaryName?: string;
  /** The sandbox clock's steps (infra/aws/constructs/sandbox-clock-steps.ts): its queue, its DLQ and its worker. */
  sandboxClock?: { queueName: string; dlqName: string; workerName?: string };
}

/** What each area of the view gets: the stage's props, and the alarms to add its own to. */
export interface Area {
  props: OnCallProps;
  alarms: OnCallAlarms;
}
