#!/usr/bin/env bash
# `npm test`: every project's tests, through Nx (docs/development.md):
#   test  jest per server project (unit, integration against PostgreSQL, Redis, BullMQ and PGlite,
#         end to end against the compiled processes), vitest for the web app and its libraries;
#   e2e   Playwright: the site in Chromium against npm start's process, in both languages, with axe.
# Builds come first (from Nx's cache when nothing changed); every test then runs for real
# (--skip-nx-cache: npm test never replays a cached result), two tasks at a time, each
# depending only on the builds of what it starts.
# With arguments it runs jest alone, as before: `npm test -- apps/users` runs that folder.
# Either way it ends with one line over every runner: `tests: N passed, N failed, N skipped`.
set -uo pipefail
cd "$(dirname "$0")/.."

bash tools/services.sh || exit 1
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI="${CI:-true}"
nx=node_modules/.bin/nx

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
status=0

if [ $# -eq 0 ]; then
  "$nx" run-many -t build --output-style=static || exit 1
  MEPEDIA_TEST_RESULTS="$results" "$nx" run-many -t test e2e --skip-nx-cache \
    --exclude-task-dependencies --output-style=static || status=1
else
  node tools/build.mjs || exit 1
  # PGlite loads its WebAssembly with a dynamic import, which jest's VM needs this flag for.
  NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning" \
    node_modules/.bin/jest --ci --json --outputFile="$results/args.jest.json" "$@" || status=1
fi

# One plain closing line over every runner: "tests: N passed, N failed, N skipped".
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  let passed = 0, failed = 0, skipped = 0;
  for (const name of fs.readdirSync(dir).sort()) {
    let r;
    try { r = JSON.parse(fs.readFileSync(`${dir}/${name}`, "utf8")); } catch { failed += 1; continue; }
    if (name.endsWith(".jest.json") || name.endsWith(".vitest.json")) {
      passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
    } else if (name.endsWith(".playwright.json")) {
      passed += r.stats.expected + r.stats.flaky; failed += r.stats.unexpected; skipped += r.stats.skipped;
    }
  }
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$results"
exit "$status"
