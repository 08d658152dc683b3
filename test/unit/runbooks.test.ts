import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATOR_ACTIONS } from '../../lib/operator/actions';
import { PREFLIGHT_USAGE } from '../../lib/operator/run-ops';

/**
 * The runbooks (docs/runbooks/) are what on-call types at 3 a.m.: every Logs Insights filter on our
 * log lines' `message` must match a message the code logs, and every `npm run ops -- <action>` must
 * be an action the CLI has. A renamed log line or action fails here, not during an incident.
 */
const ROOT = join(__dirname, '..', '..');
const RUNBOOKS = join(ROOT, 'docs', 'runbooks');
const pages = readdirSync(RUNBOOKS)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: f, text: readFileSync(join(RUNBOOKS, f), 'utf8') }));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

/** Every message the code gives a logger (`logger.warn('…'`, a child's `log.info('…'`). */
const LOGGED = new Set(
  [...sources('lib'), ...sources('functions')].flatMap((file) =>
    [
      ...readFileSync(join(ROOT, file), 'utf8').matchAll(
        /\b(?:logger|log)\.(?:debug|info|warn|error|critical)\(\s*(['"`])((?:(?!\1).)+)\1/g,
      ),
    ].map((m) => m[2]),
  ),
);

/** The `message = "…"` and `message like /…/` clauses of a page's inline and fenced code. */
function messageFilters(text: string): { equals: string[]; like: RegExp[] } {
  const code = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((c) => c.includes('filter '));
  return {
    equals: code.flatMap((c) => [...c.matchAll(/(?<![@\w.])message\s*=\s*"([^"]+)"/g)].map((m) => m[1])),
    like: code.flatMap((c) => [...c.matchAll(/(?<![@\w.])message\s+like\s+\/([^/]+)\//g)].map((m) => new RegExp(m[1]))),
  };
}

const ACTIONS = new Set([...OPERATOR_ACTIONS.map((a) => a.name), PREFLIGHT_USAGE.split(' ')[0]]);

describe('the runbooks', () => {
  it('reads the code’s log messages (a sanity check of the reading)', () => {
    expect(LOGGED).toContain('delivery failed');
    expect(LOGGED).toContain('the mail sender could not send a message');
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(pages.map((p) => [p.name, p] as const))('%s: filters only on messages the code logs', (_name, page) => {
    const { equals, like } = messageFilters(page.text);
    for (const message of equals) expect({ message, logged: LOGGED.has(message) }).toEqual({ message, logged: true });
    for (const pattern of like)
      expect({ pattern: String(pattern), logged: [...LOGGED].some((m) => pattern.test(m)) }).toEqual({
        pattern: String(pattern),
        logged: true,
      });
  });

  it.each(pages.map((p) => [p.name, p] as const))('%s: names only operator actions the CLI has', (_name, page) => {
    const named = [...page.text.matchAll(/npm run ops -- ([a-z][a-z-]*)/g)].map((m) => m[1]);
    for (const action of named) expect({ action, known: ACTIONS.has(action) }).toEqual({ action, known: true });
  });

  it('held the dynamodb-throttles page to a message the code logs (it filtered on one nobody logs)', () => {
    const page = pages.find((p) => p.name === 'dynamodb-throttles.md')!;
    expect(messageFilters(page.text).equals).toEqual(['DynamoDB refused a call transiently; answered api_error with Retry-After']);
  });
});
