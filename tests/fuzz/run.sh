#!/usr/bin/env bash
# tests/fuzz/run.sh MODE SECONDS NAME... -- run the libFuzzer harnesses
# .build/fuzz/fuzz_NAME (make fuzz and make fuzz-smoke call it; see
# tests/fuzz/README.md).
#
#   MODE smoke   replay tests/fuzz/regress/NAME/* once each, then fuzz for
#                SECONDS from the seeds in a scratch corpus (thrown away)
#   MODE fuzz    the same, keeping what is found in .build/fuzz/corpus/NAME/
#
# Harnesses run FUZZ_JOBS at a time (default: the number of CPUs).  Each
# writes its log to .build/fuzz/logs/NAME.log and a crashing input to
# .build/fuzz/crashes/NAME/.  One line per harness: executions, coverage,
# corpus size; then "fuzz: N passed, M failed".  Exits 1 if any crashed,
# leaked, timed out or broke an invariant.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2

mode=${1:?usage: run.sh smoke|fuzz SECONDS NAME...}
secs=${2:?usage: run.sh smoke|fuzz SECONDS NAME...}
shift 2
FZ=.build/fuzz
jobs=${FUZZ_JOBS:-}
[ -n "$jobs" ] || jobs=$(nproc 2>/dev/null || echo 2)
export CARCREF_DATA=${CARCREF_DATA:-rules/tiles}
# Stop at the first problem, report leaks, keep the stack traces readable.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# Per harness: the longest input worth trying.
max_len() {
	case $1 in
	move)		echo 256 ;;
	replay)		echo 2048 ;;
	*)		echo 16384 ;;
	esac
}

# run_one NAME: the whole run of one harness; its status is the verdict.
run_one() {
	local name=$1 bin=$FZ/fuzz_$1 log=$FZ/logs/$1.log seeds=tests/fuzz/corpus/$1
	local regress=tests/fuzz/regress/$1 work dict=() rc
	local crashes=$FZ/crashes/$1

	mkdir -p "$crashes" "$FZ/logs"
	: >"$log"
	if [ ! -x "$bin" ]; then
		echo "$name: $bin not built" >>"$log"
		return 1
	fi
	# Regressions first: every input that once broke something.
	if [ -d "$regress" ] && [ -n "$(ls -A "$regress" 2>/dev/null)" ]; then
		echo "== regressions: $regress" >>"$log"
		"$bin" -runs=1 "$regress"/* >>"$log" 2>&1 || return 1
	fi
	if [ "$mode" = fuzz ]; then
		work=$FZ/corpus/$name
		mkdir -p "$work"
	else
		work=$(mktemp -d "$FZ/smoke-$name.XXXXXX") || return 1
	fi
	[ -f "tests/fuzz/$name.dict" ] && dict=(-dict="tests/fuzz/$name.dict")
	echo "== fuzzing $secs s" >>"$log"
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -max_len="$(max_len "$name")" -print_final_stats=1 \
	    -artifact_prefix="$crashes/" "${dict[@]}" \
	    "$work" "$seeds" >>"$log" 2>&1
	rc=$?
	[ "$mode" = fuzz ] || rm -rf "$work"
	return $rc
}

# A summary line from a log: executions, coverage, corpus.
summary() {
	local log=$FZ/logs/$1.log runs cov corp
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	corp=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1)
	echo "${runs:-?} executions, ${cov:-cov: ?}, ${corp:-corp: ?}"
}

pids=() names=() pass=0 fail=0 failed=
finish() {	# wait for the oldest job
	local pid=${pids[0]} name=${names[0]}
	pids=("${pids[@]:1}") names=("${names[@]:1}")
	if wait "$pid"; then
		pass=$((pass + 1))
		echo "$mode $name: ok, $(summary "$name")"
	else
		fail=$((fail + 1)) failed="$failed $name"
		echo "$mode $name: FAILED, $(summary "$name"); log $FZ/logs/$name.log:"
		grep -v '^#[0-9]' "$FZ/logs/$name.log" | tail -60 | sed 's/^/  | /'
		ls "$FZ/crashes/$name"/* 2>/dev/null | sed 's/^/  input: /'
	fi
}
for name in "$@"; do
	[ ${#pids[@]} -ge "$jobs" ] && finish
	run_one "$name" &
	pids+=($!) names+=("$name")
done
while [ ${#pids[@]} -gt 0 ]; do
	finish
done
echo "fuzz: $pass passed, $fail failed"
[ $fail -eq 0 ] || { echo "$mode: FAILED:$failed"; exit 1; }
