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

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

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
# expect WHAT CONDITION...: a check that is a shell command.
expect() {
	local what=$1
	shift
	if "$@"; then ok; else code=-; not_ok "$what"; fi
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

# ---- replay ------------------------------------------------------------------

# expect_same FILE -- ARGS...: standard output is exactly FILE.
expect_same() {
	local want=$1; shift; shift
	run "$@"
	cmp -s "$want" "$tmp/out" && ok || { not_ok "output differs from $want" "$@"; diff "$want" "$tmp/out" | sed -n 1,10p; }
}
# expect_no TEXT -- ARGS...: standard output does not contain TEXT.
expect_no() {
	local want=$1; shift; shift
	run "$@"
	grep -qF -- "$want" "$tmp/out" && not_ok "unexpected '$want'" "$@" || ok
}

game=$tmp/game.yaml
cat >"$game" <<'EOF'
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players: [Anna, Ben]
moves:
  - W 1,0 0
  - W -1,0 0 thief@E    # Ben closes D's road: 3 tiles
  - E 0,1 180 knight@S  # Anna closes D's city: 2 tiles
  - "Ben: U 2,0 0 farmer@N"
  - end
EOF
expect_exit 0 -- replay "$game"
expect_out '   2  Ben   W -1,0 0 thief@E' -- replay "$game"
expect_out 'road: completed road of 3 tiles: 1 x 3 = 3 to Ben (1 thief)' -- replay "$game"
expect_out 'city: completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)' -- replay "$game"
# Ben's farmer: the field north of the road touches the completed city.
expect_out 'field: farm touching 1 completed city: 3 x 1 = 3 to Ben (1 farmer)' -- replay "$game"
expect_out 'final scoring:' -- replay "$game"
expect_match '^  1\. Ben +6$' -- replay "$game"
expect_match '^  2\. Anna +4$' -- replay "$game"
expect_no 'thief@E' -- replay --quiet "$game"
expect_match '^  1\. Ben +6$' -- replay --quiet "$game"
cat >"$tmp/game.json" <<'EOF'
{"valid": true, "finished": true, "scores": {"Anna": 4, "Ben": 6}, "by_category": {"Anna": {"road": 0, "city": 4, "field": 0}, "Ben": {"road": 3, "city": 0, "field": 3}}, "events": [{"move": 2, "player": "Ben", "feature": "road", "points": {"Ben": 3}, "why": "completed road of 3 tiles: 1 x 3"}, {"move": 3, "player": "Anna", "feature": "city", "points": {"Anna": 4}, "why": "completed city of 2 tiles: 2 x 2"}, {"move": 5, "final": true, "player": "Anna", "feature": "field", "points": {"Ben": 3}, "why": "farm touching 1 completed city: 3 x 1"}]}
EOF
expect_same "$tmp/game.json" -- replay --json "$game"
STDIN=$game expect_exit 0 -- replay -

bad=$tmp/bad.yaml
sed 's/  - E 0,1 180 knight@S .*/  - V 0,1 0/' "$game" >"$bad"
expect_exit 1 -- replay "$bad"
# An error goes to standard error, worded as resume and fmt word it.
expect_err "$bad:9:5: move 3: edges must match: V at 0,1 rotation 0: its S edge is road, the tile at 0,0 shows city on its N edge; no rotation of V fits at 0,1" -- replay "$bad"
expect_no 'edges must match' -- replay "$bad"
expect_out 'scores after move 2 (not finished):' -- replay "$bad"
expect_out '{"valid": false, "error": {"move": 3, "line": 9, "kind": "tile-edge-mismatch", "message": "column 5: edges must match:' -- replay --json "$bad"
expect_exit 1 -- replay "$game" "$bad"
expect_out 'final scores:' -- replay "$game" "$bad"

printf 'format: carcref/1\nplayers: [Anna, Ben]\ncolour: red\n' >"$tmp/key.yaml"
expect_exit 1 -- replay "$tmp/key.yaml"
expect_err "$tmp/key.yaml:3:1: unknown key \"colour\"" -- replay "$tmp/key.yaml"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - V 0,1 45\n' >"$tmp/rot.yaml"
expect_err "rot.yaml:4:11: move 1: expected a rotation 0, 90, 180 or 270, got \"45\"" -- replay "$tmp/rot.yaml"

# The prefix of "end" names the player to move, as any other.
sed 's/  - end/  - "Zed: end"/' "$game" >"$tmp/zed.yaml"
expect_err 'zed.yaml:11:6: move 5: no player is named "Zed"' -- replay "$tmp/zed.yaml"
# A corner names a field only (notation.md), never the city next to it.
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180 knight@SE\n' >"$tmp/corner.yaml"
expect_err 'has no city at SE; valid spots for a knight: SSE S SSW' -- replay "$tmp/corner.yaml"

# Issue 10: line numbers were ints that wrap past 2^31 lines; records are
# refused over a documented size instead (1 GiB), at once.
truncate -s 1025M "$tmp/huge.yaml"
expect_exit 2 -- replay "$tmp/huge.yaml"
expect_err 'huge.yaml: larger than 1024 MiB, the most carcref reads' -- replay "$tmp/huge.yaml"
expect_err 'huge.yaml: larger than 1024 MiB, the most carcref reads' -- fmt "$tmp/huge.yaml"
rm -f "$tmp/huge.yaml"

expect_exit 2 -- replay
expect_exit 2 -- replay --frobnicate "$game"
expect_exit 2 -- replay "$tmp/no-such-file.yaml"
expect_err 'no-such-file.yaml' -- replay "$tmp/no-such-file.yaml"

# Issue 10: a name or a move holding ESC or another control character
# was printed raw: a record could drive the terminal.  Every line goes out
# with controls escaped; JSON escapes them as RFC 8259 says.
printf 'format: carcref/1\nplayers: ["An\\e]0;pwned\\ana", "B\\x9bn"]\nmoves:\n  - E 0,1 180 knight@S\n  - "B\\x9bn: V 1,0 90 thief@ZZ\\e[2J"\n' \
    >"$tmp/ctl.yaml"
run replay "$tmp/ctl.yaml"
if grep -q "$(printf '\033')" "$tmp/out" "$tmp/err" || grep -qP '\xc2\x9b' "$tmp/out" "$tmp/err"; then
	not_ok "a control character printed raw" replay "$tmp/ctl.yaml"
else ok; fi
expect_out '1  An\x1b]0;pwned\x07na  E 0,1 180 knight@S' -- replay "$tmp/ctl.yaml"
expect_out '1. An\x1b]0;pwned\x07na    4' -- replay "$tmp/ctl.yaml"
run replay --json "$tmp/ctl.yaml"
grep -qF '"An\u001b]0;pwned\u0007na": 4, "B\u009bn": 0' "$tmp/out" && ok || not_ok "JSON escapes" replay --json
# The Wheel of Fortune's events (../shared/spec/wheel-of-fortune.md 4.5):
# where the pig stops, from where, how far; the followers Plague sends
# home by player; each player's part of the action explained.
run replay --json "$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-plague.yaml"
expect "replay --json: the wheel's section, steps, from, returned" grep -qF \
    '"feature": "wheel", "section": "plague", "steps": 2, "from": "storm", "points": {}, "returned": {"Rouge": "-1,0", "Bleu": "4,2"}, "why": "the pig moves 2, Storm to Plague: Rouge'"'"'s thief at -1,0 goes home (Rouge'"'"'s choice), Bleu'"'"'s monk at 4,2 (Bleu'"'"'s only follower on a land tile)"}' "$tmp/out"
run replay --json "$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-crown-6.yaml"
expect "replay --json: a crown award" grep -qF \
    '"feature": "crown", "section": "storm", "points": {"Bleu": 6}, "why": "Bleu alone on the crown spaces of Storm: 6"}' "$tmp/out"
run replay --json "$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-crown-taken.yaml"
expect "replay --json: the wheel's state after the last legal move" grep -qF \
    '"events": [], "wheel": {"pig": "fortune", "crowns": {"fortune": [], "tax": [], "famine": [], "storm": [], "inquisition": ["Rouge"], "plague": []}}}' "$tmp/out"
for k in plague-choice:plague-choice-missing icon-missing:icon-missing icon-number:icon-number \
    crown-taken:crown-space-taken; do
	run replay --json "$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-${k%%:*}.yaml"
	expect "replay --json: the refusal's kind ${k#*:}" grep -qF "\"kind\": \"${k#*:}\"" "$tmp/out"
done
expect_out '      wheel: the pig moves 1, Fortune to Tax: each knight scores its city'"'"'s pennants + its owner'"'"'s knights there: Bleu 2 x (2 + 2) = 8, Rouge 1 x (0 + 1) = 1' \
    -- replay "$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-tax-8.yaml"
# The wheel's JSON to the letter of the spec (4.5), field by field: an
# action paying nobody has "points": {}; Plague's returned and also_home
# come after points, the mover first, then turn order, and its why says
# the pieces going with a follower (W11); Tax one term per city, the
# cities by their oldest tile; Famine's farmers grouped; crowns alone.
wf=$(dirname "${BASH_SOURCE[0]}")
run replay --json "$wf/wheel/tb-plague-pig.yaml"
expect "replay --json: Plague's returned and also_home, the mover first" grep -qF \
    '{"move": 10, "player": "Ben", "feature": "wheel", "section": "plague", "steps": 3, "from": "famine", "points": {}, "returned": {"Ben": "1,-1", "Anna": "-2,2"}, "also_home": {"Ben": {"pig": "2,-1"}}, "why": "the pig moves 3, Famine to Plague: Ben'"'"'s farmer at 1,-1 goes home (Ben'"'"'s only follower on a land tile), and their pig at 2,-1 with it (no farmer of theirs left in that field); Anna'"'"'s farmer at -2,2 (Anna'"'"'s only follower on a land tile)"}' "$tmp/out"
run replay --json "$wf/scenarios/wf-tb-plague-builder.yaml"
expect "replay --json: a builder home with its owner's last thief" grep -qF \
    '"points": {}, "returned": {"Rouge": "-1,0"}, "also_home": {"Rouge": {"builder": "-2,0"}}, "why": "the pig moves 2, Storm to Plague: Rouge'"'"'s thief at -1,0 goes home (Rouge'"'"'s only follower on a land tile), and their builder at -2,0 with it (no thief of theirs left on that road)"}' "$tmp/out"
run replay --json "$wf/scenarios/wf-tax-cities.yaml"
expect "replay --json: Tax city by city, by the cities' oldest tile" grep -qF \
    '"from": "fortune", "points": {"Rouge": 3}, "why": "the pig moves 1, Fortune to Tax: each knight scores its city'"'"'s pennants + its owner'"'"'s knights there: Rouge 1 x (1 + 1) + 1 x (0 + 1) = 3"}' "$tmp/out"
# explain and board --feature name each Tax city beside its term (spec
# 4.5), by the square of its oldest tile; replay and JSON do not.
expect_out 'wheel: the pig moves 1, Fortune to Tax: each knight scores its city'"'"'s pennants + its owner'"'"'s knights there: Rouge 1 x (1 + 1) + 1 x (0 + 1) = 3' \
    -- replay "$wf/scenarios/wf-tax-cities.yaml"
printf 'explain Rouge\nexplain 0,4:N\nexplain 4,2:S\nquit\n' >"$tmp/taxcmds"
STDIN=$tmp/taxcmds run play "$wf/scenarios/wf-tax-cities.yaml"
expect "explain PLAYER: each Tax term with its city" grep -qF \
    'Rouge 1 x (1 + 1) in the city at 0,3 + 1 x (0 + 1) in the city at 4,0 = 3  [move 5, Rouge: U wheel=1 -1,0 0]' "$tmp/out"
expect "explain X,Y:SPOT: a city the Tax counted says so" grep -qF \
    '  counted at move 5 (wheel): the pig moves 1, Fortune to Tax: ' "$tmp/out"
expect "explain X,Y:SPOT: only the city counted" test "$(grep -c 'counted at move' "$tmp/out")" -eq 1
run board --ascii --feature 4,0:N "$wf/scenarios/wf-tax-cities.yaml"
expect "board --feature: the Tax that counted the city, its cities named" grep -qF \
    '  counted at move 5 (wheel): the pig moves 1, Fortune to Tax: each knight scores its city'"'"'s pennants + its owner'"'"'s knights there: Rouge 1 x (1 + 1) in the city at 0,3 + 1 x (0 + 1) in the city at 4,0 = 3' "$tmp/out"
run board --ascii --feature 4,0:N --move 4 "$wf/scenarios/wf-tax-cities.yaml"
expect "board --feature --move 4: before the Tax, nothing counted" test "$(grep -c 'counted at move' "$tmp/out")" -eq 0
if fr_locale "$tmp/locale"; then
	CARCREF=$FR_CARCREF run board --svg "$wf/records/wheel-pig-on-tax.yaml"
	expect "the SVG key in French: crown followers standing, in French" grep -qF \
	    'partisan de la couronne, grand partisan de la couronne (debout)' "$tmp/out"
	CARCREF=$FR_CARCREF run board --ascii --feature 4,0:N "$wf/scenarios/wf-tax-cities.yaml"
	expect "board --feature in French: the Tax's cities named" grep -qF \
	    ' dans la ville en 0,3 + 1 x (0 + 1) dans la ville en 4,0 = 3' "$tmp/out"
	expect "board --feature in French: compté au coup" grep -qF '  compté au coup 5 (' "$tmp/out"
fi
run replay --json "$wf/scenarios/wf-crown-6.yaml"
expect "replay --json: an action paying nobody, points {}" grep -qF \
    '{"move": 3, "player": "Rouge", "feature": "wheel", "section": "tax", "steps": 1, "from": "fortune", "points": {}, "why": "the pig moves 1, Fortune to Tax: ' "$tmp/out"
run replay --json "$wf/scenarios/wf-famine-inquisition.yaml"
expect "replay --json: Famine, one farmer" grep -qF \
    '"points": {"Rouge": 1}, "why": "the pig moves 2, Fortune to Famine: 1 per completed city by each farmer'"'"'s field: Rouge 1 farmer x 1"}' "$tmp/out"
expect "replay --json: Inquisition" grep -qF \
    '"points": {"Rouge": 2}, "why": "the pig moves 2, Famine to Inquisition: 2 per monk: Rouge 1 x 2"}' "$tmp/out"
expect "replay --json: a crown space of one, alone" grep -qF \
    '{"move": 4, "player": "Bleu", "feature": "crown", "section": "famine", "points": {"Bleu": 3}, "why": "Bleu alone on the crown space of Famine: 3"}' "$tmp/out"
run replay --json "$wf/wheel/famine-groups.yaml"
expect "replay --json: Famine's farmers grouped by their cities" grep -qF \
    '"points": {"Anna": 2, "Carl": 4}, "why": "the pig moves 1, Tax to Famine: 1 per completed city by each farmer'"'"'s field: Anna 2 farmers x 1, Carl 1 farmer x 3 + 1 farmer x 1 = 4"}' "$tmp/out"
run replay --json "$wf/scenarios/wf-plague.yaml"
expect "replay --json: Fortune" grep -qF \
    '"points": {"Bleu": 3}, "why": "the pig moves 1, Plague to Fortune: 3 to Bleu, who drew the tile"}' "$tmp/out"
expect "replay --json: Storm" grep -qF \
    '"points": {"Rouge": 5, "Bleu": 6}, "why": "the pig moves 3, Fortune to Storm: 1 per follower in supply: Rouge 5, Bleu 6"}' "$tmp/out"
run replay --json "$wf/scenarios/wf-crown-3-each.yaml"
expect "replay --json: both crown spaces held" grep -qF \
    '"feature": "crown", "section": "plague", "points": {"Rouge": 6}, "why": "both crown spaces of Plague held (Rouge, Rouge): 3 each; they go home"}' "$tmp/out"
for k in plague-choice:plague-choice-missing plague-not-due:plague-not-due \
    plague-square-twice:plague-square-twice plague-no-follower:plague-no-follower \
    plague-spot-mismatch:plague-spot-mismatch plague-twice:plague-twice \
    wheel-twice:wheel-twice plague-no-wheel:syntax no-icon-copy:no-icon-copy \
    icon-copies-used:icon-copies-used; do
	run replay --json "$wf/scenarios/wf-${k%%:*}.yaml"
	expect "replay --json: the refusal's kind ${k#*:}" grep -qF "\"kind\": \"${k#*:}\"" "$tmp/out"
done
# Written back whole (spec 4.1): fmt writes one plague=X,Y for every
# player who sent a follower home, the forced ones too, the mover first,
# then turn order, a spot left out; idempotent; the record replays the same.
sed -e 's/"Rouge: V wheel=2 plague=-1,0 plague=4,2 2,-1 0"/"Rouge: v roue=2 peste=-1,0:E 2,-1 0"/' \
    "$wf/scenarios/wf-plague.yaml" >"$tmp/wf-fmt.yaml"
expect_out '  - "Rouge: V wheel=2 plague=-1,0 plague=4,2 2,-1 0"' -- fmt --stdout "$tmp/wf-fmt.yaml"
cp "$tmp/out" "$tmp/wf-fmt2.yaml"
run fmt --stdout "$tmp/wf-fmt2.yaml"
expect "fmt: a wheel record's forced choices, idempotent" cmp -s "$tmp/out" "$tmp/wf-fmt2.yaml"
expect_out '  - V wheel=3 plague=1,-1 plague=-2,2 -3,1 180' -- fmt --stdout "$wf/wheel/tb-plague-pig.yaml"
# A player whose name holds "=" (never a line's prefix: its colon may be
# a token's) is written as the one-entry mapping, which reads back as the
# same move (fuzz_fmt found "Be x=1: M ..." written, then read as tile Be).
printf 'format: carcref/1\nplayers: [Anna, "Be x=1"]\nmoves:\n  - E 0,1 180\n  - "Be x=1": M 0,-1 180   # hers\n' >"$tmp/eqname.yaml"
expect_out '  - "Be x=1": "M 0,-1 180"  # hers' -- fmt --stdout "$tmp/eqname.yaml"
run fmt --stdout "$tmp/eqname.yaml"
cp "$tmp/out" "$tmp/eqname2.yaml"
expect_same "$tmp/eqname2.yaml" -- fmt --stdout "$tmp/eqname2.yaml"
expect_out '   2  Be x=1  M 0,-1 180' -- replay "$tmp/eqname2.yaml"
run replay --json "$tmp/wf-fmt.yaml"
cp "$tmp/out" "$tmp/wf-fmt.json"
run replay --json "$tmp/wf-fmt2.yaml"
expect "fmt: the record written whole replays the same" cmp -s "$tmp/out" "$tmp/wf-fmt.json"
# wheel= in a game without the wheel: its own kind and words (spec 4.6).
printf 'format: carcref/1\nplayers: [A, B]\nmoves:\n  - U wheel=1 -1,0 0\n' >"$tmp/wf-nip.yaml"
expect_out '"error": {"move": 1, "line": 4, "kind": "wheel-not-in-play", "message": "column 5: wheel=1: wheel-of-fortune is not in play in this game"}' \
    -- replay --json "$tmp/wf-nip.yaml"
printf 'format: carcref/1\nplayers: [A, B]\nmoves:\n  - V plague=-1,0 -1,0 0 crown@storm\n' >"$tmp/wf-nip2.yaml"
expect_out '"kind": "wheel-not-in-play", "message": "column 5: plague=-1,0: wheel-of-fortune is not in play in this game"}' \
    -- replay --json "$tmp/wf-nip2.yaml"
# A move fmt's game refuses: written as the line says it, and so on.
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [A, B]\nmoves:\n  - V wheel=3 0,-1 0\n  - x 9,9 0\n  - u wheel=1 -1,0 0\n' >"$tmp/wf-bad.yaml"
expect_out '  - U wheel=1 -1,0 0' -- fmt --stdout "$tmp/wf-bad.yaml"
if fr_locale "$tmp/locale"; then
	# Elision (cmd/out.c): "de Anna" is written "d'Anna", "de Ben" stays.
	CARCREF=$FR_CARCREF run replay "$wf/wheel/tb-plague-pig.yaml"
	expect "replay in French: Plague's pieces going with a follower" grep -qF \
	    "le paysan de Ben en 1,-1 rentre (le seul partisan de Ben sur une tuile Terrain), et son cochon en 2,-1 avec lui (plus aucun paysan à lui dans ce pré) ; le paysan d'Anna en -2,2 (le seul partisan d'Anna sur une tuile Terrain)" "$tmp/out"
	CARCREF=$FR_CARCREF expect_err "coup 2 : crown@inquisition: la case de la couronne d'Inquisition est prise (Rouge)" \
	    -- replay "$wf/scenarios/wf-crown-taken.yaml"
	# a code (HS-L, U) does not elide
	CARCREF=$FR_CARCREF expect_err "builder@E de U en 1,1" -- replay "$wf/scenarios/bb-tb-builder-on-completed.yaml"
fi
printf 'format: carcref/1\nplayers: [Anna]\nmoves:\n  - "Zed\\e[2J: end"\n' >"$tmp/ctl2.yaml"
expect_err 'no player is named "Zed\x1b[2J"' -- replay "$tmp/ctl2.yaml"
run tiles "$(printf 'Z\033[2J')"
grep -q "$(printf '\033')" "$tmp/err" && not_ok "raw ESC" tiles || ok

# ---- board -------------------------------------------------------------------

# The board after move N: the ASCII map by default, its title naming the
# move; --feature adds the feature's account in words.
expect_exit 0 -- board "$game"
expect_out "$game: after move 5 of 5 (the end), Anna: end" -- board "$game"
expect_out 'A Anna  B Ben  (capital: thief, knight or monk; small: farmer)' -- board "$game"
expect_out "$game: the start, before move 1 of 5" -- board --move 0 "$game"
expect_out "$game: after move 2 of 5, Ben: W -1,0 0 thief@E" -- board "$game" --move 2
# After move 1 the road is open and nobody's; after move 2 Ben's thief
# closed it and went home; Ben's farmer holds the farm, paid at the end.
run board "$game" --move 1 --feature 0,0:E
expect "board --move 1: the road open" grep -qxF 'road at 0,0 E: open at 1 end, 2 tiles' "$tmp/out"
expect "board --move 1: its tiles" grep -qxF '  tiles: 1,0 0,0' "$tmp/out"
expect "board --move 1: nobody holds it" grep -qxF '  held by: nobody' "$tmp/out"
expect "board --move 1: what it would pay" grep -qxF '  if the game ended now: incomplete road of 2 tiles: 1 x 2 at the end = 2, to nobody (no thief on it)' "$tmp/out"
run board "$game" --move 2 --feature 0,0:E
expect "board --move 2: the road completed" grep -qxF 'road at 0,0 E: completed, 3 tiles' "$tmp/out"
expect "board --move 2: what it paid" grep -qxF '  scored at move 2: completed road of 3 tiles: 1 x 3 = 3 to Ben (1 thief)' "$tmp/out"
run board "$game" --move 4 --feature 2,0:N
expect "board --move 4: who holds the farm" grep -qxF "  held by: Ben's farmer at 2,0 N" "$tmp/out"
expect "board --move 4: what it would pay" grep -qxF '  if the game ended now: farm touching 1 completed city: 3 x 1 = 3 to Ben (1 farmer)' "$tmp/out"
run board "$game" --feature 2,0:N
expect "board at the end: the farm paid" grep -qxF '  scored at move 5 (final scoring): farm touching 1 completed city: 3 x 1 = 3 to Ben (1 farmer)' "$tmp/out"
expect_out 'city at 0,1 S: completed, 2 tiles, 0 pennants' -- board "$game" --feature 0,1:S
STDIN=$game expect_out 'road at 0,0 W: completed' -- board - --feature 0,0:W
# --ascii -o: the map and the account into a file, nothing on the output.
expect_exit 0 -- board --ascii "$game" -o "$tmp/board.txt" --feature 0,0:E
expect "board --ascii -o: the map in the file" grep -qF 'A Anna  B Ben' "$tmp/board.txt"
expect "board --ascii -o: the account in the file" grep -qxF 'road at 0,0 E: completed, 3 tiles' "$tmp/board.txt"
expect "board --ascii -o: nothing on the output" test ! -s "$tmp/out"

# Errors: the usage, the file, the record, the move, the feature.
expect_exit 2 -- board
expect_err 'usage: carcref board [--svg|--ascii] FILE' -- board
expect_exit 2 -- board --frobnicate "$game"
expect_err 'carcref board: unknown option "--frobnicate"' -- board --frobnicate "$game"
expect_err 'carcref board: --svg or --ascii, not both' -- board --svg --ascii "$game"
expect_err 'carcref board: one FILE at a time' -- board "$game" "$game"
expect_exit 2 -- board "$tmp/no-such-file.yaml"
expect_err "carcref: $tmp/no-such-file.yaml: No such file or directory" -- board "$tmp/no-such-file.yaml"
expect_exit 1 -- board "$tmp/key.yaml"
expect_err "$tmp/key.yaml:3:1: unknown key \"colour\"" -- board "$tmp/key.yaml"
expect_exit 2 -- board "$game" --move x
expect_err 'carcref board: --move: expected a move number from 0 to 5, got "x"' -- board "$game" --move x
expect_err 'carcref board: --move: expected a move number from 0 to 5, got "-1"' -- board "$game" --move -1
expect_exit 2 -- board "$game" --move 6
expect_err 'carcref board: --move 6: the record has 5 moves (0 is the start)' -- board "$game" --move 6
expect_err 'carcref board: --move needs a move number' -- board "$game" --move
expect_exit 2 -- board "$game" --feature 0,0:ZZ
expect_err 'carcref board: --feature: expected a spot after ":"' -- board "$game" --feature 0,0:ZZ
expect_err 'carcref board: --feature: expected X,Y:SPOT (such as 0,1:S), got "0,0"' -- board "$game" --feature 0,0
expect_exit 2 -- board "$game" --feature 9,9:N
expect_err 'carcref board: --feature: no tile at 9,9 after move 5' -- board "$game" --feature 9,9:N
expect_err 'carcref board: --feature: no tile at 2,0 after move 3' -- board "$game" --move 3 --feature 2,0:N
expect_err 'carcref board: --feature: no single feature at 0,0 C (spots that name one: N NNE' -- board "$game" --feature 0,0:C
# An illegal move: said as replay says it; the board before it, exit 1.
expect_exit 1 -- board "$bad"
expect_err "$bad:9:5: move 3: edges must match" -- board "$bad"
expect_out "$bad: after move 2 of 5 (the next is illegal), Ben: W -1,0 0 thief@E" -- board "$bad"
expect_exit 0 -- board "$bad" --move 2
expect_exit 2 -- board "$game" -o "$tmp/no-such-dir/b.svg"
expect_err "carcref board: $tmp/no-such-dir/b.svg:" -- board "$game" -o "$tmp/no-such-dir/b.svg"

# The SVG: a real parser and a real renderer, when they are installed.
# svg_ok FILE WHAT: FILE is well-formed XML and renders to a PNG.
svg_ok() {
	if command -v xmllint >/dev/null; then
		expect "$2: xmllint parses it" xmllint --noout "$1"
	fi
	if command -v rsvg-convert >/dev/null; then
		rm -f "$tmp/board.png"
		expect "$2: rsvg-convert renders it" rsvg-convert -o "$tmp/board.png" "$1"
		expect "$2: a PNG came out" test "$(head -c 4 "$tmp/board.png" | od -An -c | tr -d ' ')" = '211PNG'
	fi
}
command -v xmllint >/dev/null || echo "SKIP: xmllint is not installed (libxml2-utils): the SVG is not parsed"
command -v rsvg-convert >/dev/null || echo "SKIP: rsvg-convert is not installed (librsvg2-bin): the SVG is not rendered"
expect_exit 0 -- board "$game" --feature 0,0:E -o "$tmp/board.svg"
expect_out 'road at 0,0 E: completed, 3 tiles' -- board "$game" --feature 0,0:E -o "$tmp/board.svg"
svg_ok "$tmp/board.svg" "board -o"
expect "the SVG: Ben's farmer at its spot, in words" grep -qF '<title>Ben: farmer at 2,0 N</title>' "$tmp/board.svg"
expect "the SVG: the feature is highlighted" grep -qF '>the feature asked about</text>' "$tmp/board.svg"
expect "the SVG: the last tile is framed" grep -qF '>the last tile placed</text>' "$tmp/board.svg"
expect "the SVG: the account under the key" grep -qF '>scored at move 2: completed road of 3 tiles: 1 x 3 = 3 to Ben (1 thief)</text>' "$tmp/board.svg"
expect "the SVG: the scores in the key" grep -qF '>Ben: 6 points</text>' "$tmp/board.svg"
expect "the SVG: x on the margins" grep -qF 'text-anchor="middle">2</text>' "$tmp/board.svg"
expect_exit 0 -- board --svg "$game" --move 0
expect_no 'feature asked about' -- board --svg "$game" --move 0
expect_no '<title>Ben' -- board --svg "$game" --move 0
# Names holding < & " ' and control bytes (ESC, BEL, C1, U+FFFE) stay
# text: the SVG is valid and shows them escaped, never raw.
printf 'format: carcref/1\nplayers: ["<a href=\\"x\\">&amp;</a>", "B\\e]0;t\\a\\x01n", "Z\\uFFFEq]]>", "%s \\u0085 x'"'"'"]\nmoves:\n  - E 0,1 180 knight@S\n  - V 1,0 90 thief@W\n' \
    "$(printf '\303\234nal')" >"$tmp/hostile.yaml"
expect_exit 0 -- board --svg "$tmp/hostile.yaml" --feature 1,0:W -o "$tmp/hostile.svg"
svg_ok "$tmp/hostile.svg" "hostile names"
expect "hostile names: markup escaped" grep -qF '&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt;: 4 points' "$tmp/hostile.svg"
expect "hostile names: controls as escapes" grep -qF "held by: B\\x1b]0;t\\x07\\x01n&#39;s thief at 1,0 W" "$tmp/hostile.svg"
expect "hostile names: U+FFFE as an escape" grep -qF 'Z\ufffeq]]&gt;: 0 points' "$tmp/hostile.svg"
expect "hostile names: no raw control byte" test "$(LC_ALL=C tr -d '\n' <"$tmp/hostile.svg" | LC_ALL=C tr -d '\040-\176\200-\377' | wc -c)" = 0
# Names that look alike are one name (issue 18): é precomposed or
# decomposed, an invisible character (Unicode's format characters, Cf)
# more or less; such characters are printed as escapes, text and SVG alike.
nfc=$(printf 'L\303\251a') nfd=$(printf 'Le\314\201a') zw=$(printf 'Ann\342\200\213')
rlo=$(printf 'Bob\342\200\256x')
printf 'format: carcref/1\nplayers: ["%s", "%s"]\n' "$nfc" "$nfd" >"$tmp/nfd.yaml"
expect_exit 1 -- replay "$tmp/nfd.yaml"
expect_err "two players are named \"$nfd\"" -- replay "$tmp/nfd.yaml"
printf 'format: carcref/1\nplayers: ["%s", "Ann"]\n' "$zw" >"$tmp/zw.yaml"
expect_err 'two players are named "Ann"' -- replay "$tmp/zw.yaml"
printf 'format: carcref/1\nplayers: ["%s", "%s"]\nmoves:\n  - "%s: E 0,1 180 knight@S"\n  - "BOBX: V 1,0 90 thief@W"\n' \
    "$nfc" "$rlo" "$nfd" >"$tmp/alike.yaml"
expect_exit 0 -- replay "$tmp/alike.yaml"
expect_out 'Bob\u202ex' -- replay "$tmp/alike.yaml"
expect "a bidi override is never printed raw" bash -c "! grep -qF '$rlo' '$tmp/out'"
printf 'format: carcref/1\nplayers: ["%s", "%s"]\nmoves:\n  - E 0,1 180 knight@S\n  - V 1,0 90 thief@W\n' \
    "$zw" "$rlo" >"$tmp/rlo.yaml"
expect_exit 0 -- board --svg "$tmp/rlo.yaml" --feature 1,0:W -o "$tmp/alike.svg"
svg_ok "$tmp/alike.svg" "names with invisible characters"
expect "the SVG: the bidi override as an escape" grep -qF 'held by: Bob\u202ex&#39;s thief at 1,0 W' "$tmp/alike.svg"
expect "the SVG: no raw bidi override" bash -c "! grep -qF '$rlo' '$tmp/alike.svg'"
# The feature asked about, highlighted on the ASCII map too (issue 18): its
# cells drawn with @ without colour (-o, a pipe, NO_COLOR), on a cyan
# ground on a terminal.
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - H 0,1 0\n  - V 1,0 0\n' >"$tmp/hv.yaml"
run board --ascii "$tmp/hv.yaml" --feature 0,1:E
expect "board --ascii --feature: the field's cells are @" grep -qx '1 @@#@@' "$tmp/out"
expect "board --ascii --feature: nothing else is" grep -qx '0 =======|..' "$tmp/out"
expect "board --ascii --feature: the mark in the key" grep -qxF '@: the feature asked about' "$tmp/out"
run board --ascii "$tmp/hv.yaml" --feature 1,0:N
expect "board --ascii --feature: a field over two tiles" grep -qx '  #####@@@@@' "$tmp/out"
expect "board --ascii --feature: ... not the corner field" grep -qx '  .......|@@' "$tmp/out"
run board --ascii "$tmp/hv.yaml" --feature 0,0:E
expect "board --ascii --feature: a road" grep -qx '0 @@@@@@@@..' "$tmp/out"
expect_no '@' -- board --ascii "$tmp/hv.yaml"
if command -v script >/dev/null; then
	script -qec "$CARCREF board --ascii $tmp/hv.yaml --feature 0,1:E" /dev/null >"$tmp/tty.out" </dev/null
	expect "board --ascii --feature on a terminal: the field on cyan" \
	    grep -qF "1 $(printf '\033[0;30;106m..\033[0;33m#\033[0;30;106m..\033[0m')" "$tmp/tty.out"
	NO_COLOR=1 script -qec "$CARCREF board --ascii $tmp/hv.yaml --feature 0,1:E" /dev/null >"$tmp/tty.out" </dev/null
	expect "board --ascii --feature on a terminal with NO_COLOR: @" grep -q '^1 @@#@@' "$tmp/tty.out"
else
	echo "SKIP: script (util-linux) is not installed: the map in colour is not checked"
fi
# The SVG: a field's highlight has no gap.  Beside a city edge the ground
# between the wall and the centre is field (H's field E and W was two
# triangles meeting at the centre: one farm looked like two); along a
# curved road the highlight follows the curve (V's outer field lacked the
# wedge between the curve and the centre, its corner field had it).
# svg_covers FILE X Y: the point X,Y of the picture lies in the highlighted
# field (the paths of fill-opacity .45 in its colour, each moved by its
# tile's translate; M L H V Q Z, a curve by 8 chords).
svg_covers() {
	awk -v px="$2" -v py="$3" '
	function add(x, y) { n++; X[n] = x; Y[n] = y }
	function inside(   i, j, c) {
		c = 0
		for (i = 1; i <= n; i++) {
			j = i == 1 ? n : i - 1
			if ((Y[i] > py) != (Y[j] > py) &&
			    px < (X[j] - X[i]) * (py - Y[i]) / (Y[j] - Y[i]) + X[i])
				c = !c
		}
		return c
	}
	/^<g transform="translate\([-0-9]+ [-0-9]+\)">$/ {
		split(substr($0, 25), t, /[ )]/); ox = t[1]; oy = t[2]
	}
	/fill="#e6007e" fill-opacity=".45"/ {
		d = $0; sub(/^<path d="/, "", d); sub(/".*/, "", d)
		gsub(/[A-Za-z]/, " & ", d); gsub(/-/, " -", d)
		k = split(d, w, / +/); n = 0; cx = 0; cy = 0
		for (i = 1; i <= k; i++) {
			if (w[i] == "M" || w[i] == "L") { cx = w[i+1]; cy = w[i+2]; add(ox + cx, oy + cy); i += 2 }
			else if (w[i] == "H") { cx = w[i+1]; add(ox + cx, oy + cy); i++ }
			else if (w[i] == "V") { cy = w[i+1]; add(ox + cx, oy + cy); i++ }
			else if (w[i] == "Q") {
				for (s = 1; s <= 8; s++) {
					u = s / 8
					add(ox + (1-u)^2*cx + 2*u*(1-u)*w[i+1] + u^2*w[i+3],
					    oy + (1-u)^2*cy + 2*u*(1-u)*w[i+2] + u^2*w[i+4])
				}
				cx = w[i+3]; cy = w[i+4]; i += 4
			}
		}
		if (n > 2 && inside()) found = 1
	}
	END { exit !found }' "$1"
}
svg_misses() { ! svg_covers "$@"; }
# H at 0,1 is drawn at 34,64, V at 1,0 at 134,164 (a tile is 100).
expect_exit 0 -- board "$tmp/hv.yaml" --feature 0,1:E -o "$tmp/h.svg"
svg_ok "$tmp/h.svg" "H's field"
expect "the SVG: H's field west" svg_covers "$tmp/h.svg" 44 114
expect "the SVG: H's field east" svg_covers "$tmp/h.svg" 124 114
expect "the SVG: H's field north of the centre, by the city" svg_covers "$tmp/h.svg" 84 94
expect "the SVG: H's field south of the centre, by the city" svg_covers "$tmp/h.svg" 84 134
expect_exit 0 -- board "$tmp/hv.yaml" --feature 1,0:N -o "$tmp/v.svg"
expect "the SVG: V's outer field, between the curve and the centre" svg_covers "$tmp/v.svg" 174 219
expect "the SVG: V's outer field, not its corner field" svg_misses "$tmp/v.svg" 154 244
expect "the SVG: the outer field on D too" svg_covers "$tmp/v.svg" 114 184
expect_exit 0 -- board "$tmp/hv.yaml" --feature 1,0:SW -o "$tmp/v.svg"
expect "the SVG: V's corner field" svg_covers "$tmp/v.svg" 154 244
expect "the SVG: V's corner field, not beyond the curve" svg_misses "$tmp/v.svg" 174 219
# Every expansion: its tiles, marks and pieces drawn, and in the key (the
# shepherds of hs-030 are all home at its end: it is drawn at move 60).
for rec in ic-030 river-020 tb-017 hs-030 mixed-020; do
	expect_exit 0 -- board tests/corpus/$rec.yaml -o "$tmp/$rec.svg" \
	    $([ $rec = hs-030 ] && echo --move 60)
	svg_ok "$tmp/$rec.svg" "$rec"
