"""One Forbidden Stars game at the table (game.ui.table_session.TableSession): the
real state, who controls each seat and plays which faction, the bots (``hard`` thinks in
a worker thread), undo to the last reveal (game.forbidden_stars.engine.undo) and saving
(game.forbidden_stars.saves: an autosave after every completed turn, a manual save from
the pause overlay, :meth:`FsSession.from_save` to sit down at a saved game).  The crash
handler reads :meth:`crash_info` (seed, configuration, log) and calls ``emergency_save``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, apply_trusted, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, RANDOM_FIRST, GameConfig, State
from game.forbidden_stars.engine.undo import previous, refusal, turn_ended
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.saves import Seats, load_game, save_game
from game.forbidden_stars.ui.combat_result import CombatResults
from game.forbidden_stars.ui.log_text import FsTeller
from game.forbidden_stars.ui.phone import phone_words
from game.ui.log_panel import MoveLog
from game.ui.table_session import (
    BOT_DELAY,
    CLOSE_WAIT,
    HUMAN,
    REMOTE,
    SessionEngine,
    TableSession,
    make_bots,
)

__all__ = [
    "BOT_DELAY",
    "CLOSE_WAIT",
    "HUMAN",
    "RANDOM_FACTION",
    "RANDOM_FIRST",
    "REMOTE",
    "THREADED",
    "FsSession",
    "FsSetup",
    "resolve_factions",
]

RANDOM_FACTION = ""  # a seat's faction drawn by the seed
THREADED = frozenset({"hard"})  # levels that choose in a worker thread


def resolve_factions(chosen: Sequence[str], seed: int, known: Sequence[str]) -> tuple[str, ...]:
    """Every seat's faction: the chosen ones kept, each :data:`RANDOM_FACTION` drawn by
    the seed from the factions nobody chose (ValueError on a duplicate or unknown one)."""
    picked = [f for f in chosen if f != RANDOM_FACTION]
    if len(set(picked)) != len(picked) or not set(picked) <= set(known):
        raise ValueError(f"factions must be different known factions, not {list(chosen)}")
    pool = sorted(set(known) - set(picked))
    Rng(seed ^ 0x5EA7).shuffle(pool)
    out = []
    for f in chosen:
        out.append(f if f != RANDOM_FACTION else pool.pop())
    return tuple(out)


@dataclass(frozen=True)
class FsSetup:
    seats: tuple[str, ...]  # HUMAN or a bot level (game.forbidden_stars.ai.base.LEVELS)
    names: tuple[str, ...]
    factions: tuple[str, ...] = ()  # by seat; RANDOM_FACTION or () draws by the seed
    seed: int = 0
    quick_setup: bool = True  # False: the players build the board (RB p.16)
    first: int = RANDOM_FIRST  # the first player's seat; RANDOM_FIRST: drawn by the seed

    def config(self, rules: FSRules) -> GameConfig:
        """The engine's configuration, every random faction drawn."""
        chosen = self.factions or (RANDOM_FACTION,) * len(self.seats)
        if len(chosen) != len(self.seats):
            raise ValueError("one faction (or random) per seat")
        factions = resolve_factions(chosen, self.seed, sorted(rules.factions))
        return GameConfig(players=len(self.seats), seed=self.seed, factions=factions,
                          quick_setup=self.quick_setup, first=self.first)


class FsSession(TableSession):
    # trusted: the shared session applies only actions it found in its legal list
    engine = SessionEngine(legal_actions, apply_trusted, player_view, acting_seat,
                           lambda state: state.step == OVER, previous, refusal, turn_ended,
                           lambda state: list(state.winners))
    threaded = THREADED
    game_id = "forbidden_stars"
    thread_name = "fs-bot"

    def __init__(self, setup: FsSetup, bot_delay: float = BOT_DELAY,
                 state: State | None = None, autosave: bool = True):
        """A new game from ``setup``, or the given ``state`` (a loaded save's)."""
        rules = state.rules if state is not None else load_fs_rules()
        self.config = state.config if state is not None else setup.config(rules)
        # the setup as played: every faction known
        played = FsSetup(setup.seats, setup.names, self.config.factions, setup.seed,
                         setup.quick_setup, self.config.first)
        state = state if state is not None else new_game(rules, self.config)
        bots = make_bots(setup.seats, setup.seed, make_player)
        super().__init__(played, state, bots, bot_delay, autosave)
        self.state: State
        self.combats = CombatResults()  # what each combat came to, for the table to show
        self.combats.sit_down(self.state)

    def _apply(self, action: Any) -> None:
        super()._apply(action)
        self.combats.see(self.state.events)  # this action's events only: fed each time

    def undo(self) -> bool:
        done = super().undo()
        if done:
            self.combats.sit_down(self.state)
        return done

    @classmethod
    def from_save(cls, path: Path, bot_delay: float = BOT_DELAY) -> FsSession:
        """Sit down at a saved game (game.forbidden_stars.saves.SaveError when it
        cannot be)."""
        loaded = load_game(path)
        cfg = loaded.state.config
        setup = FsSetup(loaded.seats.controllers, loaded.seats.names, cfg.factions,
                        cfg.seed, cfg.quick_setup, cfg.first)
        session = cls(setup, bot_delay, state=loaded.state)
        session.sat_down(path, loaded.uid)
        return session

    @property
    def seats(self) -> Seats:
        return Seats(tuple(self.setup.names), tuple(self.setup.seats))

    def save(self, kind: str = "manual") -> Path:
        """Write a save of this kind (OSError when the folder takes no file)."""
        return save_game(self.state, self.seats, kind, uid=self.uid)

    def crash_info(self) -> dict[str, Any]:
        config = asdict(self.config)
        config["factions"] = list(self.config.factions)
        return {"game": "forbidden_stars", "config": config,
                "seats": list(self.setup.seats), "names": list(self.setup.names),
                "source": str(self.source) if self.source else None,
                "log": [a.to_json() for a in (self.state.log or [])]}

    def phone_words(self, view: State, seat: int, acting: int, legal: list, ids: list[str],
                    recent: list, lang: str) -> dict[str, Any]:
        return phone_words(view, seat, acting, self.setup.names, legal, ids, recent, lang)

    def new_move_log(self) -> MoveLog:
        rules, config = self.state.rules, self.state.config
        return MoveLog(lambda: new_game(rules, config), apply,
                       lambda: FsTeller(self.setup.names))
