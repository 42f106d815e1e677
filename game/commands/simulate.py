"""`python -m game simulate ...`: play games between computer players."""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from pathlib import Path
from typing import Any

from game.commands.common import load_db, print_json, split_list


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("simulate", help="play games between computer players")
    s.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms",
                   help="which game (default star_realms)")
    s.add_argument("--players", type=int, default=0,
                   help="--game arcs / forbidden_stars: the number of players (default: one "
                        "per seat)")
    s.add_argument("--sets", default="frontiers")
    s.add_argument("--seats", default="greedy,greedy")
    s.add_argument("--format", default="duel")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-turns", type=int, default=1000,
                   help="a game still running after this many turns counts as a draw")
    s.add_argument("--adventure", default="",
                   help="an adventure id: the seats are the players, the boss is added")
    s.add_argument("--difficulty", default="veteran",
                   choices=("novice", "apprentice", "veteran", "expert"))
    s.add_argument("--campaign", action="store_true",
                   help="play whole legacy campaigns (12 scenarios and the top-up) with "
                        "two bots; --games campaigns")
    s.add_argument("--missions", action="store_true",
                   help="United: Missions: three secret missions per player, three done win")
    s.add_argument("--gambits", action="store_true",
                   help="the Gambit set: two face-down gambits per player, its three Merc "
                        "Cruisers in the trade deck")
    s.add_argument("--json", action="store_true")
    s.add_argument("--stop-at-turn", type=int, default=0,
                   help="with --save: stop when this turn begins")
    s.add_argument("--save", default="",
                   help="write a save of the (single) game to this file")
    s.set_defaults(func=run)


def known_kinds(make_player, seats: list[str]) -> bool:
    """Every seat names a player the game has; else say which one, on stderr."""
    try:
        for kind in seats:
            make_player(kind)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return False
    return True


def run(args: argparse.Namespace) -> int:
    if getattr(args, "game", "star_realms") == "arcs":
        return run_arcs(args)
    if getattr(args, "game", "star_realms") == "forbidden_stars":
        return run_forbidden_stars(args)
    if getattr(args, "players", 0):
        print("--players is for --game arcs or forbidden_stars (Star Realms: one seat per player)",
              file=sys.stderr)
        return 2
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ai.base import make_player
    from game.star_realms.engine.formats import get_format
    from game.star_realms.sim import simulate

    db = load_db()
    seats = split_list(args.seats)
    sets = split_list(args.sets)
    if args.campaign:
        if args.save:
            print("--save writes one game; a campaign keeps its own file "
                  "(play it from the menu → Campaign)", file=sys.stderr)
            return 2
        return run_campaigns(db, args, seats)
    if args.adventure:
        if args.adventure not in db.adventures:
            print(f"unknown adventure {args.adventure!r} (known: "
                  f"{', '.join(db.adventures)})", file=sys.stderr)
            return 2
        args.format = args.adventure
    options: tuple[tuple[str, Any], ...] = (
        (("difficulty", args.difficulty),) if args.adventure else ())
    game_options = ((("missions", True),) if args.missions else ()) + (
        (("gambits", True),) if args.gambits else ())
    options += game_options
    try:
        for kind in seats:
            make_player(kind)
        get_format(args.format, db, options)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.engine.setup import SetupError, new_game
    from game.star_realms.engine.state import GameConfig, SeatConfig

    all_seats = seats + (["boss"] if args.adventure else [])
    try:  # a configuration that cannot make a game is a usage error, not a crash
        new_game(db, GameConfig(sets=tuple(sets), format=args.format, options=options,
                                seats=tuple(SeatConfig(k, k) for k in all_seats)))
    except SetupError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.save:
        return save_one(db, args, sets, all_seats, options)
    report = simulate(db, sets, seats, args.games, args.seed, args.format, args.max_turns,
                      difficulty=args.difficulty if args.adventure else None,
                      options=game_options)
    result = report.to_json(format=args.format, sets=sets, seats=seats, seed=args.seed)
    if args.missions:
        result.update(missions=True, mission_wins=report.mission_wins)
    if args.gambits:
        result.update(gambits=True)
    if args.adventure:
        finished = report.games - report.errors
        boss = report.wins[-1]
        result.update(adventure=args.adventure, difficulty=args.difficulty,
                      player_wins=finished - boss - report.draws, boss_wins=boss,
                      player_win_rate=round((finished - boss - report.draws) / finished, 4)
                      if finished else 0.0)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>17}: {value}")
    return 1 if report.errors else 0


