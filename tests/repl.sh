#!/usr/bin/env bash
# tests/repl.sh -- the table REPL (carcref play): scripted sessions and
# their transcripts, the journal and resume (kill -9 included), and a real
# terminal through tmux for completion, history, Ctrl-C and Ctrl-D.
#
#   CARCREF=./carcref bash tests/repl.sh      (make check runs it for you)
#
# A scripted session is written as the lines typed and the transcript
# expected, then run and compared:
#
#   typed NAME <<'EOF' ... EOF      the lines to type (standard input)
#   want NAME <<'EOF' ... EOF       the transcript: standard output and error
#   session NAME STATUS [ARGS...]   run carcref ARGS on them in $tmp, with
#                                   the exit status STATUS
#
# Sessions run in $tmp with their own state directory (CARCREF_STATE), so
# nothing here touches the user's journal or history.  The script ends with
# "repl: N passed, M failed" and fails if any check failed.

set -u
. "$(dirname "${BASH_SOURCE[0]}")/locale.sh"
CARCREF=${CARCREF:-./carcref}
TIMEOUT=${TIMEOUT:-20}
MAN=${MAN:-man/carcref.1}
pass=0 fail=0
tmp=$(mktemp -d) || exit 1
sock=$tmp/tmux.0	# a tmux server per terminal session: see start
# reap PID...: the processes of a terminal just closed (carcref and what
# it started: ASan's leak checker) end by themselves within 10 s, else
# they are killed: a test leaves nothing running.  False if one had to be.
reap() {
	local pid kid left=0 _
	for pid in "$@"; do
		for _ in $(seq 200); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.05
		done
		kill -0 "$pid" 2>/dev/null || continue
		left=1
		for kid in $(ps -o pid= --ppid "$pid" 2>/dev/null); do kill -KILL "$kid" 2>/dev/null; done
		kill -KILL "$pid" 2>/dev/null
	done
	return $left
}
# The processes a terminal's shell started (tmux server socket S).
term_kids() {
	local sh
	for sh in $(tmux -S "$1" list-panes -a -F '#{pane_pid}' 2>/dev/null); do
		ps -o pid= --ppid "$sh" 2>/dev/null
	done
}
cleanup() {
	local kids
	for s in "$tmp"/tmux.*; do
		[ -S "$s" ] || continue
		kids=$(term_kids "$s")
		tmux -S "$s" kill-server 2>/dev/null
		reap $kids
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

if [ ! -x "$CARCREF" ]; then
	echo "repl.sh: $CARCREF: no such executable (build it, or set CARCREF)"
	echo "repl: 0 passed, 1 failed"
	exit 1
fi
# Absolute paths: sessions run in $tmp, tmux in its own server.
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
CARCREF=$(abs "$CARCREF")
MAN=$(abs "$MAN")
[ -n "${CARCREF_DATA-}" ] && export CARCREF_DATA=$(abs "$CARCREF_DATA")
export CARCREF_STATE=$tmp/state
unset NO_COLOR XDG_STATE_HOME

ok() { pass=$((pass + 1)); }
not_ok() { fail=$((fail + 1)); echo "FAIL: $*"; }
show() { sed 's/^/  | /' "$1" | sed -n "1,${2:-20}p"; }

typed() { cat >"$tmp/$1.in"; }
want() { cat >"$tmp/$1.want"; }

# session NAME STATUS [ARGS...]: see above.  Leaves $tmp/NAME.out.
session() {
	local name=$1 status=$2 code
	shift 2
	(cd "$tmp" && timeout "$TIMEOUT" "$CARCREF" "$@" <"$tmp/$name.in" \
	    >"$tmp/$name.out" 2>&1)
	code=$?
	sed -i "s|$tmp|TMP|g" "$tmp/$name.out"
	if [ "$code" != "$status" ]; then
		not_ok "session $name: exit $code, expected $status"
		show "$tmp/$name.out"
	elif [ -f "$tmp/$name.want" ] && ! diff -u "$tmp/$name.want" "$tmp/$name.out" \
	    >"$tmp/$name.diff"; then
		not_ok "session $name: the transcript differs"
		show "$tmp/$name.diff" 40
	else
		ok
	fi
}

# run [ENV=VALUE...] ARGS...: carcref in $tmp, input from $STDIN (default
# /dev/null); leaves $tmp/out, $tmp/err and $code.
run() {
	(cd "$tmp" && timeout "$TIMEOUT" "$CARCREF" "$@" <"${STDIN:-/dev/null}" \
	    >"$tmp/out" 2>"$tmp/err")
	code=$?
}

# expect WHAT CONDITION...: a check that is a shell command.
expect() {
	local what=$1
	shift
	if "$@"; then ok; else not_ok "$what"; fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
lacks_re() { ! grep -q -- "$2" "$1"; }

# The moves of a record, one per line, as typed at the table.
moves_of() { awk '/^moves:/ { m = 1; next } m && /^  - / { sub(/^  - /, ""); sub(/ +#.*/, ""); print }' "$1"; }

# The same moves step by step: draw, place, then meeple or pass.
steps_of() {
	awk '$1 == "end" { print "end"; next }
	     $2 == "discard" { print "draw " $1; print "discard"; next }
	     { print "draw " $1; print "place " $2 " " $3; print (NF > 3 ? "meeple " $4 : "pass") }'
}

# ---- scripted sessions: the transcripts ------------------------------------

# Whole turns, as in a record: scoring as it happens, refusals with the rule
# broken, a wrong player, a typo; the final scoring at "end".
typed turns <<'EOF'
E 0,1 180 knight@S   # Anna closes the start tile's city
V 0,1 0
V 1,0 90 thief@W
Anna: U -1,0 0 farmer@N
Anna: W 2,0 0
Carl: W 2,0 0
V 2,0 45
Z 1,1 0
E discard
scor
score
end
V 2,0 0
EOF
want turns <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
refused: one tile per square: V at 0,1, but E already lies there
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
move 3, Anna: U -1,0 0 farmer@N
  Anna 4 [6], Ben 0 [6]; Ben to play, 68 tiles left
refused: it is Ben's turn, not Anna's
refused: no player is named "Carl"
refused: expected a rotation 0, 90, 180 or 270, got "45"
refused: unknown tile "Z"
refused: a tile may be discarded only if it fits nowhere: E fits at 0,2 rotation 0
unknown command "scor" (did you mean "score"?); help lists the commands
3 moves played, 68 tiles left; Ben to play
  player score meeples
  Anna       4       6
> Ben        0       6
move 4, Ben: end
  final scoring:
  road: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
  field: farm touching 1 completed city: 3 x 1 = 3 to Anna (1 farmer)
final scores:
  1. Anna    7
  2. Ben     3
points by category  Anna   Ben
  road                 0     3
  city                 4     0
  field                3     0
  total                7     3
    during play        4     0
    final scoring      3     3
largest single scoring: move 1, city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
the lead never changed hands
game over: save FILE keeps it; score, explain, board show it; undo goes back
refused: the game is over: the final scoring has run, no move may follow
EOF
session turns 1

# Step by step: draw, place (the rotation asked for when several fit),
# meeple or pass; what comes too early is refused with the next step.
typed steps <<'EOF'
place 0,1
pass
draw Z
draw E
place 5,5
place 0,-1
place 0,-1 90
meeple monk
meeple knight@E
draw V
place 1,0
place -1,0 180 thief@E
meeple
draw D
place 1,0 0
draw D
place 1,-1 90
pass
legal
place 1,-1 270
meeple knight@W
meeple
pass
board
moves
EOF
want steps <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
no tile in hand: draw it first (draw CODE), or give the whole turn in one line (A -1,0 270 thief@E)
no tile in hand: draw it first (draw CODE), then place it, then pass
unknown tile "Z" (tiles shows them all with their codes)
Anna draws E (5 E left, this one included; 71 tiles in the supply)
  rotation 0        rotation 90       rotation 180      rotation 270
  ##############    . . . . . . ##    . . . . . . .     ##. . . . . .
  . ##########.     . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . . .     . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . . .     . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . . .     . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . . .     . . . . . ####    . ##########.     ####. . . . .
  . . . . . . .     . . . . . . ##    ##############    ##. . . . . .
E fits on 2 squares, 4 ways: place X,Y [ROT] (legal lists them)
refused: a tile must touch the board along an edge: E at 5,5 has no neighbour north, east, south or west
E fits at 0,-1 in 3 rotations: 90 180 270; which? place 0,-1 ROT
  rotation 90       rotation 180      rotation 270
  . . . . . . ##    . . . . . . .     ##. . . . . .
  . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . ####    . . . . . . .     ####. . . . .
  . . . . . ####    . ##########.     ####. . . . .
  . . . . . . ##    ##############    ##. . . . . .
E at 0,-1 rotation 90:
  . . . . . . ##
  . . . . . ####
  . . . . . ####
  . . . . . ####
  . . . . . ####
  . . . . . ####
  . . . . . . ##
then a meeple: knight@E, farmer@N (meeple ROLE@SPOT), or pass
refused: a monk stands on a cloister: E at 0,-1 rotation 90 has no cloister at C; valid spots for a monk: nowhere on this tile
move 1, Anna: E 0,-1 90 knight@E
  Anna 0 [6], Ben 0 [7]; Ben to play, 70 tiles left
Ben draws V (9 V left, this one included; 70 tiles in the supply)
  rotation 0        rotation 90       rotation 180      rotation 270
  . . . . . . .     . . . ||. . .     . . . ||. . .     . . . . . . .
  . . . . . . .     . . . ||. . .     . . . ||. . .     . . . . . . .
  . . . . . . .     . . //. . . .     . . . . \\. .     . . . . . . .
  ====. . . . .     ====. . . . .     . . . . . ====    . . . . . ====
  . . \\. . . .     . . . . . . .     . . . . . . .     . . . . //. .
  . . . ||. . .     . . . . . . .     . . . . . . .     . . . ||. . .
  . . . ||. . .     . . . . . . .     . . . . . . .     . . . ||. . .
V fits on 4 squares, 8 ways: place X,Y [ROT] (legal lists them)
V fits at 1,0 in 2 rotations: 0 90; which? place 1,0 ROT
  rotation 0        rotation 90
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . //. . . .
  ====. . . . .     ====. . . . .
  . . \\. . . .     . . . . . . .
  . . . ||. . .     . . . . . . .
  . . . ||. . .     . . . . . . .
V at -1,0 rotation 180:
  . . . ||. . .
  . . . ||. . .
  . . . . \\. .
  . . . . . ====
  . . . . . . .
  . . . . . . .
  . . . . . . .
move 2, Ben: V -1,0 180 thief@E
  Anna 0 [6], Ben 0 [6]; Anna to play, 69 tiles left
no tile in hand: draw it first (draw CODE), then place it, then meeple ROLE@SPOT
Anna draws D (3 D left, this one included; 69 tiles in the supply)
  rotation 0        rotation 90       rotation 180      rotation 270
  ##############    . . . ||. . ##    . . . . . . .     ##. . ||. . .
  . ##########.     . . . ||. ####    . . . . . . .     ####. ||. . .
  . . . . . . .     . . . ||. ####    . . . . . . .     ####. ||. . .
  ==============    . . . ||. ####    ==============    ####. ||. . .
  . . . . . . .     . . . ||. ####    . . . . . . .     ####. ||. . .
  . . . . . . .     . . . ||. ####    . ##########.     ####. ||. . .
  . . . . . . .     . . . ||. . ##    ##############    ##. . ||. . .
D fits on 6 squares, 8 ways: place X,Y [ROT] (legal lists them)
D at 1,0 rotation 0:
  ##############
  . ##########.
  . . . . . . .
  ==============
  . . . . . . .
  . . . . . . .
  . . . . . . .
then a meeple: knight@N, farmer@S, farmer@ENE (meeple ROLE@SPOT), or pass
Anna draws D (3 D left, this one included; 69 tiles in the supply)
  rotation 0        rotation 90       rotation 180      rotation 270
  ##############    . . . ||. . ##    . . . . . . .     ##. . ||. . .
  . ##########.     . . . ||. ####    . . . . . . .     ####. ||. . .
  . . . . . . .     . . . ||. ####    . . . . . . .     ####. ||. . .
  ==============    . . . ||. ####    ==============    ####. ||. . .
  . . . . . . .     . . . ||. ####    . . . . . . .     ####. ||. . .
  . . . . . . .     . . . ||. ####    . ##########.     ####. ||. . .
  . . . . . . .     . . . ||. . ##    ##############    ##. . ||. . .
D fits on 6 squares, 8 ways: place X,Y [ROT] (legal lists them)
refused: edges must match: D at 1,-1 rotation 90: its W edge is field, the tile at 0,-1 shows city on its E edge; the rotation that fits at 1,-1: 270
D is not placed yet: place X,Y [ROT] first
D fits on 6 squares, 8 ways:
  -1,1     rotation 90, 270
  0,1      rotation 180
  -2,0     rotation 270
  1,0      rotation 0, 180
  1,-1     rotation 270
  0,-2     rotation 180
D at 1,-1 rotation 270:
  ##. . ||. . .
  ####. ||. . .
  ####. ||. . .
  ####. ||. . .
  ####. ||. . .
  ####. ||. . .
  ##. . ||. . .
then a meeple: thief@N, farmer@E, farmer@SSW (meeple ROLE@SPOT), or pass
refused: one feature, one owner at placement: the city at W of D at 1,-1 joins a city that already holds Anna's knight
then a meeple: thief@N, farmer@E, farmer@SSW (meeple ROLE@SPOT), or pass
move 3, Anna: D 1,-1 270
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [6]; Ben to play, 68 tiles left
     -1   0    1
   ..|..#####
 0 ..|=B=====
   ..........
        ....##.|..
-1      ...####|..
        ....##.|..
A Anna  B Ben  (capital: thief, knight or monk; small: farmer)
   1  Anna  E 0,-1 90 knight@E
   2  Ben   V -1,0 180 thief@E
   3  Anna  D 1,-1 270
EOF
session steps 1

# explain: a player's every point, then a feature's tiles, meeples, control
# and what it would score now; after the end, what it scored.
typed explain <<'EOF'
E 0,1 180 knight@S
V 1,0 90 thief@W
U -1,0 0 farmer@N
B 0,-1 0 monk
explain Anna
explain ben
explain 0,0
explain 1,0:W
explain 0,-1:C
explain 0,1:C
explain 9,9
explain Zed
explain 0,0:Q
end
explain
explain 0,0:E
EOF
want explain <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
move 3, Anna: U -1,0 0 farmer@N
  Anna 4 [6], Ben 0 [6]; Ben to play, 68 tiles left
move 4, Ben: B 0,-1 0 monk
  Anna 4 [6], Ben 0 [5]; Anna to play, 67 tiles left
Anna: 4 points
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)  [move 1, Anna: E 0,1 180 knight@S]
  meeples on the board, if the game ended now:
    farmer at -1,0 N: farm touching 1 completed city: 3 x 1 = 3 to Anna (1 farmer)
Ben: 0 points
  no feature has paid Ben yet
  meeples on the board, if the game ended now:
    thief at 1,0 W: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
    monk at 0,-1 C: incomplete cloister with 3 neighbours: 1 + 3 at the end = 4 to Ben (1 monk)
road at 0,0 E: open at 2 ends
  3 tiles: 1,0 -1,0 0,0
  meeples: Ben 1 thief
  controlled by Ben
  if the game ended now: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)

city at 0,0 N: completed
  2 tiles: 0,1 0,0
  0 pennants
  meeples: none
  scored at move 1: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)

field at 0,0 ENE: a farm
  3 tiles: 1,0 -1,0 0,0
  borders 1 completed city
  meeples: Anna 1 farmer
  controlled by Anna
  if the game ended now: farm touching 1 completed city: 3 x 1 = 3 to Anna (1 farmer)

field at 0,0 S: a farm
  4 tiles: 1,0 0,-1 -1,0 0,0
  borders 0 completed cities
  meeples: none
  if the game ended now: farm touching 0 completed cities: 3 x 0 = 0, to nobody (no farmer on it)
road at 1,0 W: open at 2 ends
  3 tiles: 1,0 -1,0 0,0
  meeples: Ben 1 thief
  controlled by Ben
  if the game ended now: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
cloister at 0,-1 C: 3 of its 8 neighbours
  1 tile: 0,-1
  meeples: Ben 1 monk
  controlled by Ben
  if the game ended now: incomplete cloister with 3 neighbours: 1 + 3 at the end = 4 to Ben (1 monk)
explain: no single feature at 0,1 C (explain 0,1 lists the tile's features)
explain: no tile at 9,9
explain: no player is named "Zed", and it is no position X,Y[:SPOT]
explain: expected a spot after ":" (N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW or C), got "Q"
move 5, Anna: end
  final scoring:
  road: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
  cloister: incomplete cloister with 3 neighbours: 1 + 3 at the end = 4 to Ben (1 monk)
  field: farm touching 1 completed city: 3 x 1 = 3 to Anna (1 farmer)
final scores:
  1. Anna    7
  1. Ben     7
points by category  Anna   Ben
  road                 0     3
  city                 4     0
  cloister             0     4
  field                3     0
  total                7     7
    during play        4     0
    final scoring      3     7
largest single scoring: move 1, city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
the lead never changed hands
game over: save FILE keeps it; score, explain, board show it; undo goes back
Anna: 7 points
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)  [move 1, Anna: E 0,1 180 knight@S]
  at the final scoring:
    field: farm touching 1 completed city: 3 x 1 = 3 to Anna (1 farmer)

Ben: 7 points
  at the final scoring:
    road: incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
    cloister: incomplete cloister with 3 neighbours: 1 + 3 at the end = 4 to Ben (1 monk)
road at 0,0 E: open at 2 ends
  3 tiles: 1,0 -1,0 0,0
  meeples: Ben 1 thief
  controlled by Ben
  scored at move 5 (final scoring): incomplete road of 3 tiles: 1 x 3 at the end = 3 to Ben (1 thief)
EOF
session explain 1

# undo: one move, several, past the start; a tile in hand goes back.
typed undo <<'EOF'
E 0,1 180 knight@S
V 1,0 90 thief@W
U -1,0 0 farmer@N
undo
moves
undo 5
undo
undo x
score
draw W
W 1,0 0
draw U
undo
place 1,0 0
pass
EOF
want undo <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
move 3, Anna: U -1,0 0 farmer@N
  Anna 4 [6], Ben 0 [6]; Ben to play, 68 tiles left
undone: move 3, Anna: U -1,0 0 farmer@N
2 moves played, 69 tiles left; Anna to play
U is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
   1  Anna  E 0,1 180 knight@S
   2  Ben   V 1,0 90 thief@W
U goes back: it was not played
undone: move 2, Ben: V 1,0 90 thief@W
undone: move 1, Anna: E 0,1 180 knight@S
0 moves played, 71 tiles left; Anna to play
E is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
nothing to undo: this is the start of the game
usage: undo [N], N a number of moves, 1 or more
0 moves played, 71 tiles left; Anna to play
  player score meeples
> Anna       0       7
  Ben        0       7
E goes back: it was not played
Anna draws W (4 W left, this one included; 71 tiles in the supply)
  rotation 0        rotation 90       rotation 180      rotation 270
  . . . . . . .     . . . ||. . .     . . . ||. . .     . . . ||. . .
  . . . . . . .     . . . ||. . .     . . . ||. . .     . . . ||. . .
  . . . . . . .     . . . ||. . .     . . . ||. . .     . . . ||. . .
  ======()======    ======(). . .     ======()======    . . . ()======
  . . . ||. . .     . . . ||. . .     . . . . . . .     . . . ||. . .
  . . . ||. . .     . . . ||. . .     . . . . . . .     . . . ||. . .
  . . . ||. . .     . . . ||. . .     . . . . . . .     . . . ||. . .
W fits on 3 squares, 7 ways: place X,Y [ROT] (legal lists them)
move 1, Anna: W 1,0 0
  Anna 0 [7], Ben 0 [7]; Ben to play, 70 tiles left
Ben draws U (8 U left, this one included; 70 tiles in the supply)
  rotation 0        rotation 90
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . . ||. . .
  ==============    . . . ||. . .
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . . ||. . .
  . . . . . . .     . . . ||. . .
U fits on 5 squares, 5 ways: place X,Y [ROT] (legal lists them)
U goes back: it was not played
undone: move 1, Anna: W 1,0 0
0 moves played, 71 tiles left; Anna to play
W is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
W at 1,0 rotation 0:
  . . . . . . .
  . . . . . . .
  . . . . . . .
  ======()======
  . . . ||. . .
  . . . ||. . .
  . . . ||. . .
then a meeple: thief@E, thief@S, thief@W, farmer@N, farmer@ESE, farmer@SSW (meeple ROLE@SPOT), or pass
move 1, Anna: W 1,0 0
  Anna 0 [7], Ben 0 [7]; Ben to play, 70 tiles left
EOF
session undo 1

# A script gets no prompt and no colour.
typed board <<'EOF'
E 0,1 180 knight@S
board
EOF
session board 0
expect "a scripted board has no colour" lacks "$tmp/board.out" $'\033'
expect "a scripted session has no prompt" lacks "$tmp/board.out" 'Anna>'
# A name's initial beyond ASCII is the letter as written: Émile is É on
# the map (it was M), é for a farmer; Ève is È.
typed initials <<'EOF'
E 0,1 180 farmer@N
board
EOF
session initials 0 play --players Émile,Ève,Zoé
expect "the map shows Émile's farmer as é" has "$tmp/initials.out" '  ..é..'
expect "the key names Émile É, Ève È" has "$tmp/initials.out" 'É Émile  È Ève  Z Zoé  ('
# board --svg FILE: the picture of the game at the table, FILE replaced
# safely; anything else after board is refused.
typed boardsvg <<'EOF'
E 0,1 180 knight@S
V 1,0 90 thief@W
board --svg pic.svg
board --svg
board --svg nodir/pic.svg
EOF
want boardsvg <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
wrote the board after move 2 to pic.svg
board: expected nothing, or --svg FILE
board: nodir/pic.svg: No such file or directory
EOF
session boardsvg 1
expect "board --svg: Ben's thief in the picture" has "$tmp/pic.svg" '<title>Ben: thief at 1,0 W</title>'
expect "board --svg: its title" has "$tmp/pic.svg" '<title>the game at the table, after move 2</title>'
if command -v xmllint >/dev/null; then
	expect "board --svg: xmllint parses it" xmllint --noout "$tmp/pic.svg"
else
	echo "SKIP: xmllint is not installed (libxml2-utils): the SVG is not parsed"
fi
# Issue 22: report, at any time; report --svg FILE, FILE replaced
# safely; and the report said by itself when the game ends.
typed reportcmd <<'EOF'
E 0,1 180 knight@S
V 1,0 90 thief@W
report
report --svg rep.svg
report --svg
report --svg nodir/rep.svg
bilan
end
EOF
want reportcmd <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
points by category  Anna   Ben
  city                 4     0
  total                4     0
largest single scoring: move 1, city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
the lead never changed hands
wrote the report after move 2 to rep.svg
report: expected nothing, or --svg FILE
report: nodir/rep.svg: No such file or directory
points by category  Anna   Ben
  city                 4     0
  total                4     0
largest single scoring: move 1, city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
the lead never changed hands
move 3, Anna: end
  final scoring:
  road: incomplete road of 2 tiles: 1 x 2 at the end = 2 to Ben (1 thief)
final scores:
  1. Anna    4
  2. Ben     2
points by category  Anna   Ben
  road                 0     2
  city                 4     0
  total                4     2
    during play        4     0
    final scoring      0     2
largest single scoring: move 1, city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
the lead never changed hands
game over: save FILE keeps it; score, explain, board show it; undo goes back
EOF
session reportcmd 1 play --yes
expect "report --svg: its title" has "$tmp/rep.svg" '<title>the game at the table, after move 2</title>'
if command -v xmllint >/dev/null; then
	expect "report --svg: xmllint parses it" xmllint --noout "$tmp/rep.svg"
fi
# A line of any length is read whole (it was cut at 1023 bytes).
{ printf '%1100s' ''; echo score; } >"$tmp/long.in"
STDIN=$tmp/long.in run play
expect "a line longer than 1 KB: its command runs" has "$tmp/out" '> Anna       0       7'

# ---- the journal: every accepted move, never a refused one -----------------

