#!/usr/bin/env bash
# `npm test`: every tier (unit, integration on real PostgreSQL/Redis/PGlite,
# end-to-end with separate processes). Starts the local services first.
# Extra arguments go to jest (e.g. `npm test -- apps/users`).
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/services.sh
# PGlite loads its WebAssembly with a dynamic import, which jest's VM needs this flag for.
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
export NX_DAEMON=false NX_NO_CLOUD=true

results=$(mktemp)
trap 'rm -f "$results"' EXIT
status=0
node_modules/.bin/jest --ci --json --outputFile="$results" "$@" || status=$?
# One plain closing line, whatever reads the log: "tests: N passed, N failed, N skipped".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
' "$results" 2>/dev/null || echo "tests: jest produced no results"
exit "$status"
