"""Seat fairness: identical bots at every seat, wins by seat of play order.

Plays ``--games`` seeded games per player count with the same ``--level`` at every seat
and counts each win by the winner's place in the play order at the start: place 0 is
the seat that started with the initiative (Arcs) or the first player marker (Forbidden
Stars), place 1 the next seat clockwise, and so on.  ``bench/arcs.py`` and
``bench/forbidden_stars.py`` count wins per *listed* seat instead, which mixes places
when the start rotates or is drawn.  A shared win (Forbidden Stars) counts 1/k for each
of its k winners, so the shares of a count sum to 1 minus its cut-off games.

Prints a line per count to stderr, one JSON line with the shares and their 95% Wilson
intervals, and a Markdown table.  ``--log FILE`` appends one JSON line per finished game,
and ``--summarize FILE`` rebuilds the table from such a log (several runs, e.g. shards
``--shard 0/2`` and ``1/2`` of the same seeds, may share one file).  A place below half
an even share (1/2n) is reported as ``UNFAIR``.

    python bench/seat_fairness.py --game arcs|forbidden_stars [--players 3,4]
        [--games 400] [--level normal] [--seed 1] [--shard I/K] [--log FILE]
    python bench/seat_fairness.py --summarize FILE [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.sim_kit import game_seeds, run_games
from game.stats import wilson_interval

GAMES = ("arcs", "forbidden_stars")


def _arcs(players_n: int, level: str) -> Callable[[int], dict[str, Any]]:
    from game.arcs.ai.base import make_player
    from game.arcs.data import load_arcs_rules
    from game.arcs.engine.setup import new_game
    from game.arcs.engine.state import GameConfig
    from game.arcs.sim import play

    rules = load_arcs_rules()

    def one(seed: int) -> dict[str, Any]:
        state = new_game(rules, GameConfig(players_n, seed))
        first = state.initiative  # who holds the initiative before the first action
        players = [make_player(level, seed + s) for s in range(players_n)]
        play(state, players)
        return {"first": first, "winners": [] if state.winner is None else [state.winner]}

    return one


def _forbidden_stars(players_n: int, level: str) -> Callable[[int], dict[str, Any]]:
    from game.forbidden_stars.ai.base import make_player
    from game.forbidden_stars.data import load_fs_rules
    from game.forbidden_stars.engine.setup import new_game
    from game.forbidden_stars.engine.state import OVER, GameConfig
    from game.forbidden_stars.sim import play

    rules = load_fs_rules()

    def one(seed: int) -> dict[str, Any]:
        state = new_game(rules, GameConfig(players_n, seed))
        first = state.first  # the first player marker as the game starts (setup draws it)
        players = [make_player(level, seed + s) for s in range(players_n)]
        play(state, players)
        winners = list(state.winners) if state.step == OVER else []
        return {"first": first, "winners": winners,
                "factions": [state.faction(s) for s in range(players_n)]}

    return one


def summarize(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (game, level, player count): games, cut-off games, errors, and per place of
    play order the win share with its 95% Wilson interval."""
    groups: dict[tuple[str, str, int], dict[str, Any]] = {}
    seen: set[tuple[str, str, int, int]] = set()
    for r in records:
        n = r["players"]
        key = (r["game"], r["level"], n)
        if (*key, r["seed"]) in seen:  # a seed logged twice (a rerun) counts once
            continue
        seen.add((*key, r["seed"]))
        g = groups.setdefault(key, {"games": 0, "errors": 0, "draws": 0, "wins": [0.0] * n,
                                    "error_seeds": []})
        if r.get("error"):
            g["errors"] += 1
            g["error_seeds"].append(r["seed"])
            continue
        g["games"] += 1
        if not r["winners"]:
            g["draws"] += 1
        for w in r["winners"]:
            g["wins"][(w - r["first"]) % n] += 1 / len(r["winners"])
    rows = []
    for (game, level, n), g in sorted(groups.items()):
        games = g["games"]
        shares = [round(w / games, 4) if games else 0.0 for w in g["wins"]]
        floor = 1 / (2 * n)
        rows.append({
            "game": game, "level": level, "players": n, "games": games,
            "draws": g["draws"], "errors": g["errors"], "error_seeds": g["error_seeds"],
            "wins": [round(w, 2) for w in g["wins"]], "shares": shares,
            "shares_ci": [wilson_interval(w, games) for w in g["wins"]],
            "unfair_places": [p for p, s in enumerate(shares) if games and s < floor],
        })
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    """The table for the docs: one line per count, a column per place of play order."""
    width = max((r["players"] for r in rows), default=0)
    head = "| players | games | " + " | ".join(
        "1st (starts)" if p == 0 else f"{p + 1}{'nd' if p == 1 else 'rd' if p == 2 else 'th'}"
        for p in range(width)) + " | cut off |"
    lines = [head, "|" + "---|" * (width + 3)]
    for r in rows:
        cells = []
        for p in range(width):
            if p < r["players"]:
                lo, hi = r["shares_ci"][p]
                flag = " **UNFAIR**" if p in r["unfair_places"] else ""
                cells.append(f"{100 * r['shares'][p]:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]{flag}")
            else:
                cells.append("—")
        lines.append(f"| {r['players']} | {r['games']} | " + " | ".join(cells)
                     + f" | {r['draws']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--game", choices=GAMES)
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--games", type=int, default=400, help="games per player count")
    ap.add_argument("--level", default="normal", help="the bot at every seat")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", default="0/1", help="I/K: play every K-th seed from the I-th")
    ap.add_argument("--log", help="append one JSON line per finished game")
    ap.add_argument("--summarize", nargs="+", metavar="LOG",
                    help="print the table of these logs instead of playing")
    args = ap.parse_args(argv)
    if args.summarize:
        records = [json.loads(line) for f in args.summarize
                   for line in Path(f).read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = summarize(records)
        print(json.dumps({"results": rows}))
        print(markdown(rows))
        return 0
    if args.game is None:
        ap.error("--game is needed to play (or --summarize LOG)")
    shard, shards = (int(x) for x in args.shard.split("/"))
    make = _arcs if args.game == "arcs" else _forbidden_stars
    records: list[dict[str, Any]] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        for n in (int(x) for x in args.players.split(",")):
            one = make(n, args.level)
            seeds = game_seeds(args.seed, args.games)[shard::shards]
            start = time.process_time()

            def record(i: int, seed: int, result: dict[str, Any] | None, n: int = n) -> None:
                r = {"game": args.game, "level": args.level, "players": n, "seed": seed,
                     **(result or {"error": True})}
                records.append(r)
                if log is not None:
                    log.write(json.dumps(r) + "\n")
                    log.flush()

            run_games(seeds, lambda i, seed, one=one: one(seed),
                      lambda i, seed, n=n: f"{args.game} seed {seed}, players {n}",
                      record, lambda i, seed: record(i, seed, None))
            cpu = time.process_time() - start
            row = summarize(r for r in records if r["players"] == n)[0]
            print(f"{args.game} {n}p: {row['games']} games, {row['errors']} errors, "
                  f"{row['games'] / cpu:.2f} games/CPU-s, shares {row['shares']}",
                  file=sys.stderr, flush=True)
    finally:
        if log is not None:
            log.close()
    rows = summarize(records)
    print(json.dumps({"results": rows}))
    print(markdown(rows))
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
