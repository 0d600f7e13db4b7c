# tests/locale.sh -- sourced by the test scripts.
#
# The tests compare carcref's English messages, whatever the locale of the
# person or CI machine running them: messages are forced to English here
# (LC_CTYPE is kept).  The French tests build their own French locale with
# fr_locale, into the test's directory: no root, nothing installed.

unset LANGUAGE
if [ -n "${LC_ALL-}" ]; then
	export LC_CTYPE="$LC_ALL"
	unset LC_ALL
fi
export LC_MESSAGES=C

# fr_locale DIR: compile fr_FR.UTF-8 into DIR (localedef, from the
# `locales` package's sources) and write DIR/carcref, which runs $CARCREF
# in it; FR_CARCREF names that script.  False when it cannot be done.
# A check in French: CARCREF=$FR_CARCREF expect_out ... (or run ...).
fr_locale() {
	local bin

	mkdir -p "$1" || return 1
	[ -f "$1/fr_FR.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES" ] ||
		localedef -i fr_FR -f UTF-8 "$1/fr_FR.UTF-8" >/dev/null 2>&1
	[ -f "$1/fr_FR.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES" ] || return 1
	case $CARCREF in
	/*) bin=$CARCREF ;;
	*) bin=$PWD/$CARCREF ;;
	esac
	printf '#!/bin/sh\nLOCPATH=%s LC_ALL=fr_FR.UTF-8 exec "%s" "$@"\n' \
	    "$(cd "$1" && pwd)" "$bin" >"$1/carcref" && chmod +x "$1/carcref" || return 1
	FR_CARCREF=$1/carcref
}
