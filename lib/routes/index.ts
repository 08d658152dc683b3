import type { Route } from './route';
import { foundationRoutes } from './foundation';
import { eventRoutes } from './events';
import { companiesRoutes } from './companies';
import { dashboardRoutes } from './dashboard';
import { ordersRoutes } from './orders';
import { sandboxOrdersRoutes } from './sandbox-orders';
import { lifecycleRoutes } from './lifecycle';
import { sandboxLifecycleRoutes } from './sandbox-lifecycle';
import { webhookRoutes } from './webhooks';

/**
 * THE route table: every route of the system, by area. The CDK app makes one function per row; the
 * embedded default serves the same rows with the same handlers. Add an area's routes as its own file.
 */
export const ROUTES: Route[] = [...foundationRoutes, ...eventRoutes, ...companiesRoutes, ...dashboardRoutes, ...ordersRoutes, ...sandboxOrdersRoutes, ...lifecycleRoutes, ...sandboxLifecycleRoutes, ...webhookRoutes];

export * from './route';
export * from './match';
