import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The infra tier's folder of syntheses for this run (support/synth.ts): each stage and options is
 * synthesized once, by the first test file that asks, and read back by the others. Workers inherit
 * the variable; global-teardown.ts removes the folder.
 */
export default function globalSetup(): void {
  process.env.INFRA_SYNTH_DIR = mkdtempSync(join(tmpdir(), 'infra-synth-'));
}
