# tests/lib.sh -- sourced by tests/cli.sh and tests/fr-notation.sh: a
# temporary directory, the binary run once per check, and the tally.
# Messages are English whatever the locale (tests/locale.sh).

set -u
. "$(dirname "${BASH_SOURCE[0]}")/locale.sh"
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
	sed 's/^/  out| /' "$tmp/out" | sed -n 1,20p
	sed 's/^/  err| /' "$tmp/err" | sed -n 1,20p
}
