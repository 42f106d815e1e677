"""One Arcs game at the table (game.ui.table_session.TableSession): the real state,
who controls each seat, the bots (``hard`` thinks in a worker thread), undo to the last
reveal (game.arcs.engine.undo) and saving (game.arcs.saves: an autosave after every
completed turn, a manual save from the pause overlay, :meth:`ArcsSession.from_save` to
sit down at a saved game).  The crash handler reads :meth:`crash_info` (seed,
configuration, log) and calls ``emergency_save``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, apply_trusted, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, RANDOM_FIRST, GameConfig, State
from game.arcs.engine.undo import previous, refusal, turn_ended
from game.arcs.engine.view import player_view
from game.arcs.saves import Seats, load_game, save_game
from game.arcs.ui.log_text import ArcsTeller
from game.arcs.ui.phone import phone_words
from game.ui.log_panel import MoveLog
from game.ui.table_session import (
    BOT_DELAY,
    CLOSE_WAIT,
    HUMAN,
    PUBLIC,
    REMOTE,
    SessionEngine,
    TableSession,
    make_bots,
)

__all__ = [
    "BOT_DELAY",
    "BOT_LEVELS",
    "CLOSE_WAIT",
    "HUMAN",
    "RANDOM_FIRST",
    "REMOTE",
    "THREADED",
    "ArcsSession",
    "ArcsSetup",
]

BOT_LEVELS = ("random", "greedy", "normal", "hard")
THREADED = frozenset({"hard"})  # levels that choose in a worker thread


@dataclass(frozen=True)
class ArcsSetup:
    seats: tuple[str, ...]  # HUMAN or a bot level, per seat
    names: tuple[str, ...]
    seed: int = 0
    setup_card: str = ""  # "": drawn by the seed
    leaders: bool = False
    first: int = 0  # the seat given the initiative, or RANDOM_FIRST (the setup's default)


class ArcsSession(TableSession):
    # trusted: TableSession applies only actions it took from the legal list itself
    # (a human's choice and a bot's are checked against it, a phone's is looked up in it)
    engine = SessionEngine(legal_actions, apply_trusted, player_view, acting_seat,
                           lambda state: state.step == OVER, previous, refusal, turn_ended,
                           lambda state: [] if state.winner is None else [state.winner])
    threaded = THREADED
    game_id = "arcs"
    thread_name = "arcs-bot"

    def __init__(self, setup: ArcsSetup, bot_delay: float = BOT_DELAY,
                 state: State | None = None, autosave: bool = True):
        """A new game from ``setup``, or the given ``state`` (a loaded save's)."""
        self.config = GameConfig(players=len(setup.seats), seed=setup.seed,
                                 setup_card=setup.setup_card, leaders=setup.leaders,
                                 first=setup.first)
        state = state if state is not None else new_game(load_arcs_rules(), self.config)
        bots = make_bots(setup.seats, setup.seed, make_player)
        super().__init__(setup, state, bots, bot_delay, autosave)
        self.state: State

    @classmethod
    def from_save(cls, path: Path, bot_delay: float = BOT_DELAY) -> ArcsSession:
        """Sit down at a saved game (game.arcs.saves.SaveError when it cannot be)."""
        loaded = load_game(path)
        cfg = loaded.state.config
        setup = ArcsSetup(loaded.seats.controllers, loaded.seats.names, cfg.seed,
                          cfg.setup_card, cfg.leaders, cfg.first)
        session = cls(setup, bot_delay, state=loaded.state)
        session.sat_down(path, loaded.uid)
        return session

    def view_before(self, seat: int) -> State:
        """``seat``'s view (as :meth:`view`) of the game before its last action, which the
        words of that action are read from: a secure's or ransack's court card is still
        in its slot there (kept from applying it; replayed once after a load or undo)."""
        before = self._previous() if self.state.log else self.state
        return player_view(before, PUBLIC if self.is_remote(seat) else seat)

    @property
    def seats(self) -> Seats:
        return Seats(tuple(self.setup.names), tuple(self.setup.seats))

    def save(self, kind: str = "manual") -> Path:
        """Write a save of this kind (OSError when the folder takes no file)."""
        return save_game(self.state, self.seats, kind, uid=self.uid)

    def crash_info(self) -> dict[str, Any]:
        return {"game": "arcs", "config": asdict(self.config),
                "seats": list(self.setup.seats), "names": list(self.setup.names),
                "source": str(self.source) if self.source else None,
                "log": [a.to_json() for a in (self.state.log or [])]}

    def phone_words(self, view: State, seat: int, acting: int, legal: list, ids: list[str],
                    recent: list, lang: str) -> dict[str, Any]:
        # ``recent``: move-log lines, worded from the views before each action (a
        # secured court card is named as it was, not by its slot's replacement)
        return phone_words(view, seat, acting, self.setup.names, legal, ids, recent, lang)

    def new_move_log(self) -> MoveLog:
        rules, config = self.state.rules, self.state.config
        return MoveLog(lambda: new_game(rules, config), apply,
                       lambda: ArcsTeller(self.setup.names))
