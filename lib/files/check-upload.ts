import { ApiError, type FieldError } from '../errors';
import type { FilePurpose } from '../resources/requirement';
import { FILE_POLICIES } from './policies';
import { pageCount, sniffContentType } from './sniff';

/**
 * Checks bytes against the purpose's policy (lib/files/policies.ts): size, the content type sniffed
 * from the bytes, page count. Returns the sniffed type and pages, or refuses with `invalid_request`.
 */
export function checkUpload(purpose: FilePurpose, bytes: Buffer, location = '$.file'): { type: string; pages: number } {
  const policy = FILE_POLICIES[purpose];
  const refuse = (reason: string, validation_type: string, how_to_fix: string) => {
    const error: FieldError = { reason, location, validation_type, how_to_fix };
    return new ApiError('invalid_request', `The file is refused: ${reason}.`, [error]);
  };
  if (bytes.length === 0) throw refuse('is empty', 'minSize', 'Send the document’s bytes.');
  if (bytes.length > policy.maxBytes)
    throw refuse(
      `is ${bytes.length} bytes; ${purpose} files may have at most ${policy.maxBytes}`,
      'maxSize',
      `Send a file of at most ${policy.maxBytes / (1024 * 1024)} MB (scan at a lower resolution).`,
    );
  const type = sniffContentType(bytes);
  if (!type || !policy.types.includes(type)) {
    throw refuse(
      `its content is ${type ?? 'not a recognised document'}; ${purpose} files may be ${policy.types.join(', ')}`,
      'fileType',
      `Send one of: ${policy.types.join(', ')} (the type is read from the content, not the file name).`,
    );
  }
  const pages = pageCount(bytes, type);
  if (pages > policy.maxPages)
    throw refuse(
      `has ${pages} pages; ${purpose} files may have at most ${policy.maxPages}`,
      'maxPages',
      `Send at most ${policy.maxPages} pages.`,
    );
  return { type, pages };
}
