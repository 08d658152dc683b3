import type { z } from 'zod';
import type { serviceOrderFormSchema } from '../resources/service-order';

export type OrderForm = z.infer<ReturnType<typeof serviceOrderFormSchema>>;

/**
 * The form a fulfilment step waits on (spec Form object). Every product's step asks for the same
 * confirmation of the client's details; products that need more add their own fields. Field types we
 * use: `text`, `select`, `date`, `number` (docs/decisions.md).
 */
const CONFIRM_FIELDS: OrderForm['fields'] = [
  {
    field_name: 'Contact name',
    field_type: 'text',
    key: 'contact_name',
    required: true,
    validation: { min_length: 1, max_length: 120 },
    placeholder: 'Jane Doe',
  },
  {
    field_name: 'Contact e-mail',
    field_type: 'text',
    key: 'contact_email',
    required: true,
    validation: { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', max_length: 254 },
  },
];

const EXTRA_FIELDS: Record<string, OrderForm['fields']> = {
  itin_application: [
    {
      field_name: 'Country of citizenship',
      field_type: 'text',
      key: 'citizenship',
      required: true,
      validation: { pattern: '^[A-Z]{2}$' },
      help: 'ISO 3166-1 alpha-2 code, e.g. DE.',
    },
    {
      field_name: 'Reason for ITIN',
      field_type: 'select',
      key: 'reason',
      required: true,
      options: ['nonresident_owner', 'treaty_benefit', 'other'],
    },
    {
      field_name: 'Explain',
      field_type: 'text',
      key: 'reason_detail',
      required: true,
      conditional: { field: 'reason', values: ['other'] },
      validation: { max_length: 500 },
    },
  ],
  bookkeeping: [
    {
      field_name: 'Monthly transactions (approx.)',
      field_type: 'number',
      key: 'monthly_transactions',
      required: true,
      validation: { min: 0, max: 100000 },
    },
  ],
  trademark_registration: [
    { field_name: 'Mark', field_type: 'text', key: 'mark', required: true, validation: { min_length: 1, max_length: 200 } },
  ],
};

export function formFor(productKey: string): OrderForm {
  return {
    title: 'Details needed to continue',
    warning: 'Fulfilment is paused until this form is submitted.',
    fields: [...CONFIRM_FIELDS, ...(EXTRA_FIELDS[productKey] ?? [])],
  };
}
