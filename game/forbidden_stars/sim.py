"""Play whole Forbidden Stars games between computer players: simulations and soaks.

Each player sees only its seat's :func:`~game.forbidden_stars.engine.view.player_view` and
the legal actions.  The setup draws the first player, so seats start equally often over
many seeds.  In this slice the only player is :class:`RandomPlayer` (a uniform pick among
the legal actions); wins are counted per seat, a shared win counting for each winner.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.stats import results

DEFAULT_MAX_ACTIONS = 20_000  # far above a real game (a few hundred actions)


class IllegalChoice(AssertionError):
    """A player chose an action that is not legal."""


class Player(Protocol):
    name: str

    def choose(self, view: State, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of ``games`` games of a seeded run."""
    rng = Rng(seed)
    return [rng.next_u64() >> 1 for _ in range(games)]


def play(state: State, players: Sequence[Player],
         max_actions: int = DEFAULT_MAX_ACTIONS) -> State:
    """Let ``players`` (one per seat) play ``state`` to its end or for ``max_actions``
    actions.  A choice outside the legal list raises :class:`IllegalChoice`."""
    actions = 0
    while state.step != OVER and actions < max_actions:
        seat = acting_seat(state)
        legal = legal_actions(state)
        action = players[seat].choose(player_view(state, seat), legal)
        if action not in legal:
            raise IllegalChoice(f"{players[seat].name} at seat {seat} chose {action}, "
                                f"not one of {len(legal)} legal actions")
        apply(state, action)
        actions += 1
    return state


@dataclass
class SimReport:
    games: int = 0
    errors: int = 0
    draws: int = 0  # games cut off at max_actions
    wins: list[int] = field(default_factory=list)  # per seat
    rounds: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    objective_wins: int = 0  # ended by a seat collecting as many tokens as players
    seconds: float = 0.0
    error_seeds: list[int] = field(default_factory=list)

    def to_json(self, **extra: Any) -> dict[str, Any]:
        return {
            **extra,
            **results(self.games, self.errors, self.error_seeds, self.draws, self.wins),
            "objective_wins": self.objective_wins,
            "mean_rounds": round(sum(self.rounds) / len(self.rounds), 2) if self.rounds
            else 0.0,
            "mean_actions": round(sum(self.actions) / len(self.actions), 1) if self.actions
            else 0.0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }


def simulate(rules: FSRules, players_n: int, games: int, seed: int,
             max_actions: int = DEFAULT_MAX_ACTIONS, quick_setup: bool = True) -> SimReport:
    """Play ``games`` seeded games of ``players_n`` random players (``quick_setup``
    False: the players build the board too).  A game that raises is counted in
    ``errors``, its seed and traceback printed to stderr; it never stops the run or goes
    unreported."""
    report = SimReport(wins=[0] * players_n)
    start = time.perf_counter()
    for i, game_seed in enumerate(game_seeds(seed, games)):
        report.games += 1
        try:
            players = [RandomPlayer(game_seed + s) for s in range(players_n)]
            config = GameConfig(players_n, game_seed, quick_setup=quick_setup)
            state = play(new_game(rules, config), players, max_actions)
        except Exception:  # a crash is a result to report, never to hide
            report.errors += 1
            report.error_seeds.append(game_seed)
            print(f"error in game {i} (seed {game_seed}, players {players_n}):",
                  file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        report.rounds.append(state.round)
        report.actions.append(len(state.log) if state.log is not None else 0)
        if state.step != OVER:
            report.draws += 1
            continue
        for seat in state.winners:
            report.wins[seat] += 1
        report.objective_wins += any(state.players[s].objectives >= players_n
                                     for s in state.winners)
    report.seconds = time.perf_counter() - start
    return report
