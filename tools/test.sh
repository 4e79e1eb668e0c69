#!/usr/bin/env bash
# `npm test`: every tier (unit, integration on real PostgreSQL/Redis/PGlite,
# end-to-end with separate processes). Starts the local services first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/services.sh
# PGlite loads its WebAssembly with a dynamic import, which jest's VM needs this flag for.
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"
export NX_DAEMON=false NX_NO_CLOUD=true
exec node_modules/.bin/jest --ci "$@"
