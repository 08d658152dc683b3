import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from '../bundling';
import { actionsOf, PACKAGE_ACTIONS, SDK_PACKAGES, SDK_PACKAGES_WITHOUT_ACTIONS, type Service } from './sdk-actions';
import { NARROWED_MODULES, type Narrowing } from './narrowed-modules';

/** One AWS action a function's code can call, and the narrowing that applies when only a narrowed module calls it. */
export interface UsedAction {
  service: Service;
  action: string;
  /** Set when only narrowed modules (e.g. the rate-limit counter) call it: the grant carries their condition. */
  narrowing?: Narrowing;
}

const analysed = new Map<string, Map<string, UsedAction[]>>();

const IMPORT_LINE = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?$/;
const SECTION = /^\/\/ ((?:lib|functions)\/\S+\.[cm]?[jt]s)$/;

/**
 * What each entry's code can call in AWS, read from the code itself: esbuild bundles every entry
 * (npm packages external, not minified, tree-shaken), then each SDK command class that the
 * remaining code still references is mapped to its IAM action. Tree-shaking matters: a module that
 * both looks a key up and creates keys grants `PutItem` only to the functions that create keys.
 * esbuild marks each module's code with a `// path` comment, so a reference is attributed to its
 * module, which is how the rate-limit counter's write stays narrowed. A presigned S3 link is the
 * command it signs (`getSignedUrl(client, new GetObjectCommand(…))`), so it needs that command's
 * action of the role that signs it. One pass for all entries.
 */
export function analyseCode(entries: string[]): Map<string, UsedAction[]> {
  // One analysis per set of entries per process: tests synthesize several stages from the same code.
  const key = JSON.stringify(entries);
  const known = analysed.get(key);
  if (known) return known;
  const out = new Map<string, UsedAction[]>();
  analysed.set(key, out);
  if (entries.length === 0) return out;
  const result = buildSync({
    absWorkingDir: REPO_ROOT,
    entryPoints: Object.fromEntries(entries.map((e, i) => [`e${i}`, e])),
    bundle: true,
    write: false,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir: join(REPO_ROOT, 'cdk.out', '.analysis'),
    logLevel: 'silent',
    // A module's `// lib/…` comment must name it by the path it was reached by: in a checkout whose
    // folders are links (the README test's copy), the target's real path would hide which module it
    // is, and with it a narrowing (the rate-limit counter's RATE# condition, a signing secret).
    preserveSymlinks: true,
  });
  for (const file of result.outputFiles) {
    const index = Number(/e(\d+)\.js$/.exec(file.path)?.[1]);
    if (Number.isNaN(index)) continue;
    out.set(entries[index], actionsOfBundle(file.text, entries[index]));
  }
  return out;
}

/** esbuild writes an import of many names over several lines (`import {\n  GetCommand,\n …\n} from "…";`): one line each here. */
const MULTI_LINE_IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";?$/gm;

function actionsOfBundle(text: string, entry: string): UsedAction[] {
  const lines = text
    .replace(MULTI_LINE_IMPORT, (_all, names: string, from: string) => `import { ${names.replace(/\s+/g, ' ').trim()} } from "${from}";`)
    .split('\n');
  // local alias → what it is (an SDK command, or a name of a package that calls AWS itself)
  const aliases = new Map<string, { service: Service; actions: string[] }>();
  for (const line of lines) {
    const m = IMPORT_LINE.exec(line.trim());
    if (!m) continue;
    const [, names, from] = m;
    if (from.startsWith('@aws-sdk/client-') && !SDK_PACKAGES[from] && !SDK_PACKAGES_WITHOUT_ACTIONS.has(from)) {
      throw new Error(`${entry} imports ${from}, which infra/aws/access/sdk-actions.ts does not map to IAM actions yet.`);
    }
    for (const spec of names
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported, local = imported] = spec.split(/\s+as\s+/).map((s) => s.trim());
      const service = SDK_PACKAGES[from];
      if (service && imported.endsWith('Command')) aliases.set(local, { service, actions: actionsOf(service, imported) });
      const pkg = PACKAGE_ACTIONS[from];
      if (pkg) aliases.set(local, pkg);
    }
  }
  if (aliases.size === 0) return [];
  const pattern = new RegExp(`\\b(${[...aliases.keys()].join('|')})\\b`, 'g');
  const used: UsedAction[] = [];
  let narrowing: Narrowing | undefined;
  for (const line of lines) {
    const section = SECTION.exec(line);
    if (section) {
      narrowing = NARROWED_MODULES[section[1]];
      continue;
    }
    if (line.startsWith('import ')) continue;
    for (const m of line.matchAll(pattern)) {
      const what = aliases.get(m[1])!;
      for (const action of what.actions) used.push({ service: what.service, action, narrowing });
    }
  }
  return merge(used);
}

/** An action any un-narrowed module calls is granted plainly; otherwise it keeps its narrowing. */
function merge(list: UsedAction[]): UsedAction[] {
  const plain = new Map<string, UsedAction>();
  const narrowed = new Map<string, UsedAction>();
  for (const u of list) {
    const key = `${u.service}:${u.action}`;
    if (!u.narrowing) plain.set(key, { service: u.service, action: u.action });
    else narrowed.set(`${key}:${u.narrowing.name}`, u);
  }
  const rest = [...narrowed.values()].filter((u) => !plain.has(`${u.service}:${u.action}`));
  const order = (u: UsedAction) => `${u.service}:${u.action}:${u.narrowing?.name ?? ''}`;
  return [...plain.values(), ...rest].sort((a, b) => order(a).localeCompare(order(b)));
}
