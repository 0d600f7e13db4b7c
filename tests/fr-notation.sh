#!/usr/bin/env bash
# tests/fr-notation.sh -- what the notation and the rules say, in French
# (issue 14): the explanations of replay, a refusal and a record that
# cannot be read, each with its file:line:column; the same records in the
# default locale are still English.
#
#   CARCREF=./carcref bash tests/fr-notation.sh      (make cli runs it)
#
# The French locale is built here (tests/locale.sh), the catalogue is the
# build tree's (.build/locale, found next to the binary).  Only the words
# of notation/ and rules/ are checked: what cmd/ puts around them (the
# feature's label, "move N:") is another file's to say.

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# has FILE START END: a line of FILE begins with START and ends with END
# (fixed strings), whatever lies between them.
has() {
	awk -v a="$2" -v b="$3" 'index($0, a) == 1 && length($0) >= length(a) + length(b) &&
	    substr($0, length($0) - length(b) + 1) == b { found = 1 } END { exit !found }' "$1"
}

# expect_line STREAM START END -- ARGS...: after running ARGS, a line of
# standard output (out) or error (err) begins with START, ends with END.
expect_line() {
	local stream=$1 start=$2 end=$3
	shift 3
	[ "${1-}" = -- ] && shift || { echo "fr-notation.sh: missing --"; exit 2; }
	run "$@"
	has "$tmp/$stream" "$start" "$end" && ok ||
	    not_ok "expected a line of std$stream '$start...$end'" "$@"
}
# expect_match REGEX -- ARGS...: standard output matches REGEX (grep -E).
expect_match() {
	local re=$1
	shift 2
	run "$@"
	grep -qE -- "$re" "$tmp/out" && ok || not_ok "expected out matching '$re'" "$@"
}

if [ ! -x "$CARCREF" ]; then
	echo "fr-notation.sh: $CARCREF: no such executable (build it, or set CARCREF)"
	echo "fr-notation: 0 passed, 1 failed"
	exit 1
fi
EN=$CARCREF
if ! fr_locale "$tmp/locale"; then
	code=-; not_ok "fr_FR.UTF-8 cannot be built (localedef; Debian package locales)" localedef
	echo "fr-notation: $pass passed, $fail failed"
	exit 1
fi
FR=$FR_CARCREF

# A game: a city completed, a road scored at the end.
cat >"$tmp/ok.yaml" <<'EOF'
format: carcref/1
game: carcassonne
edition: 3
expansions: []
players: [Anna, Ben]
moves:
  - E 0,1 180 knight@S
  - U 1,0 0 thief@E
  - end
EOF
# The same city, then a tile whose edges do not match (line 8, column 5).
{ head -n 7 "$tmp/ok.yaml"; echo '  - U 1,0 90'; } >"$tmp/bad.yaml"
printf 'format: carcref/2\nplayers: [Anna, Ben]\n' >"$tmp/format.yaml"
printf 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - E 0,1 45\n' >"$tmp/rot.yaml"

# ---- replay: the explanations ----------------------------------------------

CARCREF=$FR expect_line out "      " ": ville achevée de 2 tuiles : 2 x 2 = 4 à Anna (1 chevalier)" \
    -- replay "$tmp/ok.yaml"
has "$tmp/out" "      " ": route inachevée de 2 tuiles : 1 x 2 en fin de partie = 2 à Ben (1 voleur)" &&
    ok || not_ok "the road at the end, in French" replay ok.yaml
CARCREF=$EN expect_line out "      " ": completed city of 2 tiles: 2 x 2 = 4 to Anna (1 knight)" \
    -- replay "$tmp/ok.yaml"
has "$tmp/out" "      " ": incomplete road of 2 tiles: 1 x 2 at the end = 2 to Ben (1 thief)" &&
    ok || not_ok "the road at the end, in English" replay ok.yaml

# ---- replay: a refusal, a move and a record that cannot be read -------------

