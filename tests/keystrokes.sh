#!/bin/sh
#
# keystrokes.sh -- what a player types at carcref play, before and after
# issue 14 (find a tile by its edges, the rotation left out of a whole turn),
# counted on recorded games and checked against the real REPL.
#
# usage: CARCREF_BEFORE=OLD/carcref [CARCREF=./carcref] \
#            tests/keystrokes.sh [-v] [GAME.yaml...]
#
# CARCREF_BEFORE is the baseline binary (b17962b), CARCREF the one measured
# (default: carcref at the top of this tree); the games default to
# samples/*.yaml.  A baseline, and the games of the closing note of issue 14:
#     git worktree add /tmp/ks-before b17962b && make -C /tmp/ks-before
#     CARCREF_BEFORE=/tmp/ks-before/carcref tests/keystrokes.sh \
#         samples/*.yaml tests/corpus/ic-030.yaml tests/corpus/mixed-020.yaml
# -v shows every move and each keystroke sequence typed.
#
# How: each game is played through carcref play in a pseudo-terminal, once
# with each binary, readline live (a fresh CARCREF_STATE; an INPUTRC that
# lists completions without asking or paging).  A move is the record's line
# without its "PLAYER:" prefix, as the record writes it (no French or short
# forms: they were there before).  What is counted, per move:
#
#  1. The line, code known: its characters and Enter.  After, the line
#     without its rotation when the REPL takes it (typed, accepted, undone).
#     With Tab: the fewest keystrokes that put the line there, letters and
#     Tabs (a player who knows where Tab helps: a lower bound), given the
#     candidates the REPL itself lists at each word (readline's
#     possible-completions); readline inserts a unique match and a space,
#     else the matches' common start.  After, the fewer of the line
#     with and without its rotation (without it, the next word is offered
#     rotations, so a meeple gets no help).
#  2. Identifying the tile in hand.  Before: "tiles" and Enter (6 keys) and
#     the lines it prints (every type of every set), and the lines from the
#     top down to the end of the tile's entry.  After: "find EDGES" and
#     Enter (10 keys), the edges clockwise from north as the tile lies once
#     placed (any side gives the same answer), the lines printed, the lines
#     down to its entry, and the number of types offered.  And EDGES<Tab>
#     where the code goes: 5 keys that put the code and a space on the line
#     when one type shows those edges; when several do, <Tab><Tab> lists
#     their codes (not their pictures), and the player rubs out the 4
#     letters and types the code (with Tab where it helps).
#  3. A turn, code not known: identify as in 2, then the line as in 1.  With
#     Tab, after: EDGES<Tab> in place of the code when one type shows the
#     edges, else find EDGES and Enter first (the codes alone do not tell
#     the types apart).
#
# Every keystroke sequence counted with Tab is typed into the REPL and must
# give the recorded move (undone when another is tried); the baseline must
# refuse each line without its rotation; each game must end with the final
# scores that carcref replay gives.  Otherwise the script stops and says so.
# A keystroke is a character, Tab, Backspace or Enter; Shift is not counted.
#
# Not measured: reading time; a player who knows the codes by heart needs no
# identification at all; find's filters (--pennant, --two-cities...) that
# would narrow several types to one; the step-by-step draw/place/meeple
# path; moving the cursor to fix typos.

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
after=${CARCREF:-$root/carcref}
before=${CARCREF_BEFORE:-}

if [ -z "$before" ]; then
	echo "keystrokes.sh: set CARCREF_BEFORE to the baseline binary (b17962b)" >&2
	exit 2
fi
for b in "$before" "$after"; do
	if [ ! -x "$b" ]; then
		echo "keystrokes.sh: $b: not an executable" >&2
		exit 2
	fi
done
command -v python3 >/dev/null || { echo "keystrokes.sh: needs python3" >&2; exit 2; }

verbose=
if [ "$1" = -v ]; then
	verbose=-v
	shift
fi
if [ $# -eq 0 ]; then
	set -- "$root"/samples/*.yaml
fi
exec python3 "$here/keystrokes.py" "$before" "$after" "$root/rules/tiles" $verbose "$@"
