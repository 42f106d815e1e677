"""One Arcs game at the table: the real state, who controls each seat, and the bots.

The table scene asks :meth:`ArcsSession.due` each frame; a computer seat's choice is made
here after a short visible pause (a bot takes a few milliseconds, so it runs on the UI
thread).  Humans choose among :func:`legal_actions` only: :meth:`choose` refuses
anything else.  The crash handler reads :meth:`crash_info` (seed, configuration, log).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import NOBODY, OVER, Action, GameConfig, State
from game.arcs.engine.view import player_view

HUMAN = "human"
BOT_LEVELS = ("random", "greedy", "normal")
BOT_DELAY = 0.45  # seconds a computer seat "thinks" before its action shows


@dataclass(frozen=True)
class ArcsSetup:
    seats: tuple[str, ...]  # HUMAN or a bot level, per seat
    names: tuple[str, ...]
    seed: int = 0


class ArcsSession:
    def __init__(self, setup: ArcsSetup, bot_delay: float = BOT_DELAY):
        self.setup = setup
        self.config = GameConfig(players=len(setup.seats), seed=setup.seed)
        self.state: State = new_game(load_arcs_rules(), self.config)
        self.bots = {i: make_player(kind, setup.seed * 10 + i)
                     for i, kind in enumerate(setup.seats) if kind != HUMAN}
        self.bot_delay = bot_delay
        self.wait = bot_delay
        self.last: tuple[int, Action] | None = None
        self.closed = False
        self.source: Path | None = None  # no save file (the crash handler asks)

    # ------------------------------------------------------------ queries

    @property
    def names(self) -> Sequence[str]:
        return self.setup.names

    @property
    def over(self) -> bool:
        return self.state.step == OVER

    @property
    def acting(self) -> int:
        return acting_seat(self.state)

    def is_human(self, seat: int) -> bool:
        return seat != NOBODY and self.setup.seats[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.setup.seats) if k == HUMAN]

    def view(self, seat: int) -> State:
        return player_view(self.state, seat)

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    # ------------------------------------------------------------ changes

    def choose(self, action: Action) -> None:
        """A human's choice: one of the legal actions of the acting seat."""
        if action not in legal_actions(self.state):
            raise ValueError(f"{action} is not legal now")
        self._apply(action)

    def _apply(self, action: Action) -> None:
        apply(self.state, action)
        self.last = (action.seat, action)
        self.wait = self.bot_delay

    def step_bots(self, dt: float) -> bool:
        """Let a computer seat act once its pause is over; True if one did."""
        if self.closed or self.over or self.is_human(self.acting):
            return False
        self.wait -= dt
        if self.wait > 0:
            return False
        seat = self.acting
        legal = legal_actions(self.state)
        action = self.bots[seat].choose(player_view(self.state, seat), legal)
        if action not in legal:
            raise RuntimeError(f"the {self.setup.seats[seat]} bot at seat {seat} chose "
                               f"{action}, not a legal action")
        self._apply(action)
        return True

    # ------------------------------------------------------------ the crash handler

    def close(self) -> None:
        self.closed = True

    def crash_info(self) -> dict[str, Any]:
        return {"game": "arcs", "config": asdict(self.config),
                "seats": list(self.setup.seats),
                "log": [a.to_json() for a in (self.state.log or [])]}

    def emergency_save(self) -> Path | None:
        return None  # Arcs has no saves yet; crash_info holds the replayable log
