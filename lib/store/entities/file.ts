import { addIdPointer, readById } from '../read-by-id';
import { defineEntity } from '../entity';
import { queryEvery } from '../query';
import { companyPartition, FILE_SK_PREFIX, fileKey, filePointerKey } from '../keys';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';
import { renderFile, type ApiFile } from '../../resources/file';

/** A file as stored: the API fields and what stays internal (owner, where the bytes are, pages). */
export type FileRecord = Omit<ApiFile, 'object' | 'company'> & {
  company: string;
  shareholder?: string;
  /** Published by the operator on the company: listed, with `file.created`. */
  published: boolean;
  storage_key: string;
  pages: number;
};

const fileEntity = defineEntity<FileRecord>({
  name: 'file',
  key: (scope, record) => fileKey(scope, record.company, record.created_at, record.id),
});

/** Adds the file record and its id pointer to a WriteSet. */
export function addFileCreation(ws: WriteSet, scope: Scope, record: FileRecord): void {
  const item = fileEntity.item(scope, record);
  ws.put(item, { condition: fileEntity.where.absent() });
  addIdPointer(ws, filePointerKey(scope, record.id), 'file_pointer', item);
}

/** fileById within the caller's partner and mode, identity uploads included (callers decide what to show). */
export async function getFile(scope: Scope, fileId: string): Promise<FileRecord | undefined> {
  const found = await readById(filePointerKey(scope, fileId));
  return found ? fileEntity.record(found.item) : undefined;
}

/** filesOfCompany: the published files, newest first. */
export async function publishedFilesOf(scope: Scope, companyId: string): Promise<FileRecord[]> {
  const items = await queryEvery({
    partition: companyPartition(scope, companyId),
    sortKey: { beginsWith: FILE_SK_PREFIX },
    filter: fileEntity.where.equals('published', true),
    newestFirst: true,
    consistent: true,
  });
  return items.map(fileEntity.record);
}

export function presentFile(record: FileRecord): ApiFile {
  return renderFile(record);
}
