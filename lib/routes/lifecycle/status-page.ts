import * as z from 'zod';
import { companyStatusSchema } from '../../resources/lifecycle-objects';
import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const statusPage = keyless('pages', 'status-page', {
  method: 'GET',
  path: '/status/{token}',
  operation: 'statusPage',
  params: z.strictObject({ token: z.string() }),
  summary: 'The status link: an HTML page, or this JSON with Accept: application/json',
  description:
    'At the host root, not under /v1, and without an API key: the `url` of a status token (POST /v1/companies/{companyID}/status-tokens) opens it. Nothing personal is shown; a revoked link is 404 at once.',
  tag: PAGES_TAG,
  responses: { 200: { description: 'The company’s status in plain words.', schema: companyStatusSchema } },
  errors: [404],
});
