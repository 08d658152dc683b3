import { keyless } from '../core/operation';

export const hostedInvoice = keyless('pages', 'hosted-invoice', { method: 'GET', path: '/invoices/hosted/{token}', operation: 'hostedInvoice' });
