import type { OperatorAction } from './action';
import { lifecycleActions } from './lifecycle-actions';
import { ordersActions } from './orders-actions';
import { partnerActions } from './partner-actions';
import { endpointActions } from './endpoint-actions';

export type { OperatorAction, ActionContext } from './action';

/** Every operator action, by area; an area adds its list here. */
export const OPERATOR_ACTIONS: OperatorAction[] = [...partnerActions, ...endpointActions, ...lifecycleActions, ...ordersActions];
