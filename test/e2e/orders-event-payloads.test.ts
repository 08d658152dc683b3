import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany, anLlc } from '../support/companies';
import { aFreshPartner } from '../support/partners';

useStackDatabase();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
const validatorOf = (type: string) => {
  if (!validators.has(type))
    validators.set(
      type,
      ajv.compile(JSON.parse(readFileSync(join(__dirname, '..', '..', 'events-schema', 'events', `${type}.json`), 'utf8'))),
    );
  return validators.get(type)!;
};

describe('events of orders and billing match events-schema/', () => {
  it('every event the order moves, renewals, entitlements, filings, reminders and the month-end close record validates', async () => {
    const p = await aFreshPartner();
    const k = api(p.testKey);
    const company = await createCompany(p.testKey, anLlc({ state: 'DE' }));
    const post = async (path: string, body?: unknown) => {
      const res = await k.post(path, body);
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.body;
    };
    const ein = await post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    await post(`/sandbox/service-orders/${ein.id}/start`);
    await post(`/sandbox/service-orders/${ein.id}/require-action`);
    await post(`/service-orders/${ein.id}/form`, { answers: { contact_name: 'Jane Doe', contact_email: 'jane@example.com' } });
    await post(`/sandbox/service-orders/${ein.id}/complete`, { outcome: 'approved' });
    const mark = await post(`/companies/${company.id}/service-orders`, { product_key: 'trademark_registration' });
    await post(`/sandbox/service-orders/${mark.id}/quote`, { unit_amount: 50000 });
    await post(`/service-orders/${mark.id}/quote/accept`);
    await post(`/service-orders/${mark.id}/cancel`);
    const books = await post(`/companies/${company.id}/service-orders`, { product_key: 'bookkeeping', options: { tier: 'growth' } });
    await post(`/sandbox/service-orders/${books.id}/reprice`, { options: { tier: 'starter' } });
    await post(`/service-orders/${books.id}/renewal/cancel`);
    await post(`/sandbox/service-orders/${books.id}/renewal/deny`);
    await post(`/service-orders/${books.id}/renewal/cancel`);
    await post(`/sandbox/service-orders/${books.id}/renewal/approve`);
    await post(`/companies/${company.id}/service-orders`, { product_key: 'federal_tax_filing' });
    const filing = await post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 });
    await post(`/sandbox/tax-filings/${filing.id}/advance`, { status: 'in_progress' });
    await post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'state_tax_filing', delta: 1 });
    await post(`/sandbox/companies/${company.id}/reminders`, {});
    const now = new Date();
    await post('/sandbox/billing/run', { as_of: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString() });

    const events = (await k.get('/events?limit=100')).body.items as any[];
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      'service_order.status.changed',
      'service_order.completed',
      'service_order.quoted',
      'service_order.updated',
      'service_order.renewal_canceled',
      'service_order.renewal_cancel_denied',
      'requirement.created',
      'requirement.fulfilled',
      'company.entitlements.changed',
      'tax_filing.created',
      'tax_filing.status.changed',
      'calendar.reminder',
      'invoice.finalized',
    ]) {
      expect(types).toContain(t);
    }
    for (const event of events) {
      const validate = validatorOf(event.type);
      const valid = validate(event);
      expect({ type: event.type, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ type: event.type, errors: null });
    }
  });
});
