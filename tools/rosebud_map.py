#!/usr/bin/env python3
"""Generate and check the hex map of "The Battle of the Rosebud" (Legion Wargames),
17 June 1876: scenarios/rosebud/maps/rosebud.ron.

The seed (shared/seeds/003) lost its map.  Every hex here is a RECONSTRUCTION drawn on
the public geography of the field (docs/reconstructions-rosebud-map.md), pinned to the
facts the rules text does state:

  * hexes are printed CCRR, columns 11-47, rows from 00 (west edge 1100-1106, east edge
    4700-4714, "the North edge", 18); a hex is about 1/4 mile (2B);
  * 4213 is Level 4 Clear, 4312 Level 2 Clear, a Creek between them (10D example: an
    Indian unit in 4312 attacks 4213, so the two hexes touch);
  * the Eagle's Nest is 2815 (16D); Crook's Hill, Conical Hill and Andrew's Point are
    single VP hexes (17);
  * Rosebud Creek and the Dry Creeks are hexside features (7B "crossing a Creek
    hexside ... two classes of Creeks: Dry Creek and Rosebud Creek", 10D); Cliff is a
    hexside (7B, 10D); Clear, Light Woods, Rocks and Marsh are hex terrain (7B, 10D);
  * the US set-up hexes 3413, 3314, 3213, 3014, 3514, 2912 and the scouts' band "west of
    the Rosebud ... e.g. 2603-2607" (18).

Geometry (docs/scenario-format.md, "Hexes: numbering and geometry" and the tile field
`shoved_columns`): flat-topped hexes, the ODD printed columns shoved half a hex south
(`shoved_columns: "odd"`), as the seed's printed map has them: 4213 and 4312 touch (10D)
and the odd columns end a row higher than the even ones (3314, 3514, the east edge
4700-4714 against 2815, 3014).  N/S are (c, r-1)/(c, r+1) and the diagonals follow the
printed column's parity.  The odd columns' row 15 is not on the printed map: those tile
cells are terrain "none" (legend 'x'; the tile's `unprinted`: the board draws no hex
there), off the map, and no feature touches them.

How the map is made (deterministic, no randomness):
  * Every hex gets a region from four per-column cut rows: RW (north of the Rosebud,
    west of Kollmar Creek), RE (north of the Rosebud, east of Kollmar Creek), U (the
    uplands east of the Rosebud's northward reach, north of the East Creek) and S (south
    of the Rosebud and of the East Creek).  The features are the region boundaries:
    Rosebud Creek = R|U and R|S sides, Kollmar Creek = RW|RE, East Creek = U|S.  A
    boundary of per-column segments is always one unbroken chain of hexsides.
  * Levels: the valley floors are Level 1 (Rosebud) or rise upstream (the creeks); the
    ground climbs away from them at one level a hex on the north bank, two a hex on the
    south bluffs and in the canyon, up to hand-placed ridge lines and hills (RIDGES:
    the irregular ridge with Crook's Hill and Andrew's Point, the northern crests with
    Conical Hill, Royall's ridge, Van Vliet's Ridge with the Eagle's Nest).
  * Hex terrain and cliffs are hand-placed lists (below).

Checks (run on the written file, so they also catch hand edits): shape, shoved_columns,
legend, the "none" cells, level digits, every hexside between two adjacent on-map hexes
(never a "none" cell) and listed once, each creek an unbroken chain between the right
ends, every seed fact (4213/4312 adjacent across a creek), every hex reachable, level
steps.

Usage (from the repository root):
    python3 tools/rosebud_map.py           # write the map, check it, print a summary
    python3 tools/rosebud_map.py --check   # only check the file as it is
    python3 tools/rosebud_map.py --show    # also print an ASCII picture (terrain, levels)
"""

import math
import os
import re
import sys
from collections import Counter, deque

# ---------------------------------------------------------------------------
# The tile: printed numbers
# ---------------------------------------------------------------------------

COL0, COL1 = 11, 47          # printed columns (rule 18: west edge 11xx, east edge 47xx)
ROW0, ROW1 = 0, 15           # printed rows (row 00 is the north edge; the even columns
                             # run to row 15 (2815, 3014), the odd ones to row 14 (3314,
                             # 3514, 4700-4714); see the reconstruction notes)
COLS = COL1 - COL0 + 1       # 37
ROWS = ROW1 - ROW0 + 1       # 16
FIRST_HEX = "%02d%02d" % (COL0, ROW0)
SHOVED = "odd"               # the tile's `shoved_columns`: odd printed columns sit half
                             # a hex south (10D: 4213 and 4312 touch)
DIRS = ["N", "NE", "SE", "S", "SW", "NW"]
OPP = {d: DIRS[(i + 3) % 6] for i, d in enumerate(DIRS)}
SQ3 = math.sqrt(3.0)

HERE = os.path.dirname(os.path.abspath(__file__))
MAP_PATH = os.path.join(HERE, "..", "scenarios", "rosebud", "maps", "rosebud.ron")

NONE_CH = "x"                # the odd columns' row 15: not on the printed map
LEGEND = {".": "clear", "W": "light_woods", "R": "rocks", "M": "marsh", NONE_CH: "none"}
UNPRINTED = ["none"]         # the tile's `unprinted`: the board draws no hex there
# Hexside feature keys.  They must be rows of the hexside chart in this game's tables; a
# rename is made here (the file is then regenerated and re-checked).
ROSEBUD, CREEK, CLIFF = "rosebud", "creek", "cliff"
FEATURES = (ROSEBUD, CREEK, CLIFF)
MAX_LEVEL = 9                # the loader for this game allows level digits 1-9


def hexname(h):
    return "%02d%02d" % h


def parse_hex(s):
    return (int(s[:2]), int(s[2:]))


def in_tile(h):
    """A cell of the rectangular tile (rows 00-15 in every column)."""
    c, r = h
    return COL0 <= c <= COL1 and ROW0 <= r <= ROW1


def is_none(h):
    """A tile cell that is not on the printed map: an odd column's row 15."""
    return in_tile(h) and h[0] % 2 == 1 and h[1] == ROW1


def on_map(h):
    """A hex of the printed map: a tile cell that is not "none"."""
    return in_tile(h) and not is_none(h)


ALL_HEXES = [(c, r) for r in range(ROW0, ROW1 + 1) for c in range(COL0, COL1 + 1)]
MAP_HEXES = [h for h in ALL_HEXES if on_map(h)]
NONE_HEXES = [h for h in ALL_HEXES if is_none(h)]


