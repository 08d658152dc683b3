import type { z } from 'zod';
import { noQuery } from '../../input/empty';
import { serviceOrderIdParams } from '../../orders/params';
import { serviceOrderSchema } from '../../resources/service-order';
import { partner } from '../core/operation';

export const tag = 'Orders and billing';

export const order200 = { 200: { description: 'The order after the move.', schema: serviceOrderSchema } };

/** A partner's move of one order: `POST /v1/service-orders/{serviceOrderID}/…`, idempotent, answering the order. */
export const move = <const B extends z.ZodType>(file: string, path: string, operation: string, summary: string, body: B, errors = [404]) =>
  partner(file, {
    method: 'POST',
    path: `/v1/service-orders/{serviceOrderID}/${path}`,
    operation,
    scope: 'orders:write',
    idempotent: true,
    params: serviceOrderIdParams,
    query: noQuery,
    body,
    summary,
    tag,
    responses: order200,
    errors,
  });
