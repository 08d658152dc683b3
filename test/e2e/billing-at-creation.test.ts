import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { createCompany } from '../support/companies';

/**
 * Billing at creation, as the spec says ("the order is billed when created"), in every document and
 * in what happens: the catalog's formation row says so, and a company's formation
 * is on the ledger at the moment the company was created, long before anything is formed.
 */
useStackDatabase();

it('bills the formation when the company is created, and the guide says so', async () => {
  const guide = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'orders-and-billing.md'), 'utf8');
  expect(guide).toContain('billed when the company is created, as every order is billed when it is created');
  expect(guide).not.toMatch(/billed only when we form/);

  const p = await aFreshPartner();
  const sandbox = api(p.testKey);
  const company = await createCompany(p.testKey);
  expect(company.status).toBe('requires_information');
  const created = new Date(company.created_at);
  const close = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, 1)).toISOString();
  const run = await sandbox.post('/sandbox/billing/run', { as_of: close });
  expect(run.status).toBe(200);
  const invoice = (await sandbox.get(`/invoices/${run.body.invoice.id}`)).body;
  const orders = (await sandbox.get(`/companies/${company.id}/service-orders`)).body.items;
  const formation = orders.find((o: { product_key: string }) => o.product_key === 'formation');
  expect(formation.status).toBe('received');
  const lines = invoice.lines.filter((l: { service_order?: string }) => l.service_order === formation.id);
  expect(lines.map((l: { kind: string }) => l.kind).sort()).toEqual(['fee', 'fee', 'order']);
  for (const line of lines) expect(line.billed_at).toBe(company.created_at);
});