def step_documented(h, d):
    """The documented table (docs/scenario-format.md): even columns shoved south."""
    c, r = h
    if d == "N":
        return (c, r - 1)
    if d == "S":
        return (c, r + 1)
    if c % 2 == 1:
        return {"NE": (c + 1, r - 1), "SE": (c + 1, r),
                "SW": (c - 1, r), "NW": (c - 1, r - 1)}[d]
    return {"NE": (c + 1, r), "SE": (c + 1, r + 1),
            "SW": (c - 1, r + 1), "NW": (c - 1, r)}[d]


def step(h, d):
    """The neighbour of h in direction d with the ODD printed columns shoved half a hex
    south (`shoved_columns: "odd"`): N/S are (c, r-1)/(c, r+1); an odd column's NE, SE,
    SW, NW are (c+1, r), (c+1, r+1), (c-1, r+1), (c-1, r); an even column's are
    (c+1, r-1), (c+1, r), (c-1, r), (c-1, r-1)."""
    c, r = h
    if d == "N":
        return (c, r - 1)
    if d == "S":
        return (c, r + 1)
    if c % 2 == 1:   # odd column (11, 13, ...): shoved south
        return {"NE": (c + 1, r), "SE": (c + 1, r + 1),
                "SW": (c - 1, r + 1), "NW": (c - 1, r)}[d]
    return {"NE": (c + 1, r - 1), "SE": (c + 1, r),   # even column (12, 14, ...)
            "SW": (c - 1, r), "NW": (c - 1, r - 1)}[d]


def neighbours(h):
    return [(d, step(h, d)) for d in DIRS]


def cube(h):
    """Cube coordinates as docs/scenario-format.md ("Distance"), with the column parity
    swapped for the odd shove: printed column c is treated as c + 1 (as the engine
    does)."""
    c, r = h
    c0, r0 = c, r - 1            # (c + 1) - 1
    q = c0
    rr = r0 - (c0 - (c0 & 1)) // 2
    return q, rr


def dist(a, b):
    qa, ra = cube(a)
    qb, rb = cube(b)
    dq, dr = qa - qb, ra - rb
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def center(h):
    """Centre (x east, y SOUTH), outer radius 1; odd printed columns half a hex lower."""
    c, r = h
    return (1.5 * c, SQ3 * (r + (0.5 if c % 2 == 1 else 0.0)))


FACING = {"N": 270, "NE": 330, "SE": 30, "S": 90, "SW": 150, "NW": 210}


def vkey(x, y):
    return (round(2 * x), round(2 * y / (SQ3 / 2)))


def side_vertices(h, d):
    """The two corners of side d of hex h (geometric, independent of `step`)."""
    cx, cy = center(h)
    out = []
    for a in (FACING[d] - 30, FACING[d] + 30):
        t = math.radians(a)
        out.append(vkey(cx + math.cos(t), cy + math.sin(t)))
    return frozenset(out)


def side_key(a, b):
    return (a, b) if a < b else (b, a)


def canonical(a, b):
    """Write the side between adjacent hexes a, b as (hex, dir) from the hex for which
    it is N, NE or SE."""
    for h, o in ((a, b), (b, a)):
        for d in ("N", "NE", "SE"):
            if step(h, d) == o:
                return h, d
    raise ValueError("%s and %s are not adjacent" % (hexname(a), hexname(b)))


# Corners of every on-map hex, with the hexes (on or off the map) around each.
VERT_HEXES = {}
for _h in MAP_HEXES:
    for _d, _n in neighbours(_h):
        for _v in side_vertices(_h, _d):
            VERT_HEXES.setdefault(_v, set()).update((_h, _n))


def border_edges(v):
    """The map edges a corner lies on (empty for an interior corner).  A "none" cell
    (an odd column's row 15) is beyond the south edge."""
    out = set()
    for h in VERT_HEXES.get(v, ()):
        c, r = h
        if c < COL0:
            out.add("west")
        elif c > COL1:
            out.add("east")
        elif r < ROW0:
            out.add("north")
        elif r > ROW1 or is_none(h):
            out.add("south")
    return out


def self_test():
    """The odd-shoved neighbour table agrees with the geometry, with the brief's table,
    with the engine's reading (the documented even-shoved table on column c + 1) and
    with the seed's 10D example."""
    assert [hexname(n) for _, n in neighbours((42, 13))] == \
        ["4212", "4312", "4313", "4214", "4113", "4112"]          # 4213 (even): NE is 4312
    assert [hexname(n) for _, n in neighbours((43, 12))] == \
        ["4311", "4412", "4413", "4313", "4213", "4212"]          # 4312 (odd): SW is 4213
    assert dist((42, 13), (43, 12)) == 1
    for h in ALL_HEXES:
        for d, n in neighbours(h):
            c2, r2 = step_documented((h[0] + 1, h[1]), d)
            assert n == (c2 - 1, r2), (h, d)                        # the engine's shift
            assert step(n, OPP[d]) == h
            assert dist(h, n) == 1
            assert side_vertices(h, d) == side_vertices(n, OPP[d]), (h, d)
            x0, y0 = center(h)
            x1, y1 = center(n)
            ang = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360
            assert abs(ang - FACING[d]) < 1e-6, (h, d, ang)
    # dist() is the step count on an unbounded grid (checked from a few hexes).
    for src in ((11, 0), (28, 15), (33, 14), (47, 7)):
        seen = {src: 0}
        q = deque([src])
        while q:
            h = q.popleft()
            for _, n in neighbours(h):
                if n not in seen and COL0 - 8 <= n[0] <= COL1 + 8 and -8 <= n[1] <= ROW1 + 8:
                    seen[n] = seen[h] + 1
                    q.append(n)
        for h in ALL_HEXES:
            assert dist(src, h) == seen[h], (src, h)


# ---------------------------------------------------------------------------
# The watercourses: four regions from per-column cut rows
# ---------------------------------------------------------------------------
#
# For column c, rows 00..K[c] are RE, K[c]+1..A[c] RW, A[c]+1..B[c] U, the rest S
# (a segment is empty when its end is below its start).  -1 means "none".  The S region
# always holds the bottom row of every column, so no feature reaches the "none" cells
# (the odd columns' row 15) or the south edge: in an odd column every cut is at most 13,
# in an even one at most 14.
#
# With the odd columns shoved south, a cut after row A lies at A + 1 hex heights in an
# even column and A + 1.5 in an odd one; the course below is drawn on those heights.

