import * as z from 'zod';

/** Shapes shared by the resource schemas (spec Conventions). */
export const idOf = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9A-Za-z]{22}$`));
export const dateTime = z.iso.datetime({ offset: true });
/** `metadata`: your own key/value pairs, at most 50, stored and returned verbatim. */
export const metadataSchema = z.record(z.string(), z.string()).refine((m) => Object.keys(m).length <= 50);
