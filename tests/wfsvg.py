# wfsvg.py FILE: the wheel in a board's SVG, a line a thing, each with the
# sector it lies in (0 east, then clockwise by 60 degrees: 1 south-east...
# 5 north-east), measured from the disc's centre (the rim circle, r=96).
import math, re, sys
import xml.etree.ElementTree as ET
NS = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
found = []
def walk(el, ox, oy):
    m = re.match(r'translate\((-?[\d.]+) (-?[\d.]+)\)', el.get('transform', ''))
    if m:
        ox, oy = ox + float(m.group(1)), oy + float(m.group(2))
    found.append((el, ox, oy))
    for c in el:
        walk(c, ox, oy)
walk(root, 0, 0)
centre = [(x, y) for el, x, y in found if el.tag == NS + 'circle' and el.get('r') == '96']
if len(centre) != 1:
    sys.exit('no wheel: %d rims' % len(centre))
cx, cy = centre[0]
def sector(x, y):
    return round(math.degrees(math.atan2(y - cy, x - cx)) / 60) % 6
out = []
sectors = sorted(int((re.search(r'rotate\((\d+)\)', el.get('transform', '')) or ['', '0'])[1])
                 for el, x, y in found if el.tag == NS + 'g' and
                 any(c.tag == NS + 'path' and c.get('d', '').startswith('M0 0L83.14-48A96') for c in el))
out.append('sectors %s' % ' '.join(map(str, sectors)))
for el, x, y in found:
    if el.tag == NS + 'text' and el.get('font-size') == '10':
        out.append('name %d %s' % (sector(float(el.get('x')) + x, float(el.get('y')) + y), el.text))
    t = el.find(NS + 'title')
    if el.tag != NS + 'g' or t is None or not (x or y) or abs(x - cx) > 100 or abs(y - cy) > 100:
        continue
    if el.find(NS + 'path') is not None and el.get('fill'):
        out.append('taken %d %s %s' % (sector(x, y), el.get('fill'), t.text))
    elif el.find(NS + 'ellipse') is not None:
        out.append('pig %d %s' % (sector(x, y), t.text))
    elif el.find(NS + 'circle') is not None:
        out.append('free %d %s' % (sector(x, y), t.text))
print('\n'.join(out))
