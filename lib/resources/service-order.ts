import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { type FieldOrder, inFieldOrder } from './in-field-order';
import { dateTime, idOf } from './shared';

export const SERVICE_ORDER_STATUSES = ['received', 'quote_pending', 'in_progress', 'requires_action', 'completed', 'canceled'] as const;

export const orderFeeSchema = onFirstUse(() =>
  z.strictObject({ kind: z.string(), unit_amount: z.number().int(), currency: z.string() }).meta({ id: 'OrderFee' }),
);

const formFieldSchema = onFirstUse(() =>
  z.strictObject({
    field_name: z.string(),
    field_type: z.string(),
    key: z.string(),
    required: z.boolean(),
    options: z.array(z.string()).optional(),
    guidance: z.string().optional(),
    help: z.string().optional(),
    note: z.string().optional(),
    placeholder: z.string().optional(),
    info_points: z.array(z.string()).optional(),
    conditional: z.strictObject({ field: z.string(), values: z.array(z.string()) }).optional(),
    validation: z
      .strictObject({
        pattern: z.string().optional(),
        min_length: z.number().optional(),
        max_length: z.number().optional(),
        min: z.number().optional(),
        max: z.number().optional(),
      })
      .optional(),
    file: z.strictObject({ accepted_types: z.array(z.string()), max_size_bytes: z.number() }).optional(),
  }),
);

export const serviceOrderFormSchema = onFirstUse(() =>
  z
    .strictObject({ title: z.string(), warning: z.string().optional(), fields: z.array(formFieldSchema()) })
    .meta({ id: 'ServiceOrderForm' }),
);

export const quoteSchema = onFirstUse(() =>
  z
    .strictObject({
      state: z.string(),
      unit_amount: z.number().int().optional(),
      currency: z.string(),
      quoted_at: dateTime().optional(),
      expires_at: dateTime().optional(),
      accepted_at: dateTime().optional(),
    })
    .meta({ id: 'Quote' }),
);

/** One product ordered on a company (spec Resources → Service order); no other properties. */
export const serviceOrderSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('service_order'),
      id: idOf('serviceOrder'),
      company: idOf('company'),
      product_key: z.string(),
      interval: z.enum(['one_time', 'monthly', 'yearly']).optional(),
      status: z.enum(SERVICE_ORDER_STATUSES),
      options: z.record(z.string(), z.string()).optional(),
      form_required: z.boolean().optional(),
      workflow_status: z.string().optional(),
      form: serviceOrderFormSchema().optional(),
      unit_amount: z.number().int(),
      currency: z.string(),
      quote: quoteSchema().optional(),
      shareholder: z.string().optional(),
      outcome: z.string().optional(),
      included_in: z.string().optional(),
      fees: z.array(orderFeeSchema()).optional(),
      next_renewal_at: dateTime().optional(),
      renewal_cancel_requested_at: dateTime().optional(),
      renewal_canceled_at: dateTime().optional(),
      renewal_ends_at: dateTime().optional(),
      canceled_at: dateTime().optional(),
      completed_at: dateTime().optional(),
      created_at: dateTime(),
    })
    .meta({ id: 'ServiceOrder', description: 'One product ordered on a company, billed at wholesale.' }),
);

export type ServiceOrder = z.infer<ReturnType<typeof serviceOrderSchema>>;

/**
 * What the store keeps of a service order: the API fields (minus `object`) and the internals that never
 * reach the API (`billing`, the product's cadence, and `livemode` for the statement).
 */
export type ServiceOrderRecord = Omit<ServiceOrder, 'object'> & {
  livemode: boolean;
  billing: 'advance' | 'arrears';
  updated_at: string;
};

/** The ServiceOrder object's fields in the spec's order (lib/resources/in-field-order.ts). */
export const SERVICE_ORDER_FIELDS = [
  'object',
  'id',
  'company',
  'product_key',
  'interval',
  'status',
  'options',
  'form_required',
  'workflow_status',
  'form',
  'unit_amount',
  'currency',
  'quote',
  'shareholder',
  'outcome',
  'included_in',
  'fees',
  'next_renewal_at',
  'renewal_cancel_requested_at',
  'renewal_canceled_at',
  'renewal_ends_at',
  'canceled_at',
  'completed_at',
  'created_at',
] as const satisfies readonly (keyof ServiceOrder)[];

/** The field order of a form (ServiceOrderForm above), an order's or a form requirement's. */
export const FORM_ORDER: FieldOrder = {
  fields: ['title', 'warning', 'fields'],
  nested: {
    fields: {
      fields: [
        'field_name',
        'field_type',
        'key',
        'required',
        'options',
        'guidance',
        'help',
        'note',
        'placeholder',
        'info_points',
        'conditional',
        'validation',
        'file',
      ],
      nested: {
        conditional: { fields: ['field', 'values'] },
        validation: { fields: ['pattern', 'min_length', 'max_length', 'min', 'max'] },
        file: { fields: ['accepted_types', 'max_size_bytes'] },
      },
    },
  },
};

/** The field order of the ServiceOrder's sub-objects, as their schemas above give it. */
export const SERVICE_ORDER_NESTED: Readonly<Record<string, FieldOrder>> = {
  form: FORM_ORDER,
  quote: { fields: ['state', 'unit_amount', 'currency', 'quoted_at', 'expires_at', 'accepted_at'] },
  fees: { fields: ['kind', 'unit_amount', 'currency'] },
};

/**
 * The API shape of an order. `form` is the single-order view's (spec: "present on the single-order
 * view"), so lists and embeds leave it out unless `withForm` is set.
 */
export function renderServiceOrder(record: ServiceOrderRecord, options: { withForm?: boolean } = {}): ServiceOrder {
  return inFieldOrder('service_order', record, SERVICE_ORDER_FIELDS, {
    leaveOut: options.withForm ? [] : ['form'],
    nested: SERVICE_ORDER_NESTED,
  }) as ServiceOrder;
}
