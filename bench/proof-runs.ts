import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/**
 * Where the full runs of `npm run load`, `npm run fuzz` and `npm run faults` leave their figures
 * ("the full figures go in bench/report.md"): one Markdown file per suite in bench/proof/,
 * replaced by each full run and embedded by `npm run bench` in bench/report.md. The short forms inside
 * `npm test` call proof/ directly and record nothing.
 */
const DIR = join(import.meta.dirname, 'proof');

export function recordProofRun(name: string, command: string, body: string): void {
  mkdirSync(DIR, { recursive: true });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end`;
  writeFileSync(join(DIR, `${name}.md`), `### \`${command}\`\n\nRun ${new Date().toISOString()} on ${machine}.\n\n${body.trim()}\n`);
}

/** Every recorded proof run, for bench/report.md. */
export function recordedProofRuns(): string {
  let files: string[];
  try {
    files = readdirSync(DIR)
      .filter((f) => f.endsWith('.md'))
      .sort();
  } catch {
    return '';
  }
  if (!files.length) return '';
  const runs = files.map((f) => readFileSync(join(DIR, f), 'utf8').trim()).join('\n\n');
  return `## Proof: the last full run of each suite (bench/proof/)\n\nRequests tried, faults injected, events checked and losses, as each suite's npm script last printed them in full.\n\n${runs}\n`;
}
