import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedFiles } from '../lib/openapi/generated-files';
import { writeSdkFiles } from '../sdk/node/scripts/generate';

/**
 * `npm run schemas`: writes events-schema/ (one JSON Schema per event type and embeddable resource)
 * and docs/openapi.json from the zod schemas in lib/. A schema seen for the first time is also copied
 * to events-schema/baseline/, the published contract the compatibility test holds every later version
 * to (no field removed or narrowed); `--rebaseline` replaces the baseline on purpose (a breaking change,
 * which needs a new version). Last, the Node SDK's generated client is rewritten from the new
 * docs/openapi.json (`npm run sdk:generate` alone does only that step).
 */
const root = join(import.meta.dirname, '..');
const rebaseline = process.argv.includes('--rebaseline');
const { files, skipped } = generatedFiles();

// Start events-schema/ afresh (except the baseline) so a removed type leaves no stale file behind.
for (const sub of ['events', 'resources']) rmSync(join(root, 'events-schema', sub), { recursive: true, force: true });
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  if (path.startsWith('events-schema/')) {
    const baseline = join(root, 'events-schema', 'baseline', path.slice('events-schema/'.length));
    if (rebaseline || !existsSync(baseline)) {
      mkdirSync(dirname(baseline), { recursive: true });
      writeFileSync(baseline, text);
    }
  }
}
const count = (dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).length : 0);
console.log(
  `events-schema: ${count('events-schema/events')} event types, ${count('events-schema/resources')} resources; docs/openapi.json written.`,
);
if (skipped.length) console.log(`Not generated yet (their resource schema has not landed): ${skipped.join(', ')}`);
await writeSdkFiles();
console.log('sdk/node/src/generated: regenerated from docs/openapi.json.');
