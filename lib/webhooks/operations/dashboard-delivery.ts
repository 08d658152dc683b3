import * as z from 'zod';
import { idPattern } from '../../ids';
import { resourceMissing } from '../../errors';
import { readEndpoint } from '../delivery/endpoint-record';
import { listAttempts, type AttemptRecord } from '../lane/attempt-log';

/** Path and bodies of the dashboard's delivery actions (../shared/API-SURFACE.md). */
export const endpointIdParams = z.strictObject({ id: z.string().regex(idPattern('webhookEndpoint')) });
export const resendBody = z.strictObject({ event_id: z.string().regex(idPattern('event')) });
export const recoverBody = z.strictObject({ since: z.iso.datetime({ offset: true }) });
export const attemptsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() });

/** GET …/attempts: the endpoint's delivery attempts, newest first; another partner's endpoint is missing. */
export async function attemptsOfEndpoint(
  partnerId: string,
  endpointId: string,
  limit = 100,
): Promise<{ object: 'list'; items: AttemptRecord[] }> {
  if (!(await readEndpoint(partnerId, endpointId))) throw resourceMissing('webhook endpoint', endpointId);
  return { object: 'list', items: await listAttempts(endpointId, limit) };
}
