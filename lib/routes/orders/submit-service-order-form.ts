import { formBody } from '../../orders/params';
import { move } from './shared';

export const submitServiceOrderForm = move(
  'submit-service-order-form',
  'form',
  'submitServiceOrderForm',
  'Submit the form the order waits on',
  formBody,
);
