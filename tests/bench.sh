#!/usr/bin/env bash
# tests/bench.sh -- carcref's benchmarks (make bench).  Never part of
# make check: figures depend on the machine, so they are printed, not
# asserted.  Each figure is the median of RUNS runs.
#
#   replay   10,000 self-play base games (72 tiles, farmers, 2-5 players,
#            editions 1 and 3) from files, checked in one process:
#            games/s and microseconds per move, YAML parsing included.
#   dice     4,000 self-played dice games (2-5 players) the same way:
#            turns per second.
#   hunters-gatherers  2,000 self-played games the same way: microseconds
#            per move, and that against the base game's replay.
set -euo pipefail
CARCREF=${CARCREF:-./carcref}
RUNS=${RUNS:-5}
GAMES=${GAMES:-10000}
# The games are kept between runs, keyed on what selfplay now writes: a
# rules change that alters the games makes a new set.
key=$($CARCREF selfplay --seed 1 | cksum | cut -d' ' -f1)
dir=.build/bench/games-$GAMES-$key

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "machine: $(uname -m), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "carcref: $($CARCREF version)"

if [ ! -f "$dir/.done" ]; then
	echo "generating $GAMES self-play games in $dir ..."
	rm -rf "$dir"; mkdir -p "$dir"
	per=$((GAMES / 8))
	for p in 2 3 4 5; do
		for e in 1 3; do
			$CARCREF selfplay --seed $((p * 10 + e)) --games "$per" --players "$p" \
			    --edition "$e" --out "$dir/p$p-e$e"
		done
	done
	touch "$dir/.done"
fi
mapfile -t files < <(find "$dir" -name '*.yaml' | sort)
ngames=${#files[@]}
nmoves=$(cat "${files[@]}" | grep -c '^  - ')

# CPU time (user + system) of the one replay process is the figure: it is
# what "per core" means, and it does not move when other work shares the
# machine.  Wall time is printed beside it.
cpu=() wall=()
for _ in $(seq "$RUNS"); do
	out=$( { /usr/bin/time -f '%U %S %e' $CARCREF replay --quiet "${files[@]}" >/dev/null; } 2>&1 )
	read -r u s e <<<"$(echo "$out" | tail -1)"
	cpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')")
	wall+=("$(awk -v e="$e" 'BEGIN { printf "%d", e * 1e6 }')")
done
us=$(printf '%s\n' "${cpu[@]}" | median)
wus=$(printf '%s\n' "${wall[@]}" | median)
awk -v us="$us" -v wus="$wus" -v g="$ngames" -v m="$nmoves" -v r="$RUNS" 'BEGIN {
	printf "replay: %d games, %d moves, one process, median of %d runs\n", g, m, r
	printf "replay: CPU %.0f ms: %.0f games/s, %.2f us per move (YAML parsing included)\n", us / 1000, g / (us / 1e6), us / m
	printf "replay: wall %.0f ms: %.0f games/s\n", wus / 1000, g / (wus / 1e6)
}'

