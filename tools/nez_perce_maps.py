#!/usr/bin/env python3
"""Generate and check the four tactical maps of "I Will Fight No More Forever".

The seed (shared/seeds/000, C2.1) names four tactical maps chosen by the strategic
hex's terrain: Major Mountains, Wooded (Mountains), Rolling Hills and Open Plains.
The maps themselves are lost, so every map here is a RECONSTRUCTION.  The tactical
terrain the rules name is: Tree Stand hexes, Rocked & Broken hexes (C4.3.2: no
mounted horse, no artillery; C6.5.1: blocks line of sight), Stream hexsides
(C2.3-C2.6 set-up) and Ridge hexsides (C6.5.1: block line of sight).  Everything
else is Clear.

Each map is 30 columns x 20 rows of flat-topped hexes, numbered CCRR (column 01
west, row 01 north); even-numbered columns are shoved half a hex south (the
geometry of src/core/hexmap.rs `Coord::step`).

How a map is made (all deterministic, no random module):
  * Streams and ridges are routed along hex *edges*: a chain is a path through the
    hex corners (vertices), found by Dijkstra between hand-placed waypoints, each
    hexside costing 1 plus a penalty for straying from the waypoint polyline.  A
    stream that "runs to" a map edge ends on a corner of the map's outer border.  A
    tributary ends on a corner of the stream it joins.  Chains never share a
    hexside, and a ridge never touches a stream or another ridge.
  * Hex terrain is painted in layers: smooth value noise for broken ground and
    timber, hand-placed blobs (buttes, groves, outcrops), bands along the streams
    (canyon walls, willow brush) and cleared lanes (trails, meadows, canyon floors);
    then a few hand overrides.
  * Small pockets of non-Rocked hexes walled in by Rocked & Broken are filled and
    larger ones get a draw cut through the rocks, so that a mounted unit can ride
    from any non-Rocked hex to every map edge.

Checks (run on the written .ron files, so they also catch hand edits):
  * 20 terrain rows of 30 characters, each in the legend {'.', 'T', 'R'};
  * every hexside on the map (both hexes), listed once, feature stream or ridge;
  * each chain (a comment-headed block in the file) is a connected vertex path
    without repeated corners (a tributary may start on a corner of an earlier
    stream);
  * at least two streams, reaching at least two different map edges, and the edges
    the engine counts as having a stream (an edge hex beside a stream hexside,
    src/games/nez_perce_tactical/setup.rs, C2.3) are exactly the edges they reach;
  * at least 9 non-Rocked hexes beside a stream (C2.5: nine Lodges, one per hex);
  * every non-Rocked hex connects to every other through non-Rocked hexes, and
    every map edge has non-Rocked hexes (mounted movement, C4.3.2, and exit, C7.1).

Usage (from the repository root):
    python3 tools/nez_perce_maps.py            # regenerate the four maps and check them
    python3 tools/nez_perce_maps.py --check    # only check the files as they are
    python3 tools/nez_perce_maps.py --show     # also print an ASCII picture of each map
"""

import heapq
import math
import os
import re
import sys

COLS, ROWS = 30, 20
DIRS = ["N", "NE", "SE", "S", "SW", "NW"]
SQ3 = math.sqrt(3.0)
MAP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                       "scenarios", "nez_perce_tactical", "maps")
LEGEND = {".": "clear", "T": "tree_stand", "R": "rocked_broken"}

# ---------------------------------------------------------------------------
# Geometry
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
    """The two corners of side d of hex h.  Side k (N=0, clockwise) runs from the
    corner at angle 240+60k to the one at 300+60k (y south, so clockwise)."""
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


ALL_HEXES = [(c, r) for r in range(1, ROWS + 1) for c in range(1, COLS + 1)]


def build_graph():
    """Sides between two on-map hexes, keyed by the unordered hex pair; the vertex
    graph over them; and, per corner, the map edges it lies on."""
    sides = {}  # frozenset({a,b}) -> (canonical hex, dir, (v1, v2))
    adj = {}  # vertex -> list of (other vertex, side key)
    vert_hexes = {}  # vertex -> on-map hexes having it as a corner
    vert_edges = {}  # vertex -> set of map edges (hexes off the map touching it)
    for h in ALL_HEXES:
        for d in DIRS:
            vs = side_vertices(h, d)
            for v in vs:
                vert_hexes.setdefault(v, set()).add(h)
            n = step(h, d)
            if not on_map(n):
                col, row = n
                e = ("W" if col < 1 else "E" if col > COLS else
                     "N" if row < 1 else "S")
                for v in vs:
                    vert_edges.setdefault(v, set()).add(e)
                continue
            key = frozenset((h, n))
            if key in sides:
                continue
            # Canonical writing: from the hex for which the side is N, NE or SE.
            if d in ("N", "NE", "SE"):
                sides[key] = (h, d, vs)
            else:
                sides[key] = (n, DIRS[(DIRS.index(d) + 3) % 6], vs)
            adj.setdefault(vs[0], []).append((vs[1], key))
            adj.setdefault(vs[1], []).append((vs[0], key))
    return sides, adj, vert_hexes, vert_edges


SIDES, ADJ, VERT_HEXES, VERT_EDGES = build_graph()


def self_test():
    for h in ALL_HEXES:
        for d in DIRS:
            n = step(h, d)
            assert hexdist(h, n) == 1, (h, d, n)
            back = step(n, DIRS[(DIRS.index(d) + 3) % 6])
            assert back == h
            if on_map(n):
                # The side seen from either hex has the same two corners.
                a = set(side_vertices(h, d))
                b = set(side_vertices(n, DIRS[(DIRS.index(d) + 3) % 6]))
                assert a == b, (h, d)
        # consecutive sides share a corner (N/NE at the north-east corner ...)
        for i in range(6):
            a = side_vertices(h, DIRS[i])
            b = side_vertices(h, DIRS[(i + 1) % 6])
            assert a[1] == b[0]


