import { companiesRoutes } from './companies';
import { dashboardRoutes } from './dashboard';
import { eventRoutes } from './events';
import { foundationRoutes } from './foundation';
import { lifecycleRoutes } from './lifecycle';
import type { Operation } from './core/operation';
import { ordersRoutes } from './orders';
import { sandboxLifecycleRoutes } from './sandbox-lifecycle';
import { sandboxOrdersRoutes } from './sandbox-orders';
import { sandboxClockRoutes } from './sandbox-clock';
import { webhookRoutes } from './webhooks';
import { requestLogRoutes } from './requests';
import { atHostRoot } from './core/keyless-pages';
import { statusPage } from './lifecycle/status-page';
import { verifyPage } from './lifecycle/verify-page';
import { verifySubmit } from './lifecycle/verify-submit';
import { apiReference } from './foundation/api-reference';
import { errorReference } from './foundation/error-reference';
import { apiReferenceRenderer } from './foundation/reference-asset';
import { hostedInvoice } from './orders/hosted-invoice';

/**
 * THE route table: every operation of the system, by area, each described once (lib/routes/core/operation.ts).
 * The CDK app makes one function per row; the embedded default serves the same rows with the same
 * handlers; the OpenAPI document and the isolation matrices read the same objects. Add an area's
 * operations as its own file.
 */
export const ROUTES: Operation[] = [
  ...foundationRoutes,
  ...eventRoutes,
  ...companiesRoutes,
  ...dashboardRoutes,
  ...ordersRoutes,
  ...sandboxOrdersRoutes,
  ...sandboxClockRoutes,
  ...lifecycleRoutes,
  ...sandboxLifecycleRoutes,
  ...webhookRoutes,
  ...requestLogRoutes,
];

/**
 * The operations of the OpenAPI document (those with a summary), in the document's order: the areas
 * of the API under `/v1`, then the keyless pages at the host root.
 */
const documented = (operations: Operation[]) => operations.filter((o) => o.summary !== undefined);
const byArea = [
  ...foundationRoutes,
  ...eventRoutes,
  ...ordersRoutes,
  ...sandboxOrdersRoutes,
  ...sandboxClockRoutes,
  ...companiesRoutes,
  ...lifecycleRoutes,
  ...sandboxLifecycleRoutes,
  ...requestLogRoutes,
] as Operation[];
export const DOCUMENTED_OPERATIONS: Operation[] = [
  ...documented(byArea.filter((o) => !atHostRoot(o))),
  ...documented([statusPage, verifyPage, verifySubmit, hostedInvoice, apiReference, errorReference, apiReferenceRenderer]),
];

export * from './core/route';
export * from './match';
export type { Operation, OperationDoc } from './core/operation';
