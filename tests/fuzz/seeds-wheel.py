#!/usr/bin/env python3
"""tests/fuzz/seeds-wheel.py -- the Wheel of Fortune's seeds (issue 21),
added to the corpora of tests/fuzz/corpus/ without touching the others.

Run from the repository root: python3 tests/fuzz/seeds-wheel.py.  Not part
of any build: the seeds are committed, this only says where they came from.

  move/      every move line of tests/scenarios/wf-*.yaml, tests/wheel/
             and the corpus record, and hand-made lines: wheel=N and
             plague=X,Y[:SPOT] by every word (roue, peste), crown@ and
             big-crown@ on each section by every word and alias, WF-
             codes, near misses (wheel=4, plague before wheel, a crown
             beside a piece)
  record/    tests/scenarios/wf-*.yaml, tests/wheel/*.yaml, the wheel
  fastpath/  with the other sets, in the shapes of carcref's records
  fmt/
  tileset/   rules/tiles/wheel-of-fortune.yaml and small hand-made wheel
             data (a board of one city, a wheel with one crown each)
"""
import glob
import os
import re

ROOT = 'tests/fuzz/corpus'


def write(sub, name, data):
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(ROOT, sub, name), 'wb') as f:
        f.write(data)


records = sorted(glob.glob('tests/scenarios/wf-*.yaml') + glob.glob('tests/wheel/*.yaml'))
lines = set()
for r in records:
    for ln in open(r):
        m = re.match(r'^\s*-\s+"?([^"#]*[^"#\s])"?', ln)
        if m and re.search(r'\d|end|discard', m.group(1)):
            lines.add(m.group(1))
hand = [
    'U wheel=1 -1,0 0', 'u roue=3 peste=4,2 -2,0 0', 'U WHEEL=2 PLAGUE=4,2:S 0,1 90',
    'V wheel=2 plague=-1,0 plague=4,2 2,-1 0', 'N wheel=1 discard', 'N roue=1 discard',
    'B 0,-1 0 crown@tax', 'B 0,-1 0 couronne@taxes', 'B 0,-1 0 crown@storm',
    'B 0,-1 0 crown@temp\u00eate', 'B 0,-1 0 crown@tempete', 'B 0,-1 0 crown@inquisition',
    'B 0,-1 0 crown@famine', 'B 0,-1 0 crown@fortune', 'B 0,-1 0 crown@plague',
    'B 0,-1 0 couronne@peste', 'IC-A 0,4 0 big-crown@tax', 'IC-A 0,4 0 grande-couronne@taxes',
    'WF-29 wheel=3 4,1 0', 'WF-4 0,4 0 knight@N', 'wf-31 wheel=1 -1,1 0', 'WF-34 wheel=1 4,3 0',
    'Anna: V wheel=1 5,1 90 grow sheep=3 farmer@E',
    # near misses
    'U wheel=4 0,1 0', 'U wheel= 0,1 0', 'U wheel 0,1 0', 'U plague=4,2 0,1 0',
    'U wheel=2 wheel=3 0,1 0', 'U wheel=3 plague=4 0,1 0', 'U wheel=3 plague=4,2:X 0,1 0',
    'U 0,1 0 wheel=2', 'U 0,1 0 crown@taxi', 'U 0,1 0 crown', 'U 0,1 0 crown@',
    'U 0,1 0 crown@tax thief@N', 'U wheel=1 discard crown@tax', 'WF-99 0,4 0',
]
for i, ln in enumerate(sorted(lines) + hand):
    write('move', 'wheel-%03d' % i, ln)
for r in records:
    name = os.path.basename(r)
    stem = ('scenarios-' if '/scenarios/' in r else 'wheel-') + name
    text = open(r, 'rb').read()
    for sub in ('record', 'fastpath', 'fmt'):
        write(sub, stem, text)
mixed = '''format: carcref/1
game: carcassonne
edition: 2
expansions: [inns-cathedrals, traders-builders, hills-sheep, wheel-of-fortune]
players: [Anna, Ben, Carl]
moves:
  - IC-A 0,4 0 big-crown@tax   # a big meeple on a crown space
  - "Ben: U wheel=1 -1,0 0"
  - Carl: B 4,2 0 couronne@peste
  - v roue=2 peste=4,2 2,-1 0
  - N wheel=1 discard
  - end
'''
for sub in ('record', 'fastpath', 'fmt'):
    write(sub, 'wheel-hand-mixed.yaml', mixed)
write('tileset', 'wheel-of-fortune.yaml', open('rules/tiles/wheel-of-fortune.yaml', 'rb').read())
write('tileset', 'wheel-hand-small.yaml', '''set: wheel-of-fortune
source: hand-made
doubt: none
board:
  features:
    - {kind: city, at: ["0,3:N", "0,3:W"]}
    - {kind: road, at: ["2,3:N"], end: wheel}
    - {kind: field, at: ["1,3:N", "2,3:NNW", "2,3:NNE", "3,3:N", "3,3:E", "3,2:E", "3,1:E",
       "3,0:E", "3,0:S", "2,0:S", "1,0:S", "0,0:S", "0,0:W", "0,1:W", "0,2:W"],
       next_to: ["0,3:N"]}
wheel:
  start: plague
  sections:
    - {name: fortune, crowns: 1}
    - {name: tax, crowns: 1}
    - {name: famine, crowns: 1}
    - {name: storm, crowns: 1}
    - {name: inquisition, crowns: 1}
    - {name: plague, crowns: 1}
icons:
  U: {1: 2, 2: 2, 3: 2, any: 1, doubt: "hand-made"}
tiles:
  - code: WF-22
    count: 2
    edges: [city, road, field, road]
    features:
      - {kind: city, at: [N]}
      - {kind: road, at: [W, E]}
      - {kind: field, at: [WNW, ENE], next_to: [N]}
      - {kind: field, at: [ESE, S, WSW]}
''')