# The expansions: the same replay of 2,000 self-play games played with
# each set of expansions in play (2-6 players), its cost per move against
# the base game's (the bar: at most 1.3x).
per_move() {	# per_move DIR: median CPU microseconds per move replaying DIR
	local f=() n c=()
	mapfile -t f < <(find "$1" -name '*.yaml' | sort)
	n=$(cat "${f[@]}" | grep -c '^  - ')
	for _ in $(seq "$RUNS"); do
		read -r u s <<<"$( { /usr/bin/time -f '%U %S' $CARCREF replay --quiet "${f[@]}" >/dev/null; } 2>&1 | tail -1)"
		c+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')")
	done
	awk -v us="$(printf '%s\n' "${c[@]}" | median)" -v n="$n" 'BEGIN { printf "%.3f", us / n }'
}
# The reference: base games self-played the same way (same seeds, same
# player counts), replayed the same way, so the ratio is like for like.
selfplayed() {	# selfplayed EXTS: the folder of 2,000 games with EXTS ("" for none)
	local xdir=.build/bench/exp-$key-${1:-base}
	xdir=${xdir//,/+}
	if [ ! -f "$xdir/.done" ]; then
		rm -rf "$xdir"; mkdir -p "$xdir"
		for p in 2 4 6; do
			$CARCREF selfplay --seed $((p + 100)) --games 667 --players "$p" \
			    ${1:+--expansions "$1"} --out "$xdir/p$p"
		done
		touch "$xdir/.done"
	fi
	printf '%s' "$xdir"
}
# Instructions per move (callgrind, the first 300 games of a folder): the
# same ratio, deaf to whatever else the machine is doing.
ir_per_move() {
	local f=() n
	command -v valgrind >/dev/null || { printf 0; return; }
	mapfile -t f < <(find "$1" -name '*.yaml' | sort | head -300)
	n=$(cat "${f[@]}" | grep -c '^  - ')
	valgrind --tool=callgrind --callgrind-out-file=/dev/null $CARCREF replay --quiet \
	    "${f[@]}" 2>&1 >/dev/null | awk -v n="$n" '/Collected/ { printf "%.0f", $4 / n }'
}
base_us=$(per_move "$(selfplayed "")")
base_ir=$(ir_per_move "$(selfplayed "")")
# Every mix of the expansions: each subset of the four sets.
sets=(inns-cathedrals river traders-builders hills-sheep)
mixes=()
for ((m = 1; m < 16; m++)); do
	x=
	for ((b = 0; b < 4; b++)); do
		((m & (1 << b))) && x=${x:+$x,}${sets[b]}
	done
	mixes+=("$x")
done
for exts in "${mixes[@]}"; do
	awk -v x="$(per_move "$(selfplayed "$exts")")" -v b="$base_us" -v e="$exts" \
	    -v xi="$(ir_per_move "$(selfplayed "$exts")")" -v bi="$base_ir" 'BEGIN {
		printf "expansions %s: %.2f us per move, %.2fx the base game (%.2f us); ", e, x, x / b, b
		if (bi > 0)
			printf "%d instructions per move, %.2fx the base game (%d) (bar: 1.3x)\n", xi, xi / bi, bi
		else
			printf "(no valgrind: no instruction counts) (bar: 1.3x)\n" }'
done

# fmt of a large record: a whole game with 640,000 comment lines among
# its moves (45 MB), one blank short before each move's own comment, so
# fmt rewrites the file from its first move on.  Its CPU time against
# replay's of the same file (the issue's bar: at most 2x), and the peak
# memory of each against the size of the file (fmt's bar: under 2x).
# fmt rewrites a copy each run.
big=.build/bench/big.yaml
if [ ! -f "$big" ]; then
	$CARCREF selfplay --seed 7 | awk '
		/^moves:/ { print; m = 1; next }
		!m { print; next }
		/^  - / { for (j = 0; j < 8888; j++)
				printf "  # note %d on move %d: the table talked about the farm for a while\n", j, k
			  print $0 " # move " k++; next }
		{ print }' >"$big"
fi
size=$(stat -c %s "$big")
rcpu=() fcpu=() rmem=() fmem=()
for _ in $(seq "$RUNS"); do
	read -r u s m <<<"$( { /usr/bin/time -f '%U %S %M' $CARCREF replay --quiet "$big" >/dev/null; } 2>&1 | tail -1)"
	rcpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')"); rmem+=("$m")
	cp "$big" "$big.fmt"
	read -r u s m <<<"$( { /usr/bin/time -f '%U %S %M' $CARCREF fmt "$big.fmt" >/dev/null; } 2>&1 | tail -1)"
	fcpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')"); fmem+=("$m")
done
rm -f "$big.fmt"
awk -v r="$(printf '%s\n' "${rcpu[@]}" | median)" -v f="$(printf '%s\n' "${fcpu[@]}" | median)" \
    -v rm="$(printf '%s\n' "${rmem[@]}" | median)" -v fm="$(printf '%s\n' "${fmem[@]}" | median)" \
    -v size="$size" -v n="$(grep -c '^ *#' "$big")" 'BEGIN {
	printf "fmt: a record of %.1f MB, %d comment lines: fmt %.0f ms CPU, replay %.0f ms: %.2fx replay (bar: 2x)\n", size / 1e6, n, f / 1000, r / 1000, f / r
	printf "fmt: peak memory %.1f MB = %.2fx the file (bar: under 2x); replay %.1f MB = %.2fx\n", fm / 1024, fm * 1024 / size, rm / 1024, rm * 1024 / size
}'

