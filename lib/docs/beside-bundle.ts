import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file the bundler put beside this function's code (infra/aws/bundling.ts, `BESIDE_BUNDLE`), when
 * the code runs as a bundle (AWS, the bundle smoke test); undefined when it runs as source, where the
 * caller reads the file from where it lives (a package, the repository). Every module of a bundle is
 * the one file, so the folder of this module is the bundle's.
 */
export function besideBundle(name: string): string | undefined {
  const beside = join(dirname(fileURLToPath(import.meta.url)), name);
  return existsSync(beside) ? beside : undefined;
}
