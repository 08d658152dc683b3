import { registerHooks } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `import text from '…' with { type: 'text' }` for the embedded default. In AWS, esbuild bundles such
 * an import as the file's text (its `text` import attribute), so a Lambda carries the asset inside its
 * one bundle (the API reference's renderer: lib/docs/reference-assets.ts). Node itself knows only
 * `type: 'json'`; this load hook gives the handlers that run here the same string esbuild gives them
 * there. Registered once, before the first handler module loads.
 */
let registered = false;
export function registerTextImports(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    load(url, context, nextLoad) {
      if (context.importAttributes?.type !== 'text') return nextLoad(url, context);
      const text = readFileSync(fileURLToPath(url), 'utf8');
      return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
    },
  });
}
