#!/usr/bin/env bash
# tests/memcheck.sh -- carcref and the cmocka programs under valgrind: every
# run must end with no memory error and no leak (definite, indirect or
# possible).  `make memcheck` builds what it needs and runs this.
#
#   CARCREF=./carcref CARCREF_DATA=rules/tiles bash tests/memcheck.sh
#
# It replays samples/*.yaml and tests/scenarios/*.yaml one file a run
# (plain, then all at once with --json, and through `carcref fmt --stdout`),
# writes 200 self-play games and replays them as one batch, drives the
# table REPL from a script, and runs each .build/normal/tests/test_*.
#
# valgrind exits 99 on an error or a leak.  Any other status is the
# program's own: `carcref replay` exits 1 at an illegal move, which the
# scenarios that expect a refusal contain, so each run says which
# statuses it may end with.  Logs are kept in .build/memcheck/.  The last
# line is "memcheck: N runs, E errors" and the exit status is 0 only if
# E is 0.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/locale.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

CARCREF=${CARCREF:-./carcref}
TESTS=${TESTS:-.build/normal/tests}
GAMES=${GAMES:-200}
SEED=${SEED:-20240501}
export CARCREF_DATA=${CARCREF_DATA:-rules/tiles}
out=.build/memcheck

if ! command -v valgrind >/dev/null; then
	echo "memcheck: valgrind is not installed (bash .ci/deps valgrind)"
	echo "memcheck: 0 runs, 1 errors"
	exit 1
fi
if [ ! -x "$CARCREF" ]; then
	echo "memcheck: $CARCREF: no such executable (make, or set CARCREF)"
	echo "memcheck: 0 runs, 1 errors"
	exit 1
fi
rm -rf "$out"
mkdir -p "$out/selfplay" "$out/state"
# The REPL's journal and history go here, not to the user's.
export CARCREF_STATE=$PWD/$out/state
unset NO_COLOR

VG=(valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect,possible
    --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99
    --track-origins=yes --num-callers=30)

runs=0 errors=0 failed=()

# vg NAME OK-STATUSES [<INPUT] -- COMMAND...: one run under valgrind.
# NAME names the log; OK-STATUSES is a list like "0" or "0,1".
vg() {
	local name=$1 ok=$2 input=/dev/null log status
	shift 2
	if [ "$1" != "--" ]; then input=$1; shift; fi
	shift
	log=$out/$(printf '%03d' "$runs")-$name.log
	runs=$((runs + 1))
	"${VG[@]}" --log-file="$log.vg" "$@" <"$input" >"$log" 2>&1
	status=$?
	if [ "$status" -eq 99 ]; then
		errors=$((errors + 1))
		failed+=("$name")
		echo "MEMCHECK: $name: valgrind reports errors or leaks: $*"
		sed 's/^/  | /' "$log.vg" | sed -n 1,80p
	elif [[ ",$ok," != *",$status,"* ]]; then
		errors=$((errors + 1))
		failed+=("$name")
		echo "MEMCHECK: $name: exit status $status, expected $ok: $*"
		tail -20 "$log" | sed 's/^/  | /'
	elif [ -s "$log.vg" ]; then
		echo "memcheck: $name: valgrind says (not an error):"
		sed 's/^/  | /' "$log.vg" | sed -n 1,10p
	fi
}

# -- records: each alone, then all at once --------------------------------
# A scenario whose record itself is refused ("refuse 0": its data or its
# spring) may exit 2 (a data file it names is unreadable); fmt has no
# world to put its moves on and refuses it, checked on its own.
records=(samples/*.yaml tests/scenarios/*.yaml)
canon=() refused=()
for f in "${records[@]}"; do
	if grep -q '^refuse 0' "${f%.yaml}.expect" 2>/dev/null; then
		refused+=("$f")
	else
		canon+=("$f")
	fi
done
for f in "${records[@]}"; do
	b=$(basename "$f" .yaml)
	vg "replay-$b" 0,1,2 -- "$CARCREF" replay "$f"
done
vg replay-json-all 0,1,2 -- "$CARCREF" replay --json "${records[@]}"
vg fmt-all 0 -- "$CARCREF" fmt --stdout "${canon[@]}"
[ "${#refused[@]}" -eq 0 ] || vg fmt-refused 1 -- "$CARCREF" fmt --stdout "${refused[0]}"
vg tiles 0 -- "$CARCREF" tiles
vg board-ascii 0 -- "$CARCREF" board samples/two-players-ed3.yaml --feature 0,0:E
vg board-svg 0 -- "$CARCREF" board tests/corpus/mixed-020.yaml --move 60 --feature 0,1:S \
    -o "$out/board.svg"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - W 1,0 0\n  - V 0,1 0\n' >"$out/bad.yaml"
vg board-illegal 1 -- "$CARCREF" board --svg "$out/bad.yaml"

# -- self-play: write a batch, replay it ------------------------------------
vg selfplay 0 -- "$CARCREF" selfplay --seed "$SEED" --games "$GAMES" --out "$out/selfplay"
n=$(find "$out/selfplay" -name '*.yaml' | wc -l)
if [ "$n" -lt "$GAMES" ]; then
	errors=$((errors + 1))
	failed+=(selfplay-count)
	echo "MEMCHECK: selfplay wrote $n games, not $GAMES"
fi
vg replay-selfplay 0 -- "$CARCREF" replay --quiet "$out"/selfplay/*.yaml
vg replay-selfplay-json 0 -- "$CARCREF" replay --json "$out"/selfplay/*.yaml

# -- the table REPL, scripted (no terminal: commands from standard input) ---
cat >"$out/repl.in" <<EOF
help
draw E
place 0,1 180
meeple knight@S
legal M
M 0,-1 180 knight@S
board
board --svg $PWD/$out/repl-board.svg
score
supply
explain Anna
undo 1
redo
undo 1
M 0,-1 180 knight@S
U -1,1 270 thief@S
X 9,9 0
save $PWD/$out/repl-saved.yaml
end
quit
EOF
vg repl 0,1 "$out/repl.in" -- "$CARCREF" play --players Anna,Ben
[ -f "$out/repl-saved.yaml" ] && vg replay-repl-saved 0,1 -- "$CARCREF" replay "$out/repl-saved.yaml"
printf 'E 0,1 180 knight@S\n' >"$out/repl2.in"
vg repl-open 0 "$out/repl2.in" -- "$CARCREF" play
printf 'moves\nundo\n' >"$out/resume.in"
vg resume 0 "$out/resume.in" -- "$CARCREF" resume
printf '\x8f\x01garbage\n' >"$out/state/games/junk.yaml"
vg games 0 -- "$CARCREF" games
vg resume-junk 1 -- "$CARCREF" resume junk

# -- the cmocka programs ----------------------------------------------------
tests=("$TESTS"/test_*)
if [ ! -x "${tests[0]}" ]; then
	errors=$((errors + 1))
	failed+=(no-tests)
	echo "MEMCHECK: no test programs in $TESTS (make VARIANT=normal, or set TESTS)"
else
	for t in "${tests[@]}"; do
		case $t in *.d|*.o) continue ;; esac
		vg "$(basename "$t")" 0 -- "$t"
	done
fi

echo "memcheck: $runs runs, $errors errors${failed:+ (${failed[*]})}"
[ "$errors" -eq 0 ]
