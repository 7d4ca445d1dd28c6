#!/usr/bin/env bash
# Renders the HTML report of `jaut cover` in a real browser: covers a few
# samples with --html, has headless Chromium take a screenshot of the page,
# and checks the PNG is there and not blank. Look at the PNG to judge it.
#
#   scripts/check-html-report.sh [OUT_DIR]    # default target/html-check
#
# Needs a debug build (scripts/setup.sh), Graphviz and the chromium Debian
# package (not installed by setup.sh: apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/html-check}"

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null; then browser="$b"; break; fi
done
if [ -z "$browser" ]; then
  echo "check-html-report: no chromium on PATH (Debian: apt-get install chromium)" >&2
  exit 2
fi
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
jaut="${CARGO_TARGET_DIR:-target}/debug/jaut"
[ -x "$jaut" ] || cargo build --quiet
bash samples/build.sh target/samples/classes >/dev/null
classes=target/samples/classes

rm -rf "$out" && mkdir -p "$out"
# Exit 1 (some target unknown) still writes the report.
# Verdicts of every kind: reached (Coord), proved unreachable
# (Targets.contradiction), unknown (Wide.wideLocals: floating point).
"$jaut" cover "$classes/coord/Coord.class" "$classes/core/Targets.class" \
  "$classes/cfgcases/Wide.class" -m moveY -m contradiction -m wideLocals \
  --no-times --out "$out/tests" --html "$out/jaut-cover.html" \
  > "$out/table.txt" || [ $? -eq 1 ]

page="$(cd "$out" && pwd)/jaut-cover.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size=1280,3600 --screenshot="$out/jaut-cover.png" "file://$page" \
  >/dev/null 2>"$out/browser.log" || { cat "$out/browser.log" >&2; exit 1; }

png="$out/jaut-cover.png"
[ -s "$png" ] || { echo "check-html-report: no screenshot" >&2; exit 1; }
head -c 8 "$png" | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" \
  || { echo "check-html-report: $png is not a PNG" >&2; exit 1; }
# A blank page compresses to almost nothing.
size=$(stat -c %s "$png")
if [ "$size" -lt 20000 ]; then
  echo "check-html-report: $png is $size bytes: a blank page?" >&2
  exit 1
fi
echo "check-html-report: $png ($size bytes) from $page"
