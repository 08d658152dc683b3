import type { z } from 'zod';
import { noQuery } from '../../input/empty';
import { serviceOrderIdParams } from '../../orders/params';
import { serviceOrderSchema } from '../../resources/service-order';
import { partner } from '../core/operation';

export const tag = 'Sandbox';

export const sandbox = { scope: 'sandbox:write', testModeOnly: true, query: noQuery } as const;

/** The operator's side of an order, played in the sandbox: `POST /v1/sandbox/service-orders/{serviceOrderID}/…`, answering the order. */
export const orderTrigger = <const B extends z.ZodType>(file: string, path: string, operation: string, summary: string, body: B) =>
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
