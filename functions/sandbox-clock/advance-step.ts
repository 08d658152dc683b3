import { handleAdvanceSteps } from '../../lib/sandbox-clock/step-handler';
import { tracedHandler } from '../../lib/observability/tracer';

/** The sandbox clock's advance, step by step: FIFO SQS (group = partner) → one step per message. Deployed with ReportBatchItemFailures. */
export const handler = tracedHandler(handleAdvanceSteps);
