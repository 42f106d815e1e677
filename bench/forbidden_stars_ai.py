"""Forbidden Stars AI strength and speed: seat-alternating 2-player games between two
levels (default ``hard`` against ``normal``).

A level is any ``make_player`` name or ``hard@X``: ``hard`` with every count of its
budget multiplied by X (``hard`` = ``hard@1``; the ladder runs ``hard@0.25,hard`` and
``hard,hard@4``).  In game ``i`` the listed level ``i % 2`` sits at seat 0 (the setup
draws the first player and the factions from the game's seed), so each level plays each
seat equally often.  ``--players 3|4``: the first level at seat ``i % n`` against the
second in every other seat (for the hard seat's timing at more seats).  Every choice is
checked legal (:func:`game.forbidden_stars.sim.play`).  Each decision's CPU time
(``time.process_time``, what a loaded machine does not inflate) is filed as a planning
decision (placing an order token), a combat decision (any choice while a combat or
orbital strike waits), an order decision (which order to reveal, resolving it, an
Advance's moves) or another (storms, events), and summed per *turn* (a run of one seat's
choices with no other seat's between); mean, p95 and max per level and kind, and the
search's rollout steps (``nodes``).  Progress goes to stderr one line per game; at the
end a table and one JSON line (wins per level with 95% Wilson intervals, timings).
``--log FILE`` appends every game as a JSON line and a rerun skips the games it holds
(resume a stopped run; the summary covers them all).  ``--jobs`` plays games in that
many processes (same results).  ``--plan`` / ``--combat`` / ``--ops`` / ``--adv``
(``CANDIDATES,WORLDS,STEPS``) override the hard bot's budgets for tuning (then its
scale applies).  ``--build``: the bots build the board (RB p.16).

    python bench/forbidden_stars_ai.py [--games 200] [--seed 1] [--levels hard,normal]
        [--players 2] [--log FILE] [--jobs 1] [--plan C,W,S] [--combat C,W,S] [--build]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from itertools import chain
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.forbidden_stars.ai.base import Player, make_player
from game.forbidden_stars.ai.search import (
    ADVANCE,
    COMBAT,
    OPERATIONS,
    PLANNING,
    Budget,
    HardBot,
)
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import COMBAT as COMBAT_STEP
from game.forbidden_stars.engine.state import OPERATIONS as OPERATIONS_STEP
from game.forbidden_stars.engine.state import ORDER as ORDER_STEP
from game.forbidden_stars.engine.state import OVER, Action, GameConfig, State
from game.forbidden_stars.sim import game_seeds, play
from game.stats import results


class Timed:
    """A player whose every choice is timed in CPU seconds (``time.process_time``: under
    load that, not the wall clock, is the bot's cost), filed by the kind of decision.
    A *turn* is a run of choices by one seat with no other seat choosing in between
    (a placement; a reveal with its resolution and moves; one's part of a combat
    exchange); ``turns`` gets each turn's total."""

    def __init__(self, player: Player, level: str, log: list[tuple[str, str, float, int]],
                 turns: list[list[Any]]) -> None:
        self.player, self.level, self.log, self.turns = player, level, log, turns
        self.name = player.name

    def choose(self, view: State, legal: list[Action]) -> Action:
        kind = "planning" if legal[0].kind == "place" else \
            "combat" if view.step == COMBAT_STEP else \
            "orders" if view.step in (OPERATIONS_STEP, ORDER_STEP) else "other"
        start = time.process_time()
        action = self.player.choose(view, legal)
        seconds = time.process_time() - start
        nodes = getattr(self.player, "nodes", 0)
        self.log.append((self.level, kind, seconds, nodes))
        if self.turns and self.turns[-1][0] is self:
            self.turns[-1][1] += seconds
        else:
            self.turns.append([self, seconds])
        return action


def budget(text: str, default: Budget) -> Budget:
    if not text:
        return default
    c, w, s = (int(x) for x in text.split(","))
    return Budget(c, w, s)


def build(level: str, seed: int, plan: str, combat: str, ops: str = "", adv: str = ""
          ) -> Player:
    """A player by level spec (``hard@X``: hard with its budget times X); the budget
    flags override hard's search budgets (before its scale)."""
    name, _, scale = level.partition("@")
    if name == "hard" and (plan or combat or ops or adv):
        return HardBot(seed, budget(plan, PLANNING), budget(combat, COMBAT),
                       None if ops == "none" else budget(ops, OPERATIONS),
                       None if adv == "none" else budget(adv, ADVANCE),
                       scale=float(scale or 1))
    return make_player(level, seed)


Job = tuple[int, int, list[str], str, str, str, str, bool, int]


def one_game(job: Job) -> dict[str, Any]:
    """Play game ``i``; its winners by level, rounds and timing log (or its error).

    Two players: the listed levels alternate seats.  More: the first level sits at seat
    ``i % n`` and the second fills the other seats."""
    i, game_seed, levels, plan, combat, ops, adv, build_board, n = job
    who = [(i + s) % 2 for s in range(2)] if n == 2 else \
        [0 if s == i % n else 1 for s in range(n)]  # seat s: listed level who[s]
    log: list[tuple[str, str, float, int]] = []
    turns: list[list[Any]] = []
    try:
        players = [Timed(build(levels[p], game_seed + (p if n == 2 else s), plan, combat,
                               ops, adv), levels[p], log, turns)
                   for s, p in enumerate(who)]
        config = GameConfig(n, game_seed, quick_setup=not build_board)
        state = play(new_game(load_fs_rules(), config), players)
    except Exception:  # a crash is a result to report, never to hide
        return {"i": i, "seed": game_seed, "error": traceback.format_exc(), "log": log,
                "turns": []}
    winners = [who[s] for s in state.winners] if state.step == OVER else []
    return {"i": i, "seed": game_seed, "winners": winners, "round": state.round,
            "objectives": [p.objectives for p in state.players],
            "factions": [state.faction(s) for s in range(n)], "seat0": levels[who[0]],
            "log": log, "turns": [(t[0].level, t[1]) for t in turns]}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="hard,normal",
                    help="two level specs, comma-separated (hard@X: hard's budget times X)")
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                    help="more than 2: the first level against the second in every other "
                    "seat, its seat rotating (for timing)")
    ap.add_argument("--build", action="store_true",
                    help="the bots build the board (RB p.16) instead of the quick setup")
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    ap.add_argument("--log", default="", help="append each game's result (a JSON line) to "
                    "this file and skip the games it already holds (resume)")
    ap.add_argument("--plan", default="", help="hard: planning budget C,W,S")
    ap.add_argument("--combat", default="", help="hard: combat budget C,W,S")
    ap.add_argument("--ops", default="", help="hard: reveal budget C,W,S (none: not searched)")
    ap.add_argument("--adv", default="", help="hard: Advance target budget C,W,S (none: not "
                    "searched)")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    if len(levels) != 2:
        ap.error("--levels must name two levels")
    for level in levels:
        try:
            make_player(level, 0)  # an unknown level fails here, before any game
        except ValueError as e:
            ap.error(str(e))
    jobs = [(i, s, levels, args.plan, args.combat, args.ops, args.adv, args.build,
             args.players) for i, s in enumerate(game_seeds(args.seed, args.games))]
    logged: list[dict[str, Any]] = []
    if args.log and Path(args.log).exists():
        lines = Path(args.log).read_text().splitlines()
        logged = [json.loads(line) for line in lines if line.strip()]
        have = {r["i"] for r in logged}
        jobs = [j for j in jobs if j[0] not in have]
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    fresh = pool.map(one_game, jobs) if pool is not None else map(one_game, jobs)
    out_log = open(args.log, "a") if args.log else None  # noqa: SIM115 (closed below)
    outcomes: list[dict[str, Any]] = []
    wins = [0, 0]
    for k, r in enumerate(chain(logged, fresh)):  # lazily: each game logged as it ends
        outcomes.append(r)
        if out_log is not None and k >= len(logged):
            out_log.write(json.dumps(r) + "\n")
            out_log.flush()
        if "error" in r:
            print(f"error in game {r['i']} (seed {r['seed']}):\n{r['error']}",
                  file=sys.stderr)
            continue
        for w in set(r["winners"]):
            wins[w] += 1
        print(f"game {len(outcomes)}/{args.games} (seed {r['seed']}): seat 0 {r['seat0']}, "
              f"{r['factions']}, round {r['round']}, objectives {r['objectives']}, "
              f"winners {[levels[w] for w in r['winners']]}, wins so far {wins}",
              file=sys.stderr, flush=True)
    if pool is not None:
        pool.shutdown()
    if out_log is not None:
        out_log.close()
    seconds = time.perf_counter() - start
    print(json.dumps(summary(outcomes, levels, args, seconds)))
    return 1 if any("error" in r for r in outcomes) else 0


