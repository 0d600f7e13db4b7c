#!/usr/bin/env bash
# tests/cli.sh -- drive the carcref binary and check what it does.
#
#   CARCREF=./carcref bash tests/cli.sh      (make check runs it for you)
#
# Each check runs the binary once, with ARGS after the `--`, standard input
# from /dev/null (or from the file in $STDIN: `STDIN=f expect_exit 0 -- play`)
# and a time limit:
#
#   expect_exit CODE -- ARGS...     the exit status is CODE
#   expect_out  TEXT -- ARGS...     standard output contains TEXT (fixed string)
#   expect_err  TEXT -- ARGS...     standard error contains TEXT (fixed string)
#   expect_match REGEX -- ARGS...   standard output matches REGEX (grep -E)
#
# Add cases at the end of this file, in a section per command.

set -u
CARCREF=${CARCREF:-./carcref}
TIMEOUT=${TIMEOUT:-20}
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# run ARGS...: run the binary, leaving $tmp/out, $tmp/err and $code.
run() {
	timeout "$TIMEOUT" "$CARCREF" "$@" <"${STDIN:-/dev/null}" \
	    >"$tmp/out" 2>"$tmp/err"
	code=$?
}

ok() { pass=$((pass + 1)); }
not_ok() {	# not_ok WHAT ARGS...: report a failed check with the output
	local what=$1; shift
	fail=$((fail + 1))
	echo "FAIL: carcref $*: $what (exit $code)"
	sed 's/^/  out| /' "$tmp/out" | head -20
	sed 's/^/  err| /' "$tmp/err" | head -20
}

# check KIND WANT -- ARGS...: the common part of the expect_* functions.
check() {
	local kind=$1 want=$2
	shift 2
	[ "${1-}" = -- ] && shift || { echo "cli.sh: $kind $want: missing --"; exit 2; }
	run "$@"
	case $kind in
	exit)	[ "$code" = "$want" ] ;;
	out)	grep -qF -- "$want" "$tmp/out" ;;
	err)	grep -qF -- "$want" "$tmp/err" ;;
	match)	grep -qE -- "$want" "$tmp/out" ;;
	esac && ok || not_ok "expected $kind '$want'" "$@"
}
expect_exit()  { check exit  "$@"; }
expect_out()   { check out   "$@"; }
expect_err()   { check err   "$@"; }
expect_match() { check match "$@"; }

if [ ! -x "$CARCREF" ]; then
	echo "cli.sh: $CARCREF: no such executable (build it, or set CARCREF)"
	echo "cli: 0 passed, 1 failed"
	exit 1
fi

# ---- help, version, dispatch ----------------------------------------------

expect_exit 0 -- help
expect_out 'help [COMMAND]' -- help
expect_out 'version' -- help
expect_exit 0 -- --help
expect_out 'usage: carcref version' -- help version
expect_exit 2 -- help nosuchcommand

expect_exit 0 -- version
expect_match '^carcref [0-9]' -- version
expect_match '^carcref [0-9]' -- --version
expect_exit 2 -- version extra

expect_exit 2 -- foo
expect_err 'carcref: unknown command "foo"' -- foo
expect_exit 2 -- hlep
expect_err 'carcref: unknown command "hlep" (did you mean "help"?)' -- hlep
expect_err '(did you mean "version"?)' -- verison
expect_err '(did you mean "version"?)' -- vers

# ---- more commands below ---------------------------------------------------

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
