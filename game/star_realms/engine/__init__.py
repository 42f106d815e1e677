"""The pure rules engine: no pygame, no I/O, deterministic given the seed.

Typical use::

    state = new_game(db, GameConfig(sets=("frontiers",), seed=7))
    while not state.is_over:
        action = choose(legal_actions(state))
        apply(state, action)
"""

from game.star_realms.engine import (
    crisis_ops,  # noqa: F401  (registers the Crisis ops)
    event_ops,  # noqa: F401  (registers the Crisis events' ops)
    gambit_ops,  # noqa: F401  (registers the Gambit set's ops)
    mission_ops,  # noqa: F401  (registers the mission rewards' ops)
)
from game.star_realms.engine.cards import CardDB, CardDef, CardSet
from game.star_realms.engine.modes import FORMATS, Format, get_format
from game.star_realms.engine.rules import IllegalAction, acting_seat, apply, is_legal, legal_actions
from game.star_realms.engine.setup import SetupError, new_game, replay
from game.star_realms.engine.state import (
    EMPTY,
    HIDDEN,
    Action,
    Decision,
    GameConfig,
    Seat,
    SeatConfig,
    State,
)
from game.star_realms.engine.view import player_view


def winners(state: State) -> tuple[int, ...] | None:
    """The winning seats once the game is over, else None (the shell's game interface)."""
    return state.winners


__all__ = [
    "EMPTY", "FORMATS", "HIDDEN", "Action", "CardDB", "CardDef", "CardSet", "Decision",
    "Format", "GameConfig", "IllegalAction", "Seat", "SeatConfig", "SetupError", "State",
    "acting_seat", "apply", "get_format", "is_legal", "legal_actions", "new_game",
    "player_view", "replay", "winners",
]
