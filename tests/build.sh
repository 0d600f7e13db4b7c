#!/usr/bin/env bash
# tests/build.sh -- the Makefile as a person uses it (issue 18, item 28),
# on a copy of the sources in a temporary directory (make check runs it):
#
#   - make prints one short line a file made ("  CC      rules/game.c"),
#     make V=1 the whole commands;
#   - "make && make install" compiles nothing twice, whatever CC or
#     CFLAGS the second make is given (sudo passes none on), and with
#     PREFIX the default or given;
#   - another PREFIX rebuilds the one file that names the directories.
#
#   bash tests/build.sh        (MAKE=gmake, JOBS=2 if need be)

set -u
# A make of its own: not the jobs, goals or variables of a make that runs
# this script (CC is passed on through the environment).
unset MAKEFLAGS MFLAGS MAKELEVEL V VARIANT PREFIX DESTDIR
MAKE=${MAKE:-make}
JOBS=${JOBS:-2}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
not_ok() {	# not_ok WHAT: a failed check, with the last make's output
	fail=$((fail + 1))
	echo "FAIL: $1"
	sed 's/^/  | /' "$tmp/out" | sed -n 1,15p
}
expect() {	# expect WHAT COMMAND...
	local what=$1
	shift
	if "$@"; then ok; else not_ok "$what"; fi
}
# mk ARGS...: make in the copy, its output (both streams) in $tmp/out.
mk() {
	"$MAKE" -C "$tmp/src" --no-print-directory "$@" >"$tmp/out" 2>&1
}
# compiled: how many compiler runs the last make printed, short or whole.
compiled() {
	grep -cE '^  (CC|CCLD) |(^| )-c -o ' "$tmp/out"
}

mkdir "$tmp/src"
(cd "$root" && cp -R Makefile cmd notation rules tools po man completions "$tmp/src/") || exit 1
rm -rf "$tmp/src/.build"
# -O0: the checks are on what make does, not on the code; quick to build.
opt=CFLAGS=-O0

mk -j"$JOBS" "$opt" all || { not_ok "make all failed"; echo "build: $pass passed, $fail failed"; exit 1; }
expect "make: a CC line a C file" test "$(grep -c '^  CC      [a-z]*/[a-z0-9_-]*\.c$' "$tmp/out")" = \
    "$(cd "$tmp/src" && ls rules/*.c notation/*.c cmd/*.c | wc -l)"
expect "make: the link said" grep -qxE '  LD      carcref' "$tmp/out"
expect "make: the catalogues said" grep -qxE '  MSGFMT  po/fr\.po' "$tmp/out"
expect "make: the libraries said" grep -qxE '  AR      \.build/normal/librules\.a' "$tmp/out"
expect "make: no line but the short ones" test "$(grep -cvE '^  [A-Z]+ +[^ ]+$' "$tmp/out")" = 0

mk "$opt" all
expect "make again: nothing to do, nothing printed" test "$(compiled)" = 0

touch "$tmp/src/notation/move.c"
mk "$opt" V=1 all
expect "make V=1: the whole compiler command" grep -qE -- '-c -o \.build/normal/notation/move\.o notation/move\.c$' "$tmp/out"
expect "make V=1: the whole link command" grep -qE -- '-o carcref .*-lreadline' "$tmp/out"
expect "make V=1: no short lines" test "$(grep -c '^  CC  ' "$tmp/out")" = 0

# make && sudo make install: the second make has no CFLAGS (sudo drops
# them), PREFIX the default or spelled out.
mk install DESTDIR="$tmp/stage"
expect "make install after make: nothing compiled" test "$(compiled)" = 0
expect "make install: the binary installed" test -x "$tmp/stage/usr/local/bin/carcref"
expect "make install: the tiles installed" test -f "$tmp/stage/usr/local/share/carcref/tiles/base.yaml"
expect "make install: the catalogue installed" \
    test -f "$tmp/stage/usr/local/share/locale/fr/LC_MESSAGES/carcref.mo"
mk install PREFIX=/usr/local DESTDIR="$tmp/stage"
expect "make install PREFIX=/usr/local (the default): nothing compiled" test "$(compiled)" = 0
mk -n install DESTDIR="$tmp/stage"
expect "make -n install: no compile line" test "$(compiled)" = 0
mk "$opt" all
expect "make after make install: nothing compiled" test "$(compiled)" = 0

# Another PREFIX: the one file that names the directories, and the link.
mk "$opt" install PREFIX=/opt/cr DESTDIR="$tmp/stage"
expect "make install PREFIX=/opt/cr: datadir.c alone compiled" \
    test "$(compiled)" = 1 -a "$(grep -c '^  CC      cmd/datadir\.c$' "$tmp/out")" = 1
expect "make install PREFIX=/opt/cr: the binary looks there" \
    grep -q /opt/cr/share/carcref/tiles "$tmp/stage/opt/cr/bin/carcref"
mk "$opt" install PREFIX=/opt/cr DESTDIR="$tmp/stage"
expect "make install PREFIX=/opt/cr again: nothing compiled" test "$(compiled)" = 0
mk "$opt" all
expect "make back to the default PREFIX: datadir.c alone compiled" test "$(compiled)" = 1

# A change of flags still rebuilds everything (make, not make install).
mk -j"$JOBS" CFLAGS="-O0 -DCARCREF_TEST_FLAGS" all
expect "make with other CFLAGS: everything compiled" test "$(compiled)" -gt 40

echo "build: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
