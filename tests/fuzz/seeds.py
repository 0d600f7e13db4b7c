#!/usr/bin/env python3
"""tests/fuzz/seeds.py -- (re)write the seed corpora in tests/fuzz/corpus/.

Run from the repository root: python3 tests/fuzz/seeds.py.  Not part of any
build: the seeds are committed, this only says where they came from.

  move/     every distinct move line of samples/, tests/scenarios/ and
            tests/corpus/ (a sample of the base game's, all those with an
            expansion's tile, piece, choice or token), and hand-made lines
            (prefixes, comments, odd spellings, near misses, the pieces,
            choices and tokens of every module by word and alias, French
            ones among them, IC-, RV-, TB- and HS- codes)
  record/   samples/*.yaml, tests/scenarios/*.yaml (bb-ic-*, bb-river-*,
            bb-tb-*, bb-hs-* and the mixed ones among them),
            tests/corpus/*.yaml (whole games with each expansion and
            mixed), and hand-made records in the other shapes the format
            allows, with and without expansions
  tileset/  rules/tiles/*.yaml, and small hand-made sets (no start tile,
            rivers, inner fields, two cities on one edge, marks, flags)
  replay/   byte streams for fuzz_replay.c (see its header): whole games of
            legal placements (legal pieces among them: builders, pigs,
            shepherds with their tokens, the flock's choices), undos,
            discards, raw placements and choices, end, for the base game
            alone, each expansion and mixes of them
  fastpath/ the record seeds, and records with comments in every shape
  fmt/      the same (line breaks of every kind, escapes, keys after moves)
  dice/     inputs for fuzz_dice.c (its first byte: even, a face file;
            odd, turn lines on a game of 1 + (byte >> 1) % 5 players):
            rules/tiles/dice-faces.yaml and hand-made face sets (a bare
            list, two cities on one face, four-sided faces); hand-made
            groups of turn lines (kept dice, throws, layouts with and
            without positions, French and English words, a player
            prefix, end, comments, blank lines, near misses), each for 2
            and for 3 players
  hg/       inputs for fuzz_hg.c (its first byte: 0, a record; 1, a tile
            set): every record of tests/scenarios/hg/ and
            tests/corpus/hunters-gatherers/, and the tile sets there
"""
import glob
import os
import random
import re
import shutil

ROOT = 'tests/fuzz/corpus'


