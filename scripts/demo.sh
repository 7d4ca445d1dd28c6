#!/usr/bin/env bash
# Installs what is missing, builds jaut, and runs its main job on the JAUT
# paper's example: Coord.moveY, target pc 51 (the areturn after new Coord).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --release
export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64
# --force: a rerun replaces the JUnit test it wrote to jaut-tests/ (git-ignored).
exec ./target/release/jaut target/samples/classes/coord/Coord.class --method moveY --pc 51 --force "$@"
