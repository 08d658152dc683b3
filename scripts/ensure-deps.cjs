#!/usr/bin/env node
// Runs before `npm start`, `npm test` and `npm run bench`: installs dependencies on a fresh clone, and
// again whenever package.json or package-lock.json changed since the last install (so a pulled change
// never runs on stale modules). Runs on whatever Node the machine has; the scripts it guards then run
// on node@24 from node_modules/.bin.
//
// `npm install` rather than `npm ci`: npm 11 on these machines writes lockfiles without the other
// platforms' optional packages (e.g. @swc/core-darwin-arm64), which `npm ci` then refuses as "out of
// sync". `npm install` installs the locked versions all the same.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { execSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'node_modules', '.installed-from');
const digest = createHash('sha256')
  .update(readFileSync(join(root, 'package.json')))
  .update(readFileSync(join(root, 'package-lock.json')))
  .digest('hex');

const current = existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(join(root, 'node_modules', '.bin', 'node'));
if (!current) {
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  const after = createHash('sha256')
    .update(readFileSync(join(root, 'package.json')))
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
  writeFileSync(stamp, after);
}
