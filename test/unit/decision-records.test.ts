import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/decisions.md is records a newcomer reads, not a notebook: at most 1,500 lines in all, each
 * record (a `###` section) a question, a choice, why and what it costs, within a screen (40 lines).
 * Measurements and their logs belong in bench/report.md.
 */
const lines = readFileSync(join(__dirname, '..', '..', 'docs', 'decisions.md'), 'utf8').split('\n');
const records: { title: string; body: string[] }[] = [];
for (const line of lines) {
  if (line.startsWith('### ')) records.push({ title: line.slice(4), body: [] });
  else if (line.startsWith('## '))
    records.push({ title: '', body: [] }); // a part's heading ends the record before it
  else records.at(-1)?.body.push(line);
}
const decisions = records.filter((r) => r.title);

it('is at most 1,500 lines in all (move measurements to bench/report.md, tighten a record)', () => {
  expect(lines.length).toBeLessThanOrEqual(1500);
});

it.each(decisions.map((r) => [r.title, r] as const))('"%s" is a record: question, choice, why, cost, within 40 lines', (_, r) => {
  for (const part of ['Question', 'Choice', 'Why', 'Cost']) expect(r.body.some((l) => l.startsWith(`- **${part}**`))).toBe(true);
  expect(r.body.length).toBeLessThanOrEqual(40);
});
