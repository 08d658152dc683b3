import type { OperationSpec } from '../operation';
import { foundationOperations } from './foundation';
import { eventOperations } from './events';
import { ordersOperations } from './orders';
import { companiesOperations } from './companies';
import { lifecycleOperations } from './lifecycle';
import { keylessPageOperations } from './keyless-pages';

/**
 * Every operation of the OpenAPI document, by area: add an area as its own file beside this one and
 * spread it here (as lib/routes/index.ts does for routes).
 */
export const OPERATIONS: OperationSpec[] = [...foundationOperations, ...eventOperations, ...ordersOperations, ...companiesOperations, ...lifecycleOperations, ...keylessPageOperations];
