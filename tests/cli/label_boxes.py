#!/usr/bin/env python3
"""Checks the labels of gpuroof's gnuplot scripts from the script alone.

Usage: label_boxes.py [--far INCHES] SCRIPT.gp...

Each label's box is worked out from what the script tells gnuplot: the page
size (`set terminal ... size W,H`), the plot area (`set lmargin at screen`
...), the axis ranges and log scales, and each `set label`'s text, font size,
`at X,Y` (what the label names), `offset screen DX,DY` (where it is moved),
alignment and rotation.  The key's box comes from `set key`, its font size
and the titles of the plot's series.  Fails (exit 1, one line a fault) when
two label boxes overlap, a label overlaps the key, a label's box lies
farther than --far inches (default 0.6) from the point it names, a roof's
label lies nearer another level line than its own, or any label's box,
those at a place of their own (`at screen`: the note) too, runs past the
page's edge.  A roof's label is one
in the chart's own font size (point labels are smaller), upright, that
names a point on a level segment of a series drawn `with lines` (read from
the script's datablocks) and lies wholly above or below it; it must be
farther (by ROOF_MARGIN_IN) from every other level segment beside it (one
that spans some of its width) than from its own line, unless its own line
lies between them, or the label lies over 0.1 in off and is given a leader
line to its own (where roofs lie closer than a label is tall).

Widths are estimates, meant to be conservative (wider than cairo draws
DejaVu Sans, gnuplot's "Sans"): an em is 0.6 of the nominal size in points
(gnuplot's fontscale 0.45 on pdfcairo, 1/72 in a point; the size the chart
layout was measured at); a character is 0.34 em (i j l . , : ; ' | !), 0.42
(f t r ( ) [ ] / - space), 0.92 (m w M W % @), 0.74 (other capitals and
digits) or 0.64 (the rest) wide, against DejaVu Sans's advances of 0.28 to
0.40, 0.35 to 0.41, 0.97 to 1.0 (m and W; w 0.82), 0.61 to 0.77 and 0.56 to
0.63 em (measured with pdftotext -bbox on the PyTorch step's chart: a
47-character kernel name 129 pt wide, estimated 146; "FP32 66.91 TFLOP/s"
65 pt, estimated 78); a line is 1.2 em high (measured 1.16), and each box
0.1 em wider each way for gnuplot's text box margins.  Labels at a place of their own (`at screen`, the note
under the chart) are checked against the page's edges alone.
"""
import math
import re
import sys

EM_PER_PT = 0.6 / 72
ROOF_MARGIN_IN = 0.01  # the layout keeps 0.02
LEADER_IN = 0.1  # a label farther off is given a leader line to what it names
NARROW, MID, WIDE = set("ijl.,:;'|!"), set("ftr()[]/- "), set("mwMW%@")


def char_ems(ch):
    if ch in NARROW:
        return 0.34
    if ch in MID:
        return 0.42
    if ch in WIDE:
        return 0.92
    if ch.isupper() or ch.isdigit():
        return 0.74
    return 0.64


def text_in(text, size_pt):
    return sum(char_ems(ch) for ch in text) * size_pt * EM_PER_PT


def unquote(s):
    """A gnuplot single-quoted string at the start of s: its text, the rest."""
    assert s[0] == "'"
    out, i = [], 1
    while True:
        if s[i] == "'" and s[i + 1:i + 2] == "'":
            out.append("'")
            i += 2
        elif s[i] == "'":
            return "".join(out), s[i + 1:]
        else:
            out.append(s[i])
            i += 1


class Chart:
    def __init__(self, name, page_w, page_h, font_pt, key_font_pt):
        self.name, self.page_w, self.page_h = name, page_w, page_h
        self.font_pt, self.key_font_pt = font_pt, key_font_pt
        self.margin = {}
        self.log = set()
        self.range = {}
        self.labels = []
        self.screen_labels = []  # at a place of their own: the note under the chart
        self.key = None
        self.titles = []
        self.blocks = {}  # datablock name: its (x, y) rows
        self.lines = []   # the datablocks drawn with lines

    def share(self, axis, v):
        lo, hi = self.range[axis]
        if axis in self.log:
            return math.log10(v / lo) / math.log10(hi / lo)
        return (v - lo) / (hi - lo)

    def page(self, x, y):
        """Axis values to page inches from the page's lower left corner."""
        left, right = self.margin["l"] * self.page_w, self.margin["r"] * self.page_w
        bottom, top = self.margin["b"] * self.page_h, self.margin["t"] * self.page_h
        return (left + self.share("x", x) * (right - left), bottom + self.share("y", y) * (top - bottom))


def box(cx, cy, align, angle_deg, width, height):
    """The four corners of a label's box, counter-clockwise."""
    a = math.radians(angle_deg)
    along = {"left": width / 2, "right": -width / 2, "center": 0}[align]
    cx, cy = cx + along * math.cos(a), cy + along * math.sin(a)
    corners = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        dx, dy = sx * width / 2, sy * height / 2
        corners.append((cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)))
    return corners


