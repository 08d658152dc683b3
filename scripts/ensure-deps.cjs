#!/usr/bin/env node
// Runs before `npm start`, `npm test` and `npm run bench`: installs dependencies on a fresh clone, and
// again whenever package-lock.json changed after the last install (so a pulled change never runs on
// stale modules). Runs on whatever Node the machine has; the scripts it guards then run on node@24.
const { existsSync, statSync } = require('node:fs');
const { execSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const lock = join(root, 'package-lock.json');
const marker = join(root, 'node_modules', '.package-lock.json');
const nodeBin = join(root, 'node_modules', '.bin', 'node');

const stale = !existsSync(marker) || !existsSync(nodeBin) || statSync(lock).mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