# A: last row north of (or west of) the Rosebud.  It enters at the west edge between
# 1112/1113, meanders east past the bivouac, turns north at the great bend (column 38,
# east of the camp) and leaves by the north edge between 4000 and 4100.  3314 and 3514
# are bottom hexes of their (odd) columns, on the map's south edge, so they lie on the
# south bank with everything else on that edge (Mills 3514, the Eagle's Nest 2815); the
# creek runs along their north sides (3313/3314, 3513/3514).
A = {11: 12, 12: 12, 13: 12, 14: 13, 15: 12, 16: 12, 17: 12, 18: 12, 19: 11, 20: 12,
     21: 12, 22: 13, 23: 12, 24: 11, 25: 12, 26: 12, 27: 11, 28: 11, 29: 12, 30: 13,
     31: 13, 32: 13, 33: 13, 34: 13, 35: 13, 36: 12, 37: 12, 38: 12,
     39: 5, 40: 1}
for _c in range(41, COL1 + 1):
    A[_c] = -1

# K: last row east of Kollmar Creek (north of the Rosebud).  The dry creek comes in
# from the north edge between 2000/2100 and runs south-south-east to the Rosebud,
# which it joins at the west end of the bivouac (2512/2612).
K = {c: -1 for c in range(COL0, 21)}
K.update({21: 1, 22: 3, 23: 5, 24: 8, 25: 10})
for _c in range(26, COL1 + 1):
    K[_c] = A[_c]

# B: last row of the eastern uplands (north of the East Creek).  The East Creek, a dry
# creek, comes in from the east edge between 4712/4713 and runs west to the Rosebud at
# the great bend (3812/3912/3813).  4312 lies north of it, in its bottom, and 4213 south,
# on its bluff; the creek runs along 4213's NW, N and NE sides (the 10D example: 4312
# attacks 4213 across the creek).
B = {c: A[c] for c in range(COL0, 39)}
B.update({39: 12, 40: 12, 41: 12, 42: 12, 43: 12, 44: 12, 45: 11, 46: 11, 47: 12})


def region(h):
    c, r = h
    if r <= K[c]:
        return "RE"
    if r <= A[c]:
        return "RW"
    if r <= B[c]:
        return "U"
    return "S"


def north_of_rosebud(h):
    return region(h) in ("RE", "RW")


def water_feature(a, b):
    """The watercourse on the side between adjacent hexes a and b, if any."""
    ra, rb = region(a), region(b)
    if ra == rb:
        return None
    north = {ra, rb} & {"RE", "RW"}
    if len(north) == 1:
        return (ROSEBUD, "Rosebud Creek")
    if north:
        return (CREEK, "Kollmar Creek")
    return (CREEK, "East Creek")


# ---------------------------------------------------------------------------
# Cliffs (hand-placed): the walls of the Rosebud's canyon north of the great bend
# (the "broken wall of the canon" Mills climbed where "the ascent was practicable"),
# and the face of the Eagle's Nest.  Each is a list of adjacent hex pairs.
# ---------------------------------------------------------------------------

CLIFFS = [
    ("the canyon's west wall, below the camp plateau", [
        ("3807", "3706"), ("3807", "3707"), ("3808", "3707"), ("3808", "3708"),
        ("3809", "3708"), ("3809", "3709")]),
    ("the canyon's west wall, lower canyon", [
        ("3903", "3803"), ("3903", "3804"), ("3904", "3804"), ("3904", "3805")]),
    ("the canyon's east wall, lower canyon", [
        ("4003", "4102"), ("4003", "4103"), ("4004", "4103"), ("4004", "4104")]),
    ("the canyon's east wall, above the bend", [
        ("3907", "4007"), ("3907", "4008"), ("3908", "4008"), ("3908", "4009"),
        ("3909", "4009"), ("3909", "4010"), ("3910", "4010")]),
    ("the north face of Van Vliet's Ridge west of the Eagle's Nest", [
        ("2614", "2714"), ("2713", "2714")]),
]

# ---------------------------------------------------------------------------
# Named hexes (rule numbers in the notes)
# ---------------------------------------------------------------------------

EAGLES_NEST = "2815"          # 16D, seed
CROOKS_HILL = "3209"          # 17, reconstruction: ~1 mile north of the HQ at 3213
CONICAL_HILL = "3405"         # 17, reconstruction: the next height north, across the Gap
ANDREWS_POINT = "2807"        # 17, reconstruction: west of Crook's Hill, above Kollmar Creek

SETUP_NORTH = {"3413": "Noyes, 2nd Cavalry", "3213": "Crook, HQ, infantry",
               "2912": "Pack Trains, Miners"}
SETUP_SOUTH = {"3014": "Henry, 3rd Cavalry", "3314": "Van Vliet, C & G/3",
               "3514": "Mills, 3rd Cavalry"}     # 3314, 3514: on the south edge
SCOUT_EXAMPLE = ["2603", "2604", "2605", "2606", "2607"]

# Relief, hand-placed on the public descriptions of the field.  A ridge is a line of
# hexes (its crest) at a level, falling by `slope` levels a hex away from the line; a
# hill is a one-hex ridge.  The ground is the highest ridge over it, never below the
# region's upland level (rounded to the nearest level), and is then cut down by the
# valleys (see build()).
RIDGES = [
    # north of the Rosebud
    ("the irregular ridge a mile north of the camp", ["2608", ANDREWS_POINT, "3008", CROOKS_HILL,
                                                      "3508", "3707"], 4, 0.5),
    ("the northern crests", ["1903", "2402", "2802", "3102", "3403", "3602", "3701"], 4, 0.5),
    ("Conical Hill's spur", ["3403", CONICAL_HILL], 4, 0.5),
    ("Royall's ridge, west of Kollmar Creek", ["1804", "2006", "2207", "2309"], 4, 0.5),
    ("the north-west uplands", ["1202", "1503", "1606"], 4, 0.5),
    ("Crook's Hill", [CROOKS_HILL], 5, 1.0),
    ("Andrew's Point", [ANDREWS_POINT], 5, 1.0),
    ("Conical Hill", [CONICAL_HILL], 5, 1.0),
    ("the northern summits", ["2402"], 5, 1.0), ("", ["3102"], 5, 1.0),
    # east of the Rosebud
    ("the eastern uplands", ["4302", "4405", "4609"], 4, 0.5),
    ("", ["4405"], 5, 1.0), ("", ["4601"], 5, 1.0),
    # south of the Rosebud: Van Vliet's Ridge along the south edge, the Eagle's Nest its top
    ("Van Vliet's Ridge", ["2215", "2514", EAGLES_NEST, "3215"], 4, 0.5),
    ("the Eagle's Nest", [EAGLES_NEST], 5, 1.0),
    ("the south-east bluffs", ["4215", "4615"], 4, 0.5), ("", ["4615"], 5, 1.0),
]
UPLAND = {"RE": 3, "RW": 3, "U": 3, "S": 4}   # ground away from valleys and hills

