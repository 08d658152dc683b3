import { randomBase62 } from '../../lib/ids';

/**
 * Shared pieces of the isolation matrices (test/e2e/isolation-*.test.ts): a leak is any answer to a
 * foreign object that differs from the answer for an id that names nothing, once each side's own ids
 * and the request id are masked.
 */

/** An id of the same shape (prefix and length) that names nothing; a signer index stays an index. */
export function absent(name: string, real: string): string {
  if (name === 'index') return '7';
  const prefix = real.match(/^[a-z]+_/)?.[0] ?? '';
  return prefix + randomBase62(real.length - prefix.length);
}

/** The answer with the request's own ids and the request id masked: what is left must not differ. */
export function masked(text: string, ids: string[]): string {
  // Pages put break points in ids and codes (`we_<wbr>…`, lib/dashboard/pages/layout.ts): read without them.
  let out = text.replace(/<wbr>/g, '').replace(/req_[0-9A-Za-z]{22}/g, 'req_*');
  for (const [i, id] of ids.entries()) out = out.split(id).join(`<id${i}>`);
  return out;
}

/** The names of a route template's path parameters, in order: `/a/{x}/b/{y}` → `['x', 'y']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * Which kind of object a path parameter names: the collection segment before it and its name
 * (`webhook-endpoints/{id}`, `keys/{keyID}`). `{id}` alone says nothing, so the collection decides.
 */
export function paramSlots(path: string): string[] {
  return [...path.matchAll(/([\w-]+)\/\{(\w+)\}/g)].map((m) => `${m[1]}/{${m[2]}}`);
}

/** The template with its parameters filled, by slot (`keys/{keyID}` → value). */
export function fillSlots(path: string, values: Record<string, string>): string {
  return path.replace(/([\w-]+)\/\{(\w+)\}/g, (whole, collection: string, name: string) => {
    const value = values[`${collection}/{${name}}`];
    if (value === undefined) throw new Error(`no value for ${whole}`);
    return `${collection}/${value}`;
  });
}
