import type { Route } from './route';

const p = (method: Route['method'], path: string, operation: string, file: string, audience: Route['audience'] = 'partner'): Route => ({ method, path, operation, handler: `functions/${audience === 'public' ? 'pages' : 'api'}/${file}.ts`, audience });

/** Orders and billing: service orders, tax filings, calendar, fixed assets, invoices. */
export const ordersRoutes: Route[] = [
  p('POST', '/v1/companies/{companyID}/service-orders', 'createServiceOrder', 'create-service-order'),
  p('GET', '/v1/service-orders/{serviceOrderID}', 'getServiceOrder', 'get-service-order'),
  p('POST', '/v1/service-orders/{serviceOrderID}/cancel', 'cancelServiceOrder', 'cancel-service-order'),
  p('POST', '/v1/service-orders/{serviceOrderID}/quote/accept', 'acceptServiceOrderQuote', 'accept-service-order-quote'),
  p('POST', '/v1/service-orders/{serviceOrderID}/renewal/cancel', 'cancelServiceOrderRenewal', 'cancel-service-order-renewal'),
  p('POST', '/v1/service-orders/{serviceOrderID}/form', 'submitServiceOrderForm', 'submit-service-order-form'),
  p('GET', '/v1/companies/{companyID}/tax-filings', 'listTaxFilings', 'list-tax-filings'),
  p('GET', '/v1/tax-filings/{taxFilingID}', 'getTaxFiling', 'get-tax-filing'),
  p('GET', '/v1/companies/{companyID}/calendar-events', 'listCalendarEvents', 'list-calendar-events'),
  p('POST', '/v1/companies/{companyID}/fixed-assets', 'createFixedAsset', 'create-fixed-asset'),
  p('GET', '/v1/companies/{companyID}/fixed-assets', 'listFixedAssets', 'list-fixed-assets'),
  p('GET', '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}', 'getFixedAsset', 'get-fixed-asset'),
  p('DELETE', '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}', 'deleteFixedAsset', 'delete-fixed-asset'),
  p('GET', '/v1/invoices', 'listInvoices', 'list-invoices'),
  p('GET', '/v1/invoices/{invoiceID}', 'getInvoice', 'get-invoice'),
  p('GET', '/invoices/hosted/{token}', 'hostedInvoice', 'hosted-invoice', 'public'),
];
