import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from '../bundling';
import {
  actionsOf,
  OWN_CLIENT_MODULES,
  PACKAGE_ACTIONS,
  SDK_PACKAGES,
  SDK_PACKAGES_WITHOUT_ACTIONS,
  SIGNED_ACTIONS,
  type Service,
} from './sdk-actions';
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
/** A signed action's constant as esbuild leaves it in a bundle (lib/aws/actions.ts): `var s3PutObject = {`. */
const SIGNED_ACTION_LINE = /^var (\w+) = \{ service: "(\w+)", action: "(\w+)" \};$/;
const SECTION = /^\/\/ ((?:lib|functions)\/\S+\.[cm]?[jt]s)$/;
/** A class as esbuild leaves it in a bundle: `var GetCommand = class extends AwsCommand {` or `class GetCommand extends AwsCommand {`. */
const CLASS_LINE = /^(?:var (\w+) = class|class (\w+)) extends \w+/;

/**
 * What each entry's code can call in AWS, read from the code itself: esbuild bundles every entry
 * (npm packages external, not minified, tree-shaken), then each SDK command class that the
 * remaining code still references is mapped to its IAM action. Tree-shaking matters: a module that
 * both looks a key up and creates keys grants `PutItem` only to the functions that create keys.
 * esbuild marks each module's code with a `// path` comment, so a reference is attributed to its
 * module, which is how the rate-limit counter's write stays narrowed. Our own clients' command
 * classes (lib/store/dynamodb.ts, lib/aws/sqs.ts, lib/aws/kms.ts) are bundled with the code, so they
 * are read where their module defines them and counted where other modules use them. One pass for
 * all entries.
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
  });
  for (const file of result.outputFiles) {
    const index = Number(/e(\d+)\.js$/.exec(file.path)?.[1]);
    if (Number.isNaN(index)) continue;
    out.set(entries[index], actionsOfBundle(file.text, entries[index]));
  }
  return out;
}

function actionsOfBundle(text: string, entry: string): UsedAction[] {
  const lines = text.split('\n');
  // local alias → what it is (an SDK command, or a name of a package that calls AWS itself)
  const aliases = new Map<string, { service: Service; actions: string[] }>();
  let ownClient: Service | undefined;
  for (const line of lines) {
    const section = SECTION.exec(line);
    if (section) ownClient = OWN_CLIENT_MODULES[section[1].replace(/\.[cm]?[jt]s$/, '')];
    const ownClass = ownClient && CLASS_LINE.exec(line);
    if (ownClient && ownClass) {
      // esbuild numbers a name taken twice in one bundle (`GetCommand2`): the action is the name's.
      const local = ownClass[1] ?? ownClass[2];
      const name = local.replace(/\d+$/, '');
      if (name.endsWith('Command')) aliases.set(local, { service: ownClient, actions: actionsOf(ownClient, name) });
    }
    const signed = SIGNED_ACTION_LINE.exec(line.trim());
    if (signed) {
      const known = SIGNED_ACTIONS[signed[1]];
      if (!known || known.service !== signed[2] || !known.actions.includes(signed[3])) {
        throw new Error(`${entry} signs ${signed[2]}:${signed[3]} as ${signed[1]}, which infra/aws/access/sdk-actions.ts does not map.`);
      }
      aliases.set(signed[1], known);
    }
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
  let inOwnClient = false;
  for (const line of lines) {
    const section = SECTION.exec(line);
    if (section) {
      narrowing = NARROWED_MODULES[section[1]];
      inOwnClient = Boolean(OWN_CLIENT_MODULES[section[1].replace(/\.[cm]?[jt]s$/, '')]);
      continue;
    }
    // A client's own module defines its commands; only a use elsewhere calls AWS.
    if (line.startsWith('import ') || inOwnClient) continue;
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
