import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { config, isLocal } from '../../lib/config';
import { ConfigurationError, checkConfiguration, problemsOf, VARIABLES, type Variable } from '../../lib/config/variables';

const ROOT = join(__dirname, '..', '..');

/** The configuration: one table of variables (lib/config/variables.ts), one schema, failing closed. */
describe('the runtime configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['TABLE_NAME', 'PUBLIC_URL', 'DOCS_URL', 'STAGE', 'DYNAMODB_ENDPOINT']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('follows a variable changed after config() was called, field by field', () => {
    const c = config();
    process.env.TABLE_NAME = 'first';
    expect(c.tableName).toBe('first');
    process.env.TABLE_NAME = 'second';
    expect(config().tableName).toBe('second');
    process.env.DYNAMODB_ENDPOINT = '';
    expect(config().dynamodbEndpoint).toBeUndefined();
  });

  it('derives the docs address from the public one unless DOCS_URL is set', () => {
    process.env.PUBLIC_URL = 'https://api.example.com';
    delete process.env.DOCS_URL;
    expect(config().docsUrl).toBe('https://api.example.com/docs');
    expect(config().issuer.lines).toContain('api.example.com');
    process.env.DOCS_URL = 'https://docs.example.com';
    expect(config().docsUrl).toBe('https://docs.example.com');
  });

  it("takes a variable's value when unset from the table, but never the stage: an unset STAGE is an error, not local", () => {
    delete process.env.TABLE_NAME;
    process.env.STAGE = 'local';
    expect(config()).toMatchObject({ tableName: 'partner-api', stage: 'local' });
    delete process.env.STAGE;
    expect(() => config().stage).toThrow(ConfigurationError);
    expect(() => isLocal()).toThrow(/STAGE is not set/);
  });
});

describe('the cold start check (one zod schema over the environment)', () => {
  const local = { STAGE: 'local' };
  const required = (Object.entries(VARIABLES) as [string, Variable][]).filter(([, v]) => v.requiredInProduction).map(([n]) => n);

  it('refuses an environment without STAGE, whatever else it holds', () => {
    expect(() => checkConfiguration({ TABLE_NAME: 'partner-api' })).toThrow(ConfigurationError);
    expect(problemsOf({}).map((p) => p.name)).toEqual(['STAGE']);
    expect(problemsOf({ STAGE: '' }).map((p) => p.name)).toEqual(['STAGE']);
  });

  it('passes the embedded default with nothing but STAGE=local', () => {
    expect(problemsOf(local)).toEqual([]);
  });

  it('refuses production without any of its secrets and names, naming each one missing', () => {
    expect(required).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'PUBLIC_URL',
        'KMS_KEY_ID',
        'CURSOR_KEY_SECRET',
        'HOSTED_LINK_KEY_SECRET',
        'CANARY_KEY_SECRET',
        'FILES_BUCKET',
      ]),
    );
    expect(problemsOf({ STAGE: 'prod' }).map((p) => p.name)).toEqual(required);
    const complete = Object.fromEntries([
      ['STAGE', 'prod'],
      ...required.map((n) => [n, n === 'PUBLIC_URL' ? 'https://api.example.com' : `value-of-${n}`]),
    ]);
    expect(problemsOf(complete)).toEqual([]);
    const { CURSOR_KEY_SECRET: _, ...withoutCursorKey } = complete;
    expect(() => checkConfiguration(withoutCursorKey)).toThrow(/CURSOR_KEY_SECRET is not set, and production requires it/);
  });

  it('refuses a value that does not parse, naming it and what it must look like', () => {
    const problems = problemsOf({ ...local, EVENT_INDEX_SHARDS: '0', PUBLIC_URL: 'api.example.com', LOG_LEVEL: 'LOUD' });
    expect(problems.map((p) => p.name).sort()).toEqual(['EVENT_INDEX_SHARDS', 'LOG_LEVEL', 'PUBLIC_URL']);
    expect(problems.find((p) => p.name === 'EVENT_INDEX_SHARDS')!.problem).toMatch(/is "0": send a whole number of 1 or more/);
  });
});

/** Every `process.env.NAME` (and `variable('NAME')`) this repository's running code reads. */
function namesRead(): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  for (const file of ['lib', 'functions', 'infra/local'].flatMap((d) => walk(join(ROOT, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|\bvariable\('([A-Z][A-Z0-9_]*)'/g))
      names.set(m[1] ?? m[2], relative(ROOT, file));
  }
  return names;
}

describe('the names and values of the configuration, in one file', () => {
  it('lists every variable lib/, functions/ and infra/local/ read', () => {
    const unknown = [...namesRead()].filter(([name]) => !(name in VARIABLES)).map(([name, file]) => `${name} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('is what the configuration table of the embedded default says, name by name, with each value when unset', () => {
    const docs = ['README.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true }).map((f) => join('docs', String(f)))].filter((f) =>
      f.endsWith('.md'),
    );
    const holder = docs.find((f) => readFileSync(join(ROOT, f), 'utf8').includes('## Configuration of the embedded default'))!;
    expect(holder).toBeDefined();
    const text = readFileSync(join(ROOT, holder), 'utf8');
    const section = text.slice(text.indexOf('## Configuration of the embedded default')).split('\n## ')[0];
    const rows = section
      .split('\n')
      .filter((line) => /^\| `[A-Z]/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, name, unset]) => [name.replace(/`/g, ''), unset.replace(/^`(.*)`$/, '$1')]);
    const listed = (Object.entries(VARIABLES) as [string, Variable][])
      .filter(([, v]) => v.inReadme)
      .map(([name, v]) => [name, v.unset ?? v.unsetMeans]);
    expect(rows.sort()).toEqual(listed.sort());
  });
});
