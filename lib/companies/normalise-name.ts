/**
 * The key under which a name is unique in a state (docs/decisions.md): case-insensitive, with runs of
 * whitespace collapsed and the ends trimmed, since a state registry tells names apart by neither. The
 * ending is not part of `name`, so "Acme LLC" and "Acme Inc." in one state are the same name.
 */
export function nameKey(name: string): string {
  return tidyName(name).toLowerCase();
}

/** The name as stored and shown: trimmed, single spaces (a legal name never carries double spaces). */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}
