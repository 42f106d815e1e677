"""Play whole games between computer players: simulations, soaks and benchmarks."""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.star_realms.ai.base import Player, make_player
from game.star_realms.engine import invariants
from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.modes import get_format
from game.star_realms.engine.rng import game_seeds
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import Action, GameConfig, SeatConfig, State
from game.star_realms.engine.view import lazy_view
from game.stats import results

DEFAULT_MAX_TURNS = 1000


class InvariantBroken(AssertionError):
    pass


class BossPilot:
    """Drives an adventure's boss seat: the engine's only legal action there is the next
    step of the boss's turn, so there is nothing to decide (and :func:`play` builds it
    no player view)."""

    name = "boss"

    def choose(self, view: State | None, legal: list[Action]) -> Action:
        return legal[0]


def play(state: State, players: Sequence[Player], max_turns: int = DEFAULT_MAX_TURNS,
         check: bool = False, on_action: Callable[[State], None] | None = None,
         undo: bool = False) -> State:
    """Let ``players`` (one per seat) play ``state`` to the end or to ``max_turns``.
    Bots never take a move back, so by default no undo is kept (``apply(undo=False)``:
    every action is a floor); ``undo=True`` keeps it as a table does, for a game that
    is saved and may be loaded (loading replays the log and compares the undo floor)."""
    ledger = invariants.AbilityLedger() if check else None
    while state.winners is None and state.turn <= max_turns:
        seat = acting_seat(state)
        legal = legal_actions(state)
        player = players[seat]
        if isinstance(player, BossPilot):  # (it needs no view)
            action = player.choose(None, legal)
        else:
            action = player.choose(lazy_view(state, seat), legal)
        turn = state.turn
        apply(state, action, validate=action not in legal, undo=undo)
        if ledger is not None:
            problems = invariants.check(state) + ledger.observe(state, turn)
            if problems:
                raise InvariantBroken(f"after {action} on turn {turn}: " + "; ".join(problems))
        if on_action is not None:
            on_action(state)
    return state


@dataclass
class SimReport:
    games: int = 0
    errors: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=list)
    team_wins: dict[int, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    seconds: float = 0.0
    error_seeds: list[int] = field(default_factory=list)
    mission_wins: int = 0  # games won by completing three missions (United: Missions)

    def to_json(self, **extra: Any) -> dict[str, Any]:
        return {
            **extra,
            **results(self.games, self.errors, self.error_seeds, self.draws, self.wins),
            "team_wins": {str(t): n for t, n in sorted(self.team_wins.items())},
            "mean_turns": round(sum(self.turns) / len(self.turns), 2) if self.turns else 0.0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }


def simulate(db: CardDB, sets: Sequence[str], seats: Sequence[str], games: int, seed: int,
             fmt: str = "duel", max_turns: int = DEFAULT_MAX_TURNS,
             check: bool = False, difficulty: str | None = None,
             options: tuple[tuple[str, Any], ...] = ()) -> SimReport:
    """Play ``games`` seeded games; the first seat rotates so each seat starts equally often.

    With an adventure id as ``fmt`` the seats are the players and the boss is added.
    A game that raises is counted in ``errors`` and its seed printed to stderr with
    the traceback; it never stops the run or goes unreported.  ``options`` are the
    games' own options (``(("missions", True),)``: United: Missions).
    """
    adventure = fmt in db.adventures
    kinds = list(seats) + (["boss"] if adventure else [])
    n = len(kinds)
    options = ((("difficulty", difficulty or "veteran"),) if adventure else ()) + options
    teams = get_format(fmt, db, options).teams(n)
    report = SimReport(wins=[0] * n, team_wins=dict.fromkeys(teams, 0))
    start = time.perf_counter()
    players_n = len(seats)
    for i, game_seed in enumerate(game_seeds(seed, games)):
        config = GameConfig(
            sets=tuple(sets), seats=tuple(SeatConfig(f"{k} {j + 1}", k) for j, k in
                                          enumerate(kinds)),
            format=fmt, seed=game_seed, first=i % players_n, options=options)
        report.games += 1
        try:
            players = [BossPilot() if kind == "boss" else make_player(kind, game_seed + j)
                       for j, kind in enumerate(kinds)]
            state = play(new_game(db, config), players, max_turns, check)
        except Exception:  # a crash is a result to report, never to hide
            report.errors += 1
            report.error_seeds.append(game_seed)
            print(f"error in game {i} (seed {game_seed}, first seat {i % n}):",
                  file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        report.turns.append(state.turn)
        if not state.winners:
            report.draws += 1
        else:
            for w in state.winners:
                report.wins[w] += 1
            for team in {state.seats[w].team for w in state.winners}:
                report.team_wins[team] = report.team_wins.get(team, 0) + 1
            if any(len(state.seats[w].missions_done) >= 3 for w in state.winners):
                report.mission_wins += 1
    report.seconds = time.perf_counter() - start
    return report
