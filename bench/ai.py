"""AI strength and speed: Hard against the engine's greedy bot and against Normal.

Plays ``--games`` seat-alternating duels (Frontiers + Colony Wars) for each pairing,
seeded exactly like ``python -m game simulate --seats hard,greedy --seed S`` (so the
win counts can be reproduced from the CLI), and times every Hard decision on this
one core.  Prints one JSON line:

* ``hard_vs_greedy`` / ``hard_vs_normal``: wins per seat, Hard's win rate and its
  95% Wilson interval (``wins_ci``);
* ``hard_decision_ms``: p50 / p95 / max over all Hard decisions with a choice (more
  than one legal action), and the same over the decisions it actually searched;
* ``hard_turn_ms``: p50 / p95 / max of the thinking time of a whole Hard turn.

    python bench/ai.py [--games 1000] [--seed 1] [--pairs greedy,normal]
                       [--samples N] [--max-candidates N]

Targets (issue 5): Hard ≥ 80% against greedy and ≥ 60% against Normal, decision
p95 ≤ 250 ms.  A full run (2 × 1,000 games) takes about an hour and a quarter.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.ai.base import make_player
from game.star_realms.data import load_rules
from game.star_realms.engine import GameConfig, SeatConfig, new_game, player_view
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.sim import game_seeds
from game.stats import wilson_interval

SETS = ("frontiers", "colony_wars")


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    v = sorted(values)

    def at(p: float) -> float:
        return round(1000 * v[min(len(v) - 1, int(p * len(v)))], 1)

    return {"n": len(v), "p50": at(0.5), "p95": at(0.95), "max": round(1000 * v[-1], 1)}


def duel(db, opponent: str, games: int, seed: int, hard_options: dict, times: dict) -> dict:
    wins = [0, 0]
    draws = 0
    for i, game_seed in enumerate(game_seeds(seed, games)):
        kinds = ("hard", opponent)
        config = GameConfig(sets=SETS, seats=tuple(SeatConfig(f"{k} {j + 1}", k)
                                                   for j, k in enumerate(kinds)),
                            seed=game_seed, first=i % 2)
        players = [make_player("hard", game_seed, **hard_options),
                   make_player(opponent, game_seed + 1)]
        state = new_game(db, config)
        turn_time = 0.0
        turn = state.turn
        while state.winners is None and state.turn <= 1000:
            seat = acting_seat(state)
            legal = legal_actions(state)
            view = player_view(state, seat)
            if seat == 0:
                searched = players[0].searched
                t = time.perf_counter()
                action = players[0].choose(view, legal)
                dt = time.perf_counter() - t
                turn_time += dt
                if len(legal) > 1:
                    times["decision"].append(dt)
                if players[0].searched > searched:
                    times["searched"].append(dt)
            else:
                action = players[1].choose(view, legal)
            apply(state, action, validate=action not in legal)
            if state.turn != turn:
                if turn_time:
                    times["turn"].append(turn_time)
                turn_time, turn = 0.0, state.turn
        if not state.winners:
            draws += 1
        for w in state.winners or ():
            wins[w] += 1
        times["searched_share"].append(players[0].searched / max(players[0].decisions, 1))
    finished = games - draws
    return {
        "opponent": opponent,
        "games": games,
        "draws": draws,
        "wins": wins,
        "win_rate": round(wins[0] / finished, 4) if finished else 0.0,
        "wins_ci": [wilson_interval(w, finished) for w in wins],
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pairs", default="greedy,normal")
    p.add_argument("--samples", type=int, default=None)
    p.add_argument("--max-candidates", type=int, default=None)
    args = p.parse_args()
    options = {}
    if args.samples is not None:
        options["samples"] = args.samples
    if args.max_candidates is not None:
        options["max_candidates"] = args.max_candidates
    db = load_rules()
    times: dict[str, list[float]] = {"decision": [], "searched": [], "turn": [],
                                     "searched_share": []}
    start = time.perf_counter()
    result: dict = {"bench": "ai", "sets": list(SETS), "games": args.games, "seed": args.seed,
                    "hard_options": options}
    for opponent in args.pairs.split(","):
        result[f"hard_vs_{opponent}"] = duel(db, opponent, args.games, args.seed, options,
                                             times)
    share = times.pop("searched_share")
    result["hard_decision_ms"] = percentiles(times["decision"])
    result["hard_searched_decision_ms"] = percentiles(times["searched"])
    result["hard_turn_ms"] = percentiles(times["turn"])
    result["searched_share"] = round(sum(share) / max(len(share), 1), 3)
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
