import * as z from 'zod';
import { noBody, noQuery } from '../../input';
import { pagedList, plainList } from '../../resources/lists';
import type { OperationSpec } from './operation';
import { companyIdParams } from '../../companies/schemas';
import { serviceOrderSchema } from '../../resources/service-order';
import { invoiceSchema } from '../../resources/invoice';
import { taxFilingSchema } from '../../resources/tax-filing';
import { calendarEventSchema } from '../../resources/calendar-event';
import { companySchema } from '../../resources/company';
import { deletedFixedAssetSchema, fixedAssetSchema } from '../../resources/fixed-asset';
import { createOrderBody } from '../../orders/create-order';
import { createFixedAssetBody } from '../../fixed-assets/fixed-asset';
import { completeBody, fixedAssetParams, formBody, invoiceIdParams, quoteBody, repriceBody, serviceOrderIdParams, taxFilingIdParams } from '../../orders/params';
import { cursorParams, limitParam } from '../../paging/list-query';

const tag = 'Orders and billing';
const sandbox = 'Sandbox';
const order200 = { 200: { description: 'The order after the move.', schema: serviceOrderSchema } };

export const billingRunSchema = z
  .strictObject({ object: z.literal('billing_run'), as_of: z.string(), renewals_billed: z.number().int(), invoice: invoiceSchema.nullable() })
  .meta({ id: 'BillingRun', description: 'What a sandbox billing run did: renewals billed and the test invoice of the closed month (null when there was nothing to bill).' });

const move = (path: string, operationId: string, summary: string, scope: OperationSpec['scope'], body: z.ZodType = noBody, errors = [404]): OperationSpec => ({
  method: 'POST',
  path,
  operationId,
  summary,
  tag: path.startsWith('/v1/sandbox') ? sandbox : tag,
  scope,
  params: path.includes('{serviceOrderID}') ? serviceOrderIdParams : path.includes('{taxFilingID}') ? taxFilingIdParams : companyIdParams,
  query: noQuery,
  body,
  responses: order200,
  errors,
});

