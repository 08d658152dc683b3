import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { idPattern, type IdKind } from '../ids';
import { callerKeyedRecord } from './caller-keyed-record';

/** Shapes shared by the resource schemas (spec Conventions). */
/** An id of `kind` in a resource (its one pattern: lib/ids.ts). */
export const idOf = (kind: IdKind) => z.string().regex(idPattern(kind));
export const dateTime = onFirstUse(() => z.iso.datetime({ offset: true }));
/** `metadata`: your own key/value pairs, at most 50, stored and returned verbatim. */
/** One metadata value: any JSON value, as the partner sent it. */
export const metadataValueSchema = onFirstUse(() =>
  z
    .union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), callerKeyedRecord(z.string(), z.unknown())])
    .meta({ id: 'MetadataValue', description: 'Any JSON value, stored and returned verbatim.' }),
);
export const metadataSchema = onFirstUse(() =>
  callerKeyedRecord(z.string(), metadataValueSchema()).refine((m) => Object.keys(m).length <= 50),
);
