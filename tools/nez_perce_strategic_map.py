#!/usr/bin/env python3
"""Generate and check the strategic map of "I Will Fight No More Forever".

The seed (shared/seeds/000, rules B1.0-B8.0) plays its strategic game on a map of
20-mile hexes (A3.1) that is lost.  The text keeps only hex numbers: the set-up and
Reinforcement Track hexes (B7.0, B6.0), White Bird "about hex 0812", the South Fork
of the Clearwater 0910, Lolo Pass 1208-1308 and the Big Hole 1512 (A1.0), the
crossing 0509-0608 (B4.4.2), the Canada hexes 1901-3101 (B4.4.3), Sitting Bull's
2601 (B8.0), the Yellowstone and "hex row 2800" (B4.4.5), Idaho and its border hexes
(B4.4.4, B5.3.1), the towns of C2.7 and the map features of B3.0 (Minor River hexes,
Major River hexsides, Towns and Forts).  So this map is a RECONSTRUCTION, laid over
real geography.

Method (deterministic, standard library only):
  * The grid.  research/nez-perce-1877.md s.2 fits an affine transform from latitude
    and longitude to the seed's hex numbers (12 anchors, residuals <= 0.6 col and
    1.2 row):  x = miles east of Fort Lapwai = (lon + 116.804) * 69.17 * cos(mean lat),
    y = miles south of 46.4 N = (46.4 - lat) * 69.05, col = 0.0504x - 0.0044y + 7.22,
    row = 0.0015x + 0.0453y + 8.81.  mean lat = 45.98 N (the anchors' mean).  The fit
    ignored the half-hex shove of the even columns, so its fractional (col, row) is
    read as a point on the hex sheet where hex CCRR is centred at
    (CC, RR + 0.5 * [CC even] - 0.25): the -0.25 splits the shove evenly between odd
    and even columns.  Every place, river point, range outline and border vertex
    below is a gazetteer latitude/longitude (public values, rounded) sent through this
    transform; the hex of a point is the hex whose centre is nearest.
  * Terrain.  Each hex takes the terrain of the last layer that covers its centre:
    open plains everywhere; then broad rolling country; then wooded mountains; then
    major mountains; then valleys and basins carved back out of the mountains; then
    a short list of hand overrides (the seven hexes the tactical scenarios fix, the
    route hexes of docs/reconstructions-nez-perce-strategic.md s.4.1 on which the
    counters' speeds were calibrated, and seed-grid offsets).  A layer is a polygon,
    a polyline with a half-width in miles, or a disc.  The tool prints every
    override whose relief class differs.
  * Major rivers are chains of hexsides routed along hex edges (as the streams of
    tools/nez_perce_maps.py): Dijkstra through the hex corners between hard anchors
    (the chain's ends and forced corners), each hexside costing 1 plus a penalty for
    straying from the river's real course (its gazetteer points).  Forced corners and
    sides put the rivers where the seed's hexes need them: the Snake crosses hexside
    0509-0608 (the B4.4.2 free crossing, the Lewiston ferry), the Clearwater and the
    Salmon leave Fort Lapwai, the Camas Prairie and the bands' camps on one bank
    (B4.4.2 forbids the Army any major-river crossing on turns 1-11), the Missouri
    passes east of Fort Shaw 2006 and between 2605 and 2604 (Cow Island), the
    Yellowstone between Canyon Creek 2611 and 2612 and south of Fort Keogh 3309.
  * Minor rivers (B3.0 Indian supply) mark every hex a river's polyline passes
    through.  Only the rivers listed are drawn, so the high plateaus, the Lolo Trail
    ridge and the plains between rivers stay dry.
  * Idaho (B4.4.4, B5.3.1): a hex is marked when any of seven points of it (the
    centre and six points 0.7 of the way to its corners) lies in Idaho, so the hexes
    the state line crosses (its "border hexes") are marked too.  Where the border is
    the Snake (Lewiston to the Owyhee mouth) the drawn Snake decides instead: hexes
    on its right (east) bank are Idaho, those on its left bank are not.
  * Canada (B4.4.3): exactly the seven hexes the seed lists.
  * South of the Yellowstone (B4.4.5): flood fill from Fort Custer 2912 that crosses
    no Yellowstone hexside and no hexside of the "upper Yellowstone cut", a chain
    from the river's first corner (the outlet of Yellowstone Lake) up the Thorofare
    and along the Continental Divide to the south edge (written to the file as a
    comment only; it is not a river).
  * Towns, forts and places are the marks of a table, each with its coordinates.

Checks (run on the written .ron file, so they also catch hand edits): shape and
legend; the seven fixed terrain hexes; every seed hex on the map; marks known to the
engine and at most one town or fort a hex; the towns and forts of the brief; exactly
the seven Canada hexes; hexsides on the map, listed once, all major_river, each river
block one connected chain; 0509-0608 is a major-river hexside; yellowstone_south is
connected and opposite across every Yellowstone hexside; the Idaho opening (Army from
0709 and 0309 to the Camas Prairie, the bands to the Lolo Trail, without a roll); the
fewest rolled crossings from 0811 to the B4.4.5 box and to Canada; the historical legs
of the reconstructions doc s.4.2 with the costs of rules/nez_perce_strategic/tables.ron
(open 1, hills 1, wooded 2, major 3, town or fort 1, +1 to cross a major river; MP do
not carry over, a hex costing more than the MP left ends the move, an Indian unit stops
in a town or fort, an Army unit starting in a town or fort moves Fast), printed turn
by turn, each due by its historical turn; and the fastest routes (crossing rolls
assumed won) for Miles's column and from the B4.4.5 box to Canada.

Usage (from the repository root):
    python3 tools/nez_perce_strategic_map.py            # regenerate the map and check it
    python3 tools/nez_perce_strategic_map.py --check    # only check the file as it is
    python3 tools/nez_perce_strategic_map.py --show     # also print an ASCII picture
"""

import heapq
import math
import os
import re
import sys

COLS, ROWS = 35, 20
DIRS = ["N", "NE", "SE", "S", "SW", "NW"]
SQ3 = math.sqrt(3.0)
MAP_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "scenarios", "nez_perce_strategic", "maps", "strategic.ron")
LEGEND = {".": "open_plains", "H": "rolling_hills", "W": "wooded", "M": "major_mountains"}
KEY_OF = {v: k for k, v in LEGEND.items()}
# rules/nez_perce_strategic/tables.ron: terrain mp, town_mp, river.crossing_mp.
MP = {".": 1, "H": 1, "W": 2, "M": 3}
TOWN_MP = 1
CROSS_MP = 1
FREE_SIDES = [("0509", "0608")]

# ---------------------------------------------------------------------------
# Geometry (src/core/hexmap.rs): flat-topped hexes, CCRR, column 01 west, row 01
# north, even columns shoved half a hex south.
# ---------------------------------------------------------------------------


def on_map(h):
    c, r = h
    return 1 <= c <= COLS and 1 <= r <= ROWS


def step(h, d):
    """Neighbour of hex h=(col,row) in direction d (src/core/hexmap.rs Coord::step)."""
    col, row = h
    shoved = (col - 1) % 2 == 1
    dc, dr = {
        ("N", False): (0, -1), ("N", True): (0, -1),
        ("S", False): (0, 1), ("S", True): (0, 1),
        ("NE", False): (1, -1), ("SE", False): (1, 0),
        ("SW", False): (-1, 0), ("NW", False): (-1, -1),
        ("NE", True): (1, 0), ("SE", True): (1, 1),
        ("SW", True): (-1, 1), ("NW", True): (-1, 0),
    }[(d, shoved)]
    return (col + dc, row + dr)


def neighbours(h):
    return [step(h, d) for d in DIRS]


def center(h):
    """Centre of a hex, outer radius 1, x east, y SOUTH."""
    col, row = h
    c = col - 1
    return (1.5 * c, SQ3 * ((row - 1) + 0.5 * (c % 2)))


def hexname(h):
    return "%02d%02d" % h


def parse_hex(s):
    return (int(s[:2]), int(s[2:]))


def vkey(x, y):
    return (round(2 * x), round(2 * y / (SQ3 / 2)))


def vpos(v):
    return (v[0] / 2.0, v[1] * (SQ3 / 2) / 2.0)


def side_vertices(h, d):
    """The two corners of side d of hex h (side k, N=0 clockwise, runs from the
    corner at angle 240+60k to the one at 300+60k; y south)."""
    k = DIRS.index(d)
    cx, cy = center(h)
    out = []
    for a in (240 + 60 * k, 300 + 60 * k):
        t = math.radians(a)
        out.append(vkey(cx + math.cos(t), cy + math.sin(t)))
    return tuple(out)


def cube(h):
    col, row = h
    q = col - 1
    r = (row - 1) - (q - (q & 1)) // 2
    return (q, r, -q - r)


def hexdist(a, b):
    x1, y1, z1 = cube(a)
    x2, y2, z2 = cube(b)
    return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))


def opposite(d):
    return DIRS[(DIRS.index(d) + 3) % 6]


def side_key(a, b):
    return frozenset((a, b))


ALL_HEXES = [(c, r) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]


def build_graph():
    """Sides between two on-map hexes keyed by the hex pair; the corner graph over
    them; the hexes (on and off the map) at each corner; the map edges at a corner."""
    sides = {}
    adj = {}
    vert_hexes = {}
    vert_edges = {}
    for h in ALL_HEXES:
        for d in DIRS:
            vs = side_vertices(h, d)
            n = step(h, d)
            for v in vs:
                vert_hexes.setdefault(v, set()).add(h)
                vert_hexes[v].add(n)
            if not on_map(n):
                col, row = n
                e = ("W" if col < 1 else "E" if col > COLS else "N" if row < 1 else "S")
                for v in vs:
                    vert_edges.setdefault(v, set()).add(e)
                continue
            key = side_key(h, n)
            if key in sides:
                continue
            if d in ("N", "NE", "SE"):
                sides[key] = (h, d, vs)
            else:
                sides[key] = (n, opposite(d), vs)
            adj.setdefault(vs[0], []).append((vs[1], key))
            adj.setdefault(vs[1], []).append((vs[0], key))
    return sides, adj, vert_hexes, vert_edges


SIDES, ADJ, VERT_HEXES, VERT_EDGES = build_graph()


def corner(spec):
    """The corner shared by three hexes, written '0608/0609/0709'."""
    hs = [parse_hex(s) for s in spec.split("/")]
    for v, around in VERT_HEXES.items():
        if all(h in around for h in hs):
            return v
    raise ValueError("no corner shared by %s" % spec)


def self_test():
    for h in ALL_HEXES:
        for d in DIRS:
            n = step(h, d)
            assert hexdist(h, n) == 1, (h, d, n)
            assert step(n, opposite(d)) == h
            if on_map(n):
                assert set(side_vertices(h, d)) == set(side_vertices(n, opposite(d)))
        for i in range(6):
            assert side_vertices(h, DIRS[i])[1] == side_vertices(h, DIRS[(i + 1) % 6])[0]
    # B4.4.2: 0509-0608 is a hexside (0608 is the NE neighbour of 0509).
    assert step(parse_hex("0509"), "NE") == parse_hex("0608")


# ---------------------------------------------------------------------------
# The research grid: latitude/longitude -> the seed's hex sheet
# ---------------------------------------------------------------------------

MEAN_LAT = 45.98
MI_LON = 69.17 * math.cos(math.radians(MEAN_LAT))
MI_LAT = 69.05
FIT = ((0.0504, -0.0044, 7.22), (0.0015, 0.0453, 8.81))
_DET = FIT[0][0] * FIT[1][1] - FIT[0][1] * FIT[1][0]


def miles(lat, lon):
    """(x, y): miles east of Fort Lapwai, miles south of 46.4 N."""
    return ((lon + 116.804) * MI_LON, (46.4 - lat) * MI_LAT)


def fractional(lat, lon):
    """The research fit: fractional (col, row) of the seed's numbering."""
    x, y = miles(lat, lon)
    return (FIT[0][0] * x + FIT[0][1] * y + FIT[0][2], FIT[1][0] * x + FIT[1][1] * y + FIT[1][2])


def sheet(lat, lon):
    """The point on the hex sheet (the units of center())."""
    cf, rf = fractional(lat, lon)
    return (1.5 * (cf - 1), SQ3 * (rf - 1 + 0.25))


def latlon(p):
    """Inverse of sheet()."""
    cf = p[0] / 1.5 + 1
    rf = p[1] / SQ3 + 1 - 0.25
    b0, b1 = cf - FIT[0][2], rf - FIT[1][2]
    x = (FIT[1][1] * b0 - FIT[0][1] * b1) / _DET
    y = (-FIT[1][0] * b0 + FIT[0][0] * b1) / _DET
    return (46.4 - y / MI_LAT, x / MI_LON - 116.804)


def hex_at(p):
    """The hex (on or off the map) whose centre is nearest to sheet point p."""
    c0 = int(round(p[0] / 1.5)) + 1
    best = None
    for c in range(c0 - 2, c0 + 3):
        r0 = int(round(p[1] / SQ3 - 0.5 * ((c - 1) % 2))) + 1
        for r in range(r0 - 2, r0 + 3):
            x, y = center((c, r))
            dd = (x - p[0]) ** 2 + (y - p[1]) ** 2
            if best is None or dd < best[0]:
                best = (dd, (c, r))
    return best[1]