def apart(a, b):
    for poly in (a, b):
        for i in range(2):
            (x0, y0), (x1, y1) = poly[i], poly[i + 1]
            nx, ny = y0 - y1, x1 - x0
            pa = [x * nx + y * ny for x, y in a]
            pb = [x * nx + y * ny for x, y in b]
            norm = math.hypot(nx, ny) or 1
            if max(pa) <= min(pb) + 1e-3 * norm or max(pb) <= min(pa) + 1e-3 * norm:
                return True
    return False


def distance(poly, x, y):
    inside = all((poly[(i + 1) % 4][0] - poly[i][0]) * (y - poly[i][1]) -
                 (poly[(i + 1) % 4][1] - poly[i][1]) * (x - poly[i][0]) >= 0 for i in range(4))
    if inside:
        return 0.0
    best = math.inf
    for i in range(4):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 4]
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x0 + t * dx - x, y0 + t * dy - y))
    return best


NUM = r"[-+0-9.eE]+"


def parse(path):
    charts, header = [], {}
    cur = None
    block = None
    text = open(path, encoding="utf-8").read().splitlines()
    for line in text:
        if block is not None:
            if line == "EOD":
                block = None
            else:
                xy = line.split(" ", 2)
                block.append((float(xy[0]), float(xy[1])))
            continue
        m = re.match(r"(\$C\d+S\d+) << EOD$", line)
        if m:
            block = []
            header.setdefault("blocks", {})[m.group(1)] = block
            continue
        m = re.match(r"set terminal \S+ .*font 'Sans,(\d+)'.* size ([0-9.]+)in,([0-9.]+)in", line)
        if m:
            header.update(font=float(m.group(1)), w=float(m.group(2)), h=float(m.group(3)))
        m = re.match(r"set key .* font ',(\d+)'", line)
        if m and cur is None:
            header["key_font"] = float(m.group(1))
        if line.startswith("# ---- ") and "w" in header:
            cur = Chart(line[7:].rstrip(" -"), header["w"], header["h"], header["font"], header.get("key_font", 8))
            charts.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r"set ([lrbt])margin at screen (" + NUM + ")", line)
        if m:
            cur.margin[m.group(1)] = float(m.group(2))
        m = re.match(r"set ([xy])range \[(" + NUM + "):(" + NUM + r")\]", line)
        if m:
            cur.range[m.group(1)] = (float(m.group(2)), float(m.group(3)))
        if line.startswith("set logscale"):
            cur.log = set(line.split()[2]) if len(line.split()) > 2 else {"x", "y"}
        if line.startswith("unset logscale"):
            cur.log -= set(line.split()[2]) if len(line.split()) > 2 else {"x", "y"}
        m = re.match(r"set key (top left|bottom right|top right|bottom left)", line)
        if m:
            cur.key = m.group(1)
        if line.startswith("set label "):
            tag, rest = line[len("set label "):].split(" ", 1)
            label_text, rest = unquote(rest)
            font = re.search(r" font ',(\d+)'", rest)
            m = re.search(r" at screen (" + NUM + "),(" + NUM + r") (left|center|right)", rest)
            if m:
                cur.screen_labels.append(dict(tag=tag, text=label_text, x=float(m.group(1)), y=float(m.group(2)),
                                              align=m.group(3), size=float(font.group(1)) if font else cur.font_pt))
                continue
            m = re.search(r" at (" + NUM + "),(" + NUM + r") (left|center|right)", rest)
            off = re.search(r" offset screen (" + NUM + "),(" + NUM + ")", rest)
            rot = re.search(r" rotate by (" + NUM + ")", rest)
            cur.labels.append(dict(tag=tag, text=label_text, x=float(m.group(1)), y=float(m.group(2)),
                                   align=m.group(3), dx=float(off.group(1)) if off else 0.0,
                                   dy=float(off.group(2)) if off else 0.0, anchored=off is not None,
                                   angle=float(rot.group(1)) if rot else 0.0,
                                   size=float(font.group(1)) if font else cur.font_pt))
        for b in re.finditer(r"(\$C\d+S\d+) using 1:2 with lines ", line):
            cur.lines.append(header["blocks"][b.group(1)])
        for t in re.finditer(r" title ('(?:[^']|'')*')", "" if line.startswith("set title ") else line):
            title, _ = unquote(t.group(1))
            if title:
                cur.titles.append(title)
    return charts