# The journal of the game played last: the newest file in games/.
journal() { ls -t "${1:-$CARCREF_STATE}"/games/*.yaml 2>/dev/null | head -1; }
ngames() { ls "${1:-$CARCREF_STATE}"/games/*.yaml 2>/dev/null | wc -l; }
day='[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'

# After the "turns" session: its four accepted moves, in canonical form.
rm -rf "$CARCREF_STATE"
STDIN=$tmp/turns.in run play
moves_of "$(journal)" >"$tmp/journal.moves"
printf '%s\n' "E 0,1 180 knight@S" "V 1,0 90 thief@W" "U -1,0 0 farmer@N" end >"$tmp/accepted"
expect "the journal holds the accepted moves and no refused one" \
    cmp -s "$tmp/accepted" "$tmp/journal.moves"
expect "the journal is a record that replays" \
    "$CARCREF" replay -q "$(journal)" >/dev/null
expect "the game is named for its day and its players" \
    grep -qx "$day-anna-ben\.yaml" <(ls "$CARCREF_STATE/games")
game1=$(basename "$(journal)" .yaml)

# Undo is journaled: the journal is rewritten without the moves undone.
rm -rf "$CARCREF_STATE"
printf '%s\n' "E 0,1 180 knight@S" "V 1,0 90 thief@W" "U -1,0 0 farmer@N" undo >"$tmp/u.in"
STDIN=$tmp/u.in run play
expect "undo rewrites the journal" test "$(moves_of "$(journal)" | wc -l)" = 2
printf 'moves\n' >"$tmp/m.in"
STDIN=$tmp/m.in run resume
expect "resume after undo: two moves" has "$tmp/out" '   2  Ben   V 1,0 90 thief@W'
expect "resume after undo: not the third" lacks "$tmp/out" 'U -1,0 0'
expect "resume names the game and its journal" \
    has "$tmp/out" "carcref: resumed $game1 ($CARCREF_STATE/games/$game1.yaml)"

# Every game is kept under its own name, from its first move on: a second
# and a third new game destroy none before them.
printf 'score\n' >"$tmp/s.in"
STDIN=$tmp/s.in run play
expect "a new game without a move writes nothing" test "$(ngames)" = 1
printf 'W 1,0 0\n' >"$tmp/w.in"
STDIN=$tmp/w.in run play
expect "a new game's first move starts a journal of its own" test "$(ngames)" = 2
expect "the second game of the day with the same players: NAME-2" \
    test "$(moves_of "$CARCREF_STATE/games/$game1-2.yaml")" = "W 1,0 0"
printf 'V 1,0 90\nend\n' >"$tmp/w3.in"
STDIN=$tmp/w3.in run play --players Carl,Dora
expect "a third game: its own journal" test "$(ngames)" = 3
expect "a third game: the first is still whole" \
    test "$(moves_of "$CARCREF_STATE/games/$game1.yaml" | wc -l)" = 2
expect "a third game: the second is still whole" \
    test "$(moves_of "$CARCREF_STATE/games/$game1-2.yaml")" = "W 1,0 0"
game3=$(basename "$(ls "$CARCREF_STATE"/games/*-carl-dora.yaml)" .yaml)
expect "a finished game is kept too" test "$(moves_of "$CARCREF_STATE/games/$game3.yaml" | tail -1)" = end

# resume without a name: the unfinished game played last, not a finished one.
touch -d '1 hour ago' "$CARCREF_STATE/games/$game1.yaml"
STDIN=$tmp/m.in run resume
expect "resume: the unfinished game played last" has "$tmp/out" "carcref: resumed $game1-2 "
STDIN=$tmp/m.in run resume "$game1"
expect "resume NAME: that game" has "$tmp/out" "carcref: resumed $game1 ("
STDIN=$tmp/m.in run play --resume "$game3"
expect "play --resume NAME: a finished game, by its name" has "$tmp/out" "carcref: resumed $game3 ("
expect "play --resume NAME: it is over" has "$tmp/out" 'the game is over after 2 moves'
STDIN=$tmp/m.in run resume "${game3%-dora}"
expect "resume PREFIX: the one game it starts" has "$tmp/out" "carcref: resumed $game3 ("
run resume "${game1%-anna-ben}"
expect "resume PREFIX of several: exit 2" test "$code" = 2
expect "resume PREFIX of several: says so" has "$tmp/err" "starts the names of 3 games: "
expect "resume PREFIX of several: names them" \
    test "$(grep -oE "[0-9]{4}-[0-9]{2}-[0-9]{2}-[a-z0-9-]+" "$tmp/err" | sort | tr '\n' ' ')" = \
    "$(printf '%s\n' "$game1" "$game1-2" "$game3" | sort | tr '\n' ' ')"
run resume nosuchgame
expect "resume NAME unknown: exit 2" test "$code" = 2
expect "resume NAME unknown: says so" has "$tmp/err" 'no game is named "nosuchgame" (carcref games lists them)'

# Nothing to resume.
CARCREF_STATE=$tmp/empty run resume
expect "resume without a journal: exit 2" test "$code" = 2
expect "resume without a journal: says so" has "$tmp/err" 'no game to resume'
mkdir -p "$tmp/fin/games"
cp "$CARCREF_STATE/games/$game3.yaml" "$tmp/fin/games/"
CARCREF_STATE=$tmp/fin run resume
expect "resume with every game finished: says so" \
    has "$tmp/err" 'no game to resume: every game kept is finished'

# The layout before games/: current.yaml and previous.yaml are moved in
# (renamed: the same file), each under its own name, and never overwritten.
old=$tmp/oldstate
mkdir -p "$old"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - W 1,0 0\n' >"$old/previous.yaml"
printf 'format: carcref/1\nplayers: [Eva, Finn]\nmoves:\n  - E 0,1 180 knight@S\n' >"$old/current.yaml"
ino_prev=$(stat -c %i "$old/previous.yaml") ino_cur=$(stat -c %i "$old/current.yaml")
cp "$old/current.yaml" "$tmp/old-current"
printf 'V 1,0 90\n' >"$tmp/v.in"
CARCREF_STATE=$old STDIN=$tmp/v.in run play
expect "old layout: current.yaml moved away" test ! -e "$old/current.yaml"
expect "old layout: previous.yaml moved away" test ! -e "$old/previous.yaml"
expect "old layout: current.yaml renamed into games/, by its players" \
    test "$(stat -c %i "$old"/games/*-eva-finn.yaml)" = "$ino_cur"
expect "old layout: previous.yaml renamed into games/" \
    test "$(stat -c %i "$old"/games/*-anna-ben.yaml)" = "$ino_prev"
expect "old layout: its content untouched" cmp -s "$tmp/old-current" "$old"/games/*-eva-finn.yaml
expect "old layout: and the new game beside them" test "$(ngames "$old")" = 3
CARCREF_STATE=$old STDIN=$tmp/m.in run resume "$(basename "$old"/games/*-eva-finn.yaml .yaml)"
expect "old layout: the old journal resumes" has "$tmp/out" '   1  Eva   E 0,1 180 knight@S'

# A journal of random bytes: named, said unreadable with the reader's
# line and column, and left as it is, by resume and by a new game.
bad=$tmp/badstate
mkdir -p "$bad"
printf '\x8f\x01garbage\xfe\x00\x13{]:\n\x9c\x80 - - :\n[\x07' >"$bad/current.yaml"
cp "$bad/current.yaml" "$tmp/bad-orig"
CARCREF_STATE=$bad run resume
expect "resume, random bytes: exit 1" test "$code" = 1
expect "resume, random bytes: unreadable, with line and column" \
    grep -qE "^carcref: cannot resume $day-current: its journal is unreadable: $bad/games/$day-current\.yaml:[0-9]+:[0-9]+: .*\(the file is left as it is\)\$" "$tmp/err"
expect "resume, random bytes: not an empty file" lacks "$tmp/err" 'empty file'
badj=$(journal "$bad")
expect "resume, random bytes: the journal untouched" cmp -s "$tmp/bad-orig" "$badj"
CARCREF_STATE=$bad STDIN=$tmp/w.in run play
expect "a new game beside an unreadable journal: played" has "$tmp/out" 'move 1, Anna: W 1,0 0'
expect "a new game beside an unreadable journal: it is untouched" cmp -s "$tmp/bad-orig" "$badj"
CARCREF_STATE=$bad STDIN=$tmp/m.in run resume "$(basename "$badj" .yaml)"
expect "resume NAME of an unreadable journal: exit 1" test "$code" = 1
expect "resume NAME of an unreadable journal: untouched" cmp -s "$tmp/bad-orig" "$badj"

# A temporary file left by a killed session (never a record) is removed
# when its game is next played; a record written by hand, whatever its
# shape, takes moves too.
hand=$tmp/handstate
mkdir -p "$hand/games"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves: []\n' >"$hand/games/by-hand.yaml"
echo half >"$hand/games/.by-hand.yaml.carcref-AbC123"
echo other >"$hand/games/.notes"
CARCREF_STATE=$hand STDIN=$tmp/w.in run resume by-hand
expect "a stale temporary file of the game: removed" test ! -e "$hand/games/.by-hand.yaml.carcref-AbC123"
expect "another hidden file: kept" test -e "$hand/games/.notes"
expect "a record by hand, moves: []: the move is journaled" \
    test "$(moves_of "$hand/games/by-hand.yaml")" = "W 1,0 0"
expect "a record by hand: it still replays" "$CARCREF" replay -q "$hand/games/by-hand.yaml" >/dev/null

# ---- a whole game, twice: whole turns and step by step ----------------------

"$CARCREF" selfplay --seed 11 >"$tmp/g.yaml"
moves_of "$tmp/g.yaml" >"$tmp/g.lines"
"$CARCREF" replay "$tmp/g.yaml" | sed -n '/^final scores:/,$p' >"$tmp/g.final"
expect "the sample game is a finished game" test -s "$tmp/g.final"

rm -rf "$CARCREF_STATE"
{ cat "$tmp/g.lines"; echo score; echo "save whole.yaml"; } >"$tmp/whole.in"
session whole 0
grep -m1 -A2 '^final scores:' "$tmp/whole.out" >"$tmp/whole.final"
expect "whole turns: the final scores of the replay" cmp -s "$tmp/g.final" "$tmp/whole.final"
expect "whole turns: the saved record replays to the same scores" \
    test "$("$CARCREF" replay "$tmp/whole.yaml" | sed -n '/^final scores:/,$p')" = "$(cat "$tmp/g.final")"
expect "the journal of a finished game is the saved record" \
    cmp -s "$(journal)" "$tmp/whole.yaml"

rm -rf "$CARCREF_STATE"
{ steps_of <"$tmp/g.lines"; echo score; echo "save steps.yaml"; } >"$tmp/steps-all.in"
session steps-all 0
expect "step by step: the same record as whole turns" cmp -s "$tmp/whole.yaml" "$tmp/steps.yaml"
expect "step by step: the final scores of the replay" has "$tmp/steps-all.out" "$(sed -n 2p "$tmp/g.final")"

# A full disk: a journal append that fails (here past a file size limit,
# EFBIG, midway through a line) is cut back to the last good byte, and the
# move is refused and taken back: "not recorded".
rm -rf "$CARCREF_STATE"
# (Its output through a pipe: the limit is for every file it writes.)
(cd "$tmp" && ulimit -f 1 && exec "$CARCREF" play <"$tmp/g.lines" 2>&1) | cat >"$tmp/full.out"
code=${PIPESTATUS[0]}
expect "a full journal: exit 1 (lines refused)" test "$code" = 1
expect "a full journal: says the move is not recorded" \
    grep -qE "^not recorded: $(journal): File too large; the move was not played\$" "$tmp/full.out"
expect "a full journal: no partial line" test "$(tail -c 1 "$(journal)" | od -An -c | tr -d ' ')" = '\n'
expect "a full journal: it replays" "$CARCREF" replay -q "$(journal)" >/dev/null
expect "a full journal: it holds exactly the moves accepted" \
    test "$(moves_of "$(journal)" | wc -l)" = "$(grep -c '^move [0-9]*, ' "$tmp/full.out")"
expect "a full journal: it holds some" test "$(moves_of "$(journal)" | wc -l)" -gt 10
expect "a full journal: no temporary file left" test "$(ls -A "$CARCREF_STATE/games" | wc -l)" = 1

# save - writes the record on the standard output.
head -3 "$tmp/g.lines" >"$tmp/dash.in"
echo "save -" >>"$tmp/dash.in"
session dash 0
expect "save -: the record on the standard output" has "$tmp/dash.out" "$(sed -n 2p "$tmp/g.lines")"

# save to something that is not a regular file writes to it, never
# renames a file over it (as root, that would replace /dev/null).
mkfifo "$tmp/pipe"
timeout "$TIMEOUT" cat "$tmp/pipe" >"$tmp/pipe.out" &
head -3 "$tmp/g.lines" >"$tmp/fifo.in"
echo "save pipe" >>"$tmp/fifo.in"
session fifo 0
wait
expect "save to a pipe: the pipe is still a pipe" test -p "$tmp/pipe"
expect "save to a pipe: the record went through it" has "$tmp/pipe.out" "$(sed -n 2p "$tmp/g.lines")"

# save replaces a file as fmt does: its mode kept, a read-only file
# refused and left as it was, errors naming the file, never a temporary one.
echo old >"$tmp/private.yaml"
chmod 600 "$tmp/private.yaml"
echo old >"$tmp/ro.yaml"
chmod 444 "$tmp/ro.yaml"
typed modes <<'EOF'
E 0,1 180 knight@S
save private.yaml
save ro.yaml
save nodir/game.yaml
EOF
want modes <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
saved 1 move to private.yaml
save: ro.yaml: the file is read-only (mode 0444): not replaced
save: nodir/game.yaml: No such file or directory
EOF
session modes 1
expect "save keeps the mode 0600" test "$(stat -c %a "$tmp/private.yaml")" = 600
expect "save wrote the 0600 file" has "$tmp/private.yaml" 'E 0,1 180 knight@S'
expect "save leaves a read-only file as it was" test "$(cat "$tmp/ro.yaml")" = old
# save /dev/fd/1 into a file: the record in its place among the lines.
# (Not /dev/stdout: carcref before this test, as root, replaced it.)
printf 'E 0,1 180 knight@S\nsave /dev/fd/1\nscore\n' >"$tmp/devout.in"
(cd "$tmp" && "$CARCREF" play <"$tmp/devout.in" >"$tmp/devout.out" 2>&1)
expect "save /dev/fd/1 to a file: the session's lines kept" \
    test "$(sed -n '1p;7p;16p;17p' "$tmp/devout.out")" = "$(printf '%s\n' 'carcref: a new game' \
    'format: carcref/1' 'saved 1 move to /dev/fd/1' '1 move played, 70 tiles left; Ben to play')"

# ---- play FILE, load FILE ----------------------------------------------------

cat >"$tmp/three.yaml" <<'EOF'
format: carcref/1
edition: 2
players: [Carl, {name: Dora, color: green}]
moves:
  - E 0,1 180 knight@S
  - V 1,0 90 thief@W
  - U -1,0 0 farmer@N
EOF
typed file <<'EOF'
moves
score
EOF
want file <<'EOF'
carcref: continuing three.yaml
edition 2, 2 players: Carl, Dora
3 moves played, 68 tiles left; Dora to play
  player score meeples
  Carl       4       6
> Dora       0       6
   1  Carl  E 0,1 180 knight@S
   2  Dora  V 1,0 90 thief@W
   3  Carl  U -1,0 0 farmer@N
3 moves played, 68 tiles left; Dora to play
  player score meeples
  Carl       4       6
> Dora       0       6
EOF
cp "$tmp/three.yaml" "$tmp/three.orig"
rm -rf "$CARCREF_STATE"
session file 0 play three.yaml
printf 'W 0,-1 0\n' >"$tmp/w2.in"
STDIN=$tmp/w2.in run play three.yaml
expect "play FILE: FILE itself is never written" cmp -s "$tmp/three.yaml" "$tmp/three.orig"
expect "play FILE: a journal of its own, the move in it" \
    test "$(moves_of "$(journal)" | tail -1)" = "W 0,-1 0"
expect "play FILE: a new game each time" test "$(ngames)" = 2

printf 'format: carcref/1\nplayers: [Anna, Ben]\ncolour: red\n' >"$tmp/key.yaml"
run play key.yaml
expect "play FILE, a bad record: exit 1" test "$code" = 1
expect "play FILE, a bad record: file:line:col" has "$tmp/err" 'key.yaml:3:1: unknown key "colour"'
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180 knight@S\n  - V 0,1 0\n' >"$tmp/ill.yaml"
run play ill.yaml
expect "play FILE, an illegal move: exit 1" test "$code" = 1
expect "play FILE, an illegal move: file:line:col and the rule" \
    has "$tmp/err" 'ill.yaml:5:5: move 2: one tile per square: V at 0,1, but E already lies there'
run play no-such.yaml
expect "play FILE, no file: exit 2" test "$code" = 2

rm -rf "$CARCREF_STATE"
typed load <<'EOF'
W 1,0 0
load key.yaml
load ill.yaml
moves
load three.yaml
EOF
want load <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: W 1,0 0
  Anna 0 [7], Ben 0 [7]; Ben to play, 70 tiles left
load: key.yaml:3:1: unknown key "colour" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)
load: ill.yaml:5:5: move 2: one tile per square: V at 0,1, but E already lies there
   1  Anna  W 1,0 0
loaded three.yaml: edition 2, Carl, Dora
3 moves played, 68 tiles left; Dora to play
EOF
session load 1
expect "load: the game before is kept under its name" \
    test "$(moves_of "$CARCREF_STATE"/games/*-anna-ben.yaml)" = "W 1,0 0"
expect "load: the loaded game has a journal of its own" \
    test "$(moves_of "$CARCREF_STATE"/games/*-carl-dora.yaml | wc -l)" = 3
expect "load: the journal keeps the players' colours" \
    has "$CARCREF_STATE"/games/*-carl-dora.yaml '{name: Dora, color: green}'
expect "load: FILE itself is never written" cmp -s "$tmp/three.yaml" "$tmp/three.orig"

# redo: what undo took comes back, the earliest first, as moves played
# again, until a new move is made or another game loaded.
cp "$tmp/three.yaml" "$tmp/three2.yaml"
typed redo <<'EOF'
E 0,1 180 knight@S
V 1,0 90 thief@W
U -1,0 0 farmer@N
undo 2
redo
redo 5
redo
undo
draw B
B 0,-1 0
redo
redo x
moves
undo
load three2.yaml
redo
EOF
want redo <<EOF
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 71 tiles left; Anna to play
move 1, Anna: E 0,1 180 knight@S
  city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)
  Anna 4 [7], Ben 0 [7]; Ben to play, 70 tiles left
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
move 3, Anna: U -1,0 0 farmer@N
  Anna 4 [6], Ben 0 [6]; Ben to play, 68 tiles left
undone: move 3, Anna: U -1,0 0 farmer@N
undone: move 2, Ben: V 1,0 90 thief@W
1 move played, 70 tiles left; Ben to play
V is in Ben's hand again: place it (place X,Y [ROT]), or draw another to change it
move 2, Ben: V 1,0 90 thief@W
  Anna 4 [7], Ben 0 [6]; Anna to play, 69 tiles left
move 3, Anna: U -1,0 0 farmer@N
  Anna 4 [6], Ben 0 [6]; Ben to play, 68 tiles left
nothing to redo: redo puts back what undo took, until a new move is made
undone: move 3, Anna: U -1,0 0 farmer@N
2 moves played, 69 tiles left; Anna to play
U is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
U goes back: it was not played
Anna draws B (4 B left, this one included; 69 tiles in the supply)
  . . . . . . .
  . . . . . . .
  . . . . . . .
  . . . ++. . .
  . . . . . . .
  . . . . . . .
  . . . . . . .
B fits on 5 squares, 5 ways: place X,Y [ROT] (legal lists them)
move 3, Anna: B 0,-1 0
  Anna 4 [7], Ben 0 [6]; Ben to play, 68 tiles left
nothing to redo: redo puts back what undo took, until a new move is made
usage: redo [N], N a number of moves, 1 or more
   1  Anna  E 0,1 180 knight@S
   2  Ben   V 1,0 90 thief@W
   3  Anna  B 0,-1 0
undone: move 3, Anna: B 0,-1 0
2 moves played, 69 tiles left; Anna to play
B is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
B kept in hand: carcref resume $(date +%F)-anna-ben-2 gives it back
loaded three2.yaml: edition 2, Carl, Dora
3 moves played, 68 tiles left; Dora to play
nothing to redo: redo puts back what undo took, until a new move is made
EOF
session redo 1
rm -rf "$CARCREF_STATE"
printf '%s\n' "E 0,1 180 knight@S" "V 1,0 90 thief@W" "undo" "redo" >"$tmp/r.in"
STDIN=$tmp/r.in run play
expect "redo is journaled" test "$(moves_of "$(journal)" | tail -1)" = "V 1,0 90 thief@W"

# ---- options, the default command, help ------------------------------------

run
expect "carcref alone starts a game" has "$tmp/out" 'carcref: a new game'
expect "carcref alone, no input: exit 0" test "$code" = 0
run play --players 'Carl, Dora,Emil' --edition 1
expect "--players and --edition" has "$tmp/out" 'edition 1, 3 players: Carl, Dora, Emil'
# play is the default command: its options and a file without the word.
run --players 'Carl,Dora' --edition 1
expect "carcref --players --edition: play's" has "$tmp/out" 'edition 1, 2 players: Carl, Dora'
# Names the same in any case and script: refused as two of one name.
run play --players 'Zoé,ZOÉ'
expect "Zoé and ZOÉ: one name" has "$tmp/err" 'two players are named "ZOÉ"'
# A player's name typed alone is no command, and a typo is only ever
# pointed to a command that shows (never end, undo, quit).
printf 'Ben\nen\nqui\nundoo\n' >"$tmp/typos"
STDIN=$tmp/typos run play
expect "a player's name: said to be one" has "$tmp/out" \
    'Ben is a player: a turn of Ben'"'"'s looks like "Ben: A -1,0 270 thief@E"; it is Anna'"'"'s turn'
expect "no destructive suggestion" bash -c "! grep -E 'did you mean \"(end|quit|undo|redo|discard|load|save|pass|place|meeple)\"' '$tmp/out'"
run play --edition 4
expect "--edition 4: exit 2" test "$code" = 2
run play --players 'A:B,Carl'
expect "--players with a colon: exit 2" test "$code" = 2
expect "--players with a colon: the record's rule" has "$tmp/err" 'without ":" or "#"'
run play --resume three.yaml
expect "--resume with a file: exit 2" test "$code" = 2
run resume extra
expect "resume with an argument: exit 2" test "$code" = 2

# Every command of `help` has its help, and its entry in the man page.
printf 'help\n' >"$tmp/h.in"
STDIN=$tmp/h.in run play
sed -n '/^commands:/,/^$/p' "$tmp/out" | awk '/^  [^ ]/ { print $1 }' >"$tmp/cmds"
expect "help lists the commands" test "$(wc -l <"$tmp/cmds")" -ge 17
sed -n '/^\.Sh THE TABLE REPL/,/^\.Sh [^T]/p' "$MAN" >"$tmp/man-repl"
while read -r c; do
	printf 'help %s\n' "$c" >"$tmp/h.in"
	STDIN=$tmp/h.in run play
	expect "help $c" test "$code" = 0
	expect "the man page documents $c" \
	    grep -qE "^\.(It )?Cm $c( |$)" <(grep -A1 '^\.It' "$tmp/man-repl")
done <"$tmp/cmds"

# ---- hints name only the spots a piece may take now ---------------------------

printf 'U 1,0 0 farmer@N\nB 1,1 0 farmer@C\nB 1,1 0 farmer@E\nB 1,1 0 monk@N\n' >"$tmp/spots.in"
STDIN=$tmp/spots.in run play
expect "the valid spots leave out a field another player holds" has "$tmp/out" \
    'refused: a farmer stands on a field: B at 1,1 rotation 0 has no field at C; valid spots for a farmer: nowhere on this tile'
expect "the field held: refused by its rule" has "$tmp/out" \
    "refused: one feature, one owner at placement: the field at E of B at 1,1 joins a field that already holds Anna's farmer"
expect "a free spot still listed" has "$tmp/out" 'valid spots for a monk: C'

# A field its farmer holds pays 0 without a city: said to its holder, never
# "to nobody" beside "controlled by Anna" (a regression).
printf 'U 1,0 0 farmer@S\nexplain 1,0:S\nexplain Anna\n' >"$tmp/nobody.in"
STDIN=$tmp/nobody.in run play
expect "a held field paying 0: to its holder" has "$tmp/out" \
    '  if the game ended now: farm touching 0 completed cities: 3 x 0 = 0 to Anna (1 farmer)'
expect "never to nobody beside controlled by" lacks "$tmp/out" 'to nobody'

# The rotation may be left out of a whole turn as of place: when exactly
# one fits there, and it is said which.
printf 'E 0,1 knight@S\nV 1,0 thief@W\nU 1,1\ndraw U\nplace -1,0\npass\nU -1,0\n' >"$tmp/rot.in"
STDIN=$tmp/rot.in run play
expect "whole turn, no rotation: the one that fits, said" has "$tmp/out" \
    'rotation 180 assumed: the only one that fits at 0,1'
expect "whole turn, no rotation: played" has "$tmp/out" 'move 1, Anna: E 0,1 180 knight@S'
expect "whole turn, several rotations fit: refused, listed" has "$tmp/out" \
    'refused: V fits at 1,0 in 2 rotations: 0 90; write which after the position'
expect "place, no rotation: said the same way" has "$tmp/out" \
    'rotation 0 assumed: the only one that fits at -1,0'
expect "no rotation fits: refused" has "$tmp/out" \
    'refused: U fits at -1,0 in no rotation (legal U lists where it goes)'

# ---- a tile in hand when the session ends: kept, given back ------------------

oldstate=$CARCREF_STATE
export CARCREF_STATE=$tmp/handstate
printf 'U 1,0 0 thief@E\ndraw V\nplace 1,1 90\n' >"$tmp/hand1.in"
STDIN=$tmp/hand1.in run play
expect "the end of input with a tile placed: kept, and said" has "$tmp/out" \
    "V kept in hand: carcref resume $(date +%F)-anna-ben gives it back"
printf 'score\nmeeple farmer@NE\n' >"$tmp/hand2.in"
STDIN=$tmp/hand2.in run resume
expect "resume gives the tile back, where it lay" has "$tmp/out" \
    'V is in hand again, as it was when the game was left, placed at 1,1 rotation 90'
expect "resume: the turn finishes with it" has "$tmp/out" 'move 2, Ben: V 1,1 90 farmer@NE'
expect "resume shows the table first" has "$tmp/out" '  player score meeples'
printf 'score\n' >"$tmp/hand3.in"
STDIN=$tmp/hand3.in run resume
expect "given back once: not again" lacks "$tmp/out" 'is in hand again'
printf 'draw V\n' >"$tmp/hand4.in"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/hand4.in run play
expect "a tile in hand before any move: said, not kept" has "$tmp/out" \
    'V was in hand: the game has no move yet, so nothing is kept; draw it again next time'
export CARCREF_STATE=$oldstate

# ---- kill -9: nothing accepted is lost ---------------------------------------

# The session is fed a line at a time through a fifo; each move is waited
# for in its output (printed after the journal is synced), then the
# process is killed without warning, with a tile drawn and placed but the
# turn not finished.
k9=$tmp/k9
mkfifo "$tmp/fifo"
(cd "$tmp" && CARCREF_STATE=$k9 exec "$CARCREF" play <"$tmp/fifo" >"$tmp/k9.out" 2>&1) &
pid=$!
exec 3>"$tmp/fifo"
# wait_out TEXT: until the session has printed TEXT (10 s at most), in
# $tmp/k9.out or the file $waitfile.
wait_out() {
	for _ in $(seq 200); do
		grep -qF -- "$1" "${waitfile:-$tmp/k9.out}" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}
head -6 "$tmp/g.lines" >"$tmp/k9.moves"
n=0
while read -r line; do
	n=$((n + 1))
	echo "$line" >&3
	wait_out "move $n, " || break
done <"$tmp/k9.moves"
sed -n 7p "$tmp/g.lines" >>"$tmp/k9.moves"
sed -n 7p "$tmp/g.lines" | steps_of >&3	# the seventh step by step
wait_out "move 7, "
echo "draw $(sed -n 8p "$tmp/g.lines" | cut -d' ' -f1)" >&3
echo "place $(sed -n 8p "$tmp/g.lines" | cut -d' ' -f2-3)" >&3
wait_out " at $(sed -n 8p "$tmp/g.lines" | cut -d' ' -f2)"
# Meanwhile a second session on the same game is refused; a second game
# may be played beside it.
k9game=$(basename "$(journal "$k9")" .yaml)
CARCREF_STATE=$k9 run resume
expect "a second session on one journal: exit 2" test "$code" = 2
expect "a second session on one journal: says why" \
    has "$tmp/err" "another carcref session (process $pid) is playing $k9game"
CARCREF_STATE=$k9 run resume "$k9game"
expect "a second session on one journal, by its name: says why" \
    has "$tmp/err" "another carcref session (process $pid) is playing $k9game"
CARCREF_STATE=$k9 STDIN=$tmp/w.in run play
expect "another game beside a session: played" has "$tmp/out" 'move 1, Anna: W 1,0 0'
expect "another game beside a session: a journal of its own" test "$(ngames "$k9")" = 2
touch -d '1 hour ago' "$(journal "$k9")"	# the session's game is the last played
{ kill -9 "$pid"; wait "$pid"; } 2>/dev/null	# (no "Killed" notice)
exec 3>&-
expect "kill -9: the journal holds every move accepted" \
    cmp -s "$tmp/k9.moves" <(moves_of "$k9/games/$k9game.yaml")
printf 'moves\nscore\n' >"$tmp/k9r.in"
CARCREF_STATE=$k9 STDIN=$tmp/k9r.in run play --resume
expect "kill -9, then --resume: exit 0" test "$code" = 0
expect "kill -9, then --resume: the seventh move" \
    grep -qE "^   7  [A-Za-z]+ +$(sed -n 7p "$tmp/g.lines")\$" "$tmp/out"
expect "kill -9, then --resume: nothing more" lacks "$tmp/out" '   8  '
expect "kill -9, then --resume: seven moves" has "$tmp/out" '7 moves played, 64 tiles left'
{ sed '/^moves:/q' "$tmp/g.yaml"; sed 's/^/  - /' "$tmp/k9.moves"; } >"$tmp/k9.yaml"
"$CARCREF" replay "$tmp/k9.yaml" | sed -n 's/^  [0-9]\. //p' | sort >"$tmp/k9.scores"
awk '/^[> ] [A-Z]/ && !/\[/ { sub(/^[> ] /, ""); print $1, $2 }' "$tmp/out" | sort -u >"$tmp/k9r.scores"
expect "kill -9, then --resume: the scores of a replay" \
    test "$(awk '{ print $1, $2 }' "$tmp/k9.scores")" = "$(cat "$tmp/k9r.scores")"

# A write cut short (no newline) was never acknowledged: dropped, the
# file as it was kept aside.
printf '  - W 9,9' >>"$k9/games/$k9game.yaml"
CARCREF_STATE=$k9 STDIN=$tmp/k9r.in run resume
expect "a cut last line: resume says so" has "$tmp/out" \
    "its last line has no newline, as a write cut short leaves it: that move was never accepted, and is dropped; the file as it was is kept as $k9/games/$k9game.yaml.cut"
expect "a cut last line: dropped" has "$tmp/out" '7 moves played, 64 tiles left'
expect "a cut last line: the journal is whole again" \
    cmp -s "$tmp/k9.moves" <(moves_of "$k9/games/$k9game.yaml")

# ---- what a record holds never drives the terminal (issue 10) ----------------

# A name or a move holding ESC or another control character was printed raw:
# a record could retitle the window or clear the screen.
cat >"$tmp/ctl.yaml" <<'EOF'
format: carcref/1
players: ["An\e]0;pwned\ana", "B\x9bn"]
moves:
  - E 0,1 180 knight@S
EOF
typed ctl <<'EOF'
score
explain
moves
board
V 1,0 90 wizard@N
EOF
session ctl 1 play "$tmp/ctl.yaml"
expect "no raw control character reaches the terminal" \
    bash -c "! grep -qP '\\x1b|\\x07|\\xc2\\x9b' '$tmp/ctl.out'"
expect "the name is shown escaped" has "$tmp/ctl.out" '  An\x1b]0;pwned\x07na     4'
expect "the other name too" has "$tmp/ctl.out" 'B\u009bn'

# ---- expansions at the table (issue 11) ---------------------------------------

typed exp <<'EOF'
D 1,0 0
RV-L 1,0 0
RV-D 1,0 0 big-farmer@N
score
RV-G 2,0 0
RV-G 2,-1 90
RV-C 2,-1 90 big-knight@E
RV-C 2,-1 90 knight@E
IC-A 2,-1 0
end
EOF
session exp 1 play --players Anna,Ben --expansions inns-cathedrals,river
expect "a base tile before the river is refused" has "$tmp/exp.out" \
    'refused: the river comes first: D may not be drawn while 11 river tiles are left'
expect "the lake is refused before the other river tiles" has "$tmp/exp.out" \
    'refused: the lake comes last of the river: RV-L may not be drawn while 10 other river tiles are left'
expect "a big farmer on a river tile" has "$tmp/exp.out" 'move 1, Anna: RV-D 1,0 0 big-farmer@N'
expect "score shows the big meeple in hand" has "$tmp/exp.out" '  Anna       0       7   0'
expect "a second big meeple is refused, with where the first stands" has "$tmp/exp.out" \
    "refused: big-knight: Anna's big meeple is already on the board (at 1,0)"
expect "two right curves in a row: refused" has "$tmp/exp.out" \
    'refused: RV-G at 2,-1: the river would turn back on itself (two right curves in a row)'
printf 'format: carcref/1\nplayers: [Anna]\n' >"$tmp/plain.yaml"
typed plainexp <<'EOF'
IC-A 0,-1 0
EOF
session plainexp 1 play "$tmp/plain.yaml"
expect "a tile of an expansion not in play is refused by name" has "$tmp/plainexp.out" \
    'refused: IC-A is a tile of inns-cathedrals, which is not in play in this game'
typed badexp <<'EOF'
EOF
session badexp 2 play --expansions rivers
expect "an unknown expansion is refused with the known ones" has "$tmp/badexp.out" \
    'carcref play: --expansions: unknown expansion "rivers" (known: inns-cathedrals, river, traders-builders, hills-sheep, wheel-of-fortune)'

# ---- Traders & Builders at the table (issue 12) -------------------------------

typed tb <<'EOF'
U 1,0 0 thief@E
A -1,0 270
U 2,0 0 builder@W
B 0,-1 0
U 3,0 0
Ben: B 1,-1 0
B 1,-1 0
U 4,0 0 pig@NNE
B 2,-1 0
U 4,0 0 builder@W
end
EOF
session tb 1 play --players Anna,Ben --expansions traders-builders
expect "a builder's second tile is announced" has "$tmp/tb.out" '  Anna plays a second tile at once'
expect "the other player's name on a second tile is refused" has "$tmp/tb.out" \
    "refused: it is Anna's turn again (a second tile), not Ben's"
expect "the second tile is the builder's owner's" has "$tmp/tb.out" 'move 6, Anna: B 1,-1 0'
expect "a pig with no farmer of its owner's is refused" has "$tmp/tb.out" \
    "refused: a pig joins its owner's farmer: pig@NNE of U at 4,0 is in a field where Ben has none"
expect "a second builder is refused, with where the first stands" has "$tmp/tb.out" \
    "refused: builder: Anna's builder is already on the board (at 2,0)"
typed goods <<'EOF'
TB-G 0,1 180 knight@S
TB-F 1,1 270
TB-S 1,0 90
E 1,-1 0
score
end
EOF
session goods 0 play --players Anna,Ben --expansions traders-builders
expect "goods go to the player completing the city" has "$tmp/goods.out" \
    '  goods: Ben takes 1 wine, 2 grain from the completed city at 1,-1 (the player who placed its last tile takes its goods, whoever holds it)'
expect "the city is scored for its knight" has "$tmp/goods.out" \
    '  city: completed city of 5 tiles: 2 x 5 = 10 to Anna (1 knight)'
expect "score shows pieces in hand and tokens" has "$tmp/goods.out" \
    '  Ben        0       7       1   1    1     2     0'
expect "final scoring explains each goods majority" has "$tmp/goods.out" \
    '  goods: the most grain tokens (2) = 10 to Ben'
expect "the final table shows the tokens" has "$tmp/goods.out" \
    '  1. Ben    20   wine 1, grain 2, cloth 0'

# ---- Hills & Sheep at the table, 8 players (issue 13) --------------------------

typed hs <<'EOF'
draw E
place 0,1 180
meeple shepherd@N
meeple shepherd@N sheep=2
U 1,0 0 shepherd@N sheep=3
draw B
place -1,1 0
pass
choose grow sheep=1
pass
B 1,1 0 shepherd@N sheep=1
B 1,1 0 herd
HS-A -2,1 0
score
EOF
session hs 1 play --players Bleu,Rouge --expansions hills-sheep
expect "the shepherd's token is asked for" has "$tmp/hs.out" \
    'refused: a shepherd is written with the token drawn as it goes down: shepherd@N sheep=N or shepherd@N wolf'
expect "a shepherd with its token" has "$tmp/hs.out" 'move 1, Bleu: E 0,1 180 shepherd@N sheep=2'
expect "a due choice is announced" has "$tmp/hs.out" \
    "then the flock's choice, before any meeple: grow TOKEN, herd (choose WORD [TOKEN])"
expect "pass without the due choice is refused" has "$tmp/hs.out" \
    "refused: B at -1,1 extends the field of Bleu's shepherd: the line makes the flock's choice before any piece (grow sheep=N, grow wolf or herd)"
expect "the choice, step by step" has "$tmp/hs.out" 'move 3, Bleu: B -1,1 0 grow sheep=1'
expect "a missing choice in a whole line is refused" has "$tmp/hs.out" \
    "refused: B at 1,1 extends the field of Rouge's shepherd: the line makes the flock's choice before any piece (grow sheep=N, grow wolf or herd)"
expect "a shared flock herded pays every shepherd" has "$tmp/hs.out" \
    '  flock: herded at 1,0 (3 tokens): 1 x 6 (sheep) = 6 points each to Bleu and Rouge'
expect "a hill hides a tile" has "$tmp/hs.out" '5 moves played, 83 tiles left (and 1 hidden); Rouge to play'
typed eight <<'EOF'
score
EOF
session eight 0 play --players Anna,Ben,Carl,Dora,Emil,Fay,Gus,Hannelore-Ziegenhals-Sohn \
    --expansions inns-cathedrals,river,traders-builders,hills-sheep
expect "8 players with every expansion: the table fits 80 columns" \
    bash -c "! grep -E '^[ >] ' '$tmp/eight.out' | awk 'length(\$0) > 80' | grep -q ."
expect "the table's heading" has "$tmp/eight.out" \
    '  player               score meeples big builder pig shepherd wine grain cloth'
expect "a long name is cut" has "$tmp/eight.out" \
    '  Hannelore-Ziegenhal~     0       7   1       1   1        1    0     0     0'

# ---- the Wheel of Fortune (issue 21): a whole line at the table, the icon
# copies in the supply ------------------------------------------------------
typed wheel <<'EOF'
supply
U wheel=1 -1,0 0
supply
B 4,2 0 crown@tax
EOF
session wheel 0 play --players Anna,Ben --expansions wheel-of-fortune
expect "the wheel: the icon copies in the supply" has "$tmp/wheel.out" \
    '  U      8   7 with a wheel icon (number unknown), 1 plain'
expect "the wheel: a known number" has "$tmp/wheel.out" '  X      1   1 with a wheel icon showing 1'
expect "the wheel: the pig moves before the tile" has "$tmp/wheel.out" \
    "  wheel: the pig moves 1, Fortune to Tax: each knight scores its city's pennants + its owner's knights there: nobody scores"
expect "the wheel: one icon U drawn" has "$tmp/wheel.out" \
    '  U      7   6 with a wheel icon (number unknown), 1 plain'
expect "the wheel: a follower on a crown space" has "$tmp/wheel.out" 'move 2, Ben: B 4,2 0 crown@tax'

# ---- the Wheel of Fortune: a step refused in the table's words, and undo
# naming what the copy was said to show (it stays with the tile in hand) --
typed wfsteps <<'EOF'
draw U
wheel 4
plague 1
wheel 2
place -1,0 0
pass
undo
EOF
session wfsteps 1 play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel 4: refused, the table's words" has "$tmp/wfsteps.out" \
    'refused: expected wheel 1, wheel 2 or wheel 3, got "wheel 4"'
expect "plague 1: refused, the table's words" has "$tmp/wfsteps.out" \
    'refused: expected plague X,Y or plague X,Y:SPOT (whole numbers, no spaces), got "plague 1"'
expect "undo: the copy in hand again with what it shows" has "$tmp/wfsteps.out" \
    "U wheel=2 is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it"
typed wfsteps-fr <<'EOF'
piocher U
roue 4
EOF
LC_ALL=C.UTF-8 LANGUAGE=fr session wfsteps-fr 1 play --players Anna,Ben --expansions wheel-of-fortune
expect "roue 4: refused in French, the table's words" has "$tmp/wfsteps-fr.out" \
    'refusé : il faut roue 1, roue 2 ou roue 3, pas « roue 4 »'

# ---- the Wheel of Fortune: the supply's icon copies counted (spec 4.7) -----
typed wfsupply <<'EOF'
supply
X wheel=1 -1,0 0
supply
EOF
session wfsupply 0 play --players Anna,Ben --expansions wheel-of-fortune
expect "the supply: the icons left, the last line" has "$tmp/wfsupply.out" '  wheel icons left: 19 of 19'
expect "the supply: an icon copy drawn, one less" has "$tmp/wfsupply.out" '  wheel icons left: 18 of 19'
# after X, the last of its type: no line for it, the others as the spec shows
tail -7 "$tmp/wfsupply.out" >"$tmp/wfsupply.tail"
want wfsupply-tail <<'EOF'
  N      3   2 with a wheel icon (number unknown), 1 plain
  U      8   7 with a wheel icon (number unknown), 1 plain
  V      9   6 with a wheel icon (number unknown), 3 plain
  WF-29  1   1 with a wheel icon showing 3
  WF-31  1   1 with a wheel icon showing 1
  WF-34  1   1 with a wheel icon showing 1
  wheel icons left: 18 of 19
EOF
expect "the supply: the icon lines and the count, exactly" diff "$tmp/wfsupply-tail.want" "$tmp/wfsupply.tail"
typed wfsupply-fr <<'EOF'
pioche
EOF
LC_ALL=C.UTF-8 LANGUAGE=fr session wfsupply-fr 0 play --players Anna,Ben --expansions wheel-of-fortune
expect "the supply in French: the icons left" has "$tmp/wfsupply-fr.out" '  icônes Roue de la Fortune restantes : 19 sur 19'

# explain on the board's features (spec 4.3, 4.7): by a square of the board
# and a side; a square of the wheel holds none.
cp tests/records/wheel-pig-on-tax.yaml "$tmp/wfx.yaml"
rm -rf "$CARCREF_STATE"
printf 'explain 0,3:N\nexplain 3,3:E\nexplain 2,3:N\nexplain 0,0:S\nexplain 1,1:N\nexplain 2,2\n' >"$tmp/wfx.in"
STDIN=$tmp/wfx.in run play "$tmp/wfx.yaml"
expect "explain the board's city at 0,3" has "$tmp/out" 'city at 0,3 N: open on 1 edge'
expect "explain the board's city at 0,3: its tiles" has "$tmp/out" '  2 tiles: 0,4 0,3'
expect "explain the board's city at 3,3, closed by a tile" has "$tmp/out" 'city at 3,3 E: completed'
expect "explain the board's road at 2,3, to the wheel" has "$tmp/out" \
    '  if the game ended now: incomplete road of 2 tiles: 1 x 2 at the end = 2, to nobody (no thief on it)'
expect "explain the board's south field" has "$tmp/out" 'field at 0,0 S: a farm'
expect "explain a square of the wheel: no feature, no hint" has "$tmp/out" 'explain: no feature at 1,1'
expect "explain a square of the wheel, no spot" has "$tmp/out" 'explain: no feature at 2,2'
expect "explain a square of the wheel: no hint that leads nowhere" lacks "$tmp/out" 'lists the tile'

# ---- find a tile by what it shows; a tile with no copy left (issue 14) --------

typed find <<'EOF'
find CRFR
find cfcf --two-cities
find --inn --set base
find --inn --set river
find CRF
find
C 0,1 0
find cccc
draw C
C 1,1 0
EOF
want find <<'EOF'
carcref: a new game
edition 3, 2 players: Anna, Ben
0 moves played, 89 tiles left; Anna to play
D  (3 left of 4)  base
  C R F R clockwise from north: rotation 0
  ##############
  . ##########.
  . . . . . . .
  ==============
  . . . . . . .
  . . . . . . .
  . . . . . . .

key: ## city, . field, == || road
1 type has edges C R F R: D
H  (3 left of 3)  base
  C F C F clockwise from north: rotation 0, 180 (both look the same)
  ##############
  . ##########.
  . . . . . . .
  . . . . . . .
  . . . . . . .
  . ##########.
  ##############

key: ## city, . field
1 type has edges C F C F, two cities or more: H
no tile left has an inn in base
find: river is not in play in this game
find: the edges are 4 letters read clockwise, C city, R road, F field, W river (CRFR), not "CRF"
usage: find EDGES [--FILTER...]
move 1, Anna: C 0,1 0
  Anna 0 [7], Ben 0 [7]; Ben to play, 88 tiles left
IC-H  (1 left of 1)  inns-cathedrals
  C C C C clockwise from north: rotation 0, 90, 180, 270 (all look the same)
    ##########
  ##  ######  ##
  ####. . . ####
  ####. . . ####
  ####. . . ####
  ##  ######  ##
    ##########

IC-Ka  (2 left of 2)  inns-cathedrals
  C C C C clockwise from north: rotation 0, 90, 180, 270 (all look the same)
  ##############
  ##############
  ##############
  ######Ca######
  ##############
  ##############
  ##############

key: ## city, . field, Ca cathedral,
     a blank between two cities: they are separate
2 types have edges C C C C: IC-H, IC-Ka
none left of C
refused: no copy left: the one C of the set is used, on the board at 0,1
refused: no copy left: the one C of the set is used, on the board at 0,1
EOF
session find 1 play --players Anna,Ben --expansions inns-cathedrals
# The copies of a type all played or discarded: the refusal says where.
typed nocopy <<'EOF'
E 0,1 180
C discard
draw C
C 0,2 0
U 1,0 0
K -1,0 180
K 2,0 0
K 0,-1 270
draw K
EOF
session nocopy 1 play --players Anna,Ben
expect "no copy left: the discard's move" has "$tmp/nocopy.out" \
    'refused: no copy left: the one C of the set is used, discarded at move 2'
expect "no copy left: a whole line too" test \
    "$(grep -c 'discarded at move 2$' "$tmp/nocopy.out")" = 2
expect "no copy left: how many and where on the board" has "$tmp/nocopy.out" \
    'refused: no copy left: all 3 K of the set are used, on the board at -1,0 2,0 0,-1'

# ---- French (issue 14): the table in French, the record in English ---------
# The locale is built here (tests/locale.sh, once); French sessions run
# through $FR_CARCREF.  Only the lines the REPL itself words are asserted
# (the engine's explanations and refusals are notation/'s): exactly, where
# they are the contract.  French command names work in any locale.

line() { grep -qxF -- "$2" "$1"; }	# line FILE TEXT: FILE has the line TEXT
if fr_locale "$tmp/locale"; then
	rm -rf "$CARCREF_STATE"
	typed fr <<'EOF2'
aide
aide piocher
piocher E
poser 0,-1
poser 0,-1 90
pion paysan@O
pion voleur@E
tirer V
poser 1,0 90
passer voleur@O
passer
annuler
refaire
annuler
V 1,0 90 voleur@O
scor
tuile
expliqer
annule
fi
score
défausser
DÉFAUSSER E
piocher
coups
pioche
légal E
plateau
enregistrer fr.yaml
fin
EOF2
	CARCREF=$FR_CARCREF session fr 1 play
	o=$tmp/fr.out
	expect "fr: the game starts in French" line "$o" 'édition 3, 2 joueurs : Anna, Ben'
	expect "fr: no move yet: 0 is singular" line "$o" \
	    '0 coup joué, 71 tuiles restantes ; à Anna de jouer'
	expect "fr: help's first lines" line "$o" \
	    'Un tour, pas à pas :  piocher TUILE, poser X,Y [ROT], puis pion RÔLE@POINT'
	expect "fr: help's commands" line "$o" 'commandes :'
	expect "fr: help, a French name with the English one beside it" line "$o" \
	    '  piocher (draw) TUILE            la tuile piochée : son image, et où elle peut'
	expect "fr: help, a long one on a line of its own" line "$o" \
	    '  expliquer (explain) [JOUEUR | X,Y[:POINT]]'
	expect "fr: help, score is score" line "$o" \
	    '  score                           les scores, les meeples en réserve, à qui de'
	expect "fr: help COMMAND" line "$o" 'piocher (draw) TUILE'
	expect "fr: help COMMAND, its other names" line "$o" '  se dit aussi : tirer'
	expect "fr: draw" line "$o" \
	    'Anna pioche E (reste 5 E, celle-ci comprise ; 71 tuiles dans la pioche)'
	expect "fr: where it fits" line "$o" \
	    'E va sur 2 cases, de 4 façons : poser X,Y [ROT] (légal les liste)'
	expect "fr: which rotation" line "$o" \
	    'E va en 0,-1 dans 3 rotations : 90 180 270 ; laquelle ? poser 0,-1 ROT'
	expect "fr: the meeples that may go, in French words the notation reads" line "$o" \
	    'puis un meeple : chevalier@E, paysan@N (pion RÔLE@POINT), ou passer'
	expect "fr: pion paysan@O, written back in English" line "$o" \
	    'coup 1, Anna : E 0,-1 90 farmer@W'
	expect "fr: the standings line" line "$o" \
	    '  Anna 0 [6], Ben 0 [7] ; à Ben de jouer, 70 tuiles restantes'
	expect "fr: a step too early: the hint" line "$o" \
	    'pas de tuile en main : piochez-la d'"'"'abord (piocher CODE), puis posez-la, puis pion RÔLE@POINT'
	expect "fr: tirer" line "$o" \
	    'Ben pioche V (reste 9 V, celle-ci comprise ; 70 tuiles dans la pioche)'
	expect "fr: passer with a meeple: refused" line "$o" \
	    'passer ne pose aucun meeple : pion voleur@O'
	expect "fr: passer" test "$(grep -cxF 'coup 2, Ben : V 1,0 90' "$o")" = 2
	expect "fr: annuler" line "$o" 'annulé : coup 2, Ben : V 1,0 90'
	expect "fr: annuler says where the game stands" line "$o" \
	    '1 coup joué, 70 tuiles restantes ; à Ben de jouer'
	expect "fr: a whole turn in French words, written back in English" line "$o" \
	    'coup 2, Ben : V 1,0 90 thief@W'
	expect "fr: did you mean, in French" line "$o" \
	    'commande inconnue « scor » (vouliez-vous dire « score » ?) ; aide liste les commandes'
	expect "fr: did you mean a French word" line "$o" \
	    'commande inconnue « tuile » (vouliez-vous dire « tuiles » ?) ; aide liste les commandes'
	expect "fr: did you mean expliquer" has "$o" '(vouliez-vous dire « expliquer » ?)'
	expect "fr: never a destructive suggestion" bash -c \
	    "! grep -E 'vouliez-vous dire « (annuler|fin|refaire|défausser|defausser|quitter|charger|enregistrer|sauver|passer|poser|pion|choisir) »' '$o'"
	expect "fr: an unknown command, the hint" line "$o" \
	    'commande inconnue « annule » ; aide liste les commandes, un tour s'"'"'écrit A 2,0 0 voleur@S'
	expect "fr: the score table's headings" line "$o" '  joueur score meeples'
	expect "fr: discard without a tile" line "$o" \
	    'pas de tuile en main : piochez-la d'"'"'abord (piocher CODE), ou défausser CODE'
	expect "fr: DÉFAUSSER, any case: the command (refused by the rule)" has "$o" 'refusé : '
	expect "fr: usage, with the French name" line "$o" 'usage : piocher TUILE'
	expect "fr: moves" line "$o" '   1  Anna  E 0,-1 90 farmer@W'
	expect "fr: the supply" line "$o" '69 tuiles restent dans la pioche :'
	expect "fr: légal" line "$o" 'E va sur 5 cases, de 11 façons :'
	expect "fr: the board's key" line "$o" \
	    'A Anna  B Ben  (capitale : voleur, chevalier ou moine ; minuscule : paysan)'
	expect "fr: save" line "$o" '2 coups enregistrés dans fr.yaml'
	expect "fr: end" line "$o" 'coup 3, Anna : end'
	expect "fr: the final scoring" line "$o" '  décompte final :'
	expect "fr: the final scores" line "$o" 'scores finaux :'
	expect "fr: what a game over allows" line "$o" \
	    'partie finie : enregistrer FICHIER la garde ; score, expliquer, plateau la montrent ; annuler revient en arrière'
	# What is written stays the notation's English form.
	expect "fr: the save file, in English" test "$(moves_of "$tmp/fr.yaml" | tr '\n' '|')" = \
	    'E 0,-1 90 farmer@W|V 1,0 90 thief@W|'
	expect "fr: the journal, in English" test "$(moves_of "$(journal)" | tr '\n' '|')" = \
	    'E 0,-1 90 farmer@W|V 1,0 90 thief@W|end|'
	run replay --quiet fr.yaml
	expect "fr: the save file replays" test "$code" = 0

	# A whole turn without its rotation, in French words: the one that fits.
	rm -rf "$CARCREF_STATE"
	printf 'E 0,1 chevalier@S\nV 1,0 voleur@O\n' >"$tmp/frrot.in"
	CARCREF=$FR_CARCREF STDIN=$tmp/frrot.in run play
	expect "fr: no rotation: the one that fits, said" line "$tmp/out" \
	    'rotation 180 supposée : la seule qui va en 0,1'
	expect "fr: no rotation: played, in English" line "$tmp/out" 'coup 1, Anna : E 0,1 180 knight@S'
	expect "fr: no rotation, several fit: refused, listed" line "$tmp/out" \
	    'refusé : V va en 1,0 dans 2 rotations : 0 90 ; écrivez laquelle après la position'

	# A bad --expansions is named as such in French too (the option was
	# told by the English word "expansion" in the message: --players).
	CARCREF=$FR_CARCREF run play --players Anna,Ben --expansions rivers
	expect "fr: a bad --expansions names the option" has "$tmp/err" \
	    'carcref play: --expansions: extension « rivers » inconnue'
	CARCREF=$FR_CARCREF run play --players 'A:x,Ben' --expansions river
	expect "fr: a bad --players names the option" has "$tmp/err" \
	    "carcref play : --players : nom 1, « A:x » : le nom d'un joueur"

	# Every line of help, and of each command's help, within 80 columns
	# (characters, not bytes), in French as in English: the French
	# summaries were longer (85 columns) before they were wrapped.
	printf '%s\n' aide 'aide piocher' 'aide poser' 'aide choisir' 'aide pion' \
	    'aide passer' 'aide défausser' 'aide légal' 'aide plateau' 'aide score' \
	    'aide expliquer' 'aide pioche' 'aide coups' 'aide tuiles' 'aide chercher' \
	    'aide annuler' 'aide refaire' 'aide fin' 'aide enregistrer' 'aide charger' \
	    'aide aide' 'aide quitter' >"$tmp/frhelp.in"
	for lang in fr en; do
		rm -rf "$CARCREF_STATE"
		if [ $lang = fr ]; then
			CARCREF=$FR_CARCREF STDIN=$tmp/frhelp.in run play
		else
			STDIN=$tmp/frhelp.in run play
		fi
		expect "$lang: every help line within 80 columns" \
		    perl -CSD -ne 'chomp; $bad = 1 if length > 80; END { exit $bad ? 1 : 0 }' "$tmp/out"
		expect "$lang: help said" grep -q 'Tab' "$tmp/out"
	done

	# French names in the default locale: the same commands, English words.
	rm -rf "$CARCREF_STATE"
	printf '%s\n' 'tuiles E' 'tirer E' 'poser 0,-1 90' 'pion paysan@O' 'aide piocher' \
	    'piocher' 'pioche' 'annuler' 'tuile' >"$tmp/fren.in"
	STDIN=$tmp/fren.in run play
	expect "French names in English: draw" line "$tmp/out" \
	    'Anna draws E (5 E left, this one included; 71 tiles in the supply)'
	expect "French names in English: the move, in English" line "$tmp/out" \
	    'move 1, Anna: E 0,-1 90 farmer@W'
	expect "French names in English: the standings line" line "$tmp/out" \
	    '  Anna 0 [6], Ben 0 [7]; Ben to play, 70 tiles left'
	expect "French names in English: help shows the English name" line "$tmp/out" 'draw TILE'
	expect "French names in English: no French in help" lacks "$tmp/out" 'tirer'
	expect "French names in English: usage, the English name" line "$tmp/out" 'usage: draw TILE'
	expect "French names in English: supply" line "$tmp/out" '70 tiles left in the supply:'
	expect "French names in English: undo" line "$tmp/out" \
	    'undone: move 1, Anna: E 0,-1 90 farmer@W'
	expect "French names in English: did you mean, English first" line "$tmp/out" \
	    'unknown command "tuile" (did you mean "tuiles"?); help lists the commands'
	expect "French names in English: nothing refused but the typo" test "$code" = 1
else
	not_ok "fr_FR.UTF-8 cannot be built (localedef; Debian package locales)"
fi

# ---- names: transliterated, normalised, invisible characters (issue 18) ------

# A game's name transliterates its players' names (letters were dropped:
# Léa was "la"); a name of another script is its seat.
rm -rf "$CARCREF_STATE"
printf 'E 0,1 180\n' >"$tmp/tr.in"
STDIN=$tmp/tr.in run play --players "$(printf 'L\303\251a,Zo\303\251,J\303\266rg,\303\206r\303\270,Stra\303\237e,\305\222dipe,\320\201\320\273\320\272\320\260,\345\274\240\344\274\237')"
expect "a game's name transliterates: lea, zoe, jorg, aero, strasse, oedipe, elka, p8" \
    grep -qx "$day-lea-zoe-jorg-aero-strasse-oedipe-elka-p8\.yaml" <(ls "$CARCREF_STATE/games")
# é precomposed (U+00E9) and decomposed (e, U+0301) are one name; so are
# names apart by an invisible character only.
nfc=$(printf 'L\303\251a') nfd=$(printf 'Le\314\201a') zw=$(printf 'Ann\342\200\213')
run play --players "$nfc,$nfd"
expect "play --players: é and e + U+0301 are one name" test "$code" = 2
expect "play --players: ... refused as two players of one name" has "$tmp/err" \
    "carcref play: --players: two players are named \"$nfd\""
run play --players "$zw,Ann"
expect "play --players: Ann and Ann + U+200B are one name" has "$tmp/err" \
    'carcref play: --players: two players are named "Ann"'
printf '%s: E 0,1 180\nann: V 1,0 90\nscore\n' "$nfd" >"$tmp/alike.in"
session alike 0 play --players "$nfc,$zw"
expect "a turn's PLAYER: decomposed names the precomposed player" has "$tmp/alike.out" \
    "move 1, $nfc: E 0,1 180"
expect "the invisible character is printed as an escape" has "$tmp/alike.out" \
    'move 2, Ann\u200b: V 1,0 90'
expect "no raw invisible character reaches the terminal" lacks "$tmp/alike.out" "$zw"

# ---- a real terminal: completion, history, Ctrl-C, Ctrl-D, colour -----------

if ! command -v tmux >/dev/null; then
	echo "SKIP: tmux is missing: completion, history, Ctrl-C and Ctrl-D through a" \
	    "terminal are not tested"
else
	T() { tmux -f /dev/null -S "$sock" "$@"; }
	# term_close: the terminal closes (its window gone: its shell is sent
	# SIGHUP, carcref reads the end of its input); carcref must end by
	# itself, and is reaped.
	term_close() {
		local kids
		kids=$(term_kids "$sock")
		T kill-server 2>/dev/null
		reap $kids || not_ok "tmux: carcref still ran 10 s after its terminal closed (killed)"
	}
	# wait_for REGEX: until the screen shows REGEX (10 s at most).
	wait_for() {
		for _ in $(seq 200); do
			T capture-pane -p -J ${E-} >"$tmp/pane" 2>/dev/null
			grep -qE -- "$1" "$tmp/pane" && return 0
			sleep 0.05
		done
		return 1
	}
	screen() {	# screen WHAT REGEX: a check on the screen
		if wait_for "$2"; then ok; else
			not_ok "tmux: $1 (the screen never showed /$2/)"
			grep -v '^$' "$tmp/pane" | tail -12 | sed 's/^/  | /'
		fi
	}
	# start ENV... -- ARGS...: carcref in a new 120x40 terminal.
	start() {
		local envs=()
		while [ "$1" != -- ]; do envs+=("$1"); shift; done
		shift
		# A new server each time: one being killed may linger a moment.
		term_close
		sock=$tmp/tmux.$((${sock##*.} + 1))
		T new-session -d -x 120 -y 40 -c "$tmp" \
		    "$(printf '%q ' env -u NO_COLOR CARCREF_STATE="$tmp/tty" \
		    ${CARCREF_DATA:+CARCREF_DATA="$CARCREF_DATA"} "${envs[@]}" "$CARCREF" "$@"); echo EXIT=\$?; sleep 600"
	}
	keys() { T send-keys "$@"; sleep 0.1; }

	start -- play
	screen "the prompt names the player" '^Anna> ?$'
	keys 'dr' Tab
	screen "Tab completes a command" '^Anna> draw ?$'
	keys 'e' Tab
	screen "Tab completes a tile code" '^Anna> draw E ?$'
	keys Enter
	screen "the prompt shows the tile in hand" '^Anna \[E\]> ?$'
	keys 'place ' Tab
	screen "Tab completes the squares where the tile fits" '^Anna \[E\]> place 0,$'
	keys Tab Tab
	screen "Tab Tab lists them" '^0,-1 +0,1 *$'
	keys '1' Tab
	screen "Tab completes a square" '^Anna \[E\]> place 0,1 ?$'
	keys Tab
	screen "Tab completes the one rotation that fits there" '^Anna \[E\]> place 0,1 180 ?$'
	keys 'kn' Tab
	screen "Tab completes a role and its feature's spot" '^Anna \[E\]> place 0,1 180 knight@S $'
	keys Enter
	screen "the move is played" '^move 1, Anna: E 0,1 180 knight@S$'
	screen "the prompt goes to the next player" '^Ben> ?$'
	keys 'garbage'
	keys C-c
	keys 'score' Enter
	screen "Ctrl-C abandons the line, not the game" '^> Ben +0 +7$'
	expect "tmux: the abandoned line was not run" lacks "$tmp/pane" 'garbage"'
	keys Up
	screen "history: Up brings back the last line" '^Ben> score$'
	keys Up
	screen "history: and the one before" '^Ben> place 0,1 180 knight@S ?$'
	keys C-c
	keys 'board' Enter
	E=-e screen "the board is in colour on a terminal" $'\033\\[[0-9;]*m'
	keys 'draw V' Enter
	keys 'xyz' C-c
	screen "Ctrl-C with a tile in hand: the tile stays, and that is said" \
	    '^\(V is still in hand: place it \(place X,Y \[ROT\]\), or draw another to change it'
	keys C-d
	screen "Ctrl-D with a tile in hand: asks before dropping it" \
	    'V is in hand, not played: drop it\? \(y/N\) ?$'
	keys Enter
	screen "Ctrl-D: the tile kept for resume" '^V kept in hand: carcref resume [0-9-]+-anna-ben gives it back$'
	screen "Ctrl-D leaves, naming the game that keeps the moves" \
	    '^the game is kept as [0-9-]+-anna-ben \(1 move\): carcref resume [0-9-]+-anna-ben brings it back$'
	screen "Ctrl-D: exit 0" '^EXIT=0$'
	expect "tmux: the history file" grep -qx score "$tmp/tty/history"

	start NO_COLOR=1 -- resume
	screen "resume in a terminal: the tile kept is in hand again" '^V is in hand again'
	screen "resume in a terminal: the game is back" '^Ben \[V\]> ?$'
	keys Up
	screen "history is kept across sessions" '^Ben \[V\]> draw V$'
	keys Up
	screen "history, further back" '^Ben \[V\]> board *$'
	keys C-c
	keys 'board' Enter
	screen "the board" '^A Anna  B Ben'
	T capture-pane -p -e >"$tmp/pane"
	expect "tmux: NO_COLOR: no colour" lacks "$tmp/pane" $'\033['
	# end and undo N ask first on a terminal; redo puts back what undo took.
	keys 'V 1,0 90' Enter
	screen "a second move" '^move 2, Ben: V 1,0 90$'
	keys 'undo 2' Enter
	screen "undo 2 asks first" '^take back the last 2 moves, back to move 0\? \(y/N\) $'
	keys 'n' Enter
	screen "undo 2, no: nothing undone" '^nothing undone$'
	keys -l end	# (-l: to tmux, end alone is the End key)
	keys Enter
	screen "end asks first" '^end the game here, with 69 tiles left, and score it\? \(y/N\) $'
	keys Enter
	screen "end, no (the default): the game goes on" '^the game goes on$'
	keys 'moves' Enter
	screen "no: the moves are all there" '^   2  Ben   V 1,0 90$'
	keys 'undo 2' Enter
	keys 'y' Enter
	screen "undo 2, yes: undone" '^undone: move 1, Anna: E 0,1 180 knight@S$'
	keys 'redo 2' Enter
	screen "redo 2: the moves are back" '^move 2, Ben: V 1,0 90$'
	keys 'quit' Enter
	screen "quit names the game" '^the game is kept as [0-9-]+-anna-ben \(2 moves\): carcref'
	screen "quit: exit 0" '^EXIT=0$'

	start -- resume --yes
	screen "resume --yes: the game is back" '^Anna> ?$'
	keys -l end
	keys Enter
	screen "end with --yes: no question" '^final scores:$'
	expect "tmux: --yes asks nothing" lacks "$tmp/pane" '(y/N)'
	keys 'quit' Enter
	screen "resume --yes: exit 0" '^EXIT=0$'

	# Four edge letters where a code goes: Tab turns them into the codes of
	# the tiles that show them.  A tile with no copy left is never offered,
	# nor the squares where it would fit.
	start NO_COLOR=1 -- play --players Cleo,Dan
	screen "a game for completion by edges" '^Cleo> ?$'
	keys 'draw crfr' Tab
	screen "Tab turns edges into the one code that shows them" '^Cleo> draw D *$'
	keys C-u 'ffrr' Tab
	screen "edges first on the line: a whole turn's tile" '^Cleo> V *$'
	keys C-u 'draw cfcf' Tab Tab
	screen "Tab Tab lists the codes that show the edges" '^F +G +H *$'
	screen "the edges typed stay on the line" '^Cleo> draw cfcf *$'
	keys C-u 'C 0,1 0' Enter
	screen "C, one of a kind, is played" '^move 1, Cleo: C 0,1 0$'
	keys 'C ' Tab Tab
	sleep 0.3
	T capture-pane -p -J >"$tmp/pane"
	expect "tmux: no squares for a tile with no copy left" \
	    bash -c "! grep -qE '^-1,1 +0,2' '$tmp/pane'"
	keys C-u 'draw cccc' Tab
	sleep 0.3
	T capture-pane -p -J >"$tmp/pane"
	expect "tmux: edges complete to no tile with no copy left" \
	    grep -qE '^Dan> draw cccc *$' "$tmp/pane"
	keys C-u 'draw ' Tab Tab
	screen "Tab Tab after draw lists the tiles left, C not among them" '^A +B +D +E +F '
	keys C-u 'find --t' Tab
	screen "Tab completes find's options" '^Dan> find --two-cities *$'
	keys C-u 'quit' Enter
	screen "completion by edges: exit 0" '^EXIT=0$'

	# French: Tab offers the French names; the questions take o and oui.
	if [ -n "${FR_CARCREF-}" ]; then
		start LOCPATH="$tmp/locale" LC_ALL=fr_FR.UTF-8 -- play
		screen "fr: the prompt" '^Anna> ?$'
		keys 'ai' Tab
		screen "fr: Tab completes a French command" '^Anna> aide ?$'
		keys C-u 'pio' Tab Tab
		screen "fr: Tab Tab lists the French names" '^pioche +piocher +pion *$'
		keys C-u 'piocher E' Enter
		keys 'poser ' Tab
		screen "fr: Tab after a French command" '^Anna \[E\]> poser 0,$'
		keys C-u 'poser 0,1 180 chevalier@S' Enter
		screen "fr: the move, in English" '^coup 1, Anna : E 0,1 180 knight@S$'
		keys 'V 1,0 90' Enter
		keys 'annuler 2' Enter
		screen "fr: annuler 2 asks, in French" \
		    '^reprendre les 2 derniers coups, pour revenir au coup 0 \? \(o/N\) $'
		keys 'oui' Enter
		screen "fr: oui: undone" '^annul.* : coup 1, Anna : E 0,1 180 knight@S$'
		keys 'fin' Enter
		screen "fr: fin asks, in French" \
		    '^finir la partie ici, avec 71 tuiles restantes, et faire le d.*compte final \? \(o/N\) $'
		keys 'O' Enter
		screen "fr: O: the game ends" '^scores finaux :$'
		keys 'quitter' Enter
		screen "fr: quitter: exit 0" '^EXIT=0$'
		# In English, Tab offers the English names only; the French work.
		start -- play
		screen "en: the prompt" '^Anna> ?$'
		keys 'ai' Tab
		sleep 0.3
		T capture-pane -p -J >"$tmp/pane"
		expect "tmux: in English, Tab offers no French name" grep -qE '^Anna> ai *$' "$tmp/pane"
		keys C-u 'aide' Enter
		screen "en: aide is help" '^A turn, step by step:'
		keys 'quitter' Enter
		screen "en: quitter: exit 0" '^EXIT=0$'
	fi
	term_close
fi

# ---- issue 18 A: nothing acknowledged is ever lost (journal, hand, disk) ------

# A session fed a line at a time, its output read as it comes:
#   live NAME LIMIT ARGS...  carcref ARGS in $tmp in the background, its
#                            input the fifo written by say, its output in
#                            $tmp/NAME.out; LIMIT a file size limit in
#                            blocks (ulimit -S -f: the disk "full") or -
#   say LINE...              lines typed
#   seen TEXT                wait (10 s at most) until the output shows TEXT
#   over                     end of the input: $livecode is the exit status
# $livepid is the carcref process itself (for prlimit and kill).
live() {
	local name=$1 lim=$2
	shift 2
	liveout=$tmp/$name.out
	rm -f "$tmp/$name.fifo" "$tmp/$name.pipe"
	mkfifo "$tmp/$name.fifo" "$tmp/$name.pipe"
	# (Through a pipe: the file size limit is for every file it writes.)
	cat "$tmp/$name.pipe" >"$liveout" &
	livecat=$!
	(cd "$tmp" && { [ "$lim" = - ] || ulimit -S -f "$lim"; } &&
	    exec "$CARCREF" "$@" <"$tmp/$name.fifo" >"$tmp/$name.pipe" 2>&1) &
	livepid=$!
	exec 5>"$tmp/$name.fifo"
}
say() { printf '%s\n' "$@" >&5; }
seen() { waitfile=$liveout wait_out "$1"; }
over() {
	exec 5>&-
	wait "$livepid" 2>/dev/null
	livecode=$?
	wait "$livecat"
	sed -i "s|$tmp|TMP|g" "$liveout"
}
a18=$tmp/a18
oldstate=$CARCREF_STATE
export CARCREF_STATE=$a18
mkdir -p "$a18/games"
# jrec NAME MOVE...: a journal kept as carcref writes it.
jrec() {
	local f=$a18/games/$1.yaml m
	shift
	printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n' >"$f"
	for m in "$@"; do printf '  - %s\n' "$m" >>"$f"; done
}

# 1. A journal edited by hand whose last block is not moves: (players:
# written after it, as a list) took the next move as a player.  A move is
# appended only where the reader says it is the next move; else the
# journal is rewritten whole.
printf 'format: carcref/1\nmoves:\n  - W 1,0 0\nplayers:\n  - Anna\n  - Ben\n' >"$a18/games/edited.yaml"
printf 'V 1,1 90\n' >"$tmp/a18-1.in"
STDIN=$tmp/a18-1.in run resume edited
expect "18A1: players: after moves: the move is accepted" has "$tmp/out" 'move 2, Ben: V 1,1 90'
expect "18A1: the move lands among the moves" \
    test "$(moves_of "$a18/games/edited.yaml" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"
expect "18A1: no player is made of it" \
    test "$("$CARCREF" replay "$a18/games/edited.yaml" 2>&1 | grep -c '^  [0-9]\. ')" = 2
# A journal as carcref writes it is still appended to: the same file.
jrec plain "W 1,0 0"
ino=$(stat -c %i "$a18/games/plain.yaml")
STDIN=$tmp/a18-1.in run resume plain
expect "18A1: a journal in carcref's shape: appended to, not rewritten" \
    test "$(stat -c %i "$a18/games/plain.yaml")" = "$ino"
expect "18A1: ... and it holds the move" \
    test "$(moves_of "$a18/games/plain.yaml" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"

# 2. save FILE and board --svg FILE aimed at the live journal, by its path,
# a symlink or a hard link, are refused: later moves went into the
# replaced file and were lost.
jrec live "W 1,0 0"
ln -s "$a18/games/live.yaml" "$tmp/live-sym.yaml"
ln "$a18/games/live.yaml" "$tmp/live-hard.yaml"
printf '%s\n' "save $a18/games/live.yaml" "save live-sym.yaml" "board --svg live-sym.yaml" \
    "save live-hard.yaml" "V 1,1 90" >"$tmp/a18-2.in"
want a18-2 <<'END18'
carcref: resumed live (TMP/a18/games/live.yaml)
edition 3, 2 players: Anna, Ben
1 move played, 70 tiles left; Ben to play
  player score meeples
  Anna       0       7
> Ben        0       7
save: TMP/a18/games/live.yaml is the journal of the game in play: it is never written over; choose another file
save: live-sym.yaml is the journal of the game in play: it is never written over; choose another file
board: live-sym.yaml is the journal of the game in play: it is never written over; choose another file
save: live-hard.yaml is the journal of the game in play: it is never written over; choose another file
move 2, Ben: V 1,1 90
  Anna 0 [7], Ben 0 [7]; Anna to play, 69 tiles left
END18
session a18-2 1 resume live
expect "18A2: the journal holds every move after the refusals" \
    test "$(moves_of "$a18/games/live.yaml" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"
expect "18A2: the symlink still points to it" test -L "$tmp/live-sym.yaml"
# A file put over the journal while the game is played (an editor saving
# it, a rename): said, that file kept aside, the journal written again
# whole; removed: written again.
jrec swap "W 1,0 0"
live a18-2b - resume swap
seen "carcref: resumed swap"
{ cat "$a18/games/swap.yaml"; echo "# edited"; } >"$tmp/swap-ed.yaml"
mv "$tmp/swap-ed.yaml" "$a18/games/swap.yaml"
say "V 1,1 90"
seen "move 2, "
rm "$a18/games/swap.yaml"
say "U -1,0 0"
seen "move 3, "
over
expect "18A2: a file renamed over the journal: said" has "$liveout" \
    "warning: the journal TMP/a18/games/swap.yaml was replaced by another file (an editor's?); that file is kept as TMP/a18/games/swap.yaml.replaced, and the journal is written again, whole, from the game in play"
expect "18A2: the other file kept aside, as it was" \
    test "$(tail -1 "$a18/games/swap.yaml.replaced" 2>/dev/null)" = "# edited"
expect "18A2: the journal removed: said" has "$liveout" \
    'warning: the journal TMP/a18/games/swap.yaml was removed; it is written again, whole, from the game in play'
expect "18A2: the journal holds every move accepted" \
    test "$(moves_of "$a18/games/swap.yaml" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;U -1,0 0;"

# 3. load FILE with a tile in hand keeps it for its game, as Ctrl-D does.
jrec loadme "W 1,0 0"
cp "$a18/games/loadme.yaml" "$tmp/other.yaml"
printf 'draw V\nplace 1,1 90\nload other.yaml\n' >"$tmp/a18-3.in"
STDIN=$tmp/a18-3.in run resume loadme
expect "18A3: load with a tile in hand: kept, and said" \
    has "$tmp/out" 'V kept in hand: carcref resume loadme gives it back'
expect "18A3: load with a tile in hand: the note beside its journal" \
    test "$(cat "$a18/games/loadme.hand" 2>/dev/null)" = "V 1,1 90"
expect "18A3: the game is loaded after" has "$tmp/out" 'loaded other.yaml: edition 3, Anna, Ben'
# The terminal closed (SIGHUP) with a tile in hand: kept too; the
# process then ends of the signal.
jrec hup "W 1,0 0"
live a18-3b - resume hup
say "draw V" "place 1,1 90"
seen "V at 1,1 rotation 90"
kill -HUP "$livepid"
over
expect "18A3: SIGHUP with a tile in hand: kept" test "$(cat "$a18/games/hup.hand" 2>/dev/null)" = "V 1,1 90"
expect "18A3: SIGHUP: said" has "$liveout" 'V kept in hand: carcref resume hup gives it back'
expect "18A3: SIGHUP: the process ends of it" test "$livecode" = 129
# The same at a terminal, readline waiting for a line: the terminal closed.
if command -v tmux >/dev/null; then
	jrec hup2 "W 1,0 0"
	start CARCREF_STATE="$a18" -- resume hup2
	screen "18A3: a game at a terminal" '^Ben> ?$'
	keys 'draw V' Enter
	screen "18A3: a tile in hand at a terminal" '^Ben \[V\]> ?$'
	term_close	# the terminal closes: its shell is sent SIGHUP
	for _ in $(seq 200); do [ -e "$a18/games/hup2.hand" ] && break; sleep 0.05; done
	expect "18A3: the terminal closed with a tile in hand: kept" \
	    test "$(cat "$a18/games/hup2.hand" 2>/dev/null)" = V
	# Only the terminal's shell is sent SIGHUP; carcref reads the end of
	# its input, which is no Ctrl-D: the session ends as of SIGHUP, the
	# tile kept without a question, the process ending of the signal
	# (129; it used to end 0 after the question, and an ASan build, its
	# leak checker stopping the world as the shell died, spun for ever).
	# Here the shell ignores SIGHUP, to tell carcref's status.
	jrec hup3 "W 1,0 0"
	T kill-server 2>/dev/null
	sock=$tmp/tmux.$((${sock##*.} + 1))
	T new-session -d -x 120 -y 40 -c "$tmp" \
	    "trap '' HUP; $(printf '%q ' env CARCREF_STATE="$a18" \
	    ${CARCREF_DATA:+CARCREF_DATA="$CARCREF_DATA"} "$CARCREF" resume hup3) \
	    >'$tmp/hup3.out' 2>&1; echo \$? >'$tmp/hup3.status'"
	for _ in $(seq 200); do has "$tmp/hup3.out" 'Ben to play' 2>/dev/null && break; sleep 0.05; done
	T send-keys 'draw V' Enter 'place 1,1 90' Enter
	for _ in $(seq 200); do has "$tmp/hup3.out" 'rotation 90' 2>/dev/null && break; sleep 0.05; done
	term_close
	for _ in $(seq 200); do [ -s "$tmp/hup3.status" ] && break; sleep 0.05; done
	expect "18A3: the terminal closed: the process ends of SIGHUP" \
	    test "$(cat "$tmp/hup3.status" 2>/dev/null)" = 129
	expect "18A3: the terminal closed: the tile kept" \
	    test "$(cat "$a18/games/hup3.hand" 2>/dev/null)" = "V 1,1 90"
	expect "18A3: the terminal closed: no question asked" lacks "$tmp/hup3.out" 'drop it?'
fi

# 4. A first write that fails (the disk full, here a file size limit of
# 0) is refused, and once there is room the next move is recorded: it
# failed for good ("No such file or directory").  The same for a game
# taken from a file.
if ! command -v prlimit >/dev/null; then
	echo "SKIP: prlimit is missing: a journal's write after a full disk is not tested"
else
	live a18-4 0 play
	say "W 1,0 0"
	seen "not recorded:"
	prlimit --pid "$livepid" --fsize=unlimited:
	say "W 1,0 0" "V 1,1 90"
	seen "move 2, "
	over
	expect "18A4: the first write refused" \
	    grep -qE "^not recorded: TMP/a18/games/$day-anna-ben(-[0-9]+)?\.yaml: File too large; the move was not played\$" "$liveout"
	expect "18A4: once there is room, the next moves are recorded" \
	    test "$(moves_of "$(journal)" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"
	expect "18A4: never wedged" lacks "$liveout" 'No such file or directory'
	for how in play load; do
		jrec "from-$how" "W 1,0 0"
		mv "$a18/games/from-$how.yaml" "$tmp/from-$how.yaml"
		if [ $how = play ]; then
			live "a18-4$how" 0 play "from-$how.yaml"
		else
			live "a18-4$how" 0 play --players Carl,Dora
			say "load from-$how.yaml"
		fi
		seen "the next move will try again"
		prlimit --pid "$livepid" --fsize=unlimited:
		say "V 1,1 90"
		seen "move 2, "
		over
		expect "18A4: $how FILE on a full disk: the next move is recorded" \
		    has "$liveout" 'move 2, Ben: V 1,1 90'
		expect "18A4: $how FILE on a full disk: its journal holds the game" \
		    test "$(moves_of "$(journal)" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"
	done
fi
# The same on a real full disk (ENOSPC): a small tmpfs, in a mount
# namespace of its own, where mounting is permitted.
cat >"$tmp/enospc.sh" <<'END18'
set -u
disk=$1 out=$2
mount -t tmpfs -o size=64k tmpfs "$disk" 2>/dev/null || exit 77
export CARCREF_STATE=$disk/state
dd if=/dev/zero of="$disk/fill" bs=4k 2>/dev/null
mkfifo "$disk/in"
"$CARCREF" play <"$disk/in" >"$out" 2>&1 &
pid=$!
exec 3>"$disk/in"
echo "W 1,0 0" >&3
for _ in $(seq 200); do grep -q 'not recorded' "$out" && break; sleep 0.05; done
rm "$disk/fill"
echo "W 1,0 0" >&3
echo "V 1,1 90" >&3
exec 3>&-
wait "$pid"
cat "$disk"/state/games/*.yaml >"$out.journal"
exit 0
END18
mkdir -p "$tmp/disk"
if command -v unshare >/dev/null &&
    CARCREF=$CARCREF unshare -m bash "$tmp/enospc.sh" "$tmp/disk" "$tmp/enospc.out" 2>/dev/null; then
	expect "18A4: a full disk (ENOSPC): the first move refused" \
	    grep -q 'No space left on device; the move was not played' "$tmp/enospc.out"
	expect "18A4: a full disk (ENOSPC): once there is room, the moves are recorded" \
	    test "$(moves_of "$tmp/enospc.out.journal" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"
else
	echo "SKIP: no tmpfs can be mounted here: a real full disk (ENOSPC) is not tested"
fi

# 5. A .hand that is not a regular file hung resume; one naming an
# unknown tile, a tile not in the supply, or garbage was deleted unsaid:
# kept aside, with a message.  A place kept that is no longer legal is
# said to be dropped, not "as it was".
jrec h5 "C 0,1 0"
mkfifo "$a18/games/h5.hand"
printf 'score\n' >"$tmp/a18-5.in"
STDIN=$tmp/a18-5.in TIMEOUT=5 run resume h5
expect "18A5: a FIFO as .hand: resume does not hang" test "$code" = 0
expect "18A5: a FIFO as .hand: said, and kept aside" has "$tmp/out" \
    "the tile kept in hand is not given back: not a regular file; its file is kept as $a18/games/h5.hand.unusable"
expect "18A5: a FIFO as .hand: moved, never deleted" test -p "$a18/games/h5.hand.unusable"
# with_hand TEXT: resume h5 with TEXT kept in hand.
with_hand() {
	rm -f "$a18/games/h5.hand"
	printf '%s\n' "$1" >"$a18/games/h5.hand"
	STDIN=$tmp/a18-5.in run resume h5
}
# aside WHAT N TEXT: the Nth file kept aside holds TEXT, as it was.
aside() {
	expect "18A5: $1: kept aside, as it was" \
	    test "$(cat "$a18/games/h5.hand.unusable-$2" 2>/dev/null)" = "$3"
}
with_hand ZZ
expect "18A5: an unknown tile: said" has "$tmp/out" \
    "the tile kept in hand is not given back: unknown tile \"ZZ\"; its file is kept as $a18/games/h5.hand.unusable-2"
aside "an unknown tile" 2 ZZ
with_hand C
expect "18A5: a tile not in the supply: said" has "$tmp/out" \
    'the tile kept in hand is not given back: C may not be drawn now: '
aside "a tile not in the supply" 3 C
with_hand 'V 1,1 banana'
expect "18A5: garbage: said" has "$tmp/out" \
    "the tile kept in hand is not given back: V, then words that are not a place; its file is kept as $a18/games/h5.hand.unusable-4"
aside garbage 4 'V 1,1 banana'
with_hand 'V 9,9 90'
expect "18A5: a place no longer legal: the tile back, the place said dropped" has "$tmp/out" \
    'V is in hand again, but no longer placed: where it lay, 9,9 rotation 90, is not legal now (a tile must touch the board along an edge'
expect "18A5: a place no longer legal: not \"as it was\"" lacks "$tmp/out" 'as it was'
expect "18A5: nothing of a .hand deleted" \
    test "$(ls "$a18/games" | grep -c '^h5\.hand\.unusable')" = 4

# 6. A locks/ directory the user may not write: resume said "another
# carcref session is playing ...", a new game tried 100,000 names before
# "no free name".  The error is said as it is, at once, with its path.
# (Root passes permissions by: as root, the checks run as nobody.)
ro=$tmp/ro
mkdir -p "$ro/state/games" "$ro/state/locks"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - W 1,0 0\n' >"$ro/state/games/g.yaml"
chmod 555 "$ro/state/locks"
asuser=() rocr=$CARCREF rodata=${CARCREF_DATA-}
if [ "$(id -u)" = 0 ]; then
	# nobody runs its own copy of carcref and of the tile data, in $ro:
	# the checkout may lie under a directory only root may enter (as
	# mktemp -d makes them), and $tmp is opened to others (711) meanwhile.
	mkdir -p "$ro/bin"
	cp "$CARCREF" "$ro/bin/carcref" && rocr=$ro/bin/carcref
	[ -n "$rodata" ] && cp -r "$rodata" "$ro/tiles" && rodata=$ro/tiles
	chmod 711 "$tmp"
	chown -R 65534:65534 "$ro"
	asuser=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
if [ ${#asuser[@]} -gt 0 ] && ! CARCREF_DATA=$rodata "${asuser[@]}" "$rocr" tiles A >/dev/null 2>&1; then
	echo "SKIP: carcref cannot run as nobody here: a read-only locks/ is not tested"
else
	(cd "$tmp" && CARCREF_DATA=$rodata CARCREF_STATE=$ro/state timeout "$TIMEOUT" \
	    "${asuser[@]}" "$rocr" resume g </dev/null >"$tmp/out" 2>"$tmp/err")
	code=$?
	expect "18A6: read-only locks/: resume fails" test "$code" = 2
	expect "18A6: read-only locks/: said as it is, with the path" has "$tmp/err" \
	    "carcref: cannot lock $ro/state/locks/g.lock: Permission denied"
	expect "18A6: read-only locks/: no other session blamed" lacks "$tmp/err" 'another carcref session'
	(cd "$tmp" && echo 'W 1,0 0' | CARCREF_DATA=$rodata CARCREF_STATE=$ro/state \
	    timeout "$TIMEOUT" "${asuser[@]}" "$rocr" play >"$tmp/out" 2>&1)
	expect "18A6: read-only locks/: a new game's move refused at once, with the path" \
	    grep -qE "^not recorded: cannot lock $ro/state/locks/$day-anna-ben\.lock: Permission denied; the move was not played\$" "$tmp/out"
	expect "18A6: read-only locks/: no name hunt" lacks "$tmp/out" 'no free name'
fi
[ "$(id -u)" = 0 ] && chmod 700 "$tmp"
chmod 755 "$ro/state/locks"
export CARCREF_STATE=$oldstate
# ---- issue 18 C/D: the table: draw order, sets not in play, rotations, undo,
# ---- hills, the example turn, completion, paths with blanks ----------------

# supply_of FILE: supply's table in FILE; sum_supply FILE: its counts added up.
supply_of() {
	awk '/tiles? (left in the supply|unplayed)/ { f = 1; next }
	     f && /^  [A-Z][A-Za-z-]* +[0-9]/ { print; next } { f = 0 }' "$1"
}
sum_supply() { supply_of "$1" | awk '{ for (i = 2; i <= NF; i += 2) n += $i } END { print n + 0 }'; }
# example_of FILE: the turn a hint shows ("a turn looks like U 0,1 0").
example_of() { sed -n 's/.*a turn looks like \(.*\)$/\1/p' "$1" | head -1; }
rm -rf "$CARCREF_STATE"

# 14. With the River, a tile held back is refused at draw, with the rule;
# nothing is in hand after it.  legal says why it cannot be drawn yet.
printf 'draw D\nplace 0,1\ndraw RV-L\nlegal D\n' >"$tmp/i18river.in"
STDIN=$tmp/i18river.in run play --expansions river
expect "i18 14: draw D before the river: refused at draw" line "$tmp/out" \
    'refused: the river comes first: D may not be drawn while 11 river tiles are left'
expect "i18 14: nothing in hand after the refusal" has "$tmp/out" 'no tile in hand: draw it first'
expect "i18 14: the lake before the river: refused at draw" line "$tmp/out" \
    'refused: the lake comes last of the river: RV-L may not be drawn while 10 other river tiles are left'
expect "i18 14: legal says the tile cannot be drawn now" line "$tmp/out" \
    '(the river comes first: D may not be drawn while 11 river tiles are left)'
expect "i18 14: no draw line for D" lacks "$tmp/out" 'draws D'

# 15. A tile of a set not in play: the set named, at draw and legal.
# supply lists the sets in play only, its counts adding up to its figure.
rm -rf "$CARCREF_STATE"
printf 'draw IC-A\ndraw RV-D\nlegal HS-A\nsupply\n' >"$tmp/i18sets.in"
STDIN=$tmp/i18sets.in run play
expect "i18 15: draw IC-A names the set not in play" line "$tmp/out" \
    'refused: IC-A is a tile of inns-cathedrals, which is not in play in this game'
expect "i18 15: draw RV-D too" line "$tmp/out" \
    'refused: RV-D is a tile of river, which is not in play in this game'
expect "i18 15: legal HS-A too" line "$tmp/out" \
    'refused: HS-A is a tile of hills-sheep, which is not in play in this game'
expect "i18 15: never no copy left for them" lacks "$tmp/out" 'no copy left'
supply_of "$tmp/out" >"$tmp/i18supply"
expect "i18 15: supply: the base game's tiles only" test "$(grep -cE '(IC|RV|TB|HS)-' "$tmp/i18supply")" = 0
expect "i18 15: supply: its 24 types" test "$(wc -w <"$tmp/i18supply")" = 48
expect "i18 15: supply's counts add up to its figure" test "$(sum_supply "$tmp/out")" = 71
# Hills & Sheep: a tile slid under a hill is said where it is, and counted.
rm -rf "$CARCREF_STATE"
printf 'HS-C 0,1 180\nsupply\nscore\n' >"$tmp/i18hills.in"
STDIN=$tmp/i18hills.in run play --expansions hills-sheep
expect "i18 15: supply with a tile under a hill" line "$tmp/out" \
    '88 tiles unplayed: 87 left to draw, 1 hidden under hills (its type unknown):'
expect "i18 15: those counts add up too" test "$(sum_supply "$tmp/out")" = 88
supply_of "$tmp/out" >"$tmp/i18supply"
expect "i18 15: supply with hills: sets in play only" test "$(grep -cE '(IC|RV|TB)-' "$tmp/i18supply")" = 0
expect "i18 15: supply with hills: its tiles listed" grep -q 'HS-P' "$tmp/i18supply"
# 18. The hill tile tells the table what to do by hand; another tile nothing.
expect "i18 18: a hill: slide a tile under it" line "$tmp/out" \
    '  HS-C at 0,1 has a hill: slide one tile from the supply under it, face down, unseen'
expect "i18 18: the state line agrees" line "$tmp/out" \
    '1 move played, 87 tiles left (and 1 hidden); Ben to play'
rm -rf "$CARCREF_STATE"
printf 'E 0,1 180\nV 1,0 90\n' >"$tmp/i18nohill.in"
STDIN=$tmp/i18nohill.in run play --expansions hills-sheep
expect "i18 18: no hill, no word" lacks "$tmp/out" 'slide'

# 16. A rotation that does not fit: the ones that do at that square; a
# coordinate beyond the limit: the limit.
rm -rf "$CARCREF_STATE"
printf 'draw E\nplace 0,1 0\nplace 100000001,0\nplace 0,-100000001 90\nE 200000000,0 0\nE 0,1 90\ndraw B\nB -1,0 0\n' \
    >"$tmp/i18rot.in"
STDIN=$tmp/i18rot.in run play
expect "i18 16: place: the rotation that fits there" line "$tmp/out" \
    'refused: edges must match: E at 0,1 rotation 0: its S edge is field, the tile at 0,0 shows city on its N edge; the rotation that fits at 0,1: 180'
expect "i18 16: a whole turn: no rotation fits there" line "$tmp/out" \
    'refused: edges must match: B at -1,0 rotation 0: its E edge is field, the tile at 0,0 shows road on its W edge; no rotation of B fits at -1,0'
expect "i18 16: place: the coordinate's limit" line "$tmp/out" \
    'a coordinate goes from -100000000 to 100000000, got "100000001,0"'
expect "i18 16: place: the limit the other way" line "$tmp/out" \
    'a coordinate goes from -100000000 to 100000000, got "0,-100000001"'
expect "i18 16: a whole turn: the limit" line "$tmp/out" \
    'refused: a coordinate goes from -100000000 to 100000000, got "200000000,0"'
# The same in a record replayed.
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 90\n' >"$tmp/i18rot.yaml"
run replay i18rot.yaml
expect "i18 16: replay says the rotation that fits" has "$tmp/err" \
    'E at 0,1 rotation 90: its S edge is field, the tile at 0,0 shows city on its N edge; the rotation that fits at 0,1: 180'

# 17. undo of a placement: its tile is in hand again (drawn, not placed);
# place finishes the turn with it; redo puts the move back, no word of a
# tile going back.
rm -rf "$CARCREF_STATE"
printf 'E 0,1 180 knight@S\nV 1,0 90\nundo\nplace 1,0 90\npass\nundo\nredo\nmoves\n' >"$tmp/i18undo.in"
STDIN=$tmp/i18undo.in run play
expect "i18 17: undo gives the tile back into the hand" line "$tmp/out" \
    "V is in Ben's hand again: place it (place X,Y [ROT]), or draw another to change it"
expect "i18 17: place needs no draw after undo" line "$tmp/out" 'V at 1,0 rotation 90:'
expect "i18 17: and the turn ends with it" test "$(grep -c '^move 2, Ben: V 1,0 90$' "$tmp/out")" = 3
expect "i18 17: redo: the tile goes down, not back" lacks "$tmp/out" 'V goes back'
expect "i18 17: all accepted" test "$code" = 0
rm -rf "$CARCREF_STATE"
printf 'E 0,1 180\nC discard\nundo\ndiscard\n' >"$tmp/i18undo2.in"
STDIN=$tmp/i18undo2.in run play
expect "i18 17: undo of a discard: the tile in hand, to discard again" line "$tmp/out" \
    "C is in Ben's hand again: discard it, or draw another to change it"
expect "i18 17: discarded again" test "$(grep -c '^move 2, Ben: C discard$' "$tmp/out")" = 2

# 19. The turn a hint shows is legal on the board: played, it is accepted.
for x in "" river hills-sheep inns-cathedrals,traders-builders; do
	rm -rf "$CARCREF_STATE"
	printf 'nonsense\n' >"$tmp/i18ex.in"
	STDIN=$tmp/i18ex.in run play ${x:+--expansions $x}
	ex=$(example_of "$tmp/out")
	rm -rf "$CARCREF_STATE"
	printf '%s\n' "$ex" >"$tmp/i18ex.in"
	STDIN=$tmp/i18ex.in run play ${x:+--expansions $x}
	expect "i18 19: the example turn ($ex, ${x:-base}) is legal" \
	    grep -qxF "move 1, Anna: $ex" "$tmp/out"
done

# 24. save, load and board --svg take paths with blanks, quoted or with
# backslashes, as a shell reads them; a quote left open is a plain word.
rm -rf "$CARCREF_STATE"
mkdir -p "$tmp/my games"
printf '%s\n' 'E 0,1 180 knight@S' 'save "my games/first game.yaml"' "save 'my games/it''s.yaml'" \
    'board --svg my\ games/the\ board.svg' 'load my\ games/first\ game.yaml' \
    'explain O'"'"'Brien' >"$tmp/i18paths.in"
STDIN=$tmp/i18paths.in run play
expect "i18 24: save \"a b\"" test -f "$tmp/my games/first game.yaml"
expect "i18 24: save 'a''b' (shell quoting)" test -f "$tmp/my games/its.yaml"
expect "i18 24: board --svg a\\ b" test -f "$tmp/my games/the board.svg"
expect "i18 24: load a\\ b" line "$tmp/out" 'loaded my games/first game.yaml: edition 3, Anna, Ben'
expect "i18 24: a quote left open: a plain word" has "$tmp/out" \
    "explain: no player is named \"O'Brien\""

if command -v tmux >/dev/null; then
	# 14. Tab does not offer a tile held back (the River first).
	start NO_COLOR=1 -- play --players Cleo,Dan --expansions river
	screen "i18: a River game" '^Cleo> ?$'
	keys 'draw ' Tab Tab Tab
	screen "i18 14: Tab after draw: the river's tiles" '^RV-B +RV-C +RV-D +RV-E +RV-G +RV-H +RV-I +RV-K *$'
	expect "tmux: i18 14: no tile held back offered" bash -c "! grep -qE '(^| )(D|RV-L)( |$)' '$tmp/pane'"
	# 19. The banner's example, typed, is a legal move (the spring's board).
	ex=$(sed -n 's/^Enter a turn whole (\(.*\)) or step by step.*/\1/p' "$tmp/pane")
	keys C-u "$ex" Enter
	screen "i18 19: the banner's example is legal with the River" "^move 1, Cleo: $ex\$"
	keys 'quit' Enter
	screen "i18: River: exit 0" '^EXIT=0$'

	# 17, 20. One entry per piece and feature; a look of a symmetric tile
	# once; the tile undone is in hand, the prompt shows it.
	start NO_COLOR=1 -- play --players Cleo,Dan --expansions inns-cathedrals
	screen "i18: an Inns & Cathedrals game" '^Cleo> ?$'
	ex=$(sed -n 's/^Enter a turn whole (\(.*\)) or step by step.*/\1/p' "$tmp/pane")
	keys 'E 0,-1 90 ' Tab Tab
	screen "i18 20: one entry per piece and feature" \
	    '^big-farmer@N +big-knight@E +farmer@N +knight@E *$'
	keys C-u 'E 0,-1 90 farmer@nnw' Tab
	screen "i18 20: a spot begun: the feature's spot that reads so" \
	    '^Cleo> E 0,-1 90 farmer@NNW *$'
	keys C-u 'U 0,-1 ' Tab
	screen "i18 20: U looks the same turned 180: 0 alone" '^Cleo> U 0,-1 0 *$'
	keys C-u 'draw ic-k' Tab
	screen "i18 20: a code begun in small letters" '^Cleo> draw IC-Ka *$'
	keys C-u 'draw ic-kb' Tab
	screen "i18 20: a code written another way: the box's" '^Cleo> draw IC-Ka *$'
	keys C-u "$ex" Enter
	screen "i18 19: the banner's example is legal" "^move 1, Cleo: $ex\$"
	keys 'undo' Enter
	screen "i18 17: undo: the prompt shows the tile in hand" '^Cleo \[[A-Z-]+\]> ?$'
	keys 'quit' Enter
	keys Enter
	screen "i18: Inns & Cathedrals: exit 0" '^EXIT=0$'

	# 24. Tab completes file names with blanks, quoted as a line reads them.
	mkdir -p "$tmp/zq games"
	: >"$tmp/zq games/a game.yaml"
	start NO_COLOR=1 -- play --players Cleo,Dan
	screen "i18: a game for paths" '^Cleo> ?$'
	keys 'load zq' Tab
	screen "i18 24: a directory with a blank, escaped" '^Cleo> load zq\\ games/ *$'
	keys 'a' Tab
	screen "i18 24: a file with a blank, escaped" '^Cleo> load zq\\ games/a\\ game\.yaml *$'
	keys C-u 'save "zq g' Tab
	screen "i18 24: inside a quote, as it is" '^Cleo> save "zq games/ *$'
	keys C-u 'board ' Tab
	screen "i18 24: board's option" '^Cleo> board --svg *$'
	keys 'zq' Tab
	screen "i18 24: board --svg completes files" '^Cleo> board --svg zq\\ games/ *$'
	keys C-u 'quit' Enter
	screen "i18: paths: exit 0" '^EXIT=0$'

	# 20. In French: the pieces after pion in French words, the spots of
	# the French compass (O for W).
	if [ -n "${FR_CARCREF-}" ]; then
		start LOCPATH="$tmp/locale" LC_ALL=fr_FR.UTF-8 -- play --players Cleo,Dan
		screen "i18 fr: the prompt" '^Cleo> ?$'
		keys 'piocher V' Enter
		keys 'poser 1,0 90' Enter
		screen "i18 fr 20: the meeples in French words" \
		    '^puis un meeple : voleur@N, paysan@E, paysan@ONO \(pion R.LE@POINT\), ou passer$'
		keys 'pion ' Tab Tab
		screen "i18 fr 20: Tab after pion, in French" '^paysan@E +paysan@ONO +voleur@N *$'
		keys C-u 'expliquer 0,0:on' Tab
		screen "i18 fr 20: explain's spots, French compass" '^Cleo \[V 1,0 90\]> expliquer 0,0:ONO *$'
		keys C-u 'quitter' Enter
		keys Enter
		screen "i18 fr: exit 0" '^EXIT=0$'
	fi
	term_close
fi
# ---- issue 18 round 2: options and help ------------------------------------

# Item 14: help shows turns legal on the board shown, never fixed ones:
# the whole turn under "legal now" in help, and help place's rest of a
# turn (for the tile in hand, or with none in hand, the first that may be
# drawn).  Each, typed on that board, is accepted.
shown_turn() { sed -n '/legal now:$/{n;s/^ *//p;}' "$1" | head -1; }
for x in "" river hills-sheep inns-cathedrals,traders-builders; do
	for before in "" "E 0,1 180 knight@S" "D 1,0 0"; do
		[ -n "$x" ] && [ -n "$before" ] && continue	# the River's order: its tiles first
		rm -rf "$CARCREF_STATE"
		printf '%s\n' ${before:+"$before"} help 'help place' >"$tmp/r2help.in"
		STDIN=$tmp/r2help.in run play ${x:+--expansions $x}
		t=$(shown_turn "$tmp/out")
		expect "r2 14: help shows no fixed turn (${x:-base}, ${before:-start})" \
		    lacks "$tmp/out" 'U 0,1 0 thief@S,  E discard'
		rm -rf "$CARCREF_STATE"
		printf '%s\n' ${before:+"$before"} "$t" >"$tmp/r2help2.in"
		STDIN=$tmp/r2help2.in run play ${x:+--expansions $x}
		n=$(( ${before:+1} + 1 ))
		who=$([ "$n" = 1 ] && echo Anna || echo Ben)
		expect "r2 14: help's turn \"$t\" is legal (${x:-base}, ${before:-start})" \
		    line "$tmp/out" "move $n, $who: $t"
		# help place with no tile in hand: "draw T, place ...", typed.
		rm -rf "$CARCREF_STATE"
		printf '%s\n' ${before:+"$before"} 'help place' >"$tmp/r2help.in"
		STDIN=$tmp/r2help.in run play ${x:+--expansions $x}
		p=$(shown_turn "$tmp/out")
		rm -rf "$CARCREF_STATE"
		printf '%s\n' ${before:+"$before"} "${p%%, *}" "${p#*, }" >"$tmp/r2help2.in"
		STDIN=$tmp/r2help2.in run play ${x:+--expansions $x}
		expect "r2 14: help place's \"$p\" is legal (${x:-base}, ${before:-start})" \
		    test "$code" = 0 -a -n "$p"
		expect "r2 14: ... and it finishes the turn (${x:-base}, ${before:-start})" \
		    grep -q "^move $n, $who: " "$tmp/out"
	done
done
# help place with a tile in hand: that tile's placement, typed.
rm -rf "$CARCREF_STATE"
printf '%s\n' 'E 0,1 180 knight@S' 'draw V' 'help place' >"$tmp/r2help.in"
STDIN=$tmp/r2help.in run play
p=$(shown_turn "$tmp/out")
expect "r2 14: help place with V in hand: its placement (\"$p\")" test "${p%% *}" = place
rm -rf "$CARCREF_STATE"
printf '%s\n' 'E 0,1 180 knight@S' 'draw V' "$p" >"$tmp/r2help2.in"
STDIN=$tmp/r2help2.in run play
expect "r2 14: help place's \"$p\" is legal for V" grep -q '^move 2, Ben: V ' "$tmp/out"
expect "r2 14: help place's \"$p\" accepted" test "$code" = 0
# Once the game is over: the form, no turn.
rm -rf "$CARCREF_STATE"
printf '%s\n' end help >"$tmp/r2help.in"
STDIN=$tmp/r2help.in run play --yes
expect "r2 14: the game over, help shows the form of a turn" line "$tmp/out" '    TILE X,Y ROT ROLE@SPOT'
# In French, the commands' and pieces' French words.
if [ -n "${FR_CARCREF-}" ]; then
	rm -rf "$CARCREF_STATE"
	printf '%s\n' 'aide poser' >"$tmp/r2help.in"
	CARCREF=$FR_CARCREF STDIN=$tmp/r2help.in run play
	expect "r2 14: aide poser, in French" line "$tmp/out" '    piocher A, poser -1,0 270 voleur@E'
fi
# ---- issue 18 round 2: explanations -------------------------------------------

# Finding 6: in edition 1 the farmers are paid per completed city at the
# end; explain PLAYER and explain X,Y:SPOT say what each city would pay
# them if the game ended now (each city once), and the end pays it.
rm -rf "$CARCREF_STATE"
head -40 "$(dirname "${BASH_SOURCE[0]}")/../samples/two-players-ed1.yaml" >"$tmp/r2e1.yaml"
typed r2e1 <<'EOF'
explain Anna
explain 0,0:N
explain 0,0:ENE
explain 2,-1:E
explain 200000000,0
explain 0,-200000000:N
end
explain 0,0:ENE
EOF
session r2e1 1 play "$tmp/r2e1.yaml"
expect "r2 6: explain PLAYER, a farmer's cities" line "$tmp/r2e1.out" \
    '    farmer at 1,-2 N: its farm borders 2 completed cities, each paying 4 to the most farmers over all the farms around it (edition 1):'
expect "r2 6: each city with every player's amount" line "$tmp/r2e1.out" \
    '      completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Anna (3 farmers) - Ben has 1, fewer'
expect "r2 6: a city two farms border, said once" line "$tmp/r2e1.out" '      the city at 0,0: said above'
expect "r2 6: no more \"explain X,Y:SPOT of each city\"" lacks "$tmp/r2e1.out" 'of each city'
expect "r2 6: a completed city, its farmers" line "$tmp/r2e1.out" \
    '  its farmers, if the game ended now: completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Anna (3 farmers) - Ben has 1, fewer'
expect "r2 6: a field, each city it borders" line "$tmp/r2e1.out" \
    '    if the game ended now: completed city of 2 tiles at -2,0, for the farmers of the fields around it: 4 = 4 to Anna (2 farmers)'
expect "r2 6: an open city pays its farmers nothing" line "$tmp/r2e1.out" \
    '  its farmers: nothing while it is open (edition 1 pays farmers per completed city)'
expect "r2 6: the end pays what was said" line "$tmp/r2e1.out" \
    '  field: completed city of 2 tiles at -2,0, for the farmers of the fields around it: 4 = 4 to Anna (2 farmers)'
expect "r2 6: after the end, what each city paid" line "$tmp/r2e1.out" \
    '    scored at move 31 (final scoring): completed city of 2 tiles at -2,0, for the farmers of the fields around it: 4 = 4 to Anna (2 farmers)'
# Finding 13: a coordinate beyond the limit names the limit.
expect "r2 13: explain X,Y beyond the limit" line "$tmp/r2e1.out" \
    'explain: a coordinate goes from -100000000 to 100000000, got "200000000,0"'
expect "r2 13: explain X,Y:SPOT beyond the limit" line "$tmp/r2e1.out" \
    'explain: a coordinate goes from -100000000 to 100000000, got "0,-200000000"'

# Finding 12: the River's U-turn, step by step and in one line, names the
# rotation that fits there.
rm -rf "$CARCREF_STATE"
typed r2river <<'EOF'
RV-E 1,0 90
draw RV-G
place 1,-1 90
RV-G 1,-1 90
EOF
session r2river 1 play --players Anna,Ben --expansions river
n=$(grep -cxF 'refused: RV-G at 1,-1: the river would turn back on itself (two right curves in a row); the rotation that fits at 1,-1: 180' "$tmp/r2river.out")
expect "r2 12: the U-turn refused with the rotation that fits (place, whole turn)" [ "$n" = 2 ]

# ---- issue 18 round 2: journal -------------------------------------------------

r2=$tmp/r2
oldstate=$CARCREF_STATE
export CARCREF_STATE=$r2
mkdir -p "$r2/games"
# r2rec NAME MOVE...: a journal kept as carcref writes it.
r2rec() {
	local f=$r2/games/$1.yaml m
	shift
	printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n' >"$f"
	for m in "$@"; do printf '  - %s\n' "$m" >>"$f"; done
}
r2moves() { moves_of "$r2/games/$1.yaml" | tr '\n' ';'; }

# 1. An edit that keeps the journal's inode (a shell's >, nano) was not
# seen: the next moves went under players:, or into a different game.
# Before each write the journal must be, byte for byte, what carcref last
# wrote; else the file found is kept aside and the journal written again.
r2rec inplace "W 1,0 0"
ino=$(stat -c %i "$r2/games/inplace.yaml")
live r2-1 - resume inplace
seen "carcref: resumed inplace"
printf 'format: carcref/1\nmoves:\n  - K -1,0 180 farmer@SW\nplayers:\n  - Anna\n  - Ben\n' \
    >"$r2/games/inplace.yaml"
cp "$r2/games/inplace.yaml" "$tmp/r2-1.user"
say "V 1,1 90"
seen "move 2, "
say "U -1,0 0"
seen "move 3, "
over
expect "r2 1: the edit in place kept the inode (the case tested)" \
    test "$(stat -c %i "$r2/games/inplace.yaml.edited" 2>/dev/null)" = "$ino"
expect "r2 1: an edit in place: said, the file kept aside" has "$liveout" \
    "warning: the journal TMP/r2/games/inplace.yaml was changed since carcref last wrote it (by an editor?); that file is kept as TMP/r2/games/inplace.yaml.edited, and the journal is written again, whole, from the game in play"
expect "r2 1: the edited file kept as it was" cmp -s "$tmp/r2-1.user" "$r2/games/inplace.yaml.edited"
expect "r2 1: the journal holds the game played, no move under players:" \
    test "$(r2moves inplace)" = "W 1,0 0;V 1,1 90;U -1,0 0;"
expect "r2 1: said once: the journal written again is the session's" \
    test "$(grep -c 'was changed since' "$liveout")" = 1
printf 'score\n' >"$tmp/r2-1r.in"
STDIN=$tmp/r2-1r.in run resume inplace
expect "r2 1: resume: two players, not four" has "$tmp/out" 'edition 3, 2 players: Anna, Ben'
expect "r2 1: resume: three moves" has "$tmp/out" '3 moves played, 68 tiles left'
# A line deleted in place (head; cat >): the session went on and the
# journal became another, valid game.
r2rec cutline "W 1,0 0"
live r2-1b - resume cutline
seen "carcref: resumed cutline"
say "V 1,1 90"
seen "move 2, "
head -n -1 "$r2/games/cutline.yaml" >"$tmp/r2-1b.t"
cat "$tmp/r2-1b.t" >"$r2/games/cutline.yaml"
say "U -1,0 0"
seen "move 3, "
over
expect "r2 1: a line deleted in place: said" has "$liveout" \
    'TMP/r2/games/cutline.yaml was changed since carcref last wrote it'
expect "r2 1: a line deleted in place: no move lost" \
    test "$(r2moves cutline)" = "W 1,0 0;V 1,1 90;U -1,0 0;"
expect "r2 1: a line deleted in place: that file kept aside" \
    cmp -s "$tmp/r2-1b.t" "$r2/games/cutline.yaml.edited"
# The same size, at once (within the clock's tick): the bytes are compared.
r2rec samesize "W 1,0 0"
live r2-1c - resume samesize
seen "carcref: resumed samesize"
say "V 1,1 90"
seen "move 2, "
printf '0' | dd of="$r2/games/samesize.yaml" bs=1 seek=$(($(stat -c %s "$r2/games/samesize.yaml") - 3)) \
    conv=notrunc 2>/dev/null
touch -r "$tmp/r2-1b.t" "$r2/games/samesize.yaml"	# the time put back too
say "U -1,0 0"
seen "move 3, "
over
expect "r2 1: an edit of the same size, the time put back: seen" has "$liveout" \
    'TMP/r2/games/samesize.yaml was changed since carcref last wrote it'
expect "r2 1: an edit of the same size: the game as played" \
    test "$(r2moves samesize)" = "W 1,0 0;V 1,1 90;U -1,0 0;"
# Touched, its bytes the same: still carcref's, appended to.
r2rec touched "W 1,0 0"
ino=$(stat -c %i "$r2/games/touched.yaml")
live r2-1d - resume touched
seen "carcref: resumed touched"
touch -d '1 hour ago' "$r2/games/touched.yaml"
say "V 1,1 90"
seen "move 2, "
over
expect "r2 1: touched only: no warning" lacks "$liveout" 'warning'
expect "r2 1: touched only: appended to, the same file" \
    test "$(stat -c %i "$r2/games/touched.yaml")" = "$ino"
expect "r2 1: touched only: the move recorded" test "$(r2moves touched)" = "W 1,0 0;V 1,1 90;"

# 2. save and board --svg wrote over any file of the state directory: a
# finished game, the live lock (then a second session took the game).
# Nothing in games/ or locks/ is written, by any path.
r2rec keep "W 1,0 0"
r2rec other "W 1,0 0"
cp "$r2/games/keep.yaml" "$tmp/r2-keep.orig"
mkdir -p "$tmp/r2d/sub"
ln -s "$r2/games" "$tmp/r2d/games-link"
ln "$r2/games/keep.yaml" "$tmp/r2d/keep-hard.yaml"
printf '%s\n' "save $r2/games/keep.yaml" "save $r2/locks/other.lock" "save $r2/games/new.yaml" \
    "save r2d/games-link/keep.yaml" "save r2d/sub/../../r2/games/keep.yaml" \
    "save r2d/keep-hard.yaml" "board --svg $r2/locks/x.svg" "save /dev/fd/7" \
    "board --svg r2d/games-link/other.hand" "save r2d/ok.yaml" >"$tmp/r2-2.in"
want r2-2 <<'END18'
carcref: resumed other (TMP/r2/games/other.yaml)
edition 3, 2 players: Anna, Ben
1 move played, 70 tiles left; Ben to play
  player score meeples
  Anna       0       7
> Ben        0       7
save: TMP/r2/games/keep.yaml: carcref keeps its games and locks in TMP/r2/games, and no command writes there; choose another file
save: TMP/r2/locks/other.lock: carcref keeps its games and locks in TMP/r2/locks, and no command writes there; choose another file
save: TMP/r2/games/new.yaml: carcref keeps its games and locks in TMP/r2/games, and no command writes there; choose another file
save: r2d/games-link/keep.yaml: carcref keeps its games and locks in TMP/r2/games, and no command writes there; choose another file
save: r2d/sub/../../r2/games/keep.yaml: carcref keeps its games and locks in TMP/r2/games, and no command writes there; choose another file
save: r2d/keep-hard.yaml is another name of a file in TMP/r2/games, where carcref keeps its games and locks: no command writes over it; choose another file
board: TMP/r2/locks/x.svg: carcref keeps its games and locks in TMP/r2/locks, and no command writes there; choose another file
save: /dev/fd/7 is another name of a file in TMP/r2/games, where carcref keeps its games and locks: no command writes over it; choose another file
board: r2d/games-link/other.hand: carcref keeps its games and locks in TMP/r2/games, and no command writes there; choose another file
saved 1 move to r2d/ok.yaml
END18
(cd "$tmp" && timeout "$TIMEOUT" "$CARCREF" resume other <"$tmp/r2-2.in" 7<"$r2/games/keep.yaml" \
    >"$tmp/r2-2.out" 2>&1)
sed -i "s|$tmp|TMP|g" "$tmp/r2-2.out"
expect "r2 2: every file of games/ and locks/ refused, by any path" \
    diff -u "$tmp/r2-2.want" "$tmp/r2-2.out"
expect "r2 2: the other game as it was" cmp -s "$tmp/r2-keep.orig" "$r2/games/keep.yaml"
expect "r2 2: no file made in games/ or locks/" \
    test "$(ls "$r2/games" "$r2/locks" | grep -c 'new\.yaml\|x\.svg\|other\.hand')" = 0
expect "r2 2: the lock is still a lock file (empty)" test ! -s "$r2/locks/other.lock"
# The lock holds: a second session on the game is still refused.
live r2-2b - resume other
seen "carcref: resumed other"
say "save $r2/locks/other.lock"
seen "save: "
STDIN=/dev/null run resume other
over
expect "r2 2: with save at the lock refused, a second session is refused" has "$tmp/err" \
    'another carcref session (process '

# 5. A rewrite (a journal that cannot be appended to, undo) deleted every
# comment: the comments of the moves that still stand are kept; those of
# a move taken back go with it, kept in NAME.yaml.undone; those after the
# last move stay after the moves (round 3: the moves go before them).
cat >"$r2/games/notes.yaml" <<'END18'
# Sunday at Léa's
format: carcref/1
moves:
  # Anna opens
  - W 1,0 0   # a road east
  - V 1,1 90
  # Anna again
  - U -1,0 0  # west
players:
  - Anna  # red
  - Ben
# to be continued
END18
cp "$r2/games/notes.yaml" "$tmp/r2-notes.orig"
printf 'K 0,-1 270\n' >"$tmp/r2-5.in"
STDIN=$tmp/r2-5.in run resume notes
expect "r2 5: a journal that cannot be appended to: the move recorded" \
    test "$(r2moves notes)" = "W 1,0 0;V 1,1 90;U -1,0 0;K 0,-1 270;"
cat >"$tmp/r2-5.want" <<'END18'
# Sunday at Léa's
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players:
  - Anna  # red
  - Ben
moves:
  # Anna opens
  - W 1,0 0   # a road east
  - V 1,1 90
  # Anna again
  - U -1,0 0  # west
  - K 0,-1 270
# to be continued
END18
expect "r2 5: rewritten whole, every comment kept" cmp -s "$tmp/r2-5.want" "$r2/games/notes.yaml"
printf 'undo\nundo\n' >"$tmp/r2-5b.in"
STDIN=$tmp/r2-5b.in run resume notes
expect "r2 5: undo of a move without a comment of its own... " has "$tmp/out" 'undone: move 4, Ben: K 0,-1 270'
expect "r2 5: ... a move with comments: they go with it, and are kept aside" has "$tmp/out" \
    "the comments of the move taken back are kept in $r2/games/notes.yaml.undone; redo puts them back"
expect "r2 5: the comment of the move taken back, in the file kept aside" \
    grep -qxF '  # Anna again' "$r2/games/notes.yaml.undone"
cat >"$tmp/r2-5b.want" <<'END18'
# Sunday at Léa's
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players:
  - Anna  # red
  - Ben
moves:
  # Anna opens
  - W 1,0 0   # a road east
  - V 1,1 90
# to be continued
END18
expect "r2 5: undo: the comments of the moves that stand kept" \
    cmp -s "$tmp/r2-5b.want" "$r2/games/notes.yaml"
expect "r2 5: an undo that takes comments keeps them, not the journal" \
    test ! -e "$r2/games/notes.yaml.undone-2" -a "$(grep -c 'format:' "$r2/games/notes.yaml.undone")" = 0
undone_size=$(stat -c %s "$r2/games/notes.yaml.undone")
printf 'undo\n' >"$tmp/r2-5c.in"
STDIN=$tmp/r2-5c.in run resume notes
expect "r2 5: undo of a move without comments: nothing kept aside" \
    test "$(stat -c %s "$r2/games/notes.yaml.undone")" = "$undone_size"
expect "r2 5: undo of a move without comments: the rest kept" \
    test "$(grep -c '#' "$r2/games/notes.yaml")" = 5
# A game taken from a file goes on in a journal with the file's comments.
printf '# from the club\nformat: carcref/1\nplayers: [Carl, Dora]\nmoves:\n  - W 1,0 0  # opening\n' \
    >"$tmp/r2-club.yaml"
printf 'load r2-club.yaml\nV 1,1 90\n' >"$tmp/r2-5d.in"
STDIN=$tmp/r2-5d.in run play
expect "r2 5: load FILE: its comments in the new journal" \
    test "$(grep -c '# from the club\|# opening' "$(journal "$r2")")" = 2
expect "r2 5: load FILE: and its moves" test "$(moves_of "$(journal "$r2")" | tr '\n' ';')" = "W 1,0 0;V 1,1 90;"

# 10. Without a terminal SIGINT ended the session with no .hand and no
# word: it keeps the hand as SIGTERM does.  (A job in the background gets
# SIGINT ignored: env puts it back, as a session in the foreground has it.)
r2rec int "W 1,0 0"
if env --default-signal=INT true 2>/dev/null; then
	liveout=$tmp/r2-10.out
	rm -f "$tmp/r2-10.fifo"
	mkfifo "$tmp/r2-10.fifo"
	(cd "$tmp" && exec env --default-signal=INT "$CARCREF" resume int <"$tmp/r2-10.fifo" \
	    >"$liveout" 2>&1) &
	livepid=$!
	exec 5>"$tmp/r2-10.fifo"
	livecat=$livepid
	say "draw V" "place 1,1 90"
	seen "V at 1,1 rotation 90"
	kill -INT "$livepid"
	exec 5>&-
	wait "$livepid" 2>/dev/null
	livecode=$?
	expect "r2 10: SIGINT without a terminal, a tile in hand: kept" \
	    test "$(cat "$r2/games/int.hand" 2>/dev/null)" = "V 1,1 90"
	expect "r2 10: SIGINT: said" has "$liveout" 'V kept in hand: carcref resume int gives it back'
	expect "r2 10: SIGINT: the process ends of it" test "$livecode" = 130
else
	echo "SKIP: env --default-signal is missing: SIGINT without a terminal is not tested"
fi
# A .hand with a NUL, or more after the tile's line, was taken (and the
# rest lost): not what carcref writes, so kept aside.
r2rec hnul "W 1,0 0"
printf 'U\0junk\n' >"$r2/games/hnul.hand"
STDIN=$tmp/r2-1r.in run resume hnul
expect "r2 10: a NUL in .hand: not taken, said" has "$tmp/out" \
    "the tile kept in hand is not given back: a NUL byte in it, which carcref never writes; its file is kept as $r2/games/hnul.hand.unusable"
expect "r2 10: a NUL in .hand: no tile in hand" lacks "$tmp/out" 'in hand again'
expect "r2 10: a NUL in .hand: kept as it was" \
    cmp -s "$r2/games/hnul.hand.unusable" <(printf 'U\0junk\n')
printf 'V\nV 1,1 90\n' >"$r2/games/hnul.hand"
STDIN=$tmp/r2-1r.in run resume hnul
expect "r2 10: two lines in .hand: not taken, said" has "$tmp/out" \
    "the tile kept in hand is not given back: more than one line in it, and carcref writes one; its file is kept as $r2/games/hnul.hand.unusable-2"
# A complete last move without its newline (written by hand) was deleted
# as "cut short by a crash": dropped still (never acknowledged), but the
# file as it was is kept aside, and where is said.
r2rec nonl "W 1,0 0"
printf '  - V 1,1 90' >>"$r2/games/nonl.yaml"
cp "$r2/games/nonl.yaml" "$tmp/r2-nonl.orig"
STDIN=$tmp/r2-1r.in run resume nonl
expect "r2 10: a last move without its newline: said, and where it is kept" has "$tmp/out" \
    "carcref: resumed nonl ($r2/games/nonl.yaml); its last line has no newline, as a write cut short leaves it: that move was never accepted, and is dropped; the file as it was is kept as $r2/games/nonl.yaml.cut"
expect "r2 10: ... kept as it was" cmp -s "$tmp/r2-nonl.orig" "$r2/games/nonl.yaml.cut"
expect "r2 10: ... and the journal without it" test "$(r2moves nonl)" = "W 1,0 0;"
# A last header line without its newline is read as it stands.
printf 'format: carcref/1\nmoves:\n  - W 1,0 0\nplayers: [Anna, Ben]' >"$r2/games/hdr.yaml"
printf 'V 1,1 90\n' >"$tmp/r2-10h.in"
STDIN=$tmp/r2-10h.in run resume hdr
expect "r2 10: players: without its newline: read" has "$tmp/out" 'edition 3, 2 players: Anna, Ben'
expect "r2 10: players: without its newline: not said dropped" lacks "$tmp/out" 'dropped'
expect "r2 10: players: without its newline: the next move recorded" \
    test "$(r2moves hdr)" = "W 1,0 0;V 1,1 90;"
expect "r2 10: players: without its newline: no file kept aside" test ! -e "$r2/games/hdr.yaml.cut"

# 11. Every failed load says "load:", whatever the reason.
printf 'format: carcref/1\nplayers: [Anna, Ben\n' >"$tmp/r2-bad.yaml"
printf 'load r2-bad.yaml\nload r2-none.yaml\n' >"$tmp/r2-11.in"
STDIN=$tmp/r2-11.in run play
expect "r2 11: load of bad YAML: load:" grep -q '^load: r2-bad\.yaml:[0-9]*:[0-9]*: ' "$tmp/out"
expect "r2 11: load of a missing file: load:" has "$tmp/out" 'load: r2-none.yaml: No such file or directory'

# 14. help load says the tile in hand is kept, as the man page does.
printf 'help load\n' >"$tmp/r2-14.in"
STDIN=$tmp/r2-14.in run play
expect "r2 14: help load: the tile in hand kept" has "$tmp/out" 'and a tile'
expect "r2 14: help load: given back by resume" has "$tmp/out" 'carcref resume NAME gives it'
export CARCREF_STATE=$oldstate
# ---- issue 18 round 2: names and escaping ------------------------------------

# Item 22: a turn's PLAYER names the player as the table reads it: full case
# folding (σας is ΣΑΣ, ǆ is Ǆ), a default-ignorable character (U+034F)
# aside; the moves aligned by what shows.  File names with an ESC are
# escaped in save, load and board --svg.
rm -rf "$CARCREF_STATE"
typed fold2 <<EOF
σας: K -1,0 180 farmer@SW
$(printf 'ǆ\315\217'): E 0,1 180
moves
save e$(printf '\033').yaml
load e$(printf '\033').yaml
board --svg e$(printf '\033').svg
load nothere$(printf '\033').yaml
EOF
want fold2 <<'EOF'
carcref: a new game
edition 3, 2 players: ΣΑΣ, Ǆ
0 moves played, 71 tiles left; ΣΑΣ to play
move 1, ΣΑΣ: K -1,0 180 farmer@SW
  ΣΑΣ 0 [6], Ǆ 0 [7]; Ǆ to play, 70 tiles left
move 2, Ǆ: E 0,1 180
  ΣΑΣ 0 [6], Ǆ 0 [7]; ΣΑΣ to play, 69 tiles left
   1  ΣΑΣ  K -1,0 180 farmer@SW
   2  Ǆ    E 0,1 180
saved 2 moves to e\x1b.yaml
loaded e\x1b.yaml: edition 3, ΣΑΣ, Ǆ
2 moves played, 69 tiles left; ΣΑΣ to play
wrote the board after move 2 to e\x1b.svg
load: nothere\x1b.yaml: No such file or directory
EOF
session fold2 1 play --players 'ΣΑΣ,Ǆ'
# Names alike are refused at the table too.
run play --players "$(printf 'Anna,ANNA\343\205\244')"
expect "play --players: a Hangul filler makes no other name" has "$tmp/err" \
    'carcref play: --players: two players are named "ANNA\u3164"'

# Finding 8: the paths the table prints are escaped, newlines too: play
# FILE, resume, the journal in a state directory whose name holds a newline
# and an ESC.
nlstate=$tmp/$'st\nate\e'
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n' >"$tmp/"$'f\n\e.yaml'
printf 'score\n' >"$tmp/nl.in"
CARCREF_STATE=$nlstate STDIN=$tmp/nl.in run play $'f\n\e.yaml'
expect "play FILE: its name escaped" has "$tmp/out" 'carcref: continuing f\x0a\x1b.yaml'
expect "play FILE: no raw ESC" lacks "$tmp/out" $'\e'
CARCREF_STATE=$nlstate run resume
expect "resume: the journal's path escaped" grep -qE \
    "^carcref: resumed $day-anna-ben \\(.*/st\\\\x0aate\\\\x1b/games/$day-anna-ben\\.yaml\\)\$" "$tmp/out"
expect "resume: no raw ESC" lacks "$tmp/out" $'\e'
expect "resume: no line cut in the path" bash -c "! grep -q '/st\$' '$tmp/out'"
rm -rf "$nlstate"
# ---- issue 18 round 3: turn --------------------------------------------------

# Finding 2: a tile in hand is held, as at the table.  A whole turn with
# another tile is refused, naming the tile in hand, the step it waits for
# and its whole turn legal now (drawn, then placed; the rotation left out;
# a discard); the same tile's whole turn finishes the turn; a whole "end"
# says the tile goes back.  help and the other hints show the tile in
# hand's turn, where it lies once placed.
rm -rf "$CARCREF_STATE"
printf '%s\n' 'draw U' 'A -1,0 270 thief@E' 'help' 'place 0,-1' 'A -1,0 270 thief@E' \
    'A -1,0' 'Anna: A discard' 'help' 'zzz' 'U 0,-1 0 thief@E' 'draw V' 'Ben: end' \
    >"$tmp/r3hand.in"
STDIN=$tmp/r3hand.in run play --yes
expect "a whole turn with another tile: refused, exit 1" test "$code" = 1
expect "a whole turn with another tile, U drawn: refused with what to do" has "$tmp/out" \
    "refused: U is in hand, not A: place it (place X,Y [ROT]), or draw A first to play it instead (U goes back); U's whole turn in one line, legal now: U -1,0 0 thief@E"
expect "a whole turn with another tile, U placed: refused with its step" has "$tmp/out" \
    "refused: U is in hand, placed at 0,-1 rotation 0, not A: meeple ROLE@SPOT or pass to finish the turn, or place X,Y [ROT] again, or draw A first to play it instead (U goes back); U's whole turn in one line, legal now: U 0,-1 0 thief@E"
expect "refused three times once placed (a rotation left out, a discard too)" \
    test "$(grep -c '^refused: U is in hand, placed at 0,-1' "$tmp/out")" = 3
expect "no rotation assumed for another tile" lacks "$tmp/out" 'rotation 270 assumed'
expect "help with U drawn: U's whole turn" grep -qx '    U -1,0 0 thief@E' "$tmp/out"
expect "help with U placed: U's whole turn where it lies" grep -qx '    U 0,-1 0 thief@E' "$tmp/out"
expect "help with a tile in hand: no other tile's turn" bash -c "! grep -q '^    A ' '$tmp/out'"
expect "an unknown command with U placed: U's turn" has "$tmp/out" \
    'unknown command "zzz"; help lists the commands, a turn looks like U 0,-1 0 thief@E'
expect "the same tile's whole turn finishes the turn" grep -qx 'move 1, Anna: U 0,-1 0 thief@E' "$tmp/out"
expect "no other move was played" bash -c "! grep -q '^move [0-9]*, Anna: A' '$tmp/out'"
expect "a whole end with a tile in hand: it goes back, said" has "$tmp/out" 'V goes back: it was not played'
expect "then the end" grep -qx 'move 2, Ben: end' "$tmp/out"

# A tile that fits nowhere: its step and its turn are the discard.
printf 'format: carcref/1\nedition: 1\nplayers: [Anna, Ben]\nmoves:\n  - "Anna: E 0,1 180 knight@S"\n' \
    >"$tmp/r3c.yaml"
printf '%s\n' 'draw C' 'help' 'F -1,1 270' >"$tmp/r3c.in"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/r3c.in run play r3c.yaml
expect "C fits nowhere: help shows its discard" grep -qx '    C discard' "$tmp/out"
expect "C fits nowhere: another tile's turn refused, the discard said" has "$tmp/out" \
    "refused: C is in hand, not F: discard it (it fits nowhere), or draw F first to play it instead (C goes back); C's whole turn in one line, legal now: C discard"

# discard TILE is a turn too: with another tile in hand, refused.
printf '%s\n' 'draw F' 'discard C' 'moves' >"$tmp/r3c.in"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/r3c.in run play r3c.yaml
expect "discard C with F in hand: refused, F named" has "$tmp/out" \
    "refused: F is in hand, not C: place it (place X,Y [ROT]), or draw C first to play it instead (F goes back); F's whole turn in one line, legal now: F 0,2 0 knight@E"
expect "discard C with F in hand: nothing discarded" lacks "$tmp/out" 'C discard'

# Placed where a module's choice is due (a flock's): that step first; the
# turn shown is legal whole (not one missing the choice).
printf '%s\n' 'E 0,1 180 shepherd@N sheep=2' 'U 1,0 0 shepherd@N sheep=3' 'draw B' \
    'place -1,1 0' 'E 5,5 0' >"$tmp/r3hs.in"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/r3hs.in run play --players Bleu,Rouge --expansions hills-sheep
expect "a choice due: the step says it comes first" has "$tmp/out" \
    "refused: B is in hand, placed at -1,1 rotation 0, not E: first the choice the tile calls for (choose WORD [TOKEN]), then meeple ROLE@SPOT or pass to finish the turn, or place X,Y [ROT] again, or draw E first to play it instead (B goes back); B's whole turn in one line, legal now: B 0,-1 0 farmer@N"

# Finding 3: edition 1 pays farmers per completed city: explain on a field
# names no one as controlling the farm, says how the end pays, and what
# each completed city it borders would pay.
head -40 "$(dirname "${BASH_SOURCE[0]}")/../samples/two-players-ed1.yaml" >"$tmp/r3e1.yaml"
rm -rf "$CARCREF_STATE"
printf 'explain 0,2:S\n' >"$tmp/r3e1.in"
STDIN=$tmp/r3e1.in run play r3e1.yaml
expect "edition 1, explain on a field: the farmers by player" has "$tmp/out" \
    '  meeples: Anna 1 farmer, Ben 1 farmer'
expect "edition 1, explain on a field: no control per farm" lacks "$tmp/out" 'controlled by'
expect "edition 1, explain on a field: paid per city" has "$tmp/out" \
    '  edition 1: at the end each completed city pays 4 to the most farmers over all the farms around it'
expect "edition 1, explain on a field: what each city would pay" has "$tmp/out" \
    '    if the game ended now: completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Anna (3 farmers) - Ben has 1, fewer'
# Editions 2 and 3 still name who controls a field.
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n' >"$tmp/r3k.yaml"
printf 'explain -1,0:SW\n' >"$tmp/r3k.in"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/r3k.in run play r3k.yaml
expect "edition 3, explain on a field: who controls it" grep -qx '  controlled by Anna' "$tmp/out"

# Finding 13: "if the game ended now" is one French phrase, the rule
# books' words ("la partie se termine"), in explain as in board --feature.
rm -rf "$CARCREF_STATE"
printf 'explain -1,0:SW\nexplain 0,0:N\n' >"$tmp/r3k.in"
STDIN=$tmp/r3k.in LC_ALL=C.UTF-8 LANGUAGE=fr run play r3k.yaml
expect "French explain: si la partie se terminait maintenant" has "$tmp/out" \
    '  si la partie se terminait maintenant : pré touchant 0 ville achevée : 3 x 0 = 0 à Anna (1 paysan)'
expect "French explain: to nobody is à personne" has "$tmp/out" \
    ' = 1, à personne (aucun chevalier dessus)'
rm -rf "$CARCREF_STATE"
printf 'explain 0,0:N\nexplain Anna\n' >"$tmp/r3e1.in"
STDIN=$tmp/r3e1.in LC_ALL=C.UTF-8 LANGUAGE=fr run play r3e1.yaml
expect "French explain: scored at move, as board --feature says it" has "$tmp/out" \
    '  points marqués au coup 1 : ville achevée de 2 tuiles'
expect "French explain PLAYER: si la partie se terminait maintenant" has "$tmp/out" \
    '  meeples sur le plateau, si la partie se terminait maintenant :'
expect "French explain: one rendering" bash -c "! grep -q 'finissait\|arrêtait' '$tmp/out'"

# Finding 13: Ctrl-C says the step the tile in hand waits for: placed, its
# meeple or pass; drawn, its placing.  Tab begins a whole turn with the
# tile in hand only.
if command -v tmux >/dev/null; then
	start NO_COLOR=1 CARCREF_STATE="$tmp/r3tty" -- play
	screen "round 3: the prompt" '^Anna> ?$'
	keys 'draw V' Enter
	screen "round 3: V in hand" '^Anna \[V\]> ?$'
	keys 'A -1' Tab
	screen "Tab: no whole turn with another tile than the one in hand" '^Anna \[V\]> A -1$'
	keys C-c
	keys 'V 1,' Tab
	screen "Tab: the tile in hand's whole turn" '^Anna \[V\]> V 1,0 ?$'
	keys C-c
	keys 'place 1,0 90' Enter
	screen "round 3: V placed" '^Anna \[V 1,0 90\]> ?$'
	keys 'xyz' C-c
	screen "Ctrl-C with the tile placed: its meeple or pass, not place it" \
	    '^\(V is still in hand, placed at 1,0 rotation 90: meeple ROLE@SPOT or pass to finish the turn, or place X,Y \[ROT\] again; Ctrl-D asks whether to keep it\)'
	keys 'draw V' Enter
	keys 'xyz' C-c
	screen "Ctrl-C with the tile drawn: place it" \
	    '^\(V is still in hand: place it \(place X,Y \[ROT\]\), or draw another to change it; Ctrl-D asks whether to keep it\)'
	term_close
fi
# ---- issue 18 round 3: session ------------------------------------------------

r3=$tmp/r3s
oldstate=$CARCREF_STATE
export CARCREF_STATE=$r3
mkdir -p "$r3/games"
# r3rec NAME MOVE...: a journal kept as carcref writes it (r2rec's, here).
r3rec() { local r2=$r3; r2rec "$@"; }

# 1. save wrote the record without a comment: the user's file (the one the
# game was loaded from, here) lost every comment, unsaid.  It writes the
# journal's text, in canonical form, comments kept: the file's own, and
# the moves after them, before the comments that end it.
cat >"$tmp/r3-c.yaml" <<'END18'
# Sunday at Léa's
format: carcref/1
players: [Anna, Ben]
moves:
  # Anna opens
  - K -1,0 180 farmer@SW  # a farmer
  - E 0,1 180
# to be continued
END18
printf 'U -1,1 90\nsave r3-c.yaml\nsave -\n' >"$tmp/r3-1.in"
STDIN=$tmp/r3-1.in run play r3-c.yaml
cat >"$tmp/r3-1.want" <<'END18'
# Sunday at Léa's
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players:
  - Anna
  - Ben
moves:
  # Anna opens
  - K -1,0 180 farmer@SW  # a farmer
  - E 0,1 180
  - U -1,1 90
# to be continued
END18
expect "r3 1: save FILE: the file's comments kept, the move before its last comment" \
    cmp -s "$tmp/r3-1.want" "$tmp/r3-c.yaml"
expect "r3 1: save -: the same text" bash -c 'sed -n "/^# Sunday/,\$p" "$1" | cmp -s "$2" -' sh \
    "$tmp/out" "$tmp/r3-1.want"
expect "r3 1: what save writes is canonical (fmt --check)" "$CARCREF" fmt --check "$tmp/r3-c.yaml"
# A journal's comments (resumed, edited by hand) in a file saved too.
r3rec saved "K -1,0 180 farmer@SW"
printf '  # Ben thinks\n  - E 0,1 180  # closes it\n' >>"$r3/games/saved.yaml"
printf 'save r3-saved.yaml\n' >"$tmp/r3-1b.in"
STDIN=$tmp/r3-1b.in run resume saved
expect "r3 1: save after resume: the journal's comments" \
    test "$(grep -c '# Ben thinks\|# closes it' "$tmp/r3-saved.yaml")" = 2
# No move yet: "moves: []", as fmt writes it.
printf 'save r3-empty.yaml\n' >"$tmp/r3-1c.in"
STDIN=$tmp/r3-1c.in run play
expect "r3 1: save with no move: canonical" "$CARCREF" fmt --check "$tmp/r3-empty.yaml"
expect "r3 1: carcref(1) says save keeps the comments" \
    bash -c 'man -l "$1" 2>/dev/null | tr -s " \n" "  " | grep -qF "with the comments of the game" ||
        ! command -v man >/dev/null' sh "$MAN"

# 4. A comment after the last move (written by hand between sessions)
# belongs to no move: it stays after the moves, and undo never takes it.
r3rec note "K -1,0 180 farmer@SW"
echo '# note' >>"$r3/games/note.yaml"
printf 'V 1,0 90 thief@W\n' >"$tmp/r3-4.in"
STDIN=$tmp/r3-4.in run resume note
expect "r3 4: the move goes before the comment that ends the journal" \
    test "$(tail -2 "$r3/games/note.yaml" | tr '\n' '|')" = "  - V 1,0 90 thief@W|# note|"
printf 'undo\n' >"$tmp/r3-4u.in"
STDIN=$tmp/r3-4u.in run resume note
expect "r3 4: undo leaves it there" test "$(tail -2 "$r3/games/note.yaml" | tr '\n' '|')" = \
    "  - K -1,0 180 farmer@SW|# note|"
expect "r3 4: ... and keeps nothing aside" test ! -e "$r3/games/note.yaml.undone"
expect "r3 4: ... and says nothing of comments" lacks "$tmp/out" 'comments'
# A move's comments go with its undo, into NAME.yaml.undone; redo brings
# them back: the journal as it was.
r3rec redo "K -1,0 180 farmer@SW"
printf '  # Ben thinks\n  - E 0,1 180  # closes it\n  - U -1,1 90\n# the end\n' >>"$r3/games/redo.yaml"
printf 'V 1,0 0\n' >"$tmp/r3-4r.in"
STDIN=$tmp/r3-4r.in run resume redo
cp "$r3/games/redo.yaml" "$tmp/r3-redo.before"
printf 'undo 3\nredo 3\n' >"$tmp/r3-4r.in"
STDIN=$tmp/r3-4r.in run resume redo --yes
expect "r3 4: undo of commented moves: said where they are kept" has "$tmp/out" \
    "the comments of the moves taken back are kept in $r3/games/redo.yaml.undone; redo puts them back"
expect "r3 4: redo: the journal as it was, its comments back" cmp -s "$tmp/r3-redo.before" "$r3/games/redo.yaml"
cat >"$tmp/r3-undone.want" <<'END18'
  # Ben thinks
  - E 0,1 180  # closes it
  - U -1,1 90
  - V 1,0 0
END18
expect "r3 4: .undone: what undo took, and nothing else" \
    bash -c 'grep -v "^# .*, undo took back moves 2 to 4, with their comments:\$" "$1" | cmp -s "$2" -' sh \
    "$r3/games/redo.yaml.undone" "$tmp/r3-undone.want"
# Another move in its place: the comments stay in .undone only.
printf 'undo 3\nW 1,0 0\n' >"$tmp/r3-4n.in"
STDIN=$tmp/r3-4n.in run resume redo --yes
expect "r3 4: a new move: the comments not put back" lacks "$r3/games/redo.yaml" '# Ben thinks'
expect "r3 4: ... the one after the moves stays" test "$(tail -1 "$r3/games/redo.yaml")" = '# the end'
# Each undo keeps only what it takes, in one file: 40 undos of commented
# moves on a journal of 71 commented moves leave one .undone that holds
# those 40 moves (40 copies of the journal before); redo 40 brings the
# journal back as it was.
"$CARCREF" selfplay --seed 3 | awk '/^  - / { print "  # before " NR; print $0 "  # on " NR; next } { print }' \
    >"$r3/games/big.yaml"
"$CARCREF" fmt "$r3/games/big.yaml"	# as carcref writes it
cp "$r3/games/big.yaml" "$tmp/r3-big.before"
{ for _ in $(seq 40); do printf 'undo\n'; done; printf 'redo 40\n'; } >"$tmp/r3-4b.in"
STDIN=$tmp/r3-4b.in run resume big
expect "r3 4: 40 undos: one file kept aside" test "$(ls "$r3/games" | grep -c '^big\.yaml\.')" = 1
expect "r3 4: 40 undos: it holds what they took, no copy of the journal" \
    test "$(grep -c '^# .*, undo took back move [0-9]*, with its comments:$' \
    "$r3/games/big.yaml.undone"):$(wc -l <"$r3/games/big.yaml.undone")" = 40:120
expect "r3 4: redo 40: the journal as it was, every comment back" \
    cmp -s "$tmp/r3-big.before" "$r3/games/big.yaml"

# 7. The tile in hand was lost on SIGQUIT (Ctrl-\) and SIGPIPE, and when
# resume had given it back (its .hand deleted at once) and the session was
# then killed.
r3rec quit "W 1,0 0"
live r3-7q - resume quit
say "draw V" "place 1,1 90"
seen "V at 1,1 rotation 90"
kill -QUIT "$livepid"
over
expect "r3 7: SIGQUIT with a tile in hand: kept" test "$(cat "$r3/games/quit.hand" 2>/dev/null)" = "V 1,1 90"
expect "r3 7: SIGQUIT: said" has "$liveout" 'V kept in hand: carcref resume quit gives it back'
expect "r3 7: SIGQUIT: the process ends of it" test "$livecode" = 131
expect "r3 7: SIGQUIT: no core dumped" test -z "$(ls "$tmp" | grep '^core')"
# The output gone (a reader that stopped): SIGPIPE.
r3rec pipe "W 1,0 0"
live r3-7p - resume pipe
say "draw V"
seen "V fits on"
kill "$livecat"
wait "$livecat" 2>/dev/null
say "board" "board"
over
expect "r3 7: SIGPIPE with a tile in hand: kept" test "$(cat "$r3/games/pipe.hand" 2>/dev/null)" = V
expect "r3 7: SIGPIPE: the process ends of it" test "$livecode" = 141
# The same with SIGPIPE ignored: EPIPE on the standard output ends it (it
# went on reading, the input endless here, until killed).
r3rec epipe "W 1,0 0"
(cd "$tmp" && trap '' PIPE && { printf 'draw V\n'; sleep 1; yes board 2>/dev/null; } |
    timeout -s KILL "$TIMEOUT" "$CARCREF" resume epipe 2>"$tmp/r3-7e.err" | head -1 >/dev/null)
expect "r3 7: EPIPE (SIGPIPE ignored) with a tile in hand: kept" \
    test "$(cat "$r3/games/epipe.hand" 2>/dev/null)" = V
expect "r3 7: EPIPE: said on the standard error" has "$tmp/r3-7e.err" 'carcref: standard output: Broken pipe'
# resume keeps NAME.hand until the tile is played, dropped or changed: a
# kill -9 right after resume loses nothing.
live r3-7k - resume quit
seen "V is in hand again"
{ kill -9 "$livepid"; wait "$livepid"; } 2>/dev/null	# (no "Killed" notice)
over
expect "r3 7: kill -9 after resume: the tile still kept" \
    test "$(cat "$r3/games/quit.hand" 2>/dev/null)" = "V 1,1 90"
printf 'board\n' >"$tmp/r3-7b.in"
STDIN=$tmp/r3-7b.in run resume quit
expect "r3 7: ... given back again" has "$tmp/out" 'V is in hand again, as it was when the game was left, placed at 1,1 rotation 90'
printf 'pass\n' >"$tmp/r3-7p.in"
STDIN=$tmp/r3-7p.in run resume quit
expect "r3 7: played: its file gone" test ! -e "$r3/games/quit.hand"
r3rec change "W 1,0 0"
printf 'U\n' >"$r3/games/change.hand"
live r3-7c - resume change
seen "U is in hand again"
say "draw V"
seen "V fits on"
expect "r3 7: another tile drawn: the one kept is no longer kept" test ! -e "$r3/games/change.hand"
{ kill -9 "$livepid"; wait "$livepid"; } 2>/dev/null
over

# 8. save over the state directory's own files outside games/ and locks/
# (its history, an older carcref's lock) was accepted: the whole
# directory is fenced.
printf 'score\n' >"$r3/history"
: >"$r3/lock"
mkdir -p "$r3/more" "$tmp/r3d"
ln -f "$r3/history" "$tmp/r3d/hist-hard"
cat >"$tmp/r3-8.in" <<END18
save $r3/history
save $r3/lock
save $r3/more/x.yaml
board --svg $r3/games/../x.svg
save r3d/hist-hard
save r3d/ok.yaml
END18
cat >"$tmp/r3-8.want" <<'END18'
save: TMP/r3s/history: TMP/r3s is carcref's state directory (its games, locks and history), and no command writes there; choose another file
save: TMP/r3s/lock: TMP/r3s is carcref's state directory (its games, locks and history), and no command writes there; choose another file
save: TMP/r3s/more/x.yaml: TMP/r3s is carcref's state directory (its games, locks and history), and no command writes there; choose another file
board: TMP/r3s/games/../x.svg: TMP/r3s is carcref's state directory (its games, locks and history), and no command writes there; choose another file
save: r3d/hist-hard is another name of a file in carcref's state directory TMP/r3s: no command writes over it; choose another file
saved 1 move to r3d/ok.yaml
END18
r3rec fence "W 1,0 0"
STDIN=$tmp/r3-8.in run resume fence
grep -E '^(save|board|saved)' "$tmp/out" | sed "s|$tmp|TMP|g" >"$tmp/r3-8.out"
expect "r3 8: every file of the state directory refused, by any path" diff -u "$tmp/r3-8.want" "$tmp/r3-8.out"
expect "r3 8: the history as it was" test "$(cat "$r3/history")" = score
expect "r3 8: the old lock as it was" test ! -s "$r3/lock"
expect "r3 8: no file made there" test ! -e "$r3/more/x.yaml" -a ! -e "$r3/x.svg"

# 7 at a terminal: Ctrl-\ (SIGQUIT) while readline waits keeps the tile.
if command -v tmux >/dev/null; then
	r3rec tquit "W 1,0 0"
	start CARCREF_STATE="$r3" -- resume tquit
	screen "r3 7: a game at a terminal" '^Ben> ?$'
	keys 'draw V' Enter
	screen "r3 7: a tile in hand at a terminal" '^Ben \[V\]> ?$'
	keys 'abc' 'C-\'
	screen "r3 7: Ctrl-\\: the tile kept, said" '^V kept in hand: carcref resume tquit gives it back$'
	screen "r3 7: Ctrl-\\: the process ends of SIGQUIT" '^EXIT=131$'
	expect "r3 7: Ctrl-\\: the tile kept" test "$(cat "$r3/games/tquit.hand" 2>/dev/null)" = V
	expect "r3 7: Ctrl-\\: the line being typed not run" lacks "$tmp/pane" 'unknown command'
	# Ctrl-\ at Ctrl-D's question: no answer, so the tile is kept.
	start CARCREF_STATE="$r3" -- resume tquit
	screen "r3 7: resume at a terminal: the tile back" '^Ben \[V\]> ?$'
	keys C-d
	screen "r3 7: Ctrl-D asks" 'drop it\? \(y/N\) ?$'
	keys 'C-\'
	screen "r3 7: Ctrl-\\ at the question: the tile kept" '^V kept in hand: carcref resume tquit gives it back$'
	screen "r3 7: Ctrl-\\ at the question: the process ends of SIGQUIT" '^EXIT=131$'
	# Dropped at Ctrl-D's question: the tile resume gave back is dropped.
	start CARCREF_STATE="$r3" -- resume tquit
	screen "r3 7: resume at a terminal: the tile back" '^Ben \[V\]> ?$'
	keys C-d
	screen "r3 7: Ctrl-D asks" 'drop it\? \(y/N\) ?$'
	keys y Enter
	screen "r3 7: dropped" '^V dropped'
	expect "r3 7: dropped: its file gone" test ! -e "$r3/games/tquit.hand"
	term_close
fi
export CARCREF_STATE=$oldstate
# ---- issue 18 round 3: words -------------------------------------------------

nbsp=$(printf '\302\240') idsp=$(printf '\343\200\200') e30=$(printf 'é%.0s' $(seq 30))
export CARCREF_STATE=$tmp/state-r3w

# Finding 6: what the table quotes of what was typed is kept as typed (é
# stays é; \u202e and \x1b as everywhere), one rule for every quote: cut
# after 48 bytes, never inside a character.
printf 'V\303\251 1,0 90\n\342\200\256E 0,1 180\nE\033 0,1 180\nexplain Zo\303\251\nhelp \303\251\na%s\n' \
    "$e30" >"$tmp/r3q.in"
STDIN=$tmp/r3q.in run play
expect "r3: an unknown tile quoted as typed" has "$tmp/out" 'refused: unknown tile "Vé"'
expect "r3: a bidi override quoted as an escape" has "$tmp/out" 'refused: unknown tile "\u202eE"'
expect "r3: an ESC quoted as an escape" has "$tmp/out" 'refused: unknown tile "E\x1b"'
expect "r3: explain quotes the name as typed" has "$tmp/out" \
    'explain: no player is named "Zoé", and it is no position X,Y[:SPOT]'
expect "r3: help quotes the word as typed" has "$tmp/out" 'help: no command "é" (help lists them)'
expect "r3: a long command cut after a whole character" has "$tmp/out" \
    "unknown command \"a$(printf 'é%.0s' $(seq 23))...\"; help lists the commands"
expect "r3: no ? for a character" lacks "$tmp/out" '?"'
expect "r3: no byte of a character alone" lacks "$tmp/out" '\xc3'
if [ -n "${FR_CARCREF-}" ]; then
	printf 'V\303\251 1,0 90\n' >"$tmp/r3fr.in"
	CARCREF=$FR_CARCREF STDIN=$tmp/r3fr.in run play
	expect "r3 fr: the tile quoted as typed" has "$tmp/out" 'refusé : tuile « Vé » inconnue'
fi

# Finding 9: load of a file that is no text: refused at once, at its first
# NUL byte; a journal that holds one is unreadable there, left as it is.
printf 'load /dev/zero\nscore\n' >"$tmp/r3z.in"
STDIN=$tmp/r3z.in run play
expect "r3: load /dev/zero refused at its first byte" has "$tmp/out" \
    'load: /dev/zero:1:1: a NUL byte: not a text file (a record or a tile file is YAML text)'
expect "r3: the game goes on after it" grep -qE '^> Anna +0 +7$' "$tmp/out"
nulst=$tmp/state-r3nul
mkdir -p "$nulst/games"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180\000junk\n' >"$nulst/games/2026-01-02-nul.yaml"
cp "$nulst/games/2026-01-02-nul.yaml" "$tmp/r3nul.orig"
CARCREF_STATE=$nulst run resume 2026-01-02-nul
expect "r3: resume of a journal holding a NUL: exit 1" test "$code" = 1
expect "r3: the journal unreadable at the NUL" grep -qF \
    "carcref: cannot resume 2026-01-02-nul: its journal is unreadable: $nulst/games/2026-01-02-nul.yaml:4:14:" "$tmp/err"
expect "r3: that journal left as it is" cmp -s "$tmp/r3nul.orig" "$nulst/games/2026-01-02-nul.yaml"

# Finding 10: --players, records and the table agree: white space of any
# kind around a name is no part of it (--players leaves it out, a record
# has none, the table reads a name typed with it as the name).
printf '%s: E 0,1 180\nexplain Ben%s\n' "anna$idsp" "$nbsp" >"$tmp/r3n.in"
STDIN=$tmp/r3n.in run play --players "Anna$nbsp, ${idsp}Ben"
expect "r3: --players leaves the no-break and ideographic spaces out" has "$tmp/out" \
    'edition 3, 2 players: Anna, Ben'
expect "r3: a prefix typed with white space names the player" has "$tmp/out" 'move 1, Anna: E 0,1 180'
expect "r3: explain with white space names the player" has "$tmp/out" 'Ben: 0 points'
expect "r3: the journal's names have none" grep -qxF '  - Ben' "$(journal)"

# Finding 13: a count said in the singular or the plural, never "(s)".
printf 'format: carcref/1\nexpansions: [river]\nplayers: [Anna, Ben]\nmoves:\n' >"$tmp/r3r9.yaml"
for m in 'RV-I 1,0 0' 'RV-D 1,-1 90' 'RV-G 1,-2 180' 'RV-C 2,-2 180' 'RV-B 3,-2 0' \
    'RV-D 4,-2 0' 'RV-E 5,-2 90' 'RV-G 5,-3 180' 'RV-H 6,-3 0'; do
	echo "  - $m" >>"$tmp/r3r9.yaml"
done
printf 'draw RV-L\ndraw D\n' >"$tmp/r3r.in"
STDIN=$tmp/r3r.in run play "$tmp/r3r9.yaml"
expect "r3: one other river tile, in the singular" has "$tmp/out" \
    'refused: the lake comes last of the river: RV-L may not be drawn while 1 other river tile is left'
expect "r3: two river tiles, in the plural" has "$tmp/out" \
    'refused: the river comes first: D may not be drawn while 2 river tiles are left'
expect "r3: no (s)" lacks "$tmp/out" '(s)'

# ---- the dice game at the table (issue 19 part 2, spec/dice.md 4.8) ----------

export CARCREF_STATE=$tmp/dice-state
# A whole game, step by step and whole lines, English and French words:
# what the table is told, the standings after each turn, the end at 42,
# the tile game's commands refused, the record saved.
typed dice-whole <<'EOF'
roll K X X CFFF CFCF CCFF CCCF K CFFF
keep CFFF CFCF
roll CFCF CFFF X K CCFF
keep CFCF CFFF
roll CFCF K
claim 5
Ben: K K K X X X CFFF CFFF CCFF = knight
roll CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFFF
claim 8
lancer bord bande bande bord catapulte X X X X
annoncer 4
CFFF CFCF CFCF CFCF CFCF CFCF CFFF X X
= 7
score
explain
roll K
draw U
moves
save whole.yaml
quit
EOF
want dice-whole <<'EOF'
carcref: a new game
the shipped faces, 2 players: Anna, Ben
faces: the shipped guess (dice-faces.yaml): which sides of the city faces are
black is not known for sure; "faces" draws them; if your dice differ, start
again with --faceset FILE
Anna 0, Ben 0; Anna to play, 9 dice; first to 42
roll 1 of 3, 9 dice: 2 knights, 2 catapults (out), 5 city faces
set aside: CFFF CFCF; 5 dice to roll (roll 2 of 3)
roll 2 of 3, 5 dice: 1 knight, 1 catapult (out), 3 city faces
set aside: CFCF CFFF; 2 dice to roll (roll 3 of 3)
roll 3 of 3, 2 dice: 1 knight, 1 city face
that was the last roll: claim N or claim knight ends the turn
Anna: closed city of 5 dice: 6
Anna 6, Ben 0; Ben to play, 9 dice; first to 42
Ben: 3 knights collected: Ben keeps one, scores nothing now and double next turn
Anna 6, Ben 0 [knight]; Anna to play, 8 dice; first to 42
roll 1 of 3, 8 dice: 8 city faces
Anna: closed city of 8 dice: 21
Anna 27, Ben 0 [knight]; Ben to play, 9 dice; first to 42
roll 1 of 3, 9 dice: 5 catapults (out), 4 city faces
Ben: closed city of 4 dice: 3, doubled by the knight kept last turn: 6
Anna 27, Ben 6; Anna to play, 9 dice; first to 42
roll 1 of 3, 9 dice: 2 catapults (out), 7 city faces
claim N or claim knight ends the turn
Anna: closed city of 7 dice: 15
Anna has 42 points, 42 or more: Anna wins
game over: Anna wins with 42 points (Ben 6)
final scores:
  1. Anna   42
  2. Ben     6
points by category  Anna   Ben
  city                42     6
  knight               0     0
  total               42     6
largest single scoring: move 3, city: closed city of 8 dice: 21
the lead never changed hands
game over: save FILE keeps it; score and explain show it; undo goes back
  Anna   42
  Ben     6
game over: Anna wins with 42 points (Ben 6)
Anna: 42 points
  move 1: closed city of 5 dice: 6
  move 3: closed city of 8 dice: 21
  move 5: closed city of 7 dice: 15
Ben: 6 points
  move 2: 3 knights collected: Ben keeps one, scores nothing now and double next turn
  move 4: closed city of 4 dice: 3, doubled by the knight kept last turn: 6
game over: save FILE keeps it; score and explain show it; undo goes back
draw is a command of the tile game: the dice game has no tiles; enter a roll with roll FACES (help lists the dice game's commands)
   1  Anna  K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5
   2  Ben   K K K X X X CFFF CFFF CCFF = knight
   3  Anna  CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 8
   4  Ben   CFFF CFCF CFCF CFFF X X X X X = 4
   5  Anna  CFFF CFCF CFCF CFCF CFCF CFCF CFFF X X = 7
saved 5 moves to whole.yaml
EOF
session dice-whole 1 play --game dice
expect "dice: the game saved replays to 42" has <(cd "$tmp" && "$CARCREF" replay whole.yaml) '  1. Anna   42'
expect "dice: save writes the faces in force" has "$tmp/whole.yaml" \
    '  - {code: CFFF, also: [cap, bord], edges: C F F F, cities: [[N]]}'
dj=$(journal)
expect "dice: the journal writes faces: (the shipped ones too)" has "$dj" 'faces:'
expect "dice: the journal never writes faceset:" lacks "$dj" 'faceset:'
expect "dice: the journal is the game" cmp -s <(moves_of "$dj") <(moves_of "$tmp/whole.yaml")

# Undo and redo by rolls, keep replaced, end refused during a turn, claim
# alone, the tile game's commands and explain X,Y refused in the dice
# game's words.
typed dice-undo <<'EOF'
roll K X X CFFF CFCF CCFF CCCF K CFFF
keep CFFF CFCF K
keep CFFF CFCF
roll CFCF CFFF X K CCFF
end
undo
undo
redo
redo
keep CFCF CFFF
roll CFCF K
claim
claim 5
undo
redo
roll K K K X X X CFFF CFFF CCFF
keep K K K
roll CFFF CFFF CCFF
undo 5
board
plateau
explain 2,0
place 0,1
piocher U
supply
EOF
session dice-undo 1 play --game dice
out=$tmp/dice-undo.out
expect "dice: keep again replaces the choice" has "$out" 'set aside: CFFF CFCF; 5 dice to roll (roll 2 of 3)'
expect "dice: end refused during a turn" has "$out" \
    "Anna's turn is under way (2 rolls): claim the turn, or undo its rolls, before end"
expect "dice: undo takes back the last roll" has "$out" \
    "undone: roll 2 of Anna's turn: CFCF CFFF X K CCFF"
expect "dice: undo again, the first roll" has "$out" \
    "undone: roll 1 of Anna's turn: K X X +CFFF +CFCF CCFF CCCF K CFFF"
expect "dice: redo puts the rolls back" has "$out" 'roll 2 of 3, 5 dice: 1 knight, 1 catapult (out), 3 city faces'
expect "dice: redo with no roll undone puts back the turn" \
    test "$(grep -c '^Anna: closed city of 5 dice: 6$' "$out")" = 2
expect "dice: no roll left: the turn starts again" has "$out" "Anna's turn starts again: 9 dice to roll"
expect "dice: claim alone in a size-only turn says the sizes" has "$out" 'say the size: claim 3, claim 4 or claim 5'
expect "dice: undo 5 takes back the turn's two rolls, no more" \
    test "$(grep -c '^undone: roll' "$out")" = 4
expect "dice: undo 5: Ben's turn starts again" has "$out" "Ben's turn starts again: 9 dice to roll"
expect "dice: undo with no roll takes back the turn" has "$out" \
    'undone: move 1, Anna: K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5'
expect "dice: board refused" has "$out" "the dice game has no board: city shows the turn's dice"
expect "dice: plateau refused the same" test "$(grep -c "^the dice game has no board: city shows" "$out")" = 2
expect "dice: explain X,Y refused" has "$out" "the dice game has no board: explain takes a player's name"
expect "dice: place refused" has "$out" \
    "place is a command of the tile game: the dice game has no tiles; enter a roll with roll FACES (help lists the dice game's commands)"
expect "dice: piocher refused" has "$out" "piocher is a command of the tile game"
expect "dice: supply refused" has "$out" "supply is a command of the tile game"

# A layout at the table: keep on squares, city draws it, claim alone.
typed dice-layout <<'EOF'
roll K X X CFFF CFCF CCFF CCCF K CFFF
keep CFFF@0,0 CFCF@0,1
roll FFCF CFFF X K K
keep FFCF@0,2
city
claim
faces
EOF
session dice-layout 0 play --game dice
out=$tmp/dice-layout.out
expect "dice layout: the keep on squares" has "$out" 'set aside: CFFF@0,0 CFCF@0,1; 5 dice to roll (roll 2 of 3)'
expect "dice layout: city draws the column" has "$out" "$(printf '.....\n.###.\n.###.\n..#..\n.###.\n.###.\n.....')"
expect "dice layout: the city closed" has "$out" '  a city of 3 dice, closed: 0,0 0,1 0,2'
expect "dice layout: claim alone scores the layout's" has "$out" 'Anna: closed city of 3 dice: 1'
expect "dice layout: faces draws them" has "$out" '  cap        corner     band       three'

if command -v tmux >/dev/null; then
	# The prompts, Tab, Ctrl-C and Ctrl-D with rolls under way, resume.
	start -- play --game dice
	screen "dice: the prompt, 9 dice" '^Anna \[9 dice\]> ?$'
	keys 'ro' Tab
	screen "dice: Tab completes roll" '^Anna \[9 dice\]> roll ?$'
	keys 'K X X CFFF CFCF CCFF CCCF K CF' Tab Tab
	screen "dice: Tab lists the faces" '^CFCF +CFFF *$'
	keys 'FF' Enter
	screen "dice: after a roll, its number" '^Anna \[roll 1\]> ?$'
	keys 'keep ' Tab Tab
	screen "dice: keep completes the last roll's faces" '^CCCF +CCFF +CFCF +CFFF +K *$'
	keys 'CFFF CFC' Tab
	screen "dice: keep completes a face" '^Anna \[roll 1\]> keep CFFF CFCF ?$'
	keys Enter
	screen "dice: after keep, the dice to roll" '^Anna \[5 dice\]> ?$'
	keys 'roll CFCF CFFF X K CCFF' Enter 'keep CFCF CFFF' Enter 'roll CFCF K' Enter
	screen "dice: roll 3" '^Anna \[roll 3\]> ?$'
	keys 'claim ' Tab Tab
	screen "dice: claim completes the sizes" '^0 +2 +3 +4 +5 *$'
	keys 'xyz' C-c
	screen "dice: Ctrl-C keeps the rolls, and says so" \
	    "^\\(Anna's turn is under way, 3 rolls entered: roll, keep or claim to go on; Ctrl-D asks whether to keep it\\)"
	keys -l end
	keys Enter
	screen "dice: end refused during a turn" "^Anna's turn is under way \\(3 rolls\\): claim the turn, or undo its rolls, before end$"
	keys 'claim 5' Enter
	screen "dice: the turn scored" '^Anna: closed city of 5 dice: 6$'
	screen "dice: the standings line" '^Anna 6, Ben 0; Ben to play, 9 dice; first to 42$'
	screen "dice: Ben's prompt" '^Ben \[9 dice\]> ?$'
	keys '+CFFF@0,0 K X X CCFF CCFF CCCF K K' Enter
	screen "dice: quick entry, the turn goes on" '^claim N or claim knight ends the turn$'
	keys 'keep CFFF@0,0 FFCF@' Tab Tab
	screen "dice: after @, the squares where it fits" 'FFCF@0,1'
	keys C-u C-d
	screen "dice: Ctrl-D with rolls: asks before dropping them" \
	    "^Ben's turn is under way \\(its rolls entered, not claimed\\): drop it\\? \\(y/N\\) ?$"
	keys Enter
	screen "dice: Ctrl-D: the turn kept" "^Ben's turn kept: carcref resume [0-9a-z-]+-anna-ben[0-9-]* gives its rolls back$"
	screen "dice: exit 0" '^EXIT=0$'
	dt=$(sed -n "s/^Ben's turn kept: carcref resume \([^ ]*\) gives its rolls back$/\1/p" "$tmp/pane")
	expect "dice: the turn kept in .hand, one line" \
	    test "$(cat "$tmp/tty/games/$dt.hand")" = '+CFFF@0,0 K X X CCFF CCFF CCCF K K'
	start NO_COLOR=1 -- resume "$dt"
	screen "dice resume: the rolls given back" "^Ben's turn is under way again, as it was when the game was left: \\+CFFF@0,0 K X X CCFF CCFF CCCF K K$"
	screen "dice resume: the prompt" '^Ben \[6 dice\]> ?$'
	keys 'K X CCFF K CCFF CFFF' Enter
	screen "dice resume: the turn goes on" '^roll 2 of 3, 6 dice: 2 knights, 1 catapult \(out\), 3 city faces$'
	keys 'claim 0' Enter
	screen "dice resume: the turn ends" '^Ben: no closed city: 0$'
	keys C-d
	screen "dice resume: exit 0" '^EXIT=0$'
	expect "dice resume: the kept turn's file is gone once played" test ! -e "$tmp/tty/games/$dt.hand"
fi

# kill -9 with a turn under way: the journal holds every turn accepted;
# the turn kept (SIGTERM) is given back by resume, and kept until played.
dk=$tmp/dk9
live dice-k9 - play --game dice
say 'CFFF CFCF CFFF X X X X X X = 3'
seen 'Anna: closed city of 3 dice: 1'
say 'K K K X X X CFFF CFFF CCFF = knight'
seen 'Ben: 3 knights collected'
say 'roll K X X CFFF CFCF CFFF CCCF K'
seen 'roll 1 of 3, 8 dice'
kill -TERM "$livepid"
over
dgame=$(basename "$(journal)" .yaml)
expect "dice SIGTERM: the turn under way is kept" has "$CARCREF_STATE/games/$dgame.hand" 'K X X CFFF CFCF CFFF CCCF K'
live dice-k9b - resume "$dgame"
seen "Anna's turn is under way again, as it was when the game was left: K X X CFFF CFCF CFFF CCCF K"
say 'keep CFFF CFCF CFFF'
seen 'set aside: CFFF CFCF CFFF'
{ kill -9 "$livepid"; wait "$livepid"; } 2>/dev/null
exec 5>&-
wait "$livecat" 2>/dev/null
expect "dice kill -9: the journal holds the turns accepted" \
    test "$(moves_of "$CARCREF_STATE/games/$dgame.yaml" | tr '\n' ';')" = \
    'CFFF CFCF CFFF X X X X X X = 3;K K K X X X CFFF CFFF CCFF = knight;'
expect "dice kill -9: the turn kept is still there" test -f "$CARCREF_STATE/games/$dgame.hand"
printf 'CFCF CFFF K CFFF CFCF CFFF = 4\nmoves\n' >"$tmp/dk9.in"
STDIN=$tmp/dk9.in run resume "$dgame"
expect "dice kill -9, resume: the turn given back again" has "$tmp/out" \
    "Anna's turn is under way again, as it was when the game was left: K X X CFFF CFCF CFFF CCCF K"
expect "dice kill -9, resume: the keep not acknowledged is not given back" has "$tmp/out" \
    'Anna 1, Ben 0 [knight]; Anna to play, 8 dice; first to 42'
expect "dice kill -9, resume: a whole line appends its last rolls" has "$tmp/out" \
    "Anna: closed city of 4 dice: 3"
expect "dice kill -9, resume: three moves" has "$tmp/out" \
    '   3  Anna  K X X CFFF CFCF CFFF CCCF K / CFCF CFFF K CFFF CFCF CFFF = 4'
expect "dice kill -9, resume: the kept turn's file gone once played" \
    test ! -e "$CARCREF_STATE/games/$dgame.hand"

# ---- issue 20: what help says of the expansions is their tables' ----------

# help choose, pass, meeple and find: the words of the modules in play
# (Hills & Sheep's flock, the pieces as a move writes them), the edge
# letters and the filters of the tables; the general words without them.
rm -rf "$CARCREF_STATE"
printf '%s\n' 'help choose' 'help pass' 'help meeple' 'help find' >"$tmp/i20help.in"
STDIN=$tmp/i20help.in run play --expansions hills-sheep,traders-builders
expect "i20: help choose says the flock's choice" has "$tmp/out" \
    '  When the tile extends the field of your own shepherd: choose grow sheep=N'
expect "i20: help pass says the flock's" line "$tmp/out" \
    '  After a flock'"'"'s choice, or with it: pass herd.'
expect "i20: help meeple lists the pieces of the expansions in play" line "$tmp/out" \
    '  the pieces of the expansions in play: builder, pig, shepherd@SPOT sheep=N'
expect "i20: help find names the edges' letters" has "$tmp/out" \
    'any side, C city, R road, F'
expect "i20: help find names the filters of the tables" has "$tmp/out" \
    '--pennant (a pennant), --cloister (a'
expect "i20: help find within 80 columns" \
    perl -CSD -ne 'chomp; $bad = 1 if length > 80; END { exit $bad ? 1 : 0 }' "$tmp/out"
rm -rf "$CARCREF_STATE"
STDIN=$tmp/i20help.in run play
expect "i20: no flock without Hills & Sheep" lacks "$tmp/out" 'shepherd'
expect "i20: help choose's general words" line "$tmp/out" \
    '  When the tile calls for a choice before its piece: choose WORD [TOKEN],'
expect "i20: help pass's general words" line "$tmp/out" \
    '  After a choice, or with it: pass WORD [TOKEN].'
expect "i20: help meeple lists no expansion's pieces" lacks "$tmp/out" 'the pieces of the expansions in play:'

# ---- issue 20 part 2: Hunters & Gatherers at the table -----------------------

# A game at the table (the spec's first lines, HG-7): a refusal leaves the
# game as it was; a gold forest completed, the bonus tile due to its
# placer, a land tile and another player refused on the bonus line; undo
# of the bonus tile and the tile back in hand; help in the game's words;
# explain of a river, a meadow (a hunter on the shrine) and a player;
# the board and its key; save, whose bonus line has its prefix; quit.
hgstate=$tmp/hg-table
export CARCREF_STATE=$hgstate
typed hg <<'EOF'
HG-MRMR3 0,-1 90 fisher@N
HG-FFMM4 0,1 180 G@S
frrm3 -1,0 180 chasseur@e
HG-FMMM2 1,0 270 hut@W
score
HG-FMMM2 1,0 270
HG-FRFR4 -1,1 90
HG-FMMM2 2,0 0
Ben: HG-SHRINE 1,1 0 hunter@SW
Anna: HG-SHRINE 1,1 0 hunter@SW
undo
Anna: HG-SHRINE 1,1 0 hunter@SW
HG-MRMR3 0,-2 90 hut@S
help meeple
help board
explain 0,0:S
explain 0,0:C
explain 1,1:SW
explain Anna
board
save hg-table.yaml
quit
EOF
want hg <<'EOF'
carcref: a new game
the shipped tiles, 2 players: Anna, Ben
0 moves played, 82 tiles left; Anna to play
move 1, Anna: HG-MRMR3 0,-1 90 fisher@N
  Anna 0 [4], Ben 0 [5]; Ben to play, 81 tiles left
move 2, Ben: HG-FFMM4 0,1 180 gatherer@S
  Anna 0 [4], Ben 0 [4]; Anna to play, 80 tiles left
move 3, Anna: HG-FRRM3 -1,0 180 hunter@E
  Anna 0 [3], Ben 0 [4]; Ben to play, 79 tiles left
refused: a hut stands on a river or a lake; valid spots for a hut: nowhere on this tile (HG-FMMM2 as hunters-gatherers.yaml, line 368 describes it: if your box differs, correct it under "tiles:")
3 moves played, 79 tiles left; Ben to play
  player score members huts
  Anna       0       3    2
> Ben        0       4    2
move 4, Ben: HG-FMMM2 1,0 270
  Anna 0 [3], Ben 0 [4]; Anna to play, 78 tiles left
move 5, Anna: HG-FRFR4 -1,1 90
  forest: completed forest of 4 pieces: 2 x 4 = 8 to Ben (1 gatherer)
  bonus: completed forest with 2 gold nuggets: Anna draws a bonus tile (11 left in the pile) = 0 to Anna
  Anna draws a bonus tile and plays it now (move 5 completed a forest with gold)
  Anna 0 [3], Ben 8 [4]; Anna to play, 77 tiles left
refused: move 6 is Anna's bonus tile (move 5 completed a forest with gold): HG-FMMM2 is a land tile
refused: it is Anna's bonus tile (move 5 completed a forest with gold), not Ben's turn
move 6, Anna: HG-BFFMM1 1,1 0 hunter@SW
  Anna 0 [2], Ben 8 [5]; Ben to play, 76 tiles left
undone: move 6, Anna: HG-BFFMM1 1,1 0 hunter@SW
5 moves played, 77 tiles left; Anna to play
HG-BFFMM1 is in Anna's hand again: place it (place X,Y [ROT]), or draw another to change it
move 6, Anna: HG-BFFMM1 1,1 0 hunter@SW
  Anna 0 [2], Ben 8 [5]; Ben to play, 76 tiles left
move 7, Ben: HG-MRMR3 0,-2 90 hut@S
  Anna 0 [2], Ben 8 [5]; Anna to play, 75 tiles left
meeple ROLE@SPOT [TOKEN]
  finish the turn with a meeple on the tile just placed
  Step 3: hunter (meadow), gatherer (forest), fisher (river), hut (river or
  lake), at a spot of the tile as it lies: N E S W, the half-edges NNE ENE ESE
  SSE SSW WSW WNW NNW, the corners NE SE SW NW, or C, the centre. Without
  ROLE@SPOT, lists where one may go.
board [--svg FILE]
  a map of the board, with the meeples
  Each square shows its tile's top, middle and bottom rows (^ forest, . meadow,
  ~ river, ( lake). A meeple is its owner's initial: a capital for gatherer,
  fisher or hut, a small letter for hunter. * marks where the tile in hand fits.
  In colour on a terminal, unless NO_COLOR is set.
  board --svg FILE: the board as an SVG picture, written to FILE.
river at 0,0 S: open
  3 tiles: 0,-1 0,-2 0,0
  meeples: Anna 1 fisher, Ben 1 hut (counting 0)
  controlled by Anna
  if the game ended now: river system with 1 fish: 1 x 1 = 1 to Ben (1 hut)
  if the game ended now: incomplete river of 3 segments: nothing at the end
lake at 0,0 C
  1 tile: 0,0
  meeples: none
  if the game ended now: river system with 1 fish: 1 x 1 = 1 to Ben (1 hut)
meadow at 1,1 SW
  3 tiles: 1,1 0,1 1,0
  meeples: Anna 1 hunter
  controlled by Anna
  if the game ended now: meadow with 1 deer, 1 tiger (1 deer eaten): 2 x 0; the hunter on the shrine scores alone = 0 to Anna
Anna: 0 points
  bonus: completed forest with 2 gold nuggets: Anna draws a bonus tile (11 left in the pile) = 0 to Anna  [move 5, Anna: HG-FRFR4 -1,1 90]
  meeples on the board, if the game ended now:
    fisher at 0,-1 N: incomplete river of 3 segments: nothing at the end
    hunter at -1,0 E: meadow with 1 mammoth: 2 x 1 = 2 to Anna (1 hunter)
    hunter at 1,1 SW: meadow with 1 deer, 1 tiger (1 deer eaten): 2 x 0; the hunter on the shrine scores alone = 0 to Anna
     -1   0    1
   ^.~.^^....^^^^^
 1 ^^^^^^^^....^^^
   ^.~.^^^^^^a...^
   ..~..^^^^^^....
 0 ~~..a..(^^^^...
   ^^^^^..~.^^....
        ..A..
-1      .....
        ..~..
        ..~..
-2      .....
        ..B..
A Anna  B Ben  (capital: gatherer, fisher or hut; small: hunter)
saved 7 moves to hg-table.yaml
EOF
session hg 1 play --game hunters-gatherers --players Anna,Ben
expect "hg table: the saved bonus line has its prefix" \
    grep -qx '  - "Anna: HG-BFFMM1 1,1 0 hunter@SW"' "$tmp/hg-table.yaml"
run replay "$tmp/hg-table.yaml"
expect "hg table: the saved game replays (exit 0)" test "$code" = 0
expect "hg table: the saved game replays the same" has "$tmp/out" \
    '      forest: completed forest of 4 pieces: 2 x 4 = 8 to Ben (1 gatherer)'
# Tied players each take all, said so (HG-4.2, HG-6.4); the book's final
# meadows, the majority in each (fr-342).
run replay "$(dirname "$MAN")/../tests/scenarios/hg/fr-342-final-meadows.yaml"
expect "hg explain: a meadow's majority" has "$tmp/out" \
    'meadow: meadow with 2 deer, 1 tiger (1 deer eaten), 2 mammoths, 1 aurochs: 2 x 4 = 8 to Rouge (2 hunters) - Vert has 1, fewer'
expect "hg explain: a tie" has "$tmp/out" \
    'meadow: meadow with 1 deer, 1 tiger (1 deer eaten), 1 mammoth: 2 x 1 = 2 points each to Rouge and Jaune (tied, 1 hunter each)'
# resume takes the game back, the bonus line played (7 moves).
name=$(basename "$(journal)" .yaml)
printf 'score\nexplain 0,-2:S\nquit\n' >"$tmp/hg-resume.in"
STDIN=$tmp/hg-resume.in run resume "$name"
expect "hg resume: exit 0" test "$code" = 0
expect "hg resume: the game back" has "$tmp/out" '7 moves played, 75 tiles left; Anna to play'
expect "hg resume: the pieces in hand" has "$tmp/out" '> Anna       0       2    2'
expect "hg resume: a hut's river system" has "$tmp/out" \
    '  if the game ended now: river system with 1 fish: 1 x 1 = 1 to Ben (1 hut)'
# At a terminal: the prompt says whose bonus tile is due and why
# (HG-11.2); Tab completes the game's tile codes and piece words.
if command -v tmux >/dev/null; then
	start CARCREF_STATE="$tmp/hg-tty" -- play --game hunters-gatherers --players Anna,Ben
	screen "hg tmux: the prompt" '^Anna> ?$'
	keys 'draw hg-ffmm' Tab
	screen "hg tmux: Tab completes a code of the game" '^Anna> draw HG-FFMM'
	keys C-u 'draw HG-MRMR3' Enter 'place 0,-1 90 ' Tab Tab
	screen "hg tmux: Tab lists the game's piece words" '^fisher@N +hunter@E +hunter@W +hut@N *$'
	keys 'fi' Tab
	screen "hg tmux: Tab completes a piece word" '^Anna \[HG-MRMR3\]> place 0,-1 90 fisher@N ?$'
	keys C-u 'HG-MRMR3 0,-1 90 fisher@N' Enter 'HG-FFMM4 0,1 180 G@S' Enter \
	    'HG-FRRM3 -1,0 180 hunter@E' Enter 'HG-FMMM2 1,0 270' Enter 'HG-FRFR4 -1,1 90' Enter
	screen "hg tmux: the bonus tile due, whose and why" \
	    '^Anna \[bonus tile: move 5 completed a forest with gold\]> ?$'
	keys 'hg-' Tab
	screen "hg tmux: Tab offers the bonus tiles alone" \
	    '^Anna \[bonus tile: move 5 completed a forest with gold\]> HG-B$'
	keys C-u 'quit' Enter
	screen "hg tmux: quit, exit 0" '^EXIT=0$'
	term_close
fi
export CARCREF_STATE=$tmp/state

# ---- the Wheel of Fortune step by step (issue 21, its contract's 4.3):
# wheel N after draw, its action told before the tile goes down, the
# Plague's choices asked and answered with plague X,Y; refusals that leave
# the game as it was; undo gives the copy back as it was said; save, the
# saved game replayed, resume; French; at a terminal the prompt and Tab.
export CARCREF_STATE=$tmp/wheel-steps
typed wsteps <<'EOF'
U wheel=2 -1,0 0 thief@E
B 4,2 0 monk@C
B 1,4 0 monk@C
wheel 2
draw X
place 1,-1
wheel 2
score
draw U
plague 1,4
wheel 3
plague 2,2
plague 1,4
place -2,0 0
pass
undo
place -2,0 0
pass
save wsteps.yaml
help wheel
help plague
B 0,-1 0 crown@tax
board
quit
EOF
session wsteps 1 play --players Anna,Ben --expansions wheel-of-fortune
o=$tmp/wsteps.out
expect "wheel steps: wheel before draw" has "$o" 'no tile in hand: draw it first (draw CODE), then wheel 2'
expect "wheel steps: draw says the icon copies and the step" has "$o" \
    'X: 1 left, 1 with a wheel icon showing 1: wheel 1, as every copy left shows (place alone is refused)'
expect "wheel steps: place refused when every copy left shows an icon" has "$o" \
    'refused: X shows the wheel icon (its one copy has one, wheel-of-fortune.yaml line 54): write X wheel=N'
expect "wheel steps: a number the data makes impossible" has "$o" \
    "refused: X's icon shows 1 (wheel-of-fortune.yaml line 54), not 2; another printing? correct the data"
expect "wheel steps: refusals leave the game as it was" has "$o" \
    '> Ben        0       6'
expect "wheel steps: plague before wheel" has "$o" \
    'plague comes after what the copy shows: say its number first'
expect "wheel steps: Plague asks the player who chooses, the pig's move first" has "$o" \
    '  the pig moves 3, Famine to Plague; each player sends a follower home (plague X,Y):'
expect "wheel steps: the mover's forced follower announced" has "$o" \
    "    Ben: monk at 4,2, Ben's only one"
expect "wheel steps: the chooser's followers" has "$o" \
    '    Anna chooses: thief at -1,0 or monk at 1,4'
expect "wheel steps: a square without a follower" has "$o" \
    'refused: plague=2,2: no follower stands on a land tile at 2,2'
expect "wheel steps: the action told before the tile" has "$o" \
    "  this turn will do: wheel: the pig moves 3, Famine to Plague: Ben's monk at 4,2 goes home (Ben's only follower on a land tile), Anna's monk at 1,4 (Anna's choice)"
# Written back whole (spec 4.1): one plague=X,Y per player who sent a
# follower home, the forced ones too, the mover first, then turn order.
expect "wheel steps: the turn played whole" has "$o" \
    'move 4, Ben: U wheel=3 plague=4,2 plague=1,4 -2,0 0'
expect "wheel steps: undo gives the copy back as it was said" \
    test "$(grep -c '^move 4, Ben: U wheel=3 plague=4,2 plague=1,4 -2,0 0$' "$o")" = 2
expect "wheel steps: help wheel" has "$o" \
    '  After draw, when the copy shows a wheel icon: wheel N, N its number (1, 2'
expect "wheel steps: help plague" has "$o" \
    '  After wheel N stops the pig on Plague: plague X,Y for each player'
expect "wheel steps: the board's wheel, west and east columns" has "$o" \
    '             .....In   Pl @ ..........'
expect "wheel steps: the crown spaces, free" has "$o" ' 2           .....[-]  [--] .......+..'
expect "wheel steps: a crown follower on the map" has "$o" ' 1           .....Fa   Ta   ..==='
expect "wheel steps: a crown follower's initial" has "$o" '             .....[-]  [A-] .....'
expect "wheel steps: the map's key" has "$o" \
    "  @ the pig (nobody's); [A-] crown spaces: a player's initial, - free"
expect "wheel steps: the saved line" grep -qx '  - U wheel=3 plague=4,2 plague=1,4 -2,0 0' "$tmp/wsteps.yaml"
expect "wheel steps: the journal's line" grep -qx '  - U wheel=3 plague=4,2 plague=1,4 -2,0 0' \
    "$(journal)"
run replay "$tmp/wsteps.yaml"
expect "wheel steps: the saved game replays (exit 0)" test "$code" = 0
name=$(basename "$(journal)" .yaml)
printf 'draw V\nwheel 1\nplace 0,-1\nquit\n' >"$tmp/wsteps-resume.in"
STDIN=$tmp/wsteps-resume.in run resume "$name"
expect "wheel steps: resume" has "$tmp/out" '5 moves played, 78 tiles left; Ben to play'
expect "wheel steps: resume, the pig where it stood" has "$tmp/out" \
    '  this turn will do: wheel: the pig moves 1, Plague to Fortune: 3 to Ben, who drew the tile'
# French: roue, peste, the words of the steps.
typed wstepsfr <<'EOF'
U roue=2 -1,0 0 voleur@E
B 4,2 0 moine@C
B 1,4 0 moine@C
piocher U
roue 3
peste 1,4
poser -2,0 0
passer
EOF
STDIN=$tmp/wstepsfr.in LC_ALL=C.UTF-8 LANGUAGE=fr run play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel steps fr: the copies and the step" has "$tmp/out" \
    'U : 7 restantes, 6 avec une icône Roue de la Fortune (nombre inconnu), 1 sans icône : roue N si celle-ci montre N, sinon poser'
expect "wheel steps fr: the choice asked" has "$tmp/out" \
    '  le cochon avance de 3, de Famine à Peste ; chaque joueur renvoie un partisan chez lui (peste X,Y) :'
expect "wheel steps fr: the action told" has "$tmp/out" '  ce tour fera : roue : le cochon avance de 3'
expect "wheel steps fr: the move in English" has "$tmp/out" \
    'coup 4, Ben : U wheel=3 plague=4,2 plague=1,4 -2,0 0'
if command -v tmux >/dev/null; then
	start CARCREF_STATE="$tmp/wheel-tty" -- play --players Anna,Ben --expansions wheel-of-fortune
	screen "wheel tmux: the prompt" '^Anna> ?$'
	keys 'U wheel=2 -1,0 0 thief@E' Enter 'B 4,2 0 monk@C' Enter 'B 1,4 0 monk@C' Enter
	keys 'draw U' Enter 'whe' Tab
	screen "wheel tmux: Tab completes the step" '^Ben \[U\]> wheel ?$'
	keys Tab Tab
	screen "wheel tmux: Tab lists the numbers the data allows" '^1 +2 +3 *$'
	keys '3' Enter
	screen "wheel tmux: the prompt says what the copy shows" '^Ben \[U wheel=3\]> ?$'
	keys 'plague ' Tab Tab
	screen "wheel tmux: Tab lists the followers' squares" '^-1,0 +1,4 +4,2 *$'
	keys '1' Tab Enter
	screen "wheel tmux: the prompt with the choice" '^Ben \[U wheel=3 plague=1,4\]> ?$'
	keys C-u 'quit' Enter 'y' Enter
	screen "wheel tmux: quit, exit 0" '^EXIT=0$'
	term_close
fi
# A tile kept in hand keeps what was said of the copy (wheel=3 plague=1,4):
# the hand file, resume, the prompt, and the move played from it.
export CARCREF_STATE=$tmp/wheel-hand
printf 'U wheel=2 -1,0 0 thief@E\nB 4,2 0 monk@C\nB 1,4 0 monk@C\ndraw U\nwheel 3\nplague 1,4\n' \
    >"$tmp/whand.in"
STDIN=$tmp/whand.in run play --players Anna,Ben --expansions wheel-of-fortune
whand=$(ls "$CARCREF_STATE"/games/*.hand 2>/dev/null | head -1)
expect "wheel hand: the hand file keeps the words of the copy" \
    test "$(cat "$whand" 2>/dev/null)" = 'U wheel=3 plague=1,4'
if command -v tmux >/dev/null; then
	start CARCREF_STATE="$CARCREF_STATE" -- resume "$(basename "$whand" .hand)"
	screen "wheel hand: resume shows the same prompt" '^Ben \[U wheel=3 plague=1,4\]> ?$'
	keys 'quit' Enter 'n' Enter	# not dropped: kept again
	screen "wheel hand: quit, exit 0" '^EXIT=0$'
	term_close
fi
printf 'place -2,0 0\nquit\n' >"$tmp/whand2.in"
STDIN=$tmp/whand2.in run resume "$(basename "$whand" .hand)"
expect "wheel hand: given back with its words" has "$tmp/out" \
    'U wheel=3 plague=1,4 is in hand again, as it was when the game was left'
expect "wheel hand: kept again, placed" \
    test "$(cat "$whand" 2>/dev/null)" = 'U wheel=3 plague=1,4 -2,0 0'
printf 'pass\n' >"$tmp/whand3.in"
STDIN=$tmp/whand3.in run resume "$(basename "$whand" .hand)"
expect "wheel hand: placed, given back with its words" has "$tmp/out" \
    'U wheel=3 plague=1,4 is in hand again, as it was when the game was left, placed at -2,0 rotation 0'
expect "wheel hand: the move played as it was said" has "$tmp/out" \
    'move 4, Ben: U wheel=3 plague=4,2 plague=1,4 -2,0 0'
export CARCREF_STATE=$tmp/state

# Issue 21, the tester's items 5-8 and 14 (spec 4.3, 4.6).
# meeple lists the free crown spaces with their room, after the step of
# the copy drawn (the pig on Tax sends Anna's crown follower home first).
typed wqcrown <<'EOF'
draw B
place 0,-1 0
meeple
meeple crown@tax
draw U
wheel 1
place -1,0 0
meeple
score
quit
EOF
session wqcrown 0 play --players Anna,Ben --expansions wheel-of-fortune
o=$tmp/wqcrown.out
expect "wheel qa: meeple lists the crown spaces" has "$o" \
    '  or a crown follower: crown@fortune (1 of 1 free), crown@tax (2 of 2 free), crown@famine (1 of 1 free), crown@storm (2 of 2 free), crown@inquisition (1 of 1 free), crown@plague (2 of 2 free)'
expect "wheel qa: the room after the pig's step" \
    test "$(grep -c 'crown@tax (2 of 2 free)' "$o")" = 4
expect "wheel qa: the standings line shows the pig's section" has "$o" \
    '  Anna 0 [6], Ben 0 [7]; Ben to play, 82 tiles left; the pig on Fortune'
expect "wheel qa: score shows the pig's section" grep -qx '  the pig on Fortune' "$o"
printf 'B 0,-1 0\ndraw U\nwheel 1\nplace -1,0 0\nmeeple\nquit\n' >"$tmp/wqcrown2.in"
STDIN=$tmp/wqcrown2.in run play --players Anna,Ben --expansions wheel-of-fortune,inns-cathedrals
expect "wheel qa: the big crown follower's spaces" has "$tmp/out" \
    '  or a big crown follower: big-crown@fortune (1 of 1 free), big-crown@tax (2 of 2 free),'
printf 'B 0,-1 0\nscore\ndraw U\nposer -1,0 0\npion\nquit\n' >"$tmp/wqcrownfr.in"
STDIN=$tmp/wqcrownfr.in LC_ALL=C.UTF-8 LANGUAGE=fr run play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel qa fr: the crown spaces" has "$tmp/out" \
    '  ou un partisan de la couronne : couronne@fortune (libres : 1 sur 1), couronne@taxes (libres : 2 sur 2)'
expect "wheel qa fr: the pig's section" grep -qx '  le cochon sur Fortune' "$tmp/out"
# The tester's p.yaml: wheel 2 takes the pig from Storm to Plague.
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [Anna, Ben]\nmoves:\n  - E 0,4 180 knight@S\n  - B 0,-1 0 monk\n  - V wheel=3 -1,0 180 thief@E\n' \
    >"$tmp/wqp.yaml"
cp "$tmp/wqp.yaml" "$tmp/wqp2.yaml"
printf 'draw U\nwheel 2\nB 0,-2 0\nplague 0,4\nB 0,-2 0\nU 0,5 0 thief@E\nmoves\nquit\n' >"$tmp/wqp.in"
STDIN=$tmp/wqp.in run play "$tmp/wqp.yaml"
expect "wheel qa: wheel N on Plague says the pig's move first" has "$tmp/out" \
    '  the pig moves 2, Storm to Plague; each player sends a follower home (plague X,Y):'
expect "wheel qa: the hint keeps what was said, choices due made whole" has "$tmp/out" \
    "refused: U is in hand, not B: place it (place X,Y [ROT]), or draw B first to play it instead (U goes back); U's whole turn in one line, legal now: U wheel=2 plague=0,4 0,5 0 thief@E"
expect "wheel qa: a whole line leaving the wheel out is said" has "$tmp/out" \
    '(U wheel=2 plague=0,4 was in hand; this line says nothing of what the copy shows, and is played as written)'
printf 'draw U\nwheel 2\nplague 0,4\nU wheel=2 plague=0,4 0,5 0 thief@E\nquit\n' >"$tmp/wqp2.in"
STDIN=$tmp/wqp2.in run play "$tmp/wqp2.yaml"
expect "wheel qa: the hint's line plays the wheel" has "$tmp/out" \
    'move 4, Ben: U wheel=2 plague=0,-1 plague=0,4 0,5 0 thief@E'
expect "wheel qa: the standings after the pig moved" has "$tmp/out" \
    'Anna to play, 79 tiles left; the pig on Plague'
# draw: place refused when every copy left shows the icon, said at once;
# the refusal names the plain copy's move.
printf 'U -1,0 0\ndraw U\nplace -2,0 0\ndraw X\nplace 4,1 0\nquit\n' >"$tmp/wqdraw.in"
STDIN=$tmp/wqdraw.in run play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel qa: draw, no plain U left" has "$tmp/out" \
    'U: 7 left, 7 with a wheel icon (number unknown): wheel N, N the number this one shows (every copy left shows one: place alone is refused)'
expect "wheel qa: the plain U's move named" has "$tmp/out" \
    'refused: the plain U was drawn at move 1: the U left show the wheel icon (wheel-of-fortune.yaml line 53): write U wheel=N'
expect "wheel qa: draw X, its one number" has "$tmp/out" \
    'X: 1 left, 1 with a wheel icon showing 1: wheel 1, as every copy left shows (place alone is refused)'
STDIN=$tmp/wqdraw.in LC_ALL=C.UTF-8 LANGUAGE=fr run play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel qa fr: draw X" has "$tmp/out" \
    'comme le montrent tous les exemplaires restants (poser seul est refusé)'
# qa2 1: the hint for a copy that must say wheel=N is a whole line with
# a number the data allows, and that line is played as it stands.
printf 'draw X\nB 0,-1 0\nX wheel=1 2,4 0 thief@N\nU -1,0 0\ndraw U\nB 0,-1 0\ndraw WF-29\nB 0,-1 0\nquit\n' \
    >"$tmp/wqhint.in"
STDIN=$tmp/wqhint.in run play --players Anna,Ben --expansions wheel-of-fortune
expect "wheel qa2: X's hint says wheel=1" has "$tmp/out" \
    "refused: X is in hand, not B: place it (place X,Y [ROT]), or draw B first to play it instead (X goes back); X's whole turn in one line, legal now: X wheel=1 2,4 0 thief@N"
expect "wheel qa2: X's hinted line is played" has "$tmp/out" 'move 1, Anna: X wheel=1 2,4 0 thief@N'
expect "wheel qa2: U without its plain copy, a number" has "$tmp/out" \
    "U's whole turn in one line, legal now: U wheel=1 "
expect "wheel qa2: WF-29's hint says the 3 of the data" has "$tmp/out" \
    "WF-29's whole turn in one line, legal now: WF-29 wheel=3 "
expect "wheel qa2: no bare code suggested" lacks_re "$tmp/out" 'legal now: [A-Z0-9-]*$'
if command -v tmux >/dev/null; then
	start CARCREF_STATE="$tmp/wheel-tty2" -- play --players Anna,Ben --expansions wheel-of-fortune
	screen "wheel qa tmux: the prompt" '^Anna> ?$'
	keys 'draw B' Enter 'place 0,-1 0' Enter 'meeple crown@ta' Tab
	screen "wheel qa tmux: Tab completes a crown space" '^Anna \[B 0,-1 0\]> meeple crown@tax ?$'
	keys C-u 'quit' Enter 'y' Enter
	screen "wheel qa tmux: quit, exit 0" '^EXIT=0$'
	term_close
fi
export CARCREF_STATE=$tmp/state

unset nbsp idsp e30
export CARCREF_STATE=$tmp/state
echo "repl: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