def hex_of(lat, lon):
    return hex_at(sheet(lat, lon))


def sample_points(h, inset=0.7):
    """The centre of h and six points `inset` of the way to its corners (sheet)."""
    cx, cy = center(h)
    pts = [(cx, cy)]
    for k in range(6):
        t = math.radians(60 * k)
        pts.append((cx + inset * math.cos(t), cy + inset * math.sin(t)))
    return pts


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def poly_dist(p, pts):
    return min(seg_dist(p, a, b) for a, b in zip(pts, pts[1:])) if len(pts) > 1 else \
        math.hypot(p[0] - pts[0][0], p[1] - pts[0][1])


def inside(p, poly):
    """Point in polygon (even-odd rule), both in the same plane."""
    x, y = p
    c = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            if x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                c = not c
    return c


# ---------------------------------------------------------------------------
# Data: terrain from relief.  Coordinates are (latitude N, longitude E, i.e. negative
# west), rounded public gazetteer values; outlines are coarse (a hex is 20 miles).
# Each entry: (terrain char, name, shape); shape ("poly", [points]),
# ("line", half-width in miles, [points]) or ("disc", radius in miles, point).
# Later entries win.
# ---------------------------------------------------------------------------

ROLLING = [
    ("H", "Palouse hills (Colfax, Pullman, Moscow)",
     ("poly", [(47.45, -118.15), (47.45, -116.95), (47.15, -116.8), (46.85, -116.75),
               (46.55, -116.65), (46.45, -116.95), (46.5, -117.6), (46.75, -118.15)])),
    ("H", "Nez Perce prairies: Camas Prairie, Craig Mountain plateau, Weippe Prairie",
     ("poly", [(46.6, -116.95), (46.6, -116.1), (46.45, -115.85), (46.1, -115.85),
               (45.8, -115.95), (45.75, -116.3), (45.95, -116.55), (46.2, -116.95)])),
    ("H", "Walla Walla valley and the Blue Mountain foothills (Umatilla, Pendleton)",
     ("poly", [(46.45, -119.0), (46.45, -117.5), (46.2, -117.3), (45.85, -118.2),
               (45.55, -118.6), (45.55, -119.6), (46.0, -119.6)])),
    ("H", "Grande Ronde and Wallowa country",
     ("poly", [(45.7, -118.2), (45.7, -117.0), (45.3, -117.0), (45.2, -118.2)])),
    ("H", "Baker and Powder River valleys (Oregon)",
     ("poly", [(45.0, -118.1), (45.0, -117.05), (44.4, -117.05), (44.4, -118.1)])),
    ("H", "Owyhee uplands and the Oregon high desert",
     ("poly", [(44.0, -119.6), (44.0, -117.1), (43.55, -116.75), (43.1, -116.2),
               (42.8, -115.3), (42.5, -115.3), (42.5, -119.6)])),
    ("H", "Weiser, Council and Long valleys",
     ("poly", [(45.0, -116.95), (45.0, -116.0), (44.3, -116.0), (44.2, -116.95)])),
    ("H", "Missouri Breaks (Fort Benton to Fort Peck)",
     ("line", 14, [(47.82, -110.67), (47.94, -110.5), (48.03, -110.23), (47.73, -109.62),
                   (47.79, -108.97), (47.63, -108.69), (47.45, -107.93), (47.6, -107.3),
                   (47.85, -106.6), (48.0, -106.42)])),
    ("H", "Bull Mountains", ("poly", [(46.35, -109.0), (46.35, -108.2), (46.0, -108.2), (46.0, -109.0)])),
    ("H", "Crow country south of the Yellowstone (Pryor foothills, Clarks Fork, Bighorn "
          "and Little Bighorn uplands, Wolf and Rosebud mountains)",
     ("poly", [(45.72, -109.7), (45.7, -108.8), (45.6, -108.0), (45.75, -107.0),
               (45.6, -106.3), (44.95, -106.3), (45.0, -107.9), (45.05, -108.6),
               (45.05, -109.7)])),
    ("H", "Tongue and Powder River breaks (south-east Montana)",
     ("poly", [(46.3, -106.6), (46.3, -104.8), (45.0, -104.8), (45.0, -106.6)])),
    ("H", "Okanogan valley and highlands",
     ("poly", [(49.4, -119.8), (49.4, -119.1), (48.3, -119.1), (48.0, -119.8)])),
    ("H", "Asotin plateau and the Grande Ronde breaks",
     ("poly", [(46.35, -117.45), (46.35, -117.05), (45.75, -116.9), (45.75, -117.45)])),
    ("H", "Bighorn foothills (Sheridan, Buffalo)",
     ("line", 10, [(45.0, -107.25), (44.35, -106.7), (43.8, -106.6)])),
    ("H", "Wood Mountain uplands (Saskatchewan)",
     ("poly", [(49.6, -107.6), (49.6, -104.8), (49.1, -104.8), (49.1, -107.6)])),
]

WOODED = [
    ("W", "north-east Washington highlands (Okanogan, Kettle River Range, Selkirks)",
     ("poly", [(49.4, -119.1), (49.4, -116.95), (48.0, -116.95), (47.85, -117.6),
               (47.95, -118.4), (48.3, -119.1)])),
    ("W", "Idaho panhandle and north-west Montana ranges (Selkirk, Purcell, Cabinet, "
          "Coeur d'Alene, St. Joe, Salish)",
     ("poly", [(49.4, -116.95), (49.4, -114.0), (48.6, -114.05), (48.5, -114.4),
               (47.3, -114.3), (47.0, -114.6), (46.95, -115.4), (46.9, -116.1),
               (46.85, -116.6), (47.3, -116.7), (47.85, -116.95)])),
    ("W", "northern Bitterroot Mountains (Lolo Creek, Ninemile)",
     ("poly", [(47.3, -114.95), (47.3, -114.4), (46.85, -114.15), (46.6, -114.2),
               (46.6, -114.6), (46.95, -114.65)])),
    ("W", "Craig Mountain", ("disc", 10, (46.1, -116.8))),
    ("W", "Adel Mountains and the Dearborn country", ("disc", 12, (47.2, -112.1))),
    ("W", "upper Bitterroot and the Continental Divide (Lost Trail and Chief Joseph passes)",
     ("poly", [(45.95, -114.25), (45.95, -113.7), (45.55, -113.7), (45.55, -114.25)])),
    ("W", "Clearwater Mountains (Lolo Trail, North Fork, Lochsa, Selway)",
     ("poly", [(46.95, -116.3), (46.95, -114.6), (46.6, -114.55), (45.6, -114.55),
               (45.6, -115.3), (45.65, -115.9), (46.1, -115.85), (46.45, -115.85),
               (46.6, -116.25)])),
    ("W", "Blue Mountains (Tollgate, Wenaha)",
     ("poly", [(46.1, -118.2), (46.15, -117.4), (45.9, -117.3), (45.55, -117.95),
               (45.45, -118.45), (45.7, -118.45)])),
    ("W", "Elkhorn, Greenhorn and Strawberry mountains (Oregon)",
     ("poly", [(45.2, -119.6), (45.2, -118.3), (44.9, -117.95), (44.4, -118.0),
               (44.2, -118.6), (44.2, -119.6)])),
    ("W", "west-central Idaho mountains (Payette, Boise, Seven Devils foothills)",
     ("poly", [(45.3, -116.55), (45.3, -115.9), (44.3, -115.6), (43.75, -115.9),
               (43.75, -116.35), (44.3, -116.45), (44.7, -116.6)])),
    ("W", "Boise Mountains, Smoky and Soldier mountains",
     ("poly", [(44.4, -115.8), (44.4, -114.4), (43.7, -114.4), (43.45, -114.9),
               (43.55, -115.8)])),
    ("W", "Sapphire, Garnet and Flint Creek ranges",
     ("poly", [(47.15, -114.0), (47.15, -112.9), (46.75, -112.9), (46.2, -113.0),
               (45.9, -113.65), (46.0, -114.0), (46.7, -113.95)])),
    ("W", "Boulder batholith: Boulder Mountains, Elkhorns, Highlands",
     ("poly", [(46.75, -112.6), (46.65, -111.85), (46.3, -111.85), (45.7, -112.2),
               (45.65, -112.6), (46.1, -112.65)])),
    ("W", "Big Belt, Little Belt and Castle mountains",
     ("poly", [(47.1, -111.75), (47.25, -111.2), (47.1, -110.4), (46.85, -110.2),
               (46.35, -110.55), (46.3, -110.9), (46.5, -111.5), (46.65, -111.8)])),
    ("W", "Highwood Mountains", ("disc", 12, (47.45, -110.75))),
    ("W", "Bears Paw Mountains",
     ("poly", [(48.35, -110.0), (48.3, -109.4), (48.05, -109.3), (47.95, -109.8), (48.1, -110.1)])),
    ("W", "Little Rocky Mountains", ("disc", 10, (47.93, -108.5))),
    ("W", "Judith Mountains", ("disc", 10, (47.2, -109.25))),
    ("W", "Big and Little Snowy mountains",
     ("poly", [(46.92, -109.9), (46.92, -108.9), (46.7, -108.8), (46.7, -109.9)])),
    ("W", "Bridger Range", ("line", 8, [(46.2, -110.95), (45.7, -110.95)])),
    ("W", "Ruby, Gravelly, Snowcrest and Tendoy ranges",
     ("poly", [(45.4, -112.3), (45.3, -111.75), (44.75, -111.85), (44.7, -112.6),
               (44.85, -113.0), (45.1, -112.75)])),
    ("W", "Island Park and the Yellowstone plateau",
     ("poly", [(44.95, -111.2), (45.0, -110.3), (44.5, -110.1), (44.15, -110.2),
               (44.1, -111.1), (44.2, -111.65), (44.55, -111.65)])),
    ("W", "Big Hole, Snake River, Caribou and Wyoming ranges",
     ("poly", [(43.85, -111.5), (43.85, -110.95), (43.0, -110.4), (42.6, -110.4),
               (42.6, -111.5)])),
    ("W", "Gros Ventre Range",
     ("poly", [(43.7, -110.65), (43.7, -110.0), (43.2, -110.0), (43.2, -110.65)])),
    ("W", "Pryor Mountains", ("disc", 12, (45.15, -108.4))),
    ("W", "Owl Creek and Bridger mountains (Wyoming)",
     ("line", 8, [(43.65, -109.1), (43.6, -108.2), (43.5, -107.8)])),
    ("W", "Bighorn Mountains' flanks",
     ("poly", [(45.1, -108.0), (45.0, -107.4), (44.4, -106.8), (43.7, -106.9),
               (43.6, -107.3), (44.3, -107.7), (44.8, -108.1)])),
    ("W", "Sweetgrass Hills", ("disc", 10, (48.88, -111.35))),
]

MAJOR = [
    ("M", "Wallowa Mountains",
     ("poly", [(45.4, -117.65), (45.4, -117.0), (45.1, -117.0), (45.0, -117.5), (45.15, -117.7)])),
    ("M", "Hells Canyon and the Seven Devils",
     ("line", 12, [(45.9, -116.75), (45.5, -116.55), (45.2, -116.6), (44.95, -116.85)])),
    ("M", "lower Salmon canyon (White Bird to Riggins)",
     ("line", 8, [(45.8, -116.3), (45.4, -116.3)])),
    ("M", "Salmon River Mountains (the Salmon and Middle Fork canyons)",
     ("poly", [(45.65, -115.85), (45.6, -114.35), (45.1, -114.0), (44.45, -114.2),
               (44.3, -115.1), (44.6, -115.65), (45.3, -116.05), (45.55, -116.1)])),
    ("M", "Bitterroot Range (Lolo Pass to Nez Perce Pass)",
     ("line", 12, [(46.63, -114.58), (46.3, -114.45), (45.95, -114.38), (45.72, -114.45)])),
    ("M", "Selway Crags", ("line", 10, [(46.25, -115.0), (45.95, -114.9)])),
    ("M", "Sawtooth Range", ("line", 8, [(44.35, -115.05), (43.85, -114.9)])),
    ("M", "White Cloud and Boulder mountains (Idaho)", ("disc", 10, (44.05, -114.6))),
    ("M", "Pioneer Mountains (Idaho)", ("disc", 14, (43.75, -114.0))),
    ("M", "Lost River Range", ("line", 8, [(44.5, -113.9), (43.85, -113.45)])),
    ("M", "Lemhi Range", ("line", 8, [(44.85, -113.6), (44.1, -112.9)])),
    ("M", "Beaverhead Mountains (the Continental Divide)",
     ("line", 5, [(45.5, -113.8), (45.25, -113.62), (44.97, -113.445), (44.81, -113.27),
                  (44.6, -113.0), (44.45, -112.8)])),
    ("M", "Anaconda-Pintler Range", ("disc", 12, (45.98, -113.35))),
    ("M", "Pioneer Mountains (Montana)", ("disc", 14, (45.45, -112.95))),
    ("M", "Tobacco Root Mountains", ("disc", 9, (45.55, -112.0))),
    ("M", "Madison Range", ("line", 8, [(45.45, -111.45), (44.85, -111.3)])),
    ("M", "Gallatin Range", ("line", 7, [(45.55, -111.0), (44.95, -110.95)])),
    ("M", "Centennial Mountains", ("line", 5, [(44.58, -112.2), (44.6, -111.45)])),
    ("M", "Crazy Mountains", ("disc", 12, (46.1, -110.3))),
    ("M", "Absaroka and Beartooth ranges",
     ("poly", [(45.5, -110.6), (45.45, -110.2), (45.35, -109.55), (45.2, -109.2),
               (44.9, -109.15), (44.55, -109.25), (44.2, -109.3), (43.8, -109.7),
               (43.8, -110.1), (44.3, -110.2), (44.75, -110.2), (45.05, -110.55)])),
    ("M", "Teton Range", ("line", 6, [(44.05, -110.85), (43.55, -110.9)])),
    ("M", "Wind River Range", ("line", 12, [(43.6, -110.0), (43.1, -109.6), (42.6, -109.1)])),
    ("M", "Bighorn Mountains",
     ("line", 12, [(45.0, -107.85), (44.5, -107.35), (44.0, -107.0), (43.6, -106.95)])),
    ("M", "Rocky Mountain Front, Bob Marshall, Swan and Mission ranges",
     ("poly", [(48.6, -114.15), (48.6, -113.3), (48.2, -113.0), (47.9, -112.8),
               (47.5, -112.6), (47.2, -112.45), (47.1, -112.9), (47.15, -113.55),
               (47.3, -114.05), (47.9, -114.05)])),
    ("M", "Lewis and Livingston ranges (Glacier)",
     ("poly", [(49.4, -114.5), (49.4, -113.3), (48.6, -113.1), (48.6, -114.1)])),
]

