/**
 * The content type from the bytes themselves (magic numbers), so a declared `Content-Type` is never
 * trusted: a script renamed `.pdf` is refused. Only the types some policy accepts are recognised.
 */
export function sniffContentType(bytes: Buffer): string | undefined {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return undefined;
}

/**
 * Pages of a document: an image is one page; a PDF counts its page objects (`/Type /Page`, not
 * `/Pages`). Page objects inside compressed object streams are not seen, so this is a lower bound, and
 * the policy's limit a guard against abuse rather than an exact count.
 */
export function pageCount(bytes: Buffer, type: string): number {
  if (type !== 'application/pdf') return 1;
  const matches = bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g);
  return Math.max(1, matches?.length ?? 0);
}