export const ordersOperations: OperationSpec[] = [
  {
    method: 'POST',
    path: '/v1/companies/{companyID}/service-orders',
    operationId: 'createServiceOrder',
    summary: 'Order a catalog product on a company (honours Idempotency-Key)',
    tag,
    scope: 'orders:write',
    params: companyIdParams,
    query: noQuery,
    body: createOrderBody,
    responses: { 201: { description: 'The new order.', schema: serviceOrderSchema, headers: { Location: 'The order’s URL.' } } },
    errors: [402, 404, 409, 422],
  },
  { method: 'GET', path: '/v1/service-orders/{serviceOrderID}', operationId: 'getServiceOrder', summary: 'One order, with `form` while it waits on one', tag, scope: 'orders:read', params: serviceOrderIdParams, query: noQuery, responses: { 200: { description: 'The order.', schema: serviceOrderSchema } }, errors: [404] },
  move('/v1/service-orders/{serviceOrderID}/cancel', 'cancelServiceOrder', 'Cancel before fulfilment (credited) or decline a quote; canceling the formation order cancels the company', 'orders:write', noBody, [402, 404]),
  move('/v1/service-orders/{serviceOrderID}/quote/accept', 'acceptServiceOrderQuote', 'Accept the quote before quote.expires_at', 'orders:write'),
  move('/v1/service-orders/{serviceOrderID}/renewal/cancel', 'cancelServiceOrderRenewal', 'Ask that renewals stop (awaits an operator decision)', 'orders:write'),
  move('/v1/service-orders/{serviceOrderID}/form', 'submitServiceOrderForm', 'Submit the form the order waits on', 'orders:write', formBody),
  { method: 'GET', path: '/v1/companies/{companyID}/tax-filings', operationId: 'listTaxFilings', summary: 'Tax filings of a company (read-only), newest first', tag, scope: 'companies:read', params: companyIdParams, query: noQuery, responses: { 200: { description: 'The filings.', schema: plainList('TaxFilingList', taxFilingSchema, 'Tax filings of a company.') } }, errors: [404] },
  { method: 'GET', path: '/v1/tax-filings/{taxFilingID}', operationId: 'getTaxFiling', summary: 'One tax filing', tag, scope: 'companies:read', params: taxFilingIdParams, query: noQuery, responses: { 200: { description: 'The filing.', schema: taxFilingSchema } }, errors: [404] },
  { method: 'GET', path: '/v1/companies/{companyID}/calendar-events', operationId: 'listCalendarEvents', summary: 'Upcoming compliance deadlines and their reminder points', tag, scope: 'companies:read', params: companyIdParams, query: noQuery, responses: { 200: { description: 'The deadlines.', schema: plainList('CalendarEventList', calendarEventSchema, 'Compliance deadlines of a company.') } }, errors: [404] },
  { method: 'POST', path: '/v1/companies/{companyID}/fixed-assets', operationId: 'createFixedAsset', summary: 'Add an asset to the register', tag, scope: 'companies:write', params: companyIdParams, query: noQuery, body: createFixedAssetBody, responses: { 201: { description: 'The asset.', schema: fixedAssetSchema } }, errors: [404, 409, 422] },
  { method: 'GET', path: '/v1/companies/{companyID}/fixed-assets', operationId: 'listFixedAssets', summary: 'The fixed-asset register, newest first', tag, scope: 'companies:read', params: companyIdParams, query: noQuery, responses: { 200: { description: 'The assets.', schema: plainList('FixedAssetList', fixedAssetSchema, 'A company’s fixed assets.') } }, errors: [404] },
  { method: 'GET', path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}', operationId: 'getFixedAsset', summary: 'One asset', tag, scope: 'companies:read', params: fixedAssetParams, query: noQuery, responses: { 200: { description: 'The asset.', schema: fixedAssetSchema } }, errors: [404] },
  { method: 'DELETE', path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}', operationId: 'deleteFixedAsset', summary: 'Remove an asset from the register', tag, scope: 'companies:write', params: fixedAssetParams, query: noQuery, responses: { 200: { description: 'Removed.', schema: deletedFixedAssetSchema } }, errors: [404] },
  { method: 'GET', path: '/v1/invoices', operationId: 'listInvoices', summary: 'Month-end invoices, newest first, paged', tag, scope: 'billing:read', query: z.strictObject({ limit: limitParam, ...cursorParams }), responses: { 200: { description: 'A page of invoices.', schema: pagedList('InvoiceList', invoiceSchema, 'A page of invoices.') } } },
  { method: 'GET', path: '/v1/invoices/{invoiceID}', operationId: 'getInvoice', summary: 'One invoice with its lines and a one-hour hosted_url', tag, scope: 'billing:read', params: invoiceIdParams, query: noQuery, responses: { 200: { description: 'The invoice.', schema: invoiceSchema } }, errors: [404] },
  {
    method: 'POST',
    path: '/v1/sandbox/companies/{companyID}/entitlements',
    operationId: 'sandboxChangeEntitlements',
    summary: 'Grant or take rights (company.entitlements.changed)',
    tag: sandbox,
    scope: 'sandbox:write',
    params: companyIdParams,
    query: noQuery,
    body: z.strictObject({ kind: z.string(), delta: z.number().int() }),
    responses: { 200: { description: 'The company.', schema: companySchema } },
    errors: [402, 404],
  },
  {
    method: 'POST',
    path: '/v1/sandbox/companies/{companyID}/tax-filings',
    operationId: 'sandboxOpenTaxFiling',
    summary: 'Open a filing, consuming one right (entitlement_required when none is left)',
    tag: sandbox,
    scope: 'sandbox:write',
    params: companyIdParams,
    query: noQuery,
    body: z.strictObject({ kind: z.enum(['federal', 'state']), year: z.number().int() }),
    responses: { 201: { description: 'The filing.', schema: taxFilingSchema } },
    errors: [402, 404, 409],
  },
  {
    method: 'POST',
    path: '/v1/sandbox/tax-filings/{taxFilingID}/advance',
    operationId: 'sandboxAdvanceTaxFiling',
    summary: 'Move a filing’s status or progress (tax_filing.status.changed)',
    tag: sandbox,
    scope: 'sandbox:write',
    params: taxFilingIdParams,
    query: noQuery,
    body: z.strictObject({ status: z.string().optional(), progress: z.string().optional() }),
    responses: { 200: { description: 'The filing.', schema: taxFilingSchema } },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/v1/sandbox/companies/{companyID}/reminders',
    operationId: 'sandboxFireReminder',
    summary: 'Fire the next reminder point (calendar.reminder)',
    tag: sandbox,
    scope: 'sandbox:write',
    params: companyIdParams,
    query: noQuery,
    body: z.strictObject({ kind: z.enum(['annual_report', 'federal_tax_filing']).optional() }),
    responses: { 200: { description: 'The calendar event with the remind_at that fired.', schema: calendarEventSchema } },
    errors: [404],
  },
  move('/v1/sandbox/service-orders/{serviceOrderID}/start', 'sandboxStartServiceOrder', 'Fulfilment starts: received → in_progress', 'sandbox:write'),
  move('/v1/sandbox/service-orders/{serviceOrderID}/quote', 'sandboxQuoteServiceOrder', 'Price a quote_pending order (service_order.quoted)', 'sandbox:write', quoteBody),
  move('/v1/sandbox/service-orders/{serviceOrderID}/require-action', 'sandboxRequireAction', 'in_progress → requires_action with a form requirement', 'sandbox:write'),
  move('/v1/sandbox/service-orders/{serviceOrderID}/complete', 'sandboxCompleteServiceOrder', 'Complete the order (service_order.completed once)', 'sandbox:write', completeBody),
  move('/v1/sandbox/service-orders/{serviceOrderID}/reprice', 'sandboxRepriceServiceOrder', 'An operator-side option change (service_order.updated)', 'sandbox:write', repriceBody),
  move('/v1/sandbox/service-orders/{serviceOrderID}/renewal/approve', 'sandboxApproveRenewalCancel', 'Approve a renewal cancel (service_order.renewal_canceled)', 'sandbox:write'),
  move('/v1/sandbox/service-orders/{serviceOrderID}/renewal/deny', 'sandboxDenyRenewalCancel', 'Deny a renewal cancel (service_order.renewal_cancel_denied)', 'sandbox:write'),
  {
    method: 'POST',
    path: '/v1/sandbox/billing/run',
    operationId: 'sandboxRunBilling',
    summary: 'Run renewals and the month-end close of your sandbox as of a time (a test invoice, never charged)',
    tag: sandbox,
    scope: 'sandbox:write',
    query: noQuery,
    body: z.strictObject({ as_of: z.iso.datetime({ offset: true }) }),
    responses: { 200: { description: 'What the run did.', schema: billingRunSchema } },
  },
];
