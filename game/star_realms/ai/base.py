"""The interface every computer player implements, and the registry of levels."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.star_realms.engine.state import Action, State


class Player(Protocol):
    """Chooses one of ``legal`` given only ``view`` (its seat's player view).

    A player keeps no state shared with other players (each has its own seeded
    generator and caches), so several may run in different threads at once.
    """

    name: str

    def choose(self, view: State, legal: list[Action]) -> Action: ...


LEVELS = ("random", "greedy", "easy", "normal", "hard")


def make_player(kind: str, seed: int = 0, **options: Any) -> Player:
    """A computer player by level name: random, greedy, easy, normal or hard.

    ``options`` tune the search of ``hard`` (see :class:`game.star_realms.ai.search.HardPlayer`);
    ``hard@X`` is hard with its whole search budget scaled by X (``scale=X``), the ladder's
    rungs (bench/ai.py).
    """
    level, at, scale = kind.partition("@")
    if at:
        if level != "hard":
            raise ValueError(f"only hard takes a budget scale, not {kind!r}")
        kind, options = level, {**options, "scale": float(scale)}
    from game.star_realms.ai.basic import GreedyBot, RandomBot
    from game.star_realms.ai.heuristic import make_easy, make_normal
    from game.star_realms.ai.search import HardPlayer

    players: dict[str, Callable[..., Player]] = {
        "random": RandomBot, "greedy": GreedyBot, "easy": make_easy, "normal": make_normal,
        "hard": HardPlayer}
    try:
        factory = players[kind]
    except KeyError:
        raise ValueError(f"unknown player {kind!r} (known: {', '.join(players)})") from None
    return factory(seed, **options)