def key_box(c):
    if not c.key or not c.titles:
        return None
    em = c.key_font_pt * EM_PER_PT
    width = max(text_in(t, c.key_font_pt) for t in c.titles) + 6 * em  # sample (samplen 3), gaps, box
    height = (1.1 * 1.2 * len(c.titles) + 1.2) * em
    left, right = c.margin["l"] * c.page_w, c.margin["r"] * c.page_w
    bottom, top = c.margin["b"] * c.page_h, c.margin["t"] * c.page_h
    x0 = left if "left" in c.key else right - width
    y0 = top - height if "top" in c.key else bottom
    return [(x0, y0), (x0 + width, y0), (x0 + width, y0 + height), (x0, y0 + height)]


def level_segments(c):
    """Each level segment drawn with lines, on the page: (y, x_lo, x_hi)."""
    out = []
    for rows in c.lines:
        for (x0, y0), (x1, y1) in zip(rows, rows[1:]):
            if y0 == y1:
                (px0, py), (px1, _) = c.page(x0, y0), c.page(x1, y1)
                out.append((py, min(px0, px1), max(px0, px1)))
    return out


def roof_fault(c, l, b, ax, ay, segments):
    """Why a roof's label is nearer another level line than its own, or None."""
    lo_x, hi_x = min(x for x, _ in b), max(x for x, _ in b)
    lo_y, hi_y = min(y for _, y in b), max(y for _, y in b)
    if l["angle"] != 0 or l["size"] != c.font_pt or lo_y < ay < hi_y:
        return None
    own = [s for s in segments if abs(s[0] - ay) < 1e-6 and s[1] - 1e-6 <= ax <= s[2] + 1e-6]
    if not own:
        return None
    gap = lambda y: lo_y - y if y <= lo_y else max(0.0, y - hi_y)
    for y, x0, x1 in segments:
        if abs(y - ay) < 1e-6 or x1 < lo_x or x0 > hi_x:
            continue
        if (y < ay <= lo_y) or (y > ay >= hi_y):  # its own line between them
            continue
        if gap(y) < gap(ay) + ROOF_MARGIN_IN:
            return "%.3f in from its line, %.3f in from another level line" % (gap(ay), gap(y))
    return None


def screen_box(c, l):
    """A label at a place of its own on the page (`at screen X,Y`)."""
    em = l["size"] * EM_PER_PT
    pad = 0.1 * em
    return box(l["x"] * c.page_w, l["y"] * c.page_h, l["align"], 0, text_in(l["text"], l["size"]) + 2 * pad,
               1.2 * em + 2 * pad)


def on_page(c, b):
    """Whether a box lies wholly on the page, in inches from its lower left corner."""
    return all(-1e-6 <= x <= c.page_w + 1e-6 and -1e-6 <= y <= c.page_h + 1e-6 for x, y in b)


def check(path, far_in):
    faults = []
    for c in parse(path):
        boxes = []
        segments = level_segments(c)
        for l in c.labels:
            ax, ay = c.page(l["x"], l["y"])
            em = l["size"] * EM_PER_PT
            pad = 0.1 * em  # gnuplot's textbox margins
            b = box(ax + l["dx"] * c.page_w, ay + l["dy"] * c.page_h, l["align"], l["angle"],
                    text_in(l["text"], l["size"]) + 2 * pad, 1.2 * em + 2 * pad)
            boxes.append((l, b))
            if l["anchored"] and distance(b, ax, ay) > far_in:
                faults.append("%s: %s: label %s '%s' is %.2f in from what it names (at most %.2f)" %
                              (path, c.name, l["tag"], l["text"], distance(b, ax, ay), far_in))
            why = roof_fault(c, l, b, ax, ay, segments) if l["anchored"] and distance(b, ax, ay) <= LEADER_IN else None
            if why:
                faults.append("%s: %s: roof label %s '%s' is %s" % (path, c.name, l["tag"], l["text"], why))
        for l, b in boxes + [(l, screen_box(c, l)) for l in c.screen_labels]:
            if not on_page(c, b):
                faults.append("%s: %s: label %s '%s' runs past the page's edge" % (path, c.name, l["tag"], l["text"]))
        k = key_box(c)
        for i, (l, b) in enumerate(boxes):
            if k and not apart(b, k):
                faults.append("%s: %s: label %s '%s' overlaps the key" % (path, c.name, l["tag"], l["text"]))
            for l2, b2 in boxes[i + 1:]:
                if not apart(b, b2):
                    faults.append("%s: %s: labels %s '%s' and %s '%s' overlap" %
                                  (path, c.name, l["tag"], l["text"], l2["tag"], l2["text"]))
    return faults


def main(argv):
    far = 0.6
    if len(argv) > 2 and argv[1] == "--far":
        far = float(argv[2])
        argv = argv[2:]
    faults, labels = [], 0
    for path in argv[1:]:
        faults += check(path, far)
        labels += sum(len(c.labels) for c in parse(path))
    for f in faults:
        print(f)
    print("%d scripts, %d labels, %d faults" % (len(argv) - 1, labels, len(faults)), file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