# ---------------------------------------------------------------------------
# Deterministic noise
# ---------------------------------------------------------------------------


def hash01(ix, iy, seed):
    n = (ix * 374761393 + iy * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    n ^= n >> 16
    return n / 4294967296.0


def vnoise(x, y, cell, seed):
    """Smooth value noise in [0,1) on a lattice of `cell` units."""
    gx, gy = x / cell, y / cell
    ix, iy = math.floor(gx), math.floor(gy)
    fx, fy = gx - ix, gy - iy
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a = hash01(ix, iy, seed)
    b = hash01(ix + 1, iy, seed)
    c = hash01(ix, iy + 1, seed)
    d = hash01(ix + 1, iy + 1, seed)
    return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy


def fbm(h, seed, cell=4.0):
    """Two octaves of value noise at a hex (units: one hex spacing = 1)."""
    x, y = center(h)
    x, y = x / SQ3, y / SQ3
    return 0.65 * vnoise(x, y, cell, seed) + 0.35 * vnoise(x, y, cell / 2.2, seed + 77)


def jitter(h, seed):
    return hash01(h[0], h[1], seed)


# ---------------------------------------------------------------------------
# Routing chains along hexsides
# ---------------------------------------------------------------------------


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy)


def edge_vertex(hexs, edge):
    """The border corner of an edge hex on the given map edge, nearest its centre,
    that starts exactly one on-map hexside (so a chain can end there)."""
    h = parse_hex(hexs)
    cx, cy = center(h)
    best = None
    for v in VERT_HEXES:
        if edge not in VERT_EDGES.get(v, ()):
            continue
        if len(VERT_EDGES[v]) != 1 or len(ADJ.get(v, [])) != 1:
            continue
        x, y = vpos(v)
        dd = math.hypot(x - cx, y - cy)
        if best is None or dd < best[0]:
            best = (dd, v)
    return best[1]


def nearest_vertex(p, allowed=None, avoid=()):
    best = None
    for v in (allowed if allowed is not None else ADJ):
        if v not in ADJ or v in avoid or (len(ADJ[v]) < 2 and allowed is None):
            continue
        x, y = vpos(v)
        dd = math.hypot(x - p[0], y - p[1])
        if best is None or dd < best[0]:
            best = (dd, v)
    return best[1]


class Chains:
    def __init__(self):
        self.chains = []  # dicts: feature, name, note, sides (list of keys), verts

    def used_sides(self):
        return {k for c in self.chains for k in c["sides"]}

    def used_verts(self):
        return {v for c in self.chains for v in c["verts"]}

    def get(self, name):
        for c in self.chains:
            if c["name"] == name:
                return c
        raise KeyError(name)

    def route(self, feature, name, note, points, start=None, end=None, weight=3.0):
        """Route a chain through `points` (hex names, waypoints at hex centres).
        start/end: None (nearest corner), ("edge", "N"|"S"|"E"|"W") (the border
        corner of the first/last point's hex) or ("join", chain name) (a corner of
        that chain, nearest the point)."""
        pts = [center(parse_hex(p)) for p in points]
        used_s = self.used_sides()
        blocked = set(self.used_verts())
        join_to = None

        def endpoint(spec, p, hexs):
            nonlocal join_to
            if spec is None:
                return nearest_vertex(p, avoid=blocked)
            if spec[0] == "edge":
                return edge_vertex(hexs, spec[1])
            if spec[0] == "join":
                other = self.get(spec[1])
                v = nearest_vertex(p, other["verts"])
                join_to = v
                return v
            raise ValueError(spec)

        vs = endpoint(start, pts[0], points[0])
        ve = endpoint(end, pts[-1], points[-1])
        if join_to is not None:
            blocked.discard(join_to)
        targets = [vs] + [nearest_vertex(p, avoid=blocked) for p in pts[1:-1]] + [ve]
        path = [vs]
        for i in range(len(targets) - 1):
            a, b = pts[i], pts[i + 1]
            seg = self._dijkstra(path[-1], targets[i + 1], a, b, used_s,
                                 blocked | set(path[:-1]), weight)
            if seg is None:
                raise RuntimeError("%s: cannot route %s -> %s" % (name, points[i], points[i + 1]))
            path.extend(seg[1:])
        # Drop loops (a corner visited twice).
        out = []
        for v in path:
            if v in out:
                out = out[: out.index(v) + 1]
            else:
                out.append(v)
        keys = []
        for u, v in zip(out, out[1:]):
            k = next(k for (w, k) in ADJ[u] if w == v)
            keys.append(k)
        self.chains.append(dict(feature=feature, name=name, note=note, sides=keys, verts=out))
        return out

    @staticmethod
    def _dijkstra(src, dst, a, b, used_s, blocked, weight):
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
                p = vpos(u)
                q = vpos(v)
                mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                off = seg_dist(mid, a, b) / SQ3
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


def banks(keys):
    """Hexes on either side of the given hexsides."""
    out = set()
    for k in keys:
        out |= set(k)
    return out


def dist_field(sources):
    """Hex distance from the nearest source hex, for every hex."""
    srcs = list(sources)
    return {h: min(hexdist(h, s) for s in srcs) if srcs else 99 for h in ALL_HEXES}