VALLEYS = [
    ("H", "Flathead and Mission valleys",
     ("poly", [(48.55, -114.45), (48.55, -114.05), (47.25, -114.0), (47.2, -114.45)])),
    ("H", "Rathdrum Prairie and the Spokane valley",
     ("line", 6, [(47.68, -117.45), (47.75, -116.8)])),
    ("H", "Bitterroot valley", ("line", 7, [(46.85, -114.05), (46.5, -114.1), (46.0, -114.18)])),
    ("H", "Missoula valley", ("disc", 8, (46.9, -114.05))),
    ("H", "Deer Lodge valley", ("line", 7, [(46.85, -112.85), (46.1, -112.8)])),
    ("H", "Blackfoot valley", ("line", 11, [(46.95, -113.7), (47.05, -113.2), (46.95, -112.6)])),
    ("W", "Seeley-Swan valley", ("line", 5, [(47.1, -113.5), (47.6, -113.8)])),
    ("H", "Big Hole basin and the Big Hole valley to Divide",
     ("poly", [(45.95, -113.62), (45.95, -113.05), (45.75, -112.65), (45.6, -112.65),
               (45.6, -113.2), (45.1, -113.25), (45.1, -113.55)])),
    ("H", "Salmon valley (North Fork to Challis)",
     ("line", 6, [(45.41, -113.99), (45.18, -113.90), (44.6, -114.1)])),
    ("H", "Ruby valley and the Beaverhead at Glen",
     ("line", 8, [(45.55, -112.75), (45.45, -112.3), (45.2, -112.15)])),
    ("H", "Bozeman and the East Gallatin", ("disc", 8, (45.66, -111.0))),
    ("H", "Horse Prairie, Beaverhead and Jefferson valleys",
     ("line", 8, [(45.0, -113.25), (45.0, -112.85), (45.3, -112.6), (45.55, -112.35),
                  (45.87, -112.1), (45.9, -111.55)])),
    ("H", "Lemhi valley", ("line", 6, [(45.15, -113.9), (44.95, -113.62), (44.65, -113.35)])),
    ("H", "Madison valley", ("line", 7, [(45.6, -111.7), (45.0, -111.65)])),
    ("H", "Helena valley", ("disc", 12, (46.67, -111.95))),
    ("H", "Smith River valley", ("line", 6, [(47.0, -111.2), (46.55, -110.9)])),
    ("H", "Shields and Paradise valleys",
     ("line", 6, [(46.2, -110.6), (45.66, -110.56), (45.2, -110.8)])),
    ("H", "Wallowa valley", ("line", 5, [(45.65, -117.75), (45.35, -117.22)])),
    ("H", "Grande Ronde valley", ("disc", 10, (45.35, -118.0))),
    ("H", "Long valley (McCall, Cascade)", ("line", 5, [(44.95, -116.1), (44.45, -116.05)])),
    ("H", "Council and Weiser valleys", ("line", 6, [(44.25, -116.95), (44.75, -116.45)])),
    (".", "Gallatin valley", ("disc", 12, (45.75, -111.2))),
    (".", "Centennial valley", ("line", 5, [(44.68, -112.65), (44.64, -112.2), (44.62, -111.8)])),
    (".", "Jackson Hole", ("line", 6, [(43.95, -110.65), (43.45, -110.75)])),
    (".", "Camas Prairie of southern Idaho (Fairfield)", ("line", 7, [(43.35, -115.3), (43.35, -114.7)])),
    (".", "Snake River plain",
     ("poly", [(43.55, -116.9), (43.75, -116.1), (43.45, -115.4), (43.25, -114.6),
               (43.5, -113.8), (43.8, -113.2), (44.35, -112.6), (44.3, -111.9),
               (43.95, -111.5), (43.3, -111.6), (42.5, -112.0), (42.5, -115.0),
               (42.8, -115.3), (43.1, -116.2), (43.3, -116.9)])),
    (".", "Bighorn basin",
     ("poly", [(44.95, -108.75), (44.95, -108.0), (44.3, -107.75), (43.65, -108.1),
               (43.75, -108.9), (44.5, -109.1)])),
    (".", "Wind River basin",
     ("poly", [(43.45, -109.2), (43.45, -107.3), (42.8, -107.3), (42.8, -108.9)])),
]

# Hand overrides, applied last: (hex, terrain char, why).  FIXED are the seven hexes the
# tactical scenarios already fight on (scenarios/nez_perce_tactical/*.ron); ROUTE are
# the hexes docs/reconstructions-nez-perce-strategic.md s.4.1 assumed when it
# calibrated the counters' speeds on the 1877 route; SEED_GRID are local offsets of the
# seed's own numbering from the research grid.
FIXED = [
    ("0812", "M", "White Bird Canyon (tactical scenario white_bird: major_mountains)"),
    ("0810", "H", "Cottonwood (tactical scenario cottonwood: rolling_hills)"),
    ("0910", "H", "the Clearwater (tactical scenario clearwater: rolling_hills)"),
    ("1512", "W", "the Big Hole (tactical scenario big_hole: wooded)"),
    ("1815", ".", "Camas Meadows (tactical scenario camas_meadows: open_plains)"),
    ("2611", ".", "Canyon Creek (tactical scenario canyon_creek: open_plains)"),
    ("2603", ".", "the Bear Paw (tactical scenario bear_paw: open_plains)"),
]
ROUTE = [
    ("0909", "H", "Kamiah and the Weippe Prairie"),
    ("1409", "H", "Bitterroot valley (Stevensville)"), ("1410", "H", "Bitterroot valley"),
    ("1513", "H", "Skinner Meadows, the Big Hole's south end toward Horse Prairie (1613)"), ("1614", "H", "upper Birch Creek and Medicine Lodge (the grid's Lemhi valley is 1515)"),
    ("1607", "H", "Blackfoot valley"), ("1707", "H", "Blackfoot valley"),
    ("1807", "H", "Blackfoot valley"), ("2408", "H", "Judith Gap"),
    ("2509", "H", "Musselshell-Judith divide"), ("2506", "H", "Missouri Breaks"),
    ("2605", "H", "Missouri Breaks at Cow Island"), ("2513", "H", "Clarks Fork valley"),
    ("2613", "H", "Clarks Fork valley"), ("2713", "H", "Pryor foothills (Crow country)"),
    ("2913", "H", "Little Bighorn uplands (Crow country)"),
    ("1008", "W", "Lolo Trail"), ("1108", "W", "Lolo Trail"), ("1308", "W", "Lolo Pass and Lolo Creek"),
    ("1408", "W", "Lolo Creek canyon (Fort Fizzle)"), ("1411", "W", "Ross's Hole and Lost Trail Pass"),
    ("1507", "W", "Hellgate and the lower Blackfoot"), ("1514", "W", "Bannock Pass"),
    ("1907", "W", "Cadotte Pass"), ("1915", "W", "Island Park (Centennial foothills)"),
    ("2015", "W", "Targhee Pass and Henrys Lake"), ("2115", "W", "Madison plateau and the geyser basins"),
    ("2215", "W", "Yellowstone Lake (the plateau)"),
    ("1208", "M", "the Lolo Trail's high ridges under the Bitterroot crest"),
    ("2315", "M", "Absaroka Range"), ("2414", "M", "Absaroka Range (Sunlight basin)"),
    ("2514", "M", "Clarks Fork canyon and Dead Indian Hill"),
    ("1715", ".", "Birch Creek and Medicine Lodge sagebrush flats"),
    ("2813", ".", "Crow country (Pryor Creek and Bighorn flats)"),
    ("2407", ".", "Judith basin"), ("2507", ".", "Judith basin"),
    ("2510", ".", "Musselshell valley"), ("2511", ".", "plains north of the Yellowstone"),
    ("2604", ".", "plains north of the Missouri (Cow Creek)"),
]
SEED_GRID = [
    ("0811", "H", "the bands' camp at Tepahlewam (Tolo Lake) on the Camas Prairie: the seed "
                  "puts White Bird Canyon 'about hex 0812', one row south of the research "
                  "grid (0811), so its 0811 is the southern Camas Prairie"),
]

# The state of Idaho (B4.4.4): the Washington line (117.04 W), the Snake (replaced by the
# drawn Snake, see idaho_marks), the Oregon line (117.03 W), 42 N, the Wyoming line
# (111.05 W) and the Montana line along the Centennials, the Continental Divide, the
# Bitterroot crest and 116.05 W.
IDAHO = [(49.0, -117.04), (49.0, -116.05), (47.98, -116.05), (47.7, -115.75),
         (47.456, -115.697), (47.3, -115.35), (47.05, -114.95), (46.85, -114.68),
         (46.635, -114.58), (46.4, -114.45), (46.15, -114.48), (45.9, -114.38),
         (45.72, -114.51), (45.69, -113.94), (45.5, -113.78), (45.25, -113.58),
         (44.97, -113.445), (44.81, -113.27), (44.6, -113.0), (44.45, -112.8),
         (44.56, -112.30), (44.55, -111.95), (44.6, -111.6), (44.68, -111.27),
         (44.48, -111.05), (42.0, -111.05), (42.0, -117.03), (43.82, -117.02),
         (44.03, -116.96), (44.25, -116.97), (44.30, -117.22), (44.84, -116.90),
         (45.24, -116.70), (45.63, -116.48), (45.86, -116.79), (46.08, -116.98),
         (46.42, -117.04)]
OWYHEE_MOUTH = (43.82, -117.02)

# Towns and forts (B3.0 supply, B4.4.6, B5.3.3, C2.7): (mark, hex or None = the hex of
# the coordinates, lat, lon, note).  The seed's activation hexes win over the grid.
TOWNS = [
    ("fort:walla_walla", "0309", 46.06, -118.34, "Fort Walla Walla; B7.0 Whipple, Walla Walla Volunteers"),
    ("fort:lapwai", "0709", 46.41, -116.80, "Fort Lapwai, 12 miles east of Lewiston (0608); B7.0 Perry and Howard"),
    ("fort:missoula", "1407", 46.84, -114.06, "Fort Missoula; track Rawn"),
    ("fort:shaw", "2006", 47.51, -111.81, "Fort Shaw; track Gibbon"),
    ("fort:ellis", "2112", 45.67, -110.97, "Fort Ellis (Bozeman); track Browning, Norwood, Doane, Cushing"),
    ("fort:benton", "2209", 47.82, -110.67, "Fort Benton; track Benton Volunteers at 2209 (the grid puts "
                                            "the real post on the Missouri; the seed wins)"),
    ("fort:custer", "2912", 45.73, -107.61, "Fort Custer (Big Horn Post); track Sturgis and Merrill"),
    ("fort:reno", "3216", 43.90, -106.25, "Cantonment Reno; track Hart"),
    ("fort:keogh", "3309", 46.38, -105.88, "Fort Keogh (Tongue River Cantonment); track Miles; drawn on the Yellowstone's north bank"),
    ("town:boise", "0817", 43.615, -116.20, "Boise and Boise Barracks; track Green and Wiles; C2.7 3 defenders"),
    ("town:virginia_city", "1913", 45.294, -111.943, "Virginia City; track Virginia City Volunteers; C2.7 2"),
    ("town:helena", None, 46.59, -112.04, "Helena; C2.7 3 defenders"),
    ("town:butte", None, 46.00, -112.53, "Butte; C2.7 3 defenders"),
    ("town:spokane", None, 47.66, -117.43, "Spokane Falls; C2.7 2 defenders"),
    ("town:billings", "2711", 45.78, -108.50, "Billings (Coulson in 1877) on the north bank; C2.7 2 defenders"),
]

