"""Forbidden Stars AI strength and speed: seat-alternating 2-player games between two
levels (default ``hard`` against ``normal``).

In game ``i`` the listed level ``i % 2`` sits at seat 0 (the setup draws the first
player and the factions from the game's seed), so each level plays each seat equally
often.  Every choice is checked legal (:func:`game.forbidden_stars.sim.play`).  Each
decision is timed around the player's ``choose`` call and filed as a planning decision
(placing an order token), a combat decision (any choice while a combat or orbital strike
waits: cards, reinforcements, damage, retreats), an order decision (which order to
reveal, resolving it, an Advance's moves) or another (storms, events); mean, p95 and max per level
and kind, and the search's rollout steps (``nodes``).  Progress goes to stderr one line
per game; at the end it prints a table and one JSON line (wins per level with 95% Wilson
intervals, timings, games/s).  ``--jobs`` plays games in that many processes (results
are the same; decision times grow with the load).  ``--plan`` / ``--combat``
(``CANDIDATES,WORLDS,STEPS``) override the hard bot's search budgets for tuning.
``--build``: the bots build the board (RB p.16) instead of the quick setup.

    python bench/forbidden_stars_ai.py [--games 200] [--seed 1] [--levels hard,normal]
                                       [--jobs 1] [--plan C,W,S] [--combat C,W,S] [--build]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
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
    """A player whose every choice is timed, filed by the kind of decision."""

    def __init__(self, player: Player, level: str, log: list[tuple[str, str, float, int]]
                 ) -> None:
        self.player, self.level, self.log = player, level, log
        self.name = player.name

    def choose(self, view: State, legal: list[Action]) -> Action:
        kind = "planning" if legal[0].kind == "place" else \
            "combat" if view.step == COMBAT_STEP else \
            "orders" if view.step in (OPERATIONS_STEP, ORDER_STEP) else "other"
        start = time.perf_counter()
        action = self.player.choose(view, legal)
        seconds = time.perf_counter() - start
        nodes = getattr(self.player, "nodes", 0)
        self.log.append((self.level, kind, seconds, nodes))
        return action


def budget(text: str, default: Budget) -> Budget:
    if not text:
        return default
    c, w, s = (int(x) for x in text.split(","))
    return Budget(c, w, s)


def build(level: str, seed: int, plan: str, combat: str, ops: str = "", adv: str = ""
          ) -> Player:
    if level == "hard" and (plan or combat or ops or adv):
        return HardBot(seed, budget(plan, PLANNING), budget(combat, COMBAT),
                       None if ops == "none" else budget(ops, OPERATIONS),
                       None if adv == "none" else budget(adv, ADVANCE))
    return make_player(level, seed)


def one_game(job: tuple[int, int, list[str], str, str, str, str, bool]) -> dict[str, Any]:
    """Play game ``i``; its winners by level, rounds and timing log (or its error)."""
    i, game_seed, levels, plan, combat, ops, adv, build_board = job
    who = [(i + s) % 2 for s in range(2)]  # seat s: listed level who[s]
    log: list[tuple[str, str, float, int]] = []
    try:
        players = [Timed(build(levels[p], game_seed + p, plan, combat, ops, adv), levels[p],
                         log)
                   for p in who]
        config = GameConfig(2, game_seed, quick_setup=not build_board)
        state = play(new_game(load_fs_rules(), config), players)
    except Exception:  # a crash is a result to report, never to hide
        return {"i": i, "seed": game_seed, "error": traceback.format_exc(), "log": log}
    winners = [who[s] for s in state.winners] if state.step == OVER else []
    return {"i": i, "seed": game_seed, "winners": winners, "round": state.round,
            "objectives": [p.objectives for p in state.players],
            "factions": [state.faction(s) for s in range(2)], "seat0": levels[who[0]],
            "log": log}


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
    ap.add_argument("--levels", default="hard,normal", help="two levels, comma-separated")
    ap.add_argument("--build", action="store_true",
                    help="the bots build the board (RB p.16) instead of the quick setup")
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
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
        make_player(level, 0)  # an unknown level fails here, before any game
    jobs = [(i, s, levels, args.plan, args.combat, args.ops, args.adv, args.build)
            for i, s in enumerate(game_seeds(args.seed, args.games))]
    wins = [0, 0]
    errors: list[int] = []
    draws = 0
    rounds: list[int] = []
    times: dict[tuple[str, str], list[float]] = {}
    nodes: dict[tuple[str, str], list[int]] = {}
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    outcomes = pool.map(one_game, jobs) if pool is not None else map(one_game, jobs)
    for done, r in enumerate(outcomes, 1):
        for level, kind, seconds, n in r["log"]:
            times.setdefault((level, kind), []).append(seconds)
            nodes.setdefault((level, kind), []).append(n)
        if "error" in r:
            errors.append(r["seed"])
            print(f"error in game {r['i']} (seed {r['seed']}):\n{r['error']}",
                  file=sys.stderr)
            continue
        rounds.append(r["round"])
        if not r["winners"]:
            draws += 1
        for w in r["winners"]:
            wins[w] += 1
        print(f"game {done}/{args.games} (seed {r['seed']}): seat 0 {r['seat0']}, "
              f"{r['factions']}, round {r['round']}, objectives {r['objectives']}, "
              f"winners {[levels[w] for w in r['winners']]}, wins so far {wins}",
              file=sys.stderr, flush=True)
    if pool is not None:
        pool.shutdown()
    seconds = time.perf_counter() - start
    block = results(args.games, len(errors), errors, draws, wins)
    timing: dict[str, dict[str, Any]] = {}
    for (level, kind), values in sorted(times.items()):
        steps = nodes[(level, kind)]
        timing[f"{level}/{kind}"] = {
            "decisions": len(values), "mean_ms": ms(sum(values) / len(values)),
            "p95_ms": ms(percentile(values, 0.95)), "max_ms": ms(max(values)),
            "nodes_mean": round(sum(steps) / len(steps), 1),
            "nodes_max": max(steps)}
    out = {"players": 2, "levels": levels, "seed": args.seed, "seat_alternating": True,
           "build": args.build,
           "jobs": args.jobs, **block,
           "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
           "timing": timing, "seconds": round(seconds, 1),
           "games_per_second": round(args.games / seconds, 3) if seconds else 0.0}
    print(f"{args.games} seat-alternating 2-player games, seed {args.seed}, {args.jobs} "
          f"job(s): {len(errors)} errors, {draws} draws, {seconds:.0f} s, "
          f"{out['games_per_second']} games/s, mean rounds {out['mean_rounds']}")
    print("| level | wins | rate | 95% interval |")
    print("|---|---|---|---|")
    for k, level in enumerate(levels):
        lo, hi = block["wins_ci"][k]
        print(f"| {level} | {wins[k]} | {block['win_rates'][k]:.3f} | {lo:.3f}–{hi:.3f} |")
    print("| level / decision | decisions | mean ms | p95 ms | max ms | nodes mean | "
          "nodes max |")
    print("|---|---|---|---|---|---|---|")
    for key, t in timing.items():
        print(f"| {key} | {t['decisions']} | {t['mean_ms']} | {t['p95_ms']} | "
              f"{t['max_ms']} | {t['nodes_mean']} | {t['nodes_max']} |")
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
