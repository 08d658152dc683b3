import { createServiceOrder } from './create-service-order';
import { getServiceOrder } from './get-service-order';
import { cancelServiceOrder } from './cancel-service-order';
import { acceptServiceOrderQuote } from './accept-service-order-quote';
import { cancelServiceOrderRenewal } from './cancel-service-order-renewal';
import { submitServiceOrderForm } from './submit-service-order-form';
import { listTaxFilings } from './list-tax-filings';
import { getTaxFiling } from './get-tax-filing';
import { listCalendarEvents } from './list-calendar-events';
import { createFixedAsset } from './create-fixed-asset';
import { listFixedAssets } from './list-fixed-assets';
import { getFixedAsset } from './get-fixed-asset';
import { deleteFixedAsset } from './delete-fixed-asset';
import { listInvoices } from './list-invoices';
import { getInvoice } from './get-invoice';
import { hostedInvoice } from './hosted-invoice';

/** Orders and billing: service orders, tax filings, calendar, fixed assets, invoices. */
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