# Places a player wants to read on the board: (display name, hex or None, lat, lon).
PLACES = [
    ("Lewiston", "0608", 46.42, -117.02),
    ("Tolo Lake", "0811", 45.99, -116.27),
    ("White Bird Canyon", "0812", 45.79, -116.29),
    ("Cottonwood", "0810", 46.05, -116.35),
    ("Clearwater", "0910", 46.08, -115.99),
    ("Mt. Idaho", "0910", 45.90, -116.09),
    ("Kamiah", "0909", 46.23, -116.03),
    ("Weippe", "0909", 46.38, -115.94),
    ("Lolo Trail", "1208", 46.60, -114.85),
    ("Lolo Pass", "1308", 46.635, -114.58),
    ("Fort Fizzle", "1408", 46.75, -114.17),
    ("Stevensville", "1409", 46.51, -114.09),
    ("Big Hole", "1512", 45.646, -113.646),
    ("Bannock Pass", "1514", 44.81, -113.27),
    ("Camas Meadows", "1815", 44.32, -112.23),
    ("Targhee Pass", "2015", 44.675, -111.27),
    ("Yellowstone Lake", "2215", 44.45, -110.35),
    ("Clarks Fork Canyon", "2514", 44.75, -109.40),
    ("Canyon Creek", "2611", 45.87, -108.66),
    ("Judith Gap", "2408", 46.68, -109.75),
    ("Cow Island", "2605", 47.79, -108.97),
    ("Bear Paw", "2603", 48.37, -109.20),
    ("Three Forks", None, 45.93, -111.50),
    ("Great Falls", None, 47.50, -111.30),
    ("Fort Benton landing", None, 47.82, -110.67),
    ("Wallowa Valley", None, 45.42, -117.28),
    ("Bozeman", "2112", 45.68, -111.04),
    ("Missoula", "1407", 46.87, -114.0),
    ("Wood Mountain", "3301", 49.40, -106.40),
]

# Every hex the seed names (B7.0 set-up, B6.0 track, A1.0, B4.4.2, B4.4.3, B8.0).
SEED_HEXES = ["0709", "0309", "1411", "0910", "0811", "0817", "1407", "2112", "2006", "1913",
              "3216", "2912", "3309", "2209", "2601", "0812", "1208", "1308", "1512",
              "0509", "0608", "1901", "2101", "2301", "2501", "2701", "2901", "3101"]
CANADA = ["1901", "2101", "2301", "2501", "2701", "2901", "3101"]

# ---------------------------------------------------------------------------
# Data: rivers
# ---------------------------------------------------------------------------
# Major rivers (B4.4.2 hexsides), routed in this order.  Each: name, note, start, end and
# waypoints from upstream to downstream.  A waypoint is ("p", lat, lon), a soft point of
# the real course, or ("c", "HHHH/HHHH/HHHH"), a hard corner shared by three hexes.
# start/end: ("edge", "N"|"E"|"S"|"W") = the map edge nearest the first/last point;
# ("join", river) = a corner of an earlier river (the first/last point must be that
# corner); None = the corner nearest the first/last point.
MAJOR_RIVERS = [
    dict(name="Columbia", note="the lower Columbia at the west edge: Richland, the Snake's mouth at "
         "Pasco, Wallula Gap",
         start=("edge", "W"), end=("edge", "W"),
         points=[("p", 46.45, -119.35), ("p", 46.28, -119.28), ("p", 46.23, -119.08),
                 ("p", 46.06, -118.93), ("p", 46.0, -118.91), ("p", 45.92, -119.34)]),
    dict(name="Snake", note="from the south edge below Hagerman through the Snake River plain, north "
         "along the Oregon line and through Hells Canyon to Lewiston, then west to the Columbia; "
         "it crosses hexside 0509-0608 (B4.4.2's free crossing, the Lewiston ferry) and keeps "
         "Fort Walla Walla 0309 on its south bank",
         start=("edge", "S"), end=("join", "Columbia"),
         points=[("p", 42.81, -114.90), ("p", 42.998, -115.2), ("p", 42.95, -115.30),
                 ("p", 42.99, -116.09), ("p", 43.33, -116.60), ("p", 43.55, -116.81),
                 ("p", 43.88, -116.99), ("p", 44.03, -116.96), ("p", 44.25, -116.97),
                 ("p", 44.30, -117.22), ("p", 44.84, -116.90), ("p", 44.97, -116.84),
                 ("p", 45.24, -116.70),
                 ("c", "0613/0713/0714"), ("c", "0612/0613/0713"), ("c", "0612/0712/0713"),
                 ("c", "0611/0612/0712"), ("c", "0611/0711/0712"), ("c", "0610/0611/0711"),
                 ("c", "0610/0710/0711"), ("c", "0609/0610/0710"), ("c", "0609/0709/0710"),
                 ("c", "0608/0609/0709"), ("c", "0509/0608/0609"), ("c", "0508/0509/0608"),
                 ("p", 46.65, -117.79), ("p", 46.59, -118.22), ("c", "0308/0309/0408"),
                 ("c", "0208/0308/0309"), ("p", 46.25, -118.88), ("c", "0109/0208/0209")]),
    dict(name="Salmon", note="the lower Salmon from its mouth on the Snake, east past Cottonwood, "
         "south past the bands' camp and White Bird Canyon (both on its east bank, as in 1877), "
         "then east up the main Salmon canyon to the Middle Fork",
         start=("join", "Snake"), end=None,
         points=[("c", "0610/0710/0711"), ("c", "0710/0711/0810"), ("c", "0711/0810/0811"),
                 ("c", "0711/0712/0811"), ("c", "0712/0811/0812"), ("c", "0712/0713/0812"),
                 ("c", "0713/0812/0813"), ("c", "0812/0813/0913"),
                 ("p", 45.43, -115.90), ("p", 45.38, -115.50), ("p", 45.30, -115.0),
                 ("p", 45.29, -114.59)]),
    dict(name="Clearwater", note="from its mouth at Lewiston past Fort Lapwai, Orofino and Kamiah to the "
         "forks at Kooskia; Lapwai, the Camas Prairie and the Clearwater battlefield are on its "
         "south bank, Kamiah and Weippe on its north bank; above Kooskia its forks are minor rivers",
         start=("join", "Snake"), end=None,
         points=[("c", "0508/0509/0608"), ("c", "0508/0607/0608"), ("c", "0607/0608/0708"),
                 ("c", "0608/0708/0709"), ("c", "0708/0709/0808"), ("c", "0709/0808/0809"),
                 ("c", "0808/0809/0909"), ("c", "0809/0909/0910"), ("c", "0909/0910/1009")]),
    dict(name="Columbia (upper)", note="from Canada past Kettle Falls and the Spokane's mouth to Grand "
         "Coulee and the west edge",
         start=("edge", "N"), end=("edge", "W"),
         points=[("p", 49.0, -117.63), ("p", 48.92, -117.78), ("p", 48.61, -118.06),
                 ("p", 48.3, -118.2), ("p", 47.91, -118.32), ("p", 47.96, -118.98),
                 ("p", 48.0, -119.65)]),
    dict(name="Snake (upper plain)", note="the Snake River plain from the south edge at American Falls past "
         "Blackfoot and Idaho Falls to the mouth of Henry's Fork; above it the forks are minor rivers",
         start=("edge", "S"), end=None,
         points=[("p", 42.78, -112.86), ("p", 43.19, -112.35), ("p", 43.38, -112.12),
                 ("p", 43.49, -112.04), ("p", 43.77, -111.96)]),
    dict(name="Missouri", note="from Three Forks north past Helena, Fort Shaw (on its west bank) and "
         "Great Falls, east through the Breaks past Fort Benton's landing, Cow Island (between "
         "2605 and 2604) and the Musselshell, to Fort Peck and the east edge",
         start=None, end=("edge", "E"),
         points=[("p", 45.93, -111.50), ("p", 46.17, -111.42), ("p", 46.32, -111.52),
                 ("p", 46.65, -111.73), ("p", 46.83, -111.90), ("p", 46.99, -112.01),
                 ("p", 47.07, -111.96), ("c", "1907/2006/2007"), ("c", "2006/2007/2107"),
                 ("c", "2006/2106/2107"), ("p", 47.50, -111.30), ("p", 47.58, -111.06),
                 ("p", 47.82, -110.67), ("p", 47.94, -110.50), ("p", 48.03, -110.23),
                 ("p", 47.73, -109.62), ("c", "2505/2604/2605"), ("c", "2604/2605/2705"),
                 ("p", 47.63, -108.69), ("p", 47.45, -107.93), ("p", 47.55, -107.4),
                 ("p", 47.65, -106.9), ("p", 47.85, -106.55), ("p", 48.0, -106.42),
                 ("p", 48.09, -105.64), ("p", 48.12, -105.2)]),
    dict(name="Yellowstone", note="from the outlet of Yellowstone Lake north through the park and "
         "Paradise Valley to Livingston, east past Big Timber, Laurel (between Canyon Creek 2611 "
         "and 2612), Billings, the Bighorn's mouth and Fort Keogh (on its north bank here, "
         "see the doc) to the east edge",
         start=None, end=("edge", "E"),
         points=[("c", "2214/2215/2315"), ("p", 44.72, -110.50), ("p", 44.91, -110.42),
                 ("p", 45.03, -110.71), ("p", 45.37, -110.72), ("p", 45.66, -110.56),
                 ("p", 45.83, -109.95), ("p", 45.71, -109.54), ("p", 45.64, -109.25),
                 ("c", "2512/2611/2612"), ("c", "2611/2612/2712"), ("c", "2611/2711/2712"),
                 ("c", "2711/2712/2811"), ("p", 45.90, -108.30), ("p", 45.99, -108.0),
                 ("p", 46.15, -107.47), ("p", 46.27, -106.68), ("c", "3209/3309/3310"),
                 ("c", "3309/3310/3409"), ("p", 46.62, -105.55), ("p", 46.79, -105.31)]),
]

# The upper Yellowstone cut: not a river, the boundary of "south of the Yellowstone"
# from the river's first corner: the Thorofare (the Yellowstone above the lake) to its
# source, then the Continental Divide (Two Ocean Pass, Togwotee Pass, Union Pass, the
# Wind River crest) to the south edge.
YELLOWSTONE_CUT = dict(
    name="upper Yellowstone cut", start=("join", "Yellowstone"), end=("edge", "S"),
    points=[("c", "2214/2215/2315"), ("c", "2215/2315/2316"), ("p", 44.3, -110.2),
            ("p", 44.05, -110.1), ("p", 43.95, -109.95), ("p", 43.75, -110.07),
            ("p", 43.47, -109.86), ("p", 43.18, -109.65), ("p", 42.75, -109.25)])