# The dice game: DICE self-played games (2 to 5 players, layouts and
# size-only turns), replayed from files in one process: turns per second,
# YAML parsing included.  Kept between runs, keyed on what selfplay writes.
DICE=${DICE:-4000}
dkey=$($CARCREF selfplay --game dice --seed 1 | cksum | cut -d' ' -f1)
ddir=.build/bench/dice-$DICE-$dkey
if [ ! -f "$ddir/.done" ]; then
	rm -rf "$ddir"; mkdir -p "$ddir"
	for p in 2 3 4 5; do
		$CARCREF selfplay --game dice --seed $((p + 200)) --games $((DICE / 4)) --players "$p" \
		    --out "$ddir/p$p"
	done
	touch "$ddir/.done"
fi
mapfile -t dfiles < <(find "$ddir" -name '*.yaml' | sort)
dturns=$(cat "${dfiles[@]}" | grep -c '^  - ')
dcpu=()
for _ in $(seq "$RUNS"); do
	read -r u s <<<"$( { /usr/bin/time -f '%U %S' $CARCREF replay --quiet "${dfiles[@]}" >/dev/null; } 2>&1 | tail -1)"
	dcpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')")
done
awk -v us="$(printf '%s\n' "${dcpu[@]}" | median)" -v g="${#dfiles[@]}" -v t="$dturns" -v r="$RUNS" 'BEGIN {
	printf "dice: %d self-played games, %d turns, one process, median of %d runs\n", g, t, r
	printf "dice: CPU %.0f ms: %.0f turns/s replayed, %.2f us per turn (YAML parsing included)\n", us / 1000, t / (us / 1e6), us / t
}'

# Hunters & Gatherers: HG self-played games (2 to 5 players) replayed
# the same way: its cost per move against the base game's replay above
# (the contract: at most 1.3 times).  Kept between runs, keyed on what
# selfplay writes.
HG=${HG:-2000}
hkey=$($CARCREF selfplay --game hunters-gatherers --seed 1 | cksum | cut -d' ' -f1)
hdir=.build/bench/hg-$HG-$hkey
if [ ! -f "$hdir/.done" ]; then
	rm -rf "$hdir"; mkdir -p "$hdir"
	for p in 2 3 4 5; do
		$CARCREF selfplay --game hunters-gatherers --seed $((p + 300)) --games $((HG / 4)) \
		    --players "$p" --out "$hdir/p$p"
	done
	touch "$hdir/.done"
fi
mapfile -t hfiles < <(find "$hdir" -name '*.yaml' | sort)
hmoves=$(cat "${hfiles[@]}" | grep -c '^  - ')
hcpu=()
for _ in $(seq "$RUNS"); do
	read -r u s <<<"$( { /usr/bin/time -f '%U %S' $CARCREF replay --quiet "${hfiles[@]}" >/dev/null; } 2>&1 | tail -1)"
	hcpu+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1e6 }')")
done
awk -v us="$(printf '%s\n' "${hcpu[@]}" | median)" -v g="${#hfiles[@]}" -v m="$hmoves" -v r="$RUNS" \
    -v base="$us" -v bm="$nmoves" 'BEGIN {
	printf "hunters-gatherers: %d self-played games, %d moves, one process, median of %d runs\n", g, m, r
	printf "hunters-gatherers: CPU %.0f ms: %.2f us per move (YAML parsing included), %.2fx the base game'"'"'s %.2f\n", us / 1000, us / m, (us / m) / (base / bm), base / bm
}'

