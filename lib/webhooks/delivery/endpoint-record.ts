import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/client';
import type { Mode } from '../../store/scope';

/**
 * A webhook endpoint as the dashboard stores it (item `WHE#<partner>` / `EP#<id>`, entity
 * `webhook_endpoint`); the dashboard owns writing it, delivery only reads it and disables it.
 */
export interface EndpointRecord {
  id: string;
  partner_id: string;
  mode: Mode;
  url: string;
  status: 'enabled' | 'disabled';
  disabled_reason?: 'gone' | 'failing' | 'manual';
  /** Empty: every event type. */
  enabled_events: string[];
  description?: string;
  created_at: string;
  /** When it was last enabled, if the dashboard records it: the floor of gap filling after a re-enable. */
  enabled_at?: string;
  public_key?: string;
  /** Newest first; every secret not past `expires_at` signs. */
  secrets: { ciphertext: string; created_at: string; expires_at?: string }[];
  signing_key_ciphertext?: string;
}

const partition = (partnerId: string) => `WHE#${partnerId}`;
const endpointKey = (partnerId: string, endpointId: string) => ({ pk: partition(partnerId), sk: `EP#${endpointId}` });

export async function readEndpoint(partnerId: string, endpointId: string): Promise<EndpointRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: endpointKey(partnerId, endpointId), ConsistentRead: true }));
  return res.Item?.entity === 'webhook_endpoint' ? (res.Item as unknown as EndpointRecord) : undefined;
}

/** Every endpoint of one partner, both modes (one partition, a few items). */
export async function readEndpointsOfPartner(partnerId: string): Promise<EndpointRecord[]> {
  const out: EndpointRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ep)',
        ExpressionAttributeValues: { ':pk': partition(partnerId), ':ep': 'EP#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) if (item.entity === 'webhook_endpoint') out.push(item as unknown as EndpointRecord);
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Disable an enabled endpoint (410 Gone, or failing for days); false if it was no longer enabled. */
export async function disableEndpoint(partnerId: string, endpointId: string, reason: 'gone' | 'failing' | 'manual', at: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: endpointKey(partnerId, endpointId),
        UpdateExpression: 'SET #s = :disabled, disabled_reason = :reason, disabled_at = :at',
        ConditionExpression: '#s = :enabled',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':disabled': 'disabled', ':enabled': 'enabled', ':reason': reason, ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