# Minor rivers (B3.0 Indian supply): every hex their course passes through.  Listed
# upstream to downstream where it matters; only rivers with water and grass in summer.
MINOR_RIVERS = [
    ("South Fork of the Clearwater", [(45.83, -115.44), (45.87, -115.75), (45.98, -115.97),
                                      (46.09, -115.975), (46.146, -115.98)]),
    ("Middle Fork of the Clearwater and the Selway", [(45.73, -114.77), (45.95, -114.95),
                                                      (46.05, -115.30), (46.14, -115.60),
                                                      (46.15, -115.80), (46.146, -115.98)]),
    ("Lochsa", [(46.63, -114.58), (46.51, -114.72), (46.45, -114.93), (46.25, -115.35),
                (46.14, -115.60)]),
    ("lower North Fork of the Clearwater", [(46.75, -116.0), (46.55, -116.28), (46.50, -116.32)]),
    ("Lolo Creek", [(46.63, -114.58), (46.73, -114.53), (46.75, -114.17), (46.76, -114.08)]),
    ("upper Salmon", [(44.22, -114.94), (44.26, -114.40), (44.50, -114.23), (45.18, -113.90),
                      (45.41, -113.99), (45.37, -114.28), (45.29, -114.59)]),
    ("North Fork of the Salmon", [(45.69, -113.94), (45.55, -113.93), (45.41, -113.99)]),
    ("Lemhi", [(44.68, -113.36), (44.96, -113.64), (45.18, -113.90)]),
    ("Little Salmon", [(44.97, -116.28), (45.42, -116.32)]),
    ("Weiser", [(44.95, -116.40), (44.73, -116.44), (44.25, -116.97)]),
    ("Payette", [(44.91, -116.10), (44.52, -116.04), (44.08, -116.12), (43.91, -116.20),
                 (43.87, -116.50), (44.08, -116.93)]),
    ("Boise", [(43.65, -115.50), (43.60, -115.92), (43.615, -116.20), (43.66, -116.69),
               (43.78, -116.97)]),
    ("Owyhee", [(43.10, -117.20), (43.50, -117.20), (43.82, -117.02)]),
    ("Malheur", [(43.75, -118.08), (43.90, -117.80), (43.98, -117.24), (44.03, -116.96)]),
    ("Powder (Oregon)", [(44.78, -117.83), (44.77, -117.17), (44.75, -117.05)]),
    ("Grande Ronde", [(45.10, -118.30), (45.32, -118.09), (45.56, -117.92), (45.95, -117.45),
                      (46.08, -116.98)]),
    ("Wallowa", [(45.35, -117.23), (45.42, -117.28), (45.57, -117.53), (45.72, -117.78)]),
    ("Walla Walla and Touchet", [(46.32, -117.98), (46.27, -118.15), (46.03, -118.67),
                                 (46.06, -118.93)]),
    ("Walla Walla (upper)", [(45.93, -118.39), (46.06, -118.34), (46.03, -118.67)]),
    ("Umatilla", [(45.70, -118.40), (45.67, -118.79), (45.92, -119.34)]),
    ("Palouse", [(46.92, -116.90), (46.91, -117.07), (46.88, -117.36), (46.75, -118.15),
                 (46.59, -118.22)]),
    ("Spokane", [(47.68, -116.78), (47.71, -116.95), (47.66, -117.43), (47.91, -118.32)]),
    ("Coeur d'Alene and St. Joe", [(47.47, -115.93), (47.54, -116.13), (47.55, -116.33),
                                   (47.45, -116.80), (47.31, -116.56), (47.25, -115.80)]),
    ("Clark Fork", [(46.18, -112.78), (46.40, -112.73), (46.52, -112.81), (46.67, -113.15),
                    (46.77, -113.71), (46.87, -113.89), (46.87, -114.0), (47.01, -114.23),
                    (47.19, -114.89), (47.30, -115.10), (47.60, -115.35), (47.99, -115.78),
                    (48.15, -116.18), (48.28, -116.55)]),
    ("Pend Oreille", [(48.28, -116.55), (48.18, -116.91), (48.18, -117.05), (48.74, -117.42),
                      (48.86, -117.37), (49.0, -117.35)]),
    ("Kootenai", [(49.0, -115.1), (48.9, -115.16), (48.39, -115.56), (48.46, -115.89),
                  (48.69, -116.32), (49.0, -116.6)]),
    ("Flathead", [(49.0, -114.48), (48.8, -114.3), (48.37, -114.18), (48.2, -114.3),
                  (47.69, -114.16), (47.32, -114.31), (47.39, -114.80)]),
    ("Okanogan", [(48.94, -119.43), (48.41, -119.52), (48.1, -119.7)]),
    ("Henry's Fork", [(44.62, -111.37), (44.42, -111.37), (44.07, -111.45), (43.97, -111.68),
                      (43.77, -111.96)]),
    ("South Fork of the Snake", [(43.77, -111.96), (43.64, -111.68), (43.45, -111.33),
                                 (43.35, -111.21), (43.17, -111.03), (43.32, -110.73),
                                 (43.66, -110.72), (43.86, -110.59), (44.10, -110.67)]),
    ("Camas Creek", [(44.40, -111.90), (44.32, -112.23), (43.88, -112.40)]),
    ("Birch Creek", [(44.65, -113.05), (44.42, -112.92), (44.15, -112.85)]),
    ("Bitterroot", [(45.84, -113.98), (46.02, -114.18), (46.25, -114.16), (46.51, -114.09),
                    (46.76, -114.08), (46.87, -114.04)]),
    ("Blackfoot", [(46.95, -112.68), (47.02, -113.13), (46.99, -113.38), (46.87, -113.89)]),
    ("Big Hole", [(45.37, -113.41), (45.62, -113.45), (45.646, -113.646), (45.62, -113.45),
                  (45.78, -113.25), (45.79, -112.95), (45.75, -112.75), (45.48, -112.69),
                  (45.54, -112.33)]),
    ("Beaverhead and Red Rock", [(44.62, -111.80), (44.63, -112.20), (44.64, -112.59),
                                 (44.72, -112.69), (45.0, -112.85), (45.12, -112.75),
                                 (45.22, -112.64), (45.54, -112.33)]),
    ("Horse Prairie Creek", [(44.95, -113.25), (45.0, -113.07), (45.0, -112.85)]),
    ("Jefferson", [(45.54, -112.33), (45.69, -112.29), (45.87, -112.10), (45.86, -111.95),
                   (45.93, -111.50)]),
    ("Madison and Firehole", [(44.46, -110.83), (44.64, -110.86), (44.66, -111.10),
                              (44.87, -111.34), (44.83, -111.42), (45.2, -111.68),
                              (45.35, -111.73), (45.57, -111.69), (45.93, -111.50)]),
    ("Gallatin", [(44.95, -111.05), (45.27, -111.25), (45.59, -111.19), (45.86, -111.33),
                  (45.93, -111.50)]),
    ("Sun", [(47.6, -112.76), (47.49, -111.93), (47.51, -111.81), (47.50, -111.30)]),
    ("Marias", [(48.63, -112.33), (48.50, -111.86), (48.35, -111.4), (48.2, -110.9),
                (47.94, -110.50)]),
    ("Smith", [(46.55, -110.90), (47.0, -111.3), (47.43, -111.50)]),
    ("Judith", [(46.93, -110.17), (46.99, -109.87), (47.4, -109.75), (47.74, -109.62)]),
    ("Musselshell", [(46.46, -110.31), (46.43, -109.83), (46.30, -109.25), (46.29, -108.94),
                     (46.45, -108.54), (46.60, -107.87), (46.99, -107.89), (47.45, -107.93)]),
    ("Milk", [(49.0, -110.4), (48.7, -110.1), (48.55, -109.68), (48.59, -109.23),
              (48.53, -108.78), (48.40, -108.24), (48.36, -107.87), (48.46, -107.34),
              (48.40, -107.08), (48.20, -106.64), (48.05, -106.32)]),
    ("Snake Creek", [(48.2, -109.25), (48.37, -109.20), (48.59, -109.23)]),
    ("upper Yellowstone (the Thorofare) and Yellowstone Lake",
     [(44.05, -110.1), (44.3, -110.2), (44.45, -110.35), (44.565, -110.38)]),
    ("Stillwater", [(45.43, -109.81), (45.52, -109.44), (45.64, -109.25)]),
    ("Clarks Fork of the Yellowstone", [(45.02, -109.93), (44.87, -109.67), (44.80, -109.45),
                                        (44.88, -109.15), (45.14, -109.0), (45.29, -108.91),
                                        (45.47, -108.85), (45.66, -108.75)]),
    ("Shoshone", [(44.48, -109.5), (44.53, -109.06), (44.75, -108.76), (44.84, -108.39)]),
    ("Bighorn and Wind", [(43.53, -109.63), (43.02, -108.38), (43.65, -108.21), (44.02, -107.95),
                          (44.38, -108.04), (44.49, -108.05), (44.85, -108.2), (45.31, -107.94),
                          (45.46, -107.74), (45.73, -107.6), (46.15, -107.47)]),
    ("Little Bighorn", [(45.0, -107.45), (45.31, -107.37), (45.60, -107.46), (45.73, -107.6)]),
    ("Tongue", [(44.87, -107.26), (45.0, -106.85), (45.32, -106.51), (45.59, -106.27),
                (46.1, -106.0), (46.41, -105.86)]),
    ("Powder", [(43.71, -106.64), (43.85, -106.2), (44.65, -106.13), (45.06, -105.88),
                (45.44, -105.41), (46.74, -105.43)]),
]


# ---------------------------------------------------------------------------
# Building: rivers along hexsides
# ---------------------------------------------------------------------------


def edge_vertex(p, edge):
    """The corner of the given map edge nearest sheet point p that starts exactly one
    on-map hexside (so a chain can end there)."""
    best = None
    for v, es in VERT_EDGES.items():
        if es != {edge} or len(ADJ.get(v, [])) != 1:
            continue
        x, y = vpos(v)
        dd = math.hypot(x - p[0], y - p[1])
        if best is None or dd < best[0]:
            best = (dd, v)
    return best[1]


def nearest_vertex(p, avoid):
    best = None
    for v, nb in ADJ.items():
        if v in avoid or len(nb) < 2:
            continue
        x, y = vpos(v)
        dd = math.hypot(x - p[0], y - p[1])
        if best is None or dd < best[0]:
            best = (dd, v)
    return best[1]


class Chains:
    def __init__(self):
        self.chains = []

    def get(self, name):
        for c in self.chains:
            if c["name"] == name:
                return c
        raise KeyError(name)

    def route(self, spec, feature="major_river", weight=4.0):
        used_s = {k for c in self.chains for k in c["sides"]}
        used_v = {v for c in self.chains for v in c["verts"]}
        pts = []  # (sheet point, hard vertex or None)
        for w in spec["points"]:
            if w[0] == "c":
                v = corner(w[1])
                pts.append((vpos(v), v))
            else:
                pts.append((sheet(w[1], w[2]), None))
        joins = set()

        def endpoint(which, i):
            p, hard = pts[i]
            s = spec[which]
            if s is not None and s[0] == "edge":
                v = edge_vertex(p, s[1])
                pts[i] = (vpos(v), v)
                return v
            if s is not None and s[0] == "join":
                other = self.get(s[1])
                if hard is None:
                    hard = min(other["verts"][1:-1], key=lambda v: math.hypot(
                        vpos(v)[0] - p[0], vpos(v)[1] - p[1]))
                    pts[i] = (vpos(hard), hard)
                assert hard in other["verts"], (spec["name"], which, "not on", s[1])
                joins.add(hard)
                return hard
            if hard is not None:
                return hard
            v = nearest_vertex(p, used_v)
            pts[i] = (vpos(v), v)
            return v

        vs = endpoint("start", 0)
        ve = endpoint("end", len(pts) - 1)
        anchors = [i for i, (p, hard) in enumerate(pts) if hard is not None]
        if anchors[0] != 0 or anchors[-1] != len(pts) - 1:
            raise RuntimeError("%s: ends must be anchors" % spec["name"])
        blocked = used_v - joins
        path = [vs]
        for a, b in zip(anchors, anchors[1:]):
            poly = [p for p, _ in pts[a:b + 1]]
            seg = self._dijkstra(path[-1], pts[b][1], poly, used_s, blocked | set(path[:-1]), weight)
            if seg is None:
                raise RuntimeError("%s: cannot route from waypoint %d to %d" % (spec["name"], a, b))
            path.extend(seg[1:])
        keys = []
        for u, v in zip(path, path[1:]):
            keys.append(next(k for (w, k) in ADJ[u] if w == v))
        assert len(set(path)) == len(path), spec["name"]
        self.chains.append(dict(name=spec["name"], note=spec.get("note", ""), feature=feature,
                                sides=keys, verts=path))
        return path

    @staticmethod
    def _dijkstra(src, dst, poly, used_s, blocked, weight):
        dist = {src: 0.0}
        prev = {}
        pq = [(0.0, src)]
        while pq:
            dcur, u = heapq.heappop(pq)
            if u == dst:
                break
            if dcur > dist.get(u, 1e18):
                continue
            for v, k in ADJ[u]:
                if k in used_s or (v in blocked and v != dst):
                    continue
                p, q = vpos(u), vpos(v)
                mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                off = poly_dist(mid, poly) / SQ3
                nd = dcur + 1.0 + weight * off * off
                if nd < dist.get(v, 1e18):
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(pq, (nd, v))
        if dst not in dist:
            return None
        path = [dst]
        while path[-1] != src:
            path.append(prev[path[-1]])
        return path[::-1]


def route_rivers():
    ch = Chains()
    for spec in MAJOR_RIVERS:
        ch.route(spec)
    cut = Chains()
    cut.chains = list(ch.chains)
    cut.route(YELLOWSTONE_CUT, feature="cut")
    return ch, cut.chains[-1]


# ---------------------------------------------------------------------------
# Building: terrain and marks
# ---------------------------------------------------------------------------


def covers(shape, lat, lon):
    p = miles(lat, lon)
    if shape[0] == "poly":
        return inside(p, [miles(a, b) for a, b in shape[1]])
    if shape[0] == "line":
        return poly_dist(p, [miles(a, b) for a, b in shape[2]]) <= shape[1]
    if shape[0] == "disc":
        q = miles(*shape[2])
        return math.hypot(p[0] - q[0], p[1] - q[1]) <= shape[1]
    raise ValueError(shape)


def relief_terrain():
    """Terrain from the relief layers alone (before the hand overrides), and the name of
    the layer that set each hex."""
    t, why = {}, {}
    for h in ALL_HEXES:
        lat, lon = latlon(center(h))
        t[h], why[h] = ".", "plains"
        for ch, name, shape in ROLLING + WOODED + MAJOR + VALLEYS:
            if covers(shape, lat, lon):
                t[h], why[h] = ch, name
    return t, why


def build_terrain():
    t, why = relief_terrain()
    changed = []
    for group, label in ((SEED_GRID, "seed grid"), (ROUTE, "s.4.1 route"), (FIXED, "tactical scenario")):
        for hs, ch, reason in group:
            h = parse_hex(hs)
            if t[h] != ch:
                changed.append((hs, t[h], ch, label, reason, why[h]))
            t[h] = ch
            why[h] = reason
    return t, changed


