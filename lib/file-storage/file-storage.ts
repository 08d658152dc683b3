/**
 * Where file bytes live: S3 in AWS (`FILES_BUCKET`), a directory in the embedded default
 * (`${LOCAL_DIR}/files/`). Only configuration picks one (lib/file-storage/index.ts).
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** A short-lived direct link to the bytes, where the store has one (S3); undefined: serve the bytes. */
  link(key: string, lifetimeSeconds: number): Promise<string | undefined>;
}

/** Object keys follow the bucket's lifecycle prefixes (infra: `uploads/<purpose>/<id>`, `published/<id>`). */
export function objectKey(purpose: string, fileId: string, published: boolean): string {
  return published ? `published/${fileId}` : `uploads/${purpose}/${fileId}`;
}
