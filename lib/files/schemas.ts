import * as z from 'zod';

/** POST /v1/sandbox/companies/{companyID}/files `{title, content_type?}`. */
export const publishFileBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ examples: ['Certificate of Formation'] }),
  content_type: z.enum(['application/pdf', 'image/png']).optional(),
});
