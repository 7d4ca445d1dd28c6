#!/usr/bin/env bash
# The fast test tier, for the inner loop: the unit tests, the snapshot
# tests, a sample of the soundness suite and one or two end-to-end tests
# per stage (the `fast` profile of .config/nextest.toml), under 3 minutes
# on a 2-core machine once built. The full tier, which CI runs, is
# scripts/test.sh. Extra arguments go to nextest (e.g. `--no-capture`).
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
exec cargo nextest run --profile fast --no-fail-fast "$@"
