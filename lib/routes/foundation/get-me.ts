import { noQuery } from '../../input/empty';
import { callerSchema } from '../../resources/caller';
import { partner } from '../core/operation';

export const getMe = partner('get-me', {
  method: 'GET',
  path: '/v1/me',
  operation: 'getMe',
  query: noQuery,
  summary: 'The caller: partner, key, mode, scopes and versions',
  tag: 'Account',
  responses: { 200: { description: 'The caller.', schema: callerSchema } },
});
