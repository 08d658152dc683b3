import { keylessOperation } from '../../lib/http/keyless-operation';
import { hostedInvoice as contract } from '../../lib/routes/orders/hosted-invoice';
import { serveHostedInvoice } from '../../lib/keyless-pages/serve-invoice';

/** GET /invoices/hosted/{token}: the keyless invoice page behind `hosted_url`, its PDF (`….pdf`) or its JSON; expired or forged → 404. */
export const handler = keylessOperation({ ...contract, handle: ({ event }) => serveHostedInvoice(event) });
