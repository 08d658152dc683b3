import { sandboxChangeEntitlements } from './sandbox-change-entitlements';
import { sandboxOpenTaxFiling } from './sandbox-open-tax-filing';
import { sandboxAdvanceTaxFiling } from './sandbox-advance-tax-filing';
import { sandboxFireReminder } from './sandbox-fire-reminder';
import { sandboxStartServiceOrder } from './sandbox-start-service-order';
import { sandboxQuoteServiceOrder } from './sandbox-quote-service-order';
import { sandboxRequireAction } from './sandbox-require-action';
import { sandboxCompleteServiceOrder } from './sandbox-complete-service-order';
import { sandboxRepriceServiceOrder } from './sandbox-reprice-service-order';
import { sandboxApproveRenewalCancel } from './sandbox-approve-renewal-cancel';
import { sandboxDenyRenewalCancel } from './sandbox-deny-renewal-cancel';
import { sandboxRunBilling } from './sandbox-run-billing';

/** Sandbox triggers of orders and billing (docs/api.md, "Sandbox triggers"): test keys only. */
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
