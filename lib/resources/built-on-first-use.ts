/**
 * A response schema, built the first time it is asked for instead of when its module is loaded.
 * Every function's bundle loads the resource modules it renders with, but only the OpenAPI document,
 * the event schemas and the tests read the schemas themselves: built at load, they were ~10-15 ms of
 * a cold start for nothing (docs/decisions.md, "Bundles"). Built once, then the same object, so a
 * schema with an `id` is one component wherever it is used.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
