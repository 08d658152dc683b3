import { companyIdParams } from '../companies/schemas';
import { createFixedAssetBody } from '../fixed-assets/fixed-asset';
import { listInvoicesQuery } from '../billing/invoice-store';
import { noBody, noQuery } from '../input';
import { createOrderBody } from '../orders/create-order';
import { fixedAssetParams, formBody, invoiceIdParams, serviceOrderIdParams, taxFilingIdParams } from '../orders/params';
import { calendarEventSchema } from '../resources/calendar-event';
import { deletedFixedAssetSchema, fixedAssetSchema } from '../resources/fixed-asset';
import { invoiceSchema } from '../resources/invoice';
import { pagedList, plainList } from '../resources/lists';
import { serviceOrderSchema } from '../resources/service-order';
import { taxFilingSchema } from '../resources/tax-filing';
import { keyless, partner } from './operation';

/** Orders and billing: service orders, tax filings, calendar, fixed assets, invoices. */
const tag = 'Orders and billing';
const order200 = { 200: { description: 'The order after the move.', schema: serviceOrderSchema } };

/** A partner's move of one order: `POST /v1/service-orders/{serviceOrderID}/…`, idempotent, answering the order. */
const move = <const B extends typeof noBody | typeof formBody>(file: string, path: string, operation: string, summary: string, body: B, errors = [404]) =>
  partner(file, { method: 'POST', path: `/v1/service-orders/{serviceOrderID}/${path}`, operation, scope: 'orders:write', idempotent: true, params: serviceOrderIdParams, query: noQuery, body, summary, tag, responses: order200, errors });

export const createServiceOrder = partner('create-service-order', {
  method: 'POST',
  path: '/v1/companies/{companyID}/service-orders',
  operation: 'createServiceOrder',
  scope: 'orders:write',
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body: createOrderBody,
  summary: 'Order a catalog product on a company (honours Idempotency-Key)',
  tag,
  responses: { 201: { description: 'The new order.', schema: serviceOrderSchema, headers: { Location: 'The order’s URL.' } } },
  errors: [402, 404, 409, 422],
});

export const getServiceOrder = partner('get-service-order', {
  method: 'GET',
  path: '/v1/service-orders/{serviceOrderID}',
  operation: 'getServiceOrder',
  scope: 'orders:read',
  params: serviceOrderIdParams,
  query: noQuery,
  summary: 'One order, with `form` while it waits on one',
  tag,
  responses: { 200: { description: 'The order.', schema: serviceOrderSchema } },
  errors: [404],
});

export const cancelServiceOrder = move('cancel-service-order', 'cancel', 'cancelServiceOrder', 'Cancel before fulfilment (credited) or decline a quote; canceling the formation order cancels the company', noBody, [402, 404]);
export const acceptServiceOrderQuote = move('accept-service-order-quote', 'quote/accept', 'acceptServiceOrderQuote', 'Accept the quote before quote.expires_at', noBody);
export const cancelServiceOrderRenewal = move('cancel-service-order-renewal', 'renewal/cancel', 'cancelServiceOrderRenewal', 'Ask that renewals stop (awaits an operator decision)', noBody);
export const submitServiceOrderForm = move('submit-service-order-form', 'form', 'submitServiceOrderForm', 'Submit the form the order waits on', formBody);

export const listTaxFilings = partner('list-tax-filings', {
  method: 'GET',
  path: '/v1/companies/{companyID}/tax-filings',
  operation: 'listTaxFilings',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Tax filings of a company (read-only), newest first',
  tag,
  responses: { 200: { description: 'The filings.', schema: plainList('TaxFilingList', taxFilingSchema, 'Tax filings of a company.') } },
  errors: [404],
});

export const getTaxFiling = partner('get-tax-filing', {
  method: 'GET',
  path: '/v1/tax-filings/{taxFilingID}',
  operation: 'getTaxFiling',
  scope: 'companies:read',
  params: taxFilingIdParams,
  query: noQuery,
  summary: 'One tax filing',
  tag,
  responses: { 200: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [404],
});

export const listCalendarEvents = partner('list-calendar-events', {
  method: 'GET',
  path: '/v1/companies/{companyID}/calendar-events',
  operation: 'listCalendarEvents',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Upcoming compliance deadlines and their reminder points',
  tag,
  responses: { 200: { description: 'The deadlines.', schema: plainList('CalendarEventList', calendarEventSchema, 'Compliance deadlines of a company.') } },
  errors: [404],
});

export const createFixedAsset = partner('create-fixed-asset', {
  method: 'POST',
  path: '/v1/companies/{companyID}/fixed-assets',
  operation: 'createFixedAsset',
  scope: 'companies:write',
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body: createFixedAssetBody,
  summary: 'Add an asset to the register',
  tag,
  responses: { 201: { description: 'The asset.', schema: fixedAssetSchema } },
  errors: [404, 409, 422],
});

export const listFixedAssets = partner('list-fixed-assets', {
  method: 'GET',
  path: '/v1/companies/{companyID}/fixed-assets',
  operation: 'listFixedAssets',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'The fixed-asset register, newest first',
  tag,
  responses: { 200: { description: 'The assets.', schema: plainList('FixedAssetList', fixedAssetSchema, 'A company’s fixed assets.') } },
  errors: [404],
});

export const getFixedAsset = partner('get-fixed-asset', {
  method: 'GET',
  path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}',
  operation: 'getFixedAsset',
  scope: 'companies:read',
  params: fixedAssetParams,
  query: noQuery,
  summary: 'One asset',
  tag,
  responses: { 200: { description: 'The asset.', schema: fixedAssetSchema } },
  errors: [404],
});

export const deleteFixedAsset = partner('delete-fixed-asset', {
  method: 'DELETE',
  path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}',
  operation: 'deleteFixedAsset',
  scope: 'companies:write',
  params: fixedAssetParams,
  query: noQuery,
  summary: 'Remove an asset from the register',
  tag,
  responses: { 200: { description: 'Removed.', schema: deletedFixedAssetSchema } },
  errors: [404],
});

export const listInvoices = partner('list-invoices', {
  method: 'GET',
  path: '/v1/invoices',
  operation: 'listInvoices',
  scope: 'billing:read',
  query: listInvoicesQuery,
  summary: 'Month-end invoices, newest first, paged',
  tag,
  responses: { 200: { description: 'A page of invoices.', schema: pagedList('InvoiceList', invoiceSchema, 'A page of invoices.') } },
});

export const getInvoice = partner('get-invoice', {
  method: 'GET',
  path: '/v1/invoices/{invoiceID}',
  operation: 'getInvoice',
  scope: 'billing:read',
  params: invoiceIdParams,
  query: noQuery,
  summary: 'One invoice with its lines and a one-hour hosted_url',
  tag,
  responses: { 200: { description: 'The invoice.', schema: invoiceSchema } },
  errors: [404],
});

export const hostedInvoice = keyless('pages', 'hosted-invoice', { method: 'GET', path: '/invoices/hosted/{token}', operation: 'hostedInvoice' });

export const ordersRoutes = [
  createServiceOrder,
  getServiceOrder,
  cancelServiceOrder,
  acceptServiceOrderQuote,
  cancelServiceOrderRenewal,
  submitServiceOrderForm,
  listTaxFilings,
  getTaxFiling,
  listCalendarEvents,
  createFixedAsset,
  listFixedAssets,
  getFixedAsset,
  deleteFixedAsset,
  listInvoices,
  getInvoice,
  hostedInvoice,
];
