#!/usr/bin/env python3
"""tests/fuzz/seeds.py -- (re)write the seed corpora in tests/fuzz/corpus/.

Run from the repository root: python3 tests/fuzz/seeds.py.  Not part of any
build: the seeds are committed, this only says where they came from.

  move/     every distinct move line of samples/ and tests/scenarios/, and
            hand-made lines (prefixes, comments, odd spellings, near misses)
  record/   samples/*.yaml, tests/scenarios/*.yaml, and hand-made records
            in the other shapes the format allows
  tileset/  rules/tiles/*.yaml, and small hand-made sets (no start tile,
            rivers, inner fields, two cities on one edge, marks, flags)
  replay/   byte streams for fuzz_replay.c (see its header): whole games of
            legal placements, undos, discards, raw placements, end
  fastpath/ the record seeds, and records with comments in every shape
  fmt/      the same (line breaks of every kind, escapes, keys after moves)
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


records = sorted(glob.glob('samples/*.yaml') + glob.glob('tests/scenarios/*.yaml'))

# ---- move ------------------------------------------------------------------
d = reset('move')
lines = set()
for r in records:
    for ln in open(r):
        m = re.match(r'^\s*-\s+"?([^"#]*[^"#\s])"?', ln)
        if m and re.search(r'\d|end|discard', m.group(1)):
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
}
lines = sorted(lines)[::8] + sorted(hand)   # a sample of the records' lines
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


def game(header, nops, weights):
    out = bytearray([header])
    for _ in range(nops):
        op = rng.choices(list(weights), list(weights.values()))[0]
        if op == 'place':
            out += bytes([rng.choice([4, 4, 5, 0x24, 0x64]), rng.randrange(256), rng.randrange(256), rng.choice([0, 0, 1, 2, 3, 4, 7, 13, 19, 25, 97])])
        elif op == 'undo':
            out += bytes([0, rng.randrange(4)])
        elif op == 'end':
            out += bytes([1])
        elif op == 'discard':
            out += bytes([2, rng.randrange(256)])
        elif op == 'badtile':
            out += bytes([3, rng.randrange(256)])
        elif op == 'raw':
            out += bytes([rng.choice([11, 0x6b]), rng.randrange(256), rng.randrange(9), rng.randrange(9), rng.randrange(6), rng.randrange(108)])
        elif op == 'nokind':
            out += bytes([0x84, rng.randrange(256), rng.randrange(256), 0])
    return bytes(out)


plain = {'place': 1}
write(d, 'whole-game-2p-ed3', game(5, 80, plain))
write(d, 'whole-game-5p-ed3', game(14, 80, plain))
write(d, 'whole-game-2p-ed1', game(3, 80, plain))
write(d, 'whole-game-1p-ed2', game(1, 80, plain))
write(d, 'whole-game-8p-ed3', game(23, 80, plain))
write(d, 'undo-heavy', game(3, 120, {'place': 5, 'undo': 2}))
write(d, 'undo-all', game(3, 30, plain) + bytes([0, 63]) + game(3, 10, plain)[1:])
write(d, 'mixed', game(6, 150, {'place': 6, 'undo': 1, 'discard': 1, 'badtile': 1, 'raw': 3, 'end': 0.1, 'nokind': 0.5}))
write(d, 'raw-only', game(3, 60, {'raw': 1}))
write(d, 'end-then-undo', game(3, 20, plain) + bytes([1, 0, 0, 1]) + game(3, 5, plain)[1:])
write(d, 'far-away', bytes([3, 11, 5, 0xff, 0xfe, 1, 0, 11, 5, 4, 0xff, 2, 0, 11, 5, 0xfd, 0, 1, 7, 11, 5, 0, 0xfc, 2, 7]))