def polyline_hexes(points, stepsize=0.05):
    """Hexes a polyline of (lat, lon) passes through, in order."""
    pts = [sheet(a, b) for a, b in points]
    out = []
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / stepsize))
        for i in range(n + 1):
            h = hex_at((a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n))
            if on_map(h) and (not out or out[-1] != h):
                out.append(h)
    return out


def minor_river_marks():
    marks = {}
    for name, pts in MINOR_RIVERS:
        for h in polyline_hexes(pts):
            marks.setdefault(h, [])
            if name not in marks[h]:
                marks[h].append(name)
    return marks


def chain_banks(chain):
    """(right bank hexes, left bank hexes) of a chain, walking it in order."""
    right, left = set(), set()
    for k, u, v in zip(chain["sides"], chain["verts"], chain["verts"][1:]):
        a, b = tuple(k)
        ux, uy = vpos(u)
        vx, vy = vpos(v)
        ax, ay = center(a)
        cross = (vx - ux) * (ay - uy) - (vy - uy) * (ax - ux)
        # y points south, so a positive cross product is on the right of u->v.
        (right if cross > 0 else left).add(a)
        (left if cross > 0 else right).add(b)
    return right, left


def idaho_marks(chains):
    poly = [sheet(a, b) for a, b in IDAHO]
    marked = {h for h in ALL_HEXES if any(inside(p, poly) for p in sample_points(h))}
    # Where the Snake is the border (Lewiston to the Owyhee mouth) the drawn river decides.
    snake = chains.get("Snake")
    owy = sheet(*OWYHEE_MOUTH)
    start = min(range(len(snake["verts"])),
                key=lambda i: math.hypot(vpos(snake["verts"][i])[0] - owy[0], vpos(snake["verts"][i])[1] - owy[1]))
    end = snake["verts"].index(corner("0508/0509/0608"))
    section = dict(sides=snake["sides"][start:end], verts=snake["verts"][start:end + 1])
    right, left = chain_banks(section)
    marked |= right
    marked -= (left - right)
    return marked


def yellowstone_south(chains, cut):
    """Flood fill from Fort Custer over hexsides that are neither Yellowstone nor cut."""
    wall = set(chains.get("Yellowstone")["sides"]) | set(cut["sides"])
    start = parse_hex("2912")
    seen = {start}
    stack = [start]
    while stack:
        u = stack.pop()
        for n in neighbours(u):
            if on_map(n) and n not in seen and side_key(u, n) not in wall:
                seen.add(n)
                stack.append(n)
    return seen


def town_and_place_marks():
    out = []
    for mark, hs, lat, lon, note in TOWNS:
        h = parse_hex(hs) if hs else hex_of(lat, lon)
        out.append((h, mark, lat, lon, note))
    for name, hs, lat, lon in PLACES:
        h = parse_hex(hs) if hs else hex_of(lat, lon)
        out.append((h, "place:" + name, lat, lon, ""))
    return out


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------

SOURCE = (
    "RECONSTRUCTION: the seed's strategic map (20 miles a hex, A3.1) is lost; its text keeps "
    "only hex numbers (B6.0, B7.0, A1.0, B4.4.2-B4.4.5, B8.0) and the map's features (B3.0 "
    "Minor River hexes and Major River hexsides, Towns and Forts, the Idaho border, the "
    "Canadian border, the Yellowstone). Those hex numbers fit real geography: "
    "research/nez-perce-1877.md s.2 fits an affine transform from latitude and longitude to "
    "them (12 anchors; one column is about 19.8 miles, one row about 22 miles). This map lays "
    "that grid over real relief with tools/nez_perce_strategic_map.py: every place, range "
    "outline, river point and state line is a gazetteer coordinate sent through the transform. "
    "35 columns (Walla Walla and the Columbia at 119.4 W to one column east of Fort Keogh at "
    "105.3 W, so the Yellowstone and the Missouri run off the east edge and the B4.4.5 box east "
    "of column 28 is seven columns deep) and 20 rows (the 49th parallel at row 01 to 42.8 N, "
    "south of Boise 0817 and Cantonment Reno 3216, taking in the Snake River plain, Jackson Hole "
    "and the Bighorn and Wind River basins). Terrain: Major Mountains for the high ranges "
    "(Bitterroot, Salmon River, Lost River, Lemhi, Beaverhead, Pioneer, Madison, Gallatin, "
    "Absaroka, Beartooth, Crazy, Bighorn, Wind River, Teton, Wallowa, the Rocky Mountain Front "
    "and Glacier, Hells Canyon); Wooded Mountains for the timbered ranges and plateaus "
    "(Clearwater Mountains and the Lolo Trail, the panhandle, the Blue Mountains, Sapphire, "
    "Garnet, Boulder, Big and Little Belt, Bears Paw, Little Rockies, Snowies, Island Park and "
    "the Yellowstone plateau); Rolling Hills for the Palouse, the Camas Prairie, the mountain "
    "valleys (Bitterroot, Big Hole, Beaverhead, Deer Lodge, Blackfoot, Lemhi), the Missouri "
    "Breaks, the Crow country and south-east Montana; Open Plains for the plains of Montana "
    "and Wyoming, the basins and the Snake River plain. Seven hexes are fixed by the tactical "
    "scenarios and the route hexes of docs/reconstructions-nez-perce-strategic.md s.4.1 keep "
    "the terrain the counters' speeds were calibrated on. Major rivers (hexsides): the Snake "
    "(with the B4.4.2 free crossing 0509-0608 as the Lewiston ferry), the Columbia, the Salmon, "
    "the Clearwater to Kooskia, the Missouri from Three Forks, the Yellowstone from Yellowstone "
    "Lake; they leave Fort Lapwai, the Camas Prairie and the bands' camps on one bank so that "
    "the Idaho opening needs no crossing (B4.4.2 bars the Army from crossing on turns 1-11). "
    "Minor rivers mark the hexes of the tributaries with summer water and grass; the Lolo "
    "Trail ridge, the high plateaus and the plains between rivers are dry. Idaho marks the "
    "state and the hexes its border crosses (B4.4.4 'within or on border hexes'); canada marks "
    "exactly the seven hexes of B4.4.3; yellowstone_south marks every hex south (right bank) of "
    "the Yellowstone, closed off above the lake by the Thorofare and the Continental Divide. "
    "The seed's Fort Benton hex 2209 lies 4 rows south of the real post (2305 on this grid): "
    "the seed wins, and 'Fort Benton landing' marks the real site. Fort Keogh 3309 is drawn on "
    "the Yellowstone's north bank (the real post is on the south bank), following the seed's "
    "hex, which lies a row north of the grid's. docs/reconstructions-nez-perce-strategic.md, "
    "'The strategic map', lists every seed hex, every deviation and the guesswork.")


def ron_string(s):
    assert '"' not in s and "\\" not in s, s
    return '"%s"' % s


def chain_ends(c):
    names = {"N": "north", "S": "south", "E": "east", "W": "west"}
    out = []
    for v in (c["verts"][0], c["verts"][-1]):
        hs = "/".join(hexname(h) for h in sorted(x for x in VERT_HEXES[v] if on_map(x)))
        e = sorted(VERT_EDGES.get(v, ()))
        out.append(("the %s edge at %s" % (names[e[0]], hs)) if e else ("the corner of %s" % hs))
    return "; ends: " + " and ".join(out)


def entries_lines(items, per_line, indent="        "):
    out = []
    for i in range(0, len(items), per_line):
        out.append(indent + " ".join(items[i:i + per_line]))
    return out


