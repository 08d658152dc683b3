import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One clock (lib/clock.ts): every time read of lib/ goes through it, so a test can set the time
 * instead of sleeping on it. `new Date(x)` converts a time it is given and stays allowed.
 */
const LIB = join(__dirname, '..', '..', 'lib');
const READS = /Date\.now\(\)|new Date\(\)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the time of lib/', () => {
  it('is read through lib/clock.ts alone: no Date.now() or new Date() anywhere else in lib/', () => {
    const readers = sources(LIB)
      .filter((file) => relative(LIB, file) !== 'clock.ts')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(LIB, file)}:${i + 1}` }))
          .filter(({ line }) => READS.test(line))
          .map(({ at }) => at),
      );
    expect(readers).toEqual([]);
  });
});