def hexes_near_line(points, width):
    """Hexes whose centre lies within `width` hex spacings of the polyline."""
    pts = [center(parse_hex(p)) for p in points]
    out = set()
    for h in ALL_HEXES:
        c = center(h)
        dd = min(seg_dist(c, a, b) for a, b in zip(pts, pts[1:])) / SQ3
        if dd <= width:
            out.add(h)
    return out


def rough_line(points, width, seed, rough=0.6):
    """Hexes near a polyline, the width varied by smooth noise (a ragged band)."""
    pts = [center(parse_hex(p)) for p in points]
    out = set()
    for h in ALL_HEXES:
        c = center(h)
        dd = min(seg_dist(c, a, b) for a, b in zip(pts, pts[1:])) / SQ3
        if dd <= width + (fbm(h, seed, 2.5) - 0.5) * 2 * rough:
            out.add(h)
    return out


def hexes_in_disc(hexs, radius, seed=0, rough=0.0):
    """Hexes within `radius` hexes of a centre, the rim roughened by noise."""
    c0 = parse_hex(hexs)
    out = set()
    for h in ALL_HEXES:
        r = radius + (jitter(h, seed) - 0.5) * 2 * rough
        if hexdist(h, c0) <= r:
            out.add(h)
    return out


# ---------------------------------------------------------------------------
# A map under construction
# ---------------------------------------------------------------------------