# The same in instructions (valgrind's callgrind, when installed), which
# other work on the machine does not move: 200 games of each, the cost of
# one game's replay (start-up) taken off.
if command -v valgrind >/dev/null; then
	ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
	    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
	# 200 of each, spread evenly over the files (sorted by player
	# count, then edition): every player count weighs in both.
	spread() { awk -v n=200 '{ f[NR] = $0 } END { for (i = 0; i < n && i < NR; i++)
	    print f[int(i * NR / n) + 1] }'; }
	mapfile -t hsome < <(printf '%s\n' "${hfiles[@]}" | spread)
	mapfile -t bsome < <(printf '%s\n' "${files[@]}" | spread)
	read -r h1 hn b1 bn <<<"$(ir $CARCREF replay --quiet "${hsome[0]}") $(ir $CARCREF replay \
	    --quiet "${hsome[@]}") $(ir $CARCREF replay --quiet "${bsome[0]}") $(ir $CARCREF replay \
	    --quiet "${bsome[@]}")"
	awk -v h1="$h1" -v hn="$hn" -v b1="$b1" -v bn="$bn" \
	    -v hm="$(cat "${hsome[@]}" | grep -c '^  - ')" -v h1m="$(grep -c '^  - ' "${hsome[0]}")" \
	    -v bm="$(cat "${bsome[@]}" | grep -c '^  - ')" -v b1m="$(grep -c '^  - ' "${bsome[0]}")" 'BEGIN {
		h = (hn - h1) / (hm - h1m); b = (bn - b1) / (bm - b1m)
		printf "hunters-gatherers: %.0f instructions per move replayed, the base game %.0f: %.2fx (at most 1.3x wanted)\n", h, b, h / b
	}'
fi

