"""The interface every Forbidden Stars computer player implements, and the registry of
levels."""

from __future__ import annotations

from typing import Protocol

from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.state import Action, State


class Player(Protocol):
    """Chooses one of ``legal`` given only ``view`` (its seat's player view).

    A player keeps its own seeded generator and nothing shared with other players.
    """

    name: str

    def choose(self, view: State, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


LEVELS = ("random", "greedy", "normal", "hard")


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player by level name: ``random`` (uniform over the legal actions),
    ``greedy`` (a fixed score per action, no look-ahead: basic.py), ``normal`` (the
    rule-following heuristic: heuristic.py) or ``hard`` (the heuristic, its order
    placements and combat cards searched by rollouts over determinized worlds of its
    view: search.py); ``hard@X`` is ``hard`` with every count of its budget times X."""
    # lazy: a level's module loads when it is asked for
    from game.forbidden_stars.ai.basic import GreedyBot
    from game.forbidden_stars.ai.heuristic import NormalBot
    from game.forbidden_stars.ai.search import HardBot

    players: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyBot,
                                "normal": NormalBot, "hard": HardBot}
    if kind.startswith("hard@"):  # hard with its whole budget scaled: hard@4, hard@0.25
        try:
            return HardBot(seed, scale=float(kind[5:]))
        except ValueError:
            raise ValueError(f"bad Forbidden Stars level {kind!r} (hard@X needs a "
                             f"positive number X)") from None
    try:
        factory = players[kind]
    except KeyError:
        raise ValueError(f"unknown Forbidden Stars player {kind!r} "
                         f"(known: {', '.join(players)})") from None
    return factory(seed)
