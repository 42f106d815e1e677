"""Play whole Arcs games between computer players: simulations, soaks and benchmarks.

Each player sees only its seat's :func:`~game.arcs.engine.view.player_view` and the
legal actions.  The engine always gives seat 0 the initiative, so :func:`simulate`
rotates who sits there: in game ``i`` the player listed ``i % n`` takes seat 0 and the
others follow clockwise in list order, so each listed player starts equally often.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.arcs.ai.base import Player, make_player
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.rules import acting_seat, apply_trusted, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, GameConfig, State
from game.arcs.engine.view import lazy_view
from game.sim_kit import DEFAULT_MAX_ACTIONS, Engine, IllegalChoice, game_seeds, run_games
from game.sim_kit import play as kit_play
from game.stats import results

# The loop checks every choice is in the legal list before applying it, so the engine
# need not check it again (rules.apply's trusted path); and each player decides before
# the game moves on, so its view is built only if it reads it (view.lazy_view).
ENGINE: Engine[State] = Engine(lambda s: s.step == OVER, acting_seat, legal_actions,
                               apply_trusted, lazy_view)
__all__ = ["DEFAULT_MAX_ACTIONS", "IllegalChoice", "SimReport", "game_seeds", "play",
           "simulate"]


def play(state: State, players: Sequence[Player],
         max_actions: int = DEFAULT_MAX_ACTIONS) -> State:
    """Let ``players`` (one per seat) play ``state`` to its end or for ``max_actions``
    actions.  A choice outside the legal list raises :class:`IllegalChoice`."""
    return kit_play(ENGINE, state, players, max_actions)


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

    def who(i: int) -> list[int]:  # seat s is played by the listed player (first + s) % n
        return [(i % players_n + s) % players_n for s in range(players_n)]

    def one(i: int, game_seed: int) -> State:
        players = [make_player(seats[p], game_seed + p) for p in who(i)]
        return play(new_game(rules, GameConfig(players_n, game_seed, leaders=leaders)),
                    players, max_actions)

    def describe(i: int, game_seed: int) -> str:
        return (f"seed {game_seed}, players {players_n}, seats "
                f"{[seats[p] for p in who(i)]}")

    def finished(i: int, game_seed: int, state: State) -> None:
        report.chapters.append(state.chapter)
        report.actions.append(len(state.log) if state.log is not None else 0)
        if state.winner is None:
            report.draws += 1
        else:
            report.wins[who(i)[state.winner]] += 1
            report.initiative_wins += state.winner == 0

    def failed(i: int, game_seed: int) -> None:
        report.errors += 1
        report.error_seeds.append(game_seed)

    seeds = game_seeds(seed, games)
    report.games = len(seeds)
    start = time.perf_counter()
    run_games(seeds, one, describe, finished, failed)
    report.seconds = time.perf_counter() - start
    return report
