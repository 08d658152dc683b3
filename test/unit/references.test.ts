import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

/**
 * What a comment or a document points to is in this repository, and is still there. A clone has no
 * `../shared`: the product's reference is docs/ (docs/api.md, the records of docs/decisions.md) and the
 * served OpenAPI document. So a reference to a file outside, a path that no longer exists, a file name
 * no file has, or a section of our docs that no longer exists fails here, with its file and line.
 */
const ROOT = join(__dirname, '..', '..');
const NOT_SOURCES = new Set(['node_modules', '.git', '.tmp', '.local', 'cdk.out', 'coverage', 'dist']);
/** Files that only exist once built or run: a bundle, a tarball, a script the README saves. */
const MADE_BY_A_RUN = new Set(['index.mjs', 'index.cjs', 'receiver.mjs', 'quickstart.mjs', 'check.ts']);

function walk(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (NOT_SOURCES.has(entry) || (entry.startsWith('.') && entry !== '.dependency-cruiser.cjs')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, into);
    else into.push(relative(ROOT, path));
  }
  return into;
}

const files = walk(ROOT);
const names = new Set(files.map((f) => basename(f)));
/** Our sources and docs: generated code, schemas and the OpenAPI document excepted. */
const texts = files.filter(
  (f) =>
    /\.(ts|mjs|cjs|js|md|sh)$/.test(f) && !f.includes('/generated/') && !f.startsWith('events-schema/') && !f.startsWith('bench/proof/'),
);
const read = new Map(texts.map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n')]));
/**
 * Our documents, whose sections are cited by name and linked by anchor: the README, the guides it
 * sends readers to (docs/guide/, the platform team's, the operator's, development's) and the records.
 */
const GUIDES = ['README.md', ...texts.filter((f) => /^docs\/(guide\/)?[\w-]+\.md$/.test(f))];
/** bench/report.md's history names files as they were when measured: read for its headings only. */
const checked = texts.filter((f) => f !== 'bench/report.md');

/** The lines of a source file that are comments (all lines of a Markdown file). */
function proseLines(file: string): [number, string][] {
  const lines = read.get(file)!;
  const all = lines.map((l, i): [number, string] => [i + 1, l]);
  if (file.endsWith('.md')) return all;
  return all.filter(([, l]) => /^\s*(\/\/|\/?\*|#)/.test(l) || /\s\/\/\s/.test(l));
}

/** The headings of a Markdown file of ours, without their `#`s. */
function headings(file: string): Set<string> {
  return new Set(read.get(file)!.flatMap((l) => /^#+\s+(.*)$/.exec(l)?.[1].trim() ?? []));
}

function findings(check: (file: string, line: number, text: string) => string[]): string[] {
  return checked.flatMap((file) => proseLines(file).flatMap(([line, text]) => check(file, line, text).map((m) => `${file}:${line}: ${m}`)));
}

describe('references in comments and docs stay inside the repository', () => {
  it('no file cites a document a clone does not have', () => {
    const outside = /DESIGN\.md|API-SURFACE|\.\.\/shared|spec\/partner-api|STYLE\.md/;
    // This test names them to forbid them.
    const found = checked
      .filter((f) => f !== 'test/unit/references.test.ts')
      .flatMap((f) => read.get(f)!.flatMap((l, i) => (outside.test(l) ? [`${f}:${i + 1}: ${l.trim()}`] : [])));
    expect(found).toEqual([]);
  });

  it('nothing names a folder of one machine, bench/ and its proofs included', () => {
    // A figure says what was measured and how; where (a home folder, a worktree) means nothing in a clone.
    const machinePath = /(?<![\w.~-])\/(?:work|home|root|Users|mnt|private\/var)\/[\w.-]+/;
    const found = files
      .filter((f) => /\.(ts|mjs|cjs|js|md|sh|json)$/.test(f) && !f.endsWith('package-lock.json') && f !== 'test/unit/references.test.ts')
      .flatMap((f) =>
        readFileSync(join(ROOT, f), 'utf8')
          .split('\n')
          .flatMap((l, i) => (machinePath.test(l) ? [`${f}:${i + 1}: ${l.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('every path of the repository that a comment names exists', () => {
    const path = /(?<![\w./-])((?:lib|functions|infra|scripts|bench|proof|test|sdk|docs|events-schema)\/[\w./*-]+)/g;
    const missing = findings((_, __, text) =>
      [...text.matchAll(path)]
        .map((m) => m[1].replace(/[.,:;]+$/, ''))
        .filter((p) => !p.includes('*')) // a pattern of files, not one
        .filter((p) => !/^sdk\/node\/(dist|.*\.tgz$)|^docs\/partner\/|^infra\/aws\/deployed\/[\w-]+\.json$/.test(p)) // build output; the reference's URL path; a deploy's record of its outputs
        .filter((p) => ![p, `${p}.ts`, `${p}/index.ts`].some((q) => existsSync(join(ROOT, q))))
        .map((p) => `no such path ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every file a comment names by itself is a file of the repository', () => {
    const missing = findings((_, __, text) =>
      [...text.matchAll(/(?<![\w./-])([a-z][\w-]*\.(?:ts|mjs|cjs|md))\b/g)]
        .map((m) => m[1])
        .filter((name) => !names.has(name) && !MADE_BY_A_RUN.has(name))
        .map((name) => `no file is named ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every section of our docs that is cited by name exists', () => {
    const docs = [...GUIDES, 'bench/report.md'];
    const sections = new Map(docs.map((d) => [basename(d), headings(d)]));
    // `docs/decisions.md, "Rate limiting"`, `docs/decisions.md "The event log"`, `(docs/api.md, "Conventions"; …)`
    const citation = new RegExp(`(${docs.map((d) => basename(d, '.md')).join('|')})\\.md[,:]?\\s+(?:"([^"]+)"|“([^”]+)”)`, 'g');
    const missing = findings((_, __, text) =>
      [...text.matchAll(citation)]
        .map((m) => [`${m[1]}.md`, (m[2] ?? m[3]).replace(/^#+\s*/, '')] as const)
        .filter(([doc]) => sections.has(doc))
        .filter(
          ([doc, title]) =>
            ![...sections.get(doc)!].some(
              (h) => h === title || h.startsWith(`${title} (`) || h.startsWith(`${title}:`) || h.startsWith(`${title},`),
            ),
        )
        .map(([doc, title]) => `no section "${title}" in ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('every link to a heading of our docs finds it', () => {
    // GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`.
    const slug = (h: string) =>
      h
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-');
    const anchors = new Map(GUIDES.map((d) => [basename(d), new Set([...headings(d)].map(slug))]));
    const missing = findings((_, __, text) =>
      [...text.matchAll(new RegExp(`(${GUIDES.map((d) => basename(d, '.md')).join('|')})\\.md#([\\w-]+)`, 'g'))]
        .filter((m) => !anchors.get(`${m[1]}.md`)!.has(m[2]))
        .map((m) => `no heading #${m[2]} in ${m[1]}.md`),
    );
    expect(missing).toEqual([]);
  });
});
