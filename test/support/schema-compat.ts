/**
 * Compares two versions of a JSON Schema and lists every way the newer one removes or narrows a
 * field of the older (versioned event schemas, with a test that fails on such a change).
 * A partner's code written against `before` must still accept every document valid under `after`:
 * a property may be added, an enum may grow, a bound may loosen; nothing may disappear or tighten.
 */
type Schema = Record<string, any>;

export function narrowings(before: Schema, after: Schema): string[] {
  const out: string[] = [];
  compare(before, after, '$', before, after, out, new Set());
  return out;
}

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 20; i++) {
    const path = s.$ref.replace(/^#\//, '').split('/');
    s = path.reduce((node: any, key: string) => node?.[key], root);
  }
  return s ?? {};
}

const types = (s: Schema): string[] | undefined => (s.type === undefined ? undefined : Array.isArray(s.type) ? s.type : [s.type]);

function compare(b0: Schema, a0: Schema, path: string, bRoot: Schema, aRoot: Schema, out: string[], seen: Set<string>) {
  const b = resolve(b0, bRoot);
  const a = resolve(a0, aRoot);
  const key = `${path}|${JSON.stringify(b).length}|${JSON.stringify(a).length}`;
  if (seen.has(key)) return;
  seen.add(key);

  const bt = types(b);
  const at = types(a);
  if (at && (!bt || bt.some((t) => !at.includes(t) && !(t === 'integer' && at.includes('number'))))) {
    out.push(`${path}: type narrowed from ${bt?.join('|') ?? 'any'} to ${at.join('|')}`);
  }
  if (a.const !== undefined && a.const !== b.const)
    out.push(`${path}: constant changed from ${JSON.stringify(b.const)} to ${JSON.stringify(a.const)}`);
  if (a.enum) {
    const lost = b.enum ? b.enum.filter((v: unknown) => !a.enum.includes(v)) : ['(any value)'];
    if (lost.length) out.push(`${path}: enum no longer allows ${lost.join(', ')}`);
  }
  if (a.pattern !== undefined && a.pattern !== b.pattern) out.push(`${path}: pattern changed to ${a.pattern}`);
  if (a.format !== undefined && a.format !== b.format) out.push(`${path}: format changed to ${a.format}`);
  for (const k of ['maxLength', 'maxItems', 'maximum', 'maxProperties']) {
    if (a[k] !== undefined && (b[k] === undefined || a[k] < b[k])) out.push(`${path}: ${k} tightened to ${a[k]}`);
  }
  for (const k of ['minLength', 'minItems', 'minimum', 'minProperties']) {
    if (a[k] !== undefined && a[k] > (b[k] ?? 0)) out.push(`${path}: ${k} tightened to ${a[k]}`);
  }

  const bProps: Schema = b.properties ?? {};
  const aProps: Schema = a.properties ?? {};
  for (const name of Object.keys(bProps)) {
    if (!(name in aProps)) {
      out.push(`${path}.${name}: removed`);
      continue;
    }
    if ((b.required ?? []).includes(name) && !(a.required ?? []).includes(name)) out.push(`${path}.${name}: no longer always present`);
    compare(bProps[name], aProps[name], `${path}.${name}`, bRoot, aRoot, out, seen);
  }
  if (b.additionalProperties !== false && a.additionalProperties === false && Object.keys(bProps).length === 0 && b.type === 'object') {
    out.push(`${path}: no longer accepts additional properties`);
  }
  if (b.items && a.items) compare(b.items, a.items, `${path}[]`, bRoot, aRoot, out, seen);
  if (typeof b.additionalProperties === 'object' && typeof a.additionalProperties === 'object') {
    compare(b.additionalProperties, a.additionalProperties, `${path}.*`, bRoot, aRoot, out, seen);
  }
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (!b[k]) continue;
    if (!a[k] || a[k].length < b[k].length) {
      out.push(`${path}: ${k} lost alternatives`);
      continue;
    }
    for (const [i, alt] of (b[k] as Schema[]).entries()) compare(alt, a[k][i], `${path}<${k}${i}>`, bRoot, aRoot, out, seen);
  }
}
