"""The interface every Arcs computer player implements, and the registry of levels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.arcs.engine.state import Action, State


class Player(Protocol):
    """Chooses one of ``legal`` given only ``view`` (its seat's player view).

    A player keeps its own seeded generator and nothing shared with other players.
    """

    name: str

    def choose(self, view: State, legal: list[Action]) -> Action: ...


LEVELS = ("random", "greedy", "normal", "hard")


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player by level name: ``random`` (uniform over the legal actions),
    ``greedy`` (the best immediate action by a fixed score per action, no look-ahead) or
    ``normal`` (the heuristic: card play by hand and board, every map action judged by
    the position it leaves, a resource spent only for the action it buys) or ``hard``
    (the heuristic, but every card play searched by heuristic rollouts over
    determinized futures of its view: game/arcs/ai/search.py)."""
    # lazy: a level's module (and the engine it simulates with) loads when it is asked for
    from game.arcs.ai.basic import GreedyBot, RandomBot
    from game.arcs.ai.heuristic import NormalBot
    from game.arcs.ai.search import HardBot

    players: dict[str, Callable[[int], Player]] = {
        "random": RandomBot, "greedy": GreedyBot, "normal": NormalBot, "hard": HardBot}
    try:
        factory = players[kind]
    except KeyError:
        raise ValueError(f"unknown Arcs player {kind!r} (known: {', '.join(players)})") \
            from None
    return factory(seed)

