import { BatchWriteCommand } from '../../lib/store/dynamodb';
import { db, tableName } from '../../lib/store/client';
import { companyPartition, REQUIREMENT_SK_PREFIX, SERVICE_ORDER_SK_PREFIX } from '../../lib/store/keys';
import { MAX_REQUIREMENTS_PER_COMPANY, MAX_SERVICE_ORDERS_PER_COMPANY } from '../../lib/resources/list-caps';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { createCompany } from '../support/companies';

/**
 * The company lists without a page block: a company's service orders and its
 * requirements hold at most a stated number, and a creation past it is refused with the envelope
 * (lib/resources/list-caps.ts). The company is filled to just below the cap with stand-in items in its
 * partition, as many keys as the cap counts, so the test does not place hundreds of orders.
 */
useStackDatabase();

/** `count` stand-in items under `prefix` in the company's partition: what the caps count. */
async function fill(partnerId: string, companyId: string, prefix: string, count: number) {
  const pk = companyPartition({ partnerId, mode: 'test' }, companyId);
  const items = Array.from({ length: count }, (_, i) => ({
    pk,
    sk: `${prefix}2020-01-01T00:00:00.000Z#stand_in_${i}`,
    entity: 'stand_in',
  }));
  for (let i = 0; i < items.length; i += 25) {
    await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
}

const refusedAtCap = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    code: 'invalid_request',
    errors: [{ validation_type: 'maxItems', how_to_fix: expect.stringContaining('support') }],
  });
};

describe('caps per company', () => {
  it(`refuses a service order past ${MAX_SERVICE_ORDERS_PER_COMPANY} per company, a bundle's included orders counted`, async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const company = await createCompany(testKey);
    const held = (await api(testKey).get(`/companies/${company.id}/service-orders`)).body.items.length;
    // Room for two: the bundle is itself and its included annual report.
    await fill(partnerId, company.id, SERVICE_ORDER_SK_PREFIX, MAX_SERVICE_ORDERS_PER_COMPANY - held - 2);
    const bundle = await api(testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'compliance_bundle' });
    expect(bundle.status).toBe(201);
    refusedAtCap(await api(testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'registered_agent' }));
  }, 60_000);

  it('refuses a bundle that would pass the cap with its included orders, although the company has room for one', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const company = await createCompany(testKey);
    const held = (await api(testKey).get(`/companies/${company.id}/service-orders`)).body.items.length;
    await fill(partnerId, company.id, SERVICE_ORDER_SK_PREFIX, MAX_SERVICE_ORDERS_PER_COMPANY - held - 1);
    refusedAtCap(await api(testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'compliance_bundle' }));
    expect((await api(testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'registered_agent' })).status).toBe(201);
  }, 60_000);

  it(`refuses a requirement past ${MAX_REQUIREMENTS_PER_COMPANY} per company, opened by the sandbox or by an order waiting on a form`, async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const company = await createCompany(testKey);
    const order = (await api(testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    expect((await api(testKey).post(`/sandbox/service-orders/${order.id}/start`)).status).toBe(200);
    const held = (await api(testKey).get(`/companies/${company.id}/requirements`)).body.items.length;
    await fill(partnerId, company.id, REQUIREMENT_SK_PREFIX, MAX_REQUIREMENTS_PER_COMPANY - held - 1);
    const last = await api(testKey).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information' });
    expect(last.status).toBe(201);
    refusedAtCap(await api(testKey).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information' }));
    refusedAtCap(await api(testKey).post(`/sandbox/service-orders/${order.id}/require-action`));
    // Refused before anything was written: the order still runs, and the company counts one open requirement.
    expect((await api(testKey).get(`/service-orders/${order.id}`)).body.status).toBe('in_progress');
    expect((await api(testKey).get(`/companies/${company.id}`)).body.open_requirements).toBe(1);
  }, 60_000);
});
