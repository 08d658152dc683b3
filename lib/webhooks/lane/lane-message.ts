import type { Mode } from '../../scope';

/**
 * The body of one FIFO message (group = endpoint id). `event`: a fresh delivery of the event with
 * sequence `seq` in its partner+mode log; `resend`: deliver that one event again, whatever the cursor
 * says (the dashboard's resend and recover).
 */
export interface LaneMessage {
  kind: 'event' | 'resend';
  partner_id: string;
  mode: Mode;
  endpoint_id: string;
  event_id: string;
  seq: number;
  created_at: string;
  /**
   * A resend renewed by the signer (lib/webhooks/lane/poison.ts) keeps the id of the message it was
   * first sent as: its retry state is recorded under `resend:<that id>`.
   */
  resend_id?: string;
  /** The event's type and stored JSON, carried when small (saves the signer a read of the log). */
  type?: string;
  payload?: string;
}

/** Payloads up to this size travel in the message; larger ones are read from the log by the signer. */
export const MAX_CARRIED_PAYLOAD = 16 * 1024;

export function carried(type: string, payload: string): { type?: string; payload?: string } {
  return payload.length <= MAX_CARRIED_PAYLOAD ? { type, payload } : {};
}

export function parseLaneMessage(body: string): LaneMessage {
  const m = JSON.parse(body) as LaneMessage;
  if ((m.kind !== 'event' && m.kind !== 'resend') || !m.endpoint_id || !m.event_id || typeof m.seq !== 'number') {
    throw new Error('not a webhook lane message');
  }
  return m;
}

/** SQS deduplication id of a fresh delivery: one message per endpoint and event. */
export const freshDeduplicationId = (endpointId: string, eventId: string) => `${endpointId}:${eventId}`;

/** What the signer does with the message: delete it, or leave it (and the rest of its group) for later. */
export type LaneOutcome = { kind: 'done' } | { kind: 'retry'; afterSeconds: number; counted: boolean };
