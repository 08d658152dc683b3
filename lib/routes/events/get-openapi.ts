import { keyless } from '../core/operation';
import * as z from 'zod';

export const getOpenApi = keyless('api', 'get-openapi', {
  method: 'GET',
  path: '/v1/openapi.json',
  operation: 'getOpenApi',
  summary: 'This OpenAPI 3.1 document',
  tag: 'Meta',
  responses: { 200: { description: 'The document.', schema: z.looseObject({ openapi: z.string() }) } },
  // The stage's throttle answers every route, this one too.
  errors: [429],
});