CARCREF=$FR expect_line err "$tmp/bad.yaml:8:5: " ": les bords doivent concorder : U en 1,0 \
rotation 90 : son bord O est un pré, la tuile en 0,0 montre une route sur son bord E ; la \
rotation qui va en 1,0 : 0" -- replay "$tmp/bad.yaml"
[ "$code" = 1 ] && ok || not_ok "a refusal exits 1 in French too" replay bad.yaml
CARCREF=$EN expect_line err "$tmp/bad.yaml:8:5: " ": edges must match: U at 1,0 rotation 90: its \
W edge is field, the tile at 0,0 shows road on its E edge; the rotation that fits at 1,0: 0" \
    -- replay "$tmp/bad.yaml"
CARCREF=$FR expect_line err "$tmp/rot.yaml:4:11: " ": il faut une rotation 0, 90, 180 ou 270, \
pas « 45 »" -- replay "$tmp/rot.yaml"
CARCREF=$EN expect_line err "$tmp/rot.yaml:4:11: " ": expected a rotation 0, 90, 180 or 270, \
got \"45\"" -- replay "$tmp/rot.yaml"
CARCREF=$FR expect_line err "$tmp/format.yaml:1:9: " "format « carcref/2 » inconnu (ce carcref \
lit carcref/1)" -- replay "$tmp/format.yaml"
CARCREF=$EN expect_line err "$tmp/format.yaml:1:9: " "unknown format \"carcref/2\" (this carcref \
reads carcref/1)" -- replay "$tmp/format.yaml"

# ---- the expansions' words --------------------------------------------------

CARCREF=$FR expect_match ' (rassemblé|dispersé par le loup|son pré fermé) en -?[0-9]+,-?[0-9]+ \([0-9]+ jetons?\) : [01] x [0-9]+ \(moutons\) = [0-9]+ (points chacun )?à ' \
    -- replay tests/corpus/hs-030.yaml
CARCREF=$FR expect_match ' prend [0-9]+ (vin|blé|tissu).* dans la ville achevée en -?[0-9]+,-?[0-9]+ \(le joueur qui y a posé la dernière tuile prend ses marchandises' \
    -- replay tests/corpus/tb-017.yaml
CARCREF=$FR expect_match ': le plus de jetons de (vin|blé|tissu) \([0-9]+( chacun)?\) = 10 ' \
    -- replay tests/corpus/tb-017.yaml
