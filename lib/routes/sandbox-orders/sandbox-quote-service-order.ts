import { quoteBody } from '../../orders/params';
import { orderTrigger } from './shared';

export const sandboxQuoteServiceOrder = orderTrigger(
  'sandbox-quote-service-order',
  'quote',
  'sandboxQuoteServiceOrder',
  'Price a quote_pending order (service_order.quoted)',
  quoteBody,
);
