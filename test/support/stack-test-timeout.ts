/**
 * The tiers on the test stack wait on its pipeline, which every file of the tier shares
 * (test/support/webhooks.ts, WAIT_MS): their bound is above twice that wait, so a test's own bounded
 * waits fail first, naming what never came, and a test on a loaded machine waits for its events rather
 * than failing on the clock. Set here because jest reads `testTimeout` from the root config only: a
 * project's own `testTimeout` is ignored, and these tiers ran on the 30 s bound meant for unit tests.
 */
jest.setTimeout(180_000);
