"""One Arcs game at the table: the real state, who controls each seat, and the bots.

The table scene asks :meth:`ArcsSession.due` each frame; a computer seat's choice is made
here after a short visible pause (a bot takes a few milliseconds, so it runs on the UI
thread).  Humans choose among :func:`legal_actions` only: :meth:`choose` refuses
anything else.  The crash handler reads :meth:`crash_info` (seed, configuration, log)
and calls :meth:`emergency_save`.

Saving (game.arcs.saves): an autosave after every completed turn (the acting seat
changed, a new turn or round began, or the game ended), a manual save from the pause
overlay, :meth:`ArcsSession.from_save` to sit down at a saved game.  Undo
(game.arcs.engine.undo): a human takes back their own actions of the current turn, back
to the last reveal.
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
from game.arcs.engine.undo import previous, refusal, turn_ended
from game.arcs.engine.view import player_view
from game.arcs.saves import Seats, load_game, save_game

HUMAN = "human"
BOT_LEVELS = ("random", "greedy", "normal")
BOT_DELAY = 0.45  # seconds a computer seat "thinks" before its action shows


@dataclass(frozen=True)
class ArcsSetup:
    seats: tuple[str, ...]  # HUMAN or a bot level, per seat
    names: tuple[str, ...]
    seed: int = 0
    setup_card: str = ""  # "": drawn by the seed
    leaders: bool = False


class ArcsSession:
    def __init__(self, setup: ArcsSetup, bot_delay: float = BOT_DELAY,
                 state: State | None = None, autosave: bool = True):
        """A new game from ``setup``, or the given ``state`` (a loaded save's)."""
        self.setup = setup
        self.config = GameConfig(players=len(setup.seats), seed=setup.seed,
                                 setup_card=setup.setup_card, leaders=setup.leaders)
        self.state: State = state if state is not None else new_game(load_arcs_rules(),
                                                                      self.config)
        self.bots = {i: make_player(kind, setup.seed * 10 + i)
                     for i, kind in enumerate(setup.seats) if kind != HUMAN}
        self.bot_delay = bot_delay
        self.wait = bot_delay
        self.last: tuple[int, Action] | None = None
        self.closed = False
        self.source: Path | None = None  # the save this game was opened from, if any
        self.autosaves = autosave
        self.save_error = ""  # why the last save failed ("" when it did not)
        # the game before its last action, while it is known (log length, state)
        self._before: tuple[int, State] | None = None

    @classmethod
    def from_save(cls, path: Path, bot_delay: float = BOT_DELAY) -> ArcsSession:
        """Sit down at a saved game (game.arcs.saves.SaveError when it cannot be)."""
        loaded = load_game(path)
        cfg = loaded.state.config
        setup = ArcsSetup(loaded.seats.controllers, loaded.seats.names, cfg.seed,
                          cfg.setup_card, cfg.leaders)
        session = cls(setup, bot_delay, state=loaded.state)
        session.source = Path(path)
        log = loaded.state.log or []
        session.last = (log[-1].seat, log[-1]) if log else None
        return session

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
        before = self.state.clone()  # a clone costs far less than a replay for undo
        apply(self.state, action)
        self._before = (len(self.state.log or ()), before)
        self.last = (action.seat, action)
        self.wait = self.bot_delay
        if self.autosaves and turn_ended(self.state, action.seat):
            self.autosave()

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

    # ------------------------------------------------------------ undo

    def _previous(self) -> State:
        """The game before its last action: kept from applying it, else replayed."""
        n = len(self.state.log or ())
        if self._before is None or self._before[0] != n:
            self._before = (n, previous(self.state))
        return self._before[1]

    def can_undo(self) -> bool:
        """The human whose turn it is may take back their last action: one of this turn
        that revealed nothing (game.arcs.engine.undo)."""
        log = self.state.log
        if self.closed or self.over or not log:
            return False
        seat = log[-1].seat
        if not self.is_human(seat) or turn_ended(self.state, seat):
            return False  # decided without replaying
        return refusal(self._previous(), self.state, seat) == ""

    def undo(self) -> bool:
        """Take back the last action if :meth:`can_undo`; True if it was."""
        if not self.can_undo():
            return False
        self.state = self._previous()
        self._before = None  # that state is the game now; the one before is not known
        log = self.state.log or []
        self.last = (log[-1].seat, log[-1]) if log else None
        self.wait = self.bot_delay
        return True

    # ------------------------------------------------------------ saving

    @property
    def seats(self) -> Seats:
        return Seats(tuple(self.setup.names), tuple(self.setup.seats))

    def save(self, kind: str = "manual") -> Path:
        """Write a save of this kind (OSError when the folder takes no file)."""
        return save_game(self.state, self.seats, kind)

    def autosave(self) -> str:
        """An autosave; returns "" or why it failed (never raises: play goes on)."""
        try:
            self.save("autosave")
        except OSError as exc:
            self.save_error = str(exc)
            return self.save_error
        self.save_error = ""
        return ""

    # ------------------------------------------------------------ the crash handler

    def close(self) -> None:
        self.closed = True

    def crash_info(self) -> dict[str, Any]:
        return {"game": "arcs", "config": asdict(self.config),
                "seats": list(self.setup.seats), "names": list(self.setup.names),
                "source": str(self.source) if self.source else None,
                "log": [a.to_json() for a in (self.state.log or [])]}

    def emergency_save(self) -> Path | None:
        """Save the game as it stands after a crash (an emergency save)."""
        return self.save("emergency")
