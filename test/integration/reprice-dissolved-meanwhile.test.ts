import { TransactWriteCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { api } from '../support/http';
import { createCompany } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { db, tableName } from '../../lib/store/client';
import { companyKey } from '../../lib/store/keys';
import { repriceOrder } from '../../lib/orders/moves/reprice-order';
import type { Scope } from '../../lib/scope';

useStackDatabase();

describe('a reprice racing a dissolution', () => {
  it('is refused as on a dissolved company when the dissolution lands between its read and its write: nothing billed or fired', async () => {
    const p = await aFreshPartner();
    const test = api(p.testKey);
    const company = await createCompany(p.testKey);
    const order = (await test.post(`/companies/${company.id}/service-orders`, { product_key: 'bookkeeping', options: { tier: 'starter' } }))
      .body;
    const before = (await test.get(`/service-orders/${order.id}`)).body;
    const scope: Scope = { partnerId: p.partnerId, mode: 'test' };

    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    // The dissolution commits just before the reprice's transaction: the company read said open.
    ddb.on(TransactWriteCommand).callsFakeOnce(async (input) => {
      await realSend(
        new UpdateCommand({
          TableName: tableName(),
          Key: companyKey(scope, company.id),
          UpdateExpression: 'SET #status = :dissolved',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':dissolved': 'dissolved' },
        }),
      );
      return realSend(new TransactWriteCommand(input));
    });
    let refusal: unknown;
    try {
      await repriceOrder(scope, order.id, { tier: 'growth' }).catch((error) => {
        refusal = error;
      });
    } finally {
      ddb.restore();
    }
    expect(refusal).toMatchObject({ code: 'invalid_request', errors: [{ location: '$.company', validation_type: 'state' }] });
    expect((await test.get(`/service-orders/${order.id}`)).body).toEqual(before);
    const updated = await test.get(`/events?company_id=${company.id}&type=service_order.updated`);
    expect(updated.body.items).toEqual([]);
  });
});
