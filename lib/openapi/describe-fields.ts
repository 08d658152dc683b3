import { FIELD_DESCRIPTIONS } from './field-descriptions';

type Json = Record<string, unknown>;

/** The description a field gets from the glossary: by its place (`Company.status`), else by its name. */
export function glossaryDescription(place: string, name: string, schema: Json): string | undefined {
  // A change event's previous attributes (lib/resources/event.ts) are the resource's fields, as they were.
  const before = /^(\w+)PreviousAttributes(?=\.|\[|$)/.exec(place);
  if (before) {
    const rest = place.slice(before[0].length);
    const text =
      glossaryDescription(`${before[1]}Snapshot${rest}`, name, schema) ?? glossaryDescription(`${before[1]}${rest}`, name, schema);
    return text && `Before the change: ${text}`;
  }
  // A component's input twin (`CreateCompanyRequestInput`, lib/openapi/document.ts) reads as its output.
  const output = place.replace(/^(\w+)Input(?=\.|\[|$)/, '$1');
  const text = FIELD_DESCRIPTIONS[`${place}.${name}`] ?? FIELD_DESCRIPTIONS[`${output}.${name}`] ?? FIELD_DESCRIPTIONS[name];
  if (text === undefined) return undefined;
  const one = schema.const ?? (Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined);
  // A text about one value fits only a field of one value (`object: "company"`), not an event's `data.object`.
  if (text.includes('{value}') && one === undefined) return undefined;
  return text.replace('{value}', String(one));
}

/**
 * Gives every property of `schema` (and of the objects within it) that has no description of its own
 * the glossary's (lib/openapi/field-descriptions.ts). `place` names the schema: a component's id, or
 * for a request body its operation's id; nested places read `Company.address`, `Product.fees[]`.
 */
export function describeFields(schema: unknown, place: string): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json;
  if (typeof s.$ref === 'string') return;
  const properties = s.properties as Record<string, Json> | undefined;
  if (properties) {
    for (const [name, field] of Object.entries(properties)) {
      if (!field || typeof field !== 'object') continue;
      if (field.description === undefined) {
        const text = glossaryDescription(place, name, field);
        if (text !== undefined) field.description = text;
      }
      describeFields(field, `${place}.${name}`);
    }
  }
  if (s.items) describeFields(s.items, `${place}[]`);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') describeFields(s.additionalProperties, `${place}[]`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const branch of (s[key] as unknown[] | undefined) ?? []) describeFields(branch, place);
}

/** Every property of the document without a description, by its place: what the test holds at none. */
export function undescribedFields(doc: Json): string[] {
  const out: string[] = [];
  const walk = (schema: unknown, place: string) => {
    if (!schema || typeof schema !== 'object') return;
    const s = schema as Json;
    if (typeof s.$ref === 'string') return;
    for (const [name, field] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
      if (!field || typeof field !== 'object') continue;
      if (typeof field.description !== 'string' || field.description.trim() === '') out.push(`${place}.${name}`);
      walk(field, `${place}.${name}`);
    }
    if (s.items) walk(s.items, `${place}[]`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${place}[]`);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const b of (s[key] as unknown[] | undefined) ?? []) walk(b, place);
  };
  const components = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  for (const [id, schema] of Object.entries(components)) walk(schema, id);
  for (const item of Object.values(doc.paths as Record<string, Json>))
    for (const op of Object.values(item) as Json[]) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      for (const media of Object.values(content)) walk(media.schema, String(op.operationId));
    }
  return out;
}
