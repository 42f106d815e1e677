"""The interface every computer player implements."""

from __future__ import annotations

from typing import Protocol

from game.engine.state import Action, State


class Player(Protocol):
    """Chooses one of ``legal`` given only ``view`` (its seat's player view)."""

    name: str

    def choose(self, view: State, legal: list[Action]) -> Action: ...


def make_player(kind: str, seed: int = 0) -> Player:
    """A computer player by level name: random, greedy (and later easy, normal, hard)."""
    from game.ai.basic import GreedyBot, RandomBot

    players = {"random": RandomBot, "greedy": GreedyBot}
    try:
        return players[kind](seed)
    except KeyError:
        raise ValueError(f"unknown player {kind!r} (known: {', '.join(players)})") from None
