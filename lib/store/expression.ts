/**
 * Conditions and updates of an item, held as data and rendered into DynamoDB's expressions only when
 * the write is sent (`renderExpressions`). Two actions on one item then join as objects
 * (lib/store/write-set.ts: updates merged, conditions ANDed), and no caller writes an expression or a
 * placeholder. Attribute names are top-level attributes; every name and value gets a placeholder of
 * its own (reserved words need no care).
 */

type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** A condition on an item's attributes. Build it with the helpers below. */
export type Condition =
  | { attributeExists: string }
  | { attributeNotExists: string }
  | { compare: [name: string, comparator: Comparator, value: unknown] }
  | { in: [name: string, values: unknown[]] }
  | { not: Condition }
  | { and: Condition[] }
  | { or: Condition[] };

export const attributeExists = (name: string): Condition => ({ attributeExists: name });
export const attributeNotExists = (name: string): Condition => ({ attributeNotExists: name });
/** The item does not exist yet (a put that must not overwrite). */
export const itemAbsent = (): Condition => attributeNotExists('pk');
/** The item exists (an update that must not create it). */
export const itemPresent = (): Condition => attributeExists('pk');
export const equals = (name: string, value: unknown): Condition => ({ compare: [name, '=', value] });
export const notEquals = (name: string, value: unknown): Condition => ({ compare: [name, '<>', value] });
export const lessThan = (name: string, value: unknown): Condition => ({ compare: [name, '<', value] });
export const atMost = (name: string, value: unknown): Condition => ({ compare: [name, '<=', value] });
export const greaterThan = (name: string, value: unknown): Condition => ({ compare: [name, '>', value] });
export const atLeast = (name: string, value: unknown): Condition => ({ compare: [name, '>=', value] });
/** The attribute is one of `values` (DynamoDB's IN: at most 100). */
export const isIn = (name: string, values: unknown[]): Condition => ({ in: [name, values] });
export const not = (condition: Condition): Condition => ({ not: condition });
export const allOf = (...conditions: Condition[]): Condition => (conditions.length === 1 ? conditions[0] : { and: conditions });
export const anyOf = (...conditions: Condition[]): Condition => (conditions.length === 1 ? conditions[0] : { or: conditions });

/**
 * An update of an item's top-level attributes: values to set, numbers to add (an absent number starts
 * at 0), attributes to remove, and values to set only where the attribute is absent (`if_not_exists`).
 */
export interface Update {
  set?: Record<string, unknown>;
  setIfAbsent?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: string[];
  /** Entries set inside a map attribute, leaving its other entries as they are: `{ types: { 'company.updated': 3 } }`. */
  setInMap?: Record<string, Record<string, unknown>>;
}

/** The attributes an update writes, each once. */
export function attributesOf(update: Update): string[] {
  return [
    ...Object.keys(update.set ?? {}),
    ...Object.keys(update.setInMap ?? {}),
    ...Object.keys(update.setIfAbsent ?? {}),
    ...Object.keys(update.add ?? {}),
    ...(update.remove ?? []),
  ];
}

/**
 * Two updates of one item as one: their sets, set-if-absents and removes together, two adds of one
 * number summed (several requirements opened together move a count once, by their sum). Any other
 * attribute written by both is a mistake of the caller and throws.
 */
export function mergeUpdates(a: Update, b: Update): Update {
  const add: Record<string, number> = { ...a.add };
  for (const [name, delta] of Object.entries(b.add ?? {})) add[name] = (add[name] ?? 0) + delta;
  if (a.setInMap || b.setInMap) throw new Error('an update of entries of a map cannot be joined with another update');
  const merged: Update = {
    set: { ...a.set, ...b.set },
    setIfAbsent: { ...a.setIfAbsent, ...b.setIfAbsent },
    add,
    remove: [...new Set([...(a.remove ?? []), ...(b.remove ?? [])])],
  };
  const aOwn = new Set(attributesOf({ ...a, add: undefined }));
  for (const name of attributesOf({ ...b, add: undefined })) {
    if (aOwn.has(name) && !(a.remove?.includes(name) && b.remove?.includes(name)))
      throw new Error(`'${name}' is written by two actions on one item: they cannot be joined`);
  }
  const adds = new Set(Object.keys(add));
  for (const name of attributesOf({ ...merged, add: undefined }))
    if (adds.has(name)) throw new Error(`'${name}' is both added to and written by actions on one item: they cannot be joined`);
  return merged;
}

/** An update with nothing in it (a write of nothing but a condition). */
export const isEmptyUpdate = (update: Update) => attributesOf(update).length === 0;

/** A whole item with an update's adds applied to it (a put that absorbs an `ADD` of the same transaction). */
export function withAdds(item: Record<string, unknown>, update: Update): Record<string, unknown> {
  if (attributesOf({ ...update, add: undefined }).length) throw new Error('a put can only absorb adds of numbers');
  const out = { ...item };
  for (const [name, delta] of Object.entries(update.add ?? {})) {
    const base = out[name] ?? 0;
    if (typeof base !== 'number') throw new Error(`a put can only absorb adds of numbers ('${name}')`);
    out[name] = base + delta;
  }
  return out;
}

