import { fireReminderBody } from '../calendar/calendar-events';
import { companyIdParams } from '../companies/schemas';
import { changeEntitlementsBody } from '../entitlements/change-entitlements';
import { noBody, noQuery } from '../input';
import { runBillingBody } from '../jobs/run-billing';
import { completeBody, quoteBody, repriceBody, serviceOrderIdParams, taxFilingIdParams } from '../orders/params';
import { billingRunSchema } from '../resources/billing-run';
import { calendarEventSchema } from '../resources/calendar-event';
import { companySchema } from '../resources/company';
import { serviceOrderSchema } from '../resources/service-order';
import { taxFilingSchema } from '../resources/tax-filing';
import { advanceTaxFilingBody, openTaxFilingBody } from '../tax-filings/tax-filing';
import { partner } from './operation';

/** Sandbox triggers of orders and billing (API-SURFACE "Sandbox triggers"): test keys only. */
const tag = 'Sandbox';
const sandbox = { scope: 'sandbox:write', testModeOnly: true, query: noQuery } as const;

/** The operator's side of an order, played in the sandbox: `POST /v1/sandbox/service-orders/{serviceOrderID}/…`, answering the order. */
const orderTrigger = <const B extends typeof noBody | typeof quoteBody | typeof completeBody | typeof repriceBody>(file: string, path: string, operation: string, summary: string, body: B) =>
  partner(file, {
    method: 'POST',
    path: `/v1/sandbox/service-orders/{serviceOrderID}/${path}`,
    operation,
    ...sandbox,
    idempotent: true,
    params: serviceOrderIdParams,
    body,
    summary,
    tag,
    responses: { 200: { description: 'The order after the move.', schema: serviceOrderSchema } },
    errors: [404],
  });

export const sandboxChangeEntitlements = partner('sandbox-change-entitlements', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/entitlements',
  operation: 'sandboxChangeEntitlements',
  ...sandbox,
  idempotent: true,
  params: companyIdParams,
  body: changeEntitlementsBody,
  summary: 'Grant or take rights (company.entitlements.changed)',
  tag,
  responses: { 200: { description: 'The company.', schema: companySchema } },
  errors: [402, 404],
});

export const sandboxOpenTaxFiling = partner('sandbox-open-tax-filing', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/tax-filings',
  operation: 'sandboxOpenTaxFiling',
  ...sandbox,
  idempotent: true,
  params: companyIdParams,
  body: openTaxFilingBody,
  summary: 'Open a filing, consuming one right (entitlement_required when none is left)',
  tag,
  responses: { 201: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [402, 404, 409],
});

export const sandboxAdvanceTaxFiling = partner('sandbox-advance-tax-filing', {
  method: 'POST',
  path: '/v1/sandbox/tax-filings/{taxFilingID}/advance',
  operation: 'sandboxAdvanceTaxFiling',
  ...sandbox,
  idempotent: true,
  params: taxFilingIdParams,
  body: advanceTaxFilingBody,
  summary: 'Move a filing’s status or progress (tax_filing.status.changed)',
  tag,
  responses: { 200: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [404],
});

export const sandboxFireReminder = partner('sandbox-fire-reminder', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/reminders',
  operation: 'sandboxFireReminder',
  ...sandbox,
  params: companyIdParams,
  body: fireReminderBody,
  summary: 'Fire the next reminder point (calendar.reminder)',
  tag,
  responses: { 200: { description: 'The calendar event with the remind_at that fired.', schema: calendarEventSchema } },
  errors: [404],
});

export const sandboxStartServiceOrder = orderTrigger('sandbox-start-service-order', 'start', 'sandboxStartServiceOrder', 'Fulfilment starts: received → in_progress', noBody);
export const sandboxQuoteServiceOrder = orderTrigger('sandbox-quote-service-order', 'quote', 'sandboxQuoteServiceOrder', 'Price a quote_pending order (service_order.quoted)', quoteBody);
export const sandboxRequireAction = orderTrigger('sandbox-require-action', 'require-action', 'sandboxRequireAction', 'in_progress → requires_action with a form requirement', noBody);
export const sandboxCompleteServiceOrder = orderTrigger('sandbox-complete-service-order', 'complete', 'sandboxCompleteServiceOrder', 'Complete the order (service_order.completed once)', completeBody);
export const sandboxRepriceServiceOrder = orderTrigger('sandbox-reprice-service-order', 'reprice', 'sandboxRepriceServiceOrder', 'An operator-side option change (service_order.updated)', repriceBody);
export const sandboxApproveRenewalCancel = orderTrigger('sandbox-approve-renewal-cancel', 'renewal/approve', 'sandboxApproveRenewalCancel', 'Approve a renewal cancel (service_order.renewal_canceled)', noBody);
export const sandboxDenyRenewalCancel = orderTrigger('sandbox-deny-renewal-cancel', 'renewal/deny', 'sandboxDenyRenewalCancel', 'Deny a renewal cancel (service_order.renewal_cancel_denied)', noBody);

export const sandboxRunBilling = partner('sandbox-run-billing', {
  method: 'POST',
  path: '/v1/sandbox/billing/run',
  operation: 'sandboxRunBilling',
  ...sandbox,
  body: runBillingBody,
  summary: 'Run renewals and the month-end close of your sandbox as of a time (a test invoice, never charged)',
  tag,
  responses: { 200: { description: 'What the run did.', schema: billingRunSchema } },
});

export const sandboxOrdersRoutes = [
  sandboxChangeEntitlements,
  sandboxOpenTaxFiling,
  sandboxAdvanceTaxFiling,
  sandboxFireReminder,
  sandboxStartServiceOrder,
  sandboxQuoteServiceOrder,
  sandboxRequireAction,
  sandboxCompleteServiceOrder,
  sandboxRepriceServiceOrder,
  sandboxApproveRenewalCancel,
  sandboxDenyRenewalCancel,
  sandboxRunBilling,
];
