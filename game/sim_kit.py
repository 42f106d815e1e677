"""The game-agnostic part of a bot run, shared by the games' ``sim`` modules: the seeds of
a seeded run, the loop that lets players choose from their own views until a game ends,
and running many games with every crash counted and reported, never hidden.

A game hands in its own functions (``acting_seat``, ``legal_actions``, ``apply``,
``player_view`` and when it is over); this module imports no game package and no pygame.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from game.seeded_rng import Rng

S = TypeVar("S")
R = TypeVar("R")
DEFAULT_MAX_ACTIONS = 20_000  # far above a real game of any of the games


class IllegalChoice(AssertionError):
    """A player chose an action that is not legal."""


class Chooser(Protocol):
    name: str

    def choose(self, view: Any, legal: list[Any]) -> Any: ...


@dataclass(frozen=True)
class Engine(Generic[S]):
    """What the loop needs of a game's rules engine."""

    over: Callable[[S], bool]
    acting_seat: Callable[[S], int]
    legal_actions: Callable[[S], list[Any]]
    apply: Callable[[S, Any], None]
    player_view: Callable[[S, int], S]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of ``games`` games of a seeded run."""
    rng = Rng(seed)
    return [rng.next_u64() >> 1 for _ in range(games)]


def play(engine: Engine[S], state: S, players: Sequence[Chooser],
         max_actions: int = DEFAULT_MAX_ACTIONS,
         on_choice: Callable[[int, Any, float], None] | None = None) -> S:
    """Let ``players`` (one per seat) play ``state`` to its end or for ``max_actions``
    actions, each seeing only its seat's view.  A choice outside the legal list raises
    :class:`IllegalChoice`.  ``on_choice(seat, view, seconds)`` hears each decision's
    time (benchmarks), called only when given."""
    actions = 0
    while not engine.over(state) and actions < max_actions:
        seat = engine.acting_seat(state)
        legal = engine.legal_actions(state)
        view = engine.player_view(state, seat)
        if on_choice is None:
            action = players[seat].choose(view, legal)
        else:
            start = time.perf_counter()
            action = players[seat].choose(view, legal)
            on_choice(seat, view, time.perf_counter() - start)
        if action not in legal:
            raise IllegalChoice(f"{players[seat].name} at seat {seat} chose {action}, "
                                f"not one of {len(legal)} legal actions")
        engine.apply(state, action)
        actions += 1
    return state


def run_games(seeds: Sequence[int], one: Callable[[int, int], R],
              describe: Callable[[int, int], str],
              on_result: Callable[[int, int, R], None],
              on_error: Callable[[int, int], None]) -> None:
    """Play ``one(i, seed)`` for each seed; its result goes to ``on_result(i, seed,
    result)``.  A game that raises goes to ``on_error(i, seed)`` after its description
    (``describe(i, seed)``) and traceback are printed to stderr: it never stops the run
    or goes unreported."""
    for i, seed in enumerate(seeds):
        try:
            result = one(i, seed)
        except Exception:  # a crash is a result to report, never to hide
            on_error(i, seed)
            print(f"error in game {i} ({describe(i, seed)}):", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        on_result(i, seed, result)
