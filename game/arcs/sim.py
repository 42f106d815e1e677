"""Play whole Arcs games between computer players: simulations, soaks and benchmarks.

Each player sees only its seat's :func:`~game.arcs.engine.view.player_view` and the
legal actions.  The engine always gives seat 0 the initiative, so :func:`simulate`
rotates who sits there: in game ``i`` the player listed ``i % n`` takes seat 0 and the
others follow clockwise in list order, so each listed player starts equally often.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.arcs.ai.base import Player, make_player
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, GameConfig, State
from game.arcs.engine.view import player_view
from game.stats import results

DEFAULT_MAX_ACTIONS = 20_000  # far above a real game (a few hundred actions)


class IllegalChoice(AssertionError):
    """A player chose an action that is not legal."""


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
    wins: list[int] = field(default_factory=list)  # per listed player (--seats order)
    initiative_wins: int = 0  # won by whoever started with the initiative (seat 0)
    chapters: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    seconds: float = 0.0
    error_seeds: list[int] = field(default_factory=list)

    def to_json(self, **extra: Any) -> dict[str, Any]:
        return {
            **extra,
            **results(self.games, self.errors, self.error_seeds, self.draws, self.wins),
            "initiative_wins": self.initiative_wins,
            "mean_chapters": round(sum(self.chapters) / len(self.chapters), 2)
            if self.chapters else 0.0,
            "mean_actions": round(sum(self.actions) / len(self.actions), 1)
            if self.actions else 0.0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }


def simulate(rules: ArcsRules, players_n: int, seats: Sequence[str], games: int, seed: int,
             max_actions: int = DEFAULT_MAX_ACTIONS, leaders: bool = False) -> SimReport:
    """Play ``games`` seeded games of ``players_n`` players named by ``seats`` (levels).

    ``leaders``: Leaders & Lore games (the draft first).  A game that raises is counted
    in ``errors``, its seed and traceback printed to stderr; it never stops the run or
    goes unreported.
    """
    if len(seats) != players_n:
        raise ValueError(f"{players_n} players need {players_n} seats, not {len(seats)}")
    report = SimReport(wins=[0] * players_n)
    start = time.perf_counter()
    for i, game_seed in enumerate(game_seeds(seed, games)):
        first = i % players_n
        # seat s is played by the listed player (first + s) % n
        who = [(first + s) % players_n for s in range(players_n)]
        report.games += 1
        try:
            players = [make_player(seats[p], game_seed + p) for p in who]
            state = play(new_game(rules, GameConfig(players_n, game_seed, leaders=leaders)),
                         players, max_actions)
        except Exception:  # a crash is a result to report, never to hide
            report.errors += 1
            report.error_seeds.append(game_seed)
            print(f"error in game {i} (seed {game_seed}, players {players_n}, seats "
                  f"{[seats[p] for p in who]}):", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        report.chapters.append(state.chapter)
        report.actions.append(len(state.log) if state.log is not None else 0)
        if state.winner is None:
            report.draws += 1
        else:
            report.wins[who[state.winner]] += 1
            report.initiative_wins += state.winner == 0
    report.seconds = time.perf_counter() - start
    return report
