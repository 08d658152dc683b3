import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { companyPartition, SERVICE_ORDER_SK_PREFIX, serviceOrderByIdIndex, serviceOrderKey } from '../store/keys';
import type { Scope } from '../store/scope';
import type { WriteSet } from '../store/write-set';
import { renderServiceOrder, type ServiceOrderRecord } from '../resources/service-order';
import { renewalIndexAttributes } from '../orders/renewal-index';
import { billNewOrder } from '../orders/bill-new-order';

/** The stored item of a service order: in its company's partition (newest-first listing), findable by id through gsi1. */
export function serviceOrderItem(scope: Scope, record: ServiceOrderRecord): Record<string, unknown> {
  const byId = serviceOrderByIdIndex(scope, record.id);
  return {
    ...serviceOrderKey(scope, record.company, record.created_at, record.id),
    entity: 'service_order',
    ...record,
    gsi1pk: byId.pk,
    gsi1sk: byId.sk,
    ...renewalIndexAttributes(scope, record),
  };
}

export function toServiceOrderRecord(item: Record<string, unknown>): ServiceOrderRecord {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g, gsi1sk: _s, gsi2pk: _g2, gsi2sk: _s2, gsi3pk: _g3, gsi3sk: _s3, ...record } = item;
  return record as ServiceOrderRecord;
}

/**
 * Adds a new order to a WriteSet with its `service_order.status.changed` event (spec: "any creation or
 * movement fires service_order.status.changed"), so the order and its event commit together.
 */
export function addServiceOrderCreation(ws: WriteSet, scope: Scope, created: ServiceOrderRecord): WriteSet {
  // Billed in the same transaction: the order's ledger lines and its billed total (lib/orders).
  const record = billNewOrder(ws, scope, created);
  ws.put(serviceOrderItem(scope, record), { expression: 'attribute_not_exists(pk)' });
  ws.recordEvent({ type: 'service_order.status.changed', companyId: record.company, resource: renderServiceOrder(record) });
  return ws;
}

/** serviceOrdersOfCompany: every order, newest first (one Query of the company partition). */
export async function serviceOrdersOfCompany(scope: Scope, companyId: string): Promise<ServiceOrderRecord[]> {
  const out: ServiceOrderRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :so)',
        ExpressionAttributeValues: { ':pk': companyPartition(scope, companyId), ':so': SERVICE_ORDER_SK_PREFIX },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    out.push(...(res.Items ?? []).map(toServiceOrderRecord));
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** serviceOrderById: the order and its company, or undefined for another partner's or mode's id. */
export async function getServiceOrder(scope: Scope, serviceOrderId: string): Promise<ServiceOrderRecord | undefined> {
  const index = serviceOrderByIdIndex(scope, serviceOrderId);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': index.pk, ':sk': index.sk },
    }),
  );
  const item = res.Items?.[0];
  return item ? toServiceOrderRecord(item) : undefined;
}