def summary(outcomes: list[dict[str, Any]], levels: list[str], args: argparse.Namespace,
            seconds: float) -> dict[str, Any]:
    """The table (printed) and the JSON summary of the games played or logged."""
    errors = [r["seed"] for r in outcomes if "error" in r]
    played = [r for r in outcomes if "error" not in r]
    wins = [sum(k in r["winners"] for r in played) for k in range(2)]
    draws = sum(not r["winners"] for r in played)
    rounds = [r["round"] for r in played]
    times: dict[tuple[str, str], list[float]] = {}
    nodes: dict[tuple[str, str], list[int]] = {}
    turns: dict[str, list[float]] = {}
    for r in outcomes:
        for level, kind, cpu, n in r["log"]:
            times.setdefault((level, kind), []).append(cpu)
            nodes.setdefault((level, kind), []).append(n)
        for level, cpu in r["turns"]:
            turns.setdefault(level, []).append(cpu)
    block = results(len(outcomes), len(errors), errors, draws, wins)
    timing: dict[str, dict[str, Any]] = {}
    for (level, kind), values in sorted(times.items()):
        steps = nodes[(level, kind)]
        timing[f"{level}/{kind}"] = {
            "decisions": len(values), "mean_ms": ms(sum(values) / len(values)),
            "p95_ms": ms(percentile(values, 0.95)), "max_ms": ms(max(values)),
            "nodes_mean": round(sum(steps) / len(steps), 1),
            "nodes_max": max(steps)}
    for level, values in sorted(turns.items()):
        timing[f"{level}/TURN"] = {
            "decisions": len(values), "mean_ms": ms(sum(values) / len(values)),
            "p95_ms": ms(percentile(values, 0.95)), "max_ms": ms(max(values)),
            "nodes_mean": 0.0, "nodes_max": 0}
    out = {"players": args.players, "levels": levels, "seed": args.seed,
           "seat_alternating": True, "build": args.build, "jobs": args.jobs, **block,
           "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
           "timing": timing, "seconds": round(seconds, 1), "cpu": "process_time"}
    print(f"{len(outcomes)} seat-rotating {args.players}-player games, seed {args.seed}, "
          f"{args.jobs} job(s): {len(errors)} errors, {draws} draws, {seconds:.0f} s "
          f"this run, mean rounds {out['mean_rounds']}")
    print("| level | wins | rate | 95% interval |")
    print("|---|---|---|---|")
    for k, level in enumerate(levels):
        lo, hi = block["wins_ci"][k]
        print(f"| {level} | {wins[k]} | {block['win_rates'][k]:.3f} | {lo:.3f}–{hi:.3f} |")
    print("| level / decision (CPU) | decisions | mean ms | p95 ms | max ms | nodes mean | "
          "nodes max |")
    print("|---|---|---|---|---|---|---|")
    for key, t in timing.items():
        print(f"| {key} | {t['decisions']} | {t['mean_ms']} | {t['p95_ms']} | "
              f"{t['max_ms']} | {t['nodes_mean']} | {t['nodes_max']} |")
    return out


if __name__ == "__main__":
    sys.exit(main())
