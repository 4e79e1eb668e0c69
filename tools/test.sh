#!/usr/bin/env bash
# `npm test`: every tier, in order:
#   jest       unit, integration (PostgreSQL, Redis, BullMQ, PGlite) and end to end (processes);
#   vitest     the web app's unit and component tests;
#   playwright the site in Chromium against npm start's process, in both languages, with axe.
# Starts (or installs) PostgreSQL, Redis and Chromium first. Arguments go to jest alone
# (`npm test -- apps/users` runs only jest, on that folder).
set -uo pipefail
cd "$(dirname "$0")/.."

bash tools/services.sh || exit 1
node tools/build.mjs || exit 1
export NX_DAEMON=false NX_NO_CLOUD=true CI="${CI:-true}"

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
status=0

# PGlite loads its WebAssembly with a dynamic import, which jest's VM needs this flag for.
NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning" \
  node_modules/.bin/jest --ci --json --outputFile="$results/jest.json" "$@" || status=1

if [ $# -eq 0 ]; then
  node_modules/.bin/vitest run --config apps/web/vitest.config.ts --reporter=default --reporter=json \
    --outputFile.json="$results/vitest.json" || status=1
  if bash tools/browsers.sh; then
    (cd apps/web && PLAYWRIGHT_JSON="$results/playwright.json" ../../node_modules/.bin/playwright test) || status=1
  else
    status=1
  fi
fi

# One plain closing line over every runner: "tests: N passed, N failed, N skipped".
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  const read = (name) => { try { return JSON.parse(fs.readFileSync(`${dir}/${name}`, "utf8")); } catch { return undefined; } };
  let passed = 0, failed = 0, skipped = 0;
  const jest = read("jest.json");
  if (jest) { passed += jest.numPassedTests; failed += jest.numFailedTests; skipped += jest.numPendingTests + jest.numTodoTests; }
  const vitest = read("vitest.json");
  if (vitest) { passed += vitest.numPassedTests; failed += vitest.numFailedTests; skipped += vitest.numPendingTests + vitest.numTodoTests; }
  const pw = read("playwright.json");
  if (pw) { passed += pw.stats.expected + pw.stats.flaky; failed += pw.stats.unexpected; skipped += pw.stats.skipped; }
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$results"
exit "$status"
