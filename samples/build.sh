#!/usr/bin/env bash
# Compiles the Java sample programs under samples/src into class files.
#
#   bash samples/build.sh [OUT]
#
# OUT defaults to <repo>/target/samples/classes. JAVA_HOME is used when it
# holds bin/javac; otherwise /usr/lib/jvm/java-17-openjdk-amd64 is used.
# Extra javac options may be given in JAVAC_FLAGS (e.g. JAVAC_FLAGS=-Werror).
#
# The build is skipped when OUT is up to date: a stamp file records the time
# of the last successful build, the javac used and the list of sources; any
# source (or this script) newer than the stamp, or a change in that list,
# triggers a full recompilation. Class files left over from sources that no
# longer exist are removed (only those this script itself produced).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$script_dir/.." && pwd)
src="$script_dir/src"
out=${1:-"$repo/target/samples/classes"}

default_java_home=/usr/lib/jvm/java-17-openjdk-amd64
if [[ -z "${JAVA_HOME:-}" || ! -x "$JAVA_HOME/bin/javac" ]]; then
    JAVA_HOME=$default_java_home
fi
javac="$JAVA_HOME/bin/javac"
if [[ ! -x "$javac" ]]; then
    echo "samples/build.sh: no javac at $javac (set JAVA_HOME to a JDK >= 11)" >&2
    exit 1
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)
stamp="$out/.samples-build-stamp"   # header lines, then the sources
manifest="$out/.samples-classes"    # class files produced by the last build

# Sorted list of sources, relative to $src.
sources=$(cd "$src" && find . -name '*.java' -type f | sed 's|^\./||' | LC_ALL=C sort)
if [[ -z "$sources" ]]; then
    echo "samples/build.sh: no Java sources under $src" >&2
    exit 1
fi
flags="--release 11 -g -encoding UTF-8 -Xlint:all ${JAVAC_FLAGS:-}"
expected_stamp=$(printf 'javac %s\nflags %s\n%s\n' "$javac" "$flags" "$sources")

up_to_date() {
    [[ -f "$stamp" && -f "$manifest" ]] || return 1
    [[ "$(cat "$stamp")" == "$expected_stamp" ]] || return 1
    [[ -z "$(find "$src" "$script_dir/build.sh" "$script_dir/relocate" -newer "$stamp" -print -quit)" ]] || return 1
    [[ -f "$(dirname "$out")/relocated/relocated/TreeMap.class" ]] || return 1
    [[ -f "$(dirname "$out")/relocated/relocated/ArrayDeque.class" ]] || return 1
    # every class file of the last build must still be there
    while IFS= read -r f; do
        [[ -f "$out/$f" ]] || return 1
    done < "$manifest"
    return 0
}

if up_to_date; then
    exit 0
fi

# Serialize concurrent builds into the same OUT (e.g. parallel tests).
if command -v flock > /dev/null 2>&1; then
    exec 9> "$out/.samples-build-lock"
    flock 9
    if up_to_date; then
        exit 0
    fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jaut-samples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The stamp takes the time at which compilation starts: a source edited
# during the build will be seen as newer next time.
printf '%s\n' "$expected_stamp" > "$tmp/stamp"

# javac argument file: one quoted path per line (paths may contain spaces)
while IFS= read -r f; do
    printf '"%s"\n' "$src/$f"
done <<< "$sources" > "$tmp/sources.txt"
# shellcheck disable=SC2086 # $flags is a list of options
"$javac" $flags -d "$tmp/classes" @"$tmp/sources.txt"

# The JDK's TreeMap and PriorityQueue relocated into the package
# `relocated` (samples/relocate/Relocate.java, with Debian's ASM jars): the
# JDK's own bytecode run as a program's, for the mock samples. They go to a
# class-path root of their own, OUT's sibling `relocated`, so that the
# samples' interfaces (Iterator, Comparator) keep no implementation.
asm_cp=/usr/share/java/asm.jar:/usr/share/java/asm-commons.jar
if [[ ! -f /usr/share/java/asm-commons.jar ]]; then
    echo "samples/build.sh: /usr/share/java/asm-commons.jar is missing: install libasm-java (bash scripts/setup.sh)" >&2
    exit 1
fi
relocated="$(dirname "$out")/relocated"
"$javac" --release 11 -encoding UTF-8 -nowarn -cp "$asm_cp" -d "$tmp/relocate" "$script_dir/relocate/Relocate.java"
rm -rf "$relocated"
"$JAVA_HOME/bin/java" -cp "$asm_cp:$tmp/relocate" Relocate "$relocated" java/util/TreeMap java/util/PriorityQueue java/util/ArrayDeque

# Replace the class files of the previous build by the new ones.
if [[ -f "$manifest" ]]; then
    while IFS= read -r f; do
        rm -f "$out/$f"
    done < "$manifest"
fi
(cd "$tmp/classes" && find . -name '*.class' -type f | sed 's|^\./||' | LC_ALL=C sort) > "$tmp/manifest"
cp -R "$tmp/classes/." "$out/"
mv "$tmp/manifest" "$manifest"
mv "$tmp/stamp" "$stamp"

echo "samples: compiled $(wc -l < "$tmp/sources.txt") sources into $out" >&2
