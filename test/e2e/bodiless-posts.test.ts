import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany } from '../support/companies';
import { aFreshPartner } from '../support/partners';

/**
 * POSTs that need nothing but their path (Prism's validating proxy found six the document declared
 * with a required body): the document says their body may be left out, and they succeed with none at
 * all (no body, no Content-Type), as the chain reads no body as `{}` (lib/http/operation-core.ts).
 */
useStackDatabase();
type Json = Record<string, any>;
const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8')) as Json;

const SIX: [string, string][] = [
  ['/service-orders/{serviceOrderID}/cancel', 'cancelServiceOrder'],
  ['/service-orders/{serviceOrderID}/renewal/cancel', 'cancelServiceOrderRenewal'],
  ['/sandbox/companies/{companyID}/verify', 'sandboxVerifyCompany'],
  ['/sandbox/companies/{companyID}/incorporate', 'sandboxIncorporateCompany'],
  ['/sandbox/companies/{companyID}/assign-ein', 'sandboxAssignEin'],
  ['/companies/{companyID}/status-tokens', 'createStatusToken'],
];

it.each(SIX)('the document: POST %s takes an optional body', (path, operationId) => {
  const op = doc.paths[path].post;
  expect(op.operationId).toBe(operationId);
  expect(op.requestBody.required).toBe(false);
});

it('each of the six succeeds with no body at all', async () => {
  const p = await aFreshPartner();
  const test = api(p.testKey);
  const bare = (path: string) => test.send('POST', path);
  const company = await createCompany(p.testKey);
  const order = async (product_key: string) => (await test.post(`/companies/${company.id}/service-orders`, { product_key })).body;
  const renewing = await order('bookkeeping');
  const once = await order('ein_application');

  const answers = {
    renewalCancel: await bare(`/service-orders/${renewing.id}/renewal/cancel`),
    cancel: await bare(`/service-orders/${once.id}/cancel`),
    verify: await bare(`/sandbox/companies/${company.id}/verify`),
    incorporate: await bare(`/sandbox/companies/${company.id}/incorporate`),
    assignEin: await bare(`/sandbox/companies/${company.id}/assign-ein`),
    statusToken: await bare(`/companies/${company.id}/status-tokens`),
  };
  const statuses = Object.fromEntries(
    Object.entries(answers).map(([name, res]) => [name, `${res.status} ${res.status >= 300 ? res.text : ''}`.trim()]),
  );
  expect(statuses).toEqual({
    renewalCancel: '200',
    cancel: '200',
    verify: '200',
    incorporate: '200',
    assignEin: '200',
    statusToken: '201',
  });
  expect(answers.incorporate.body.status).toBe('active');
  expect(answers.assignEin.body.ein).toEqual(expect.any(String));
});
