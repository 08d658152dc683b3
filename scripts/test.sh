#!/usr/bin/env bash
# `npm test`; its arguments go to jest (`npm test -- --bail`, `npm test -- test/unit/cursor.test.ts`).
# The type check runs beside the other checks and jest instead of before them: tsc is ~20 s of one
# core's work, and waiting for it left the other core of a 2-core machine idle (bench/report.md, "The
# test suite's time"). A type error still fails the run: tsc prints it as soon as it finds it, and the
# exit status is tsc's when jest passed.
set -u
tsc --noEmit -p . &
typecheck=$!
npm run --silent deps && npm run --silent lint && jest "$@"
status=$?
wait "$typecheck"
typed=$?
if [ "$typed" -ne 0 ]; then echo "npm test: tsc --noEmit found type errors (printed above)" >&2; fi
if [ "$status" -ne 0 ]; then exit "$status"; fi
exit "$typed"
