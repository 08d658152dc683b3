import { rmSync } from 'node:fs';

/** Removes the run's syntheses (global-setup.ts). */
export default function globalTeardown(): void {
  if (process.env.INFRA_SYNTH_DIR) rmSync(process.env.INFRA_SYNTH_DIR, { recursive: true, force: true });
}
