#!/usr/bin/env node
// Runs before `npm start`, `npm test` and `npm run bench`: installs dependencies on a fresh clone, and
// again whenever package.json or package-lock.json changed since the last install (so a pulled change
// never runs on stale modules). Runs on whatever Node the machine has; the scripts it guards then run
// on node@24 from node_modules/.bin.
//
// `npm install` rather than `npm ci`: npm 11 on these machines writes lockfiles without the other
// platforms' optional packages (e.g. @swc/core-darwin-arm64), which `npm ci` then refuses as "out of
// sync". `npm install` installs the locked versions all the same.
//
// npm's own output goes to node_modules/.install.log, not the terminal: installing under an older Node
// makes npm print an EBADENGINE warning for every package that (like this project) asks for Node 24,
// about twenty lines of warnings about something that is expected and harmless, because nothing runs
// on that Node afterwards. One line says what is happening; a failed install prints npm's whole
// output and exits with npm's status, so a real error is never hidden.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'node_modules', '.installed-from');
const log = join(root, 'node_modules', '.install.log');
const digestOfManifests = () =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package.json')))
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');

const current =
  existsSync(stamp) && readFileSync(stamp, 'utf8') === digestOfManifests() && existsSync(join(root, 'node_modules', '.bin', 'node'));
if (!current) {
  const why = existsSync(join(root, 'node_modules')) ? 'package.json or package-lock.json changed since the last install' : 'first run';
  console.log(
    `Installing dependencies with npm install (${why}; a minute or two). The scripts then run on Node 24 from node_modules, whatever Node this machine has.`,
  );
  const started = Date.now();
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
  });
  const output = `${npm.stdout ?? ''}${npm.stderr ?? ''}${npm.error ? `${npm.error.message}\n` : ''}`;
  if (npm.status !== 0) {
    process.stderr.write(output);
    console.error(`npm install failed (exit ${npm.status ?? npm.signal ?? 'unknown'}): its whole output is above.`);
    process.exit(npm.status || 1);
  }
  writeFileSync(log, output);
  const summary = output.split('\n').find((l) => /^(added|removed|changed|up to date)/.test(l));
  console.log(
    `Dependencies installed in ${Math.round((Date.now() - started) / 1000)} s${summary ? ` (npm: ${summary})` : ''}; npm's full output, warnings included: ${relative(process.cwd(), log)}.`,
  );
  writeFileSync(stamp, digestOfManifests());
}
