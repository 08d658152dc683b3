import type { Route } from './route';

const s = (path: string, operation: string, file: string): Route => ({ method: 'POST', path: `/v1/sandbox${path}`, operation, handler: `functions/api/${file}.ts`, audience: 'partner' });

/** Sandbox triggers of orders and billing (API-SURFACE "Sandbox triggers"): test keys only. */
export const sandboxOrdersRoutes: Route[] = [
  s('/companies/{companyID}/entitlements', 'sandboxChangeEntitlements', 'sandbox-change-entitlements'),
  s('/companies/{companyID}/tax-filings', 'sandboxOpenTaxFiling', 'sandbox-open-tax-filing'),
  s('/tax-filings/{taxFilingID}/advance', 'sandboxAdvanceTaxFiling', 'sandbox-advance-tax-filing'),
  s('/companies/{companyID}/reminders', 'sandboxFireReminder', 'sandbox-fire-reminder'),
  s('/service-orders/{serviceOrderID}/start', 'sandboxStartServiceOrder', 'sandbox-start-service-order'),
  s('/service-orders/{serviceOrderID}/quote', 'sandboxQuoteServiceOrder', 'sandbox-quote-service-order'),
  s('/service-orders/{serviceOrderID}/require-action', 'sandboxRequireAction', 'sandbox-require-action'),
  s('/service-orders/{serviceOrderID}/complete', 'sandboxCompleteServiceOrder', 'sandbox-complete-service-order'),
  s('/service-orders/{serviceOrderID}/reprice', 'sandboxRepriceServiceOrder', 'sandbox-reprice-service-order'),
  s('/service-orders/{serviceOrderID}/renewal/approve', 'sandboxApproveRenewalCancel', 'sandbox-approve-renewal-cancel'),
  s('/service-orders/{serviceOrderID}/renewal/deny', 'sandboxDenyRenewalCancel', 'sandbox-deny-renewal-cancel'),
  s('/billing/run', 'sandboxRunBilling', 'sandbox-run-billing'),
];