done
for want in 'ic-030 inn' 'ic-030 cathedral' 'ic-030 big meeple' 'river-020 river' \
    'tb-017 builder' 'tb-017 pig' 'tb-017 wine' 'tb-017 grain' 'tb-017 cloth' \
    'hs-030 shepherd' 'hs-030 hill' 'hs-030 vineyard'; do
	expect "the key of ${want% *}: ${want#* }" grep -qF ">${want#* }</text>" "$tmp/${want%% *}.svg"
done

# ---- fmt ---------------------------------------------------------------------

cat >"$tmp/messy.yaml" <<'EOF'
# a game at the club
format: carcref/1
players: [Anna, Ben]
moves:
  - w 1,0 0
  - ben: W -1,0 0 T@e    # closes the road
  - {Anna: "e 0,1 180 chevalier@s"}
  - B 0,-1 0 moine@c
EOF
cat >"$tmp/canon.yaml" <<'EOF'
# a game at the club
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players:
  - Anna
  - Ben
moves:
  - W 1,0 0
  - "Ben: W -1,0 0 thief@E"  # closes the road
  - "Anna: E 0,1 180 knight@S"
  - B 0,-1 0 monk
EOF
expect_same "$tmp/canon.yaml" -- fmt --stdout "$tmp/messy.yaml"
expect_same "$tmp/canon.yaml" -- fmt --stdout "$tmp/canon.yaml"
cp "$tmp/messy.yaml" "$tmp/inplace.yaml"
expect_exit 0 -- fmt "$tmp/inplace.yaml"
cmp -s "$tmp/inplace.yaml" "$tmp/canon.yaml" && ok || { code=x; not_ok "fmt did not rewrite the file" fmt; }
cp "$tmp/rot.yaml" "$tmp/rot2.yaml"
expect_exit 1 -- fmt "$tmp/rot2.yaml"
cmp -s "$tmp/rot.yaml" "$tmp/rot2.yaml" && ok || { code=x; not_ok "fmt changed a file it refused" fmt; }
expect_exit 2 -- fmt

# Issue 10: a line longer than 128 bytes was cut; an escaped newline in a
# quoted move's comment was written raw; lines were split at \n alone,
# not as libyaml splits them (a lone CR, NEL, LS, PS), so comments moved
# or vanished.  Each output must read back as the same record.
long=$(printf 'A%.0s' $(seq 200))
printf 'format: carcref/1\nplayers: [%s, Ben]\nmoves:\n  - "%s: V 1,0 90 thief@W"\n' \
    "$long" "$long" >"$tmp/long.yaml"
expect_out "  - \"$long: V 1,0 90 thief@W\"" -- fmt --stdout "$tmp/long.yaml"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - "V 1,0 90 # one\\ntwo"\n  - E 0,1 180\n' \
    >"$tmp/esc.yaml"
expect_out '  - V 1,0 90  # one\ntwo' -- fmt --stdout "$tmp/esc.yaml"
run fmt --stdout "$tmp/esc.yaml"; cp "$tmp/out" "$tmp/esc-out.yaml"
expect_out '   2  Ben   E 0,1 180' -- replay "$tmp/esc-out.yaml"
printf 'format: carcref/1\rplayers: [Anna, Ben]\rmoves:\r  - V 1,0 90 # first\r  # before second\r  - U 0,1 0 # second\r' \
    >"$tmp/cr.yaml"
printf '%s\n' 'moves:' '  - V 1,0 90  # first' '  # before second' '  - U 0,1 0  # second' >"$tmp/cr-want"
run fmt --stdout "$tmp/cr.yaml"
tail -4 "$tmp/out" | cmp -s - "$tmp/cr-want" && ok || not_ok "comments of a CR file" fmt --stdout "$tmp/cr.yaml"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  # c\342\200\250  # d\302\205  - V 1,0 90 # first\342\200\251  # second\n' \
    >"$tmp/ls.yaml"
printf '%s\n' 'moves:' '  # c' '  # d' '  - V 1,0 90  # first' '# second' >"$tmp/ls-want"
run fmt --stdout "$tmp/ls.yaml"
tail -5 "$tmp/out" | cmp -s - "$tmp/ls-want" && ok || not_ok "comments split by NEL, LS, PS" fmt --stdout "$tmp/ls.yaml"
# fmt and replay word a bad move alike: FILE:LINE:COLUMN: move N: rule
expect_err "$tmp/rot2.yaml:4:" -- fmt "$tmp/rot2.yaml"
# Replacing a file: its mode kept, a read-only file refused, a symlink
# followed, a planted symlink never written through, a full disk survived.
ws=$tmp/ws
mkdir "$ws"
mode_of() { stat -c %a "$1"; }
cp "$tmp/messy.yaml" "$ws/private.yaml"
chmod 600 "$ws/private.yaml"
expect_exit 0 -- fmt "$ws/private.yaml"
expect "fmt keeps the mode 0600" test "$(mode_of "$ws/private.yaml")" = 600
expect "fmt rewrote the 0600 file" cmp -s "$ws/private.yaml" "$tmp/canon.yaml"
cp "$tmp/messy.yaml" "$ws/ro.yaml"
chmod 444 "$ws/ro.yaml"
expect_exit 2 -- fmt "$ws/ro.yaml"
expect_err "$ws/ro.yaml: the file is read-only (mode 0444): not replaced" -- fmt "$ws/ro.yaml"
expect "fmt leaves a read-only file untouched" cmp -s "$ws/ro.yaml" "$tmp/messy.yaml"
expect "fmt keeps a read-only file read-only" test "$(mode_of "$ws/ro.yaml")" = 444
# The old temporary name was PATH.tmp-PID: a link planted there must not
# be written through (exec keeps the PID).
cp "$tmp/messy.yaml" "$ws/F.yaml"
echo precious >"$ws/victim"
bash -c 'ln -s "$1/victim" "$1/F.yaml.tmp-$$"; exec "$2" fmt "$1/F.yaml"' sh "$ws" "$CARCREF" \
    >"$tmp/out" 2>"$tmp/err"
expect "a symlink at the old temporary name: the victim is untouched" \
    test "$(cat "$ws/victim")" = precious
expect "a symlink at the old temporary name: the record is formatted" \
    cmp -s "$ws/F.yaml" "$tmp/canon.yaml"
expect "a symlink at the old temporary name: the record is a plain file" \
    test ! -L "$ws/F.yaml"
# A record reached through a symlink: its target is rewritten, the link kept.
mkdir "$ws/real"
cp "$tmp/messy.yaml" "$ws/real/game.yaml"
ln -s real/game.yaml "$ws/link.yaml"
expect_exit 0 -- fmt "$ws/link.yaml"
expect "fmt through a symlink: the link is kept" test -L "$ws/link.yaml"
expect "fmt through a symlink: the target is formatted" \
    cmp -s "$ws/real/game.yaml" "$tmp/canon.yaml"
expect "fmt through a symlink: no file left beside the link" \
    test "$(ls -A "$ws/real")" = game.yaml
# A full disk: a file size limit makes the write fail midway (EFBIG).
mkdir "$ws/full"
"$CARCREF" selfplay --seed 5 | sed 's/^  - \([A-Z]\) /  - \L\1 /' \
    >"$ws/full/big.yaml"
cp "$ws/full/big.yaml" "$tmp/big.orig"
(ulimit -f 1; exec "$CARCREF" fmt "$ws/full/big.yaml") >"$tmp/out" 2>"$tmp/err"
code=$?
expect "fmt on a full disk: exit 2" test "$code" = 2
expect "fmt on a full disk: the original is intact" cmp -s "$ws/full/big.yaml" "$tmp/big.orig"
expect "fmt on a full disk: no temporary file left" test "$(ls -A "$ws/full")" = big.yaml
expect "fmt on a full disk: the error names the file" \
    grep -qF "carcref fmt: $ws/full/big.yaml: File too large" "$tmp/err"
expect "fmt on a full disk: the error never names a temporary file" \
    test "$(grep -c 'tmp-\|carcref-' "$tmp/err")" = 0

# ---- games -------------------------------------------------------------------

