import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './file-storage';

/** The embedded default's store: one file per object under `<root>` (`${LOCAL_DIR}/files`). */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`object key outside the store: ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async link(): Promise<string | undefined> {
    return undefined;
  }

  static under(localDir: string): DiskStorage {
    return new DiskStorage(join(localDir, 'files'));
  }
}
