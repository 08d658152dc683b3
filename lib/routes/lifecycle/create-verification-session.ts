import { noQuery } from '../../input/empty';
import { companyParams } from '../../lifecycle/params';
import { verificationSessionSchema } from '../../resources/lifecycle-objects';
import { createVerificationSessionBody } from '../../verification-sessions/schemas';
import { partner } from '../core/operation';
import { tag } from './shared';

export const createVerificationSession = partner('create-verification-session', {
  method: 'POST',
  path: '/v1/companies/{companyID}/verification-sessions',
  operation: 'createVerificationSession',
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: createVerificationSessionBody,
  summary: 'A 30-minute hosted page where one owner uploads their identity document',
  tag,
  responses: { 201: { description: 'The session and its url.', schema: verificationSessionSchema } },
  errors: [404, 409, 422],
});
