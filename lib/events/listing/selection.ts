/**
 * What a filter keeps of one dimension (event types, or companies): only the listed values (`in`), or
 * everything but the listed values (`nin`; an empty `nin` keeps everything). Every form the spec
 * offers (`x`, `x[eq]`, `x[in]`, `x[nin]`) is one of these, and several forms given together are
 * combined with AND, so `type[in]=a,b&type[nin]=b` keeps `a` only.
 */
export type Selection = { kind: 'in'; values: string[] } | { kind: 'nin'; values: string[] };

export const EVERYTHING: Selection = { kind: 'nin', values: [] };

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The AND of two selections, normalised (sorted, deduplicated) so equal filters compare equal. */
export function intersect(a: Selection, b: Selection): Selection {
  if (a.kind === 'in' && b.kind === 'in') return { kind: 'in', values: sorted(a.values.filter((v) => b.values.includes(v))) };
  if (a.kind === 'in') return { kind: 'in', values: sorted(a.values.filter((v) => !b.values.includes(v))) };
  if (b.kind === 'in') return intersect(b, a);
  return { kind: 'nin', values: sorted([...a.values, ...b.values]) };
}

export function keeps(selection: Selection, value: string | undefined): boolean {
  if (selection.kind === 'in') return value !== undefined && selection.values.includes(value);
  return value === undefined || !selection.values.includes(value);
}

/** True when the selection keeps nothing at all (an `in` left empty by the AND of the filters). */
export function isEmptySelection(selection: Selection): boolean {
  return selection.kind === 'in' && selection.values.length === 0;
}
