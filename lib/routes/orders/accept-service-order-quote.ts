import { noBody } from '../../input/empty';
import { move } from './shared';

export const acceptServiceOrderQuote = move(
  'accept-service-order-quote',
  'quote/accept',
  'acceptServiceOrderQuote',
  'Accept the quote before quote.expires_at',
  noBody,
);
