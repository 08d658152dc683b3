import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../store/client';
import { eventKey } from '../../store/keys';
import type { Scope } from '../../scope';
import { resourceMissing } from '../../errors';
import type { ApiEvent } from '../../store/event';

/** GET /events/{eventID}: one event of the caller's partner and mode, exactly as it was recorded. */
export async function getEvent(scope: Scope, table: string, eventId: string): Promise<ApiEvent> {
  const res = await db().send(new GetCommand({ TableName: table, Key: eventKey(scope, eventId), ProjectionExpression: 'payload' }));
  if (!res.Item) throw resourceMissing('event', eventId);
  return JSON.parse(res.Item.payload as string) as ApiEvent;
}