def run_arcs(args: argparse.Namespace) -> int:
    """``--game arcs``: seeded bot games of Arcs (random, greedy, normal, hard)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.ai import make_player
    from game.arcs.data import load_arcs_rules
    from game.arcs.sim import simulate

    if args.campaign or args.adventure or args.save:
        print("--campaign, --adventure and --save are Star Realms' options",
              file=sys.stderr)
        return 2
    seats = split_list(args.seats)
    players = args.players or len(seats)
    if players not in (2, 3, 4) or len(seats) != players:
        print(f"Arcs is for 2, 3 or 4 players, one seat each: --players {players} with "
              f"{len(seats)} seats", file=sys.stderr)
        return 2
    if not known_kinds(make_player, seats):
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    report = simulate(load_arcs_rules(), players, seats, args.games, args.seed)
    result = report.to_json(game="arcs", players=players, seats=seats, seed=args.seed)
    if args.json:
        print_json(result)
    else:
        for key, value in result.items():
            print(f"{key:>17}: {value}")
    return 1 if report.errors else 0


def run_forbidden_stars(args: argparse.Namespace) -> int:
    """``--game forbidden_stars``: seeded bot games of Forbidden Stars (seat ``s`` played by
    the ``s``-th level of ``--seats``: random, greedy, normal, hard)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.ai import make_player
    from game.forbidden_stars.data import load_fs_rules
    from game.forbidden_stars.sim import simulate

    if args.campaign or args.adventure or args.save:
        print("--campaign, --adventure and --save are Star Realms' options",
              file=sys.stderr)
        return 2
    seats = split_list(args.seats)
    players = args.players or len(seats)
    if players not in (2, 3, 4) or len(seats) != players:
        print(f"Forbidden Stars is for 2, 3 or 4 players, one seat each: --players "
              f"{players} with {len(seats)} seats", file=sys.stderr)
        return 2
    if not known_kinds(make_player, seats):
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    report = simulate(load_fs_rules(), players, args.games, args.seed, seats=seats)
    result = report.to_json(game="forbidden_stars", players=players, seats=seats,
                            seed=args.seed)
    if args.json:
        print_json(result)
    else:
        for key, value in result.items():
            print(f"{key:>17}: {value}")
    return 1 if report.errors else 0


def save_one(db, args: argparse.Namespace, sets: list[str], seats: list[str],
             options: tuple = ()) -> int:
    """Play one game with bots up to the start of ``--stop-at-turn`` and save it.
    ``seats`` include an adventure's boss seat, ``options`` its difficulty."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ai.base import make_player
    from game.star_realms.engine.setup import new_game
    from game.star_realms.engine.state import GameConfig, SeatConfig
    from game.star_realms.saves import write_save
    from game.star_realms.sim import BossPilot, play

    if args.games != 1:
        print("--save writes one game: use --games 1", file=sys.stderr)
        return 2
    config = GameConfig(sets=tuple(sets), seats=tuple(SeatConfig(f"{k} {i + 1}", k)
                                                      for i, k in enumerate(seats)),
                        format=args.format, seed=args.seed, options=options)
    players = [BossPilot() if k == "boss" else make_player(k, args.seed + i)
               for i, k in enumerate(seats)]
    stop = args.stop_at_turn if args.stop_at_turn > 0 else args.max_turns + 1
    state = play(new_game(db, config), players, max_turns=stop - 1, undo=True)  # (saved)
    try:
        write_save(state, Path(args.save))
    except OSError as exc:
        print(f"cannot write {args.save}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"saved turn {state.turn} ({state.log_len} actions) to {args.save}", file=sys.stderr)
    return 0


def run_campaigns(db, args: argparse.Namespace, seats: list[str]) -> int:
    """Whole campaigns: each scenario's winner, the VP, the winner, the upgraded cards.

    One campaign (the default with --campaign) prints that campaign's report; with
    ``--games N`` (N > 1) a summary of N seeded campaigns follows the list of reports.
    """
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ai.base import make_player
    from game.star_realms.campaign.auto import run_campaign
    from game.star_realms.sim import game_seeds

    if len(seats) != 2:
        print("a campaign is for two players: --seats A,B", file=sys.stderr)
        return 2
    if not known_kinds(make_player, seats):
        return 2
    games = args.games if "--games" in sys.argv else 1
    if games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    seeds = [args.seed] if games == 1 else game_seeds(args.seed, games)
    reports, errors = [], 0
    for seed in seeds:
        try:
            _, rep = run_campaign(db, (seats[0], seats[1]), seed,
                                  max_turns=min(args.max_turns, 400))
            reports.append(rep)
        except Exception:  # reported, never hidden
            errors += 1
            print(f"error in the campaign with seed {seed}:", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
    if games == 1 and reports:
        out = {**reports[0], "errors": errors}
    else:
        out = {"campaigns": len(seeds), "errors": errors, "seats": seats, "seed": args.seed,
               "reports": reports, **campaign_summary(reports)}
    if args.json:
        print_json(out)
    else:
        for key, value in out.items():
            if key != "reports":
                print(f"{key:>24}: {value}")
    return 1 if errors or not reports else 0


def campaign_summary(reports: list[dict]) -> dict:
    """Per scenario: how often each faction won it (the balance table of docs/campaign.md)."""
    table = {}
    for n in range(1, 13):
        rows = [s for r in reports for s in r["scenarios"] if s["scenario"] == n]
        if rows:
            se = sum(s["winner"] == "star_empire" for s in rows)
            table[str(n)] = {"games": len(rows), "star_empire": se,
                             "trade_federation": len(rows) - se,
                             "star_empire_rate": round(se / len(rows), 3),
                             "first_player_rate": round(sum(
                                 s["winner"] == s["first"] for s in rows) / len(rows), 3),
                             "political": sum(s["how"] == "political" for s in rows)}
    wins = [r["winner"] for r in reports]
    return {"by_scenario": table,
            "campaign_wins": {f: wins.count(f) for f in ("star_empire", "trade_federation")},
            "mean_upgraded_cards": round(sum(r["upgraded_cards"] for r in reports) /
                                         len(reports), 2) if reports else 0}