# The games kept in the state directory, the last played first: name,
# players, moves, last played, finished (with the final scores) or not;
# an unreadable journal says why, and is left as it is.  A game is named
# for its players, transliterated (Zoë zoe, Ünal unal: issue 18).
export CARCREF_STATE=$tmp/state
expect_exit 0 -- games
expect_err 'no game is kept yet' -- games
printf 'E 0,1 180 knight@S\nV 1,0 90 thief@W\nU -1,0 0 farmer@N\nend\n' >"$tmp/fin.in"
STDIN=$tmp/fin.in run play
printf 'W 1,0 0\nE 0,1 180\n' >"$tmp/open.in"
STDIN=$tmp/open.in run play --players 'Zoë,Ünal,Li-Wei'
printf '\x8f\x01garbage\xfe\x00\x13\n' >"$CARCREF_STATE/games/2026-01-01-junk.yaml"
cp "$CARCREF_STATE/games/2026-01-01-junk.yaml" "$tmp/junk.orig"
touch -d '2026-01-02 03:04' "$CARCREF_STATE"/games/*-anna-ben.yaml
touch -d '2026-01-03 05:06' "$CARCREF_STATE"/games/*-zoe-unal-liwei.yaml
touch -d '2026-01-01 00:00' "$CARCREF_STATE/games/2026-01-01-junk.yaml"
expect_exit 0 -- games
d='[0-9]{4}-[0-9]{2}-[0-9]{2}'
expect_match "^$d-zoe-unal-liwei  Zoë, Ünal, Li-Wei  2 moves  2026-01-03 05:06  not finished\$" -- games
expect_match "^$d-anna-ben        Anna, Ben          4 moves  2026-01-02 03:04  finished: Anna 7, Ben 3\$" -- games
expect_match "^2026-01-01-junk +2026-01-01 00:00  unreadable: 1:1: not valid YAML" -- games
run games
expect "games: the last played first" \
    test "$(awk '{ print $1 }' "$tmp/out" | sed 's/^[0-9-]*-//' | tr '\n' ' ')" = "zoe-unal-liwei anna-ben junk "
expect "games: an unreadable journal is left as it is" \
    cmp -s "$tmp/junk.orig" "$CARCREF_STATE/games/2026-01-01-junk.yaml"
expect_exit 2 -- games extra
expect_out 'games' -- help
unset CARCREF_STATE

# ---- tiles -------------------------------------------------------------------

expect_exit 0 -- tiles
expect_out 'X  (1 in the box)  N E S W: road road road road' -- tiles
expect_out 'D  (4 in the box, one is the start tile)  N E S W: city road field road' -- tiles d
expect_out '  - field ENE+WNW next to city N' -- tiles D
expect_out 'rotation 270' -- tiles D
expect_exit 1 -- tiles Z
expect_err 'unknown tile "Z"' -- tiles Z
expect_out '  - city N+W with wine' -- tiles TB-T
expect_out '  - road E-S with an inn' -- tiles IC-L
expect_out '  - marked: hill' -- tiles HS-A
expect_out 'key: ## city, . field, == || road' -- tiles D

# pics FILE LABEL: the picture under "rotation LABEL" in FILE (the output
# of tiles CODE), its lines without trailing blanks: cut by the columns of
# the titles, whatever the pictures' width.
pics() {
	awk -v want="rotation $2" '
	NR == 2 { from = index($0, want); rest = substr($0, from + length(want))
		  to = match(rest, /rotation/) ? from + length(want) + RSTART - 1 : 0 }
	NR > 2 && /^  - / { exit }
	NR > 2 { line = to ? substr($0, from, to - from) : substr($0, from)
		 sub(/ +$/, "", line); print line }' "$1"
}
# Base G (one city across) turned a quarter and H (two caps apart) show the
# same edges: their pictures must differ, H's with a field between its cities.
run tiles G; cp "$tmp/out" "$tmp/g.out"
run tiles H; cp "$tmp/out" "$tmp/h.out"
pics "$tmp/g.out" 90 >"$tmp/g90"
pics "$tmp/h.out" 0 >"$tmp/h0"
expect "tiles: G at 90 and H at 0 are drawn" test -s "$tmp/g90" -a -s "$tmp/h0"
cmp -s "$tmp/g90" "$tmp/h0" && { code=-; not_ok "G at 90 is drawn as H at 0" tiles; } || ok
expect "tiles: H's two cities have a field between them" \
    grep -qx '\. \. \. \. \. \. \.' "$tmp/h0"
expect "tiles: G's city crosses the tile" grep -qx '\. \. ######\. \.' "$tmp/g90"
# Every picture of every set fits 80 columns, four rotations side by side.
run tiles
codes=$(grep -oE '^[A-Za-z][A-Za-z0-9-]*  \(' "$tmp/out" | cut -d' ' -f1)
expect "tiles: 103 types in all sets" test "$(echo $codes | wc -w)" = 103
expect "tiles: the list fits 80 columns" awk 'length($0) > 80 { exit 1 }' "$tmp/out"
run tiles $codes
expect "tiles: every type in 4 rotations fits 80 columns" \
    awk 'length($0) > 80 { exit 1 }' "$tmp/out"
expect "tiles: every type drawn in 4 rotations" \
    test "$(grep -c '^  rotation 0 .*rotation 270$' "$tmp/out")" = 103

# ---- tiles: a search by what a tile shows ------------------------------------

cat >"$tmp/want" <<'EOF'
D  (4 in the box, one is the start tile)  base
  C R F R clockwise from north: rotation 0
  ##############
  . ##########.
  . . . . . . .
  ==============
  . . . . . . .
  . . . . . . .
  . . . . . . .

key: ## city, . field, == || road
1 type has edges C R F R in base: D
EOF
expect_same "$tmp/want" -- tiles --edges crfr --set base
expect_out '2 types have edges C R F R: D, WF-22' -- tiles --edges crfr
expect_out '  R F R C clockwise from north: rotation 270' -- tiles --edges RFRC
# A city opposite a road, fields beside: no base tile; I&C J and H&S C.
expect_out '3 types have edges C F R F: IC-J, HS-C, WF-19' -- tiles --edges CFRF
expect_exit 1 -- tiles --edges CFRF --set base
expect_out 'no tile has edges C F R F in base' -- tiles --edges CFRF --set base
expect_out '6 types have edges F R F R: U, IC-B, IC-D, HS-F, WF-30, WF-31' -- tiles --edges frfr
expect_out '  F R F R clockwise from north: rotation 90, 270 (both look the same)' \
    -- tiles --edges frfr
expect_out '1 type has a pennant, two cities or more: IC-P' -- tiles --pennant --two-cities
expect_out '24 types in base: A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U,' -- tiles --set base
expect_out '2 types have two cities or more in base: H, I' -- tiles --two-cities --set base
expect_out '2 types have a cloister in hills-sheep: HS-I, HS-J' \
    -- tiles --cloister --set hills-sheep
expect_out '6 types have an inn in inns-cathedrals: IC-A, IC-B, IC-C, IC-L, IC-M, IC-N' \
    -- tiles --inn --set inns-cathedrals
expect_out '1 type has edges W F W F: RV-D' -- tiles --edges WFWF
# F, G and H in one search: a city across (F with a pennant), two caps with
# a field between.
cat >"$tmp/want" <<'EOF'
F  (2 in the box)  base
  C F C F clockwise from north: rotation 90, 270 (both look the same)
  ##############
  . ##########.
  . . ######. .
  . . ##<>##. .
  . . ######. .
  . ##########.
  ##############

G  (1 in the box)  base
  C F C F clockwise from north: rotation 90, 270 (both look the same)
  ##############
  . ##########.
  . . ######. .
  . . ######. .
  . . ######. .
  . ##########.
  ##############

H  (3 in the box)  base
  C F C F clockwise from north: rotation 0, 180 (both look the same)
  ##############
  . ##########.
  . . . . . . .
  . . . . . . .
  . . . . . . .
  . ##########.
  ##############

key: ## city, . field, <> pennant
3 types have edges C F C F in base: F, G, H
EOF
expect_same "$tmp/want" -- tiles --edges CFCF --set base
# Hills & Sheep L: two cities share the north edge, split by a blank.
cat >"$tmp/want" <<'EOF'
HS-L  (2 in the box)  hills-sheep
  C C F C clockwise from north: rotation 0
  ######  ######
  ######  ######
  ######  ######
  ######  ######
  ######. ######
  ####. Vi. ####
  ##. . . . . ##

key: ## city, . field, Vi vineyard,
     a blank between two cities: they are separate
1 type has edges C C F C in hills-sheep: HS-L
EOF
expect_same "$tmp/want" -- tiles --edges CCFC --set hills-sheep
for set in base inns-cathedrals river traders-builders hills-sheep; do
	run tiles --set $set
	expect "tiles --set $set: fits 80 columns" awk 'length($0) > 80 { exit 1 }' "$tmp/out"
done
expect_exit 2 -- tiles --edges CRF
expect_err 'carcref tiles: the edges are 4 letters read clockwise, C city, R road, F field, W river (CRFR), not "CRF"' \
    -- tiles --edges CRF
expect_exit 2 -- tiles --edges CRFX
expect_exit 2 -- tiles --edges
expect_exit 2 -- tiles --set nope
expect_err 'carcref tiles: --set wants a set: base, inns-cathedrals, river, traders-builders, hills-sheep, wheel-of-fortune, not "nope"' \
    -- tiles --set nope
expect_exit 2 -- tiles --edges CRFR --edges CRFR
expect_exit 2 -- tiles --bogus
expect_exit 2 -- tiles D --inn
expect_err 'codes and a search do not mix ("--inn")' -- tiles D --inn
expect_exit 2 -- tiles --inn D

# ---- a broken tile file: its place and a plain sentence, never a crash ------

mkdir -p "$tmp/badtiles"
sed 's/edges: \[city, road, field, road\]/edges: [city, road, city, road]/' rules/tiles/base.yaml >"$tmp/badtiles/base.yaml"
line=$(grep -n 'edges: \[city, road, city, road\]' "$tmp/badtiles/base.yaml" | tail -1 | cut -d: -f1)
CARCREF_DATA=$tmp/badtiles expect_exit 2 -- replay "$game"
CARCREF_DATA=$tmp/badtiles expect_err "$tmp/badtiles/base.yaml:$line:" -- replay "$game"
CARCREF_DATA=$tmp/nowhere expect_exit 2 -- tiles

# ---- selfplay ----------------------------------------------------------------

expect_exit 0 -- selfplay --seed 3 --games 2 --players 4 --edition 1 --out "$tmp/sp"
run selfplay --seed 3 --games 2 --players 4 --edition 1 --out "$tmp/sp2"
diff -r "$tmp/sp" "$tmp/sp2" >/dev/null && ok || not_ok "the same seed gave other games" selfplay
run selfplay --seed 4 --games 1
cmp -s "$tmp/out" "$tmp/sp/game-3-000001.yaml" && not_ok "another seed gave the same game" selfplay || ok
expect_exit 0 -- replay --quiet "$tmp/sp/game-3-000001.yaml" "$tmp/sp/game-3-000002.yaml"
expect_exit 2 -- selfplay --players 9
expect_err 'carcref selfplay: --players: a game is for 2 to 8 players, not "1"' -- selfplay --players 1
expect_err 'carcref play: --players: a game is for 2 to 8 players, not 1' -- play --players Anna
expect_err 'carcref play: --players: a game is for 2 to 8 players, not 9' -- play --players A,B,C,D,E,F,G,H,I
# Every mix of the expansions, 2 to 8 players: self-played games replay.
for x in hills-sheep traders-builders,hills-sheep inns-cathedrals,river,traders-builders,hills-sheep \
    wheel-of-fortune inns-cathedrals,traders-builders,hills-sheep,wheel-of-fortune \
    river,wheel-of-fortune inns-cathedrals,river,traders-builders,hills-sheep,wheel-of-fortune; do
	for p in 2 5 8; do
		rm -rf "$tmp/mix"
		run selfplay --seed $p --games 3 --players $p --expansions $x --out "$tmp/mix"
		expect_exit 0 -- replay --quiet "$tmp/mix"/*.yaml
	done
done
# The River with the wheel (issue 21): each game's spring on a square open to it.
run selfplay --seed 7 --games 8 --expansions wheel-of-fortune,river --out "$tmp/rw"
expect "selfplay river+wheel: every record names its spring" \
    test "$(grep -l '^spring: "' "$tmp/rw"/*.yaml | wc -l)" -eq 8
expect "selfplay river+wheel: springs on several squares" \
    test "$(grep -h '^spring:' "$tmp/rw"/*.yaml | sort -u | wc -l)" -gt 1
expect_exit 0 -- replay --quiet "$tmp/rw"/*.yaml
# Springs taken, refused, taken again in one process: each record as
# alone (the game that tries a set-up is kept from one record to the next,
# and the set-ups it took: the first two taken again after others).
rw=("$tmp/rw"/*.yaml)
sb="$(dirname "${BASH_SOURCE[0]}")/scenarios/wf-river-spring-far.yaml"
for f in "${rw[0]}" "$sb" "${rw[1]}" "$sb" "${rw[2]}" "${rw[0]}" "$sb" "${rw[1]}"; do
	"$CARCREF" replay "$f" >>"$tmp/alone.out" 2>>"$tmp/alone.err"
done
run replay "${rw[0]}" "$sb" "${rw[1]}" "$sb" "${rw[2]}" "${rw[0]}" "$sb" "${rw[1]}"
expect "replay: springs taken and refused in one process, each record as alone" \
    test "$(grep -v '^$' "$tmp/alone.out")" = "$(grep -v '^$' "$tmp/out")"
expect "replay: springs refused in one process, as alone" cmp -s "$tmp/alone.err" "$tmp/err"
# Issue 23: a list of expansions written as the record before wrote it is
# taken as read then (notation/tile.c: xl).  In one process, each record
# as alone: the same list again, another, one refused (named twice), and
# the first list once more, after the refusal and after another game.
sd="$(dirname "${BASH_SOURCE[0]}")/scenarios"
sed 's/^expansions: \[hills-sheep\]$/expansions: [hills-sheep, hills-sheep]/' \
    "$sd/bb-hs-bag-empty.yaml" >"$tmp/hs-twice.yaml"
sed 's/^expansions: \[hills-sheep\]$/expansions: [hills-sheep, river]/' \
    "$sd/bb-hs-bag-empty.yaml" >"$tmp/hs-river.yaml"
xs=("$sd/bb-hs-bag-empty.yaml" "$sd/bb-hs-choice-missing.yaml" "$sd/wf-crown-6.yaml"
    "$tmp/hs-twice.yaml" "$sd/bb-hs-bag-empty.yaml" "$sd/bb-eight-players-all-sets.yaml"
    "$tmp/hs-river.yaml" "$sd/bb-hs-choice-missing.yaml" "$sd/bb-farm-page8.yaml" "$sd/bb-hs-bag-empty.yaml")
: >"$tmp/xl-alone.out"; : >"$tmp/xl-alone.err"
for f in "${xs[@]}"; do
	"$CARCREF" replay --json "$f" >>"$tmp/xl-alone.out" 2>>"$tmp/xl-alone.err"
done
run replay --json "${xs[@]}"
sed 's/^{"file": "[^"]*", /{/' "$tmp/out" >"$tmp/xl-one.out"
expect "replay --json: lists of expansions again in one process, each record as alone" \
    cmp -s "$tmp/xl-alone.out" "$tmp/xl-one.out"
expect "replay --json: the list named twice is refused in one process" \
    grep -qF 'expansion \"hills-sheep\" is given twice' "$tmp/xl-one.out"
expect_exit 2 -- selfplay --games 2
expect_err '2 games need --out DIR' -- selfplay --games 2
# --pieces (issue 23): how often a piece is put where one may be.
pieces() { grep -h '^  - ' "$@" | grep -c -E '@| monk| abbot' || true; }
run selfplay --pieces 50 --seed 3 --games 2 --players 4 --edition 1 --out "$tmp/sp50"
expect "selfplay --pieces 50: the games of no --pieces" diff -r "$tmp/sp" "$tmp/sp50"
run selfplay --pieces 0 --seed 3 --games 3 --players 3 --expansions inns-cathedrals,hills-sheep --out "$tmp/sp0"
expect "selfplay --pieces 0: no piece in any move" test "$(pieces "$tmp/sp0"/*.yaml)" -eq 0
expect_exit 0 -- replay --quiet "$tmp/sp0"/*.yaml
run selfplay --seed 3 --games 6 --players 3 --out "$tmp/spd"
run selfplay --pieces 20 --seed 3 --games 6 --players 3 --out "$tmp/sp20"
expect "selfplay --pieces 20: fewer pieces than the default's coin" \
    test "$(pieces "$tmp/sp20"/*.yaml)" -lt $(( $(pieces "$tmp/spd"/*.yaml) * 3 / 4 ))
# Random players soon run out of followers: more, not twice as many.
run selfplay --pieces 100 --seed 3 --games 6 --players 3 --out "$tmp/sp100"
expect "selfplay --pieces 100: more pieces than the default's coin" \
    test "$(pieces "$tmp/sp100"/*.yaml)" -gt "$(pieces "$tmp/spd"/*.yaml)"
expect_exit 0 -- replay --quiet "$tmp/sp20"/*.yaml "$tmp/sp100"/*.yaml
expect_err 'carcref selfplay: bad option or value: --pieces 101' -- selfplay --pieces 101
expect_err 'carcref selfplay: bad option or value: --pieces half' -- selfplay --pieces half
expect_err 'carcref selfplay: --pieces: the dice game has no pieces to place' -- selfplay --game dice --pieces 80
expect_exit 0 -- selfplay --game hunters-gatherers --pieces 90 --seed 2


# ---- bash completion (completions/carcref, installed by make install) --------

comp() {	# comp WORDS...: what the completion offers for the last word
	(PATH=$(dirname "$CARCREF"):$PATH
	    [ -n "${CARCREF_DATA:-}" ] && export CARCREF_DATA=$(cd "$CARCREF_DATA" && pwd)
	    cd "$tmp" &&
	    source "$OLDPWD/completions/carcref" && COMP_WORDS=("$@") &&
	    COMP_CWORD=$(($# - 1)); _carcref; printf '%s\n' "${COMPREPLY[@]}" | sort)
}
if command -v bash >/dev/null && [ -f completions/carcref ]; then
	ln -sf "$(cd "$(dirname "$CARCREF")" && pwd)/$(basename "$CARCREF")" "$tmp/carcref" 2>/dev/null
	CARCREF=$tmp/carcref
	expect "completion: the commands (and records)" \
	    test "$(comp carcref re | grep -v yaml | tr '\n' ' ')" = "replay report resume "
	expect "completion: an edition" test "$(comp carcref play --edition '' | tr '\n' ' ')" = "1 2 3 "
	expect "completion: the second expansion after a comma" \
	    test "$(comp carcref play --expansions inns-cathedrals,ri)" = "inns-cathedrals,river"
	expect "completion: replay's options" test "$(comp carcref replay --j)" = "--json"
	expect "completion: tile codes" test "$(comp carcref tiles IC-K)" = "IC-Ka"
	expect "completion: report's options" test "$(comp carcref report --s)" = "--svg"
	expect "completion: stats" grep -qx stats <(comp carcref sta)
fi

# ---- issue 18 C/D: bash completion of paths with blanks, codes in any case ---
if command -v bash >/dev/null && [ -f completions/carcref ]; then
	mkdir -p "$tmp/my games/old one"
	: >"$tmp/my games/first game.yaml"
	: >"$tmp/my games/notes.txt"
	expect "i18 24: a directory with a blank is one reply" \
	    test "$(comp carcref replay my)" = "my games"
	expect "i18 24: a name with a blank, typed with a backslash" \
	    test "$(comp carcref replay 'my\ games/f' | tr '\n' '|')" = "my games/first game.yaml|"
	expect "i18 24: the same inside a quote" \
	    test "$(comp carcref replay '"my games/' | tr '\n' '|')" = "my games/first game.yaml|my games/old one|"
	expect "i18 24: records only (and directories), for play" \
	    test "$(comp carcref play 'my games/' | tr '\n' '|')" = "my games/first game.yaml|my games/old one|"
	expect "i18 24: board -o: any file" \
	    test "$(comp carcref board -o 'my games/n')" = "my games/notes.txt"
	expect "i18 24: selfplay --out: directories" \
	    test "$(comp carcref selfplay --out 'my games/')" = "my games/old one"
	expect "i18 20: tile codes in any case" test "$(comp carcref tiles ic-k)" = "IC-Ka"
	expect "i18 20: a River code in small letters" \
	    test "$(comp carcref tiles rv-l | tr '\n' ' ')" = "RV-L "
fi

# ---- French (issue 14): messages in French under a French locale ------------
# The locale is built by the test (tests/locale.sh), the catalogue is the
# build tree's (.build/locale, found next to the binary).
if fr_locale "$tmp/locale"; then
	CARCREF=$FR_CARCREF expect_err \
	    "carcref : commande inconnue « replya » (vouliez-vous dire « replay » ?)" -- replya
	CARCREF=$FR_CARCREF expect_err "« carcref help » donne la liste des commandes" -- replya
	expect_err 'carcref: unknown command "replya" (did you mean "replay"?)' -- replya
	# LANGUAGE=fr under C.UTF-8 is French, under C English (as gettext
	# has it); carcref skips its lookups only in the latter.
	printf '#!/bin/sh\nLC_ALL=%s LANGUAGE=fr exec "%s" "$@"\n' C.UTF-8 "$(cd "$(dirname "$CARCREF")" && pwd)/$(basename "$CARCREF")" >"$tmp/lang-cutf8"
	printf '#!/bin/sh\nLC_ALL=%s LANGUAGE=fr exec "%s" "$@"\n' C "$(cd "$(dirname "$CARCREF")" && pwd)/$(basename "$CARCREF")" >"$tmp/lang-c"
	chmod +x "$tmp/lang-cutf8" "$tmp/lang-c"
	CARCREF=$tmp/lang-cutf8 expect_err "carcref : commande inconnue « replya »" -- replya
	CARCREF=$tmp/lang-c expect_err 'carcref: unknown command "replya"' -- replya

	# fits DESC FILE: every line of FILE is 80 characters at most (UTF-8
	# characters: awk would count bytes, and é is two).
	fits() { expect "$1: fits 80 columns" perl -CSD -ne 'chomp; exit 1 if length($_) > 80' "$2"; }

	# help: the sentences in French, wrapped at 79 characters (not bytes);
	# the synopses as they are typed.
	CARCREF=$FR_CARCREF run help
	expect "help in French: the heading" grep -qxF 'commandes :' "$tmp/out"
	expect "help in French: a summary, wrapped by characters" grep -qxF \
	    '      réécrire des parties enregistrées sous leur forme canonique, en gardant' "$tmp/out"
	expect "help in French: the synopsis as typed" grep -qxF '  replay [--json] [--quiet] FILE...' "$tmp/out"
	expect "help in French: the tile data" grep -qF 'données des tuiles : ' "$tmp/out"
	expect "help in French: 79 columns" perl -CSD -ne 'chomp; exit 1 if length($_) > 79' "$tmp/out"
	CARCREF=$FR_CARCREF expect_out 'usage : carcref replay [--json] [--quiet] FILE...' -- help replay
	CARCREF=$FR_CARCREF expect_err 'usage : carcref replay [--json] [--quiet] FILE...' -- replay
	CARCREF=$FR_CARCREF expect_err 'carcref : pas de commande « nope »' -- help nope
	expect_out 'commands:' -- help
	expect_out '      check recorded games, print each move, its scoring and the final scores' -- help

	# replay: its own lines in French (the explanations are notation's);
	# the moves as written.
	CARCREF=$FR_CARCREF run replay "$game"
	expect "replay in French: the heading" grep -qxF "$game : carcassonne, édition 3, 2 joueurs" "$tmp/out"
	expect "replay in French: a move as written" grep -qxF '   2  Ben   W -1,0 0 thief@E' "$tmp/out"
	expect "replay in French: the final scoring" grep -qxF '      décompte final :' "$tmp/out"
	expect "replay in French: the final scores" grep -qxF 'scores finaux :' "$tmp/out"
	expect "replay in French: the ranking" grep -qxF '  1. Ben     6' "$tmp/out"
	sed '/^  - end/d' "$game" >"$tmp/open.yaml"
	CARCREF=$FR_CARCREF expect_out 'scores à ce stade (partie non finie) :' -- replay "$tmp/open.yaml"
	CARCREF=$FR_CARCREF expect_out "$tmp/open.yaml (partie non finie)" -- replay --quiet "$tmp/open.yaml"
	CARCREF=$FR_CARCREF expect_out 'scores après le coup 2 (partie non finie) :' -- replay "$bad"
	CARCREF=$FR_CARCREF expect_err "$bad:9:5: coup 3 : " -- replay "$bad"
	CARCREF=$FR_CARCREF expect_err 'carcref replay : option inconnue « --frobnicate »' -- replay --frobnicate "$game"
	expect_out "$game: carcassonne, edition 3, 2 players" -- replay "$game"
	expect_out 'scores so far (not finished):' -- replay "$tmp/open.yaml"
	expect_err "$bad:9:5: move 3: " -- replay "$bad"
	# The goods in the ranking, in the rule book's words.
	CARCREF=$FR_CARCREF expect_out '  1. Bob     55   vin 0, blé 1, tissu 1' -- replay --quiet tests/corpus/tb-017.yaml
	expect_out '  1. Bob     55   wine 0, grain 1, cloth 1' -- replay --quiet tests/corpus/tb-017.yaml

	# replay --json is for programs: the same bytes in any locale, the
	# messages in it too (a file's error, a refused move).
	for f in "$game" "$bad" "$tmp/no-such-file.yaml"; do
		run replay --json "$f"
		cp "$tmp/out" "$tmp/json.en"
		CARCREF=$FR_CARCREF run replay --json "$f"
		expect "replay --json $(basename "$f"): the same in French" cmp -s "$tmp/json.en" "$tmp/out"
	done
	expect "replay --json: an error in English" grep -qF 'No such file or directory' "$tmp/out"

	# tiles: the listing and the search in French, within 80 columns.
	cat >"$tmp/want" <<'EOF'
D  (4 dans la boîte, dont la tuile de départ)  base
  C R F R, sens horaire depuis N : rotation 0
  ##############
  . ##########.
  . . . . . . .
  ==============
  . . . . . . .
  . . . . . . .
  . . . . . . .

légende : ## ville, . pré, == || route
1 type a les bords C R F R dans base : D
EOF
	CARCREF=$FR_CARCREF expect_same "$tmp/want" -- tiles --edges CRFR --set base
	CARCREF=$FR_CARCREF run tiles --edges FCFC --two-cities
	expect "tiles --edges in French: the rotations" grep -qxF \
	    '  F C F C, sens horaire depuis N : rotation 90, 270 (les deux pareilles)' "$tmp/out"
	expect "tiles --edges in French: the count" grep -qxF \
	    '3 types ont les bords F C F C, deux villes ou plus : H, HS-G, HS-O' "$tmp/out"
	CARCREF=$FR_CARCREF expect_out 'aucune tuile n'"'"'a les bords F F F F, une auberge' -- tiles --edges FFFF --inn
	CARCREF=$FR_CARCREF run tiles D
	expect "tiles D in French: the heading" grep -qxF \
	    'D  (4 dans la boîte, dont la tuile de départ)  N E S W : ville route pré route' "$tmp/out"
	expect "tiles D in French: a field" grep -qxF '  - pré ENE+WNW à côté de la ville N' "$tmp/out"
	CARCREF=$FR_CARCREF expect_out '  - route S (s'"'"'arrête à l'"'"'abbaye)' -- tiles A
	CARCREF=$FR_CARCREF expect_err 'carcref tiles : tuile inconnue « ZZ »' -- tiles ZZ
	CARCREF=$FR_CARCREF expect_err 'carcref tiles : les bords sont 4 lettres lues dans le sens horaire' -- tiles --edges CRF
	: >"$tmp/fr-tiles"
	for e1 in C R F; do for e2 in C R F; do for e3 in C R F; do for e4 in C R F; do
		CARCREF=$FR_CARCREF run tiles --edges $e1$e2$e3$e4
		cat "$tmp/out" >>"$tmp/fr-tiles"
	done; done; done; done
	for x in --pennant --cloister --inn --two-cities; do
		CARCREF=$FR_CARCREF run tiles $x
		cat "$tmp/out" >>"$tmp/fr-tiles"
	done
	CARCREF=$FR_CARCREF run tiles
	cat "$tmp/out" >>"$tmp/fr-tiles"
	expect "tiles in French: the key" grep -qF 'légende : ## ville, . pré, == || route, ~~ rivière, ++ abbaye,' "$tmp/fr-tiles"
	fits "tiles and 85 searches in French" "$tmp/fr-tiles"
	expect_out '1 type has edges C R F R in base: D' -- tiles --edges CRFR --set base
	expect_out '  C R F R clockwise from north: rotation 0' -- tiles --edges CRFR --set base

	# board --feature: the account in French; the SVG too, still valid.
	CARCREF=$FR_CARCREF run board "$game" --move 1 --feature 0,0:E
	expect "board in French: the title" grep -qxF "$game : après le coup 1 sur 5, Anna : W 1,0 0" "$tmp/out"
	expect "board in French: the road" grep -qxF 'route en 0,0 E : ouverte à 1 extrémité, 2 tuiles' "$tmp/out"
	expect "board in French: its tiles" grep -qxF '  tuiles : 1,0 0,0' "$tmp/out"
	expect "board in French: nobody on it" grep -qxF "  qui l'occupe : personne" "$tmp/out"
	expect "board in French: what it would pay" grep -qF '  si la partie se terminait maintenant : ' "$tmp/out"
	expect "board in French: to nobody" grep -qF ', à personne (aucun voleur dessus)' "$tmp/out"
	CARCREF=$FR_CARCREF run board "$game" --feature 2,0:N
	expect "board in French: the farm" grep -qxF 'pré en 2,0 N : un pré bordant 1 ville achevée, 4 tuiles' "$tmp/out"
	expect "board in French: who holds it" grep -qxF "  qui l'occupe : paysan (Ben) en 2,0 N" "$tmp/out"
	expect "board in French: what it paid" grep -qF '  points marqués au coup 5 (décompte final) : ' "$tmp/out"
	CARCREF=$FR_CARCREF expect_out 'ville en 0,1 S : achevée, 2 tuiles, 0 blason' -- board "$game" --feature 0,1:S
	CARCREF=$FR_CARCREF expect_out "$bad : après le coup 2 sur 5 (le suivant est illégal), Ben : W -1,0 0 thief@E" -- board "$bad"
	CARCREF=$FR_CARCREF expect_err 'carcref board : --feature : aucune tuile en 9,9 après le coup 5' -- board "$game" --feature 9,9:N
	CARCREF=$FR_CARCREF expect_err 'carcref board : --move 6 : la partie enregistrée a 5 coups (0 est le début)' -- board "$game" --move 6
	CARCREF=$FR_CARCREF expect_exit 0 -- board "$game" --feature 2,0:N -o "$tmp/fr.svg"
	svg_ok "$tmp/fr.svg" "board in French"
	expect "the SVG in French: a piece's title" grep -qF '<title>Ben : paysan en 2,0 N</title>' "$tmp/fr.svg"
	expect "the SVG in French: the scores" grep -qF '>Ben : 6 points</text>' "$tmp/fr.svg"
	expect "the SVG in French: the key" grep -qF '>la zone demandée</text>' "$tmp/fr.svg"
	expect "the SVG in French: the account, escaped" grep -qF ">qui l&#39;occupe : paysan (Ben) en 2,0 N</text>" "$tmp/fr.svg"
	expect "the SVG in French: the title" grep -qF "<title>$game : après le coup 5 sur 5 (la fin), Anna : end</title>" "$tmp/fr.svg"
	expect_out "held by: Ben's farmer at 2,0 N" -- board "$game" --feature 2,0:N

	# games: its words in French.
	export CARCREF_STATE=$tmp/state
	CARCREF=$FR_CARCREF run games
	expect "games in French: a game going on" grep -qE "^$d-zoe-unal-liwei  Zoë, Ünal, Li-Wei  2 coups  2026-01-03 05:06  en cours\$" "$tmp/out"
	expect "games in French: a game finished" grep -qE "^$d-anna-ben        Anna, Ben          4 coups  2026-01-02 03:04  finie : Anna 7, Ben 3\$" "$tmp/out"
	expect "games in French: a journal unreadable" grep -qE "^2026-01-01-junk +2026-01-01 00:00  illisible : " "$tmp/out"
	expect_match "  2 moves  2026-01-03 05:06  not finished\$" -- games
	CARCREF_STATE=$tmp/state-none CARCREF=$FR_CARCREF expect_err "aucune partie n'est encore gardée" -- games
	unset CARCREF_STATE

	# A file's error in French, naming the file.
	truncate -s 1025M "$tmp/huge.yaml"
	CARCREF=$FR_CARCREF expect_err "carcref : $tmp/huge.yaml : plus de 1024 Mio, le maximum que lit carcref" -- replay "$tmp/huge.yaml"
	expect_err "carcref: $tmp/huge.yaml: larger than 1024 MiB, the most carcref reads" -- replay "$tmp/huge.yaml"
	rm -f "$tmp/huge.yaml"
	cp "$game" "$tmp/ro.yaml" && chmod 0444 "$tmp/ro.yaml"
	CARCREF=$FR_CARCREF expect_err "carcref board : $tmp/ro.yaml : le fichier est en lecture seule (mode 0444) : non remplacé" \
	    -- board "$game" -o "$tmp/ro.yaml"
	expect_err "carcref board: $tmp/ro.yaml: the file is read-only (mode 0444): not replaced" -- board "$game" -o "$tmp/ro.yaml"
	CARCREF=$FR_CARCREF expect_err 'carcref selfplay : 2 parties demandent --out DIR (une partie par fichier)' -- selfplay --games 2
else
	code=0; not_ok "fr_FR.UTF-8 cannot be built (localedef; Debian package locales)" localedef
fi

# ---- issue 18: records (item 26) -------------------------------------------

# fmt keeps the artwork written: RV-D/RV-F, RV-G/RV-J and IC-Ka/IC-Kb are
# one type each, either letter may be written, and each stays as written
# (in the tile set's case).
printf '%s\n' 'format: carcref/1' 'expansions: [river, inns-cathedrals]' 'players: [Anna, Ben]' \
    'moves:' '  - rv-f 1,0 0' '  - RV-D 2,0 0' '  - Anna: RV-J 3,0 0' '  - ic-kb discard' \
    '  - IC-KA discard' >"$tmp/art.yaml"
printf '%s\n' 'moves:' '  - RV-F 1,0 0' '  - RV-D 2,0 0' '  - "Anna: RV-J 3,0 0"' \
    '  - IC-Kb discard' '  - IC-Ka discard' >"$tmp/art-want"
run fmt --stdout "$tmp/art.yaml"
tail -6 "$tmp/out" | cmp -s - "$tmp/art-want" && ok || not_ok "fmt keeps the artwork letter" fmt --stdout "$tmp/art.yaml"

# fmt --check: names the files not in canonical form (exit 1), writes
# nothing; 0 when all are; 2 for a usage or I/O error.
cp "$tmp/messy.yaml" "$ws/check.yaml"
cp "$tmp/canon.yaml" "$ws/check-canon.yaml"
ls -A "$ws" >"$tmp/ws-before"
expect_exit 0 -- fmt --check "$ws/check-canon.yaml"
expect "fmt --check: nothing said of a canonical file" test ! -s "$tmp/out" -a ! -s "$tmp/err"
expect_exit 1 -- fmt --check "$ws/check-canon.yaml" "$ws/check.yaml"
expect "fmt --check names the file not canonical, alone" \
    test "$(cat "$tmp/out")" = "$ws/check.yaml: not in canonical form"
expect "fmt --check leaves the file as it was" cmp -s "$ws/check.yaml" "$tmp/messy.yaml"
expect "fmt --check leaves no file beside it" bash -c 'ls -A "$1" | cmp -s - "$2"' sh "$ws" "$tmp/ws-before"
STDIN=$tmp/messy.yaml expect_out '-: not in canonical form' -- fmt --check -
STDIN=$tmp/canon.yaml expect_exit 0 -- fmt --check -
expect_exit 1 -- fmt --check "$tmp/rot2.yaml"
expect_err "$tmp/rot2.yaml:4:" -- fmt --check "$tmp/rot2.yaml"
expect_exit 2 -- fmt --check "$ws/check-canon.yaml" "$ws/no-such.yaml"
expect_exit 2 -- fmt --check
expect_exit 2 -- fmt --check --stdout "$ws/check.yaml"
expect_exit 2 -- fmt --stdout --check "$ws/check.yaml"
expect "a usage error writes nothing" cmp -s "$ws/check.yaml" "$tmp/messy.yaml"
# In French without a French locale: LANGUAGE=fr under C.UTF-8, as the
# README says.
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out "$ws/check.yaml : pas sous forme canonique" -- fmt --check "$ws/check.yaml"

# The repository's own records are canonical.  tests/corpus/ is left out
# on purpose: its files are byte-for-byte copies of the independently
# scored corpus (../shared/corpus), written as that engine's converter
# writes them (BA- codes, flow lists), and kept identical to it.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# A scenario whose record itself is refused ("refuse 0": its data or its
# spring, issue 21) has no world to put its moves in canonical form with.
canon=()
for f in "$root"/tests/scenarios/*.yaml; do
	grep -q '^refuse 0' "${f%.yaml}.expect" 2>/dev/null || canon+=("$f")
done
expect_exit 0 -- fmt --check "$root"/samples/*.yaml "${canon[@]}" "$root"/tests/records/*.yaml

# ---- issue 18: the manual pages say what the program does (item 25) ----------

# joined FILE: a man page's source on one line, its line breaks spaces.
joined() { tr '\n' ' ' <"$1"; }
man5=$root/man/carcref-notation.5 man1=$root/man/carcref.1
expect "carcref-notation(5) no longer says only the base game is supported" \
    bash -c '! grep -q "Only the base game is supported" "$1"' sh "$man5"
# Every feature replay --json reports is one the JSON section names.
for f in "$root"/tests/corpus/*.yaml "$root"/tests/scenarios/*.yaml; do
	"$CARCREF" replay --json "$f" 2>/dev/null
done | grep -o '"feature": "[a-z]*"' | sort -u | sed 's/.*: "//; s/"//' >"$tmp/features"
sed -n '/^\.Sh JSON RESULT/,/^\.Sh TILE SETS/p' "$man5" >"$tmp/json-section"
expect "replay --json reports a flock (the list below is not empty)" grep -qx flock "$tmp/features"
while read -r f; do
	expect "carcref-notation(5)'s JSON RESULT names the feature $f" grep -qw "$f" "$tmp/json-section"
done <"$tmp/features"
# The refusals it lists are the program's own words.
printf 'format: carcref/1\nexpansions: [foo]\nplayers: [A, B]\n' >"$tmp/exp.yaml"
run replay "$tmp/exp.yaml"
msg=$(sed 's/^[^:]*:[0-9]*:[0-9]*: //' "$tmp/err")
expect "carcref-notation(5) lists: $msg" bash -c 'tr "\n" " " <"$1" | grep -qF "$2"' sh "$man5" "$msg"
printf 'format: carcref/1\nplayers: [A, B]\nmoves:\n  - U 0,1 0 wizard@N\n' >"$tmp/role.yaml"
run replay "$tmp/role.yaml"
msg=$(sed 's/^.*move 1: //; s/ "wizard"$//' "$tmp/err")
expect "carcref-notation(5) lists: $msg" bash -c 'tr "\n" " " <"$1" | grep -qF "$2"' sh "$man5" "$msg"
# carcref(1)'s fmt example gives what fmt gives.
sed -n '/^\$ cat messy.yaml$/,/^\$ carcref fmt --stdout messy.yaml$/p' "$man1" | sed '1d;$d' >"$tmp/man-messy.yaml"
sed -n '/^\$ carcref fmt --stdout messy.yaml$/,/^\.Ed$/p' "$man1" | sed '1d;$d' >"$tmp/man-canon.yaml"
expect "carcref(1)'s fmt example is there" test -s "$tmp/man-messy.yaml" -a -s "$tmp/man-canon.yaml"
expect_same "$tmp/man-canon.yaml" -- fmt --stdout "$tmp/man-messy.yaml"
# ---- issue 18: explanations that add up (events, explain, replay) --------------

# Item 7: the winners of one feature paid differently (a pig in a tied
# field) are one event; JSON gives each one's points.  Item 8: the text
# says the tie and what each gets, on one line.
pig=$tmp/pig-tie.yaml
cat >"$pig" <<'EOF'
format: carcref/1
edition: 3
expansions: [traders-builders]
players: [Alice, Bob]
moves:
  - "Alice: E 0,1 180 farmer@N"
  - "Bob: U 1,0 0 farmer@N"
  - "Alice: B 0,-1 0"
  - "Bob: A 2,0 90"
  - "Alice: B 1,1 0"
  - "Bob: E 1,2 0 pig@S"
  - "Alice: B 2,1 0"
  - "Bob: E 1,3 180"
  - end
EOF
expect_out '"events": [{"move": 9, "final": true, "player": "Alice", "feature": "field", "points": {"Alice": 6, "Bob": 8}, "why": "farm touching 2 completed cities: 3 x 2 = 6 to Alice; 3 x 2 + 1 x 2 (the pig) = 8 to Bob"}]' -- replay --json "$pig"
expect_out 'field: farm touching 2 completed cities: 3 x 2 = 6 to Alice; 3 x 2 + 1 x 2 (the pig) = 8 to Bob (tied, 1 farmer each)' -- replay "$pig"
expect_no 'fewer' -- replay "$pig"
# Item 9: "if the game ended now" is what the end pays, player by player.
sed '/^  - end$/d' "$pig" >"$tmp/pig-open.yaml"
expect_out '  if the game ended now: farm touching 2 completed cities: 3 x 2 = 6 to Alice; 3 x 2 + 1 x 2 (the pig) = 8 to Bob (tied, 1 farmer each)' \
    -- board --ascii --feature 1,0:N "$tmp/pig-open.yaml"
printf 'explain 1,0:N\nexplain Bob\n' >"$tmp/pig.in"
CARCREF_STATE=$tmp/state STDIN=$tmp/pig.in expect_out '  if the game ended now: farm touching 2 completed cities: 3 x 2 = 6 to Alice; 3 x 2 + 1 x 2 (the pig) = 8 to Bob (tied, 1 farmer each)' \
    -- play "$tmp/pig-open.yaml"
# Item 11: each kind of piece on the feature, by its name.
CARCREF_STATE=$tmp/state STDIN=$tmp/pig.in expect_out '  meeples: Alice 1 farmer, Bob 1 farmer + 1 pig' -- play "$tmp/pig-open.yaml"
CARCREF_STATE=$tmp/state STDIN=$tmp/pig.in expect_out '    pig at 1,2 S: 1 more a completed city' -- play "$tmp/pig-open.yaml"

# Item 11: a big knight and a builder are named each (not "2 knights"),
# with what they count in the majority.
big=$tmp/big.yaml
cat >"$big" <<'EOF'
format: carcref/1
edition: 3
expansions: [inns-cathedrals, traders-builders]
players: [Alice, Bob]
moves:
  - "Alice: G 0,1 90 big-knight@S"
  - "Bob: V 1,0 0"
  - "Alice: F 0,2 90 builder@S"
EOF
printf 'explain 0,1:S\nexplain Alice\n' >"$tmp/big.in"
CARCREF_STATE=$tmp/state STDIN=$tmp/big.in expect_out '  meeples: Alice 1 big knight + 1 builder (counting 2)' -- play "$big"
CARCREF_STATE=$tmp/state STDIN=$tmp/big.in expect_out '    big knight at 0,1 S: incomplete city of 3 tiles and 1 pennant: 1 x 3 + 1 x 1 at the end = 4 to Alice (2: 1 big knight counting 2)' \
    -- play "$big"
# A city its cathedral makes pay nothing at the end says so, as an inn's
# road does.
cat >"$tmp/cathedral.yaml" <<'EOF'
format: carcref/1
edition: 3
expansions: [inns-cathedrals]
players: [Bleu, Rouge]
moves:
  - "Bleu: IC-Ka 0,1 0 knight@N"
  - "Rouge: M 1,1 0"
  - "Bleu: E 1,2 180"
  - "Rouge: E 0,2 180"
  - "Bleu: N -1,1 90"
  - end
EOF
expect_out '  the final scoring paid nothing for it: incomplete city of 6 tiles and 1 pennant with a cathedral, unfinished: it pays nothing' \
    -- board --ascii --feature 0,1:N "$tmp/cathedral.yaml"
printf 'explain 0,1:N\n' >"$tmp/cathedral.in"
CARCREF_STATE=$tmp/state STDIN=$tmp/cathedral.in expect_out '  the final scoring paid nothing for it: incomplete city of 6 tiles and 1 pennant with a cathedral, unfinished: it pays nothing' \
    -- play "$tmp/cathedral.yaml"

# Item 10: a flock herded is where its shepherd stood (0,1), not where
# the engine keeps the field; goods come from the tile that completed the
# city (1,-1).
cat >"$tmp/herd.yaml" <<'EOF'
format: carcref/1
edition: 3
expansions: [hills-sheep]
players: [Bleu, Rouge]
moves:
  - "Bleu: E 0,1 180 shepherd@N sheep=4"
  - "Rouge: U 1,0 0"
  - "Bleu: B 1,1 0 herd"
EOF
expect_out 'flock: herded at 0,1 (1 token): 1 x 4 (sheep) = 4 to Bleu' -- replay "$tmp/herd.yaml"
cat >"$tmp/goods.yaml" <<'EOF'
format: carcref/1
edition: 3
expansions: [traders-builders]
players: [Anna, Ben]
moves:
  - TB-G 0,1 180 knight@S
  - TB-F 1,1 270
  - TB-S 1,0 90
  - E 1,-1 0
EOF
expect_out 'goods: Ben takes 1 wine, 2 grain from the completed city at 1,-1' -- replay "$tmp/goods.yaml"

# Item 12: a move after an explicit end is refused, and the text says the
# game finished, as JSON does ("finished": true); fmt and play refuse it
# alike.
sed 's/^  - end$/  - end\n  - "Alice: V 3,3 0"/' "$pig" >"$tmp/after-end.yaml"
expect_exit 1 -- replay "$tmp/after-end.yaml"
expect_err 'after-end.yaml:15:6: move 10: the game is over: the final scoring has run, no move may follow' -- replay "$tmp/after-end.yaml"
expect_out 'final scores (the game ended at move 9):' -- replay "$tmp/after-end.yaml"
expect_no 'not finished' -- replay "$tmp/after-end.yaml"
expect_out 'final scores (the game ended at move 9):' -- replay --quiet "$tmp/after-end.yaml"
expect_out '"valid": false, "error": {"move": 10, ' -- replay --json "$tmp/after-end.yaml"
expect_out '"finished": true, "scores": {"Alice": 6, "Bob": 8}' -- replay --json "$tmp/after-end.yaml"
expect_err 'move 10: the game is over: the final scoring has run, no move may follow' -- fmt --stdout "$tmp/after-end.yaml"
CARCREF_STATE=$tmp/state expect_err 'move 10: the game is over: the final scoring has run, no move may follow' -- play "$tmp/after-end.yaml"

# Item 27: several files in JSON, each object names its file; one file
# gives the object as it was.
expect_out "{\"file\": \"$pig\", \"valid\": true, " -- replay --json "$pig" "$tmp/herd.yaml"
expect_out "{\"file\": \"$tmp/herd.yaml\", \"valid\": true, " -- replay --json "$pig" "$tmp/herd.yaml"
expect_out "{\"file\": \"$tmp/nothere.yaml\", \"valid\": false, " -- replay --json "$pig" "$tmp/nothere.yaml"
expect_no '"file"' -- replay --json "$pig"
run replay --json "$pig" "$tmp/herd.yaml" "$tmp/goods.yaml"
expect "replay --json: one object a file, a line each" [ "$(grep -c '^{"file": ' "$tmp/out")" = 3 ]

# ---- issue 18 round 2: options and help ------------------------------------

# Item 3: every command reads all its words before it does anything;
# options anywhere (GNU style), "--" ends them, -h and --help show the
# command's usage and do nothing else.
r2=$tmp/r2 && mkdir -p "$r2"
cp "$tmp/messy.yaml" "$r2/messy.yaml"
expect_exit 1 -- fmt "$r2/messy.yaml" --check
expect "r2 3: fmt FILE --check names the file" test "$(cat "$tmp/out")" = "$r2/messy.yaml: not in canonical form"
expect "r2 3: fmt FILE --check writes nothing" cmp -s "$r2/messy.yaml" "$tmp/messy.yaml"
expect_same "$tmp/canon.yaml" -- fmt "$r2/messy.yaml" --stdout
expect "r2 3: fmt FILE --stdout writes nothing" cmp -s "$r2/messy.yaml" "$tmp/messy.yaml"
expect_exit 2 -- fmt "$r2/messy.yaml" -q
expect_err 'carcref fmt: unknown option "-q"' -- fmt "$r2/messy.yaml" -q
expect "r2 3: fmt FILE -q writes nothing" cmp -s "$r2/messy.yaml" "$tmp/messy.yaml"
expect_exit 2 -- fmt "$r2/messy.yaml" --stdout --check
expect "r2 3: fmt FILE --stdout --check writes nothing" cmp -s "$r2/messy.yaml" "$tmp/messy.yaml"
expect_exit 0 -- fmt -- "$r2/messy.yaml"
expect "r2 3: fmt -- FILE rewrites FILE" cmp -s "$r2/messy.yaml" "$tmp/canon.yaml"
cp "$tmp/messy.yaml" "$r2/-odd.yaml"
([ -n "${CARCREF_DATA:-}" ] && export CARCREF_DATA=$(cd "$CARCREF_DATA" && pwd)
    cd "$r2" && "$CARCREF" fmt --check -- -odd.yaml >"$tmp/out" 2>&1); code=$?
expect "r2 3: after --, a word starting with - is a file" test "$code:$(cat "$tmp/out")" = "1:-odd.yaml: not in canonical form"
# replay: -q after the files, as before them; an unknown option anywhere
# is refused before any file is replayed.
run replay -q "$game"; cp "$tmp/out" "$r2/quiet"
expect_same "$r2/quiet" -- replay "$game" -q
expect_exit 2 -- replay "$game" --frobnicate
expect "r2 3: replay FILE --frobnicate replays nothing" test ! -s "$tmp/out"
expect_exit 0 -- replay -- "$game"
# board, tiles, selfplay, play, resume, games, help, version.
expect_exit 0 -- board "$game" --help
expect_out 'usage: carcref board ' -- board "$game" --help
expect_exit 2 -- board "$game" -o "$r2/b.svg" --frobnicate
expect "r2 3: board ... --frobnicate writes nothing" test ! -e "$r2/b.svg"
expect_out 'A  (2 in the box)' -- tiles -- A
expect_exit 2 -- tiles A --pennant
expect "r2 3: tiles A --pennant shows nothing" test ! -s "$tmp/out"
expect_out 'usage: carcref tiles ' -- tiles --pennant --help
expect_exit 0 -- selfplay --
expect_exit 2 -- selfplay --seed
expect_err 'carcref selfplay: --seed needs a number' -- selfplay --seed
expect_exit 2 -- selfplay --out "$r2/sp" --games 2 --frobnicate
expect "r2 3: selfplay ... --frobnicate writes nothing" test ! -e "$r2/sp"
expect_err 'carcref selfplay: unexpected "extra"' -- selfplay --out "$r2/sp" extra
expect "r2 3: selfplay ... extra writes nothing" test ! -e "$r2/sp"
export CARCREF_STATE=$r2/state
printf 'score\n' >"$r2/score.in"
STDIN=$r2/score.in expect_out "carcref: continuing $game" -- play "$game" --yes
expect_err 'carcref play: --players needs names separated by commas' -- play --players
CARCREF_STATE=$r2/state-help expect_out 'usage: carcref play ' -- play --players A,B --help
expect "r2 3: play --help starts no game" test -z "$(ls -A "$r2/state-help/games" 2>/dev/null)"
printf 'E 0,1 180 knight@S\n' >"$r2/move.in"
STDIN=$r2/move.in run play --players Anna,Ben
name=$("$CARCREF" games | awk 'NR == 1 { print $1 }')
STDIN=$r2/score.in expect_out "carcref: resumed $name" -- resume "$name" --yes
expect_exit 2 -- resume "$name" --players A,B
expect_exit 0 -- games --
expect_out 'usage: carcref games' -- games --help
expect_exit 2 -- games extra
unset CARCREF_STATE
expect_out 'usage: carcref fmt ' -- help -- fmt
expect_exit 0 -- help fmt --
expect_exit 0 -- version --
expect_err 'carcref version: unknown option "-x"' -- version -x
for c in play resume games replay board tiles fmt selfplay faces help version; do
	CARCREF_STATE=$r2/state-help expect_match "^usage: carcref $c( |\$)" -- $c --help
	CARCREF_STATE=$r2/state-help expect_exit 0 -- $c -h
done

# Item 3: the completion offers every option each command reads: those
# its usage names, and each it offers is one the command takes.
if command -v bash >/dev/null && [ -f completions/carcref ]; then
	for c in play resume games replay board tiles fmt selfplay faces help version; do
		offered=$(comp carcref $c - | tr '\n' ' ')
		run $c --frobnicate	# the usage, on one line
		for o in $(grep '^usage: ' "$tmp/err" | grep -oE -- '(^|[[ |])--?[a-z][a-z-]*' | grep -oE -- '--?[a-z-]+'); do
			expect "r2 3: completion offers $c $o" bash -c 'case " $1 " in *" $2 "*) ;; *) exit 1 ;; esac' sh "$offered" "$o"
		done
		for o in $offered; do
			CARCREF_STATE=$r2/state-comp run $c "$o"
			expect "r2 3: carcref $c takes $o, which the completion offers" bash -c '! grep -q "unknown option" "$1"' sh "$tmp/err"
		done
	done
	expect "r2 3: fmt's --check completed" test "$(comp carcref fmt x.yaml --ch)" = "--check"
	expect "r2 3: no option after --" test -z "$(comp carcref fmt -- --ch)"
fi

# Item 9: replay -q with several files: every table says whose it is, a
# record refused (after its end, or mid-game) included.
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180 knight@S\n  - "Anna: V 1,0 90 thief@W"\n' >"$r2/dispute.yaml"
run replay -q "$game" "$tmp/after-end.yaml" "$r2/dispute.yaml"
expect "r2 9: the finished game's table is titled with its file" grep -qxF "$game" "$tmp/out"
expect "r2 9: the game refused after its end says whose it is" \
    grep -qxF "$tmp/after-end.yaml: final scores (the game ended at move 9):" "$tmp/out"
expect "r2 9: the game refused mid-game says whose it is" \
    grep -qxF "$r2/dispute.yaml: scores after move 1 (not finished):" "$tmp/out"
expect "r2 9: every table has a title naming its file" \
    test "$(grep -c '^[^ ]' "$tmp/out")" = 3 -a "$(grep -c "^$tmp/\|^$r2/" "$tmp/out")" = 3
expect_out 'dispute.yaml: scores after move 1 (not finished):' -- replay -q "$r2/dispute.yaml"
# carcref(1) says what -q titles are.
expect "r2 11: carcref(1) says an unfinished game's -q title" grep -qF '.Dq Ar file Li (not finished)' "$man1"

# Item 11: every JSON example of both man pages, as a reader sees it
# (mandoc's rendering), parses once its elisions (", ..." and "...") are
# removed: the displays from {" to the brace that closes it, and the
# inline ones (an object, or a member of one).
json_examples() {	# json_examples PAGE DIR: a file each
	local page=$1 dir=$2
	mkdir -p "$dir"
	mandoc -T utf8 -O width=1000 "$page" | sed 's/.\x08//g' >"$dir/text"
	grep -o '‘[^’]*’' "$dir/text" | sed 's/^‘//; s/’$//' |
	    grep -E '\{"|^"[^"]+": ' | sed -E 's/^([^{].*)$/{\1}/' |
	    awk -v d="$dir" '{ print > (d "/inline-" NR ".json") }'
	awk -v d="$dir" '
	function scan(s,   i, c) {
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (str) { if (esc) esc = 0; else if (c == "\\") esc = 1; else if (c == "\"") str = 0 }
			else if (c == "\"") str = 1
			else if (c == "{" || c == "[") depth++
			else if (c == "}" || c == "]") depth--
		}
	}
	!inblock && /^ *\{"/ { inblock = 1; n++; depth = 0; str = 0; esc = 0 }
	inblock && /^ *$/ { inblock = 0; next }
	inblock { print > (d "/block-" n ".json"); scan($0); if (depth <= 0) inblock = 0 }
	' "$dir/text"
}
json_parses() {	# json_parses FILE: with python3 or jq, whichever there is
	sed -E 's/, \.\.\.//g; s/\.\.\.//g' "$1" >"$1.plain"
	if command -v python3 >/dev/null; then python3 -m json.tool "$1.plain" >/dev/null 2>&1
	else jq . "$1.plain" >/dev/null 2>&1; fi
}
if command -v mandoc >/dev/null && { command -v python3 || command -v jq; } >/dev/null; then
	json_examples "$man5" "$r2/json5"
	json_examples "$man1" "$r2/json1"
	expect "r2 11: the JSON examples are found (8 or more)" test "$(ls "$r2"/json[15]/*.json | wc -l)" -ge 8
	for f in "$r2"/json[15]/*.json; do
		expect "r2 11: JSON example ${f#$r2/} parses: $(tr -s ' \n' ' ' <"$f" | cut -c1-100)" json_parses "$f"
	done
else
	echo "cli.sh: the man pages' JSON examples not checked (mandoc, and python3 or jq, needed)"
fi

# Item 15: every fuzz harness has its row in tests/fuzz/README.md, and
# seeds.py writes its corpus.
for h in "$root"/tests/fuzz/fuzz_*.c; do
	n=$(basename "$h" .c); n=${n#fuzz_}
	expect "r2 15: tests/fuzz/README.md has a row for fuzz_$n.c" grep -qF "| \`fuzz_$n.c\` |" "$root/tests/fuzz/README.md"
	expect "r2 15: tests/fuzz/seeds.py writes corpus/$n/" grep -qE "^  $n/ " "$root/tests/fuzz/seeds.py"
done
# ---- issue 18 round 2: explanations -----------------------------------------

# Finding 6 (item 9 in edition 1): farmers are paid per completed city at
# the end; the account of a field lists each city it borders with what it
# would pay its farmers if the game ended now, by the final scoring's own
# events: the very lines the end then prints.
e1=$tmp/r2-e1.yaml
head -40 samples/two-players-ed1.yaml >"$e1"
sed '$a\  - "Anna: end"' "$e1" >"$tmp/r2-e1-end.yaml"
expect_out '  edition 1: at the end each completed city pays 4 to the most farmers over all the farms around it' \
    -- board --ascii --feature 0,0:ENE "$e1"
expect_out '    if the game ended now: completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Anna (3 farmers) - Ben has 1, fewer' \
    -- board --ascii --feature 0,0:ENE "$e1"
run board --ascii --feature 0,0:ENE "$e1"
sed -n 's/^    if the game ended now: //p' "$tmp/out" >"$tmp/r2-now"
run replay "$tmp/r2-e1-end.yaml"
sed -n 's/^      field: //p' "$tmp/out" >"$tmp/r2-end"
expect "edition 1: a field's estimate, two cities" [ "$(wc -l <"$tmp/r2-now")" = 2 ]
expect "edition 1: a field's estimate is what the end pays" cmp -s "$tmp/r2-now" "$tmp/r2-end"
expect_out '  its farmers, if the game ended now: completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Anna (3 farmers) - Ben has 1, fewer' \
    -- board --ascii --feature 0,0:N "$e1"
expect_out '  its farmers: nothing while it is open (edition 1 pays farmers per completed city)' \
    -- board --ascii --feature 2,-1:E "$e1"
expect_out '    no completed city borders it: nothing for its farmers' -- board --ascii --feature 0,-3:SE "$e1"
# After the end: what each city paid, and at which move; never "nobody".
expect_out '    scored at move 31 (final scoring): completed city of 2 tiles at -2,0, for the farmers of the fields around it: 4 = 4 to Anna (2 farmers)' \
    -- board --ascii --feature 0,0:ENE "$tmp/r2-e1-end.yaml"
expect_no 'it paid nobody' -- board --ascii --feature 0,0:ENE "$tmp/r2-e1-end.yaml"
# A completed city with no farmer beside it pays nobody, and says so.
printf 'format: carcref/1\nedition: 1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180 knight@S\n' >"$tmp/r2-bare.yaml"
expect_out '  its farmers, if the game ended now: completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4, to nobody (no farmer beside it)' \
    -- board --ascii --feature 0,0:N "$tmp/r2-bare.yaml"
# Each player's own amount: a pig beside a tied city pays its owner 1 more.
sed 's/^edition: 3$/edition: 1/' "$pig" >"$tmp/r2-pig1.yaml"
sed '/^  - end$/d' "$tmp/r2-pig1.yaml" >"$tmp/r2-pig1-open.yaml"
expect_out '    if the game ended now: completed city of 2 tiles at 1,2, for the farmers of the fields around it: 4 = 4 to Alice; 4 + 1 x 1 (the pig) = 5 to Bob (tied, 1 farmer each)' \
    -- board --ascii --feature 1,0:N "$tmp/r2-pig1-open.yaml"
expect_out '      field: completed city of 2 tiles at 1,2, for the farmers of the fields around it: 4 = 4 to Alice; 4 + 1 x 1 (the pig) = 5 to Bob (tied, 1 farmer each)' \
    -- replay "$tmp/r2-pig1.yaml"

# Finding 7: a JSON why accounts for each winner's amount when they differ
# (item 7's pig, in edition 1 too); one amount keeps the arithmetic alone.
expect_out '"points": {"Alice": 4, "Bob": 5}, "why": "completed city of 2 tiles at 0,0, for the farmers of the fields around it: 4 = 4 to Alice; 4 + 1 x 1 (the pig) = 5 to Bob"}' \
    -- replay --json "$tmp/r2-pig1.yaml"
expect_out '"points": {"Anna": 4}, "why": "completed city of 2 tiles at -2,0, for the farmers of the fields around it: 4"}' \
    -- replay --json "$tmp/r2-e1-end.yaml"

# Finding 12: the River's U-turn names the rotations that fit there, as
# edges that do not match do.
expect_err 'move 4: RV-I at 0,-2: the river would turn back on itself (two right curves in a row); the rotation that fits at 0,-2: 270' \
    -- replay tests/scenarios/bb-river-u-turn-after-reset.yaml

# Finding 13: a coordinate beyond the limit names the limit.
expect_exit 2 -- board --ascii --feature 200000000,0:N "$e1"
expect_err 'carcref board: --feature: a coordinate goes from -100000000 to 100000000, got "200000000,0"' \
    -- board --ascii --feature 200000000,0:N "$e1"
expect_err 'carcref board: --feature: a coordinate goes from -100000000 to 100000000, got "0,-99999999999999999999"' \
    -- board --ascii --feature 0,-99999999999999999999:N "$e1"
# ---- issue 18 round 2: names and escaping ------------------------------------

# Item 22: names that look alike are one name: after full case folding
# (σ/ς/Σ, Ǆ/ǆ, ß/SS), compatibility forms (fullwidth letters, the fi
# ligature), without the default-ignorable characters (U+034F, the Hangul
# fillers); white space of any kind around a name is refused.
export CARCREF_STATE=$tmp/state-n2
for pair in 'Anna,Anna\315\217' 'Anna,Anna\343\205\244' 'Anna,Anna\341\205\237' 'ΣΑΣ,σας' 'Ǆ,ǆ' \
    'Strauß,STRAUSS' 'Ａｎｎａ,anna' 'ﬁona,Fiona' 'Anna Maria,Anna\302\240\302\240Maria'; do
	pl=$(printf "$pair")
	expect_exit 2 -- play --players "$pl"
	expect_err 'carcref play: --players: two players are named' -- play --players "$pl"
done
# (Round 3: --players leaves white space of any kind around a name out,
# as the list's; the name left is checked as a record's: see below.)
expect_out 'edition 3, 2 players: Anna, Ben' -- play --players "$(printf 'Anna,Ben\302\240')"
expect_err 'a player'"'"'s name must show something' -- play --players "$(printf 'Anna,\343\205\244')"
printf 'format: carcref/1\nplayers: ["Carl", "Carl\\u034f"]\n' >"$tmp/carl2.yaml"
expect_exit 1 -- replay "$tmp/carl2.yaml"
expect_err 'two players are named "Carl\u034f"' -- replay "$tmp/carl2.yaml"
# What shows nothing is escaped, in the text, the ASCII key and the SVG;
# names are as wide as they show (a combining accent no column, a CJK
# character two): the score table is aligned.
printf 'format: carcref/1\nplayers: ["Carl\\u034f", "Ze\\u0301", "\\u5f20\\u4f1f", "Ben"]\nmoves:\n  - K -1,0 180 farmer@SW\n  - E 0,1 180\n' \
    >"$tmp/wide.yaml"
cgj=$(printf 'Carl\315\217')
expect_out '   1  Carl\u034f  K -1,0 180 farmer@SW' -- replay "$tmp/wide.yaml"
expect_out "$(printf '   2  Ze\314\201          E 0,1 180')" -- replay "$tmp/wide.yaml"
expect_no "$cgj" -- replay "$tmp/wide.yaml"
expect_out '  1. Carl\u034f    0' -- replay "$tmp/wide.yaml"
expect_out "$(printf '  1. Ze\314\201            0')" -- replay "$tmp/wide.yaml"
expect_out "$(printf '  1. \345\274\240\344\274\237          0')" -- replay "$tmp/wide.yaml"
expect_out '  1. Ben           0' -- replay "$tmp/wide.yaml"
expect_out 'C Carl\u034f  Z ' -- board --ascii "$tmp/wide.yaml"
expect_no "$cgj" -- board --ascii "$tmp/wide.yaml"
expect_out '>Carl\u034f: 0 points</text>' -- board --svg "$tmp/wide.yaml"
expect_no "$cgj" -- board --svg "$tmp/wide.yaml"
printf 'moves\n' >"$tmp/moves.in"
STDIN=$tmp/moves.in expect_out "$(printf '   2  Ze\314\201          E 0,1 180')" -- play "$tmp/wide.yaml"
STDIN=$tmp/moves.in expect_no "$cgj" -- play "$tmp/wide.yaml"

# Finding 16: JSON writes invisible characters as \u escapes (bidi
# overrides too; a surrogate pair beyond U+FFFF), and stays valid JSON.
printf 'format: carcref/1\nplayers: ["Ben\\u202e", "Carl\\u034f", "D\\U000e0001", "E\\u200b"]\n' >"$tmp/inv.yaml"
expect_out '"scores": {"Ben\u202e": 0, "Carl\u034f": 0, "D\udb40\udc01": 0, "E\u200b": 0}' -- replay --json "$tmp/inv.yaml"
run replay --json "$tmp/inv.yaml"
expect "replay --json: no raw invisible character" bash -c "! grep -qF \
    -e '$(printf '\342\200\213')' -e '$(printf '\342\200\256')' -e '$(printf '\315\217')' \
    -e '$(printf '\363\240\200\201')' '$tmp/out'"
if command -v python3 >/dev/null; then
	expect "replay --json: the names read back as written" python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert list(d["scores"]) == ["Ben\u202e", "Carl\u034f", "D\U000e0001", "E\u200b"], d' "$tmp/out"
fi

# Finding 8: every file name is printed escaped, a newline too (\x0a): the
# replay header and -q title, file:line:col errors, the board's title, fmt
# --check, games, play FILE and resume.
nl=$tmp/$'n\ny\e[31m.yaml' enl='n\x0ay\x1b[31m.yaml'
mv=$tmp/$'m\n\e.yaml' py=$tmp/$'p\n\e.yaml' cy=$tmp/$'c\n\e.yaml' xy=$tmp/$'x\n\e.yaml'
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n' >"$nl"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n  - K -1,0 180\n' \
    >"$mv"
printf 'format: carcref/1\nplayers: [Anna\n' >"$py"
printf 'format: carcref/1\nplayers:    [Anna, Ben]\n' >"$cy"
# raw_free: the output has no raw ESC and no line cut inside a file name
# (a line ending in the part before the newline).
raw_free() { ! grep -q $'\e' "$tmp/out" "$tmp/err" && ! grep -qE '(/[nmpcx]|^[ga])$' "$tmp/out" "$tmp/err"; }
expect_out "$tmp/$enl: carcassonne, edition 3, 2 players" -- replay "$nl"
expect "replay: the file name raw nowhere" raw_free
expect_out "$tmp/$enl (not finished)" -- replay -q "$nl" "$nl"
expect "replay -q: the file name raw nowhere" raw_free
expect_err "$tmp/m\x0a\x1b.yaml:5:5: move 2: one tile per square" -- replay "$mv"
expect "replay, a refused move: the file name raw nowhere" raw_free
expect_err "$tmp/p\x0a\x1b.yaml:3:1: not valid YAML" -- replay "$py"
expect "replay, bad YAML: the file name raw nowhere" raw_free
expect_err "carcref: $tmp/x\x0a\x1b.yaml: No such file or directory" -- replay "$xy"
expect "replay, no such file: the file name raw nowhere" raw_free
expect_out "$tmp/$enl: after move 1 of 1, Anna: K -1,0 180 farmer@SW" -- board --ascii "$nl"
expect "board --ascii: the file name raw nowhere" raw_free
expect_out "<title>$tmp/$enl: after move 1 of 1" -- board --svg "$nl"
expect "board --svg: the file name raw nowhere" raw_free
expect_err "$tmp/m\x0a\x1b.yaml:5:5: move 2: one tile per square" -- board "$mv"
expect_err "$tmp/p\x0a\x1b.yaml:3:1: not valid YAML" -- board "$py"
expect "board, bad YAML: the file name raw nowhere" raw_free
expect_err "carcref board: one FILE at a time (\"$tmp/$enl\", then \"a\x0ab\")" -- board "$nl" $'a\nb'
expect "board, two files: the file names raw nowhere" raw_free
expect_out "$tmp/c\x0a\x1b.yaml: not in canonical form" -- fmt --check "$cy"
expect "fmt --check: the file name raw nowhere" raw_free
expect_err "$tmp/p\x0a\x1b.yaml:3:1: not valid YAML" -- fmt --check "$py"
expect "fmt, bad YAML: the file name raw nowhere" raw_free
expect_err "carcref fmt: $tmp/x\x0a\x1b.yaml: No such file or directory" -- fmt "$xy"
export CARCREF_STATE=$tmp/state-nl
mkdir -p "$CARCREF_STATE/games"
cp "$nl" "$CARCREF_STATE/games/"$'g\n\e.yaml'
expect_match '^g\\x0a\\x1b  Anna, Ben  1 move ' -- games
expect "games: the file name raw nowhere" raw_free
expect_out "carcref: continuing $tmp/$enl" -- play "$nl"
expect "play FILE: the file name raw nowhere" raw_free
expect_out "carcref: resumed g\x0a\x1b ($CARCREF_STATE/games/g\x0a\x1b.yaml)" -- resume $'g\n\e'
expect "resume: the file name raw nowhere" raw_free
unset CARCREF_STATE

# ---- the games of the family: play --game, selfplay --game (issue 19) ---------

export CARCREF_STATE=$tmp/state-game
expect_exit 2 -- play --game chess
expect_err 'carcref play: unknown game "chess" (games: carcassonne, hunters-gatherers, dice)' -- play --game chess
expect "play --game chess: no game started" test -z "$(ls -A "$CARCREF_STATE/games" 2>/dev/null)"
printf 'A 0,-1 0\nquit\n' >"$tmp/game.in"
# The game's options before or after --game, as any option.
STDIN=$tmp/game.in expect_out 'edition 2, 2 players: Anna, Ben' -- play --edition 2 --game carcassonne
STDIN=$tmp/game.in expect_out 'move 1, Anna: A 0,-1 0' -- play --game carcassonne --players Anna,Ben
run selfplay --seed 7
cp "$tmp/out" "$tmp/game-default.yaml"
run selfplay --seed 7 --game carcassonne
cmp -s "$tmp/out" "$tmp/game-default.yaml" && ok || not_ok "selfplay --game carcassonne: not the default game's" selfplay
expect_exit 2 -- selfplay --game chess
expect_err 'carcref selfplay: unknown game "chess" (games: carcassonne, hunters-gatherers, dice)' -- selfplay --game chess
expect_out "carcref: continuing $tmp/game-default.yaml" -- play --game carcassonne "$tmp/game-default.yaml"
expect_exit 2 -- resume --game carcassonne
if command -v bash >/dev/null && [ -f completions/carcref ]; then
	expect "completion: a game" test "$(comp carcref play --game '' | tr '\n' ' ')" = "carcassonne dice hunters-gatherers "
fi
unset CARCREF_STATE

# ---- issue 18 round 3: turn --------------------------------------------------

# Round 3, finding 13: one English phrase has one French rendering, the
# rule books' words, in board --feature as at the table: "if the game
# ended now" is "si la partie se terminait maintenant" ("la partie se
# termine"), "to nobody" is "à personne", a farm is a "pré", and edition 1
# pays "4 points au joueur qui a le plus de paysans".
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n' >"$tmp/r3k.yaml"
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out \
    '  si la partie se terminait maintenant : ville inachevée de 1 tuile : 1 x 1 en fin de partie = 1, à personne (aucun chevalier dessus)' \
    -- board --ascii "$tmp/r3k.yaml" --feature 0,0:N
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out \
    'pré en -1,0 SW : un pré bordant 0 ville achevée, 2 tuiles' \
    -- board --ascii "$tmp/r3k.yaml" --feature -1,0:SW
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out '  si la partie se terminait maintenant : pré touchant 0 ville achevée' \
    -- board --ascii "$tmp/r3k.yaml" --feature -1,0:SW
head -40 samples/two-players-ed1.yaml >"$tmp/r3e1.yaml"
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out \
    "  édition 1 : à la fin, chaque ville achevée rapporte 4 points au joueur qui a le plus de paysans dans l'ensemble des prés qui la bordent" \
    -- board --ascii "$tmp/r3e1.yaml" --feature 0,2:S
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out '    si la partie se terminait maintenant : ville achevée de 2 tuiles en 0,0' \
    -- board --ascii "$tmp/r3e1.yaml" --feature 0,2:S
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out \
    '  ses paysans, si la partie se terminait maintenant : ville achevée de 2 tuiles en 0,0' \
    -- board --ascii "$tmp/r3e1.yaml" --feature 0,0:N
LC_ALL=C.UTF-8 LANGUAGE=fr expect_out \
    '  points marqués au coup 1 : ville achevée de 2 tuiles' \
    -- board --ascii "$tmp/r3e1.yaml" --feature 0,0:N
LC_ALL=C.UTF-8 LANGUAGE=fr run board --ascii "$tmp/r3e1.yaml" --feature 0,2:S
expect "French: never finissait nor arrêtait for the game's end" bash -c \
    "! grep -q 'finissait maintenant\|arrêtait maintenant' '$tmp/out'"
# ---- issue 18 round 3: session -----------------------------------------------

# Finding 11: every usage error of play and resume says what is wrong, as
# the other commands do, before the usage; nothing is started.
export CARCREF_STATE=$tmp/state-r3s
expect_err 'carcref resume: one NAME at a time ("a", then "b")' -- resume a b
expect_exit 2 -- resume a b
expect_err 'carcref resume: --players is for a new game, not for resume (the game kept has its own)' \
    -- resume --players A,B
expect_err 'usage: carcref resume [--yes] [NAME]' -- resume --players A,B
expect_err 'carcref play: --edition is for a new game, not for --resume (the game kept has its own)' \
    -- play --edition 2 --resume
expect_exit 2 -- play --edition 2 --resume
expect_err 'carcref play: --expansions is for a new game, not for --resume' -- play --resume x --expansions river
expect_err 'carcref play: one FILE at a time ("a.yaml", then "b.yaml")' -- play a.yaml b.yaml
expect_err 'carcref play: one NAME at a time ("a", then "b")' -- play --resume a b
expect "r3 11: nothing started" test -z "$(ls -A "$CARCREF_STATE/games" 2>/dev/null)"
if [ -n "${FR_CARCREF-}" ]; then
	CARCREF=$FR_CARCREF expect_err 'carcref resume : un seul NAME à la fois (« a », puis « b »)' -- resume a b
	CARCREF=$FR_CARCREF expect_err "carcref resume : --players est pour une nouvelle partie, pas pour resume (la partie gardée a les siens)" \
	    -- resume --players A,B
fi

# Finding 12: with no game kept, the completion of resume offered "no"
# ("aucune" in French), the first word of games' note: games lists the
# games on its standard output and nothing else, the note on its standard
# error; the completion offers the names alone, in any language.
expect "r3 12: games with none: nothing on the standard output" \
    bash -c '"$1" games 2>/dev/null | wc -c | grep -qx 0' sh "$CARCREF"
expect_err 'no game is kept yet' -- games
if command -v bash >/dev/null && [ -f completions/carcref ]; then
	expect "r3 12: resume with no game kept: nothing offered" test -z "$(comp carcref resume '')"
	expect "r3 12: play --resume with no game kept: nothing offered" \
	    test -z "$(comp carcref play --resume '')"
	if [ -n "${FR_CARCREF-}" ]; then
		expect "r3 12: in French: nothing offered" \
		    test -z "$(CARCREF=$FR_CARCREF comp carcref resume '')"
	fi
	printf 'E 0,1 180 knight@S\n' >"$tmp/r3-12.in"
	STDIN=$tmp/r3-12.in run play --players Zoë,Ünal
	expect "r3 12: a game kept: its name offered" \
	    bash -c '[[ $1 =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}-zoe-unal$ ]]' sh "$(comp carcref resume '')"
	if [ -n "${FR_CARCREF-}" ]; then
		expect "r3 12: in French: its name offered" \
		    bash -c '[[ $1 =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}-zoe-unal$ ]]' sh \
		    "$(CARCREF=$FR_CARCREF comp carcref resume '')"
	fi
fi
unset CARCREF_STATE

# ---- issue 18 round 3: words -------------------------------------------------

acute=$(printf '\314\201') grave=$(printf '\314\200') nbsp=$(printf '\302\240')
idsp=$(printf '\343\200\200') rlo=$(printf '\342\200\256') q="'"
export CARCREF_STATE=$tmp/state-r3
lacks_err() { ! grep -qF -- "$1" "$tmp/err"; }

# Finding 5: a name that shows nothing by itself (combining accents alone,
# a control, invisible characters) is refused as such, in --players and in
# a record; one that starts with a combining accent too (it would land on
# what is printed before it).
expect_exit 2 -- play --players "$acute,$grave"
expect_err "carcref play: --players: name 1, \"$acute\": a player${q}s name must show something" \
    -- play --players "$acute,$grave"
expect_err "carcref play: --players: name 2, \"\\x01\": a player${q}s name must show something" \
    -- play --players "$(printf 'Anna,\001')"
expect_err "carcref play: --players: name 1, \"${acute}Anna\": a player${q}s name may not begin with a combining mark" \
    -- play --players "${acute}Anna,Ben"
expect_out "2 players: A${acute}nna, 42" -- play --players "A${acute}nna,42"
printf 'format: carcref/1\nplayers: ["\\u0301", "\\u0300"]\n' >"$tmp/marks.yaml"
expect_exit 1 -- replay "$tmp/marks.yaml"
expect_err "marks.yaml:2:11: a player${q}s name must show something: a letter, a digit, a symbol or a punctuation mark" \
    -- replay "$tmp/marks.yaml"

# Finding 6: a refusal quotes what was typed as it was, escaped as
# everywhere else (é stays é, \u202e, \x1b), in the REPL, replay, its JSON
# (RFC 8259 escapes there) and French; a long text is cut after 48 bytes,
# never inside a character.
printf 'V\303\251 1,0 90\n\342\200\256E 0,1 180\nE\033 0,1 180\n' >"$tmp/typed.in"
STDIN=$tmp/typed.in expect_out 'refused: unknown tile "Vé"' -- play
STDIN=$tmp/typed.in expect_out 'refused: unknown tile "\u202eE"' -- play
STDIN=$tmp/typed.in expect_out 'refused: unknown tile "E\x1b"' -- play
STDIN=$tmp/typed.in expect_no '?' -- play
for m in 'V\u00e9' '\u202eE' 'E\e'; do
	printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - "%s 0,1 180"\n' "$m" >"$tmp/q.yaml"
	case $m in
	V*) want='"Vé"' json='\"Vé\"' ;;
	\\u*) want='"\u202eE"' json='\"\u202eE\"' ;;
	*) want='"E\x1b"' json='\"E\u001b\"' ;;
	esac
	expect_err "q.yaml:4:6: move 1: unknown tile $want" -- replay "$tmp/q.yaml"
	expect_out "\"message\": \"column 6: unknown tile $json\"" -- replay --json "$tmp/q.yaml"
done
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - "%s 0,1 180"\n' \
    "$(printf 'é%.0s' $(seq 30))" >"$tmp/long.yaml"
expect_err "unknown tile \"$(printf 'é%.0s' $(seq 24))...\"" -- replay "$tmp/long.yaml"
run replay "$tmp/long.yaml"
expect "a long quote is not cut inside a character" lacks_err '\xc3'
if fr_locale "$tmp/locale"; then
	printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - "Vé 0,1 180"\n' >"$tmp/q.yaml"
	CARCREF=$FR_CARCREF expect_err 'coup 1 : tuile « Vé » inconnue' -- replay "$tmp/q.yaml"
	CARCREF=$FR_CARCREF expect_err "carcref play : --players : nom 1, « $acute » : le nom d${q}un joueur doit montrer quelque chose" \
	    -- play --players "$acute,Ben"
fi

# Finding 9: a file that is no text is refused at once, at its first NUL
# byte, by line and column: /dev/zero is not read for a gigabyte.
t0=$(date +%s%N)
expect_exit 2 -- replay -q /dev/zero
expect "replay -q /dev/zero: at once" test $(( ($(date +%s%N) - t0) / 1000000 )) -lt 2000
expect_err 'carcref: /dev/zero:1:1: a NUL byte: not a text file (a record or a tile file is YAML text)' \
    -- replay -q /dev/zero
expect_err 'carcref fmt: /dev/zero:1:1: a NUL byte' -- fmt /dev/zero
expect_err 'carcref fmt: /dev/zero:1:1: a NUL byte' -- fmt --check /dev/zero
expect_err '/dev/zero:1:1: a NUL byte' -- board /dev/zero
expect_err '/dev/zero:1:1: a NUL byte' -- play /dev/zero
STDIN=/dev/zero expect_err 'carcref: standard input:1:1: a NUL byte' -- replay -q -
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 180\000junk\n' >"$tmp/nul.yaml"
expect_err "carcref: $tmp/nul.yaml:4:14: a NUL byte: not a text file" -- replay "$tmp/nul.yaml"

# Finding 10: --players leaves white space of any kind around a name out,
# as the list's (a record's names have none either); a name refused is
# named, and bytes that are not UTF-8 are said to be so, not "YAML".
expect_out '2 players: Anna, Ben' -- play --players 'Anna, Ben'
expect_out '2 players: Anna, Ben' -- play --players "${idsp}Anna$nbsp,	Ben	"
expect_err 'carcref play: --players: two players are named' -- play --players "Anna,anna$idsp"
expect_err "carcref play: --players: name 2, \"Be:n\": a player${q}s name must be a non-empty text" \
    -- play --players 'Anna,Be:n'
expect_err "carcref play: --players: name 2, \"\": a player${q}s name must be a non-empty text" \
    -- play --players 'Anna,,Ben'
expect_err 'carcref play: --players: name 2, "B\xffen": not valid UTF-8' -- play --players "$(printf 'Anna,B\377en')"
run play --players "$(printf 'Anna,B\377en')"
expect "--players: invalid UTF-8 is not called YAML" lacks_err 'YAML'
expect_out '  - Carl' -- selfplay --players '3 '
expect_out '  - Carl' -- selfplay --players "${nbsp}3"

# Finding 13: a count in words is singular or plural, never "(s)"; the
# SVG key's columns never meet, whatever the names' widths.
printf 'format: carcref/1\nexpansions: [river]\nplayers: [Anna, Ben]\nmoves:\n' >"$tmp/r9.yaml"
for m in 'RV-I 1,0 0' 'RV-D 1,-1 90' 'RV-G 1,-2 180' 'RV-C 2,-2 180' 'RV-B 3,-2 0' \
    'RV-D 4,-2 0' 'RV-E 5,-2 90' 'RV-G 5,-3 180' 'RV-H 6,-3 0'; do
	echo "  - $m" >>"$tmp/r9.yaml"
done
{ cat "$tmp/r9.yaml"; echo '  - RV-L 8,-3 0'; } >"$tmp/r10l.yaml"
{ cat "$tmp/r9.yaml"; echo '  - D 2,-3 0'; } >"$tmp/r10d.yaml"
expect_err 'RV-L may not be drawn while 1 other river tile is left' -- replay "$tmp/r10l.yaml"
expect_err 'the river comes first: D may not be drawn while 2 river tiles are left' -- replay "$tmp/r10d.yaml"
expect "no message says tile(s)" bash -c "! grep -nE '[a-z]\\(s\\) [a-z]' rules/*.c notation/*.c cmd/*.c"
w20=WWWWWWWWWWWWWWWWWWWW
printf 'format: carcref/1\nplayers: [%s, Ben]\nmoves:\n  - K -1,0 180 farmer@SW\n' "$w20" >"$tmp/w20.yaml"
expect_exit 0 -- board --svg "$tmp/w20.yaml" -o "$tmp/w20.svg"
svg_ok "$tmp/w20.svg" "a wide name"
# "WWWWWWWWWWWWWWWWWWWW: 0 points" from x 64 ends at 431 in DejaVu Sans at
# 15 px (20 W of 14.83 px, then 70.2); the key's glyph is drawn from 28 px
# before its word.
kx=$(sed -n 's/.*<text x="\([0-9]*\)" y="[0-9]*">city<\/text>.*/\1/p' "$tmp/w20.svg")
expect "the SVG key: the second column clears a name of 20 W ($kx)" test "${kx:-0}" -ge 460
unset CARCREF_STATE