def reset(name):
    d = os.path.join(ROOT, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def write(d, name, data):
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


records = sorted(glob.glob('samples/*.yaml') + glob.glob('tests/scenarios/*.yaml') +
                 glob.glob('tests/corpus/*.yaml'))

# ---- move ------------------------------------------------------------------
d = reset('move')
lines = set()
ext_lines = set()   # an expansion's tile or piece: kept, all of them
for r in records:
    for ln in open(r):
        m = re.match(r'^\s*-\s+"?([^"#]*[^"#\s])"?', ln)
        if m and re.search(r'\d|end|discard', m.group(1)):
            if re.search(r'IC-|RV-|TB-|HS-|big-|builder|pig|shepherd|grow|herd|sheep|wolf',
                         m.group(1)):
                ext_lines.add(m.group(1))
            else:
                lines.add(m.group(1))
hand = {
    'end', 'END', 'E discard', 'e DISCARD', 'Anna: U 0,1 0 thief@S', 'B -1,0 0 monk',
    'V 1,0 90', 'U 0,1 0 T@s', 'BA-D 0,-1 180 knight@N', 'D 0,-1 180 chevalier@N',
    'A 1,0 270 moine', 'L -1,0 0 voleur@E', 'N 0,-1 0 paysan@SE', 'B 1,1 0 m@C',
    'F 0,1 90 f@NNW # a farmer', '   # only a comment', '', ' \t ', 'Ben :  end',
    'X 100000000,-100000000 0', 'X 100000001,0 0', 'K +3,-0 360', 'K 3,4 -90',
    'Anna Maria: W 2,2 180 thief@W', ':', 'Anna:', 'U 0,1', 'U 0,1 0 thief',
    'U 0,1 0 thief@', 'U 0,1 0 thief@X', 'U 0,1 0 thief@S extra', 'Q 1, 2 0',
    'R 0,1 45', 'ZZ 0,1 0', 'end now', 'E discard now', 'I 0,1 0 knight@WNW',
    'J 2,-3 90 farmer@ESE', 'S 5,5 180 knight@C',
    # expansions: codes, pieces by word and alias, any case, near misses
    'IC-A 0,1 0 big-knight@N', 'IC-Ka 1,0 90 big-k@W', 'IC-Kb 1,0 90 knight@W',
    'ic-kb -1,0 270', 'IC-H 0,-1 0 farmer@C', 'IC-H 0,-1 0 big-farmer@C',
    'IC-D 2,2 180 big-monk', 'IC-D 2,2 180 grand-moine', 'IC-E 0,1 90 big-thief@E',
    'IC-E 0,1 90 grand-voleur@E', 'IC-E 0,1 90 grand-brigand@e', 'IC-Q 1,1 0 big-t@N',
    'IC-O 0,1 0 grand-chevalier@S', 'IC-P 1,0 0 GRAND-PAYSAN@NNE', 'IC-B 1,0 0 Big-F@SSE',
    'IC-M 0,1 0 big-m', 'BA-D 0,-1 180 big-knight@N', 'D 0,-1 180 BIG-KNIGHT@n',
    'RV-B 1,0 0', 'RV-D 1,-1 90', 'RV-F 1,-1 90', 'RV-G 1,0 0 farmer@NE', 'RV-J 1,0 0',
    'RV-L 5,-6 0 farmer@ESE', 'RV-H 1,-3 270 monk', 'RV-K 3,-6 270 thief@W',
    'RV-A 0,0 0', 'RV-E discard', 'IC-J discard', 'Anna: RV-G 1,0 0', 'Ben: IC-I 0,1 0 big-knight@N',
    'IC-R 0,1 0', 'IC-K 0,1 0', 'RV-M 1,0 0', 'RV- 1,0 0', 'IC-A 0,1 0 big-@N', 'IC-A 0,1 0 big@N',
    'IC-A 0,1 0 big-x@N', 'IC-A 0,1 0 big knight@N', 'IC-A 0,1 0 big-knight@', 'IC-A 0,1 0 big-monk@N',
    'TB-A 0,1 0 builder@N', 'HS-A 0,1 0 shepherd@N sheep=2', 'IC-A 0,1 0 pig@N',
    # Traders & Builders, Hills & Sheep: pieces, choices and tokens by
    # every word and alias (French too), any case, near misses
    'TB-F 1,0 90 builder@W', 'TB-F 1,0 90 b\u00e2tisseur@W', 'TB-F 1,0 90 batisseur@W',
    'TB-F 1,0 90 B\u00c2TISSEUR@w', 'TB-B 0,1 0 pig@NE', 'TB-B 0,1 0 cochon@NE',
    'TB-B 0,1 0 COCHON@ne', 'B 0,1 0 pig', 'U 1,0 0 builder@E wolf',
    'HS-A 0,1 0 berger@N sheep=2', 'HS-K 1,0 0 shepherd@S mouton=3', 'HS-K 1,0 0 shepherd@S moutons=1',
    'HS-K 1,0 0 shepherd@S wolf', 'HS-K 1,0 0 shepherd@S loup', 'HS-K 1,0 0 SHEPHERD@S LOUP',
    'HS-K 1,0 0 herd shepherd@S sheep=3', 'HS-K 1,0 0 rassembler berger@S mouton=3',
    'U 3,0 0 grow sheep=3', 'U 3,0 0 agrandir mouton=3', 'U 3,0 0 AGRANDIR LOUP', 'U 4,0 0 herd',
    'U 4,0 0 rassembler', 'U 4,0 0 grow wolf thief@S', 'U 4,0 0 herd farmer@SSE',
    'BA-V -1,0 180 grow sheep=1 farmer@ESE', 'HS-L 1,-3 90 shepherd@WSW wolf',
    'Anna: U 3,0 0 grow sheep=4 shepherd@N sheep=1', 'U 3,0 0 grow', 'U 3,0 0 grow sheep',
    'U 3,0 0 grow sheep=5', 'U 3,0 0 grow sheep=0', 'U 3,0 0 grow wolf=1', 'U 3,0 0 herd sheep=2',
    'U 3,0 0 shepherd@N', 'U 3,0 0 shepherd@N sheep=2 extra', 'U 3,0 0 thief@S sheep=2',
    'U 3,0 0 sheep=2', 'U 3,0 0 herd herd', 'U 3,0 0 grow sheep=2 grow sheep=2',
    'HS-A discard', 'TB-X discard', 'HS-P 0,1 0 monk', 'TB-A 0,1 0 knight@N',
}
# a sample of the base game's lines, the expansions' all
lines = sorted(lines)[::8] + sorted(ext_lines) + sorted(hand)
for i, ln in enumerate(sorted(set(lines))):
    write(d, 'line-%03d' % i, ln)

# ---- record ----------------------------------------------------------------
d = reset('record')
for r in records:
    shutil.copy(r, os.path.join(d, os.path.basename(os.path.dirname(r)) + '-' + os.path.basename(r)))
HEAD = 'format: carcref/1\ngame: carcassonne\nedition: 3\nexpansions: []\n'
# A legal opening (samples/two-players-ed3.yaml, its discard left out).
OPEN = ['E 0,1 180 knight@S', 'M 0,-1 180 knight@S', 'U -1,1 270 thief@S', 'E -1,-1 0', 'V 1,0 90']
hand = {
    'flow-players': HEAD + 'players: [Anna, Ben]\nmoves:\n' + ''.join('  - %s\n' % m for m in OPEN) + '  - end\n',
    'block-players': HEAD + 'players:\n  - Anna\n  - Ben\n  - Carl\nmoves:\n  - %s\n' % OPEN[0],
    'mapping-players': HEAD + 'players:\n  - {name: Anna, color: red}\n  - {name: Ben, color: blue}\nmoves: []\n',
    'mapping-moves': HEAD + 'players: [Anna, Ben]\nmoves:\n  - Anna: %s\n  - Ben: %s\n' % (OPEN[0], OPEN[1]),
    'quoted-moves': HEAD + "players: [Anna, Ben]\nmoves:\n  - \"Anna: %s\"\n  - 'Ben: %s'\n  - \"end\"  # over\n" % (OPEN[0], OPEN[1]),
    'edition1': 'format: carcref/1\nedition: 1\nplayers: [A, B]\nmoves:\n' + ''.join('  - %s\n' % m for m in OPEN),
    'minimal': 'format: carcref/1\nplayers: [Solo]\n',
    'flow-moves': 'format: carcref/1\nplayers: [Anna, Ben]\nmoves: [U 0,1 0, V 1,0 90]\n',
    'document': '---\n' + HEAD + 'players: [Anna]\nmoves:\n- %s\n...\n' % OPEN[0],
    'comments': '# a game\n' + HEAD + '# players\nplayers: [Anna, Ben]  # two\nmoves:   # the moves\n\n  # first\n  - %s  # Anna\n' % OPEN[0],
    'escaped': HEAD + 'players: ["An\\u00e9", "B\\x41n"]\nmoves:\n  - "E 0,1 180 \\x6bnight@S"\n',
    'unicode-name': HEAD + 'players: [Zoë, Ĳsbrand]\nmoves:\n  - "Zoë: %s"\n' % OPEN[0],
    'expansion': HEAD.replace('[]', '[river]') + 'players: [Anna]\n',
    'ic-six-players': HEAD.replace('[]', '[inns-cathedrals]') + 'players: [A, B, C, D, E, F]\nmoves:\n'
        '  - E 0,1 180 big-knight@S\n  - IC-A 0,-1 0 knight@N\n  - U -1,1 270 big-t@S\n  - IC-Kb 1,0 90\n',
    'river-then-base': HEAD.replace('[]', '[river]') + 'players: [Anna, Ben]\nmoves:\n'
        '  - RV-G 1,0 0 farmer@NE\n  - RV-D 1,-1 90\n  - RV-G 1,-2 180\n  - D 0,1 0\n  - RV-L 2,-2 90\n',
    'both': 'format: carcref/1\ngame: carcassonne\nedition: 2\nexpansions:\n  - river\n  - inns-cathedrals\n'
        'players: [Anna, Ben, Carl]\nmoves:\n  - RV-G 1,0 0 big-farmer@NE\n  - IC-A 0,1 0\n'
        '  - RV-D 1,-1 90 farmer@E\n  - end\n',
    'both-flow': HEAD.replace('[]', '[inns-cathedrals, river]') + 'players: [Anna, Ben]\n'
        'moves: [RV-B 1,0 0, RV-E 2,0 0, end]\n',
    'expansion-twice': HEAD.replace('[]', '[river, river]') + 'players: [Anna]\n',
    'expansion-unknown': HEAD.replace('[]', '[rivers]') + 'players: [Anna]\n',
    'expansion-later': HEAD.replace('[]', '[traders-builders]') + 'players: [Anna]\n',
    'big-without-ic': HEAD + 'players: [Anna, Ben]\nmoves:\n  - E 0,1 180 big-knight@S\n',
    'alias': HEAD + 'players: [&a Anna, *a]\n',
    'eight-players': HEAD + 'players: [A, B, C, D, E, F, G, H]\nmoves:\n' + ''.join('  - %s\n' % m for m in OPEN),
}
for k, v in hand.items():
    write(d, 'hand-' + k + '.yaml', v)

# ---- fastpath, fmt: the record seeds, and comments in every shape ----------
extra = {
    'comments-everywhere': '# top\n%YAML 1.1 # directive\n--- # doc\nformat: carcref/1 # fmt\n'
        'edition: 1   # ed\n# before players\nplayers:   # pl\n  # before anna\n'
        '  - {name: Anna,   # host\n     # inside\n     color: red} # red\n  - Ben\n'
        '# before moves\nmoves: # the moves\n  - "V 1,0 90 # q"   # after\n  # c1\n\n'
        '  # c2\n  - Ben: U 0,1 0  # t\n  - E 0,-1 0\n# tail\n... # end\n# after end\n',
    'key-after-moves': '# top\nmoves:   # m\n  - V 1,0 90 # a\n  # b\n  - U 0,1 0\n'
        '# before players\nplayers: [Anna, Ben] # p\n# before fmt\nformat: carcref/1\n# tail\n',
    'cr-lines': 'format: carcref/1\rplayers: [Anna, Ben]\rmoves:\r  - V 1,0 90 # first\r'
        '  # before second\r  - U 0,1 0 # second\r',
    'crlf-lines': 'format: carcref/1\r\nplayers: [Anna, Ben]\r\nmoves:\r\n  - V 1,0 90 # a\r\n',
    'ls-nel': 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  # c\u2028  # d\u0085'
        '  - V 1,0 90 # first\u2029  # before second\n  - U 0,1 0 # second\n',
    'escapes': 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n'
        '  - "V 1,0 90 # one\\ntwo \\e[31m \\u2028 \\N"  # after\n',
    'long-name': 'format: carcref/1\nplayers: [%s, Ben]\nmoves:\n  - "%s: V 1,0 90 thief@W"\n'
        % ('A' * 200, 'A' * 200),
    'fast-then-utf8': 'format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - V 1,0 90 # a\n'
        '  - U 0,1 0\n  - U 0,2 0 # Zoé\n',
}
for name in ('fastpath', 'fmt'):
    d = reset(name)
    for f in sorted(os.listdir(os.path.join(ROOT, 'record'))):
        shutil.copy(os.path.join(ROOT, 'record', f), os.path.join(d, f))
    for k, v in extra.items():
        write(d, 'hand-' + k + '.yaml', v)

# ---- tileset ---------------------------------------------------------------
d = reset('tileset')
for t in sorted(glob.glob('rules/tiles/*.yaml')):
    shutil.copy(t, os.path.join(d, os.path.basename(t)))
sets = {
    'two-types': '''set: tiny
start: D
tiles:
  - code: D
    count: 3
    edges: [city, road, field, road]
    features:
      - {kind: city, at: [N]}
      - {kind: road, at: [W, E]}
      - {kind: field, at: [WNW, ENE], next_to: [N]}
      - {kind: field, at: [ESE, SSE, SSW, WSW]}
  - code: B
    count: 4
    edges: [field, field, field, field]
    features:
      - {kind: cloister}
      - {kind: field, at: [N, E, S, W]}
''',
    'no-start': '''set: extra
tiles:
  - code: EX-A
    count: 2
    edges: [city, city, city, city]
    features:
      - {kind: city, at: [N, E, S, W], pennants: 2, cathedral: true}
''',
    'river': '''set: river
start: R1
tiles:
  - code: R1
    count: 1
    edges: [field, field, river, field]
    features:
      - {kind: river, at: [S], end: spring}
      - {kind: field, at: [N, E, SSE, SSW, W]}
  - code: R2
    count: 6
    edges: [river, field, river, field]
    features:
      - {kind: river, at: [N, S]}
      - {kind: field, at: [NNE, E, SSE]}
      - {kind: field, at: [SSW, W, NNW]}
  - code: R3
    count: 1
    edges: [river, field, field, field]
    marks: [volcano]
    features:
      - {kind: river, at: [N], end: lake}
      - {kind: field, at: [NNE, E, S, W, NNW]}
''',
    'hills-sheep': '''set: hs
start: L2
tiles:
  - code: L2
    count: 5
    edges: [city, field, field, field]
    marks: [hill, vineyard]
    features:
      - {kind: city, at: [NNW], goods: wine}
      - {kind: city, at: [NNE], goods: cloth}
      - {kind: field, at: [E, S, W], next_to: [NNW, NNE]}
  - code: G1
    count: 2
    edges: [road, road, road, road]
    marks: [garden]
    features:
      - {kind: road, at: [N, S], inn: true}
      - {kind: road, at: [E, W]}
      - {kind: field, at: [NE]}
      - {kind: field, at: [SE]}
      - {kind: field, at: [SW]}
      - {kind: field, at: [NW]}
      - {kind: field, at: [C]}
''',
    'many-copies': '''set: big
start: B
tiles:
  - code: B
    count: 1000
    edges: [field, field, field, field]
    features:
      - {kind: cloister}
      - {kind: field, at: [N, E, S, W]}
''',
    'aliases': '''set: pairs
start: S
tiles:
  - code: S
    aliases: [s2, Z]
    count: 2
    edges: [city, road, field, road]
    features:
      - {kind: city, at: [N], cathedral: true}
      - {kind: road, at: [W, E], inn: true}
      - {kind: field, at: [WNW, ENE], next_to: [N]}
      - {kind: field, at: [ESE, SSE, SSW, WSW]}
  - code: IC-Ka
    aliases: [IC-Kb]
    count: 2
    edges: [city, city, city, city]
    features:
      - {kind: city, at: [N, E, S, W], cathedral: true}
  - code: HS-L
    count: 2
    edges: [city, city, field, city]
    marks: [vineyard]
    features:
      - {kind: city, at: [NNW, W]}
      - {kind: city, at: [NNE, E]}
      - {kind: field, at: [S], next_to: [NNW, NNE]}
''',
    'village': '''set: vil
start: X
tiles:
  - code: X
    count: 8
    edges: [road, road, road, road]
    features:
      - {kind: road, at: [N], end: village}
      - {kind: road, at: [E], end: house}
      - {kind: road, at: [S], end: city}
      - {kind: road, at: [W], end: cloister}
      - {kind: field, at: [NE]}
      - {kind: field, at: [SE]}
      - {kind: field, at: [SW]}
      - {kind: field, at: [NW]}
''',
}
for k, v in sets.items():
    write(d, 'hand-' + k + '.yaml', v)

# ---- replay ----------------------------------------------------------------
d = reset('replay')
rng = random.Random(5)


# The header's second byte: the modules in play (cr_exts[] of rules/ext.c:
# bit 1 inns-cathedrals, 2 river, 3 traders-builders, 4 hills-sheep; a
# byte of 0 mod 4 is the base game alone, so game() sets bit 0 for the
# others).
BASE, IC, RIVER, TB, HS = 0, 0x02, 0x04, 0x08, 0x10
BOTH = IC | RIVER
# Pieces of today's registry (cr_npieces() == 12): 0 none, 1-4 the base
# game's, 5-8 the big meeple's, 9 builder, 10 pig, 11 shepherd; 12 is no
# piece at all.  The meeple byte is piece + 13 * spot.
NP = 13
SHEPHERD = 11
BASE_MEEPLES = [0, 0, 0] + [r + NP * s for r in (1, 2, 3, 4) for s in (0, 1, 2, 3, 16)] + [12, 12 + NP * 17]
ALL_MEEPLES = [0, 0, 0] + [r + NP * s for r in range(1, 12) for s in (0, 1, 2, 3, 4, 16)] + [12, 12 + NP * 17]


def game(header, nops, weights, exts=BASE, meeples=None):
    """A stream for fuzz_replay.c: the header, then nops operations drawn
    by weight.  The tail bytes follow the decoder: a choice byte after a
    placement when hills-sheep is in play (or op & 0x10), a token byte
    after a raw piece that draws one (a shepherd), op 9 or op & 0x10."""
    meeples = meeples or (BASE_MEEPLES if exts in (BASE, RIVER) else ALL_MEEPLES)
    out = bytearray([header, exts | 1 if exts else 0])

    def meeple():   # no piece half the time: most pieces miss their spot
        return 0 if rng.random() < 0.5 else rng.choice(meeples)

    def tail(op, m):
        t = bytearray()
        if exts & HS or op & 0x10:
            # mostly a choice the engine accepts, now and then a raw one
            t.append(rng.randrange(0xc0, 0x100) if rng.random() < 0.1 else rng.randrange(0xc0))
        if (op % 16 == 9) or op & 0x10 or (op % 16 != 9 and m % NP == SHEPHERD):
            t.append(rng.randrange(256))
        return bytes(t)
    for _ in range(nops):
        op = rng.choices(list(weights), list(weights.values()))[0]
        if op == 'place':
            o, m = rng.choice([4, 4, 5, 0x24, 0x64]), meeple()
            out += bytes([o, rng.randrange(256), rng.randrange(256), m]) + tail(o, m)
        elif op == 'piece':     # a legal piece, choice and token
            o, m = rng.choice([9, 9, 0x29, 0x69]), rng.randrange(256)
            out += bytes([o, rng.randrange(256), rng.randrange(256), m]) + tail(o, m)
        elif op == 'beside':
            o, m = rng.choice([10, 0x6a]), meeple()
            out += bytes([o, rng.randrange(256), rng.randrange(256), rng.randrange(4), m]) + tail(o, m)
        elif op == 'undo':
            out += bytes([0, rng.randrange(4)])
        elif op == 'end':
            out += bytes([1])
        elif op == 'discard':
            out += bytes([2, rng.randrange(256)])
        elif op == 'badtile':
            out += bytes([3, rng.randrange(256)])
        elif op == 'raw':
            o, m = rng.choice([11, 0x6b, 0x1b]), meeple()
            out += bytes([o, rng.randrange(256), rng.randrange(9), rng.randrange(9), rng.randrange(6), m]) + tail(o, m)
        elif op == 'rawtail':   # a legal placement, a raw choice and token
            o, m = rng.choice([0x14, 0x19]), meeple()
            out += bytes([o, rng.randrange(256), rng.randrange(256), m]) + tail(o, m)
        elif op == 'nokind':
            o = 0x84
            out += bytes([o, rng.randrange(256), rng.randrange(256), 0]) + tail(o, 0)
    return bytes(out)


plain = {'place': 1}
pieces = {'place': 2, 'piece': 2}
write(d, 'whole-game-2p-ed3', game(5, 110, plain) + bytes([1]))
write(d, 'whole-game-5p-ed3', game(14, 110, plain) + bytes([1]))
write(d, 'whole-game-2p-ed1', game(3, 80, plain))
write(d, 'whole-game-1p-ed2', game(1, 80, plain))
write(d, 'whole-game-8p-ed3', game(23, 80, plain))
write(d, 'undo-heavy', game(3, 120, {'place': 5, 'undo': 2}))
write(d, 'undo-all', game(3, 30, plain) + bytes([0, 63]) + game(3, 10, plain)[2:])
write(d, 'mixed', game(6, 150, {'place': 6, 'undo': 1, 'discard': 1, 'badtile': 1, 'raw': 3, 'end': 0.1, 'nokind': 0.5}))
write(d, 'raw-only', game(3, 60, {'raw': 1}))
write(d, 'end-then-undo', game(3, 20, plain) + bytes([1, 0, 0, 1]) + game(3, 5, plain)[2:])
write(d, 'far-away', bytes([3, BASE, 11, 5, 0xff, 0xfe, 1, 0, 11, 5, 4, 0xff, 2, 0, 11, 5, 0xfd, 0, 1, 7, 11, 5, 0, 0xfc, 2, 7]))
write(d, 'base-pieces', game(5, 110, pieces) + bytes([1]))
# expansions: whole games, vetoes (beside the board), pieces of a module
# not in play, tiles not in play or not drawable yet (raw)
mixed = {'place': 6, 'piece': 2, 'undo': 1, 'discard': 1, 'badtile': 1, 'raw': 3, 'beside': 2,
         'rawtail': 1, 'end': 0.1, 'nokind': 0.5}
write(d, 'ic-whole-game-2p-ed3', game(5, 130, plain, IC) + bytes([1]))
write(d, 'ic-whole-game-6p-ed3', game(17, 130, plain, IC) + bytes([1]))
write(d, 'ic-whole-game-3p-ed1', game(6, 130, plain, IC) + bytes([1]))
write(d, 'ic-mixed', game(7, 150, mixed, IC))
write(d, 'river-whole-game-2p-ed3', game(5, 120, plain, RIVER) + bytes([1]))
write(d, 'river-whole-game-4p-ed2', game(10, 120, plain, RIVER) + bytes([1]))
write(d, 'river-beside', game(5, 60, {'place': 1, 'beside': 3}, RIVER))
write(d, 'river-undo', game(5, 60, {'place': 4, 'beside': 1, 'undo': 2}, RIVER))
write(d, 'river-mixed', game(8, 150, mixed, RIVER))
write(d, 'both-whole-game-2p-ed3', game(5, 150, plain, BOTH) + bytes([1]))
write(d, 'both-whole-game-6p-ed1', game(15, 150, plain, BOTH) + bytes([1]))
write(d, 'both-mixed', game(4, 160, mixed, BOTH))
write(d, 'both-undo-all', game(5, 30, plain, BOTH) + bytes([0, 63]) + game(5, 20, plain, BOTH)[2:])
write(d, 'big-pieces-not-in-play', game(5, 60, {'place': 3, 'raw': 1}, BASE, ALL_MEEPLES))
write(d, 'raw-all-modules', game(5, 60, {'raw': 1}, BOTH | TB | HS))
# Traders & Builders, Hills & Sheep, and mixes: legal pieces (builders and
# pigs beside their owners' followers, shepherds with tokens), the
# flock's choices, double turns, hills hiding tiles; 2 to 8 players
write(d, 'tb-whole-game-2p-ed3', game(5, 140, pieces, TB) + bytes([1]))
write(d, 'tb-whole-game-4p-ed1', game(9, 140, pieces, TB) + bytes([1]))
write(d, 'tb-whole-game-3p-ed2', game(7, 140, pieces, TB) + bytes([1]))
write(d, 'tb-mixed', game(5, 160, mixed, TB))
write(d, 'tb-undo', game(5, 100, {'place': 2, 'piece': 3, 'undo': 1, 'discard': 0.5}, TB))
write(d, 'hs-whole-game-2p-ed3', game(5, 140, pieces, HS) + bytes([1]))
write(d, 'hs-whole-game-5p-ed1', game(12, 140, pieces, HS) + bytes([1]))
write(d, 'hs-whole-game-3p-ed2', game(7, 140, pieces, HS) + bytes([1]))
write(d, 'hs-shepherds', game(5, 120, {'place': 1, 'piece': 4}, HS) + bytes([1]))
write(d, 'hs-mixed', game(8, 160, mixed, HS))
write(d, 'hs-undo', game(5, 100, {'place': 2, 'piece': 3, 'undo': 1}, HS))
write(d, 'tb-hs-whole-game-2p-ed3', game(5, 160, pieces, TB | HS) + bytes([1]))
write(d, 'tb-hs-whole-game-6p-ed3', game(17, 160, pieces, TB | HS) + bytes([1]))
write(d, 'tb-hs-mixed', game(4, 160, mixed, TB | HS))
write(d, 'ic-tb-whole-game-3p-ed3', game(8, 160, pieces, IC | TB) + bytes([1]))
write(d, 'ic-hs-whole-game-4p-ed1', game(9, 160, pieces, IC | HS) + bytes([1]))
write(d, 'river-hs-whole-game-2p-ed3', game(5, 160, pieces, RIVER | HS) + bytes([1]))
write(d, 'river-tb-whole-game-3p-ed2', game(7, 160, pieces, RIVER | TB) + bytes([1]))
write(d, 'all-whole-game-2p-ed3', game(5, 200, pieces, BOTH | TB | HS) + bytes([1]))
write(d, 'all-whole-game-8p-ed3', game(23, 200, pieces, BOTH | TB | HS) + bytes([1]))
write(d, 'all-whole-game-4p-ed1', game(9, 200, pieces, BOTH | TB | HS) + bytes([1]))
write(d, 'all-mixed', game(5, 200, mixed, BOTH | TB | HS))
write(d, 'all-undo-all', game(5, 40, pieces, BOTH | TB | HS) + bytes([0, 63]) + game(5, 30, pieces, BOTH | TB | HS)[2:])
write(d, 'choices-not-in-play', game(5, 60, {'place': 1, 'rawtail': 2}, TB))

# ---- dice ------------------------------------------------------------------
# fuzz_dice.c's first byte: 0 (even) a face file; 3 and 5 (odd) turn lines;
# 0xfe a record
# for 2 and 3 players.  Each group of lines is one input, no newline after
# the last line.
d = reset('dice')
FACES, TWO, THREE = b'\x00', b'\x03', b'\x05'
with open('rules/tiles/dice-faces.yaml', 'rb') as f:
    write(d, 'faces-0', FACES + f.read())
faces = [
    # a set with a name per face, two faces alike but for their cities
    'format: carcref-faces/1\nfaces:\n  - {code: CFFF, edges: C F F F, cities: [[N]]}\n'
    '  - {code: CFCF, also: [band], edges: C F C F, cities: [[N, S]]}\n'
    '  - {code: CFCF2, also: [caps], edges: C F C F, cities: [[N], [S]]}\n'
    '  - {code: CCCC, edges: CCCC, cities: [[N, E, S, W]]}\n',
    # a bare list: cities apart on one face, a name and a doubt
    '- {code: CCFF, edges: C C F F, cities: [[N], [E]]}\n'
    '- {code: CCCF, edges: C C C F, cities: [[N, S], [E]], name: "odd", doubt: "x"}\n'
    '- {code: CCCC, edges: C C C C, cities: [[N], [E], [S], [W]]}\n'
    '- {code: CFCF, edges: C F C F, cities: [[N, S]]}\n',
    # four city sides, three cities
    'format: carcref-faces/1\nfaces:\n  - {code: CFFF, edges: C F F F, cities: [[N]]}\n'
    '  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n'
    '  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n'
    '  - {code: CCCC, edges: C C C C, cities: [[N, E], [S], [W]]}\n',
]
for i, text in enumerate(faces, 1):
    write(d, 'faces-%d' % i, FACES + text.encode())
turns = [
    ['K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5',
     'Ben: K CCCF CCFF X +CFFF +CCFF +CFFF CFCF K / K X CCCF X K = 3',
     'CFFF CFFF K K X X X CCCF CCCF = 2'],
    ['X X +CFFF +CFCF 5. / +CFCF +CFFF X 2. / CFCF K = 5',
     'chevalier catapulte catapulte +bord +bande coin trois chevalier bord / +bande +cap '
     'catapulte 2. / bande K = 5',
     '+K +K CFFF CFCF X CCFF CCCF K X / K CFFF CFFF CFCF X = knight',
     '2K CCCF CCFF X +CFFF +CCFF +CFFF CFCF / K X CCCF X K = 3'],
    ['K K K X X CFFF CFCF CCFF CCCF = chevalier',
     'K K K X X CFFF CFCF CCFF = chevalier',
     'X X X X X X X X X'],
    ['X X X X 5. / X X X K CFFF / X X'],
    ['+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 3',
     'CFFF@0,0 FFCF@0,1 CFFF@5,5 CFCF@5,6 FFCF@5,7 K K X X = 3',
     'end',
     'K K'],
    ['K K K X X X CFFF CFFF CCFF = knight',
     'K X X X X CFFF CCFF CFCF',
     'CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9',
     '# comment',
     '',
     'Anna: end'],
    ['+K K K K K K K K K / +K K K K K K K K / +K +K +K +K +K +K +K / K',
     'K X X +CFFF +CFCF 4. / K K 3.',
     '+X K K K K K K K K',
     'CFFF CFCF CFCF CFFF K K X X X',
     'CFFF CCCF CCCF CCCF K K X X X = 4',
     '+CFFF@0,0 +CFFF@0,1 K X CCCF CCFF K X CFFF'],
]
for i, group in enumerate(turns):
    text = '\n'.join(group).encode()
    write(d, 'lines-%d-2p' % i, TWO + text)
    write(d, 'lines-%d-3p' % i, THREE + text)
# 0xfe: a whole record, through the dice game's row: every dice scenario
# and the corpus game (a face file a record names is read as the shipped
# faces: the harness reads no file).
RECORD = b'\xfe'
for path in sorted(glob.glob('tests/scenarios/dice/*.yaml') + glob.glob('tests/corpus/dice/*.yaml')):
    with open(path, 'rb') as f:
        write(d, 'record-' + os.path.basename(path)[:-5], RECORD + f.read())

# ---- hg ----------------------------------------------------------------------
# fuzz_hg.c's first byte: 0 (even) a Hunters & Gatherers record through the
# game's row, 1 (odd) a tile-set file: every record of tests/scenarios/hg/
# and tests/corpus/hunters-gatherers/, and the tile sets there.
d = reset('hg')
for path in sorted(glob.glob('tests/scenarios/hg/*.yaml') +
                   glob.glob('tests/corpus/hunters-gatherers/*.yaml')):
    with open(path, 'rb') as f:
        write(d, 'record-' + os.path.basename(path)[:-5], b'\x00' + f.read())
for path in sorted(glob.glob('tests/scenarios/hg/*.tiles')):
    with open(path, 'rb') as f:
        write(d, 'set-' + os.path.basename(path)[:-6], b'\x01' + f.read())
