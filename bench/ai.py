"""AI strength and speed: one level spec against another, seat-alternating.

A level spec is a level name (``random``, ``greedy``, ``easy``, ``normal``, ``hard``)
or ``hard@X``: Hard with its whole search budget multiplied by X (``hard`` is
``hard@1``).  Each pairing ``A:B`` plays ``--games`` games of Frontiers + Colony
Wars, A in seat 0 and B in the others, the first seat rotating game by game; a bare
``B`` means ``hard:B``.  Games are seeded exactly like ``python -m game simulate
--seats hard,greedy --seed S`` (seat 0 gets the game seed, seat j the seed + j),
and A's thinking is timed in CPU seconds (``time.process_time``, the honest figure
on a shared machine) per decision and per whole turn.  Prints one JSON line:

* ``A_vs_B``: games, draws, A's wins, its win rate and 95% Wilson interval;
* ``decision_ms`` / ``searched_decision_ms`` / ``turn_ms``: p50 / p95 / max of A's
  CPU time over its decisions with a choice, the ones it searched, its turns.

    python bench/ai.py [--games 200] [--seed 1] [--pairs normal,hard@0.25:hard@1]
                       [--seats 2] [--format ffa] [--log F] [--samples N]

``--seats 4 --format ffa --pairs hard:normal`` is the four-seat timing (Hard in one
seat, three Normals).  ``--log F`` appends one JSON line per finished game and a
rerun with the same ``--log`` skips the games already there (resume after a stop);
the figures are computed from the whole log.  ``--samples`` / ``--max-candidates``
override Hard's defaults (tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.ai.base import Player, make_player
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


def number(text: str) -> int | float | str:
    """An --opt value: an int, a float, or else the word itself (``search_part=buys``)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_pair(text: str) -> tuple[str, str]:
    a, _, b = text.rpartition(":")
    return (a or "hard"), b


def make(spec: str, seed: int, hard_options: dict) -> Player:
    """A player from a level spec; ``hard@X`` scales Hard's budget by X."""
    return make_player(spec, seed, **(hard_options if spec.startswith("hard") else {}))


def play_game(db, specs: tuple[str, ...], fmt: str, game_seed: int, first: int,
              hard_options: dict) -> dict:
    """One game; seat 0 is timed.  Returns the log record."""
    config = GameConfig(sets=SETS, format=fmt, seed=game_seed, first=first,
                        seats=tuple(SeatConfig(f"{k} {j + 1}", k.partition("@")[0])
                                    for j, k in enumerate(specs)))
    players = [make(k, game_seed + j, hard_options) for j, k in enumerate(specs)]
    timed = players[0]
    state = new_game(db, config)
    decisions: list[float] = []
    searched: list[float] = []
    turns: list[float] = []
    turn_time, turn = 0.0, state.turn
    while state.winners is None and state.turn <= 1000:
        seat = acting_seat(state)
        legal = legal_actions(state)
        view = player_view(state, seat)
        if seat == 0:
            before = getattr(timed, "searched", 0)
            t = time.process_time()
            action = timed.choose(view, legal)
            dt = time.process_time() - t
            turn_time += dt
            if len(legal) > 1:
                decisions.append(dt)
            if getattr(timed, "searched", 0) > before:
                searched.append(dt)
        else:
            action = players[seat].choose(view, legal)
        apply(state, action, validate=action not in legal)
        if state.turn != turn:
            if turn_time:
                turns.append(turn_time)
            turn_time, turn = 0.0, state.turn
    if turn_time:
        turns.append(turn_time)
    return {"winners": list(state.winners or ()), "turns": state.turn,
            "decision": decisions, "searched": searched, "turn": turns}


def run_pair(db, a: str, b: str, args: argparse.Namespace, hard_options: dict,
             log: Path | None) -> dict:
    key = f"{a}_vs_{b}"
    done: dict[int, dict] = {}
    if log is not None and log.exists():
        for line in log.read_text().splitlines():
            rec = json.loads(line)
            if rec.get("pair") == key and rec.get("seats") == args.seats and \
                    rec.get("seed") == args.seed and rec.get("format") == args.format:
                done[rec["game"]] = rec
    specs = (a,) + (b,) * (args.seats - 1)
    for i, game_seed in enumerate(game_seeds(args.seed, args.games)):
        if i in done:
            continue
        rec = play_game(db, specs, args.format, game_seed, i % args.seats, hard_options)
        rec.update(pair=key, game=i, seed=args.seed, seats=args.seats, format=args.format)
        done[i] = rec
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps(rec) + "\n")
    recs = [done[i] for i in sorted(done) if i < args.games]
    finished = [r for r in recs if r["winners"]]
    wins = sum(0 in r["winners"] for r in finished)
    return {
        "games": len(recs),
        "draws": len(recs) - len(finished),
        "wins": wins,
        "win_rate": round(wins / len(finished), 4) if finished else 0.0,
        "wins_ci": wilson_interval(wins, len(finished)),
        "decision_ms": percentiles([t for r in recs for t in r["decision"]]),
        "searched_decision_ms": percentiles([t for r in recs for t in r["searched"]]),
        "turn_ms": percentiles([t for r in recs for t in r["turn"]]),
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pairs", default="normal",
                   help="comma-separated A:B level specs (bare B = hard:B), e.g. "
                        "normal,hard@0.25:hard@1")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--format", default="duel")
    p.add_argument("--log", type=Path, default=None)
    p.add_argument("--samples", type=int, default=None)
    p.add_argument("--max-candidates", type=int, default=None)
    p.add_argument("--opt", action="append", default=[],
                   help="NAME=VALUE: any other HardPlayer option (tuning), e.g. "
                        "tie_margin=0.015 or search_part=buys")
    args = p.parse_args()
    if args.seats > 2 and args.format == "duel":
        args.format = "ffa"
    options = {}
    if args.samples is not None:
        options["samples"] = args.samples
    if args.max_candidates is not None:
        options["max_candidates"] = args.max_candidates
    for text in args.opt:
        name, _, value = text.partition("=")
        options[name] = number(value)
    db = load_rules()
    start = time.process_time()
    result: dict = {"bench": "ai", "sets": list(SETS), "games": args.games, "seed": args.seed,
                    "seats": args.seats, "format": args.format, "hard_options": options}
    for text in args.pairs.split(","):
        a, b = parse_pair(text)
        result[f"{a}_vs_{b}"] = run_pair(db, a, b, args, options, args.log)
    result["cpu_seconds"] = round(time.process_time() - start, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
