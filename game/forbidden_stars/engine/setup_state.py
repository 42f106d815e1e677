"""The board being built by the players (RB p.16 «Подготовка игрового поля»): the tiles
in hand, the objective tokens still held, the tiles placed so far and the step waited for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.forbidden_stars.engine.copying import evolve

TILE, FORCES, OBJECTIVES, STORMS = "tile", "forces", "objectives", "storms"


@dataclass
class SetupState:
    hands: list[list[int]]  # by seat: the tiles still to place
    holding: list[dict[int, int]]  # by seat: rival seat → its objective tokens held
    forces: list[dict[str, int]]  # by seat: starting units and structures not yet placed
    cells: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)  # → face, turn
    placed: int = 0  # tiles placed
    phase: str = TILE
    face: str = ""  # the tile just placed (its forces and objective spots)
    spot: int = 0  # OBJECTIVES: the next area index of ``face`` to look at
    storms_left: int = 0
    storm_seat: int = -1  # STORMS: who places the next storm
    last: int = -1  # who placed the last tile

    def copy(self) -> SetupState:
        return evolve(self, hands=[list(h) for h in self.hands],
                       holding=[dict(h) for h in self.holding],
                       forces=[dict(f) for f in self.forces], cells=dict(self.cells))
