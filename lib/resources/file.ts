import { z } from 'zod';
import { dateTime, idOf } from './shared';

/**
 * A file record (spec "not shown"; API-SURFACE.md `POST /files` and published files): the upload's
 * `{object, id, purpose, size, type, created_at}`, plus the company and title of a published document.
 */
export const FILE_PURPOSES = ['identity_document', 'formation_document', 'additional_document'] as const;

export const fileSchema = z
  .strictObject({
    object: z.literal('file'),
    id: idOf('file_'),
    purpose: z.enum(FILE_PURPOSES),
    /** Bytes. */
    size: z.number().int().min(0),
    /** The content type, e.g. `application/pdf`. */
    type: z.string(),
    company: idOf('cmp_').optional(),
    shareholder: idOf('sh_').optional(),
    title: z.string().optional(),
    livemode: z.boolean().optional(),
    created_at: dateTime,
  })
  .meta({ id: 'File', description: 'An uploaded or published document; its bytes are at /files/{fileID}/content.' });

export type FileRecord = z.infer<typeof fileSchema>;
