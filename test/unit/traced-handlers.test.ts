import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every function on-call may look for in X-Ray has a subsegment of its own (test/unit/tracing.test.ts
 * shows what one records): an HTTP function through its chain (lib/http/handler.ts), any other through
 * `tracedHandler` (lib/observability/tracer.ts). Read from the sources, so a new function that forgets
 * it fails here.
 */
const ROOT = join(__dirname, '..', '..');
const FUNCTIONS = join(ROOT, 'functions');
/** The builders of lib/http/ whose handlers run the HTTP chain, and so its tracing. */
const HTTP_CHAINS = [
  'apiOperation',
  'dashboardPageOperation',
  'dashboardApiOperation',
  'sandboxTrigger',
  'keylessOperation',
  'signedOutPageOperation',
  'signedOutApiOperation',
];
/** Not traced, and why. */
const UNTRACED: Record<string, string> = {
  // Calls no AWS service: it writes one line to its own log group, whatever happens.
  'functions/operator/record-audit.ts': 'writes one log line',
  // Routes each request to one of two HTTP chains, which trace it.
  'functions/api/fallback.ts': 'delegates to apiOperation or keylessOperation',
};

function sources(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (path.endsWith('.ts')) into.push(relative(ROOT, path));
  }
  return into;
}

const handlers = sources(FUNCTIONS).filter((f) => /export const handler\b/.test(readFileSync(join(ROOT, f), 'utf8')));

it('finds the functions', () => {
  expect(handlers.length).toBeGreaterThan(150);
});

it.each(handlers.filter((f) => !(f in UNTRACED)))('%s has a traced handler', (file) => {
  const built = /export const handler = (\w+)\(/.exec(readFileSync(join(ROOT, file), 'utf8'))?.[1];
  expect([...HTTP_CHAINS, 'tracedHandler']).toContain(built);
});

it.each(Object.keys(UNTRACED))('%s, left untraced, still exists', (file) => {
  expect(handlers).toContain(file);
});
