import { companyStatusSchema } from '../../resources/lifecycle-objects';
import { keyless } from '../core/operation';
import { tag } from './shared';
import * as z from 'zod';

export const statusPage = keyless('pages', 'status-page', {
  method: 'GET',
  path: '/status/{token}',
  operation: 'statusPage',
  params: z.strictObject({ token: z.string() }),
  summary: 'The status link: an HTML page, or this JSON with Accept: application/json',
  tag,
  responses: { 200: { description: 'The company’s status in plain words.', schema: companyStatusSchema } },
  errors: [404],
});
