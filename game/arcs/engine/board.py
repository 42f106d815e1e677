"""The map a setup card leaves: the in-play systems and their adjacency.

«При подготовке планеты одного или двух регионов накрыты маркерами «Вне игры», а
врата – маркером пути. Эти регионы полностью находятся вне игры. Маркер пути соединяет
врата двух ближайших регионов, позволяя попасть из одних в другие за 1 перемещение.»
(RU p.6.)  Every edge touching an out-of-play system goes; the gates left in play are
joined around the ring to the nearest in-play gate on either side
(``map.toml: rule = "join_nearest_in_play_gates"``, docs/arcs-rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.arcs.engine.components import MapDef


@dataclass(frozen=True, slots=True)
class Topology:
    out_of_play: tuple[int, ...]  # clusters
    systems: tuple[str, ...]  # in play, sorted
    edges: frozenset[frozenset[str]]
    path_edges: frozenset[frozenset[str]]  # gate–gate links made by path markers

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.edges

    def neighbours(self, system: str) -> tuple[str, ...]:
        known = neighbours_of(self).get(system)
        if known is None:  # not in play: whatever edges name it (none)
            return tuple(sorted(next(iter(e - {system})) for e in self.edges if system in e))
        return known


@lru_cache(maxsize=64)
def neighbours_of(topo: Topology) -> dict[str, tuple[str, ...]]:
    """Every system's neighbours, sorted: asked for on every move and battle look-up,
    so worked out once per map (the topology is frozen).  Read it, never change it."""
    return {system: tuple(sorted(next(iter(e - {system})) for e in topo.edges
                                 if system in e))
            for system in topo.systems}


def topology(board: MapDef, out_of_play: tuple[int, ...]) -> Topology:
    gone = set(out_of_play)
    systems = tuple(sorted(s.id for s in board.systems.values() if s.cluster not in gone))
    keep = set(systems)
    edges = {e for e in board.edges if e <= keep}
    ring = [k for k in board.clusters if k not in gone]  # clockwise
    paths: set[frozenset[str]] = set()
    if len(ring) > 1:
        for i, k in enumerate(ring):
            nxt = ring[(i + 1) % len(ring)]
            link = frozenset((f"G{k}", f"G{nxt}"))
            if link not in board.edges and len(link) == 2:
                paths.add(link)
    return Topology(tuple(sorted(out_of_play)), systems, frozenset(edges | paths),
                    frozenset(paths))
