"""What an adventure adds to a game's state: :class:`BossState` (``State.boss``).

A plain data container at the bottom of the engine's layers, so the state, snapshots
and views can hold it without importing the adventure format that fills it in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from game.star_realms.engine.adventure import AdventureFormat
    from game.star_realms.engine.state import State


class BossState:
    """Everything an adventure adds to a game: its counter, its card piles, where the
    boss is in its turn and whom it acts against."""

    __slots__ = ("adventure", "counter", "difficulty", "mulligan_used", "notes", "piles",
                 "player_turns", "queue", "seat", "severed", "step", "steps_run", "target",
                 "turns_of")

    def __init__(self, adventure: str, seat: int, difficulty: str):
        self.adventure = adventure
        self.seat = seat
        self.difficulty = difficulty
        self.counter = 0  # assimilation (Automatons)
        self.piles: dict[str, list[int]] = {}  # tentacles, hoard, registry, boss trade decks
        self.severed: list[str] = []  # Dimensional Horror: tentacles cut for good
        self.step = 0  # the next step of the boss's turn
        self.target = -1  # the player the boss acts against (Dimensional Horror)
        self.mulligan_used = False  # the trade row may be mulliganed once per adventure
        self.player_turns = 0  # completed player (team) turns
        self.turns_of: dict[int, int] = {}  # Dimensional Horror: turns taken per player
        self.queue: list[int] = []  # Dimensional Horror on Expert: players still to face
        self.notes: list[int] = []  # within a boss turn: cards revealed this turn (Pirates)
        # Steps run this boss turn, for the runaway guard only (not saved: a loaded game
        # merely restarts the count).
        self.steps_run = 0

    def clone(self) -> BossState:
        b = BossState.__new__(BossState)
        b.adventure, b.seat, b.difficulty = self.adventure, self.seat, self.difficulty
        b.counter, b.step, b.target = self.counter, self.step, self.target
        b.mulligan_used, b.player_turns = self.mulligan_used, self.player_turns
        b.piles = {k: v[:] for k, v in self.piles.items()}
        b.severed = self.severed[:]
        b.turns_of = dict(self.turns_of)
        b.queue = self.queue[:]
        b.notes = self.notes[:]
        b.steps_run = self.steps_run
        return b

    def to_json(self) -> dict[str, Any]:
        return {"adventure": self.adventure, "seat": self.seat, "difficulty": self.difficulty,
                "counter": self.counter, "piles": {k: v[:] for k, v in sorted(
                    self.piles.items())}, "severed": self.severed[:], "step": self.step,
                "target": self.target, "mulligan_used": self.mulligan_used,
                "player_turns": self.player_turns,
                "turns_of": {str(k): v for k, v in sorted(self.turns_of.items())},
                "queue": self.queue[:], "notes": self.notes[:]}

    @staticmethod
    def from_json(d: dict[str, Any]) -> BossState:
        b = BossState(str(d["adventure"]), int(d["seat"]), str(d["difficulty"]))
        b.counter, b.step, b.target = int(d["counter"]), int(d["step"]), int(d["target"])
        b.mulligan_used, b.player_turns = bool(d["mulligan_used"]), int(d["player_turns"])
        b.piles = {str(k): [int(x) for x in v] for k, v in d["piles"].items()}
        b.severed = [str(x) for x in d["severed"]]
        b.turns_of = {int(k): int(v) for k, v in d["turns_of"].items()}
        b.queue = [int(x) for x in d["queue"]]
        b.notes = [int(x) for x in d["notes"]]
        return b


def boss_of(state: State) -> BossState:
    """``state.boss`` for code that runs only in an adventure (boss steps and scripts,
    boss piles): setup creates it together with the adventure's format."""
    boss = state.boss
    if boss is None:
        raise ValueError(f"{state.format.id!r} is not an adventure: it has no boss")
    return boss


def adventure_of(state: State) -> AdventureFormat:
    """``state.format`` as the :class:`AdventureFormat` it is whenever ``state.boss`` is
    set (a cast, not an import: the adventure module sits above this one)."""
    boss_of(state)
    return cast("AdventureFormat", state.format)
