// Longest first, so that no worker is left alone with a long file at the end of a run. Jest orders by
// the durations of the last run it remembers; a fresh clone has none, and jest then orders by file
// size, which put the delivery faults' proof (50 lines, the longest file to run) last. The files
// below are the slow ones, with what they took (seconds) in a full `npm test` on the shared 2-core
// machine; a file jest has timed since is ordered by its own time.
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');
const { statSync } = require('node:fs');

const SLOW_SECONDS = {
  'test/e2e/faults-delivery.test.ts': 135,
  'test/e2e/readme.test.ts': 135,
  'test/e2e/local-runtime.test.ts': 80,
  'test/e2e/bundles-smoke.test.ts': 75,
  'test/infra/cfn-lint.test.ts': 60,
  'test/infra/synth.test.ts': 55,
  'test/infra/webhooks-and-jobs.test.ts': 50,
  'test/infra/room.test.ts': 50,
  'test/e2e/fuzz.test.ts': 45,
  'test/e2e/faults-dynamodb.test.ts': 40,
  'test/e2e/faults.test.ts': 30,
  'test/infra/bundling.test.ts': 30,
  'test/infra/least-privilege.test.ts': 25,
  'test/integration/webhook-lane-shards.test.ts': 25,
  'test/browser/api-reference.test.ts': 25,
  'test/browser/dashboard.test.ts': 25,
};

class LongestFirst extends Sequencer {
  time(test) {
    const remembered = super.time(test);
    if (remembered != null) return remembered;
    const known = SLOW_SECONDS[relative(test.context.config.rootDir, test.path)];
    // Not known to be slow: a few milliseconds per kilobyte, so larger files still go first.
    return known != null ? known * 1000 : statSync(test.path).size / 100;
  }
}

module.exports = LongestFirst;
