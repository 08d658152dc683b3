#!/bin/sh
# Synthesizes the app twice into two folders and compares every template and asset manifest: the same
# commit must give the same CloudFormation (and the same bundle hashes). Prints each run's time.
# Usage: sh scripts/check-synth-deterministic.sh [-c stage=prod]
set -e
cd "$(dirname "$0")/.."
a=$(mktemp -d) b=$(mktemp -d)
for out in "$a" "$b"; do
  start=$(date +%s.%N)
  CDK_DISABLE_VERSION_CHECK=1 npx cdk synth --quiet --no-notices --no-version-reporting -o "$out" "$@" >/dev/null
  echo "synth: $(echo "$(date +%s.%N) - $start" | bc) s"
done
status=0
for f in "$a"/*.template.json "$a"/*.assets.json "$a"/manifest.json; do
  if cmp -s "$f" "$b/$(basename "$f")"; then echo "same      $(basename "$f")"; else echo "DIFFERENT $(basename "$f")"; status=1; fi
done
rm -rf "$a" "$b"
exit $status