# Hand-placed hex terrain (everything else is Clear).
WOODS = [
    # timber in the canyon below the bend ("the narrow, timbered canon")
    "3806", "3807", "3808", "3810", "3811", "3906", "3907", "3909", "3910", "3911",
    "3902", "3903", "3905", "4002", "4003", "4005", "4000", "4101",
    # willows and cottonwoods along the Rosebud upstream of the camp
    "1112", "1213", "1312", "1413", "1612", "1713", "1812", "1912", "2013", "2112",
    "2214", "2312", "2411", "2412",
    # pine on the north-west uplands and the eastern uplands
    "1402", "1403", "1503", "1604", "1708", "1709", "4506", "4507", "4607", "4411",
    # brush on the south bluffs upstream
    "1714", "1815",
]
ROCKS = [
    CROOKS_HILL, ANDREWS_POINT, "3108", "3308",          # the irregular ridge's outcrops
    "2702", "2902", "3502",                               # the northern crests
    "3705", "3709", "4108", "4110",                       # the canyon rims
    "2714", "2914",                                       # Van Vliet's Ridge crest
    "2106",                                               # Royall's ridge
]
MARSH = ["1613", "2513", "3613", "3713"]                 # wet meadows in the bottoms

# Level pins: the seed's stated hexes (10D).  The generator already gives these levels;
# the pins keep a retuned relief from moving them.
LEVEL_FIX = {"4213": 4, "4312": 2}


# ---------------------------------------------------------------------------
# Building the map
# ---------------------------------------------------------------------------


def all_sides():
    """Every side between two on-map hexes (never a "none" cell): key -> (a, b)."""
    out = {}
    for h in MAP_HEXES:
        for d, n in neighbours(h):
            if on_map(n):
                out[side_key(h, n)] = (h, n)
    return out


SIDES = all_sides()


def line_dist(h, line):
    """Distance in hexes from the centre of h to a polyline through hex centres."""
    px, py = center(h)
    pts = [center(parse_hex(x)) for x in line]
    best = math.hypot(px - pts[0][0], py - pts[0][1])
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best / SQ3


def build():
    # Hexside features.
    feats = {}        # side key -> (feature, chain name)
    for k, (a, b) in SIDES.items():
        w = water_feature(a, b)
        if w:
            feats[k] = w
    for name, pairs in CLIFFS:
        for x, y in pairs:
            a, b = parse_hex(x), parse_hex(y)
            k = side_key(a, b)
            assert k in SIDES, "cliff %s-%s: not adjacent" % (x, y)
            assert k not in feats, "cliff %s-%s: side already has %s" % (x, y, feats[k])
            feats[k] = (CLIFF, name)

    # Levels.
    def bank_hexes(feature_name):
        return {h for k, (a, b) in SIDES.items() if feats.get(k, (None, None))[1] == feature_name
                for h in (a, b)}

    rose = bank_hexes("Rosebud Creek")
    koll = bank_hexes("Kollmar Creek")
    east = bank_hexes("East Creek")

    def dmin(h, hs):
        return min(dist(h, x) for x in hs)

    level = {}
    for h in MAP_HEXES:
        c, r = h
        reg = region(h)
        ridge = max(top - slope * line_dist(h, line) for _, line, top, slope in RIDGES)
        hgt = max(UPLAND[reg], math.floor(ridge + 0.5))
        dr = dmin(h, rose)
        canyon = c >= 36 and r <= 11 and reg in ("RE", "U")
        south = reg == "S"
        # The Rosebud bottom is Level 1; the north bank climbs a level a hex, the south
        # bluffs and the canyon walls two.
        hgt = min(hgt, 1 + (2 if (south or canyon) else 1) * dr)
        if reg in ("RE", "RW"):
            # Kollmar Creek's bottom rises upstream: Level 1 at the mouth, 3 at the edge.
            kb = 1 if r >= 10 else (2 if r >= 5 else 3)
            hgt = min(hgt, kb + dmin(h, koll))
        if reg == "U":
            # The East Creek's bottom is Level 2 (Level 1 at the bend) and two hexes wide
            # on its north side; its south bank is the bluff (the S rule above).
            eb = 1 if c <= 39 else 2
            hgt = min(hgt, eb + max(0, dmin(h, east) - 1))
        level[h] = max(1, min(MAX_LEVEL, hgt))
    for x, v in LEVEL_FIX.items():
        level[parse_hex(x)] = v
    for (c, r) in NONE_HEXES:
        level[(c, r)] = level[(c, r - 1)]    # off the map; the digit repeats the hex north

    # Hex terrain.
    terrain = {h: (NONE_CH if is_none(h) else ".") for h in ALL_HEXES}
    for ch, hs in (("W", WOODS), ("R", ROCKS), ("M", MARSH)):
        for x in hs:
            h = parse_hex(x)
            assert on_map(h), x
            assert terrain[h] == ".", "%s painted twice" % x
            terrain[h] = ch

    # Marks.
    marks = [(EAGLES_NEST, "eagles_nest"), (CROOKS_HILL, "crooks_hill"),
             (CONICAL_HILL, "conical_hill"), (ANDREWS_POINT, "andrews_point")]
    marks += [("%02d%02d" % (COL1, r), "east_entry") for r in range(0, 15)]      # 4700-4714
    marks += [("%02d%02d" % (COL0, r), "west_entry") for r in range(0, 7)]       # 1100-1106
    marks += [("%02d%02d" % (c, ROW0), "north_entry") for c in range(COL0, COL1 + 1)]
    marks += [("%02d%02d" % (c, r), "village_edge")
              for r in (ROW0, ROW0 + 1) for c in range(COL0, COL1 + 1)]
    marks += [(hexname(h), "scout_band") for h in scout_band()]
    return terrain, level, feats, marks


def scout_band():
    """Rule 18's scout set-up band: west of the Rosebud, 4-8 hexes from the map edge,
    counted as the seed's example does (2603-2607: the edge row is the 1st hex), read
    against the north edge as the example is: rows 03-07 west of the Rosebud."""
    return [h for h in MAP_HEXES if north_of_rosebud(h) and 3 <= h[1] - ROW0 <= 7]


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------