# ---- the dice game (issue 19 part 2) ------------------------------------------

export CARCREF_STATE=$tmp/state-dice
D=tests/scenarios/dice
has_out() { grep -qF -- "$1" "$tmp/out"; }	# the last run's output holds TEXT
has_json() { has_out "$@"; }
# refusals GAME RECORD...: each scenario record of the game GAME that its
# .expect says is refused ("refuse MOVE kind=KIND WORDS"), through the
# binary: in JSON its kind and move (exit 1; 2 for a file that cannot be
# read), in text its words.
refusals() {
	local game=$1 f n line mv kind words want
	shift
	for f in "$@"; do
		n=${f%.yaml}
		line=$(grep '^refuse ' "$n.expect") || continue
		grep -q "^game: $game" "$f" || continue
		read -r _ mv kind words <<<"$line"
		kind=${kind#kind=}
		want=1
		[ "$kind" = unreadable ] && want=2
		expect_exit $want -- replay --json "$f"
		expect_out "\"error\": {\"move\": $mv, " -- replay --json "$f"
		expect_out "\"kind\": \"$kind\"" -- replay --json "$f"
		expect_err "$words" -- replay "$f"
	done
}
# Every refusal of spec/dice.md 4.10, with its message and kind.
refusals dice "$D"/*.yaml
# The kinds: every one of 4.10's table said by some record.
kinds=$(cat "$D"/*.expect | sed -n 's/^refuse [0-9]* kind=\([a-z-]*\).*/\1/p' | sort -u | tr '\n' ' ')
expect "dice: every kind of 4.10 has its record ($kinds)" test "$kinds" = \
    "ambiguous-face catapult-kept catapult-rerolled catapults-result city-not-formable data-check dice-count face-not-in-data fourth-roll game-over header knight-needs-three layout-edges layout-missing-place layout-result layout-square-taken nothing-to-roll placeholder-last-roll reroll-set-aside result-missing syntax unknown-face unreadable wrong-player "
expect_err "$D/d2-dice-count.yaml:7:5: move 2: Ben rolls 8 dice this turn, not 9: Anna holds a knight" \
    -- replay "$D/d2-dice-count.yaml"
expect_err "$D/h-faceset-unreadable.yaml:5:10: faceset: cannot read \"no-such.faces\": No such file or directory" \
    -- replay "$D/h-faceset-unreadable.yaml"

# The JSON of 4.9: the example's game, field for field.
cat >"$tmp/d49.yaml" <<'EOF'
format: carcref/1
game: dice
players: [Anna, Ben]
moves:
  - +CFFF +CFCF +CFCF +CFCF +CFCF K K CCFF CCFF / +CFCF +CFCF X K / CFFF = 8
  - K K K X X X CFFF CFFF CCFF = knight
  - CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 8
EOF
# Issue 22 adds each player's points by category to every game's JSON.
cat >"$tmp/d49.want" <<'EOF'
{"valid": true, "finished": true,
 "scores": {"Anna": 42, "Ben": 0},
 "by_category": {"Anna": {"city": 42, "knight": 0}, "Ben": {"city": 0, "knight": 0}},
 "winner": "Anna", "ended_by": "points", "holding_knight": ["Ben"],
 "events": [
   {"move": 1, "player": "Anna", "feature": "city", "rolls": [9, 4, 1], "dice": 8,
    "doubled": false, "points": {"Anna": 21}, "why": "closed city of 8 dice: 21"},
   {"move": 2, "player": "Ben", "feature": "knight", "rolls": [9], "knights": 3,
    "doubled": false, "points": {"Ben": 0},
    "why": "3 knights collected: Ben keeps one, scores nothing now and double next turn"},
   {"move": 3, "player": "Anna", "feature": "city", "rolls": [8], "dice": 8,
    "doubled": false, "points": {"Anna": 21}, "why": "closed city of 8 dice: 21"},
   {"move": 3, "player": "Anna", "feature": "win", "points": {},
    "why": "Anna has 42 points, 42 or more: Anna wins"}]}
EOF
run replay --json "$tmp/d49.yaml"
expect "dice: replay --json is the example of 4.9" python3 -c '
import json, sys
sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$tmp/out" "$tmp/d49.want"
expect_exit 0 -- replay "$tmp/d49.yaml"
expect_out "$tmp/d49.yaml: dice, the shipped faces, 2 players" -- replay "$tmp/d49.yaml"
expect_out '      city: closed city of 8 dice: 21' -- replay "$tmp/d49.yaml"
expect_out '      win: Anna has 42 points, 42 or more: Anna wins' -- replay "$tmp/d49.yaml"
expect_out '  2. Ben     0   knight kept' -- replay "$tmp/d49.yaml"
# A doubled turn, nine catapults over three rolls, end: the JSON's fields.
run replay --json "$D/d13-over-three-rolls.yaml"
expect "dice: nine catapults: winner, ended_by" has_json '"winner": "Ben", "ended_by": "catapults", "holding_knight": []'
expect "dice: nine catapults: the event" has_json '{"move": 2, "player": "Ben", "feature": "catapults", "rolls": [9, 5, 2], "doubled": false, "points": {"Ben": 0}, "why": "nine catapults in one turn (4 + 3 + 2)"}'
run replay --json "$D/d2-dice-in-hand.yaml"
expect "dice: a doubled city" has_json '"feature": "city", "rolls": [8], "dice": 4, "doubled": true, "points": {"Anna": 6}, "why": "closed city of 4 dice: 3, doubled by the knight kept last turn: 6"'
expect "dice: not finished: no winner" has_json '"winner": null, "ended_by": null, "holding_knight": []'
run replay --json "$D/d14-end.yaml"
expect "dice: end: no winner, ended by end" has_json '"finished": true'
expect "dice: end: ended_by end" has_json '"winner": null, "ended_by": "end"'
# A header refused: its kind, the record's place.
run replay --json "$D/h-edition.yaml"
expect "dice: the header refused in JSON" has_json '{"valid": false, "error": {"move": 0, "line": 4, "kind": "header", "message": "column 10: the dice game has edition 1 only, got \"2\""}'
# The corpus game: the scores of its expect.json.
run replay --json tests/corpus/dice/city-sizes.yaml
expect "dice: the corpus game's scores" python3 -c '
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(any(a[k] != b[k] for k in ("valid", "finished", "scores")))' "$tmp/out" tests/corpus/dice/city-sizes.expect.json

# fmt: the canonical form of 4.6, comments kept, faces: and faceset: kept
# as they are, idempotent; a word the data does not know is left as it is.
run fmt --stdout "$D/n-words-and-counts.yaml"
expect "dice fmt: French words written back English" has_out '  - K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X 2. / CFCF K = 5'
expect "dice fmt: counts expanded" has_out '  - K K X X +CFFF +CFCF CCFF CCCF CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5'
expect "dice fmt: = chevalier is = knight" has_out '  - K K K X X X CFFF CFFF CCFF = knight'
expect "dice fmt: a rotation is the face's code" has_out '  - CFFF CFCF CFFF X X X X X = 3'
expect "dice fmt: the header of 4.1" has_out "$(printf 'format: carcref/1\ngame: dice\nedition: 1\nexpansions: []\nplayers:')"
expect "dice fmt: comments kept" has_out "# French words and the data's names: 6"
for f in "$D"/f-record-faces.yaml "$D"/f-faceset.yaml "$D"/n-missing-result.yaml \
    tests/corpus/dice/city-sizes.yaml "$D"/d13-over-three-rolls.yaml "$D"/l-layout.yaml; do
	cp "$f" "$tmp/fmt1.yaml"
	[ -f "$D/full-city.faces" ] && cp "$D/full-city.faces" "$tmp/"
	run fmt "$tmp/fmt1.yaml"
	expect "dice fmt $f: written" test "$code" = 0
	run fmt --check "$tmp/fmt1.yaml"
	expect "dice fmt $f: canonical once written" test "$code" = 0
	run replay -q "$tmp/fmt1.yaml"
	sed 1d "$tmp/out" >"$tmp/fmt1.scores"
	run replay -q "$f"
	expect "dice fmt $f: the same scores" bash -c 'sed 1d "$1" | cmp -s - "$2"' sh "$tmp/out" "$tmp/fmt1.scores"
done
run fmt --stdout "$D/f-faceset.yaml"
expect "dice fmt: faceset: kept" has_out 'faceset: full-city.faces'
run fmt --stdout "$D/f-record-faces.yaml"
expect "dice fmt: faces: kept" has_out '  - {code: CCCC, also: [full, pleine], edges: C C C C, cities: [[N, E, S, W]]}'
run fmt --stdout "$D/n-missing-result.yaml"
expect "dice fmt: a missing result written = 0" has_out '  - K K X X X X X X CCFF = 0'
expect "dice fmt: a layout's missing result, its size" has_out '  - +CFFF@0,0 +FFCF@0,1 X X X X X X X = 2'
cp "$D/n-unknown-face.yaml" "$tmp/unk.yaml"
expect_exit 1 -- fmt "$tmp/unk.yaml"
expect_err 'move 1: unknown face "Q"' -- fmt "$tmp/unk.yaml"
expect "dice fmt: a word not known leaves the file as it is" cmp -s "$tmp/unk.yaml" "$D/n-unknown-face.yaml"
expect_exit 2 -- fmt "$D/h-faceset-unreadable.yaml"
expect_exit 1 -- fmt "$D/h-faceset-check.yaml"

# selfplay --game dice: random legal games, layouts and size-only turns,
# each replayed; the same seed, the same games.
expect_exit 0 -- selfplay --game dice --seed 11 --games 60 --players 3 --out "$tmp/dsp"
run replay -q "$tmp"/dsp/*.yaml
expect "dice selfplay: every game replays" test "$code" = 0
expect "dice selfplay: every game finished" bash -c '! grep -q "not finished" "$1"' sh "$tmp/out"
expect "dice selfplay: layouts" bash -c 'grep -q "@-\?[0-9]*,-\?[0-9]" "$@"' sh "$tmp"/dsp/*.yaml
expect "dice selfplay: size-only turns" bash -c 'grep -qE "^  - [^@]* = [3-9]$" "$@"' sh "$tmp"/dsp/*.yaml
expect "dice selfplay: dice not noted" bash -c 'grep -q " [1-9]\. " "$@"' sh "$tmp"/dsp/*.yaml
expect "dice selfplay: knights kept" bash -c 'grep -q "= knight" "$@"' sh "$tmp"/dsp/*.yaml
run selfplay --game dice --seed 11 --games 1 --players 3
expect "dice selfplay: the same seed, the same game" cmp -s "$tmp/out" "$tmp/dsp/game-11-000001.yaml"
for p in 2 4 5; do
	run selfplay --game dice --seed $p --players $p
	cp "$tmp/out" "$tmp/dsp$p.yaml"
	expect_exit 0 -- replay "$tmp/dsp$p.yaml"
done
expect_exit 2 -- selfplay --game dice --players 6
expect_err 'carcref selfplay: --players: a game is for 2 to 5 players, not "6"' -- selfplay --game dice --players 6
cp "$D/full-city.faces" "$tmp/full.faces"
run selfplay --game dice --seed 3 --faceset "$tmp/full.faces"
cp "$tmp/out" "$tmp/dspf.yaml"
expect "dice selfplay --faceset: the faces written in the record" has_out '  - {code: CCCC, also: [full, pleine]'
expect_exit 0 -- replay "$tmp/dspf.yaml"
expect_exit 2 -- selfplay --game dice --faceset "$tmp/none.faces"

# board, faces, help.
expect_exit 2 -- board "$D/d3-rolls.yaml"
expect_err "carcref board: $D/d3-rolls.yaml is a dice game, and the dice game has no board: carcref replay $D/d3-rolls.yaml lists its turns" \
    -- board "$D/d3-rolls.yaml"
expect_exit 0 -- faces
expect_out 'faces: the shipped guess (dice-faces.yaml)' -- faces
expect_out '  source: GUESS: the rules and reviews say 4 different city faces' -- faces
expect_out '  doubt: The shapes are not known for sure.' -- faces
expect_out '  .###.      .####      .###.      .####' -- faces
expect_out 'faces: '"$D/full-city.faces" -- faces "$D/full-city.faces"
expect_exit 0 -- faces --check rules/tiles/dice-faces.yaml
expect_out 'rules/tiles/dice-faces.yaml: the four faces load' -- faces --check rules/tiles/dice-faces.yaml
expect_exit 1 -- faces --check "$D/bad.faces"
expect_err "$D/bad.faces:8:25: face 4: edges must be" -- faces --check "$D/bad.faces"
expect_exit 2 -- faces --check "$tmp/none.faces"
expect_exit 2 -- faces --check
expect_out 'commands of the dice game:' -- help
expect_out 'usage: carcref faces [--check] [FILE]' -- help faces

# play --game dice: its options.
expect_exit 2 -- play --game dice --edition 1
expect_err 'carcref play: --edition: the dice game has one edition and no expansions; leave --edition out' \
    -- play --game dice --edition 1
expect_err 'carcref play: --expansions: the dice game has one edition and no expansions; leave --expansions out' \
    -- play --game dice --expansions river
expect_exit 2 -- play --game dice --players A,B,C,D,E,F
expect_err 'carcref play: --players: a game is for 2 to 5 players, not 6' -- play --game dice --players A,B,C,D,E,F
expect_exit 2 -- play --game dice --players Anna
printf 'faces\nquit\n' >"$tmp/dq.in"
STDIN=$tmp/dq.in expect_out "faces of $tmp/full.faces, 2 players: Anna, Ben" \
    -- play --game dice --faceset "$tmp/full.faces"
dcar=$(cd "$(dirname "$CARCREF")" && pwd)/$(basename "$CARCREF")
ddata=$(cd "${CARCREF_DATA:-rules/tiles}" && pwd)
(cd "$tmp" && printf 'faces\nquit\n' | CARCREF_DATA=$ddata "$dcar" play --game dice \
    --faceset full.faces >"$tmp/out" 2>&1)
expect "play --faceset: a file relative to the current directory" has_out 'faces of full.faces, 2 players: Anna, Ben'
expect "play --faceset: the file's faces in force" has_out '  CFFF       CCFF       CFCF       CCCC'
expect "play --faceset: no notice of the shipped guess" bash -c '! grep -q "shipped guess" "$1"' sh "$tmp/out"
expect_exit 2 -- play --game dice --faceset "$tmp/none.faces"
expect_err "carcref play: faceset: cannot read \"$tmp/none.faces\"" -- play --game dice --faceset "$tmp/none.faces"
# play FILE --faceset: for a record that names no faces; refused when it does.
STDIN=$tmp/dq.in expect_out 'carcref: continuing tests/scenarios/dice/d1-turn-order.yaml' \
    -- play "$D/d1-turn-order.yaml" --faceset "$tmp/full.faces"
STDIN=$tmp/dq.in expect_out 'CCCC' -- play "$D/d1-turn-order.yaml" --faceset "$tmp/full.faces"
expect_exit 1 -- play "$D/d3-rolls.yaml" --faceset "$tmp/full.faces"
expect_err 'move 1: no face CCCF in' -- play "$D/d3-rolls.yaml" --faceset "$tmp/full.faces"
expect_exit 2 -- play "$D/f-record-faces.yaml" --faceset "$tmp/full.faces"
expect_err "carcref play: --faceset: $D/f-record-faces.yaml has faces of its own (faces: or faceset:); leave --faceset out" \
    -- play "$D/f-record-faces.yaml" --faceset "$tmp/full.faces"
expect_exit 2 -- play "$D/d3-rolls.yaml" --edition 2
expect_exit 2 -- play --game carcassonne "$D/d3-rolls.yaml"
expect_err "carcref play: --game carcassonne, but $D/d3-rolls.yaml is a game of dice" \
    -- play --game carcassonne "$D/d3-rolls.yaml"
STDIN=$tmp/dq.in expect_out 'carcref: continuing' -- play --game dice "$D/d3-rolls.yaml"

# games: each game's game and its winner, and why.
rm -rf "$CARCREF_STATE"; mkdir -p "$CARCREF_STATE/games"
cp "$D/d8-scores.yaml" "$CARCREF_STATE/games/2026-11-25-anna-ben.yaml"
cp "$D/d13-nine-catapults.yaml" "$CARCREF_STATE/games/2026-11-26-anna-ben.yaml"
cp "$D/d14-end.yaml" "$CARCREF_STATE/games/2026-11-27-anna-ben.yaml"
sed -i '$d' "$CARCREF_STATE/games/2026-11-27-anna-ben.yaml"	# the move after end
cp "$D/d3-rolls.yaml" "$CARCREF_STATE/games/2026-11-28-anna-ben.yaml"
run games
expect "games: a dice game won at 42" has_out '2026-11-25-anna-ben  dice  Anna, Ben  7 moves'
expect "games: won at 42, the scores highest first" has_out 'finished: Anna wins, 42 reached (Anna 50, Ben 34)'
expect "games: nine catapults" has_out 'finished: Ben wins, nine catapults (Anna 28, Ben 0)'
expect "games: end, no winner" has_out 'finished by end, no winner (Anna 1, Ben 0)'
expect "games: not finished" has_out '4 moves'
unset CARCREF_STATE

# ---- Hunters & Gatherers at the table (issue 20 part 2) ------------------------

export CARCREF_STATE=$tmp/state-hg
H=tests/scenarios/hg
# Every refusal of the scenarios through the binary (refusals, above).
refusals hunters-gatherers "$H"/*.yaml
expect_err "$H/r-bonus-tile-due.yaml:52:6: move 6: move 6 is Rouge's bonus tile (move 5 completed a forest with gold): HG-FMMM1 is a land tile" \
    -- replay "$H/r-bonus-tile-due.yaml"
expect_err "$H/h-tileset-unreadable.yaml:9:10: tileset: cannot read \"my-box.yaml\": No such file or directory" \
    -- replay "$H/h-tileset-unreadable.yaml"
expect_err "$H/h-tileset-data-check.yaml:11:10: tileset: bad-box.tiles:18:9: tile \"HG-MRRR1\": river W stops" \
    -- replay "$H/h-tileset-data-check.yaml"
# replay, text and JSON, field for field (HG-10.1, HG-10.2).
run replay "$H/fr-226-forest-gold-10.yaml"
expect "hg replay: the header" has_out "$H/fr-226-forest-gold-10.yaml: hunters-gatherers, the shipped tiles, 2 players"
expect "hg replay: the forest" has_out '      forest: completed forest of 5 pieces: 2 x 5 = 10 to Rouge'
expect "hg replay: the bonus" has_out '      bonus: completed forest with 3 gold nuggets: Rouge draws a bonus tile (11 left in the pile) = 0 to Rouge'
expect "hg replay: the bonus line" has_out '   6  Rouge  HG-BMMMM1 -1,0 0'
expect "hg replay: the ranking" has_out '  1. Rouge   10'
expect_out '{"valid": true, "finished": true, "scores": {"Rouge": 10, "Bleu": 0}, "by_category": {"Rouge": {"forest": 10, "bonus": 0}, "Bleu": {"forest": 0, "bonus": 0}}, "events": [{"move": 5, "player": "Rouge", "feature": "forest", "points": {"Rouge": 10}, "why": "completed forest of 5 pieces: 2 x 5"}, {"move": 5, "player": "Rouge", "feature": "bonus", "pile": 11, "points": {"Rouge": 0}, "why": "completed forest with 3 gold nuggets: Rouge draws a bonus tile (11 left in the pile)"}]}' \
    -- replay --json "$H/fr-226-forest-gold-10.yaml"
expect_out '{"valid": false, "error": {"move": 0, "line": 9, "kind": "unreadable", "message": "column 10: tileset: cannot read \"my-box.yaml\": No such file or directory"}' \
    -- replay --json "$H/h-tileset-unreadable.yaml"
expect_out '      meadow: meadow with 1 deer: 2 x 1 = 2 to Rouge' -- replay "$H/t-tileset-file.yaml"
expect_out 'hunters-gatherers, tiles of box.tiles, 2 players' -- replay "$H/t-tileset-file.yaml"
run replay --json tests/corpus/hunters-gatherers/river-fish.yaml
expect "hg: the corpus game's scores" python3 -c '
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(any(a[k] != b[k] for k in ("valid", "finished", "scores")))' "$tmp/out" tests/corpus/hunters-gatherers/river-fish.expect.json
expect_out 'points by category  Rouge  Bleu' -- report "$H/fr-226-forest-gold-10.yaml"
# board: forests, rivers, meadows; SVG too.
expect_exit 0 -- board "$H/fr-226-forest-gold-10.yaml"
expect_out '0 .......(^^^^^..' -- board "$H/fr-226-forest-gold-10.yaml"
expect_exit 0 -- board --svg "$H/fr-226-forest-gold-10.yaml" -o "$tmp/hg.svg"
expect "hg board --svg: a picture" grep -q '<svg' "$tmp/hg.svg"
expect_exit 2 -- board "$H/h-tileset-unreadable.yaml"
# fmt: canonical once written, the same scores.
cp "$H"/box.tiles "$tmp/"
for f in "$H"/fr-226-forest-gold-10.yaml "$H"/t-tileset-file.yaml "$H"/t-count-correction.yaml \
    "$H"/t-bonus-described.yaml tests/corpus/hunters-gatherers/river-fish.yaml; do
	cp "$f" "$tmp/hgfmt.yaml"
	run fmt "$tmp/hgfmt.yaml"
	expect "hg fmt $f: written" test "$code" = 0
	run fmt --check "$tmp/hgfmt.yaml"
	expect "hg fmt $f: canonical once written" test "$code" = 0
	run replay -q "$tmp/hgfmt.yaml"
	sed 1d "$tmp/out" >"$tmp/hgfmt.scores"
	run replay -q "$f"
	expect "hg fmt $f: the same scores" bash -c 'sed 1d "$1" | cmp -s - "$2"' sh "$tmp/out" "$tmp/hgfmt.scores"
done
run fmt --stdout "$H/t-no-edition.yaml"
expect "hg fmt: edition and expansions written" has_out "$(printf 'game: hunters-gatherers\nedition: 1\nexpansions: []\nplayers:')"
expect_exit 2 -- fmt "$H/h-tileset-unreadable.yaml"

# selfplay --game hunters-gatherers: random legal games, each replayed;
# the same seed, the same game.
expect_exit 0 -- selfplay --game hunters-gatherers --seed 5 --games 12 --players 3 --out "$tmp/hsp"
run replay -q "$tmp"/hsp/*.yaml
expect "hg selfplay: every game replays" test "$code" = 0
expect "hg selfplay: every game finished" bash -c '! grep -q "not finished" "$1"' sh "$tmp/out"
expect "hg selfplay: pieces played" bash -c 'grep -q "hunter@\|gatherer@\|fisher@\|hut@" "$@"' sh "$tmp"/hsp/*.yaml
expect "hg selfplay: bonus lines" bash -c 'grep -q "HG-B" "$@"' sh "$tmp"/hsp/*.yaml
run selfplay --game hunters-gatherers --seed 5 --games 1 --players 3
expect "hg selfplay: the same seed, the same game" cmp -s "$tmp/out" "$tmp/hsp/game-5-000001.yaml"
for p in 2 4 5; do
	run selfplay --game hunters-gatherers --seed $p --players $p
	cp "$tmp/out" "$tmp/hsp$p.yaml"
	expect_exit 0 -- replay "$tmp/hsp$p.yaml"
done
expect_exit 2 -- selfplay --game hunters-gatherers --edition 1

# tiles: the game's types, a code in its rotations, its edge letters,
# a tile-set file checked (HG-11.3).
expect_exit 0 -- tiles --set hunters-gatherers
expect_out 'HG-FFMM4  (3 in the box)  hunters-gatherers' -- tiles --set hunters-gatherers
expect_out 'HG-FFMM4  (3 in the box)  N E S W: forest forest meadow meadow' -- tiles HG-FFMM4
expect_out '  - forest N+E with 1 gold nugget' -- tiles HG-FFMM4
expect_out '8 types have edges F F M M in hunters-gatherers: HG-FFMM1, HG-FFMM2, HG-FFMM3,' \
    -- tiles --set hunters-gatherers --edges FFMM
expect_out '2 types have edges C R F R: D, WF-22' -- tiles --edges CRFR
expect_exit 0 -- tiles --check rules/tiles/hunters-gatherers.yaml
expect_out 'rules/tiles/hunters-gatherers.yaml: 70 tile types of set hunters-gatherers load' \
    -- tiles --check rules/tiles/hunters-gatherers.yaml
# The wheel's board squares are a start, not types drawn (QA: "28 types").
expect_out 'rules/tiles/wheel-of-fortune.yaml: 12 tile types of set wheel-of-fortune load, and a start of 16 squares' \
    -- tiles --check rules/tiles/wheel-of-fortune.yaml
expect_exit 1 -- tiles --check "$H/bad-box.tiles"
expect_err "$H/bad-box.tiles:18:9: tile \"HG-MRRR1\": river W stops on the tile: say at what with end (spring or lake)" \
    -- tiles --check "$H/bad-box.tiles"
expect_exit 2 -- tiles --check "$tmp/none.tiles"
expect_exit 2 -- tiles --check "$H/box.tiles" HG-FFMM4
expect_exit 0 -- tiles --check rules/tiles/base.yaml
# Every failed check said, each type entry that fails with its line and
# column, the others read on (exit 1); a type that fails is left out, so
# no other check names it.
cat >"$tmp/bad4.tiles" <<'EOF'
set: hunters-gatherers
start: HG-START
tiles:
  - {code: HG-START, count: 1, edges: [meadow, meadow, meadow, meadow],
     features: [{kind: meadow, at: [N, E, S, W]}]}
  - {code: HG-MMMM1, count: 1001, edges: [meadow, meadow, meadow, meadow],
     features: [{kind: meadow, at: [N, E, S, W]}]}
  - {code: HG-MMMM2, count: 1, doubt: the gold, edges: [meadow, meadow, meadow, meadow],
     features: [{kind: meadow, at: [N, E, S, W], gold: 1}]}
  - {code: HG-MMMM3, count: 1, edges: [meadow, meadow, meadow, meadow],
     features: [{kind: meadow, at: [N, E, S, W]}]}
  - {code: HG-FMMM1, count: 1, edges: [meadow, meadow, meadow, forest],
     features: [{kind: meadow, at: [N, E, S, W]}]}
EOF
cat >"$tmp/bad4.want" <<EOF
$tmp/bad4.tiles:6:29: tile "HG-MMMM1": count must be a whole number from 1 to 1000, not "1001"
$tmp/bad4.tiles:9:56: tile "HG-MMMM2": only forests hold gold, and meadow N+E+S+W is not one
$tmp/bad4.tiles:12:64: tile "HG-FMMM1": edges gives W as forest, but half-edge WSW belongs to meadow N+E+S+W
EOF
expect_exit 1 -- tiles --check "$tmp/bad4.tiles"
expect "tiles --check: every failed type said, in order" cmp -s "$tmp/bad4.want" "$tmp/err"
expect "tiles --check: nothing on standard output when it fails" test ! -s "$tmp/out"
# A failure of the whole set (its start) alone, once the types load.
sed 's/^start: HG-START/start: HG-NONE/; /count: 1001/s/1001/1/; s/, gold: 1//; /^  - {code: HG-FMMM1/,$d' \
    "$tmp/bad4.tiles" >"$tmp/bad5.tiles"
expect_exit 1 -- tiles --check "$tmp/bad5.tiles"
expect "tiles --check: a failure of the set, alone" test "$(wc -l <"$tmp/err")" = 1
expect_err "$tmp/bad5.tiles:2:8: start tile \"HG-NONE\" is not in this set" -- tiles --check "$tmp/bad5.tiles"
# A type whose doubt was read before it failed: its doubt freed (the
# ASan build's leak checker found it lost).
sed '/code: HG-MMMM1/,+1d' "$tmp/bad4.tiles" >"$tmp/bad6.tiles"
printf 'format: carcref/1\ngame: hunters-gatherers\ntileset: bad6.tiles\nplayers: [Anna, Ben]\nmoves: []\n' \
    >"$tmp/bad6-game.yaml"
expect_exit 1 -- replay "$tmp/bad6-game.yaml"
expect_err 'tileset: bad6.tiles:7:56: tile "HG-MMMM2": only forests hold gold' -- replay "$tmp/bad6-game.yaml"
expect "hg tileset: a failed type's doubt not leaked" bash -c '! grep -q LeakSanitizer "$1"' sh "$tmp/err"
# The key of a picture is its game's: a Hunters & Gatherers tile's names
# its forests, meadows, gold and the blank between two forests, nothing of
# the tile game's; the board's letters and the SVG key name its pieces.
run tiles HG-FFFM1
expect "hg key: the game's entries" has_out 'key: ^^ forest, .. meadow, $$ gold nugget,'
expect "hg key: the blank between two forests" has_out 'a blank between two forests: they are separate'
expect "hg key: nothing of the tile game's" bash -c '! grep -qE "city|field|cloister|pennant" "$1"' sh "$tmp/out"
run tiles HG-VOLCANO
expect "hg key: lake, fish, mammoth, volcano" has_out '     MM mammoth, ^v volcano'
run board "$H/fr-342-final-meadows.yaml"
expect "hg board: its pieces' letters" has_out '(capital: gatherer, fisher or hut; small: hunter)'
run board --svg "$H/fr-342-final-meadows.yaml" -o -
expect "hg svg key: its meeples standing" has_out '>gatherer, fisher (standing)<'
expect "hg svg key: its meeples lying" has_out '>hunter (lying)<'
expect "hg svg key: no thief" bash -c '! grep -q "thief" "$1"' sh "$tmp/out"
# Its animals and gold drawn on the tiles and named in the key, its
# forests, rivers and lakes with a swatch there (a lake blue, not black).
for w in "gold nugget" deer mammoth aurochs tiger forest river lake; do
	expect "hg svg key: $w" has_out ">$w<"
done
expect "hg svg: a tiger drawn" has_out '<path d="M0-7L7 0L0 7L-7 0Z" fill="#ef6c00"'
expect "hg svg: a lake blue" has_out '<circle r="16" fill="#64b5f6"'
run board --svg "$H/fr-360-fire.yaml" -o -
expect "hg svg key: fire" has_out '>fire<'
run board --svg "$H/fr-372-shrine.yaml" -o -
expect "hg svg key: shrine" has_out '>shrine<'
LANGUAGE=fr LC_ALL=C.UTF-8 run tiles HG-FFFM1
expect "hg key, in French" has_out 'un blanc entre deux forêts : elles sont distinctes'

# play --game hunters-gatherers: its options (HG-11.2).
expect_exit 2 -- play --game hunters-gatherers --edition 1
expect_err 'carcref play: --edition: Hunters & Gatherers has one edition (the 2002 game) and no expansions; leave --edition out' \
    -- play --game hunters-gatherers --edition 1
expect_err 'carcref play: --expansions: Hunters & Gatherers has one edition (the 2002 game) and no expansions; leave --expansions out' \
    -- play --game hunters-gatherers --expansions river
expect_exit 2 -- play --game hunters-gatherers --players A,B,C,D,E,F
expect_exit 2 -- play --game hunters-gatherers --tileset "$tmp/none.tiles"
expect_err "carcref play: --tileset: cannot read \"$tmp/none.tiles\"" -- play --game hunters-gatherers --tileset "$tmp/none.tiles"
printf 'quit\n' >"$tmp/hq.in"
STDIN=$tmp/hq.in expect_out "tiles of $PWD/$H/box.tiles, 2 players: Anna, Ben" \
    -- play --game hunters-gatherers --tileset "$H/box.tiles"
# --tileset: the journal holds the set inline (HG-8.5), so resume
# replays it from anywhere.
rm -rf "$CARCREF_STATE"
printf 'HG-MMMM1 1,0 0 hunter@N\nquit\n' >"$tmp/ht.in"
STDIN=$tmp/ht.in run play --game hunters-gatherers --tileset "$H/box.tiles"
expect "hg play --tileset: the journal holds the set" grep -qx "  start: HG-START" \
    "$CARCREF_STATE"/games/2*-anna-ben.yaml
(cd / && printf 'quit\n' | CARCREF_DATA=$ddata "$dcar" resume "$(cd "$CARCREF_STATE/games" && ls | sed -n 's/\.yaml$//p')" \
    >"$tmp/out" 2>&1)
expect "hg resume --tileset's game from elsewhere" has_out '1 move played, 4 tiles left; Ben to play'
expect_exit 2 -- play "$H/t-tileset-file.yaml" --tileset "$H/box.tiles"
expect_err "carcref play: --tileset: $H/t-tileset-file.yaml has tile data of its own (tileset: or tiles:); leave --tileset out" \
    -- play "$H/t-tileset-file.yaml" --tileset "$H/box.tiles"
# A game at the table: a forest with gold completed, the bonus tile due
# said, a land tile refused there, the bonus tile played, saved with its
# prefix, kept in the journal, resumed.
printf '%s\n' 'HG-FFMM4 1,0 270 gatherer@N' 'HG-FFMM4 0,1 180' 'HG-FMMM2 1,1 180' \
    'HG-MRMR3 0,-1 90' 'HG-FMMM3 -1,1 90' 'HG-FMMM1 -1,0 0' 'HG-BMMMM1 -1,0 0' \
    'save hsaved.yaml' quit >"$tmp/hplay.in"
rm -rf "$CARCREF_STATE"
(cd "$tmp" && CARCREF_DATA=$ddata "$dcar" play --game hunters-gatherers --players Rouge,Bleu \
    <"$tmp/hplay.in" >"$tmp/out" 2>&1)
expect "hg play: the forest told" has_out '  forest: completed forest of 5 pieces: 2 x 5 = 10 to Rouge'
expect "hg play: the bonus tile due said" has_out '  Rouge draws a bonus tile and plays it now (move 5 completed a forest with gold)'
expect "hg play: a land tile refused on the bonus line" has_out "refused: move 6 is Rouge's bonus tile (move 5 completed a forest with gold): HG-FMMM1 is a land tile"
expect "hg play: the bonus tile played" has_out 'move 6, Rouge: HG-BMMMM1 -1,0 0'
expect "hg play: save writes the bonus line's prefix" grep -qx '  - "Rouge: HG-BMMMM1 -1,0 0"' "$tmp/hsaved.yaml"
expect "hg play: save writes no tile data for the shipped set" bash -c '! grep -q "^tileset:\|^tiles:" "$1"' sh "$tmp/hsaved.yaml"
expect_exit 0 -- replay "$tmp/hsaved.yaml"
expect "hg play: the journal keeps the prefix" grep -qx '  - "Rouge: HG-BMMMM1 -1,0 0"' "$CARCREF_STATE"/games/2*-rouge-bleu.yaml
run games
expect "hg games: the game named" has_out 'hunters-gatherers  Rouge, Bleu  6 moves'
expect "hg games: not finished" has_out 'not finished'
printf 'HG-MMMM1 -2,0 0\nquit\n' >"$tmp/hres.in"
STDIN=$tmp/hres.in expect_out 'move 7, Bleu: HG-MMMM1 -2,0 0' \
    -- resume "$(cd "$CARCREF_STATE/games" && ls | sed -n 's/\.yaml$//p' | head -1)"
# games: a finished game names its winner or its tie (HG-11.4).
rm -rf "$CARCREF_STATE"; mkdir -p "$CARCREF_STATE/games"
cp "$H/fr-226-forest-gold-10.yaml" "$CARCREF_STATE/games/2026-11-27-rouge-bleu.yaml"
cp "$H/fr-243-forest-tie-10.yaml" "$CARCREF_STATE/games/2026-11-28-rouge-bleu.yaml"
run games
expect "hg games: a winner" has_out 'finished: Rouge wins, most points (Rouge 10, Bleu 0)'
expect "hg games: a tie" has_out 'finished: Rouge and Bleu tie, most points (Rouge 10, Bleu 10)'
# save and the journal (HG-8.5): a set read from a file goes inline under
# tileset:, the corrections under tiles:, every bonus line with its
# prefix; the record and the journal replay the same once the file is
# gone.
rm -rf "$CARCREF_STATE"
mkdir -p "$tmp/hgbox"
cp "$H/box.tiles" "$tmp/hgbox/my.tiles"
printf '%s\n' 'HG-MMMM1 1,0 0 hunter@N' "save $tmp/hgbox/saved.yaml" quit >"$tmp/hgs.in"
STDIN=$tmp/hgs.in run play --game hunters-gatherers --players Rouge,Bleu --tileset "$tmp/hgbox/my.tiles"
expect "hg save --tileset: the set inline" grep -qx '  start: HG-START' "$tmp/hgbox/saved.yaml"
expect "hg save --tileset: no file named" bash -c '! grep -q "my\.tiles" "$1"' sh "$tmp/hgbox/saved.yaml"
expect "hg journal --tileset: the set inline" grep -qx '  start: HG-START' \
    "$CARCREF_STATE"/games/2*-rouge-bleu.yaml
run replay --json "$tmp/hgbox/saved.yaml"
cp "$tmp/out" "$tmp/hgs.json"
rm "$tmp/hgbox/my.tiles"
run replay --json "$tmp/hgbox/saved.yaml"
expect "hg save --tileset: replays the same once the file is gone" cmp -s "$tmp/out" "$tmp/hgs.json"
printf 'HG-MMMM1 -1,0 0\nquit\n' >"$tmp/hgr.in"
STDIN=$tmp/hgr.in run resume "$(cd "$CARCREF_STATE/games" && ls | sed -n 's/\.yaml$//p' | head -1)"
expect "hg resume --tileset's game once the file is gone" has_out 'move 2, Bleu: HG-MMMM1 -1,0 0'
# A record naming a file (tileset: FILE) with a correction and a bonus
# line: play FILE, save, the file deleted.
rm -rf "$CARCREF_STATE"
cp rules/tiles/hunters-gatherers.yaml "$tmp/hgbox/ship.tiles"
sed '/^  - "Bleu: end"/d; s/^tiles:/tileset: ship.tiles\ntiles:/' "$H/t-bonus-described.yaml" \
    >"$tmp/hgbox/bonus.yaml"
run replay --json "$tmp/hgbox/bonus.yaml"
cp "$tmp/out" "$tmp/hgb.json"
printf '%s\n' "save $tmp/hgbox/bsaved.yaml" quit >"$tmp/hgs.in"
STDIN=$tmp/hgs.in run play "$tmp/hgbox/bonus.yaml"
expect "hg save tileset: FILE: the set inline" grep -qx '  start: HG-VOLCANO' "$tmp/hgbox/bsaved.yaml"
expect "hg save tileset: FILE: the corrections kept" grep -qx '  - code: HG-BMRRR1' "$tmp/hgbox/bsaved.yaml"
expect "hg save tileset: FILE: the bonus line's prefix" grep -qx '  - "Rouge: HG-BMRRR1 0,-2 180 hut@C"' \
    "$tmp/hgbox/bsaved.yaml"
expect "hg journal tileset: FILE: the bonus line's prefix" grep -qx '  - "Rouge: HG-BMRRR1 0,-2 180 hut@C"' \
    "$CARCREF_STATE"/games/2*-rouge-bleu.yaml
rm "$tmp/hgbox/ship.tiles"
run replay --json "$tmp/hgbox/bsaved.yaml"
expect "hg save tileset: FILE: replays the same once the file is gone" cmp -s "$tmp/out" "$tmp/hgb.json"
printf 'quit\n' >"$tmp/hgr.in"
STDIN=$tmp/hgr.in run resume "$(cd "$CARCREF_STATE/games" && ls | sed -n 's/\.yaml$//p' | head -1)"
expect "hg resume tileset: FILE's game once the file is gone" has_out '6 moves played'
# fmt (HG-8.4): tiles: and an inline tileset: in the form of HG-9.5, the
# comments with the type they stand by; fmt of fmt's output the same.
cat >"$tmp/hgc.yaml" <<'EOF'
format: carcref/1
game: hunters-gatherers
players: [Rouge, Bleu]
tiles:  # my box
  # three here
  - code: HG-FFMM2   # on the code
    count: 3         # on the count
    # inside
    edges: [forest, forest, meadow, meadow]
    features:
      - {kind: forest, at: [N, E], gold: 1}  # on a feature
      - {kind: meadow, at: [S, W], deer: 1}
  # two there
  - {code: HG-FFMM1, count: 2}  # on the count
moves: []
EOF
cat >"$tmp/hgc.want" <<'EOF'
format: carcref/1
game: hunters-gatherers
edition: 1
expansions: []
players:
  - Rouge
  - Bleu
tiles:  # my box
  # three here
  # inside
  - code: HG-FFMM2  # on the code # on the count # on a feature
    count: 3
    edges: [forest, forest, meadow, meadow]
    features:
      - {kind: forest, at: [N, E], gold: 1}
      - {kind: meadow, at: [S, W], deer: 1}
  # two there
  - {code: HG-FFMM1, count: 2}  # on the count
moves: []
EOF
# hg_fmt NAME WHAT: fmt of $tmp/NAME.yaml is $tmp/NAME.want, which is
# canonical (fmt of fmt's output the same).
hg_fmt() {
	run fmt --stdout "$tmp/$1.yaml"
	expect "hg fmt: $2" cmp -s "$tmp/out" "$tmp/$1.want"
	cp "$tmp/$1.want" "$tmp/$1-2.yaml"
	run fmt --check "$tmp/$1-2.yaml"
	expect "hg fmt: fmt of fmt's output the same ($2)" test "$code" = 0
}
hg_fmt hgc "the comments inside tiles: by their type"
cat >"$tmp/hgi.yaml" <<'EOF'
format: carcref/1
game: hunters-gatherers
players: [Rouge, Bleu]
tileset:  # my own box
  tiles:
    - features: [{at: [W, S, N, E], deer: 1, kind: meadow, tiger: 0, fire: false}]
      edges: [meadow, meadow, meadow, meadow]
      count: 1
      code: HG-START
    - {code: HG-MMMM1, count: 3, edges: [meadow, meadow, meadow, meadow], features: [{kind: meadow, at: [N, E, S, W]}]}
    - code: HG-RRRR1  # four rivers
      count: 2
      doubt: 'from my "box"'
      edges: [river, river, river, river]
      features:
        - {fish: 2, kind: lake}
        - {end: lake, kind: river, at: [N]}
        - {kind: river, at: [E], end: lake}
        - {kind: river, at: [S], end: lake}
        - {kind: river, at: [W], end: lake}
        - {kind: meadow, at: [WNW, NNW]}
        - {kind: meadow, at: [NNE, ENE]}
        - {kind: meadow, at: [ESE, SSE]}
        - {kind: meadow, at: [SSW, WSW]}
  start: hg-start
  set: hunters-gatherers
moves:
  - "Rouge: HG-MMMM1 1,0 0 hunter@N"
EOF
cat >"$tmp/hgi.want" <<'EOF'
format: carcref/1
game: hunters-gatherers
edition: 1
expansions: []
players:
  - Rouge
  - Bleu
tileset:  # my own box
  set: hunters-gatherers
  start: HG-START
  tiles:
    - code: HG-START
      count: 1
      edges: [meadow, meadow, meadow, meadow]
      features:
        - {kind: meadow, at: [N, E, S, W], deer: 1}
    - code: HG-MMMM1
      count: 3
      edges: [meadow, meadow, meadow, meadow]
      features:
        - {kind: meadow, at: [N, E, S, W]}
    - code: HG-RRRR1  # four rivers
      count: 2
      edges: [river, river, river, river]
      features:
        - {kind: lake, fish: 2}
        - {kind: river, at: [N], end: lake}
        - {kind: river, at: [E], end: lake}
        - {kind: river, at: [S], end: lake}
        - {kind: river, at: [W], end: lake}
        - {kind: meadow, at: [NNW, WNW]}
        - {kind: meadow, at: [NNE, ENE]}
        - {kind: meadow, at: [ESE, SSE]}
        - {kind: meadow, at: [SSW, WSW]}
      doubt: "from my \"box\""
moves:
  - "Rouge: HG-MMMM1 1,0 0 hunter@N"
EOF
hg_fmt hgi "an inline tileset: in canonical form"
run replay --json "$tmp/hgi.yaml"
cp "$tmp/out" "$tmp/hgi.json"
run replay --json "$tmp/hgi-2.yaml"
expect "hg fmt: the inline set replays the same" cmp -s "$tmp/out" "$tmp/hgi.json"
# tileset: FILE stays a scalar, its comment after it.
printf 'format: carcref/1\ngame: hunters-gatherers\nplayers: [A, B]\ntileset: box.tiles   # beside\nmoves: []\n' \
    >"$tmp/hgf.yaml"
run fmt --stdout "$tmp/hgf.yaml"
expect "hg fmt: tileset: FILE kept" has_out 'tileset: box.tiles  # beside'
unset CARCREF_STATE

# ---- issue 22: report, replay --json's by_category, stats ---------------------

# bycat.py JSON REPORT: replay --json's object (JSON) and report's text
# (REPORT) of one game agree: each player's categories add up to the
# score, name every feature an event paid (none left out, none made up),
# each the sum of that feature's events; the text's total row is the
# scores, and it names every category.
cat >"$tmp/bycat.py" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().splitlines()
sc, bc, ev = d["scores"], d["by_category"], d["events"]
feats = {e["feature"] for e in ev if e["points"]}
why = []
for who in sc:
    if sum(bc[who].values()) != sc[who]:
        why.append("%s: categories add up to %d, the score is %d" % (who, sum(bc[who].values()), sc[who]))
    if set(bc[who]) != feats:
        why.append("%s: categories %s, the events' features %s" % (who, sorted(bc[who]), sorted(feats)))
    for f in feats:
        got = sum(e["points"].get(who, 0) for e in ev if e["feature"] == f)
        if bc[who].get(f) != got:
            why.append("%s: %s is %s, its events paid %d" % (who, f, bc[who].get(f), got))
total = [l for l in text if l.startswith("  total ")]
if not total or [int(x) for x in total[0].split()[1:]] != list(sc.values()):
    why.append("the report's total row %s is not the scores %s" % (total, list(sc.values())))
# Its rows of categories (their names are the reader's words): as many.
rows = [l for l in text[2:] if l.startswith("  ") and l[2] != " "]
if len(rows) != len(feats) + 1:
    why.append("the report has %d categories, the events %d" % (len(rows) - 1, len(feats)))
print("\n".join(why))
sys.exit(1 if why else 0)
PY
# report_ok FILE WHAT: the report of FILE (exit 0) agrees with its JSON.
report_ok() {
	"$CARCREF" replay --json "$1" >"$tmp/rj.json" 2>/dev/null
	run report "$1"
	[ "$code" = 0 ] && python3 "$tmp/bycat.py" "$tmp/rj.json" "$tmp/out" >"$tmp/why" &&
	    ok || { code="$code: $(head -3 "$tmp/why" | tr '\n' ' ')"; not_ok "$2: the points by category" report "$1"; }
}
for f in samples/*.yaml tests/corpus/*.yaml tests/corpus/dice/*.yaml; do
	report_ok "$f" "$f"
done
# The scored corpus beside the repository (../shared), every game of it:
# a record of a game or an expansion not refereed yet is refused, as
# replay refuses it.
for c in "$root/../shared/corpus" "$root/../../shared/corpus"; do
	[ -d "$c" ] || continue
	for f in "$c"/*/*.yaml; do
		if "$CARCREF" replay --quiet "$f" >/dev/null 2>&1; then
			report_ok "$f" "the shared corpus: ${f#$c/}"
		else
			expect_exit 1 -- report "$f"
		fi
	done
	break
done
# Self-played games of every mix of the expansions, 2 and 8 players; the
# editions; the dice game, 2 to 5 players.
exps=(inns-cathedrals river traders-builders hills-sheep)
for m in $(seq 0 15); do
	x=
	for i in 0 1 2 3; do
		[ $((m >> i & 1)) = 1 ] && x=$x${x:+,}${exps[$i]}
	done
	for p in 2 8; do
		"$CARCREF" selfplay --seed $((m * 10 + p)) --players $p ${x:+--expansions $x} >"$tmp/mix.yaml"
		report_ok "$tmp/mix.yaml" "self-played, $p players, expansions: ${x:-none}"
	done
done
for e in 1 2; do
	"$CARCREF" selfplay --seed $e --players 3 --edition $e >"$tmp/mix.yaml"
	report_ok "$tmp/mix.yaml" "self-played, edition $e"
done
for p in 2 3 4 5; do
	rm -rf "$tmp/mix"
	"$CARCREF" selfplay --game dice --seed $p --games 3 --players $p --out "$tmp/mix" >/dev/null
	for f in "$tmp/mix"/*.yaml; do
		report_ok "$f" "self-played dice, $p players"
	done
done

# The report of a known game, whole: categories, the inn's share inside
# the roads, the vineyards' and the pig's, the totals during play and at
# the end, the largest scoring, the lead.
cat >"$tmp/mixed.report" <<'EOF'
tests/corpus/mixed-020.yaml: carcassonne, edition 3, 123 moves, finished
points by category  Alice   Bob  Carol
  road                 10    16     13
    inn                             +5
  city                 12     8     16
  cloister              0    12     12
    vineyards                +3     +3
  field                17    16     16
    the pig            +2    +4     +1
  goods                10     0     10
  flock                 0    36     31
  total                49    88     98
    during play        16    63     70
    final scoring      33    25     28
largest single scoring: move 78, flock: herded at 0,-6 (6 tokens): 1 x 17 (sheep) = 17 points each to Bob and Carol
the lead changed hands 2 times, the last at move 55 (Carol)
EOF
expect_same "$tmp/mixed.report" -- report tests/corpus/mixed-020.yaml
# Not finished: said in the title, no final scoring's rows.
head -n 12 samples/two-players-ed3.yaml >"$tmp/open.yaml"
expect_out 'not finished' -- report "$tmp/open.yaml"
expect_no 'final scoring' -- report "$tmp/open.yaml"
# Text from the record is escaped (cmd/out.c).
printf 'format: carcref/1\nplayers: ["A\\e[31mnna", Ben]\nmoves:\n  - E 0,1 180 knight@S\n' >"$tmp/esc.yaml"
expect_out 'A\x1b[31mnna' -- report "$tmp/esc.yaml"
# In French under a French locale.
if [ -n "${FR_CARCREF-}" ]; then
	CARCREF=$FR_CARCREF expect_out 'points par catégorie' -- report tests/corpus/mixed-020.yaml
	CARCREF=$FR_CARCREF expect_out '    auberge' -- report tests/corpus/mixed-020.yaml
	CARCREF=$FR_CARCREF run report --svg tests/corpus/mixed-020.yaml
	expect "report --svg in French" grep -qF '>points par catégorie</text>' "$tmp/out"
	CARCREF=$FR_CARCREF expect_out 'parties jouées' -- stats samples/two-players-ed3.yaml
fi
# Refusals: usage, a file that cannot be read, an illegal move.
expect_exit 2 -- report
expect_exit 2 -- report a.yaml b.yaml
expect_exit 2 -- report -o "$tmp/r.svg" samples/two-players-ed3.yaml
expect_err 'carcref report: -o writes the picture: give --svg with it' -- report -o "$tmp/r.svg" samples/two-players-ed3.yaml
expect_exit 2 -- report "$tmp/no-such.yaml"
expect_exit 1 -- report "$bad"
expect_err "carcref report: $bad:9:5: move 3: edges must match" -- report "$bad"
expect_exit 2 -- report --svg samples/two-players-ed3.yaml -o "$tmp/no-such-dir/r.svg"

# The running score: the events up to move m, the final scoring's aside,
# are the scores of the record cut after move m.
"$CARCREF" selfplay --seed 22 --players 4 --expansions inns-cathedrals,traders-builders,hills-sheep >"$tmp/run.yaml"
"$CARCREF" replay --json "$tmp/run.yaml" >"$tmp/run.json"
n=$(grep -c '^  - ' "$tmp/run.yaml")
at=$(grep -n '^moves:' "$tmp/run.yaml" | cut -d: -f1)
for m in 1 5 $((n / 3)) $((n / 2)) $((n - 1)) $n; do
	head -n $((at + m)) "$tmp/run.yaml" >"$tmp/cut.yaml"
	"$CARCREF" replay --json "$tmp/cut.yaml" >"$tmp/cut.json"
	expect "the running score after move $m of $n is the events' up to it" python3 -c '
import json, sys
full, cut = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
m, n = int(sys.argv[3]), int(sys.argv[4])
if cut["finished"] and m < n:
    sys.exit(0)	# the cut game ended there already: its own final scoring
run = {p: 0 for p in full["scores"]}
for e in full["events"]:
    if e["move"] <= m and (m == n or not e.get("final")):
        for p, v in e["points"].items():
            run[p] += v
sys.exit(run != cut["scores"])' "$tmp/run.json" "$tmp/cut.json" $m $n
done

# The picture: 8 players and every set; 200 moves and more (a dice game).
"$CARCREF" selfplay --seed 8 --players 8 --expansions inns-cathedrals,river,traders-builders,hills-sheep >"$tmp/eight.yaml"
expect_exit 0 -- report --svg "$tmp/eight.yaml" -o "$tmp/eight.svg"
svg_ok "$tmp/eight.svg" "report --svg, 8 players, every set"
expect "report --svg: each player's final score at a line's end" \
    test "$(grep -c '<rect x="[0-9.]*" y="[0-9.]*" width="10" height="10"' "$tmp/eight.svg")" = 8
expect "report --svg: the axes are labelled" grep -q '>move</text>' "$tmp/eight.svg"
rm -rf "$tmp/dl"
"$CARCREF" selfplay --game dice --seed 1 --games 6 --players 5 --out "$tmp/dl" >/dev/null
long=$(for f in "$tmp/dl"/*.yaml; do echo "$(grep -c '^  - ' "$f") $f"; done | sort -n | tail -1)
expect "a dice game of 200 moves and more to draw" test "${long%% *}" -ge 200
expect_exit 0 -- report --svg "${long#* }" -o "$tmp/long.svg"
svg_ok "$tmp/long.svg" "report --svg, ${long%% *} moves"
expect "report --svg: the width stays readable at ${long%% *} moves" \
    test "$(sed -n 's/.*<svg [^>]*width="\([0-9]*\)".*/\1/p' "$tmp/long.svg")" -le 1600
# Escaped as board's is; on the standard output without -o; in French.
run report --svg "$tmp/esc.yaml"
expect "report --svg: the name escaped" grep -qF 'A\x1b[31mnna' "$tmp/out"
cp "$tmp/out" "$tmp/esc.svg"
svg_ok "$tmp/esc.svg" "report --svg, a name with an escape"
printf 'format: carcref/1\nplayers: ["<b>&amp;", Ben]\nmoves:\n  - E 0,1 180 knight@S\n' >"$tmp/amp.yaml"
run report --svg "$tmp/amp.yaml"
expect "report --svg: < and & as references" grep -qF '&lt;b&gt;&amp;amp;' "$tmp/out"

# replay --json's by_category on a record that does not read: {}.
expect_out '"by_category": {}' -- replay --json "$tmp/no-such.yaml"

# stats: per player over the records given, or the games kept.
cat >"$tmp/stats.want" <<'EOF'
the tile game: 2 finished games
                          Ben    Anna
  games played              2       2
  games won                 1       1
  average score          84.5    83.5
  best score               89      95
  average by category
    road                 24.0    20.5
    city                 45.0    43.0
    cloister              4.5     4.5
    field                11.0    15.5
EOF
expect_same "$tmp/stats.want" -- stats samples/two-players-ed1.yaml samples/two-players-ed3.yaml
expect_exit 0 -- stats samples/two-players-ed3.yaml tests/corpus/dice/city-sizes.yaml
expect_out 'the dice game: 0 finished games (1 not finished, left out)' -- stats samples/two-players-ed3.yaml tests/corpus/dice/city-sizes.yaml
expect_exit 1 -- stats samples/two-players-ed3.yaml "$bad"
expect_err "carcref stats: $bad:9:5: move 3: edges must match" -- stats samples/two-players-ed3.yaml "$bad"
expect_exit 2 -- stats "$tmp/no-such.yaml"
export CARCREF_STATE=$tmp/stats-state
rm -rf "$CARCREF_STATE"
expect_err 'no game is kept yet' -- stats
mkdir -p "$CARCREF_STATE/games"
cp samples/two-players-ed3.yaml "$CARCREF_STATE/games/2026-11-25-anna-ben.yaml"
expect_out '  games played              1       1' -- stats
unset CARCREF_STATE

# ---- the Wheel of Fortune drawn (spec 4.7) ---------------------------------

# The ASCII map at the start and with the pig on Tax, character for
# character as the spec's two pictures draw them, but for the board's
# north-east city: a cap on the east side of 3,3, drawn as every tile's cap
# (`##` in the middle line), where the spec's picture shows one `#`.
wf=tests/records/wheel-pig-on-tax.yaml
cat >"$tmp/wf-start.want" <<'EOF'
    0    1    2    3
  #####.......|......#
3 ###.........|.....##
  #..................#
  .....In   Pl   .....
2 .....[-]  [--] .....
  .....St   Fo @ .....
  .....[--] [-]  .....
1 .....Fa   Ta   ..===
  .....[-]  [--] .....
  ....................
0 ===.................
  .....#####..........
A Anna  B Ben  (capital: on a road, city or cloister; small: in a field)
  @ the pig (nobody's); [A-] crown spaces: a player's initial, - free
EOF
run board --ascii "$wf" --move 0
expect "the wheel's map at the start, as the spec draws it" cmp -s "$tmp/wf-start.want" <(tail -n +2 "$tmp/out")
cat >"$tmp/wf-tax.want" <<'EOF'
  .....In   Pl   .....
2 .....[-]  [BB] .....
  .....St   Fo   .....
  .....[--] [-]  .....
1 .....Fa   Ta @ ..===
  .....[-]  [A-] .....
  ....................
0 ===.................
  .....#####..........
EOF
run board --ascii "$wf"
expect "the wheel's map, the pig on Tax, as the spec draws it" cmp -s "$tmp/wf-tax.want" <(sed -n 9,17p "$tmp/out")
expect "the map: the board's road north runs to the middle of 2,3" grep -qxF '3 ###.........|.....####...' "$tmp/out"

# The SVG picture: the board's outer squares as tiles, the wheel on the
# four inner ones (a disc of six sectors, their names, the crown spaces on
# the rim, the pig), measured by tests/wfsvg.py: each thing with the sector
# it lies in, 0 due east, then clockwise by 60 degrees.
# xml_ok FILE: well-formed, by xmllint or else python3's parser.
xml_ok() {
	if command -v xmllint >/dev/null; then
		xmllint --noout "$1"
	else
		python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1"
	fi
}
expect_exit 0 -- board --svg "$wf" --move 0 -o "$tmp/wf0.svg"
expect "the wheel's SVG at the start is well-formed" xml_ok "$tmp/wf0.svg"
cat >"$tmp/wf0.want" <<'EOF'
sectors 0 60 120 180 240 300
name 0 Fortune
free 0 crown space of Fortune
pig 0 the pig: nobody's piece
name 1 Tax
free 1 crown space of Tax
free 1 crown space of Tax
name 2 Famine
free 2 crown space of Famine
name 3 Storm
free 3 crown space of Storm
free 3 crown space of Storm
name 4 Inquisition
free 4 crown space of Inquisition
name 5 Plague
free 5 crown space of Plague
free 5 crown space of Plague
EOF
expect "the wheel's SVG at the start: six sectors, their names, 9 free crown spaces, the pig on Fortune" \
    cmp -s "$tmp/wf0.want" <(python3 tests/wfsvg.py "$tmp/wf0.svg")
expect_exit 0 -- board --svg "$wf" -o "$tmp/wf5.svg"
expect "the wheel's SVG after move 5 is well-formed" xml_ok "$tmp/wf5.svg"
expect "the wheel's SVG key: a crown follower stands, as it is drawn" \
    grep -q 'crown follower[^<]* (standing)' "$tmp/wf5.svg"
expect "the wheel's SVG key: no crown follower lying" \
    test "$(grep -c 'crown follower[^<]* (lying)' "$tmp/wf5.svg")" -eq 0
python3 tests/wfsvg.py "$tmp/wf5.svg" >"$tmp/wf5.txt" 2>&1
expect "the wheel's SVG after move 5: the pig on Tax" grep -qxF "pig 1 the pig: nobody's piece" "$tmp/wf5.txt"
expect "the wheel's SVG after move 5: the crown followers in their owners' colours" \
    test "$(grep '^taken' "$tmp/wf5.txt" | tr '\n' /)" = \
    'taken 1 #d62728 Anna: crown space of Tax/taken 5 #1f5fd6 Ben: crown space of Plague/taken 5 #1f5fd6 Ben: crown space of Plague/'
expect "the wheel's SVG after move 5: six crown spaces free, one in Tax" \
    test "$(grep -c '^free' "$tmp/wf5.txt")/$(grep -c '^free 1 ' "$tmp/wf5.txt")" = 6/1
expect "the wheel's SVG after move 5: the sectors and names as at the start" \
    test "$(grep '^sectors\|^name' "$tmp/wf5.txt")" = "$(grep '^sectors\|^name' "$tmp/wf0.want")"
expect "the wheel's SVG: the key's pig" grep -qF '>the pig (nobody&#39;s piece)</text>' "$tmp/wf5.svg"
expect "the wheel's SVG: the key's free crown space" grep -qF '>a crown space, free</text>' "$tmp/wf5.svg"
expect "the wheel's SVG: the key's taken crown space" \
    grep -qF '>a crown space, taken (its owner&#39;s colour)</text>' "$tmp/wf5.svg"
expect "the wheel's SVG: the board's road north drawn to the middle of 2,3" \
    grep -qF '<path d="M50 0L50 50" fill="none" stroke="#f6f2e4" stroke-width="7"/>' "$tmp/wf5.svg"
expect "the wheel's SVG: no key of a crown space at the start taken" \
    bash -c "! grep -qF 'taken (its owner' '$tmp/wf0.svg'"
LC_ALL=C.UTF-8 LANGUAGE=fr "$CARCREF" board --svg "$wf" -o "$tmp/wf5fr.svg" 2>/dev/null
expect "the wheel's SVG in French is well-formed" xml_ok "$tmp/wf5fr.svg"
python3 tests/wfsvg.py "$tmp/wf5fr.svg" >"$tmp/wf5fr.txt" 2>&1
expect "the wheel's SVG in French: the sectors' names" test "$(grep '^name' "$tmp/wf5fr.txt" | tr '\n' ' ')" = \
    'name 0 Fortune name 1 Taxes name 2 Famine name 3 Tempête name 4 Inquisition name 5 Peste '
expect "the wheel's SVG in French: a taken crown space" grep -qxF 'taken 1 #d62728 Anna : case de la couronne (Taxes)' "$tmp/wf5fr.txt"
expect "the wheel's SVG in French: the pig" grep -qxF 'pig 1 le cochon : la pièce de personne' "$tmp/wf5fr.txt"
# a name with markup, on a crown space: escaped in its tooltip
sed 's/^  - Anna$/  - '"'"'<Anna \& "Co">'"'"'/' "$wf" >"$tmp/wf-hostile.yaml"
expect_exit 0 -- board --svg "$tmp/wf-hostile.yaml" -o "$tmp/wf-hostile.svg"
expect "the wheel's SVG, a hostile name: well-formed" xml_ok "$tmp/wf-hostile.svg"
expect "the wheel's SVG, a hostile name: escaped in the crown follower's tooltip" \
    grep -qF '<title>&lt;Anna &amp; &quot;Co&quot;&gt;: crown space of Tax</title>' "$tmp/wf-hostile.svg"
svg_ok "$tmp/wf5.svg" "the wheel's SVG"

# board --feature on the board's features (spec 4.7): its city, roads and
# fields by a square of the board and a side; the wheel's squares hold none.
expect_out 'city at 0,3 N: open on 2 edges, 1 tile, 0 pennants' -- board --ascii "$wf" --move 0 --feature 0,3:N
expect_out '  @@@@@.......|......#' -- board --ascii "$wf" --move 0 --feature 0,3:N
expect_out 'road at 2,3 N: open at 1 end, 2 tiles' -- board --ascii "$wf" --feature 2,3:N
expect_out '  tiles: 2,4 2,3' -- board --ascii "$wf" --feature 2,3:N
expect_out 'city at 3,3 E: completed, 2 tiles, 0 pennants' -- board --ascii "$wf" --move 4 --feature 3,3:E
expect_out 'field at 0,0 S: a farm bordering 0 completed cities, 5 tiles' -- board --ascii "$wf" --feature 0,0:S
expect_exit 0 -- board --svg "$wf" --feature 3,1:E -o "$tmp/wf-feature.svg"
expect "the wheel's SVG: a board road asked about" grep -qF '>the feature asked about</text>' "$tmp/wf-feature.svg"
expect_exit 2 -- board --ascii "$wf" --feature 1,1:N
expect_err 'no single feature at 1,1 N' -- board --ascii "$wf" --feature 1,1:N

# ---- the Wheel of Fortune's record keys, the River with the wheel (issue 21) ----

wf=$tmp/wf
mkdir -p "$wf"
cp tests/scenarios/wf-printing.data "$wf/printing.yaml"	# a printing whose X shows 2
# fmt: the keys in the canonical order, comments where they stood, the
# spring with its rotation; fmt again changes nothing.
cat >"$wf/order.yaml" <<'EOF'
format: carcref/1
spring: "2,-1"   # south
wheel-of-fortune:   # this printing
  icons:
    X: {2: 1}   # X shows 2
game: carcassonne
edition: 3
expansions: [wheel-of-fortune, river]
players: [Anna, Ben]
moves:
  - RV-D 2,-2 90
EOF
cat >"$wf/order.want" <<'EOF'
format: carcref/1
game: carcassonne
edition: 3
expansions: [wheel-of-fortune, river]
players:
  - Anna
  - Ben
wheel-of-fortune:  # this printing
  icons:
    X: {2: 1}   # X shows 2
spring: "2,-1 90"  # south
moves:
  - RV-D 2,-2 90
EOF
expect_same "$wf/order.want" -- fmt --stdout "$wf/order.yaml"
cp "$wf/order.want" "$wf/again.yaml"
expect_same "$wf/order.want" -- fmt --stdout "$wf/again.yaml"
expect_exit 0 -- replay "$wf/order.yaml"
printf 'format: carcref/1\ngame: carcassonne\nedition: 3\nexpansions: [wheel-of-fortune]\nplayers:\n  - Anna\n  - Ben\nwheel-of-fortune: printing.yaml\nmoves: []\n' >"$wf/named.yaml"
expect_same "$wf/named.yaml" -- fmt --stdout "$wf/named.yaml"
# A file a record names is read beside it, whatever the current directory.
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [Anna, Ben]\nwheel-of-fortune: printing.yaml\nmoves:\n  - X wheel=2 -1,0 0\n' >"$wf/file.yaml"
abs=$(cd "$(dirname "$CARCREF")" && pwd)/$(basename "$CARCREF")
data=$(cd "${CARCREF_DATA:-rules/tiles}" && pwd)
expect "replay: a data file beside the record, from another directory" \
    sh -c "cd / && CARCREF_DATA='$data' '$abs' replay --quiet '$wf/file.yaml' >/dev/null"
sed 's/X wheel=2/X wheel=1/' "$wf/file.yaml" >"$wf/file1.yaml"
expect_exit 1 -- replay "$wf/file1.yaml"
expect_err "move 1: X's icon shows 2 (printing.yaml line 37), not 1; another printing? correct the data" -- replay "$wf/file1.yaml"
sed 's/printing.yaml/no-such.yaml/' "$wf/file.yaml" >"$wf/nofile.yaml"
expect_exit 2 -- replay "$wf/nofile.yaml"
expect_err 'nofile.yaml:4:19: wheel-of-fortune: ' -- replay "$wf/nofile.yaml"
expect_err 'no-such.yaml: No such file or directory' -- replay "$wf/nofile.yaml"
expect_out '"kind": "unreadable"' -- replay --json "$wf/nofile.yaml"
sed 's/crowns: 2}/crowns: 3}/' "$wf/printing.yaml" >"$wf/bad.yaml"
sed 's/printing.yaml/bad.yaml/' "$wf/file.yaml" >"$wf/badfile.yaml"
expect_exit 1 -- replay "$wf/badfile.yaml"
expect_err 'wheel-of-fortune: bad.yaml:27:35: section tax has 1 or 2 crown spaces (crowns: 1 or crowns: 2) (the data may be corrected there)' -- replay "$wf/badfile.yaml"
expect_out '"kind": "data-check"' -- replay --json "$wf/badfile.yaml"
sed 's/expansions: \[wheel-of-fortune\]/expansions: []/' "$wf/file.yaml" >"$wf/nowheel.yaml"
expect_err 'nowheel.yaml:4:1: "wheel-of-fortune" is valid only with wheel-of-fortune in expansions' -- replay "$wf/nowheel.yaml"
# play --wheel-of-fortune FILE; save; the file gone, the saved record
# replays the same (the data inline).
cp "$wf/printing.yaml" "$wf/gone.yaml"
printf 'X wheel=2 -1,0 0\nU wheel=3 4,1 0\nsave %s\nquit\n' "$wf/saved.yaml" >"$wf/cmds"
STDIN=$wf/cmds run play --players Anna,Ben --expansions wheel-of-fortune --wheel-of-fortune "$wf/gone.yaml"
[ "$code" = 0 ] && [ -f "$wf/saved.yaml" ] && ok || not_ok "play --wheel-of-fortune FILE, save" play
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [Anna, Ben]\nwheel-of-fortune: gone.yaml\nmoves:\n  - X wheel=2 -1,0 0\n  - U wheel=3 4,1 0\n' >"$wf/byfile.yaml"
run replay --json "$wf/byfile.yaml"
cp "$tmp/out" "$wf/byfile.json"
rm "$wf/gone.yaml"
expect "save: the data written inline (set: wheel-of-fortune)" grep -q '^  set: wheel-of-fortune$' "$wf/saved.yaml"
expect_same "$wf/byfile.json" -- replay --json "$wf/saved.yaml"
expect_exit 2 -- replay "$wf/byfile.yaml"	# the file gone: its record no longer reads
cp "$wf/saved.yaml" "$wf/saved2.yaml"
expect_same "$wf/saved.yaml" -- fmt --stdout "$wf/saved2.yaml"
expect_err 'carcref play: --wheel-of-fortune: "wheel-of-fortune" is valid only with wheel-of-fortune in expansions' \
    -- play --players Anna,Ben --wheel-of-fortune "$wf/printing.yaml"
expect_err 'carcref play: --wheel-of-fortune: no-such.yaml: No such file or directory' \
    -- play --players Anna,Ben --expansions wheel-of-fortune --wheel-of-fortune no-such.yaml
expect_err 'has data of its own (wheel-of-fortune:); leave --wheel-of-fortune out' \
    -- play "$wf/saved.yaml" --wheel-of-fortune "$wf/printing.yaml"
expect_exit 0 -- selfplay --expansions wheel-of-fortune --wheel-of-fortune "$wf/printing.yaml"
expect_out '    X: {2: 1}' -- selfplay --expansions wheel-of-fortune --wheel-of-fortune "$wf/printing.yaml"
# tiles --check FILE: every failed check of a wheel data file, with its line.
sed 's/crowns: 2}/crowns: 3}/; s/  X:     {2: 1}/  X:     {7: 1}/; s/at: \["3,3:E"\]}  /at: ["5,3:E"]}  /' \
    "$wf/printing.yaml" >"$wf/bad3.yaml"
expect_exit 1 -- tiles --check "$wf/bad3.yaml"
expect_err 'bad3.yaml:27:35: section tax has 1 or 2 crown spaces' -- tiles --check "$wf/bad3.yaml"
expect_err 'bad3.yaml:37:11: icons: X: a key is 1, 2, 3, any or doubt, not "7"' -- tiles --check "$wf/bad3.yaml"
expect_err '"5,3:E": the board covers the squares 0,0 to 3,3' -- tiles --check "$wf/bad3.yaml"
expect_exit 0 -- tiles --check "$wf/printing.yaml"
expect_exit 2 -- tiles --check "$wf/no-such.yaml"
# play --spring X,Y[ ROT]: a new game's spring where the players lay it
# (the first open square when not given); white space around it is the
# option's; a square not open, or without the River and the wheel,
# refused with the square's words; not for a record, nor for selfplay.
printf 'save %s\nquit\n' "$wf/spr.yaml" >"$wf/sprcmds"
STDIN=$wf/sprcmds run play --players Anna,Ben --expansions river,wheel-of-fortune --spring ' 4,0 '
expect "play --spring 4,0: the record's spring, its rotation worked out" grep -qx 'spring: "4,0 0"' "$wf/spr.yaml"
# The usage names every game's options, the modules' record keys among them.
expect_err '[--wheel-of-fortune FILE] [--spring "X,Y[ ROT]"] [--faceset FILE] [--tileset FILE] [FILE | --resume [NAME]]' -- play --frobnicate

expect_err '[--pieces PERCENT] [--edition E] [--expansions X,Y] [--wheel-of-fortune FILE] [--faceset FILE]' -- selfplay --frobnicate
STDIN=$wf/sprcmds run play --players Anna,Ben --expansions river,wheel-of-fortune
expect "play without --spring: the first open square" grep -qx 'spring: "0,-1 90"' "$wf/spr.yaml"
expect_err 'carcref play: spring: "4,0 90": the spring flows straight away from the board: at 4,0 its rotation is 0, not 90' \
    -- play --players Anna,Ben --expansions river,wheel-of-fortune --spring '4,0 90'
expect_err 'carcref play: spring: "9,9": a tile must touch the board along an edge' \
    -- play --players Anna,Ben --expansions river,wheel-of-fortune --spring 9,9
expect_err 'carcref play: --spring: spring: expected "X,Y" or "X,Y ROT" (ROT 0, 90, 180 or 270), got "north"' \
    -- play --players Anna,Ben --expansions river,wheel-of-fortune --spring north
expect_err 'carcref play: --spring: "spring" is valid only with wheel-of-fortune in expansions' \
    -- play --players Anna,Ben --expansions river --spring 4,0
expect_exit 2 -- play "$wf/spr.yaml" --spring 4,0
expect_err 'carcref play: --spring is for a new game; ' -- play "$wf/spr.yaml" --spring 4,0
expect_err 'spr.yaml is a record, with its own set-up' -- play "$wf/spr.yaml" --spring 4,0
expect_err 'carcref selfplay: unknown option "--spring"' -- selfplay --expansions river,wheel-of-fortune --spring 4,0
# The River with the wheel: the spring at its square, refusals of the record.
printf 'format: carcref/1\nexpansions: [river, wheel-of-fortune]\nplayers: [Anna, Ben]\nspring: "-1,1"\nmoves: []\n' >"$wf/spring.yaml"
run board --move 0 "$wf/spring.yaml"
expect "board --move 0: the spring west of the board" grep -q '^1 ~~' "$tmp/out"
sed 's/"-1,1"/"-1,0"/' "$wf/spring.yaml" >"$wf/spring-road.yaml"
expect_exit 1 -- replay "$wf/spring-road.yaml"
expect_err 'spring-road.yaml:4:9: spring: "-1,0": edges must match' -- replay "$wf/spring-road.yaml"
expect_out '"kind": "header"' -- replay --json "$wf/spring-road.yaml"
sed '/^spring/d' "$wf/spring.yaml" >"$wf/nospring.yaml"
expect_err 'with river and wheel-of-fortune in expansions, the record says spring:' -- replay "$wf/nospring.yaml"

# ---- issue 21, the tester's refusals (QA1 items 1-4, 9-12) -----------------
qa=$tmp/qa21
mkdir -p "$qa"
qa_lacks() { ! grep -qF -- "$1" "$2"; }
# qarec FILE EXPANSIONS MOVE...: a record of Anna and Ben with these moves.
qarec() {
	local f=$1 x=$2
	shift 2
	{ printf 'format: carcref/1\n'
	  [ -n "$x" ] && printf 'expansions: [%s]\n' "$x"
	  printf 'players: [Anna, Ben]\nmoves:\n'
	  for m in "$@"; do printf '  - %s\n' "$m"; done; } >"$qa/$f"
}
# 1. crown@ without the wheel: the piece is not in play (spec 4.6).
qarec crown.yaml '' 'B 0,-1 0 crown@tax'
expect_out '"kind": "piece-not-in-play", "message": "column 5: crown@tax: wheel-of-fortune is not in play in this game"' \
    -- replay --json "$qa/crown.yaml"
# 2. big-crown@ without Inns & Cathedrals: the piece, not the tile; help
# meeple lists no big-crown then.
qarec bigcrown.yaml wheel-of-fortune 'B 0,-1 0 big-crown@tax'
expect_out '"kind": "piece-not-in-play", "message": "column 5: big-crown@tax: inns-cathedrals is not in play in this game"' \
    -- replay --json "$qa/bigcrown.yaml"
printf 'help meeple\nquit\n' >"$qa/helpm"
STDIN=$qa/helpm expect_out '  the pieces of the expansions in play: crown' \
    -- play --players Anna,Ben --expansions wheel-of-fortune
expect "help meeple: no big-crown without inns-cathedrals" qa_lacks 'big-crown' "$tmp/out"
# 3. Icon copies above the copies of the type (spec 2.4): refused at
# move 0 (data-check) by the record's line or the file's; tiles --check
# checks a wheel data file against the shipped sets.
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [Anna, Ben]\nwheel-of-fortune: {icons: {D: {2: 5}}}\nmoves:\n  - D wheel=2 0,-1 180\n' >"$qa/ic.yaml"
expect_out '"error": {"move": 0, "line": 4, "kind": "data-check", "message": "column 1: icons: D: 5 copies with a wheel icon, more than the 3 D in the supply"}' \
    -- replay --json "$qa/ic.yaml"
sed 's/^  X:     {1: 1}/  X:     {1: 2}/' "${CARCREF_DATA:-rules/tiles}/wheel-of-fortune.yaml" >"$qa/x2.yaml"
expect_exit 1 -- tiles --check "$qa/x2.yaml"
expect_err 'x2.yaml:54:1: icons: X: 2 copies with a wheel icon, more than the 1 X in the supply' \
    -- tiles --check "$qa/x2.yaml"
sed 's/^  WF-29: {3: 1}/  WF-29: {3: 2}/' "${CARCREF_DATA:-rules/tiles}/wheel-of-fortune.yaml" >"$qa/w2.yaml"
expect_err 'w2.yaml:55:1: icons: WF-29: 2 copies with a wheel icon, more than the 1 WF-29 in the supply' \
    -- tiles --check "$qa/w2.yaml"
printf 'format: carcref/1\nexpansions: [wheel-of-fortune]\nplayers: [Anna, Ben]\nwheel-of-fortune: x2.yaml\nmoves: []\n' >"$qa/rx.yaml"
expect_err 'icons: X: 2 copies with a wheel icon, more than the 1 X in the supply (x2.yaml line 54; the data may be corrected there)' \
    -- replay "$qa/rx.yaml"
expect_exit 2 -- play --players Anna,Ben --expansions wheel-of-fortune --wheel-of-fortune "$qa/x2.yaml"
expect_exit 0 -- tiles --check "${CARCREF_DATA:-rules/tiles}/wheel-of-fortune.yaml"
# 4. The board named as the spec names it (4.6), a spring on it too.
qarec occ.yaml wheel-of-fortune 'U 1,1 0'
expect_out '"kind": "position-occupied", "message": "column 5: one tile per square: U at 1,1, but the Wheel of Fortune board lies there (it covers 0,0 to 3,3)"' \
    -- replay --json "$qa/occ.yaml"
qarec edge.yaml wheel-of-fortune 'U 0,4 0'
expect_out '"kind": "tile-edge-mismatch", "message": "column 5: edges must match: U at 0,4 rotation 0: its S edge is field, the board shows city on the N edge of 0,3; no rotation of U fits at 0,4"' \
    -- replay --json "$qa/edge.yaml"
printf 'format: carcref/1\nexpansions: [river, wheel-of-fortune]\nplayers: [Anna, Ben]\nspring: "1,1"\nmoves: []\n' >"$qa/sp11.yaml"
expect_err 'spring: "1,1": one tile per square: RV-A at 1,1, but the Wheel of Fortune board lies there (it covers 0,0 to 3,3) (it may lie on:' \
    -- replay "$qa/sp11.yaml"
# 9. Reading errors as spec 4.6 words them (the line read first, left
# to right), in French with the words the line wrote (the last two: a
# French line was once answered with plague=X,Y and wheel=N).
for k in 'U -1,0 0 wheel=2|column 14: wheel=N comes right after the tile code, before the position: U wheel=2 -1,0 0' \
    'U -1,0 wheel=2 0|column 12: wheel=N comes right after the tile code, before the position: U wheel=2 -1,0' \
    'U plague=0,0 wheel=2 -1,0 0|column 7: plague=X,Y follows wheel=N (the pig must have moved)' \
    'U wheel=3 -1,0 0 crown@tax thief@E|column 32: one piece a turn: a crown follower or a piece on the tile' \
    'U wheel=3 -1,0 0 thief@E crown@tax|column 30: one piece a turn: a crown follower or a piece on the tile' \
    'U wheel=3 discard crown@tax|column 23: one piece a turn: a crown follower or a piece on the tile' \
    'U -1,0 0 crown@taxi|column 20: expected a section of the wheel (fortune, tax, famine, storm, inquisition, plague), got \"taxi\"' \
    'U -1,0 0 crown|column 19: expected @SECTION after \"crown\"' \
    'U wheel=4 -1,0 0|column 13: expected wheel=1, wheel=2 or wheel=3, got \"wheel=4\"' \
    'U peste=0,0 roue=2 -1,0 0|column 7: peste=X,Y follows roue=N (the pig must have moved)' \
    'U -1,0 0 roue=2|column 14: roue=N comes right after the tile code, before the position: U roue=2 -1,0 0'; do
	qarec read.yaml wheel-of-fortune "${k%%|*}"
	expect_out "\"kind\": \"syntax\", \"message\": \"${k#*|}\"" -- replay --json "$qa/read.yaml"
done
# A token of the copy drawn after a piece that draws a token of its own
# (the fast reader once took it for the shepherd's, fuzz_move in CI).
qarec read.yaml 'hills-sheep, wheel-of-fortune' 'U -1,0 0 shepherd@E wheel=2'
expect_out '"kind": "syntax", "message": "column 25: wheel=N comes right after the tile code, before the position: U wheel=2 -1,0 0"' \
    -- replay --json "$qa/read.yaml"
if fr_locale "$tmp/locale"; then
	qarec readfr.yaml wheel-of-fortune 'U peste=0,0 roue=2 -1,0 0'
	CARCREF=$FR_CARCREF expect_err 'peste=X,Y suit roue=N (le cochon doit avoir avancé)' -- replay "$qa/readfr.yaml"
	qarec readfr.yaml wheel-of-fortune 'U roue=5 -1,0 0'
	CARCREF=$FR_CARCREF expect_err 'il faut roue=1, roue=2 ou roue=3, pas « roue=5 »' -- replay "$qa/readfr.yaml"
	qarec readfr.yaml wheel-of-fortune 'U -1,0 0 couronne@taxi'
	CARCREF=$FR_CARCREF expect_err 'il faut une section de la roue (fortune, taxes, famine, tempête, inquisition, peste), pas « taxi »' \
	    -- replay "$qa/readfr.yaml"
fi
# 10. Plague's refusals name the followers, the feature and the board
# (spec 4.6), on the tester's game: Anna's knight at 0,4 and thief at
# -1,0, Ben's monk at 0,-1.
for k in 'U wheel=2 4,1 0|plague-choice-missing|the pig stops on Plague: Anna has 2 followers on land tiles (knight at 0,4, thief at -1,0): name the one going home with plague=X,Y' \
    'U wheel=2 plague=-1,0:S 4,1 0|plague-spot-mismatch|plague=-1,0:S: Anna'"'"'s thief at -1,0 stands on the road (N, E), not on the field at S; write plague=-1,0 or plague=-1,0:E' \
    'U wheel=2 plague=1,1 4,1 0|plague-no-follower|plague=1,1: no follower stands on a land tile at 1,1 (the Wheel of Fortune board lies there)' \
    'U wheel=2 plague=5,5 4,1 0|plague-no-follower|plague=5,5: no follower stands on a land tile at 5,5 (no tile lies there)'; do
	qarec plague.yaml wheel-of-fortune 'E 0,4 180 knight@S' 'B 0,-1 0 monk' 'V wheel=3 -1,0 180 thief@E' "${k%%|*}"
	k=${k#*|}
	expect_out "\"kind\": \"${k%%|*}\", \"message\": \"column 5: ${k#*|}\"" -- replay --json "$qa/plague.yaml"
done
# 11. A type with no copy left names its twin of the wheel (spec 2.3).
qarec twin.yaml wheel-of-fortune 'U -1,0 0' 'U wheel=1 -2,0 0' 'U wheel=1 -3,0 0' 'U wheel=1 -4,0 0' \
    'U wheel=1 -5,0 0' 'U wheel=1 -6,0 0' 'U wheel=1 -7,0 0' 'U wheel=1 -8,0 0' 'U -9,0 0'
expect_out '"kind": "tile-exhausted", "message": "column 5: no copy left: all 8 U of the set are used, on the board at -1,0 -2,0 -3,0 -4,0 -5,0 -6,0 -7,0 -8,0; a U with the Wheel of Fortune set symbol is WF-31"}' \
    -- replay --json "$qa/twin.yaml"
qarec twin0.yaml '' 'U -1,0 0' 'U -2,0 0' 'U -3,0 0' 'U -4,0 0' 'U -5,0 0' 'U -6,0 0' 'U -7,0 0' 'U -8,0 0' 'U -9,0 0'
expect_out 'on the board at -1,0 -2,0 -3,0 -4,0 -5,0 -6,0 -7,0 -8,0"}' -- replay --json "$qa/twin0.yaml"
# 12. tiles --set wheel-of-fortune shows the data's doubt (spec 2.4).
expect_out 'doubt (wheel-of-fortune.yaml): Board edges, crown spaces per section and icon' \
    -- tiles --set wheel-of-fortune
expect_out '  copies read from pictures and one wiki list; icon numbers per copy unknown.' \
    -- tiles --set wheel-of-fortune
run tiles --set base
expect "tiles --set base: no doubt" qa_lacks 'doubt' "$tmp/out"

# ---- issue 21, the second tester's refusals (QA2 items 2-3) ---------------
# 2. big-crown@ with the big meeple on a crown space: the spec's kind and
# words, naming the section; on a tile, as before.
qarec bm2.yaml wheel-of-fortune,inns-cathedrals 'B 0,-1 0 big-crown@storm' 'B 2,-1 0' 'A 3,-1 0 big-crown@plague'
expect_out '"kind": "no-big-meeple-left", "message": "column 5: big-crown: Anna'"'"'s big meeple is already on the board (on a crown space of Storm)"' \
    -- replay --json "$qa/bm2.yaml"
qarec bm3.yaml wheel-of-fortune,inns-cathedrals 'B 0,-1 0 big-monk' 'B 2,-1 0' 'A 3,-1 0 big-crown@plague'
expect_out '"kind": "no-big-meeple-left", "message": "column 5: big-crown: Anna'"'"'s big meeple is already on the board (at 0,-1)"' \
    -- replay --json "$qa/bm3.yaml"
qarec bm4.yaml wheel-of-fortune,inns-cathedrals 'B 0,-1 0 big-crown@storm' 'B 2,-1 0' 'E 0,4 180 big-knight@S'
expect_out '"kind": "no-pieces-left", "message": "column 5: big-knight: Anna'"'"'s big meeple is already on the board (on a crown space of Storm)"' \
    -- replay --json "$qa/bm4.yaml"
if fr_locale "$tmp/locale"; then
	CARCREF=$FR_CARCREF expect_err 'big-crown : Anna a déjà son grand meeple sur le plateau (sur une case de la couronne de Tempête)' \
	    -- replay "$qa/bm2.yaml"
fi
# 3. The four refusals as spec 4.6 words them, on the tester's game
# (Anna's knight at 0,4 and thief at -1,0; the pig on Storm).
for k in 'U wheel=1 plague=0,4 4,1 0|plague-not-due|the pig stops on Inquisition (1 from Storm): nobody sends a follower home' \
    'U wheel=2 wheel=3 4,1 0|wheel-twice|wheel=2 and wheel=3: the copy shows one number, and the pig moves once per tile' \
    'U wheel=2 plague=0,4 plague=-1,0 4,1 0|plague-twice|plague=0,4 and plague=-1,0 are both Anna'"'"'s: one follower each' \
    'X wheel=2 4,1 0|icon-number|X'"'"'s icon shows 1 (wheel-of-fortune.yaml line 54), not 2; another printing? correct the data'; do
	qarec qa2p.yaml wheel-of-fortune 'E 0,4 180 knight@S' 'B 0,-1 0 monk' 'V wheel=3 -1,0 180 thief@E' "${k%%|*}"
	k=${k#*|}
	expect_out "\"kind\": \"${k%%|*}\", \"message\": \"column 5: ${k#*|}\"" -- replay --json "$qa/qa2p.yaml"
done
qarec qa2w.yaml wheel-of-fortune 'WF-29 wheel=2 4,1 0'
expect_out '"kind": "icon-number", "message": "column 5: WF-29'"'"'s icon shows 3 (wheel-of-fortune.yaml line 55), not 2; another printing? correct the data"' \
    -- replay --json "$qa/qa2w.yaml"
if fr_locale "$tmp/locale"; then
	qarec qa2fr.yaml wheel-of-fortune 'E 0,4 180 knight@S' 'B 0,-1 0 monk' 'V wheel=3 -1,0 180 thief@E' 'U roue=1 peste=0,4 4,1 0'
	CARCREF=$FR_CARCREF expect_err 'le cochon s'"'"'arrête sur Inquisition (1 depuis Tempête) : personne ne reprend de partisan' \
	    -- replay "$qa/qa2fr.yaml"
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
