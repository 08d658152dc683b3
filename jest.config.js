// Test tiers as jest projects; pick one with `npx jest --selectProjects unit`.
// middy 7 is ESM-only: swc transforms it (and our TypeScript) to CommonJS for jest, so
// `@middy` is the one package taken out of transformIgnorePatterns.
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2023' }, module: { type: 'commonjs' } }] };
const transformIgnorePatterns = ['node_modules/(?!(@middy)/)'];
// jest resolves with the `require` condition, which middy's exports map does not offer: point it at the file.
const moduleNameMapper = { '^@middy/([a-z-]+)$': '<rootDir>/node_modules/@middy/$1/index.js' };
// The test stack's webhook pipeline: a short hold, schedule and timeout so delivery e2e tests run in
// seconds (production defaults: lib/webhooks/delivery/delivery-settings.ts; multi-day schedules are
// tested with an injected clock instead).
process.env.WEBHOOK_HOLD_MS ??= '100';
process.env.WEBHOOK_RETRY_DELAYS ??= '0.2,0.3,0.4,0.5,0.5,0.5,0.5,0.5,0.5';
process.env.WEBHOOK_TIMEOUT_MS ??= '1500';
// The test stack runs as the embedded default does, and says so: an unset STAGE means no stage at all
// (lib/config/variables.ts), never local.
process.env.STAGE ??= 'local';
// The event log's partner and type streams written over 4 index shards (production: 8, docs/capacity.md;
// npm start: 1), so every test of listing, counting, lanes and recover reads a sharded log.
process.env.EVENT_INDEX_SHARDS ??= '4';
const common = {
  transform,
  transformIgnorePatterns,
  moduleNameMapper,
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/support/quiet-logs.ts'],
};

export default {
  maxWorkers: 2,
  // How long a worker may take to exit once the run is over before jest kills it and prints "a worker
  // process has failed to exit gracefully" (jest's default: 500 ms). Nothing is left open by then (a
  // probe of every async resource found only the worker's own stdio and IPC pipes, and its event loop
  // empty 3 to 10 ms after it was told to end), but a worker's resident memory reaches 1 to 2 GB, and a
  // Node process with a 1.3 GB heap took 0.4 s to be gone at load 10, one with 2.7 GB 8 s
  // (bench/report.md, "The test suite's time"). A worker that really hangs is still killed, and the
  // message still printed, this much later.
  workerGracefulExitTimeout: 10_000,
  // Longest first, also on a fresh clone that has no timings of its own yet.
  testSequencer: '<rootDir>/test/support/test-sequencer.cjs',
  // A unit test that takes this long hangs. The tiers on the test stack have a longer bound, set in
  // test/support/stack-test-timeout.ts: jest takes `testTimeout` from this root only, never a project.
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/close-clients.ts', '<rootDir>/test/support/stack-test-timeout.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/close-clients.ts', '<rootDir>/test/support/stack-test-timeout.ts'],
    },
    {
      ...common,
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      // One synthesis per stage and options for the whole tier (test/infra/support/synth.ts).
      globalSetup: '<rootDir>/test/infra/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/infra/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/close-clients.ts', '<rootDir>/test/support/stack-test-timeout.ts'],
    },
  ],
};