SOURCE = (
    "RECONSTRUCTION: the seed's map sheet is lost; drawn by tools/rosebud_map.py on the "
    "public geography of the field (docs/reconstructions-rosebud-map.md). Seed facts: "
    "columns 11-47 with the west edge 1100-1106, the east edge 4700-4714 and the north edge "
    "(rule 18); a hex is about 1/4 mile (2B); 4213 Level 4 Clear attacked from the adjacent "
    "4312, Level 2 Clear, across a Creek (10D); the Eagle's Nest at 2815 (16D); Crook's "
    "Hill, Conical Hill and Andrew's Point as single VP hexes (17); Rosebud Creek and Dry "
    "Creeks as hexsides, Cliff hexsides, Clear, Light Woods, Rocks and Marsh hexes (7B, "
    "10D); the set-up hexes 3413, 3314, 3213, 3014, 3514, 2912 and the scouts west of the "
    "Rosebud at 2603-2607 (18). Layout: the odd columns are shoved half a hex south "
    "(shoved_columns odd), as the printed map must have them: 4213 and 4312 touch (10D), "
    "and the odd columns end at row 14 (3314, 3514, 4714) while the even ones reach row "
    "15 (2815, 3014). The odd columns' row 15 is not on the map (terrain none). Drawn: "
    "Rosebud Creek comes in from the west edge (1112/1113) and flows east through the "
    "amphitheatre where the column halted, Noyes (3413), the infantry (3213) and the "
    "packers (2912) on the north bank, Mills (3514), Van Vliet (3314) and Henry (3014) on "
    "the south bank (3314 and 3514 are south-edge hexes); at the great bend (column 38) "
    "just east of the camp it turns north into a timbered canyon with broken cliff walls "
    "and leaves by the north edge (4000/4100). Kollmar Creek, a dry creek, comes down from "
    "the north edge (2000/2100) to join it at the west end of the camp; a second dry "
    "creek, the East Creek, comes in from the east edge (4712/4713) to the bend, with 4213 "
    "on its south bluff and 4312 in its bottom. The Rosebud bottom is Level 1 with bluffs "
    "on both banks; the north bank climbs to an irregular ridge about a mile north "
    "(Crook's Hill 3209, Andrew's Point 2807 west of it, Level 5 tops on a Level 4 ridge) "
    "and to the crests near the north edge (Conical Hill 3405 on a spur); Royall's ridge "
    "lies west of Kollmar Creek; the south bank rises steeply to Van Vliet's Ridge along "
    "the south edge (the Eagle's Nest 2815, Level 5, the map's top level). Timber in the "
    "canyon and along the creek upstream of the camp, pine on the uplands, rock outcrops "
    "on the crests, wet meadows in the bottoms. The hill positions, levels, woods, rocks, "
    "marsh and cliffs are reconstructions; there are no fords (the seed's terrain lists "
    "have none).")


def ron_string(s):
    assert '"' not in s and "\\" not in s, s
    return '"%s"' % s