def write_map(t, chains, cut, marks):
    """marks: dict with keys canada, idaho, yellowstone_south, minor_river (hex -> rivers),
    towns (list of (hex, mark, note)), places (list of (hex, mark))."""
    L = []
    L.append("// I Will Fight No More Forever, strategic map. RECONSTRUCTION: the seed's map is lost; "
             "see `source` and docs/reconstructions-nez-perce-strategic.md, 'The strategic map'.")
    L.append("// Hexes CCRR, column 01 west, row 01 north; even columns shoved half a hex south. Format: "
             "docs/scenario-format.md, \"Map tiles\". Generated by tools/nez_perce_strategic_map.py "
             "(edit the tool, not this file).")
    L.append("(")
    L.append("    id: \"strategic\",")
    L.append("    name: %s," % ron_string("The Nez Perce War, 1877: Idaho, Montana and Wyoming "
                                        "(strategic map, 20 miles a hex)"))
    L.append("    source: Reconstruction(%s)," % ron_string(SOURCE))
    L.append("    legend: {'.': \"open_plains\", 'H': \"rolling_hills\", 'W': \"wooded\", "
             "'M': \"major_mountains\"},")
    L.append("    terrain: [")
    L.append("       //" + "".join(str(c // 10) if c >= 10 else " " for c in range(1, COLS + 1)))
    L.append("       //" + "".join(str(c % 10) for c in range(1, COLS + 1)))
    for r in range(1, ROWS + 1):
        L.append("        %s, // row %02d" % (ron_string("".join(t[(c, r)] for c in range(1, COLS + 1))), r))
    L.append("    ],")
    L.append("    marks: [")
    L.append("        // canada (B4.4.3): exactly the seven hexes 'completely north of the Canadian border' the "
             "seed lists. The other row-01 hexes are partly or (3301, 3501) wholly north of 49 N "
             "but not in the list, so they are not Canada.")
    L.extend(entries_lines(['("%s", "canada"),' % h for h in marks["canada"]], 7))
    L.append("        // idaho (B4.4.4, B5.3.1): every hex within Idaho or on its border (a hex the state line "
             "crosses); along the Snake the drawn river is the line. %d hexes." % len(marks["idaho"]))
    L.extend(entries_lines(['("%s", "idaho"),' % hexname(h) for h in sorted(marks["idaho"], key=lambda h: (h[1], h[0]))], 7))
    L.append("        // yellowstone_south (B4.4.5): every hex on the south (right) bank of the Yellowstone; above "
             "the lake the boundary is the upper Yellowstone cut (the Thorofare and the Continental "
             "Divide, not a river), hexsides %s. %d hexes."
             % (", ".join("%s %s" % (hexname(SIDES[k][0]), SIDES[k][1]) for k in cut["sides"]), len(marks["ys"])))
    L.extend(entries_lines(['("%s", "yellowstone_south"),' % hexname(h) for h in sorted(marks["ys"], key=lambda h: (h[1], h[0]))], 5))
    minor = marks["minor"]
    rivers = []
    for name, _ in MINOR_RIVERS:
        if any(name in v for v in minor.values()):
            rivers.append(name)
    L.append("        // minor_river (B3.0 Indian supply): the hexes of these rivers: %s. %d hexes."
             % ("; ".join(rivers), len(minor)))
    L.extend(entries_lines(['("%s", "minor_river"),' % hexname(h) for h in sorted(minor, key=lambda h: (h[1], h[0]))], 5))
    L.append("        // towns and forts (B3.0, B4.4.6, B5.3.3, C2.7; one a hex)")
    for h, mark, note in marks["towns"]:
        L.append('        ("%s", %s), // %s' % (hexname(h), ron_string(mark), note))
    L.append("        // places (names for the board; no rule reads them)")
    L.extend(entries_lines(['("%s", %s),' % (hexname(h), ron_string(mk)) for h, mk in marks["places"]], 3))
    L.append("    ],")
    L.append("    hexsides: [")
    for c in chains.chains:
        L.append("        // major_river %s: %s%s (%d hexsides)" % (c["name"], c["note"], chain_ends(c), len(c["sides"])))
        ents = []
        for k in c["sides"]:
            h, d, _ = SIDES[k]
            ents.append('("%s", %s, "major_river"),' % (hexname(h), d))
        L.extend(entries_lines(ents, 4))
    L.append("    ],")
    L.append(")")
    with open(MAP_PATH, "w") as f:
        f.write("\n".join(L) + "\n")
    return MAP_PATH


def build():
    self_test()
    chains, cut = route_rivers()
    t, changed = build_terrain()
    marks = dict(
        canada=CANADA,
        idaho=idaho_marks(chains),
        ys=yellowstone_south(chains, cut),
        minor=minor_river_marks(),
        towns=[(h, mk, note) for h, mk, _, _, note in town_and_place_marks() if mk.split(":")[0] in ("town", "fort")],
        places=[(h, mk) for h, mk, _, _, _ in town_and_place_marks() if mk.startswith("place:")],
    )
    os.makedirs(os.path.dirname(MAP_PATH), exist_ok=True)
    write_map(t, chains, cut, marks)
    return changed


# ---------------------------------------------------------------------------
# Checking the written file
# ---------------------------------------------------------------------------

ENTRY = re.compile(r'\(\s*"(\d{4})"\s*,\s*(NE|SE|SW|NW|N|S)\s*,\s*"([a-z_]+)"\s*\)')
MARK = re.compile(r'\(\s*"(\d{4})"\s*,\s*"([^"]*)"\s*\)')
ENGINE_MARKS = ["idaho", "canada", "minor_river", "yellowstone_south"]
ENGINE_PREFIXES = ["town:", "fort:", "place:"]
REQUIRED_TOWNS = {
    "fort:walla_walla": "0309", "fort:lapwai": "0709", "fort:missoula": "1407", "fort:shaw": "2006",
    "fort:ellis": "2112", "fort:benton": "2209", "fort:custer": "2912", "fort:reno": "3216",
    "fort:keogh": "3309", "town:boise": "0817", "town:virginia_city": "1913",
    "town:helena": None, "town:butte": None, "town:spokane": None, "town:billings": None,
}


class Map:
    """The map as the engine reads it (from the file)."""

    def __init__(self, t, marks, rivers):
        self.t = t
        self.marks = marks  # hex -> list of marks
        self.rivers = rivers  # list of (name, [side keys])
        self.river_of = {k: name for name, ks in rivers for k in ks}
        self.free = {side_key(parse_hex(a), parse_hex(b)) for a, b in FREE_SIDES}

    def has(self, h, mark):
        return mark in self.marks.get(h, ())

    def town(self, h):
        return next((m for m in self.marks.get(h, ()) if m.startswith(("town:", "fort:"))), None)

    def cost(self, h):
        return TOWN_MP if self.town(h) else MP[self.t[h]]

    def crossing(self, a, b):
        """None, 'free' or the river's name."""
        k = side_key(a, b)
        if k not in self.river_of:
            return None
        return "free" if k in self.free else self.river_of[k]

    def supplied_indian(self, h):
        return self.has(h, "minor_river") or any(side_key(h, n) in self.river_of for n in neighbours(h) if on_map(n))


def parse_file(path):
    errs = []
    text = open(path).read()
    if not re.search(r'\bid:\s*"strategic"', text):
        errs.append('id is not "strategic"')
    if "Reconstruction(" not in text:
        errs.append("source is not a Reconstruction")
    lm = re.search(r"legend:\s*\{([^}]*)\}", text)
    legend = dict(re.findall(r"'(.)'\s*:\s*\"([a-z_]+)\"", lm.group(1))) if lm else {}
    if legend != LEGEND:
        errs.append("legend %s, expected %s" % (legend, LEGEND))
    tm = re.search(r"terrain:\s*\[(.*?)\]", text, re.S)
    rows = re.findall(r'"([^"]*)"', re.sub(r"//[^\n]*", "", tm.group(1))) if tm else []
    if len(rows) != ROWS:
        errs.append("%d terrain rows, expected %d" % (len(rows), ROWS))
    t = {}
    for r, row in enumerate(rows, 1):
        if len(row) != COLS:
            errs.append("row %02d has %d hexes, expected %d" % (r, len(row), COLS))
        for c, ch in enumerate(row, 1):
            if ch not in LEGEND:
                errs.append("hex %02d%02d: '%s' not in the legend" % (c, r, ch))
            t[(c, r)] = ch
    mm = re.search(r"marks:\s*\[(.*?)\n\s*\],", text, re.S)
    marks = {}
    for line in (mm.group(1).split("\n") if mm else []):
        code = line.split("//")[0]
        for h, mk in MARK.findall(code):
            marks.setdefault(parse_hex(h), []).append(mk)
    hm = re.search(r"hexsides:\s*\[(.*)\]\s*,?\s*\)\s*$", text, re.S)
    rivers = []
    for line in (hm.group(1).split("\n") if hm else []):
        s = line.strip()
        mc = re.match(r"//\s*major_river\s+([^:]+):", s)
        if mc:
            rivers.append((mc.group(1).strip(), []))
            continue
        for e in ENTRY.finditer(s.split("//")[0]):
            h, d, feat = parse_hex(e.group(1)), e.group(2), e.group(3)
            if not rivers:
                errs.append("hexside %s before any river comment" % e.group(0))
                continue
            if feat != "major_river":
                errs.append("%s: the strategic map knows only major_river hexsides" % e.group(0))
            n = step(h, d)
            if not on_map(h) or not on_map(n):
                errs.append("%s: a hex of the side is off the map" % e.group(0))
                continue
            rivers[-1][1].append((side_key(h, n), side_vertices(h, d), e.group(0)))
    return errs, t, marks, rivers


def chain_path(sides):
    """The corner path of a list of sides (in order), or None if it breaks."""
    seq = [s[1] for s in sides]
    if len(seq) == 1:
        return list(seq[0])
    shared = set(seq[0]) & set(seq[1])
    if not shared:
        return None
    path = [[v for v in seq[0] if v not in shared][0]]
    for vs in seq:
        if path[-1] not in vs:
            return None
        path.append(vs[1] if vs[0] == path[-1] else vs[0])
    return path


def components(hexes):
    hexes = set(hexes)
    seen, comps = set(), []
    for h in sorted(hexes):
        if h in seen:
            continue
        comp, stack = [], [h]
        seen.add(h)
        while stack:
            u = stack.pop()
            comp.append(u)
            for n in neighbours(u):
                if n in hexes and n not in seen:
                    seen.add(n)
                    stack.append(n)
        comps.append(comp)
    return comps


def fewest_crossings(mp, sources, goal, allowed=lambda h: True):
    """0-1 search: the path from a source to a goal hex crossing the fewest rolled major
    rivers (the free side costs nothing); returns (count, path, [(side, river)])."""
    dist, prev = {}, {}
    dq = []
    for s in sources:
        dist[s] = 0
        heapq.heappush(dq, (0, s))
    end = None
    while dq:
        d, u = heapq.heappop(dq)
        if d > dist[u]:
            continue
        if goal(u):
            end = u
            break
        for n in neighbours(u):
            if not on_map(n) or not allowed(n):
                continue
            x = mp.crossing(u, n)
            nd = d + (1 if x not in (None, "free") else 0)
            if nd < dist.get(n, 1 << 30):
                dist[n] = nd
                prev[n] = u
                heapq.heappush(dq, (nd, n))
    if end is None:
        return None, [], []
    path = [end]
    while path[-1] in prev:
        path.append(prev[path[-1]])
    path.reverse()
    xs = [("%s-%s" % (hexname(a), hexname(b)), mp.crossing(a, b)) for a, b in zip(path, path[1:])
          if mp.crossing(a, b) not in (None, "free")]
    return dist[end], path, xs


# The historical legs of docs/reconstructions-nez-perce-strategic.md s.4.2: who, Normal and
# Fast allowances (rules/nez_perce_strategic/counters.ron), the first turn of movement,
# the hexes in order, and the turn the history (research s.3) allows.  Army units move
# Fast when they start the turn in a town or fort (B3.0); the Indian legs are all Normal.
LEGS = [
    dict(name="Leg 1: the Village, Weippe to Fort Fizzle", side="indian", normal=4, fast=None, start=9,
         path="0909 1008 1108 1208 1308 1408", due=12, history="left Weippe 16 July, Fort Fizzle 28 July"),
    dict(name="Leg 2: Howard's cavalry (Normal 5), Kamiah to the Big Hole", side="army", normal=5, fast=8,
         start=12, path="0909 1008 1108 1208 1308 1408 1409 1410 1411 1512", due=15,
         history="left Kamiah 30 July, cavalry at the Big Hole 11 August"),
    dict(name="Leg 2: Gibbon (4/6), Fort Shaw to the Big Hole", side="army", normal=4, fast=6, start=12,
         path="2006 1907 1807 1707 1607 1507 1407 1408 1409 1410 1411 1512", due=15,
         history="left Fort Shaw 28 July, attacked 9 August"),
    dict(name="Leg 2: the Village, Fort Fizzle to the Big Hole", side="indian", normal=4, fast=None, start=13,
         path="1408 1409 1410 1411 1512", due=14, history="camped on the Big Hole from about 7 August"),
    dict(name="Leg 3: the Village, Big Hole to Camas Meadows (Normal only, C7.2)", side="indian", normal=4,
         fast=None, start=16, path="1512 1513 1514 1614 1715 1815", due=17, history="Camas Meadows 20 August"),
    dict(name="Leg 3: the Village, Camas Meadows to Canyon Creek", side="indian", normal=4, fast=None,
         start=18, path="1815 1915 2015 2115 2215 2315 2414 2514 2513 2612 2611", due=23,
         history="Canyon Creek 13 September"),
    dict(name="Leg 3 with one Fast turn (turn 20, supplied at Yellowstone Lake)", side="indian", normal=4,
         fast=6, fast_turns=[20], start=18, path="1815 1915 2015 2115 2215 2315 2414 2514 2513 2612 2611",
         due=23, history="Canyon Creek 13 September"),
    dict(name="Leg 3: the Village, Absaroka to the B4.4.5 box", side="indian", normal=4, fast=None,
         start=22, path="2414 2514 2613 2713 2813 2913", due=25,
         history="the seed's turn-25 position, south of the Yellowstone east of column 28"),
    dict(name="Leg 4: the Village, Canyon Creek to Cow Island and the Bear Paw", side="indian", normal=4,
         fast=None, start=24, path="2611 2511 2510 2509 2408 2407 2507 2506 2605 2604 2603", due=27,
         history="Cow Island 23 September, the Bear Paw 29 September"),
]
# Fastest routes found on the map (turn by turn), for the legs with no fixed hexes.
SEARCHES = [
    dict(name="Leg 5: Miles's cavalry (5/8), Fort Keogh to the Bear Paw", side="army", normal=5, fast=8,
         start=25, src="3309", goal="2603", due=28, history="left the Tongue River 18 September, attacked 30 September"),
    dict(name="Leg 5: McHugh's guns (4/6), Fort Keogh to the Bear Paw", side="army", normal=4, fast=6,
         start=25, src="3309", goal="2603", due=28, history="the guns arrived for the siege"),
    dict(name="The Village from the B4.4.5 box (any hex) to Canada, Normal moves", side="indian", normal=4,
         fast=None, start=26, src="box", goal="canada", due=29,
         history="in the box at the end of turn 25, Canada open from turn 26 (B4.4.5); the game ends after turn 29"),
]


def simulate(mp, leg):
    """Move along the leg's hexes, greedily, turn by turn; returns (turns, errors)."""
    path = [parse_hex(h) for h in leg["path"].split()]
    errs, turns = [], []
    for a, b in zip(path, path[1:]):
        if hexdist(a, b) != 1:
            errs.append("%s and %s are not adjacent" % (hexname(a), hexname(b)))
    if errs:
        return turns, errs
    turn, pos = leg["start"], 0
    while pos < len(path) - 1:
        here = path[pos]
        fast = (leg["side"] == "army" and leg["fast"] and mp.town(here)) or \
            (turn in leg.get("fast_turns", []) and mp.supplied_indian(here))
        allowance = leg["fast"] if fast else leg["normal"]
        left, moved = allowance, []
        while pos < len(path) - 1:
            nxt = path[pos + 1]
            x = mp.crossing(here, nxt)
            c = mp.cost(nxt) + (CROSS_MP if x not in (None, "free") else 0)
            if x not in (None, "free") and leg["side"] == "army" and turn < 12:
                errs.append("turn %d: the Army may not cross the %s (B4.4.2)" % (turn, x))
            if leg["side"] == "indian" and turn <= 9 and not mp.has(nxt, "idaho"):
                errs.append("turn %d: %s is outside Idaho (B4.4.4)" % (turn, hexname(nxt)))
            if c > left:
                break
            left -= c
            pos += 1
            moved.append(hexname(nxt) + ("" if x in (None, "free") else " (cross the %s, roll)" % x))
            here = nxt
            if leg["side"] == "indian" and mp.town(nxt):
                break
        if not moved:
            errs.append("turn %d: stuck at %s" % (turn, hexname(here)))
            break
        turns.append((turn, moved, allowance - left, allowance, bool(fast)))
        turn += 1
    return turns, errs


def fastest(mp, spec):
    """The route of fewest turns (then fewest MP) for spec, with the crossing rolls
    assumed won.  State (hex, this turn's allowance); key (turn, MP used)."""
    box = {h for h in ALL_HEXES if h[0] > 28 and mp.has(h, "yellowstone_south")}
    srcs = sorted(box) if spec["src"] == "box" else [parse_hex(spec["src"])]
    goal = (lambda h: mp.has(h, "canada")) if spec["goal"] == "canada" else (lambda h: h == parse_hex(spec["goal"]))

    def allowance(h):
        return spec["fast"] if spec["side"] == "army" and spec["fast"] and mp.town(h) else spec["normal"]

    def enterable(h, turn):
        if spec["side"] == "army":
            return not mp.has(h, "canada")
        return True

    best, prev, pq = {}, {}, []
    for src in srcs:
        best[(src, allowance(src))] = (spec["start"], 0)
        pq.append((spec["start"], 0, src, allowance(src)))
    heapq.heapify(pq)
    found = None
    while pq:
        turn, used, h, al = heapq.heappop(pq)
        if best.get((h, al)) != (turn, used):
            continue
        if goal(h):
            found = (h, al)
            break
        for n in neighbours(h):
            if not on_map(n):
                continue
            x = mp.crossing(h, n)
            c = mp.cost(n) + (CROSS_MP if x not in (None, "free") else 0)
            if used + c <= al:
                st, key = (n, al), (turn, used + c)
            else:
                nal = allowance(h)
                if c > nal:
                    continue
                st, key = (n, nal), (turn + 1, c)
            if not enterable(n, key[0]):
                continue
            if spec["side"] == "army" and x not in (None, "free") and key[0] < 12:
                continue
            if key < best.get(st, (1 << 30, 0)):
                best[st] = key
                prev[st] = (h, al)
                heapq.heappush(pq, (key[0], key[1], n, st[1]))
    if found is None:
        return None
    chain = [found]
    while chain[-1] in prev:
        chain.append(prev[chain[-1]])
    chain.reverse()
    turns = {spec["start"] - 1: ["from " + hexname(chain[0][0])]}
    for (a, _), (b, bal) in zip(chain, chain[1:]):
        t = best[(b, bal)][0]
        x = mp.crossing(a, b)
        turns.setdefault(t, []).append(hexname(b) + ("" if x in (None, "free") else " (cross the %s, roll)" % x))
    return sorted(turns.items())


def check_file(path):
    """Check the written map; return (errors, report lines)."""
    errs, t, marks, rivers_raw = parse_file(path)
    if errs:
        return errs, []
    rep = []
    # Marks the engine reads; one town or fort a hex.
    for h, ms in marks.items():
        if not on_map(h):
            errs.append("mark at %s is off the map" % hexname(h))
        for mk in ms:
            if mk not in ENGINE_MARKS and not mk.startswith(tuple(ENGINE_PREFIXES)):
                errs.append("mark '%s' at %s is not one the engine reads" % (mk, hexname(h)))
            if mk.startswith(("town:", "fort:")) and not re.match(r"^(town|fort):[a-z_]+$", mk):
                errs.append("town/fort id '%s' is not lower case with underscores" % mk)
        if len([m for m in ms if m.startswith(("town:", "fort:"))]) > 1:
            errs.append("%s has two towns or forts" % hexname(h))
        if len(set(ms)) != len(ms):
            errs.append("%s repeats a mark" % hexname(h))
    where = {mk: h for h, ms in marks.items() for mk in ms if mk.startswith(("town:", "fort:"))}
    for mk, hs in REQUIRED_TOWNS.items():
        if mk not in where:
            errs.append("no %s" % mk)
        elif hs and hexname(where[mk]) != hs:
            errs.append("%s at %s, the seed says %s" % (mk, hexname(where[mk]), hs))
    # Rivers: connected chains, each side once, the free crossing.
    rivers, seen = [], {}
    for name, sides in rivers_raw:
        if not sides:
            errs.append("river %s has no hexsides" % name)
            continue
        for k, _, txt in sides:
            if k in seen:
                errs.append("%s listed twice (%s and %s)" % (txt, seen[k], name))
            seen[k] = name
        p = chain_path(sides)
        if p is None:
            errs.append("river %s is not one connected chain" % name)
        elif len(set(p)) != len(p):
            errs.append("river %s visits a corner twice" % name)
        rivers.append((name, [k for k, _, _ in sides]))
    mp = Map(t, marks, rivers)
    for a, b in FREE_SIDES:
        if mp.crossing(parse_hex(a), parse_hex(b)) != "free":
            errs.append("hexside %s-%s (B4.4.2) is not a major-river hexside" % (a, b))
        else:
            rep.append("B4.4.2 free crossing %s-%s: a hexside of the %s" % (a, b, mp.river_of[side_key(parse_hex(a), parse_hex(b))]))
    # Seed hexes and fixed terrain.
    for hs in SEED_HEXES:
        if not on_map(parse_hex(hs)):
            errs.append("seed hex %s is off the map" % hs)
    for hs, ch, why in FIXED:
        if t[parse_hex(hs)] != ch:
            errs.append("%s is %s, the tactical scenario needs %s" % (hs, LEGEND[t[parse_hex(hs)]], LEGEND[ch]))
    # Canada: exactly the seed's seven.
    can = sorted(hexname(h) for h, ms in marks.items() if "canada" in ms)
    if can != sorted(CANADA):
        errs.append("canada marks %s, B4.4.3 lists %s" % (can, CANADA))
    # yellowstone_south: opposite across every Yellowstone hexside, connected.
    ys = {h for h, ms in marks.items() if "yellowstone_south" in ms}
    yk = dict(rivers).get("Yellowstone", [])
    if not yk:
        errs.append("no Yellowstone river")
    for k in yk:
        a, b = tuple(k)
        if (a in ys) == (b in ys):
            errs.append("Yellowstone hexside %s-%s has yellowstone_south on %s sides"
                        % (hexname(a), hexname(b), "both" if a in ys else "neither"))
    if len(components(ys)) != 1:
        errs.append("yellowstone_south is %d separate areas" % len(components(ys)))
    for hs, want in (("2912", True), ("3216", True), ("2611", False), ("2711", False), ("3309", False),
                     ("2603", False), ("2112", False), ("1901", False)):
        if (parse_hex(hs) in ys) != want:
            errs.append("%s should %sbe south of the Yellowstone" % (hs, "" if want else "not "))
    box = {h for h in ys if h[0] > 28}
    # Idaho and the opening (B4.4.2, B4.4.4).
    idaho = {h for h, ms in marks.items() if "idaho" in ms}
    for hs in ("0811", "0910", "0709", "1208", "1308"):
        if parse_hex(hs) not in idaho:
            errs.append("%s should be an Idaho hex" % hs)
    rep.append("Idaho start hexes: 0811 %s, 0910 %s, Lean Elk's 1411 %s"
               % tuple("idaho" if parse_hex(h) in idaho else "NOT idaho" for h in ("0811", "0910", "1411")))
    opening = [
        ("the Army from Fort Lapwai 0709 to the Camas Prairie 0810", ["0709"], "0810", None),
        ("the Army from Fort Lapwai 0709 to the Clearwater 0910", ["0709"], "0910", None),
        ("the Army from Fort Lapwai 0709 to the bands' camp 0811", ["0709"], "0811", None),
        ("the Army from Fort Walla Walla 0309 to Fort Lapwai 0709 (free crossing allowed)", ["0309"], "0709", None),
        ("the bands from 0811 to Lolo Pass 1308 within Idaho", ["0811"], "1308", idaho),
        ("Looking Glass from 0910 to the Lolo Trail 1008 within Idaho", ["0910"], "1008", idaho),
        ("Lean Elk from 1411 to the Clearwater 0910 within Idaho", ["1411"], "0910", idaho),
    ]
    for what, srcs, goal, within in opening:
        g = parse_hex(goal)
        n, p, xs = fewest_crossings(mp, [parse_hex(s) for s in srcs], lambda h: h == g,
                                    (lambda h: h in within) if within is not None else (lambda h: True))
        if n is None:
            errs.append("no path: %s" % what)
        elif n:
            errs.append("%s needs %d rolled crossing(s): %s" % (what, n, xs))
        else:
            rep.append("opening: %s, no roll (%s)" % (what, " ".join(hexname(h) for h in p)))
    # The long routes: the fewest rolled crossings.
    for what, srcs, goal in (
            ("0811 to the B4.4.5 box (column > 28, south of the Yellowstone)", ["0811"], lambda h: h in box),
            ("the box to Canada", sorted(box), lambda h: h in {parse_hex(c) for c in CANADA}),
            ("0811 to Canada", ["0811"], lambda h: h in {parse_hex(c) for c in CANADA})):
        n, p, xs = fewest_crossings(mp, [parse_hex(s) if isinstance(s, str) else s for s in srcs], goal)
        if n is None:
            errs.append("no path: %s" % what)
        else:
            rep.append("fewest rolled crossings, %s: %d%s (%d hexes: %s)" % (
                what, n, "".join(" [%s %s]" % (r, s) for s, r in xs), len(p) - 1, " ".join(hexname(h) for h in p)))
    # The historical legs.
    for leg in LEGS:
        turns, lerrs = simulate(mp, leg)
        errs.extend("%s: %s" % (leg["name"], e) for e in lerrs)
        if lerrs:
            continue
        arrive = turns[-1][0]
        rolls = sum(" roll" in h for _, mv, _, _, _ in turns for h in mv)
        ok = arrive <= leg["due"]
        rep.append("%s: arrives turn %d (history: %s = turn %d)%s%s" % (
            leg["name"], arrive, leg["history"], leg["due"],
            "" if ok else "  LATE", (", %d crossing roll(s)" % rolls) if rolls else ""))
        for turn, moved, spent, al, fast in turns:
            rep.append("    turn %2d (%s %d): %s  [%d MP]" % (turn, "Fast" if fast else "Normal", al, ", ".join(moved), spent))
        if not ok:
            errs.append("%s arrives on turn %d, after turn %d" % (leg["name"], arrive, leg["due"]))
    route = []
    for leg in LEGS:
        if leg["side"] == "indian":
            for hs in leg["path"].split():
                if parse_hex(hs) not in route:
                    route.append(parse_hex(hs))
    dry = [hexname(h) for h in route if not mp.supplied_indian(h)]
    rep.append("Indian supply on the Village's route: %d of %d hexes; dry: %s"
               % (len(route) - len(dry), len(route), " ".join(dry)))
    for spec in SEARCHES:
        res = fastest(mp, spec)
        if res is None:
            errs.append("%s: no route" % spec["name"])
            continue
        arrive = res[-1][0]
        rolls = sum(" roll" in h for _, mv in res for h in mv)
        res[0] = (res[0][0], res[0][1])
        rep.append("%s: fastest route arrives turn %d (history: %s = turn %d)%s" % (
            spec["name"], arrive, spec["history"], spec["due"], (", %d crossing roll(s)" % rolls) if rolls else ""))
        for turn, moved in res:
            rep.append(("    turn %2d: %s" % (turn, ", ".join(moved))) if turn >= spec["start"]
                       else "    %s" % moved[0])
        if arrive > spec["due"]:
            errs.append("%s arrives on turn %d, after turn %d" % (spec["name"], arrive, spec["due"]))
    # Summary.
    counts = {ch: sum(1 for v in t.values() if v == ch) for ch in LEGEND}
    supplied = sum(1 for h in ALL_HEXES if mp.supplied_indian(h))
    rep.insert(0, "map %d x %d = %d hexes: %s" % (COLS, ROWS, COLS * ROWS, ", ".join(
        "%s %d" % (LEGEND[ch], counts[ch]) for ch in LEGEND)))
    rep.insert(1, "major-river hexsides: %d (%s)" % (sum(len(k) for _, k in rivers),
                                                     ", ".join("%s %d" % (n, len(k)) for n, k in rivers)))
    rep.insert(2, "marks: idaho %d, canada %d, yellowstone_south %d (box col > 28: %d), minor_river %d; "
                  "Indian supply (minor river or beside a major river) in %d hexes"
               % (len(idaho), len(can), len(ys), len(box),
                  sum(1 for ms in marks.values() if "minor_river" in ms), supplied))
    rep.insert(3, "towns and forts: %s" % ", ".join("%s %s" % (mk, hexname(h)) for mk, h in sorted(where.items(), key=lambda x: x[1])))
    return errs, rep


def ascii_picture(path):
    """Terrain with even columns half a line lower, each hex followed by a tag: '*' a town
    or fort, 'C' Canada, '~' a minor river hex, '=' a hex beside a major-river hexside."""
    _, t, marks, rivers = parse_file(path)
    mp = Map(t, marks, [(n, [k for k, _, _ in ks]) for n, ks in rivers])
    out = ["     " + "".join("%-4s" % ("%02d" % c) if c % 2 == 1 else "" for c in range(1, COLS + 1)),
           "       " + "".join("%-4s" % ("%02d" % c) if c % 2 == 0 else "" for c in range(1, COLS + 1))]
    for r in range(1, ROWS + 1):
        for parity in (1, 0):
            s = ""
            for c in range(1, COLS + 1):
                if c % 2 != parity:
                    s += "  "
                    continue
                h = (c, r)
                ms = marks.get(h, [])
                tag = "*" if any(m.startswith(("town:", "fort:")) for m in ms) else \
                      "C" if "canada" in ms else "~" if "minor_river" in ms else \
                      "=" if mp.supplied_indian(h) else " "
                s += t[h] + tag
            out.append(("%02d   " % r if parity == 1 else "     ") + s.rstrip())
    out.append("   . open plains  H rolling hills  W wooded  M major mountains;  * town or fort  C Canada  "
               "~ minor river hex  = beside a major-river hexside (the hexsides are listed in the file)")
    return "\n".join(out)


def main(argv):
    self_test()
    changed = []
    if "--check" not in argv:
        changed = build()
        for hs, old, new, label, reason, layer in changed:
            print("override %s: %s -> %s (%s: %s; relief layer: %s)" % (hs, LEGEND[old], LEGEND[new], label, reason, layer))
    errs, rep = check_file(MAP_PATH)
    for line in rep:
        print(line)
    if "--show" in argv:
        print(ascii_picture(MAP_PATH))
    if errs:
        print("%s: FAILED" % os.path.relpath(MAP_PATH))
        for e in errs:
            print("  " + e)
        sys.exit(1)
    print("%s passes" % os.path.relpath(MAP_PATH))


if __name__ == "__main__":
    main(sys.argv[1:])