CARCREF=$FR expect_match ' avec une (auberge|cathédrale)' -- replay tests/corpus/mixed-020.yaml
# No English left in any explanation of the corpus: only cmd/'s labels
# ("city:") and headings are not this file's.
for f in tests/corpus/*.yaml; do
	CARCREF=$FR run replay "$f"
	grep -E '^      [a-z]+: ' "$tmp/out" | sed 's/^      [a-z]*: //' |
	    grep -qE 'completed|incomplete| at the end| to [A-Z]|tokens|knight|thief|farmer|monk|pennant| has [0-9]' &&
	    not_ok "English in a French explanation" replay "$f" || ok
done

# ---- the dice game, in French (issue 19 part 2) --------------------------------

D=tests/scenarios/dice
CARCREF=$FR expect_line out "      " ": ville fermée de 5 dés : 6" -- replay "$D/d3-rolls.yaml"
CARCREF=$FR expect_line out "      " ": ville fermée de 4 dés : 3, doublé par le chevalier gardé au tour précédent : 6" \
    -- replay "$D/d2-dice-in-hand.yaml"
CARCREF=$FR expect_line out "      " ": neuf catapultes en un tour (4 + 3 + 2)" -- replay "$D/d13-over-three-rolls.yaml"
CARCREF=$FR expect_line err "$D/d2-dice-count.yaml:7:5: " "Ben lance 8 dés à ce tour, pas 9 : Anna garde un chevalier" \
    -- replay "$D/d2-dice-count.yaml"
CARCREF=$FR expect_line err "$D/h-edition.yaml:4:10: " "le jeu de dés n'a que l'édition 1, « 2 » donnée" \
    -- replay "$D/h-edition.yaml"
CARCREF=$FR expect_line err "$D/h-players.yaml:" "trop de joueurs : au plus 5 dans le jeu de dés" \
    -- replay "$D/h-players.yaml"
# French words read, English written back.
CARCREF=$FR expect_line out "  - K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X 2. / CFCF K = 5" "" \
    -- fmt --stdout "$D/n-words-and-counts.yaml"
# JSON is English whatever the locale.
CARCREF=$FR expect_line out '{"valid": true' '"holding_knight": []}' -- replay --json "$D/d3-rolls.yaml"
# No English left in the dice game's explanations.
for f in "$D"/d*.yaml; do
	CARCREF=$FR run replay "$f"
	grep -E '^      [a-z-]+: ' "$tmp/out" | sed 's/^      [a-z-]*: //' |
	    grep -qE 'closed|knight|catapult|doubled| wins|points, ' &&
	    not_ok "English in a French explanation" replay "$f" || ok
done
# At the table: the French commands and words, what it says.
printf 'lancer K X X bord bande coin trois chevalier bord\ngarder bord bande\nlancer bande bord catapulte chevalier coin\ngarder bande bord\nlancer bande chevalier\nannoncer 5\nK K K X X X CFFF CFFF CCFF = chevalier\nfin\npiocher U\nplateau\n' >"$tmp/dfr.in"
CARCREF=$FR STDIN=$tmp/dfr.in run play --game dice
for line in "les faces livrées, 2 joueurs : Anna, Ben" \
    "faces : l'hypothèse livrée (dice-faces.yaml) : on ne sait pas avec certitude" \
    "lancer 1 sur 3, 9 dés : 2 chevaliers, 2 catapultes (sorties), 5 faces de ville" \
    "mis de côté : CFFF CFCF ; 5 dés à lancer (lancer 2 sur 3)" \
    "Anna : ville fermée de 5 dés : 6" \
    "Anna 6, Ben 0 ; à Ben de jouer, 9 dés ; 42 pour gagner" \
    "Anna 6, Ben 0 [chevalier] ; à Anna de jouer, 8 dés ; 42 pour gagner" \
    "piocher est une commande pour le jeu de tuiles : le jeu de dés n'a pas de tuiles ; entrez un lancer avec lancer FACES (aide liste les commandes du jeu de dés)" \
    "le jeu de dés n'a pas de plateau : ville montre les dés du tour"; do
	grep -qxF -- "$line" "$tmp/out" && ok || not_ok "the dice game at the table, in French: $line" play --game dice
done
grep -q "finit la partie" "$tmp/out" && ok || not_ok "fin ends the game, in French" play --game dice

# Hunters & Gatherers at the table, in French: the bonus tile due, its
# options refused.
printf '%s\n' 'HG-FFMM4 1,0 270 gatherer@N' 'HG-FFMM4 0,1 180' 'HG-FMMM2 1,1 180' \
    'HG-MRMR3 0,-1 90' 'HG-FMMM3 -1,1 90' quit >"$tmp/hfr.in"
CARCREF=$FR STDIN=$tmp/hfr.in run play --game hunters-gatherers --players Rouge,Bleu
grep -qxF -- "  Rouge pioche une tuile bonus et la joue aussitôt (le coup 5 a achevé une forêt avec une pépite d'or)" "$tmp/out" &&
    ok || not_ok "the bonus tile due, in French" play --game hunters-gatherers
CARCREF=$FR run play --game hunters-gatherers --edition 1
grep -qF -- "carcref play : --edition : Chasseurs et Cueilleurs a une seule édition (le jeu de 2002) et pas d'extension ; ne donnez pas --edition" "$tmp/err" &&
    ok || not_ok "--edition refused, in French" play --game hunters-gatherers --edition 1

# A count in Hunters & Gatherers' explanations takes the plural in
# French as in English (the catalogue held the two forms as two
# messages: "forêt achevée de 2 portion").
CARCREF=$FR run replay tests/scenarios/hg/fr-210-forest-4.yaml
grep -qF -- "forêt achevée de 2 portions : 2 x 2" "$tmp/out" &&
    ok || not_ok "a forest of 2 pieces, in French" replay tests/scenarios/hg/fr-210-forest-4.yaml

echo "fr-notation: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
