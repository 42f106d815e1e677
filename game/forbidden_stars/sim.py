"""Play whole Forbidden Stars games between computer players: simulations and soaks.

Each player sees only its seat's :func:`~game.forbidden_stars.engine.view.player_view` and
the legal actions (the loop is the shared :mod:`game.sim_kit`).  Seat ``s`` is played by
the level ``seats[s]`` (all ``random`` when no seats are given); the setup draws the first
player and the factions, so over many seeds each seat starts equally often and plays
each faction.  Wins are counted per seat and per faction, a shared win counting for each
winner.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.forbidden_stars.ai.base import Player, make_player
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rules import acting_seat, apply_trusted, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, GameConfig, State
from game.forbidden_stars.engine.view import lazy_view
from game.sim_kit import DEFAULT_MAX_ACTIONS, Engine, IllegalChoice, game_seeds, run_games
from game.sim_kit import play as kit_play
from game.stats import results

# the loop checks every choice against the legal list it offered, so it applies trusted
ENGINE: Engine[State] = Engine(lambda s: s.step == OVER, acting_seat, legal_actions,
                               apply_trusted, lazy_view)
__all__ = ["DEFAULT_MAX_ACTIONS", "ENGINE", "IllegalChoice", "SimReport", "game_seeds",
           "play", "simulate"]


def play(state: State, players: Sequence[Player], max_actions: int = DEFAULT_MAX_ACTIONS,
         on_choice: Callable[[int, Any, float], None] | None = None) -> State:
    """Let ``players`` (one per seat) play ``state`` to its end or for ``max_actions``
    actions.  A choice outside the legal list raises :class:`IllegalChoice`."""
    return kit_play(ENGINE, state, players, max_actions, on_choice)


@dataclass
class SimReport:
    games: int = 0
    errors: int = 0
    draws: int = 0  # games cut off at max_actions
    wins: list[int] = field(default_factory=list)  # per seat
    faction_wins: dict[str, int] = field(default_factory=dict)
    faction_games: dict[str, int] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    objective_wins: int = 0  # ended by a seat collecting as many tokens as players
    seconds: float = 0.0
    error_seeds: list[int] = field(default_factory=list)

    def to_json(self, **extra: Any) -> dict[str, Any]:
        return {
            **extra,
            **results(self.games, self.errors, self.error_seeds, self.draws, self.wins),
            "faction_wins": dict(sorted(self.faction_wins.items())),
            "faction_games": dict(sorted(self.faction_games.items())),
            "objective_wins": self.objective_wins,
            "mean_rounds": round(sum(self.rounds) / len(self.rounds), 2) if self.rounds
            else 0.0,
            "mean_actions": round(sum(self.actions) / len(self.actions), 1) if self.actions
            else 0.0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }

    def record(self, state: State) -> None:
        """Count a finished (or cut off) game."""
        n = state.n
        self.rounds.append(state.round)
        self.actions.append(len(state.log) if state.log is not None else 0)
        for p in state.players:
            self.faction_games[p.faction] = self.faction_games.get(p.faction, 0) + 1
            self.faction_wins.setdefault(p.faction, 0)
        if state.step != OVER:
            self.draws += 1
            return
        for seat in state.winners:
            self.wins[seat] += 1
            self.faction_wins[state.faction(seat)] += 1
        self.objective_wins += any(state.players[s].objectives >= n for s in state.winners)


def simulate(rules: FSRules, players_n: int, games: int, seed: int,
             max_actions: int = DEFAULT_MAX_ACTIONS, quick_setup: bool = True,
             seats: Sequence[str] | None = None) -> SimReport:
    """Play ``games`` seeded games of ``players_n`` players, seat ``s`` played by the level
    ``seats[s]`` (default: all random; ``quick_setup`` False: the players build the
    board too).  A game that raises is counted in ``errors``, its seed and traceback
    printed to stderr; it never stops the run or goes unreported."""
    kinds = list(seats) if seats is not None else ["random"] * players_n
    if len(kinds) != players_n:
        raise ValueError(f"{players_n} players need {players_n} seats, not {len(kinds)}")
    for kind in kinds:
        make_player(kind, 0)  # an unknown level fails here, not in every game
    report = SimReport(wins=[0] * players_n)

    def one(i: int, game_seed: int) -> State:
        players = [make_player(kinds[s], game_seed + s) for s in range(players_n)]
        config = GameConfig(players_n, game_seed, quick_setup=quick_setup)
        return play(new_game(rules, config), players, max_actions)

    def failed(i: int, game_seed: int) -> None:
        report.errors += 1
        report.error_seeds.append(game_seed)

    seeds = game_seeds(seed, games)
    report.games = len(seeds)
    start = time.perf_counter()
    run_games(seeds, one, lambda i, s: f"seed {s}, players {players_n}, seats {kinds}",
              lambda i, s, state: report.record(state), failed)
    report.seconds = time.perf_counter() - start
    return report
