"""Arcs AI strength and speed: seat-alternating matches between two bot levels.

Plays ``--games`` seeded games of ``--players`` players (default 2: ``hard`` against
``normal``; ``hard@X`` is hard with every count of its search budget times X, the
ladder's level spec: ``--levels hard@0.25,hard``); in game ``i`` the listed level
``i % n`` takes seat 0 (the initiative) and the others follow, as
:func:`game.arcs.sim.simulate` seats them, so each level starts equally often.  Every
choice is checked legal (:func:`game.arcs.sim.play`).  Each player's thinking is timed
around its ``choose`` call: per decision (mean, p95, max) and per turn (the decisions a
seat takes before another seat acts: p95, max).
Progress goes to stderr one line per game; at the end it prints what it measured, a
table and one JSON line (games, errors, wins per level with 95% Wilson intervals,
timings, games/s).  ``--worlds`` / ``--budget`` / ``--candidates`` / ``--act-margin``
/ ``--act-candidates`` override the hard bot's search settings for tuning.  The issue's
run: ``--games 200`` (about 40 minutes on a busy 2-core machine).

    python bench/arcs_ai.py [--games 200] [--levels hard@X,normal] [--players 2]
                            [--seed 1] [--worlds W] [--budget N] [--candidates C]
                            [--act-margin M] [--act-candidates A]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
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
    takes before another seat's decision.  Wall time, and the CPU time the process
    spent (``time.process_time``): on a shared machine the wall time includes waiting
    for a core, the CPU time is close to what the turn takes with the process alone."""

    def __init__(self, levels: list[str]) -> None:
        self.decisions: dict[str, list[float]] = {k: [] for k in levels}
        self.turns: dict[str, list[float]] = {k: [] for k in levels}
        # rollout decisions (a search bot's ``nodes``): per turn, and in all
        self.turn_nodes: dict[str, list[int]] = {k: [] for k in levels}
        self.turns_cpu: dict[str, list[float]] = {k: [] for k in levels}
        self._current: tuple[int, str] | None = None  # (seat, level) of the open turn
        self._turn = 0.0
        self._cpu = 0.0
        self._nodes = 0

    def merge(self, other: Clock) -> None:
        for mine, theirs in ((self.decisions, other.decisions), (self.turns, other.turns),
                             (self.turn_nodes, other.turn_nodes),
                             (self.turns_cpu, other.turns_cpu)):
            for level, values in theirs.items():
                mine.setdefault(level, []).extend(values)

    def close(self) -> None:
        if self._current is not None:
            self.turns[self._current[1]].append(self._turn)
            self.turn_nodes[self._current[1]].append(self._nodes)
            self.turns_cpu.setdefault(self._current[1], []).append(self._cpu)
        self._current, self._turn, self._nodes, self._cpu = None, 0.0, 0, 0.0

    def record(self, seat: int, level: str, seconds: float, nodes: int = 0,
               cpu: float = 0.0) -> None:
        if self._current != (seat, level):
            self.close()
            self._current = (seat, level)
        self._turn += seconds
        self._cpu += cpu
        self._nodes += nodes
        self.decisions[level].append(seconds)


class Timed:
    """A player whose every choice is timed on ``clock``."""

    def __init__(self, player: Player, level: str, seat: int, clock: Clock) -> None:
        self.player, self.level, self.seat, self.clock = player, level, seat, clock
        self.name = player.name

    def choose(self, view: State, legal: list[Action]) -> Action:
        start, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view, legal)
        self.clock.record(self.seat, self.level, time.perf_counter() - start,
                          getattr(self.player, "nodes", 0), time.process_time() - cpu)
        return action


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


TUNING = ("worlds", "budget", "candidates", "act_margin", "act_candidates",
          "turn_budget", "act_worlds")  # HardBot's settings, overridden when given


def hard_scale(level: str) -> float | None:
    """The budget scale of a ``hard@X`` level spec (``hard`` is ``hard@1``), or None for
    another level.  Raises ValueError on a malformed or non-positive X."""
    name, _, x = level.partition("@")
    if name != "hard":
        if x:
            raise ValueError(f"only hard takes a budget scale: {level!r}")
        return None
    scale = float(x) if x else 1.0
    if not scale > 0:
        raise ValueError(f"the budget scale must be positive: {level!r}")
    return scale


def build(level: str, seed: int, args: argparse.Namespace) -> Player:
    given = {k: getattr(args, k) for k in TUNING if getattr(args, k)}
    scale = hard_scale(level)
    if scale is not None and (given or scale != 1.0):
        # the tuning overrides are the counts at 1×; the scale multiplies them too
        return HardBot(seed, scale=scale, **given)
    return make_player(level, seed)


