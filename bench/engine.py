"""Engine speed: greedy-vs-greedy full games per second on one core.

Two figures: ``games_per_second`` is the engine alone (bots choose from the real
state), ``games_per_second_with_views`` is what `simulate` does (every decision
builds the seat's player view first, as the AI interface requires).  Each is the
median of --repeats runs.  `--profile` adds where the time goes, by module.

    python bench/engine.py [--games 300] [--repeats 3] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.ai.basic import GreedyBot
from game.star_realms.data import load_rules
from game.star_realms.engine import GameConfig, SeatConfig, legal_actions, new_game
from game.star_realms.engine.rules import acting_seat, apply
from game.star_realms.sim import game_seeds, play

SETS = ("frontiers", "colony_wars")


def run(db, games: int, seed: int, views: bool) -> tuple[float, float]:
    actions = 0
    start = time.perf_counter()
    for i, s in enumerate(game_seeds(seed, games)):
        config = GameConfig(sets=SETS, seats=(SeatConfig("A"), SeatConfig("B")), seed=s,
                            first=i % 2)
        state = new_game(db, config)
        bots = [GreedyBot(s), GreedyBot(s + 1)]
        if views:
            play(state, bots)
        else:
            while state.winners is None:
                seat = acting_seat(state)
                legal = legal_actions(state)
                apply(state, bots[seat].choose(state, legal), validate=False)
        actions += state.log_len
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def profile(db, games: int) -> list[dict]:
    pr = cProfile.Profile()
    pr.enable()
    run(db, games, 99, views=True)
    pr.disable()
    by_module: dict[str, float] = {}
    stats = pstats.Stats(pr).stats  # type: ignore[attr-defined]
    total = 0.0
    for (filename, _, _), (_, _, tottime, _, _) in stats.items():
        name = Path(filename).stem if "/game/" in filename else "python/stdlib"
        by_module[name] = by_module.get(name, 0.0) + tottime
        total += tottime
    top = sorted(by_module.items(), key=lambda kv: -kv[1])[:8]
    return [{"module": k, "share": round(v / total, 3)} for k, v in top]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--profile", action="store_true")
    args = p.parse_args()
    db = load_rules()
    run(db, 10, 1, True)  # warm up
    plain = [run(db, args.games, 1 + r, views=False) for r in range(args.repeats)]
    viewed = [run(db, args.games, 1 + r, views=True) for r in range(args.repeats)]
    result = {
        "bench": "engine",
        "sets": list(SETS),
        "games": args.games,
        "repeats": args.repeats,
        "games_per_second": round(statistics.median(g for g, _ in plain), 1),
        "games_per_second_with_views": round(statistics.median(g for g, _ in viewed), 1),
        "actions_per_game": round(statistics.median(a for _, a in plain), 1),
        "reference_java_simulator_games_per_second": 760,
    }
    if args.profile:
        result["time_by_module"] = profile(db, max(args.games // 3, 20))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
