#!/usr/bin/env python3
"""Checks the grade's header of a mutation-report.html as Chromium rendered it: the header (plain
HTML before the viewer, so --dump-dom holds it) shows the verdict of the embedded report and a row
for each surviving required pitfall, holds none of the texts given after the name (what the policy
hides), and the 1280x800 screenshot of the top of the page is not blank and shows the verdict's
colour. With --first-screen, each surviving required pitfall's row must also end within the first
800 pixels: the page given to Chromium carried a probe that wrote each row's bottom into
data-bottom. Used by check_html_report.sh (the fixtures) and check_partial_html.sh (a real grade).
Usage: check_grade_header.py [--first-screen] <dom> <mutation-report.json> <png> <name> [hidden...]
"""
import json
import re
import struct
import sys
import zlib

def read_png(path):  # -> width, height, bytes per pixel, unfiltered rows (8-bit RGB/RGBA only)
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat = 8, []
    while pos < len(data):
        size, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        pos += 12 + size
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f'unsupported PNG (depth {depth}, colour type {colour})')
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b''.join(idat))
    stride = width * bpp
    rows, prev = [], bytes(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows

args = sys.argv[1:]
first_screen = bool(args) and args[0] == '--first-screen'
if first_screen:
    args = args[1:]
dom_path, json_path, png_path, name, *hidden = args
problems = []
dom = open(dom_path, encoding='utf-8', errors='replace').read()
app, begin = dom.find('<mutation-test-report-app'), dom.find('<header id="grade"')
end = dom.find('</header>', begin)
header = dom[begin:end] if 0 <= begin < end < app else ''
if not header:
    problems.append('no grade header before the viewer')
report = json.load(open(json_path))
config = report['config']
verdict = config['verdict']
if f'<span class="verdict">{verdict}</span>' not in header:
    problems.append(f'the verdict {verdict} is not in the header')
required = set(config.get('requiredMutants', []))
survivors = sorted(m['id'] for f in report['files'].values() for m in f['mutants']
                   if m['id'] in required and m['status'] in ('Survived', 'NoCoverage'))
for mutant in survivors:
    if f'class="undetected" data-mutant="{mutant}"' not in header:
        problems.append(f'the surviving required pitfall {mutant} is not in the header')
    if first_screen:
        row = re.search(r'<tr class="undetected" data-mutant="%s"[^>]*data-bottom="(\d+)"' % mutant,
                        header)
        if not row:
            problems.append(f'no position measured for {mutant}\'s row')
        elif int(row.group(1)) > 800:
            problems.append(f'{mutant}\'s row ends at {row.group(1)} px, below the first screen')
for text in hidden:
    if text in header:
        problems.append(f'the header shows "{text}", which the policy hides')
try:
    width, height, bpp, rows = read_png(png_path)
    colour = {'PASS': b'\x1a\x7f\x37', 'FAIL': b'\xcf\x22\x2e', 'INVALID': b'\xd4\xa7\x2c'}[verdict]
    marked = coloured = 0
    for row in rows:
        for x in range(0, len(row), bpp):
            pixel = row[x:x + 3]
            marked += pixel != b'\xff\xff\xff'
            coloured += pixel == colour
    if (width, height) != (1280, 800):
        problems.append(f'the screenshot is {width}x{height}, not 1280x800')
    if marked < width * height // 50:
        problems.append(f'the screenshot is blank ({marked} non-white pixels)')
    if coloured < 2000:
        problems.append(f'the verdict colour is missing from the first screen ({coloured} pixels)')
except (OSError, ValueError, KeyError, NameError) as error:
    problems.append(f'no readable screenshot: {error}')
    marked = coloured = 0
for problem in problems:
    print(f'FAIL {name}: {problem}')
if not problems:
    print(f'ok {name}: header shows {verdict}' + (f' and {", ".join(survivors)}' if survivors else '')
          + f'; screenshot {marked} non-white pixels, {coloured} in the verdict colour')
sys.exit(1 if problems else 0)