/** The expressions of one action, as DynamoDB takes them. */
export interface Rendered {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** Renders an update and conditions (ANDed) with placeholders of their own: `#n0`, `:v0`… */
export function renderExpressions(update: Update | undefined, conditions: Condition[]): Rendered {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const nameOf = new Map<string, string>();
  const name = (attribute: string) => {
    let ph = nameOf.get(attribute);
    if (!ph) {
      ph = `#n${nameOf.size}`;
      nameOf.set(attribute, ph);
      names[ph] = attribute;
    }
    return ph;
  };
  const value = (v: unknown) => {
    const ph = `:v${Object.keys(values).length}`;
    values[ph] = v;
    return ph;
  };
  const condition = (c: Condition): string => {
    if ('attributeExists' in c) return `attribute_exists(${name(c.attributeExists)})`;
    if ('attributeNotExists' in c) return `attribute_not_exists(${name(c.attributeNotExists)})`;
    if ('compare' in c) return `${name(c.compare[0])} ${c.compare[1]} ${value(c.compare[2])}`;
    if ('in' in c) return `${name(c.in[0])} IN (${c.in[1].map(value).join(', ')})`;
    if ('not' in c) return `NOT (${condition(c.not)})`;
    if ('and' in c) return c.and.map((x) => `(${condition(x)})`).join(' AND ');
    return c.or.map((x) => `(${condition(x)})`).join(' OR ');
  };
  const out: Rendered = {};
  if (update && !isEmptyUpdate(update)) {
    const set = [
      ...Object.entries(update.set ?? {}).map(([n, v]) => `${name(n)} = ${value(v)}`),
      ...Object.entries(update.setIfAbsent ?? {}).map(([n, v]) => `${name(n)} = if_not_exists(${name(n)}, ${value(v)})`),
      ...Object.entries(update.setInMap ?? {}).flatMap(([map, entries]) =>
        Object.entries(entries).map(([n, v]) => `${name(map)}.${name(n)} = ${value(v)}`),
      ),
    ];
    const add = Object.entries(update.add ?? {}).map(([n, v]) => `${name(n)} ${value(v)}`);
    const remove = (update.remove ?? []).map(name);
    out.UpdateExpression = [
      set.length ? `SET ${set.join(', ')}` : '',
      add.length ? `ADD ${add.join(', ')}` : '',
      remove.length ? `REMOVE ${remove.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (conditions.length) out.ConditionExpression = conditions.length === 1 ? condition(conditions[0]) : condition({ and: conditions });
  if (Object.keys(names).length) out.ExpressionAttributeNames = names;
  if (Object.keys(values).length) out.ExpressionAttributeValues = values;
  return out;
}

/** Which sort keys of a partition a Query reads: one prefix, a range (bounds inclusive), or those from/to (inclusive) or above/below (exclusive) one value. */
export type SortKeyRange =
  | { beginsWith: string }
  | { between: [string, string] }
  | { from: string }
  | { to: string }
  | { above: string }
  | { below: string };

/**
 * A Query's key condition: the partition key `partitionName` equal to `partition`, and the sort key
 * `sortName` in `range`. Its placeholders (`#pk`, `#sk`, `:pk`, `:sk`, `:lo`, `:hi`) never meet those
 * of `renderExpressions` (`#n…`, `:v…`) or of `renderProjection` (`#p…`).
 */
export function renderKeyCondition(
  keyNames: { partition: string; sort: string },
  partition: string,
  range?: SortKeyRange,
): Required<Pick<Rendered, 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>> & { KeyConditionExpression: string } {
  const names: Record<string, string> = { '#pk': keyNames.partition };
  const values: Record<string, unknown> = { ':pk': partition };
  let key = '#pk = :pk';
  if (range) {
    names['#sk'] = keyNames.sort;
    if ('beginsWith' in range) {
      key += ' AND begins_with(#sk, :sk)';
      values[':sk'] = range.beginsWith;
    } else if ('between' in range) {
      key += ' AND #sk BETWEEN :lo AND :hi';
      [values[':lo'], values[':hi']] = range.between;
    } else {
      const [op, bound] =
        'from' in range
          ? ['>=', range.from]
          : 'to' in range
            ? ['<=', range.to]
            : 'above' in range
              ? ['>', range.above]
              : ['<', range.below];
      key += ` AND #sk ${op} :sk`;
      values[':sk'] = bound;
    }
  }
  return { KeyConditionExpression: key, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** Only these attributes of an item (a read's projection), each by a placeholder of its own (`#p0`, …). */
export function renderProjection(attributes: readonly string[]): {
  ProjectionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
} {
  const names: Record<string, string> = {};
  const placeholders = attributes.map((a, i) => {
    names[`#p${i}`] = a;
    return `#p${i}`;
  });
  return { ProjectionExpression: placeholders.join(', '), ExpressionAttributeNames: names };
}
