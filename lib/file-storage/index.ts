import { DiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { S3Storage } from './s3-storage';
import { variable } from '../config/variables';

export * from './file-storage';

let storage: FileStorage | undefined;

/** The store of this process: S3 when `FILES_BUCKET` is set (AWS), else `${LOCAL_DIR}/files`. */
export function fileStorage(): FileStorage {
  if (!storage) {
    const bucket = variable('FILES_BUCKET');
    storage = bucket ? new S3Storage(bucket) : DiskStorage.under(variable('LOCAL_DIR') as string);
  }
  return storage;
}

/** Tests inject a store (an S3Storage over a mocked client, say). */
export function setFileStorage(next: FileStorage | undefined): void {
  storage = next;
}
