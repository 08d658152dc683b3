// The dependency rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
// Each rule names the layer it protects; the layers themselves are listed once, below.

/** Folders of lib/ by layer, bottom first: a folder may import its own layer and those below it. */
const FOUNDATIONS = ['errors', 'ids\\.ts', 'clock\\.ts', 'config\\.ts'];

const under = (names) => `^lib/(${names.join('|')})($|/)`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No two files import each other, directly or through others: a reader can start at the bottom.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-stays-in-lib',
      comment: 'lib/ is the domain: it never reaches for the handlers, the infrastructure, scripts, proofs, benchmarks, tests or the partner SDK.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(functions|infra|scripts|proof|bench|test|sdk)/' },
    },
    {
      name: 'sdk-stands-alone',
      comment: 'The partner SDK (sdk/node) is packed on its own: it talks HTTP to the API and reads docs/openapi.json, never the code behind it.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(lib|functions|infra|scripts|proof|bench|test)/' },
    },
    {
      name: 'functions-use-lib-only',
      comment: 'A handler is a thin call of lib/ (DESIGN.md "Folders").',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(infra|scripts|proof|bench|test)/' },
    },
    {
      name: 'foundations-at-the-bottom',
      comment: 'Errors, ids, clock and configuration import nothing else of lib/.',
      severity: 'error',
      from: { path: under(FOUNDATIONS) },
      to: { path: '^lib/', pathNot: under(FOUNDATIONS) },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports are dependencies too: a reader follows them all the same.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|\\.local)/' },
  },
};
