// Runs one request through each of the given production bundles (test/e2e/bundles-smoke.test.ts): a
// plain Node process, as Lambda runs them, importing each bundle's `handler` and calling it with its
// proxy event. Prints one JSON line per case: its name and status, or the error it threw.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const c of cases) {
  const started = Date.now();
  const context = {
    functionName: c.name,
    awsRequestId: `smoke-${c.name}`,
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, started + 29_000 - Date.now()),
  };
  try {
    const { handler } = await import(pathToFileURL(c.file).href);
    const result = await handler(c.event, context);
    process.stdout.write(
      `${JSON.stringify({ name: c.name, status: result?.statusCode, body: String(result?.body ?? '').slice(0, 300) })}\n`,
    );
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ name: c.name, error: String(error?.stack ?? error).slice(0, 600) })}\n`);
  }
}
process.exit(0);
