"""Arcs AI strength and speed: seat-alternating matches between two bot levels.

Plays ``--games`` seeded games of ``--players`` players (default 2: ``hard`` against
``normal``); in game ``i`` the listed level ``i % n`` takes seat 0 (the initiative) and
the others follow, as :func:`game.arcs.sim.simulate` seats them, so each level starts
equally often.  Every choice is checked legal (:func:`game.arcs.sim.play`).  Each
player's thinking is timed around its ``choose`` call: per decision (mean, p95, max)
and per turn (the decisions a seat takes before another seat acts: p95, max).
Progress goes to stderr one line per game; at the end it prints what it measured, a
table and one JSON line (games, errors, wins per level with 95% Wilson intervals,
timings, games/s).  ``--worlds`` / ``--budget`` / ``--candidates`` / ``--act-margin``
/ ``--act-candidates`` override the hard bot's search settings for tuning.  The issue's
run: ``--games 200`` (about 40 minutes on a busy 2-core machine).

    python bench/arcs_ai.py [--games 200] [--levels hard,normal] [--players 2]
                            [--seed 1] [--worlds W] [--budget N] [--candidates C]
                            [--act-margin M] [--act-candidates A]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arcs.ai.base import Player, make_player
from game.arcs.ai.search import HardBot
from game.arcs.data import load_arcs_rules
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import Action, GameConfig, State
from game.arcs.sim import game_seeds, play
from game.stats import results


class Clock:
    """Times every decision of every level; a turn is the run of decisions one seat
    takes before another seat's decision."""

    def __init__(self, levels: list[str]) -> None:
        self.decisions: dict[str, list[float]] = {k: [] for k in levels}
        self.turns: dict[str, list[float]] = {k: [] for k in levels}
        self._current: tuple[int, str] | None = None  # (seat, level) of the open turn
        self._turn = 0.0

    def close(self) -> None:
        if self._current is not None:
            self.turns[self._current[1]].append(self._turn)
        self._current, self._turn = None, 0.0

    def record(self, seat: int, level: str, seconds: float) -> None:
        if self._current != (seat, level):
            self.close()
            self._current = (seat, level)
        self._turn += seconds
        self.decisions[level].append(seconds)


class Timed:
    """A player whose every choice is timed on ``clock``."""

    def __init__(self, player: Player, level: str, seat: int, clock: Clock) -> None:
        self.player, self.level, self.seat, self.clock = player, level, seat, clock
        self.name = player.name

    def choose(self, view: State, legal: list[Action]) -> Action:
        start = time.perf_counter()
        action = self.player.choose(view, legal)
        self.clock.record(self.seat, self.level, time.perf_counter() - start)
        return action


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


def build(level: str, seed: int, args: argparse.Namespace) -> Player:
    if level == "hard" and (args.worlds or args.budget or args.candidates
                            or args.act_margin or args.act_candidates):
        defaults = HardBot(seed)
        return HardBot(seed, worlds=args.worlds or defaults.worlds,
                       candidates=args.candidates or defaults.candidates,
                       budget=args.budget or defaults.budget,
                       act_margin=args.act_margin or defaults.act_margin,
                       act_candidates=args.act_candidates or defaults.act_candidates)
    return make_player(level, seed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--levels", default="hard,normal",
                    help="one level per seat, comma-separated (2 to 4)")
    ap.add_argument("--players", type=int, default=0, help="default: one per level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=0, help="hard: determinizations")
    ap.add_argument("--budget", type=int, default=0, help="hard: rollout decisions")
    ap.add_argument("--candidates", type=int, default=0, help="hard: card plays searched")
    ap.add_argument("--act-margin", type=float, default=0.0,
                    help="hard: map actions this close to the best are searched")
    ap.add_argument("--act-candidates", type=int, default=0,
                    help="hard: map actions searched at most")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    n = args.players or len(levels)
    if len(levels) != n or n not in (2, 3, 4):
        ap.error(f"--levels must name 2, 3 or 4 levels, one per player ({n})")
    for level in set(levels):
        make_player(level, 0)  # an unknown level fails here, before any game
    rules = load_arcs_rules()
    clock = Clock(levels)
    wins = [0] * n
    errors: list[int] = []
    draws = 0
    start = time.perf_counter()
    for i, game_seed in enumerate(game_seeds(args.seed, args.games)):
        who = [(i % n + s) % n for s in range(n)]  # seat s: listed player who[s]
        try:
            players = [Timed(build(levels[p], game_seed + p, args), f"{levels[p]}#{p}"
                             if levels.count(levels[p]) > 1 else levels[p], s, clock)
                       for s, p in enumerate(who)]
            for t in players:
                clock.decisions.setdefault(t.level, [])
                clock.turns.setdefault(t.level, [])
            state = play(new_game(rules, GameConfig(n, game_seed)), players)
            clock.close()
        except Exception:  # a crash is a result to report, never to hide
            errors.append(game_seed)
            print(f"error in game {i} (seed {game_seed})", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            clock.close()
            continue
        if state.winner is None:
            draws += 1
        else:
            wins[who[state.winner]] += 1
        print(f"game {i + 1}/{args.games}: seat 0 {levels[who[0]]}, winner "
              f"{levels[who[state.winner]] if state.winner is not None else '-'}, power "
              f"{[p.power for p in state.players]}, wins so far {wins}",
              file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    block = results(args.games, len(errors), errors, draws, wins)
    timing = {}
    for level, values in clock.decisions.items():
        if not values:
            continue
        turns = clock.turns[level]
        timing[level] = {
            "decisions": len(values), "mean_ms": ms(sum(values) / len(values)),
            "p95_ms": ms(percentile(values, 0.95)), "max_ms": ms(max(values)),
            "turns": len(turns), "turn_p95_ms": ms(percentile(turns, 0.95)),
            "turn_max_ms": ms(max(turns)) if turns else 0.0,
        }
    out = {"players": n, "levels": levels, "seed": args.seed, "seat_alternating": True,
           **block, "timing": timing, "seconds": round(seconds, 1),
           "games_per_second": round(args.games / seconds, 3) if seconds else 0.0}
    print(f"{args.games} games of {n} players, seat-alternating (level i % {n} holds the "
          f"initiative in game i), seed {args.seed}: {len(errors)} errors, {draws} draws, "
          f"{seconds:.0f} s, {out['games_per_second']} games/s")
    print("| level | wins | rate | 95% interval |")
    print("|---|---|---|---|")
    for k, level in enumerate(levels):
        lo, hi = block["wins_ci"][k]
        print(f"| {level} | {wins[k]} | {block['win_rates'][k]:.3f} | {lo:.3f}–{hi:.3f} |")
    print("| level | decisions | mean ms | p95 ms | max ms | turns | turn p95 ms | "
          "turn max ms |")
    print("|---|---|---|---|---|---|---|---|")
    for level, t in timing.items():
        print(f"| {level} | {t['decisions']} | {t['mean_ms']} | {t['p95_ms']} | "
              f"{t['max_ms']} | {t['turns']} | {t['turn_p95_ms']} | {t['turn_max_ms']} |")
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