def one_game(job: tuple[int, int, list[str], int, argparse.Namespace]
             ) -> tuple[int | None, list[int], str, Clock]:
    """Game ``i`` of the run: (winner's seat or None, Power per seat, the traceback of a
    crash or "", its timings)."""
    i, game_seed, levels, n, args = job
    clock = Clock(levels)
    who = [(i % n + s) % n for s in range(n)]  # seat s: listed player who[s]
    try:
        players = [Timed(build(levels[p], game_seed + p, args), f"{levels[p]}#{p}"
                         if levels.count(levels[p]) > 1 else levels[p], s, clock)
                   for s, p in enumerate(who)]
        for t in players:
            clock.decisions.setdefault(t.level, [])
            clock.turns.setdefault(t.level, [])
            clock.turn_nodes.setdefault(t.level, [])
        state = play(new_game(load_arcs_rules(), GameConfig(n, game_seed)), players)
    except Exception:  # a crash is a result to report, never to hide
        clock.close()
        return None, [], traceback.format_exc(), clock
    clock.close()
    return state.winner, [p.power for p in state.players], "", clock


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--levels", default="hard,normal",
                    help="one level per seat, comma-separated (2 to 4); hard@X is hard "
                         "with its whole search budget times X (hard = hard@1)")
    ap.add_argument("--players", type=int, default=0, help="default: one per level")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=0, help="hard: determinizations")
    ap.add_argument("--budget", type=int, default=0, help="hard: rollout decisions")
    ap.add_argument("--candidates", type=int, default=0, help="hard: card plays searched")
    ap.add_argument("--act-margin", type=float, default=0.0,
                    help="hard: map actions this close to the best are searched")
    ap.add_argument("--act-candidates", type=int, default=0,
                    help="hard: map actions searched at most")
    ap.add_argument("--act-worlds", type=int, default=0,
                    help="hard: determinizations per searched map action")
    ap.add_argument("--turn-budget", type=int, default=0,
                    help="hard: rollout decisions per turn")
    ap.add_argument("--jobs", type=int, default=1,
                    help="games played at once in worker processes (timings then share "
                         "the cores)")
    ap.add_argument("--log", default="",
                    help="append one JSON line per finished game (result and timings)")
    ap.add_argument("--start", type=int, default=0,
                    help="skip the run's first games (resume a --log run stopped early: "
                         "the same seeds and seats, then --summarize the whole log)")
    ap.add_argument("--summarize", default="",
                    help="print the report of the games in such a log (a run stopped "
                         "early included) and play nothing")
    args = ap.parse_args(argv)
    if args.summarize:
        return summarize(Path(args.summarize))
    levels = args.levels.split(",")
    n = args.players or len(levels)
    if len(levels) != n or n not in (2, 3, 4):
        ap.error(f"--levels must name 2, 3 or 4 levels, one per player ({n})")
    for level in set(levels):
        try:  # an unknown level or a bad hard@X fails here, before any game
            build(level, 0, args)
        except ValueError as e:
            ap.error(str(e))
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    clock = Clock(levels)
    wins = [0] * n
    errors: list[int] = []
    draws = 0
    loads: list[float] = []  # the 1-minute load average after each game
    start = time.perf_counter()
    jobs = [(i, game_seed, levels, n, args)
            for i, game_seed in enumerate(game_seeds(args.seed, args.games))
            if i >= args.start]
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        done = pool.map(one_game, jobs) if pool is not None else map(one_game, jobs)
        for (i, game_seed, *_), (winner, power, failure, game_clock) in zip(jobs, done,
                                                                             strict=True):
            clock.merge(game_clock)
            loads.append(os.getloadavg()[0])
            who = [(i % n + s) % n for s in range(n)]  # seat s: listed player who[s]
            if args.log:
                with open(args.log, "a", encoding="utf-8") as f:
                    f.write(json.dumps({
                        "game": i, "seed": game_seed, "levels": levels,
                        "run_seed": args.seed, "jobs": args.jobs,
                        "winner": None if failure or winner is None else who[winner],
                        "error": bool(failure), "power": power, "load": loads[-1],
                        "seconds": round(time.perf_counter() - start, 1),
                        "clock": {k: {"decisions": game_clock.decisions.get(k, []),
                                      "turns": game_clock.turns.get(k, []),
                                      "turn_nodes": game_clock.turn_nodes.get(k, []),
                                      "turns_cpu": game_clock.turns_cpu.get(k, [])}
                                  for k in game_clock.decisions}}) + "\n")
            if failure:
                errors.append(game_seed)
                print(f"error in game {i} (seed {game_seed})\n{failure}", file=sys.stderr)
                continue
            if winner is None:
                draws += 1
            else:
                wins[who[winner]] += 1
            print(f"game {i + 1}/{args.games}: seat 0 {levels[who[0]]}, winner "
                  f"{levels[who[winner]] if winner is not None else '-'}, power {power}, "
                  f"wins so far {wins}, load {loads[-1]:.1f}", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    return report(len(jobs), levels, args.seed, clock, wins, errors, draws, loads, seconds,
                  args.jobs, {k: getattr(args, k) for k in TUNING if getattr(args, k)})


def summarize(log: Path) -> int:
    """The report of the games in a ``--log`` file, in the order they were played."""
    games = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    if not games:
        print(f"no games in {log}")
        return 1
    levels = games[0]["levels"]
    clock = Clock(levels)
    wins = [0] * len(levels)
    errors, draws, loads = [], 0, []
    for g in games:
        other = Clock(levels)
        for level, lists in g["clock"].items():
            other.decisions[level] = lists["decisions"]
            other.turns[level] = lists["turns"]
            other.turn_nodes[level] = lists["turn_nodes"]
            other.turns_cpu[level] = lists["turns_cpu"]
        clock.merge(other)
        loads.append(g["load"])
        if g["error"]:
            errors.append(g["seed"])
        elif g["winner"] is None:
            draws += 1
        else:
            wins[g["winner"]] += 1
    print(f"from {log}: the first {len(games)} games of the run")
    return report(len(games), levels, games[0]["run_seed"], clock, wins, errors, draws,
                  loads, games[-1]["seconds"], games[0]["jobs"], {})


def report(games: int, levels: list[str], seed: int, clock: Clock, wins: list[int],
           errors: list[int], draws: int, loads: list[float], seconds: float, jobs: int,
           settings: dict[str, float]) -> int:
    """Print what was measured: a line, the tables and one JSON line."""
    n = len(levels)
    block = results(games, len(errors), errors, draws, wins)
    timing = {}
    for level, values in clock.decisions.items():
        if not values:
            continue
        turns = clock.turns[level]
        nodes = clock.turn_nodes[level]
        cpu = clock.turns_cpu.get(level, [])
        timing[level] = {
            "decisions": len(values), "mean_ms": ms(sum(values) / len(values)),
            "p95_ms": ms(percentile(values, 0.95)), "max_ms": ms(max(values)),
            "turns": len(turns), "turn_p95_ms": ms(percentile(turns, 0.95)),
            "turn_max_ms": ms(max(turns)) if turns else 0.0,
            "turn_mean_ms": ms(sum(turns) / len(turns)) if turns else 0.0,
            "turn_cpu_mean_ms": ms(sum(cpu) / len(cpu)) if cpu else 0.0,
            "turn_cpu_p95_ms": ms(percentile(cpu, 0.95)),
            "turn_cpu_max_ms": ms(max(cpu, default=0.0)),
            "turn_nodes_p95": percentile([float(x) for x in nodes], 0.95),
            "turn_nodes_max": max(nodes, default=0),
            "ms_per_node": round(1000 * sum(values) / sum(nodes), 3)
            if sum(nodes) else 0.0,
        }
    load = {"min": round(min(loads, default=0.0), 2), "max": round(max(loads, default=0.0), 2),
            "mean": round(sum(loads) / len(loads), 2) if loads else 0.0}
    out = {"players": n, "levels": levels, "seed": seed, "seat_alternating": True,
           **block, "timing": timing, "load": load, "jobs": jobs,
           "settings": settings,
           "seconds": round(seconds, 1),
           "games_per_second": round(games / seconds, 3) if seconds else 0.0}
    print(f"{games} games of {n} players, seat-alternating (level i % {n} holds the "
          f"initiative in game i), seed {seed}: {len(errors)} errors, {draws} draws, "
          f"{seconds:.0f} s, {out['games_per_second']} games/s, {jobs} job(s), 1-minute "
          f"load after each game {load['min']:.1f}–{load['max']:.1f} (mean {load['mean']}) "
          f"on {os.cpu_count()} cores")
    print("| level | wins | rate | 95% interval |")
    print("|---|---|---|---|")
    for k, level in enumerate(levels):
        lo, hi = block["wins_ci"][k]
        print(f"| {level} | {wins[k]} | {block['win_rates'][k]:.3f} | {lo:.3f}–{hi:.3f} |")
    print("| level | decisions | mean ms | p95 ms | max ms | turns | turn mean ms | "
          "turn p95 ms | turn max ms | turn nodes p95 | turn nodes max |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for level, t in timing.items():
        print(f"| {level} | {t['decisions']} | {t['mean_ms']} | {t['p95_ms']} | "
              f"{t['max_ms']} | {t['turns']} | {t['turn_mean_ms']} | {t['turn_p95_ms']} | "
              f"{t['turn_max_ms']} | {t['turn_nodes_p95']:.0f} | {t['turn_nodes_max']} |")
    print("| level | turn CPU mean ms | turn CPU p95 ms | turn CPU max ms | ms per node |")
    print("|---|---|---|---|---|")
    for level, t in timing.items():
        print(f"| {level} | {t['turn_cpu_mean_ms']} | {t['turn_cpu_p95_ms']} | "
              f"{t['turn_cpu_max_ms']} | {t['ms_per_node']} |")
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
