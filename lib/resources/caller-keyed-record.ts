import * as z from 'zod';
// Named imports of zod's core: reaching through `z.core` would keep all of it (and its locales) in every bundle.
import {
  $constructor,
  config,
  util,
  type $ZodRecordDef,
  type $ZodRecordKey,
  type ParseContextInternal,
  type ParsePayload,
  type SomeType,
} from 'zod/v4/core';

const PROTO = '__proto__';

/**
 * zod's record skips a `__proto__` key outright (neither validated nor kept), so a caller's
 * `{"__proto__": …}` vanished without a word. This record validates and keeps it like any other key,
 * in the caller's order; its JSON Schema is the record's.
 */
const CallerKeyedRecord = $constructor('CallerKeyedRecord', (inst: z.ZodRecord, def: $ZodRecordDef) => {
  z.ZodRecord.init(inst, def);
  const parseRecord = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const result = parseRecord(payload, ctx);
    if (!util.isPlainObject(input) || !Object.hasOwn(input, PROTO)) return result;
    return result instanceof Promise
      ? result.then((r) => keepProtoKey(r, input, def, ctx, inst))
      : keepProtoKey(result, input, def, ctx, inst);
  };
});

function keepProtoKey(
  payload: ParsePayload,
  input: Record<string, unknown>,
  def: $ZodRecordDef,
  ctx: ParseContextInternal,
  inst: z.ZodRecord,
): ParsePayload {
  const key = def.keyType._zod.run({ value: PROTO, issues: [] }, ctx) as ParsePayload;
  if (key.issues.length) {
    payload.issues.push({
      code: 'invalid_key',
      origin: 'record',
      issues: key.issues.map((i) => util.finalizeIssue(i, ctx, config())),
      input: PROTO,
      path: [PROTO],
      inst,
    } as never);
    return payload;
  }
  const value = def.valueType._zod.run({ value: input[PROTO], issues: [] }, ctx) as ParsePayload;
  if (value.issues.length) payload.issues.push(...util.prefixIssues(PROTO, value.issues));
  const parsed = payload.value as Record<string, unknown>;
  payload.value = Object.fromEntries(
    Object.keys(input)
      .filter((k) => k === PROTO || Object.hasOwn(parsed, k))
      .map((k) => [k, k === PROTO ? value.value : parsed[k]]),
  );
  return payload;
}

/** `z.record(key, value)` in which `__proto__` is a key like any other. */
export function callerKeyedRecord<K extends $ZodRecordKey, V extends SomeType>(keyType: K, valueType: V): z.ZodRecord<K, V> {
  return new CallerKeyedRecord({ type: 'record', keyType, valueType } as never) as unknown as z.ZodRecord<K, V>;
}