def ruler():
    tens = "".join(str((c // 10) % 10) for c in range(COL0, COL1 + 1))
    units = "".join(str(c % 10) for c in range(COL0, COL1 + 1))
    return ["       //%s" % tens, "       //%s" % units]


CHAIN_NOTES = {
    "Rosebud Creek": ROSEBUD + ": Rosebud Creek (7B, 10D: a Rosebud Creek hexside), from the west edge "
                     "(1112/1113) east past the bivouac, north at the great bend (column 38), out by "
                     "the north edge (4000/4100)",
    "Kollmar Creek": CREEK + ": Kollmar Creek, a Dry Creek (7B), from the north edge (2000/2100) to the "
                     "Rosebud at the west end of the camp (2512/2612)",
    "East Creek": CREEK + ": the East Creek, a Dry Creek (7B, the 10D example: 4213 on its south bluff, "
                  "4312 in its bottom, the creek on the side between them), from the east edge "
                  "(4712/4713) to the Rosebud at the great bend (3912/3813)",
}


def write(terrain, level, feats, marks):
    lines = [
        "// The Battle of the Rosebud (17 June 1876), the battle map. RECONSTRUCTION: the seed's "
        "map is lost; see `source` and docs/reconstructions-rosebud-map.md.",
        "// Hexes CCRR as printed: columns 11-47, rows 00-15 (first_hex \"1100\"); flat-topped, "
        "ODD columns shoved half a hex south (shoved_columns \"odd\"); the odd columns end at row 14, "
        "their row-15 cells are 'x' (\"none\": off the map). Format: docs/scenario-format.md, "
        "\"Map tiles\". Generated by tools/rosebud_map.py; do not edit by hand (edit the tool and "
        "re-run it).",
        "(",
        "    id: \"rosebud\",",
        "    name: \"Rosebud battlefield\",",
        "    source: Reconstruction(%s)," % ron_string(SOURCE),
        "    first_hex: %s," % ron_string(FIRST_HEX),
        "    shoved_columns: %s," % ron_string(SHOVED),
        "    legend: {%s}," % ", ".join("'%s': \"%s\"" % (k, v) for k, v in LEGEND.items()),
        "    unprinted: [%s]," % ", ".join(ron_string(t) for t in UNPRINTED),
        "    terrain: [",
    ]
    lines += ruler()
    for r in range(ROW0, ROW1 + 1):
        row = "".join(terrain[(c, r)] for c in range(COL0, COL1 + 1))
        lines.append("        %s, // row %02d" % (ron_string(row), r))
    lines.append("    ],")
    lines.append("    levels: [")
    lines += ruler()
    for r in range(ROW0, ROW1 + 1):
        row = "".join(str(level[(c, r)]) for c in range(COL0, COL1 + 1))
        lines.append("        %s, // row %02d" % (ron_string(row), r))
    lines.append("    ],")
    lines.append("    marks: [")
    groups = [
        ("the VP hills (17) and the Eagle's Nest (16D)",
         ("eagles_nest", "crooks_hill", "conical_hill", "andrews_point")),
        ("Indian entry, turn 1 (18): the east edge 4700-4714, the west edge 1100-1106, the north edge (row 00)",
         ("east_entry", "west_entry", "north_entry")),
        ("village search (16E): within 2 hexes of the north edge, counted as the seed counts (row 00 is the 1st hex)",
         ("village_edge",)),
        ("the scouts' set-up band (18): west of the Rosebud, rows 03-07 (the seed's example 2603-2607)",
         ("scout_band",)),
    ]
    for note, kinds in groups:
        lines.append("        // %s" % note)
        ents = ['("%s", "%s"),' % (h, m) for h, m in marks if m in kinds]
        for i in range(0, len(ents), 6):
            lines.append("        " + " ".join(ents[i:i + 6]))
    lines.append("    ],")
    lines.append("    hexsides: [")
    order = ["Rosebud Creek", "Kollmar Creek", "East Creek"] + [n for n, _ in CLIFFS]
    for name in order:
        ks = chain_order([k for k, v in feats.items() if v[1] == name])
        feature = feats[ks[0]][0]
        note = CHAIN_NOTES.get(name, "%s: %s" % (CLIFF, name))
        lines.append("        // %s (%d hexsides)" % (note, len(ks)))
        ents = []
        for k in ks:
            h, d = canonical(*k)
            ents.append('("%s", %s, "%s"),' % (hexname(h), d, feature))
        for i in range(0, len(ents), 4):
            lines.append("        " + " ".join(ents[i:i + 4]))
    lines.append("    ],")
    lines.append(")")
    os.makedirs(os.path.dirname(MAP_PATH), exist_ok=True)
    with open(MAP_PATH, "w") as f:
        f.write("\n".join(lines) + "\n")


def chain_order(keys):
    """Order a chain's sides along the chain, from its western end, for a readable file."""
    verts = {k: side_vertices(*canonical(*k)) for k in keys}
    deg = Counter(v for vs in verts.values() for v in vs)

    def west(k):
        return (center(k[0])[0] + center(k[1])[0], center(k[0])[1] + center(k[1])[1])

    left = set(keys)
    out = []
    while left:
        ends = [k for k in left if any(deg[v] == 1 for v in verts[k])]
        cur = min(ends or left, key=west)
        while cur is not None:
            out.append(cur)
            left.discard(cur)
            nxt = [o for o in left if verts[o] & verts[cur]]
            cur = min(nxt, key=west) if nxt else None
    return out


# ---------------------------------------------------------------------------
# Checking the written file
# ---------------------------------------------------------------------------

ENTRY = re.compile(r'\(\s*"(\d{4})"\s*,\s*(NE|SE|SW|NW|N|S)\s*,\s*"([a-z_]+)"\s*\)')
MARK = re.compile(r'\(\s*"(\d{4})"\s*,\s*"([a-z_]+)"\s*\)')


def block(text, field, opener="[", closer="]"):
    m = re.search(r"\n\s*%s:\s*\%s(.*?)\n\s*\%s," % (field, opener, closer), text, re.S)
    assert m, "no %s" % field
    return m.group(1)


def read_map(path):
    text = open(path).read()
    nocomment = re.sub(r"//[^\n]*", "", text)
    t = {}
    t["id"] = re.search(r'\bid:\s*"([^"]*)"', nocomment).group(1)
    t["name"] = re.search(r'\bname:\s*"([^"]*)"', nocomment).group(1)
    t["first_hex"] = re.search(r'\bfirst_hex:\s*"([^"]*)"', nocomment).group(1)
    m = re.search(r'\bshoved_columns:\s*"([^"]*)"', nocomment)
    t["shoved_columns"] = m.group(1) if m else None
    t["source"] = re.search(r'\bsource:\s*Reconstruction\("([^"]*)"\)', nocomment).group(1)
    t["legend"] = dict(re.findall(r"'(.)':\s*\"([a-z_]+)\"",
                                  re.search(r"legend:\s*\{(.*?)\}", nocomment, re.S).group(1)))
    m = re.search(r"\bunprinted:\s*\[(.*?)\]", nocomment, re.S)
    t["unprinted"] = re.findall(r'"([^"]*)"', m.group(1)) if m else []
    t["terrain"] = re.findall(r'"([^"]*)"', block(nocomment, "terrain"))
    t["levels"] = re.findall(r'"([^"]*)"', block(nocomment, "levels"))
    t["marks"] = MARK.findall(block(nocomment, "marks"))
    hs = block(text, "hexsides")
    # chains: the comment heading each group names it
    chains = []
    for line in hs.split("\n"):
        s = line.strip()
        if s.startswith("//"):
            chains.append([s[2:].strip(), []])
        for e in ENTRY.findall(s):
            assert chains, "hexside before any chain comment"
            chains[-1][1].append(e)
    t["chains"] = chains
    return t


class Checker:
    def __init__(self):
        self.errors = []
        self.passed = []

    def check(self, cond, what):
        (self.passed if cond else self.errors).append(what)


def check_file(path):
    ck = Checker()
    t = read_map(path)
    ck.check(t["id"] == "rosebud" and os.path.basename(path) == "rosebud.ron", "id is the file stem")
    ck.check(t["name"] == "Rosebud battlefield", "name")
    ck.check(t["first_hex"] == FIRST_HEX, "first_hex is 1100")
    ck.check(t["shoved_columns"] == SHOVED, 'shoved_columns is "odd" (the odd printed columns sit half a hex south)')
    ck.check(t["legend"] == LEGEND, "legend: clear, light_woods, rocks, marsh, and 'x' none")
    ck.check(t["unprinted"] == UNPRINTED, 'unprinted: ["none"] (its cells are not printed hexes)')
    shape = (len(t["terrain"]) == ROWS and all(len(r) == COLS for r in t["terrain"])
             and len(t["levels"]) == ROWS and all(len(r) == COLS for r in t["levels"]))
    ck.check(shape, "shape: %d rows of %d columns (terrain and levels)" % (ROWS, COLS))
    if not shape:
        return ck, None
    ter = {(c, r): t["terrain"][r - ROW0][c - COL0] for (c, r) in ALL_HEXES}
    ck.check(all(ch in LEGEND for ch in ter.values()), "every terrain character is in the legend")
    ck.check(set(ter.values()) == set(LEGEND), "every legend terrain is used")
    ck.check(all((ter[h] == NONE_CH) == is_none(h) for h in ALL_HEXES),
             "\"none\" is exactly the odd columns' row 15 (%d cells: 1115, 1315, ..., 4715)" % len(NONE_HEXES))
    digits_ok = all(ch.isdigit() and 1 <= int(ch) <= MAX_LEVEL for row in t["levels"] for ch in row)
    ck.check(digits_ok, "level digits 1-%d" % MAX_LEVEL)
    if not digits_ok:
        return ck, None
    lev_all = {(c, r): int(t["levels"][r - ROW0][c - COL0]) for (c, r) in ALL_HEXES}
    ck.check(all(lev_all[(c, r)] == lev_all[(c, r - 1)] for (c, r) in NONE_HEXES),
             "each \"none\" cell repeats the level digit of the hex north of it")
    lev = {h: lev_all[h] for h in MAP_HEXES}

    # Marks.
    marks = {}
    for h, m in t["marks"]:
        marks.setdefault(m, []).append(h)
    ck.check(all(on_map(parse_hex(h)) for h, _ in t["marks"]), "every mark is on the map")
    ck.check(len(set(t["marks"])) == len(t["marks"]), "no mark listed twice")
    for m, want in (("eagles_nest", [EAGLES_NEST]), ("crooks_hill", [CROOKS_HILL]),
                    ("conical_hill", [CONICAL_HILL]), ("andrews_point", [ANDREWS_POINT])):
        ck.check(marks.get(m) == want, "mark %s on exactly %s" % (m, want[0]))
    ck.check(sorted(marks.get("east_entry", [])) == ["47%02d" % r for r in range(0, 15)],
             "east_entry = 4700-4714 (18)")
    ck.check(sorted(marks.get("west_entry", [])) == ["11%02d" % r for r in range(0, 7)],
             "west_entry = 1100-1106 (18)")
    ck.check(sorted(marks.get("north_entry", [])) == sorted("%02d00" % c for c in range(COL0, COL1 + 1)),
             "north_entry = every row-00 hex (18)")
    ck.check(sorted(marks.get("village_edge", [])) ==
             sorted("%02d%02d" % (c, r) for c in range(COL0, COL1 + 1) for r in (0, 1)),
             "village_edge = rows 00-01 (16E)")

    # Hexsides: adjacency, once each, features.
    feats = {}
    dup = False
    adjacent = True
    for name, es in t["chains"]:
        for hx, d, f in es:
            h = parse_hex(hx)
            n = step(h, d)
            if not (on_map(h) and on_map(n)):
                adjacent = False
                ck.errors.append("hexside %s %s: not between two on-map hexes (or touches a \"none\" cell)"
                                 % (hx, d))
                continue
            k = side_key(h, n)
            if k in feats:
                dup = True
                ck.errors.append("hexside %s %s listed twice" % (hx, d))
            feats[k] = (f, name)
    ck.check(adjacent, "every hexside lies between two adjacent on-map hexes (odd columns shoved); "
             "none touches a \"none\" cell")
    ck.check(not dup, "every hexside listed once")
    ck.check(all(f in FEATURES for f, _ in feats.values()), "hexside features: %s" % ", ".join(FEATURES))
    ck.check(not any(f == "ford" for f, _ in feats.values()), "no fords (none in the seed's TEC lists, 7B/10D)")

    # Chain continuity.
    chains = {}
    for k, (f, name) in feats.items():
        chains.setdefault(name, []).append(k)
    info = {}
    for name, ks in chains.items():
        info[name] = chain_shape(ks)
    rose = [n for n in chains if n.startswith(ROSEBUD + ":")]
    ck.check(len(rose) == 1, "one Rosebud Creek chain")
    rname = rose[0]
    r_ok, r_ends, r_verts = info[rname]
    ck.check(r_ok and sorted(border_edges(r_ends[0]) | border_edges(r_ends[1])) == ["north", "west"]
             and all(border_edges(v) for v in r_ends),
             "Rosebud Creek: one unbroken chain of hexsides from the west edge to the north edge")
    creeks = [n for n in chains if n.startswith(CREEK + ":")]
    ck.check(len(creeks) == 2, "two Dry Creek chains (Kollmar Creek, the East Creek)")
    for n in creeks:
        ok, ends, _ = info[n]
        on_border = [v for v in ends if border_edges(v)]
        on_river = [v for v in ends if v in r_verts]
        ck.check(ok and len(on_border) == 1 and len(on_river) == 1,
                 "%s: one unbroken chain from a map edge to the Rosebud" % n.split(":")[1].split(",")[0].strip())

    # Reachability through non-cliff sides.
    def passable(a, b):
        return feats.get(side_key(a, b), ("", ""))[0] != CLIFF
    start = parse_hex("3213")
    seen = {start}
    q = deque([start])
    while q:
        h = q.popleft()
        for _, n in neighbours(h):
            if on_map(n) and n not in seen and passable(h, n):
                seen.add(n)
                q.append(n)
    ck.check(len(seen) == len(MAP_HEXES), "every hex is reachable from every other without crossing a cliff")
    every_side_exit = all(any(on_map(n) and passable(h, n) for _, n in neighbours(h)) for h in MAP_HEXES)
    ck.check(every_side_exit, "no hex is walled in by cliffs")

    # Level steps.
    big = [(a, b) for k, (a, b) in SIDES.items() if abs(lev[a] - lev[b]) > 2 and passable(a, b)]
    ck.check(not big, "no step of more than 2 levels except across a cliff")
    two = sum(1 for k, (a, b) in SIDES.items() if abs(lev[a] - lev[b]) == 2 and passable(a, b))

    # Seed facts.
    H = parse_hex
    ck.check(lev[H("4213")] == 4 and ter[H("4213")] == ".", "4213 is Level 4 Clear (10D)")
    ck.check(lev[H("4312")] == 2 and ter[H("4312")] == ".", "4312 is Level 2 Clear (10D)")
    ck.check(step(H("4213"), "NE") == H("4312") and dist(H("4213"), H("4312")) == 1,
             "4312 is adjacent to 4213 (its NE neighbour), as 10D needs")
    creek_between = feats.get(side_key(H("4213"), H("4312")), ("",))[0] == CREEK
    ck.check(creek_between and bank_sides(feats, CREEK, H("4312"), H("4213")),
             "the side 4213/4312 is a Creek hexside (10D), 4213 and 4312 on opposite banks")
    ck.check(lev[H("4213")] - lev[H("4312")] == 2,
             "10D: 4312 -> 4213 is Level 2 -> Level 4 across a Creek: -1 (Creek) -2 (uphill) = -3")
    ck.check(all(north_of_rosebud(H(x)) for x in SCOUT_EXAMPLE),
             "the scouts' example hexes 2603-2607 are west (north) of the Rosebud (18)")
    ck.check(set(SCOUT_EXAMPLE) <= set(marks.get("scout_band", [])), "scout_band holds 2603-2607")
    ck.check(all(north_of_rosebud(H(x)) for x in SETUP_NORTH),
             "north bank: Noyes 3413, HQ/infantry 3213, Pack Trains 2912 (18; research)")
    ck.check(not any(north_of_rosebud(H(x)) for x in list(SETUP_SOUTH) + [EAGLES_NEST]),
             "south bank: Henry 3014, Mills 3514, the Eagle's Nest 2815 (18, 16D; research), and Van Vliet "
             "3314, a south-edge hex")
    setup = [H(x) for x in list(SETUP_NORTH) + list(SETUP_SOUTH)]
    ck.check(all(ter[h] == "." and lev[h] == 1 for h in setup),
             "every US set-up hex is Clear, Level 1 (the bivouac in the creek bottom)")
    ck.check(all(all(passable(h, n) for _, n in neighbours(h) if on_map(n))
                 and sum(1 for _, n in neighbours(h) if on_map(n)) >= 5 for h in setup),
             "every US set-up hex has all its neighbours open, at least five (Holders adjacent, 18; "
             "3314 and 3514 are south-edge hexes with five)")
    ck.check(all(any(feats.get(side_key(h, n), ("",))[0] == ROSEBUD for _, n in neighbours(h) if on_map(n))
                 for h in setup), "every US set-up hex is on the Rosebud's bank")
    en = H(EAGLES_NEST)
    ck.check(lev[en] == max(lev.values()), "the Eagle's Nest is at the map's top level (Van Vliet's Ridge)")
    ck.check(sum(1 for _, n in neighbours(en) if on_map(n) and passable(en, n)) >= 3,
             "the Eagle's Nest can be entered (at least 3 open sides)")
    vp = [H(x) for x in (CROOKS_HILL, CONICAL_HILL, ANDREWS_POINT)]
    ck.check(all(north_of_rosebud(h) for h in vp), "the VP hills are north of the Rosebud")
    ck.check(all(lev[h] >= max(lev[n] for _, n in neighbours(h) if on_map(n)) for h in vp + [en]),
             "each VP hill and the Eagle's Nest is a local summit")
    ck.check(dist(H("3213"), H(CROOKS_HILL)) == 4, "Crook's Hill is 4 hexes (1 mile) north of the HQ")
    bottom = {h for k, (f, _) in feats.items() if f == ROSEBUD for h in SIDES[k]}
    ck.check(all(lev[h] == 1 for h in bottom),
             "the Rosebud bottom (every hex on a Rosebud side) is Level 1")
    ck.check(any(f == CLIFF for f, _ in feats.values()), "the map has Cliff hexsides (7B)")

    summary = {
        "terrain": Counter(LEGEND[ch] for ch in ter.values()),
        "levels": Counter(lev.values()),
        "sides": Counter(f for f, _ in feats.values()),
        "chains": [(name, len(ks)) for name, ks in chains.items()],
        "two_steps": two,
        "marks": {m: len(v) for m, v in marks.items()},
        "ter": ter, "lev": lev,
    }
    return ck, summary


def chain_shape(keys):
    """(is one simple path, its two end corners, all its corners)."""
    verts = [side_vertices(*canonical(*k)) for k in keys]
    deg = Counter(v for vs in verts for v in vs)
    ends = [v for v, n in deg.items() if n == 1]
    simple = all(n <= 2 for n in deg.values()) and len(ends) == 2
    # connected?
    adj = {}
    for vs in verts:
        a, b = tuple(vs)
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = next(iter(adj))
    seen = {start}
    q = [start]
    while q:
        v = q.pop()
        for w in adj[v]:
            if w not in seen:
                seen.add(w)
                q.append(w)
    return simple and len(seen) == len(adj), ends, set(adj)


def bank_sides(feats, feature, a, b):
    """True if a and b lie on opposite banks: every path from hex a to hex b crosses a
    side with this feature (or the Rosebud, which the creeks join)."""
    seen = {a}
    q = deque([a])
    while q:
        h = q.popleft()
        for _, n in neighbours(h):
            if not on_map(n) or n in seen:
                continue
            if feats.get(side_key(h, n), ("",))[0] in (feature, ROSEBUD, CLIFF):
                continue
            if n == b:
                return False
            seen.add(n)
            q.append(n)
    return True


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def picture(s, what):
    """An ASCII picture: odd columns (shoved south) drawn half a line lower."""
    grid = s["ter"] if what == "terrain" else {h: str(v) for h, v in s["lev"].items()}
    if what != "terrain":
        grid.update({h: " " for h in NONE_HEXES})
    out = ["      " + "".join("%-2d" % (c % 100) if c % 2 == 0 else "  " for c in range(COL0, COL1 + 1))]
    for r in range(ROW0, ROW1 + 1):
        a = "".join(grid[(c, r)] + " " if c % 2 == 0 else "  " for c in range(COL0, COL1 + 1))
        b = "".join(grid[(c, r)] + " " if c % 2 == 1 else "  " for c in range(COL0, COL1 + 1))
        out.append("%02d    %s" % (r, a))
        out.append("      %s" % b)
    return "\n".join(out)


def main(argv):
    self_test()
    if "--check" not in argv:
        write(*build())
    ck, s = check_file(MAP_PATH)
    rel = os.path.relpath(MAP_PATH)
    if ck.errors:
        print("%s: FAILED" % rel)
        for e in ck.errors:
            print("  - " + e)
        sys.exit(1)
    print("%s: %d columns x %d rows (%d cells: %d map hexes, %d \"none\"), first hex %s, "
          "shoved_columns %s (columns %d-%d, rows %02d-%02d)"
          % (rel, COLS, ROWS, COLS * ROWS, len(MAP_HEXES), len(NONE_HEXES), FIRST_HEX, SHOVED,
             COL0, COL1, ROW0, ROW1))
    print("  terrain: " + ", ".join("%s %d" % (k, s["terrain"][k]) for k in LEGEND.values()))
    print("  levels:  " + ", ".join("L%d %d" % (k, s["levels"][k]) for k in sorted(s["levels"])))
    print("  hexsides: " + ", ".join("%s %d" % (k, s["sides"][k]) for k in FEATURES)
          + " (%d in all)" % sum(s["sides"].values()))
    for name, k in s["chains"]:
        print("    %3d  %s" % (k, name.split(" (")[0][:100]))
    print("  open hexsides with a 2-level step: %d" % s["two_steps"])
    print("  marks: " + ", ".join("%s %d" % (k, v) for k, v in s["marks"].items()))
    print("  checks passed (%d):" % len(ck.passed))
    for p in ck.passed:
        print("    ok  " + p)
    if "--show" in argv:
        print(picture(s, "terrain"))
        print(picture(s, "levels"))


if __name__ == "__main__":
    main(sys.argv[1:])
