export const tag = 'Lifecycle';

/** Uploads and keyless uploads carry documents: up to 6 MiB (API Gateway's own limit is 10 MB). */
export const DOCUMENT_BODY_BYTES = 6 * 1024 * 1024;