# Issue 23's figures, in instructions (callgrind), each against the base
# game in the same run.  A record's cost is taken as the issue measures
# it: its files replayed three times less once, in one process, so the
# start-up (the tile data read once) falls out and each game's set-up
# and ranking stay in.
#   start-up  replay --quiet of one record with no moves, the whole
#             process (goal: at most 2 M for any game or mix)
#   per move  the real games of ../shared/corpus (CORPUS=DIR elsewhere),
#             folder by folder, against the base game's self-played
#             games (200 spread over the player counts) and samples/
#             (goal: every set and mix at most 1.3x the base game; the
#             base game at most 2,630).  The goal is on complete games: a
#             folder of records under 50 moves each (the hand-built wheel
#             scenario, 6 moves) is printed but not held to it, its
#             set-up being most of its cost a move
#   set-up    a record with no moves, 3 players (goal: at most 20 k):
#             everything replay pays for a record besides its moves --
#             reading the file, its header and expansions, the game made
#             or reset and each module's start, and the table of scores
#             it prints.  The table stays in: checking an archive file
#             by file pays it for every record, as it pays the rest.
#             The base game's per-move figure for the 1.3x goal is the
#             self-played games' (200, the issue's 2,630 too); samples/
#             (four real games, a comment on every move) is printed
#             beside it for real games against real games.
if command -v valgrind >/dev/null; then
	irc() { valgrind --tool=callgrind --callgrind-out-file=/dev/null $CARCREF replay --quiet "$@" \
	    2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
	per_rec() {	# per_rec FILES: instructions of one more replay of FILES, and their moves
		local a b
		a=$(irc "$@"); b=$(irc "$@" "$@" "$@")
		echo "$(( (b - a) / 2 )) $(cat "$@" | grep -c '^  - ')"
	}
	edir=.build/bench/empty
	mkdir -p "$edir"
	# spring: the River and the Wheel of Fortune with three more, the
	# spring beside the Wheel's board where its key says (issue 21).
	emix=(base inns-cathedrals river traders-builders hills-sheep wheel-of-fortune
	    inns-cathedrals,traders-builders,hills-sheep inns-cathedrals,river,traders-builders,hills-sheep
	    inns-cathedrals,traders-builders,hills-sheep,wheel-of-fortune spring)
	for x in "${emix[@]}"; do
		e=${x/#base/} k=
		[ "$x" = spring ] && e=river,wheel-of-fortune,inns-cathedrals,traders-builders,hills-sheep \
		    k='spring: "1,4 270"\n'
		printf "format: carcref/1\ngame: carcassonne\nedition: 3\nexpansions: [%s]\nplayers: [Alice, Bob, Carol]\n${k}moves: []\n" \
		    "${e//,/, }" >"$edir/${x//,/+}.yaml"
	done
	for x in "${emix[@]}"; do
		f=$edir/${x//,/+}.yaml
		read -r s _ <<<"$(per_rec "$f")"
		printf 'issue 23: %s: start-up %d instructions (goal: at most 2 M); set-up %d (goal: at most 20 k)\n' \
		    "$x" "$(irc "$f")" "$s"
	done
	mapfile -t bsp < <(find "$(selfplayed "")" -name '*.yaml' | sort |
	    awk -v n=200 '{ f[NR] = $0 } END { for (i = 0; i < n && i < NR; i++) print f[int(i * NR / n) + 1] }')
	read -r bi bm <<<"$(per_rec "${bsp[@]}")"
	read -r si sm <<<"$(per_rec samples/*.yaml)"
	awk -v bi="$bi" -v bm="$bm" -v si="$si" -v sm="$sm" 'BEGIN {
		printf "issue 23: base game, self-played (%d moves): %.0f instructions per move (goal: at most 2,630)\n", bm, bi / bm
		printf "issue 23: base game, samples/ (%d moves, names and comments): %.0f per move\n", sm, si / sm }'
	# Issue 21's speed: the Wheel of Fortune per move against the base
	# game, both self-played the default way (the same 200 spread over
	# 2, 4 and 6 players; goal: 1.3x), and the wheel with every other
	# set against those sets alone (what the wheel adds to any mix).
	wsome() {	# wsome EXTS: 200 of the self-played games of EXTS
		find "$(selfplayed "$1")" -name '*.yaml' | sort |
		    awk -v n=200 '{ f[NR] = $0 } END { for (i = 0; i < n && i < NR; i++) print f[int(i * NR / n) + 1] }'
	}
	allx=inns-cathedrals,river,traders-builders,hills-sheep
	mapfile -t wsp < <(wsome wheel-of-fortune)
	mapfile -t asp < <(wsome "$allx")
	mapfile -t awsp < <(wsome "$allx,wheel-of-fortune")
	read -r wi wm <<<"$(per_rec "${wsp[@]}")"
	read -r ai am <<<"$(per_rec "${asp[@]}")"
	read -r awi awm <<<"$(per_rec "${awsp[@]}")"
	awk -v wi="$wi" -v wm="$wm" -v ai="$ai" -v am="$am" -v awi="$awi" -v awm="$awm" -v b="$bi" -v bm="$bm" 'BEGIN {
		b /= bm
		printf "issue 21: wheel-of-fortune, self-played (%d moves): %.0f per move, %.3fx the base game (goal: 1.3x)\n", wm, wi / wm, wi / wm / b
		printf "issue 21: every set with the wheel (%d moves): %.0f per move, %.3fx the same sets without it (%.0f), %.3fx the base game\n",
		    awm, awi / awm, (awi / awm) / (ai / am), ai / am, awi / awm / b }'
	# A realistic share of pieces (the issue's Measure): selfplay's
	# default coin puts a piece on about a third of the moves, real
	# games on near half (samples/ 47%; ../shared/corpus 19-54% a
	# folder).  --pieces 100 (a piece whenever the coin would allow
	# one; random players soon run out of followers) comes nearest:
	# these games, 120 a game or mix over 2, 4 and 6 players, and the
	# corpus are set against the base game played the same way.  This
	# is the 1.3x goal's figure; the default games' above keep the
	# base game's 2,630.
	share() {	# share FILES: the percentage of moves that put a piece
		grep -h '^  - ' "$@" | awk '{ n++ } /@| monk| abbot/ { p++ } END { printf "%.0f", 100 * p / n }'
	}
	realistic() {	# realistic EXTS: the folder of 120 games with EXTS ("" for none)
		local xdir=.build/bench/real-$key-${1:-base}
		xdir=${xdir//,/+}
		if [ ! -f "$xdir/.done" ]; then
			rm -rf "$xdir"; mkdir -p "$xdir"
			for p in 2 4 6; do
				$CARCREF selfplay --pieces 100 --seed $((p + 400)) --games 40 --players "$p" \
				    ${1:+--expansions "$1"} --out "$xdir/p$p"
			done
			touch "$xdir/.done"
		fi
		printf '%s' "$xdir"
	}
	rb=$(realistic "")
	read -r ri rmv <<<"$(per_rec "$rb"/*/*.yaml)"
	rpm=$((ri / rmv))
	echo "issue 23: base game, self-played with --pieces 100 ($rmv moves, a piece on $(share "$rb"/*/*.yaml)% of them): $rpm per move"
	# The wheel in a mix too (every set with it): "every mix" of the
	# goal, as issue 21's line above says it for the default games; and
	# the wheel with every set but one (without the Inns & Cathedrals'
	# cheap moves, the others' costs weigh more).
	for x in hills-sheep inns-cathedrals traders-builders river inns-cathedrals,traders-builders,hills-sheep \
	    inns-cathedrals,river,traders-builders,hills-sheep wheel-of-fortune \
	    inns-cathedrals,river,traders-builders,hills-sheep,wheel-of-fortune \
	    river,traders-builders,hills-sheep,wheel-of-fortune \
	    inns-cathedrals,traders-builders,hills-sheep,wheel-of-fortune \
	    inns-cathedrals,river,hills-sheep,wheel-of-fortune \
	    inns-cathedrals,river,traders-builders,wheel-of-fortune; do
		xd=$(realistic "$x")
		read -r xi xm <<<"$(per_rec "$xd"/*/*.yaml)"
		awk -v x="$x" -v xi="$xi" -v xm="$xm" -v b="$rpm" -v sh="$(share "$xd"/*/*.yaml)" 'BEGIN {
			printf "issue 23: %s, self-played with --pieces 100 (%d moves, a piece on %d%%): %.0f per move, %.2fx the base game played so (goal: 1.3x)\n",
			    x, xm, sh, xi / xm, xi / xm / b }'
	done
	CORPUS=${CORPUS:-../shared/corpus}
	for d in hills-sheep inns-cathedrals traders-builders river mixed wheel-of-fortune; do
		[ -d "$CORPUS/$d" ] || { echo "issue 23: $CORPUS/$d: none (CORPUS=DIR)"; continue; }
		read -r ci cm <<<"$(per_rec "$CORPUS/$d"/*.yaml)"
		awk -v d="$d" -v ci="$ci" -v cm="$cm" -v b="$((bi / bm))" -v s="$((si / sm))" -v r="$rpm" \
		    -v sh="$(share "$CORPUS/$d"/*.yaml)" -v nr="$(ls "$CORPUS/$d"/*.yaml | wc -l)" 'BEGIN {
			# The goal is on complete games; a record of a few moves
			# (a hand-built scenario) is mostly its set-up a move.
			goal = cm / nr >= 50 ? "goal: 1.3x" : \
			    sprintf("%.0f moves a record, not a complete game: not held to the goal", cm / nr)
			printf "issue 23: corpus %s (%d moves, a piece on %d%%): %.0f per move, %.2fx the base game with --pieces 100 (%s), %.2fx the default self-played base, %.2fx samples/\n",
			    d, cm, sh, ci / cm, ci / cm / r, goal, ci / cm / b, ci / cm / s }'
	done
fi

# Engine figures: legal listing, scaling to 10,000 and 100,000 tiles, RSS.
cc -std=c17 -O3 -D_POSIX_C_SOURCE=200809L -I. -o .build/bench/engine tests/bench/engine.c \
    .build/normal/librules.a $(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
.build/bench/engine rules/tiles

# REPL start-up to its first prompt (a scripted session that quits at
# once), and the peak memory of replaying one whole game.
state=$(mktemp -d)
st=()
for _ in $(seq "$RUNS"); do
	s=$(date +%s%N)
	echo quit | CARCREF_STATE=$state $CARCREF play >/dev/null
	e=$(date +%s%N)
	st+=($(( (e - s) / 1000 )))
done
rm -rf "$state"
awk -v us="$(printf '%s\n' "${st[@]}" | median)" 'BEGIN { printf "repl: start-up to first prompt %.1f ms (median)\n", us / 1000 }'
rss=$( { /usr/bin/time -f '%M' $CARCREF replay --quiet samples/five-players-ed3.yaml >/dev/null; } 2>&1 | tail -1)
awk -v k="$rss" 'BEGIN { printf "rss: %.1f MB peak replaying one whole 72-tile game (samples/five-players-ed3.yaml)\n", k / 1024 }'
