#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: unit tests, the
# integration tests (samples, CLI, JDK corpus, snapshots) and the checks on
# formatting and lints.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64

cargo fmt --all -- --check
cargo clippy --all-targets --quiet -- -D warnings
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --no-fail-fast --failure-output final
else
  cargo test --no-fail-fast
fi
