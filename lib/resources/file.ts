import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { inFieldOrder } from './in-field-order';
import { dateTime, idOf } from './shared';

/**
 * A file record (spec "not shown"; docs/decisions.md, "Files": `POST /files` and published files): the upload's
 * `{object, id, purpose, size, type, created_at}`, plus the company and title of a published document.
 */
export const FILE_PURPOSES = ['identity_document', 'formation_document', 'additional_document'] as const;

export const fileSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('file'),
      id: idOf('file'),
      purpose: z.enum(FILE_PURPOSES),
      /** Bytes. */
      size: z.number().int().min(0),
      /** The content type, e.g. `application/pdf`. */
      type: z.string(),
      company: idOf('company').optional(),
      shareholder: idOf('shareholder').optional(),
      title: z.string().optional(),
      livemode: z.boolean().optional(),
      created_at: dateTime(),
    })
    .meta({ id: 'File', description: 'An uploaded or published document; its bytes are at /files/{fileID}/content.' }),
);

export type FileRecord = z.infer<ReturnType<typeof fileSchema>>;
export type ApiFile = z.infer<ReturnType<typeof fileSchema>>;

/** The File object's fields in the spec's order (lib/resources/in-field-order.ts). */
export const FILE_FIELDS = [
  'object',
  'id',
  'purpose',
  'size',
  'type',
  'company',
  'shareholder',
  'title',
  'livemode',
  'created_at',
] as const satisfies readonly (keyof ApiFile)[];

/**
 * The API shape of a file, in the schema's order. The owner (`shareholder`) is kept internal: only
 * identity documents have one, and those are never rendered to a caller (write-only).
 */
export function renderFile(record: Omit<ApiFile, 'object'>): ApiFile {
  return inFieldOrder('file', record, FILE_FIELDS, { leaveOut: ['shareholder'] }) as ApiFile;
}
