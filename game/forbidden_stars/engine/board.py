"""The board the setup builds: system tiles on a grid, their areas, what touches what, and
the tile borders warp storms lie on.

Each face's four areas are modelled as its quadrants (top left, top right, bottom right,
bottom left as printed; the printed borders are irregular, this is our geometry — see
docs/forbidden-stars-rulings.md).  A tile turned ``rotation`` quarter turns clockwise
moves printed area ``i`` to quadrant ``(i + rotation) % 4``.  Two areas are adjacent when
their quadrants share an edge («соседних (не по диагонали)», RB p.10), across tile borders
too; a storm on a tile border blocks movement across it, not adjacency for placing
orders (facts §7).  A system (tile) is named by its face id, an area by
``<face>.<printed index>``.

Storms sit on tile borders: ``("h", r, c)`` the horizontal border above tile row ``r`` in
column ``c`` (``r`` in 0..rows, the board's edge included), ``("v", r, c)`` the vertical
border left of column ``c`` in row ``r``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.forbidden_stars.engine.components import Area, FSRules

Storm = tuple[str, int, int]
QUADRANTS = ((0, 0), (0, 1), (1, 1), (1, 0))  # TL, TR, BR, BL: clockwise


@dataclass(frozen=True, slots=True)
class PlacedArea:
    id: str
    system: str
    index: int  # as printed
    cell: tuple[int, int]  # on the half-tile grid
    area: Area


@dataclass(frozen=True, slots=True)
class Topology:
    rows: int
    cols: int
    systems: Mapping[str, tuple[int, int, int]]  # face id → (row, col, rotation)
    areas: Mapping[str, PlacedArea]
    # area → (neighbour, the border crossed or None inside a tile)
    links: Mapping[str, tuple[tuple[str, Storm | None], ...]]
    system_areas: Mapping[str, tuple[str, ...]]
    neighbours: Mapping[str, tuple[str, ...]]  # edge-sharing systems

    def border(self, a: str, b: str) -> Storm:
        """The tile border between two edge-sharing systems."""
        (ra, ca, _), (rb, cb, _) = self.systems[a], self.systems[b]
        if ca == cb:
            return ("h", max(ra, rb), ca)
        return ("v", ra, max(ca, cb))

    def borders(self) -> list[Storm]:
        """Every tile border a storm may lie on, the board's edge included."""
        out: list[Storm] = [("h", r, c) for r in range(self.rows + 1) for c in range(self.cols)]
        out += [("v", r, c) for r in range(self.rows) for c in range(self.cols + 1)]
        return out

    def adjacent(self, a: str, storms: frozenset[Storm] | set[Storm]) -> list[str]:
        """Areas a unit may step to from ``a``: storms block crossing their border."""
        return [b for b, border in self.links[a] if border is None or border not in storms]


def build(rules: FSRules, placed: list[tuple[str, int, int, int]]) -> Topology:
    """The topology of tiles ``(face, row, col, rotation)`` (rows and columns from 0)."""
    rows = 1 + max(r for _, r, _, _ in placed)
    cols = 1 + max(c for _, _, c, _ in placed)
    systems = {f: (r, c, rot) for f, r, c, rot in placed}
    areas: dict[str, PlacedArea] = {}
    by_cell: dict[tuple[int, int], str] = {}
    system_areas: dict[str, tuple[str, ...]] = {}
    for face_id, r, c, rot in placed:
        face = rules.faces[face_id]
        ids = []
        for i, area in enumerate(face.areas):
            qr, qc = QUADRANTS[(i + rot) % 4]
            aid = f"{face_id}.{i}"
            cell = (2 * r + qr, 2 * c + qc)
            areas[aid] = PlacedArea(aid, face_id, i, cell, area)
            by_cell[cell] = aid
            ids.append(aid)
        system_areas[face_id] = tuple(ids)
    topo_links: dict[str, tuple[tuple[str, Storm | None], ...]] = {}
    for aid, pa in areas.items():
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            other = by_cell.get((pa.cell[0] + dr, pa.cell[1] + dc))
            if other is None:
                continue
            sa, sb = pa.system, areas[other].system
            border = None
            if sa != sb:
                (ra, ca, _), (rb, cb, _) = systems[sa], systems[sb]
                border = ("h", max(ra, rb), ca) if ca == cb else ("v", ra, max(ca, cb))
            out.append((other, border))
        topo_links[aid] = tuple(out)
    neighbours = {}
    for f, (r, c, _) in systems.items():
        neighbours[f] = tuple(g for g, (r2, c2, _) in systems.items()
                              if abs(r - r2) + abs(c - c2) == 1)
    return Topology(rows, cols, systems, areas, topo_links, system_areas, neighbours)


def storm_moves(topo: Topology, storm: Storm, steps: tuple[tuple[int, int], ...]) -> list[Storm]:
    """Where ``storm`` may go by one of the icon's ``steps`` (on the board's borders)."""
    orient, r, c = storm
    out = []
    for dr, dc in steps:
        nr, nc = r + dr, c + dc
        if orient == "h" and 0 <= nr <= topo.rows and 0 <= nc < topo.cols:
            out.append(("h", nr, nc))
        elif orient == "v" and 0 <= nr < topo.rows and 0 <= nc <= topo.cols:
            out.append(("v", nr, nc))
    return out