class MapBuild:
    def __init__(self, ident, name, source):
        self.id = ident
        self.name = name
        self.source = source
        self.t = {h: "." for h in ALL_HEXES}
        self.ch = Chains()

    def paint(self, hexes, char, prob=1.0, seed=0):
        for h in hexes:
            if prob >= 1.0 or jitter(h, seed) < prob:
                self.t[h] = char

    def stream_banks(self):
        return banks([k for c in self.ch.chains if c["feature"] == "stream" for k in c["sides"]])

    def fill_pockets(self, max_size=4):
        """Small non-Rocked pockets walled in by Rocked & Broken are filled; larger
        ones get a draw cut through the rocks (the fewest Rocked hexes) to the main
        open ground, so that every non-Rocked hex is reachable by mounted units."""
        while True:
            comps = components(self.t)
            if len(comps) == 1:
                return
            comps.sort(key=lambda c: (-len(c), min(c)))
            main = set(comps[0])
            comp = comps[1]
            if len(comp) <= max_size:
                for h in comp:
                    self.t[h] = "R"
                continue
            # 0-1 search from the pocket to the main ground, Rocked hexes cost 1.
            dist = {h: 0 for h in comp}
            prev = {}
            dq = [(0, h) for h in sorted(comp)]
            heapq.heapify(dq)
            goal = None
            while dq:
                dd, u = heapq.heappop(dq)
                if dd > dist[u]:
                    continue
                if u in main:
                    goal = u
                    break
                for d in DIRS:
                    n = step(u, d)
                    if not on_map(n):
                        continue
                    nd = dd + (1 if self.t[n] == "R" else 0)
                    if nd < dist.get(n, 1 << 30):
                        dist[n] = nd
                        prev[n] = u
                        heapq.heappush(dq, (nd, n))
            u = goal
            while u in prev:
                if self.t[u] == "R":
                    self.t[u] = "."
                u = prev[u]

    def edge_text(self):
        """Where the streams reach the map edges, e.g. 'the north edge at 0701/0801
        (canyon creek)'."""
        names = {"N": "north", "S": "south", "E": "east", "W": "west"}
        parts = []
        for c in self.ch.chains:
            if c["feature"] != "stream":
                continue
            for v in (c["verts"][0], c["verts"][-1]):
                for e in sorted(VERT_EDGES.get(v, ())):
                    hs = "/".join(hexname(h) for h in sorted(VERT_HEXES[v]))
                    parts.append("the %s edge at %s (%s)" % (names[e], hs, c["name"]))
        return "; ".join(parts)

    def rows(self):
        return ["".join(self.t[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]


def components(t):
    """Connected groups of non-Rocked hexes."""
    seen = set()
    comps = []
    for h in ALL_HEXES:
        if t[h] == "R" or h in seen:
            continue
        comp = []
        stack = [h]
        seen.add(h)
        while stack:
            u = stack.pop()
            comp.append(u)
            for d in DIRS:
                n = step(u, d)
                if on_map(n) and n not in seen and t[n] != "R":
                    seen.add(n)
                    stack.append(n)
        comps.append(comp)
    return comps


# ---------------------------------------------------------------------------
# The four maps
# ---------------------------------------------------------------------------


RECON = (
    "RECONSTRUCTION: the seed's tactical map sheet is lost. The seed names only the four maps, "
    "chosen by the strategic hex's terrain (C2.1: Major Mountains, Wooded, Rolling Hills, Open "
    "Plains), and the tactical terrain: Tree Stand and Rocked & Broken hexes, Stream and Ridge "
    "hexsides (C2.3-C2.6, C4.3.2, C6.5.1). This map is drawn anew at the tactical scale of 25 "
    "yards a hex (30 x 20 hexes, about 650 x 500 yards) and generated by tools/nez_perce_maps.py. ")
PLAY = (
    " Every non-Rocked hex connects to all four edges, so mounted horse and artillery (barred "
    "from Rocked & Broken, C4.3.2) can enter and leave on any side.")


def quantile_mask(hexes, score, frac):
    """The `frac` share of `hexes` with the highest score."""
    hs = sorted(hexes, key=lambda h: (-score(h), h))
    return set(hs[: int(round(frac * len(hs)))])


def major_mountains():
    m = MapBuild(
        "major_mountains", "Major Mountains tactical map",
        RECON +
        "It models a canyon of the Salmon and Clearwater breaks like White Bird Canyon (17 June "
        "1877), where Perry's column rode down White Bird Creek from the Camas Prairie and was "
        "met by warriors on the buttes and ridges: a creek in a narrow canyon floor runs the "
        "length of the map, walled by Rocked & Broken slopes, with two rocky buttes flanking "
        "the lower canyon and a west fork coming in from the side. Rocky massifs fill the "
        "corners; the open lanes are few: the canyon floor, a trail down the east rim from the "
        "north edge, the benches west of the canyon and two draws from the east edge. Ridge "
        "hexsides mark crests and rims above the open ground; pine stands (Tree Stands) grow on "
        "the canyon floor and benches. Streams reach {edges}." + PLAY)
    ch = m.ch
    ch.route("stream", "the canyon creek",
             "like White Bird Creek, down a narrow canyon from the north edge to the south edge",
             ["0801", "0904", "0907", "1110", "1213", "1415", "1618", "1720"],
             start=("edge", "N"), end=("edge", "S"), weight=4.0)
    ch.route("stream", "the west fork",
             "from the west edge into the canyon creek",
             ["0111", "0411", "0710", "0909"],
             start=("edge", "W"), end=("join", "the canyon creek"), weight=4.0)
    floor = m.stream_banks()
    dist = dist_field(floor)
    # Canyon walls: Rocked & Broken one and two hexes out from the creek floor.
    for h in ALL_HEXES:
        if (dist[h] == 1 and jitter(h, 13) < 0.85) or (dist[h] == 2 and jitter(h, 13) < 0.35):
            m.t[h] = "R"
    # Mountain spurs running down to the canyon, and the massifs in the corners.
    for i, (pts, w) in enumerate(MM_SPURS):
        m.paint(rough_line(pts, w, 40 + i, 0.35), "R")
    for hexs, r in MM_BUTTES:
        m.paint(hexes_in_disc(hexs, r, 14, 0.5), "R")
    # Open lanes: canyon floor, the trail down the east rim, the benches and draws.
    m.paint(floor, ".")
    for pts, w in MM_LANES:
        m.paint(hexes_near_line(pts, w), ".")
    # Pine on the canyon floor and scattered on the slopes.
    for h in floor:
        if jitter(h, 16) < 0.25:
            m.t[h] = "T"
    for h in ALL_HEXES:
        if m.t[h] == "." and fbm(h, 17, 1.8) > 0.68:
            m.t[h] = "T"
    for name, note, pts in MM_RIDGES:
        ch.route("ridge", name, note, pts, weight=3.0)
    m.fill_pockets(6)
    return m


MM_SPURS = [
    (["0102", "0403", "0605"], 1.5),       # north-west massif
    (["0115", "0416", "0714", "0913"], 1.4),  # south-west massif
    (["0219", "0618"], 0.9),               # its southern arm
    (["1201", "1304", "1307"], 1.2),       # wall east of the upper canyon
    (["1703", "1905"], 0.8),               # knob on the upland at the canyon head
    (["2502", "2804", "2702", "2306"], 1.5),  # north-east massif
    (["3011", "2610", "2212", "1813", "1514"], 1.2),  # east spur down to the canyon bend
    (["3018", "2616", "2317", "2019"], 1.3),  # south-east massif
]
MM_BUTTES = [("1116", 1.2), ("1814", 1.1)]
MM_LANES = [
    (["2101", "2104", "1907", "1610", "1411"], 0.6),  # trail down the east rim
    (["0107", "0408", "0709"], 0.5),       # west bench
    (["3008", "2708", "2307", "2106"], 0.5),  # east draw to the trail
    (["3014", "2714", "2414", "2015", "1717"], 0.5),  # south-east draw to the canyon mouth
    (["0420", "0618", "0917"], 0.4),       # south-west draw
]
MM_RIDGES = [
    ("canyon-head crest", "crest on the upland at the canyon head", ["1506", "1807"]),
    ("west bench rim", "rim of the west bench above the west fork", ["0208", "0509"]),
    ("east-rim crest", "crest along the east rim of the canyon", ["1409", "1710"]),
    ("east draw crest", "crest north of the east draw", ["2506", "2807"]),
    ("south-east crest", "crest above the south-east draw", ["2314", "2614"]),
    ("lower west rim", "west rim of the lower canyon", ["0617", "0818"]),
    ("canyon-mouth crest", "crest east of the canyon mouth", ["1918", "2218"]),
    ("north-west bench", "edge of the north-west bench", ["0105", "0306"]),
]


def wooded():
    m = MapBuild(
        "wooded", "Wooded tactical map",
        RECON +
        "It models a timbered mountain valley like the Big Hole (9-10 August 1877): the North "
        "Fork of the Big Hole River meanders through the map with willow brush (Tree Stands) "
        "along its banks and an open meadow on its east side where a camp can stand; Trail "
        "Creek comes in from the west under the timbered hillside from which Gibbon's men "
        "attacked and where they were besieged (dense Tree Stands, a few rock outcrops, a ridge "
        "hexside bench), and a creek from the east hills joins the river in the south. The "
        "east slopes carry stands of lodgepole pine with clearings; two trails cross the "
        "timber. Tree Stands block line of sight (C6.5.1), so most fire here is at short "
        "range. Streams reach {edges}." + PLAY)
    ch = m.ch
    ch.route("stream", "the North Fork",
             "of the Big Hole River, meandering from the north edge to the south edge",
             ["1201", "1303", "1205", "1307", "1409", "1511", "1613", "1815", "1917", "2020"],
             start=("edge", "N"), end=("edge", "S"), weight=4.0)
    ch.route("stream", "Trail Creek",
             "from the west edge into the North Fork",
             ["0111", "0512", "0911", "1211"],
             start=("edge", "W"), end=("join", "the North Fork"), weight=4.0)
    ch.route("stream", "the east creek",
             "from the east hills into the North Fork",
             ["3016", "2616", "2216"],
             start=("edge", "E"), end=("join", "the North Fork"), weight=4.0)
    fork = ch.get("the North Fork")["sides"]
    dist_fork = dist_field(banks(fork))
    # Timber by noise, denser on the west hillside (Gibbon's approach and siege area)
    # than on the east slopes, with clearings everywhere.
    m.paint(quantile_mask(ALL_HEXES, lambda h: fbm(h, 21, 2.4) + 0.12 * (1 - center(h)[0] / 43.5), 0.56), "T")
    # The meadow east of the river where the camp stood, and the river flats.
    m.paint(rough_line(["1602", "1705", "1808", "1911", "2013"], 1.2, 25, 0.4), ".")
    m.paint({h for h in ALL_HEXES if dist_fork[h] == 0}, ".")
    # Willow brush along the river and creeks.
    for h in m.stream_banks():
        if jitter(h, 22) < 0.42:
            m.t[h] = "T"
    # Rock outcrops on the hillside and the east slopes.
    for hexs, r, sd in (("0404", 1.0, 26), ("0617", 0.8, 27), ("2603", 1.2, 28),
                        ("2712", 0.9, 29), ("0909", 0.5, 30), ("2219", 0.5, 31)):
        m.paint(hexes_in_disc(hexs, r, sd, 0.4), "R")
    # Trails: the Nez Perce trail down the valley east of the meadow, Gibbon's trail
    # over the hillside along Trail Creek.
    m.paint(hexes_near_line(["2401", "2305", "2309", "2412", "2516", "2620"], 0.45), ".")
    m.paint(hexes_near_line(["0107", "0408", "0709", "1009"], 0.4), ".")
    for name, note, pts in WO_RIDGES:
        ch.route("ridge", name, note, pts, weight=3.0)
    m.fill_pockets(4)
    return m


WO_RIDGES = [
    ("siege bench", "bench at the foot of the timbered hillside (Gibbon's siege position)", ["0904", "1006"]),
    ("meadow bench", "bench on the east side of the meadow", ["2005", "2107"]),
    ("east spur", "spur on the east slopes", ["2509", "2611"]),
    ("north-east knoll", "knoll crest in the north-east clearing", ["2606", "2807"]),
    ("south hillside", "spur of the hillside south of Trail Creek", ["0715", "0916"]),
]


def rolling_hills():
    m = MapBuild(
        "rolling_hills", "Rolling Hills tactical map",
        RECON +
        "It models grassy rolling upland cut by ravines, like the Camas Prairie and the "
        "Clearwater plateau (Cottonwood, 3-5 July; the Clearwater, 11-12 July 1877, fought on "
        "a plateau above ravines running down to the river) and Camas Meadows (20 August): "
        "long low crests drawn as ridge-hexside chains that block line of sight and hide "
        "troops behind them, two creeks in shallow ravines with sparse brush and trees along "
        "them, a few groves on the slopes and a few lava-rock outcrops (Rocked & Broken) like "
        "those the warriors used at Camas Meadows. Streams reach {edges}." + PLAY)
    ch = m.ch
    ch.route("stream", "the north creek",
             "in a ravine, from the north edge south-west to the west edge",
             ["1001", "0904", "0806", "0609", "0411", "0112"],
             start=("edge", "N"), end=("edge", "W"), weight=4.0)
    ch.route("stream", "the south creek",
             "in a ravine, from the east edge south-west to the south edge",
             ["3008", "2710", "2512", "2414", "2317", "2220"],
             start=("edge", "E"), end=("edge", "S"), weight=4.0)
    # Sparse brush and trees along the ravines.
    for h in m.stream_banks():
        if jitter(h, 31) < 0.42:
            m.t[h] = "T"
    # A few groves on the slopes.
    for hexs, r, sd, p in RH_GROVES:
        m.paint(hexes_in_disc(hexs, r, sd, 0.5), "T", p, sd)
    # Lava-rock outcrops.
    for hexs, r, sd in RH_ROCKS:
        m.paint(hexes_in_disc(hexs, r, sd, 0.4), "R")
    for name, note, pts in RH_RIDGES:
        ch.route("ridge", name, note, pts, weight=3.0)
    m.fill_pockets(4)
    return m


RH_GROVES = [("1403", 1.2, 32, 0.85), ("0716", 1.3, 33, 0.8), ("2806", 1.2, 34, 0.85),
             ("1913", 1.1, 35, 0.85), ("2718", 1.0, 36, 0.8), ("0304", 0.9, 37, 0.9)]
RH_ROCKS = [("1607", 0.9, 36), ("2116", 0.7, 37), ("0913", 0.7, 38), ("2603", 0.6, 39), ("2814", 0.5, 40),
            ("0619", 0.4, 41)]
RH_RIDGES = [
    ("north crest", "long crest across the north", ["1303", "1604", "1804"]),
    ("west crest", "crest east of the north creek", ["1008", "1311"]),
    ("central crest", "crest in the middle of the map", ["1509", "1710", "2009"]),
    ("north-east crest", "crest in the north-east", ["2303", "2606"]),
    ("south-west crest", "crest in the south-west", ["0416", "0817"]),
    ("south-central crest", "crest north of the south edge", ["1415", "1718"]),
]


def open_plains():
    m = MapBuild(
        "open_plains", "Open Plains tactical map",
        RECON +
        "It models the open plains of Canyon Creek (13 September 1877) and the Bear Paw (30 "
        "September-5 October): mostly clear grass; Snake Creek meandering across the map with "
        "cottonwood and willow brush (Tree Stands) along its bends and a tributary creek "
        "joining it beside the camp hollow; the coulees and cut banks around the hollow, where "
        "the Nez Perce dug in at the Bear Paw, drawn as ridge hexsides (they hide and block line "
        "of sight); a long low rise to the east; and a short stretch of rimrock (Rocked & "
        "Broken) in the north-east like the canyon mouth at Canyon Creek, where the warriors "
        "held off the 7th Cavalry. Streams reach {edges}." + PLAY)
    ch = m.ch
    ch.route("stream", "Snake Creek",
             "meandering from the south edge to the north edge",
             ["1220", "1117", "1315", "1212", "1410", "1608", "1506", "1704", "1801"],
             start=("edge", "S"), end=("edge", "N"), weight=4.0)
    ch.route("stream", "the west creek",
             "a tributary from the west edge into Snake Creek",
             ["0107", "0408", "0708", "1009", "1310"],
             start=("edge", "W"), end=("join", "Snake Creek"), weight=4.0)
    st = m.stream_banks()
    for h in st:
        if fbm(h, 41, 2.5) > 0.47:
            m.t[h] = "T"
    # A few isolated clumps away from the creeks.
    for hexs in ("2408", "2614", "0615", "2218"):
        m.paint(hexes_in_disc(hexs, 0.3), "T")
    # Rimrock in the north-east.
    m.paint(hexes_near_line(["2502", "2703", "2903"], 0.55), "R")
    ridges = [
        ("camp coulee east", "cut bank east of the camp hollow", ["1612", "1713", "1715"]),
        ("camp coulee west", "cut bank west of the camp hollow", ["0911", "0913", "1014"]),
        ("north coulee", "coulee north-west of the creek", ["1004", "1205", "1306"]),
        ("south-east coulee", "coulee in the south-east", ["2216", "2417", "2617"]),
        ("east rise", "long low rise on the east", ["2307", "2409", "2411"]),
    ]
    for name, note, pts in ridges:
        ch.route("ridge", name, note, pts, weight=3.0)
    m.fill_pockets(4)
    return m


BUILDERS = [major_mountains, wooded, rolling_hills, open_plains]
TITLES = {
    "major_mountains": "Major Mountains",
    "wooded": "Wooded",
    "rolling_hills": "Rolling Hills",
    "open_plains": "Open Plains",
}

# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def ron_string(s):
    assert '"' not in s and "\\" not in s, s
    return '"%s"' % s


def chain_ends(c):
    """'; ends: the north edge at 0701/0801, joins at 0909/0910/1009' for a stream."""
    if c["feature"] != "stream":
        return ""
    names = {"N": "north", "S": "south", "E": "east", "W": "west"}
    out = []
    for v in (c["verts"][0], c["verts"][-1]):
        hs = "/".join(hexname(h) for h in sorted(VERT_HEXES[v]))
        e = sorted(VERT_EDGES.get(v, ()))
        out.append(("the %s edge at %s" % (names[e[0]], hs)) if e else ("the corner of %s" % hs))
    return "; ends: " + " and ".join(out)


def write_map(m):
    lines = []
    lines.append("// I Will Fight No More Forever, tactical map: %s. RECONSTRUCTION: the seed's maps are "
                 "lost; see `source`." % TITLES[m.id])
    lines.append("// Hexes CCRR, column 01 west, row 01 north; even columns shoved half a hex south. "
                 "Format: docs/scenario-format.md, \"Map tiles\". Generated by tools/nez_perce_maps.py.")
    lines.append("(")
    lines.append("    id: %s," % ron_string(m.id))
    lines.append("    name: %s," % ron_string(m.name))
    lines.append("    source: Reconstruction(%s)," % ron_string(m.source))
    lines.append("    legend: {'.': \"clear\", 'T': \"tree_stand\", 'R': \"rocked_broken\"},")
    lines.append("    terrain: [")
    lines.append("       //         1111111111222222222223")
    lines.append("       //123456789012345678901234567890")
    for i, row in enumerate(m.rows()):
        lines.append("        %s, // row %02d" % (ron_string(row), i + 1))
    lines.append("    ],")
    lines.append("    hexsides: [")
    for c in m.ch.chains:
        lines.append("        // %s %s: %s%s (%d hexsides)" % (c["feature"], c["name"], c["note"], chain_ends(c), len(c["sides"])))
        ents = []
        for k in c["sides"]:
            h, d, _ = SIDES[k]
            ents.append('("%s", %s, "%s"),' % (hexname(h), d, c["feature"]))
        for i in range(0, len(ents), 4):
            lines.append("        " + " ".join(ents[i:i + 4]))
    lines.append("    ],")
    lines.append(")")
    path = os.path.join(MAP_DIR, m.id + ".ron")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------------------
# Checking the written files
# ---------------------------------------------------------------------------

ENTRY = re.compile(r'\(\s*"(\d{4})"\s*,\s*(NE|SE|SW|NW|N|S)\s*,\s*"([a-z_]+)"\s*\)')


def check_file(path):
    """Check one written map; return (errors, summary dict)."""
    errs = []
    text = open(path).read()
    ident = os.path.splitext(os.path.basename(path))[0]
    if not re.search(r'\bid:\s*"%s"' % re.escape(ident), text):
        errs.append("id is not the file stem %s" % ident)
    if "Reconstruction(" not in text:
        errs.append("source is not a Reconstruction")
    tm = re.search(r"terrain:\s*\[(.*?)\]", text, re.S)
    rows = re.findall(r'"([^"]*)"', re.sub(r"//[^\n]*", "", tm.group(1))) if tm else []
    if len(rows) != ROWS:
        errs.append("%d terrain rows, expected %d" % (len(rows), ROWS))
    t = {}
    for r, row in enumerate(rows, 1):
        if len(row) != COLS:
            errs.append("row %02d has %d hexes" % (r, len(row)))
        for c, ch in enumerate(row, 1):
            if ch not in LEGEND:
                errs.append("hex %02d%02d: '%s' not in legend" % (c, r, ch))
            t[(c, r)] = ch
    if errs:
        return errs, None
    hm = re.search(r"hexsides:\s*\[(.*)\]\s*,?\s*\)\s*$", text, re.S)
    body = hm.group(1) if hm else ""
    chains = []
    for line in body.split("\n"):
        s = line.strip()
        mc = re.match(r"//\s*(stream|ridge)\s+([^:]+):\s*(.*)", s)
        if mc:
            chains.append(dict(feature=mc.group(1), name=mc.group(2).strip(),
                               note=mc.group(2).strip() + ": " + mc.group(3), sides=[]))
            continue
        for mm in ENTRY.finditer(s):
            h, d, feat = parse_hex(mm.group(1)), mm.group(2), mm.group(3)
            if not chains:
                errs.append("hexside %s before any chain comment" % mm.group(0))
                continue
            if feat != chains[-1]["feature"]:
                errs.append("%s in a %s chain" % (mm.group(0), chains[-1]["feature"]))
            if not on_map(h):
                errs.append("%s: hex off the map" % mm.group(0))
                continue
            n = step(h, d)
            if not on_map(n):
                errs.append("%s: the other hex %s is off the map" % (mm.group(0), n))
                continue
            chains[-1]["sides"].append((frozenset((h, n)), side_vertices(h, d), mm.group(0)))
    seen = {}
    stream_verts = set()
    all_verts_before = set()
    for ci, c in enumerate(chains):
        if not c["sides"]:
            errs.append("chain '%s' is empty" % c["note"])
            continue
        for k, _, txt in c["sides"]:
            if k in seen:
                errs.append("%s listed twice (also %s)" % (txt, seen[k]))
            seen[k] = txt
        # Walk the path: consecutive sides share a corner; no corner twice.
        seq = [s[1] for s in c["sides"]]
        if len(seq) == 1:
            path = list(seq[0])
        else:
            shared = set(seq[0]) & set(seq[1])
            if not shared:
                errs.append("chain '%s' breaks after its first hexside" % c["note"])
                continue
            first = [v for v in seq[0] if v not in shared][0]
            path = [first]
            for i, vs in enumerate(seq):
                if path[-1] not in vs:
                    errs.append("chain '%s' breaks at %s" % (c["note"], c["sides"][i][2]))
                    break
                path.append(vs[1] if vs[0] == path[-1] else vs[0])
        if len(set(path)) != len(path):
            errs.append("chain '%s' visits a corner twice" % c["note"])
        # Touching earlier chains: only a stream's end corner on an earlier stream.
        for j, v in enumerate(path):
            if v in all_verts_before:
                ok = c["feature"] == "stream" and j in (0, len(path) - 1) and v in stream_verts
                if not ok:
                    errs.append("chain '%s' touches another chain at a corner" % c["note"])
        c["path"] = path
        all_verts_before |= set(path)
        if c["feature"] == "stream":
            stream_verts |= set(path)
    streams = [c for c in chains if c["feature"] == "stream" and "path" in c]
    ridges = [c for c in chains if c["feature"] == "ridge" and "path" in c]
    edges = {}
    for c in streams:
        for v in (c["path"][0], c["path"][-1]):
            for e in VERT_EDGES.get(v, ()):
                edges.setdefault(e, []).append(c["name"])
    if len(streams) < 2:
        errs.append("fewer than two streams")
    if len(edges) < 2:
        errs.append("streams reach fewer than two map edges (%s)" % sorted(edges))
    # The engine's test for a side 'a stream runs through' (C2.3, setup.rs): some hex
    # of that edge borders a stream hexside.  It should name exactly the edges the
    # streams run to, so that no stream merely grazes an edge it does not reach.
    stream_hexes = {h for c in streams for k, _, _ in c["sides"] for h in k}
    touch = {e for e in "NESW" if any(h in stream_hexes for h in edge_hexes(e))}
    if touch != set(edges):
        errs.append("edges with a stream by the engine's test (an edge hex beside a stream hexside) %s "
                    "differ from the edges the streams run to %s" % (sorted(touch), sorted(edges)))
    stream_keys = [k for c in streams for k, _, _ in c["sides"]]
    beside = {h for k in stream_keys for h in k if t[h] != "R"}
    if len(beside) < 9:
        errs.append("only %d non-Rocked hexes beside streams (9 Lodges need 9)" % len(beside))
    comps = components(t)
    if len(comps) != 1:
        errs.append("non-Rocked ground is split into %d parts (sizes %s)"
                    % (len(comps), sorted(len(c) for c in comps)))
    edge_open = {
        "N": sum(t[(c, 1)] != "R" for c in range(1, COLS + 1)),
        "S": sum(t[(c, ROWS)] != "R" for c in range(1, COLS + 1)),
        "W": sum(t[(1, r)] != "R" for r in range(1, ROWS + 1)),
        "E": sum(t[(COLS, r)] != "R" for r in range(1, ROWS + 1)),
    }
    for e, n in edge_open.items():
        if n == 0:
            errs.append("no non-Rocked hex on the %s edge" % e)
    # A mounted unit can ride from each edge to each other edge (implied by one
    # component plus open hexes on every edge; checked directly anyway).
    comp_of = {h: i for i, comp in enumerate(comps) for h in comp}
    for e1 in "NESW":
        for e2 in "NESW":
            if e1 >= e2:
                continue
            a = {comp_of[h] for h in edge_hexes(e1) if t[h] != "R"}
            b = {comp_of[h] for h in edge_hexes(e2) if t[h] != "R"}
            if not (a & b):
                errs.append("no mounted path from the %s edge to the %s edge" % (e1, e2))
    counts = {ch: sum(1 for v in t.values() if v == ch) for ch in LEGEND}
    summary = dict(
        id=ident, counts=counts,
        streams=[(c["note"], len(c["sides"])) for c in streams],
        ridges=len(ridges), ridge_sides=sum(len(c["sides"]) for c in ridges),
        stream_sides=sum(len(c["sides"]) for c in streams),
        edges={e: sorted(set(v)) for e, v in edges.items()},
        beside=len(beside), edge_open=edge_open,
        lodge_bank=best_bank(streams, t),
    )
    return errs, summary


def best_bank(streams, t):
    """Largest number of non-Rocked hexes on ONE bank of one stream (C2.6 puts a
    column on one side of the stream): counted as the hexes left of the chain."""
    best = 0
    for c in streams:
        for sidepick in (0, 1):
            hs = set()
            path = c["path"]
            for (k, vs, _), u, v in zip(c["sides"], path, path[1:]):
                a, b = tuple(k)
                # Which hex is on the left of u->v (y south: cross product sign).
                ux, uy = vpos(u)
                vx, vy = vpos(v)
                ax, ay = center(a)
                cross = (vx - ux) * (ay - uy) - (vy - uy) * (ax - ux)
                left = a if cross < 0 else b
                right = b if left == a else a
                h = left if sidepick == 0 else right
                if t[h] != "R":
                    hs.add(h)
            best = max(best, len(hs))
    return best


def edge_hexes(e):
    if e == "N":
        return [(c, 1) for c in range(1, COLS + 1)]
    if e == "S":
        return [(c, ROWS) for c in range(1, COLS + 1)]
    if e == "W":
        return [(1, r) for r in range(1, ROWS + 1)]
    return [(COLS, r) for r in range(1, ROWS + 1)]


def ascii_picture(path):
    """Rows of the map with even columns drawn half a line lower."""
    text = open(path).read()
    tm = re.search(r"terrain:\s*\[(.*?)\]", text, re.S)
    rows = re.findall(r'"([^"]*)"', re.sub(r"//[^\n]*", "", tm.group(1)))
    out = ["     " + "".join("%-2d" % (c % 100) if c % 2 == 1 else "  " for c in range(1, COLS + 1))]
    for r, row in enumerate(rows, 1):
        a = "".join(row[c - 1] + " " if c % 2 == 1 else "  " for c in range(1, COLS + 1))
        b = "".join(row[c - 1] + " " if c % 2 == 0 else "  " for c in range(1, COLS + 1))
        out.append("%02d   %s" % (r, a))
        out.append("     %s" % b)
    return "\n".join(out)


def print_summary(s):
    n = COLS * ROWS
    c = s["counts"]
    print("%s:" % s["id"])
    print("  hexes: clear %d (%d%%), tree_stand %d (%d%%), rocked_broken %d (%d%%)"
          % (c["."], 100 * c["."] // n, c["T"], 100 * c["T"] // n, c["R"], 100 * c["R"] // n))
    print("  hexsides: %d stream + %d ridge = %d (%d streams, %d ridge chains)"
          % (s["stream_sides"], s["ridge_sides"], s["stream_sides"] + s["ridge_sides"],
             len(s["streams"]), s["ridges"]))
    for note, k in s["streams"]:
        print("    stream: %s" % note)
    print("  edges a stream reaches: %s" % ", ".join(
        "%s (%s)" % ({"N": "north", "S": "south", "E": "east", "W": "west"}[e], "; ".join(v))
        for e, v in sorted(s["edges"].items())))
    print("  non-Rocked hexes beside a stream: %d (most on one bank of one stream: %d)"
          % (s["beside"], s["lodge_bank"]))
    print("  non-Rocked hexes per edge: N %d, E %d, S %d, W %d; mounted path between every pair of edges: yes"
          % (s["edge_open"]["N"], s["edge_open"]["E"], s["edge_open"]["S"], s["edge_open"]["W"]))


def main(argv):
    self_test()
    check_only = "--check" in argv
    show = "--show" in argv
    paths = []
    if check_only:
        paths = [os.path.join(MAP_DIR, b.__name__ + ".ron") for b in BUILDERS]
    else:
        os.makedirs(MAP_DIR, exist_ok=True)
        for b in BUILDERS:
            m = b()
            m.source = m.source.replace("{edges}", m.edge_text())
            paths.append(write_map(m))
    bad = 0
    for p in paths:
        errs, s = check_file(p)
        if errs:
            bad += 1
            print("%s: FAILED" % os.path.relpath(p))
            for e in errs:
                print("  " + e)
            continue
        print_summary(s)
        if show:
            print(ascii_picture(p))
    if bad:
        sys.exit(1)
    print("all %d maps pass" % len(paths))


if __name__ == "__main__":
    main(sys.argv[1:])
