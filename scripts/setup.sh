#!/usr/bin/env bash
# Installs what jaut needs on a Debian machine (only what is missing, so a
# second run does nothing), compiles the samples and builds jaut.
#
#   scripts/setup.sh            # debug build (what the tests use)
#   scripts/setup.sh --release  # release build (what the demo and benchmarks use)
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: the JDK (javac, jmods), Z3 for the solver (the library, and
# the program that decides floating-point checks in a process of their own), JUnit 4/5, ASM
# and JaCoCo for the harness and coverage, Graphviz to render `jaut cfg
# --format dot`, and the libraries whose jars serve as a test corpus and as
# the real code of `jaut-bench real` and `jaut-bench budget`.
packages=(
  openjdk-17-jdk-headless libz3-dev z3 pkg-config
  junit5 junit4 libhamcrest-java libasm-java libjacoco-java
  graphviz
  libcommons-lang3-java libcommons-collections4-java libguava-java libcommons-io-java
  libcommons-codec-java libcommons-text-java
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Pin the JDK: another one (e.g. a newer Temurin) may be installed too.
export JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64

if ! command -v cargo >/dev/null; then
  echo "setup: cargo not found; install Rust (https://rustup.rs) first" >&2
  exit 1
fi

bash samples/build.sh >/dev/null
cargo build --quiet "$@"
