// The dependency rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
//
// lib/'s areas (its top-level folders and files) stand in one order, bottom first, grouped in layers.
// An area may import the areas listed before it, never one listed after it: so no two areas can ever
// import each other, and the layers only ever point down. A new area must be placed in this list.

const LAYERS = [
  // Foundations: what everything may use, and which knows nothing of the rest.
  [
    'config',
    'clock',
    'ids',
    'scope',
    'caller-keys',
    'html',
    'errors',
    'observability',
    'versioning',
    'catalog',
    'aws',
    'signing-keys',
    'crypto',
  ],
  // Ports: the outside world behind an interface, with a local and an AWS adapter each.
  ['file-storage', 'email'],
  // Resources: the API's shapes (zod) and the request fields built from them.
  ['resources', 'input'],
  // The store: the one table, its keys, its entities and the WriteSet; then the event log's write side:
  // the commit of a WriteSet with its events, their sequences, and the sequencer of contended writes.
  ['store', 'event-log'],
  // The domain, ordered so that an area only uses those before it.
  [
    'paging',
    'audit',
    'partners',
    'rate-limit',
    'auth',
    'idempotency',
    'request-log',
    'events',
    'accounts',
    'billing',
    'entitlements',
    'forms',
    'requirements',
    'orders',
    'companies',
    'calendar',
    'fixed-assets',
    'tax-filings',
    'lifecycle',
    'files',
    'status-tokens',
    'verification-sessions',
    'webhooks',
    'dashboard',
    'me',
    'jobs',
    'sandbox-clock',
    'docs',
    'canary',
  ],
  // The HTTP chain: middy middlewares, the one handler builder, and the dashboard's parts of it.
  ['http'],
  // What is served: the route table with each operation's contract, and the OpenAPI document made from it.
  ['routes', 'openapi'],
  // Faces for people: the keyless pages and the operator's CLI.
  ['keyless-pages', 'operator'],
];

const AREAS = LAYERS.flat();
const area = (name) => `^lib/${name.replace('.', '\\.')}(\\.ts$|/)`;
const anyOf = (names) => `^lib/(${names.map((n) => n.replace('.', '\\.')).join('|')})(\\.ts$|/)`;

/** Area i imports nothing listed after it. */
const orderRules = AREAS.slice(0, -1).map((name, i) => ({
  name: `order:${name}`,
  comment: `${name} may import only the areas listed before it in .dependency-cruiser.cjs`,
  severity: 'error',
  from: { path: area(name) },
  to: { path: anyOf(AREAS.slice(i + 1)) },
}));

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
      name: 'no-circular-folders',
      comment: 'No two folders of lib/ (sub-folders included) import each other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib' },
      to: { circular: true },
    },
    {
      name: 'every-area-placed',
      comment: 'Every area of lib/ stands in the order of .dependency-cruiser.cjs (and docs/architecture.md).',
      severity: 'error',
      from: { path: '^lib/', pathNot: anyOf(AREAS) },
      to: {},
    },
    ...orderRules,
    {
      name: 'table-client-in-store',
      comment:
        "The table's client and its commands (lib/store/dynamodb.ts) are the store's and the event log's: the rest of lib/, the handlers and infra/ reach the table through the store's entities, reads and WriteSet (tests, proofs and benchmarks may look at items directly).",
      severity: 'error',
      from: { path: '^(lib|functions|infra|scripts)/', pathNot: '^lib/(store|event-log)/' },
      to: { path: '^lib/store/dynamodb\\.ts$' },
    },
    {
      name: 'lib-stays-in-lib',
      comment:
        'lib/ is the domain: it never reaches for the handlers, the infrastructure, scripts, proofs, benchmarks, tests or the partner SDK.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(functions|infra|scripts|proof|bench|test|sdk)/' },
    },
    {
      name: 'sdk-stands-alone',
      comment:
        'The partner SDK (sdk/node) is packed on its own: it talks HTTP to the API and reads docs/openapi.json, never the code behind it.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(lib|functions|infra|scripts|proof|bench|test)/' },
    },
    {
      name: 'functions-use-lib-only',
      comment: 'A handler is a thin call of lib/ (docs/architecture.md).',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(infra|scripts|proof|bench|test)/' },
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
