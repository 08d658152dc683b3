import type { Route } from '../../lib/routes';

/**
 * Where the API's resource families start: the version, the sandbox under it, the dashboard and its
 * JSON API, a webhook endpoint in both, and a company (live and sandbox), whose sub-collections (files, fixed assets, tax filings…)
 * are where the API grows most: each is a family of its own, so no family carries the company's whole
 * subtree. These resources are shared by many families, so the parent stack holds them; everything
 * below them belongs to exactly one family. A prefix added later moves routes between stacks: see
 * docs/decisions.md "Production on AWS".
 */
export const SHARED_PREFIXES = [
  '/v1',
  '/v1/sandbox',
  '/v1/companies/{companyID}',
  '/v1/sandbox/companies/{companyID}',
  '/dashboard',
  '/dashboard/api',
  // A webhook endpoint's actions (pages and JSON API) were the two largest families: with a version, an
  // alias, a deployment group and an alarm per write route, three times their routes would not fit one stack.
  '/dashboard/webhook-endpoints/{id}',
  '/dashboard/api/webhook-endpoints/{id}',
];

/**
 * A route's family: the subtree of the API its path lies in, named by its root, which is the path cut
 * one segment below the longest shared prefix above it (`/v1/companies/{companyID}/fixed-assets/{fixedAssetID}`
 * → `/v1/companies/{companyID}/fixed-assets`, `/dashboard/api/keys/{keyID}/revoke` → `/dashboard/api/keys`,
 * `/status/{token}` → `/status`), or the prefix itself for a route on a prefix (`GET /dashboard`). One nested stack per
 * family holds the family's functions, roles, log groups, invoke permissions, API resources and
 * methods, so no stack grows with the whole route table, and a route's family follows from its path
 * alone: it never changes as routes are added, which named functions and API paths need (neither can
 * move between stacks in one deploy).
 */
export function familyRootOf(path: string): string {
  const prefix = SHARED_PREFIXES.filter((p) => path === p || path.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0] ?? '';
  if (path === prefix) return prefix;
  const next = path.slice(prefix.length + 1).split('/')[0];
  return `${prefix}/${next}`;
}

/** Whether the parent stack holds this resource: the root, the shared prefixes and the paths above them. */
export function isSharedPath(path: string): boolean {
  return path === '/' || SHARED_PREFIXES.some((p) => p === path || p.startsWith(`${path}/`));
}

/** Whether the parent stack holds this resource with its methods: a shared path, or a `{proxy+}` catch-all below one. */
export function heldByParent(path: string): boolean {
  const catchAll = path.endsWith('/{proxy+}') ? path.slice(0, -'/{proxy+}'.length) || '/' : undefined;
  return isSharedPath(catchAll ?? path);
}

/** The construct id of a family's nested stack: `Routes` and the root's segments, `/v1/tax-filings` → `RoutesV1TaxFilings`. */
export function familyStackId(root: string): string {
  const words = root.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `Routes${words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;
}

/** The routes of each family, families sorted by root and routes kept in table order, so synthesis is deterministic. */
export function familiesOf(routes: Route[]): Map<string, Route[]> {
  const families = new Map<string, Route[]>();
  for (const root of [...new Set(routes.map((r) => familyRootOf(r.path)))].sort()) families.set(root, []);
  for (const route of routes) families.get(familyRootOf(route.path))!.push(route);
  const ids = new Map<string, string>();
  for (const root of families.keys()) {
    const id = familyStackId(root);
    const other = ids.get(id);
    if (other) throw new Error(`Families ${other} and ${root} would share the nested stack ${id}: rename one path segment.`);
    ids.set(id, root);
  }
  return families;
}

/**
 * How many waves the route-family stacks are created and updated in. API Gateway allows an account a
 * few create calls a second (CreateResource: 5/s); 70 family stacks created together would send their
 * ~600 resources and methods at once and be throttled. The families are put in FAMILY_WAVES waves
 * instead, balanced by API objects, and every stack of a wave waits for the whole wave before it, so
 * only one wave's API objects (about a FAMILY_WAVES-th of them) are created at any moment, and a deploy
 * that changes every family updates FAMILY_WAVES stacks one after another, each wave's stacks together
 * (docs/decisions.md, "Gradual deploys").
 */
export const FAMILY_WAVES = 8;

/**
 * The families in FAMILY_WAVES waves, each balanced by its API objects (resources and methods):
 * largest families first, each into the wave with the fewest so far, ties by root, so synthesis is deterministic.
 */
export function familyWaves<T extends { root: string; apiObjects: number }>(families: T[], waves = FAMILY_WAVES): T[][] {
  const out: T[][] = Array.from({ length: Math.min(waves, families.length) }, () => []);
  const load = out.map(() => 0);
  const ordered = [...families].sort((a, b) => b.apiObjects - a.apiObjects || a.root.localeCompare(b.root));
  for (const family of ordered) {
    const lightest = load.indexOf(Math.min(...load));
    out[lightest].push(family);
    load[lightest] += family.apiObjects;
  }
  return out;
}
