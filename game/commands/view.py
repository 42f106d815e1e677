"""`python -m game view ...`: play a bot game to a turn and print one seat's table model;
`python -m game view SAVE [--seat N] [--json]`: the model of a seat of a saved game.

The model (:mod:`game.star_realms.model`, :mod:`game.arcs.ui.model`,
:mod:`game.forbidden_stars.ui.model`) is what a table, a phone page or a LAN client draws
from; this shows it for any format, adventure and seat without opening a window.  A
save's game is read from the file (Star Realms, Arcs or Forbidden Stars).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.commands.common import load_db, print_json, split_list
from game.commands.replay import load_arcs, load_fs, save_game_id


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("view", help="play a bot game to a turn (or open a save) and print "
                       "one seat's model")
    s.add_argument("save", nargs="?", default="",
                   help="a save file (Star Realms, Arcs or Forbidden Stars): show its game "
                   "as it stands")
    s.add_argument("--sets", default="frontiers")
    s.add_argument("--seats", default="",
                   help="computer players, one per seat (default greedy,greedy)")
    s.add_argument("--players", type=int, default=None,
                   help="shortcut for --seats with this many greedy players")
    s.add_argument("--format", default="duel")
    s.add_argument("--adventure", default="",
                   help="an adventure id: the seats are the players, the boss is added")
    s.add_argument("--difficulty", default="veteran",
                   choices=("novice", "apprentice", "veteran", "expert"))
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--turn", type=int, default=1, help="stop when this turn begins")
    s.add_argument("--seat", type=int, default=0, help="whose view to print")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    if args.save:
        return run_save(args)
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.ai.base import make_player
    from game.star_realms.engine.formats import get_format
    from game.star_realms.engine.setup import SetupError, new_game
    from game.star_realms.engine.state import GameConfig, SeatConfig
    from game.star_realms.model import build_model
    from game.star_realms.sim import BossPilot, play

    if args.players is not None and args.seats:
        return _fail("give --players or --seats, not both")
    if args.players is not None and args.players < 1:
        return _fail("--players must be at least 1")
    if args.turn < 1:
        return _fail("--turn must be at least 1")
    seats = ["greedy"] * args.players if args.players else split_list(args.seats or
                                                                       "greedy,greedy")
    db = load_db()
    options: tuple = ()
    if args.adventure:
        if args.adventure not in db.adventures:
            return _fail(f"unknown adventure {args.adventure!r} (known: "
                         f"{', '.join(db.adventures)})")
        args.format = args.adventure
        options = (("difficulty", args.difficulty),)
    try:
        for kind in seats:
            make_player(kind)
        get_format(args.format, db, options)
    except ValueError as exc:
        return _fail(str(exc))
    all_seats = seats + (["boss"] if args.adventure else [])
    if not 0 <= args.seat < len(all_seats):
        return _fail(f"--seat must be 0–{len(all_seats) - 1} for {len(all_seats)} seats")
    config = GameConfig(sets=tuple(split_list(args.sets)), format=args.format,
                        seed=args.seed, options=options,
                        seats=tuple(SeatConfig(f"{k} {i + 1}", k)
                                    for i, k in enumerate(all_seats)))
    try:  # a configuration that cannot make a game is a usage error, not a crash
        state = new_game(db, config)
    except SetupError as exc:
        return _fail(str(exc))
    players = [BossPilot() if k == "boss" else make_player(k, args.seed + i)
               for i, k in enumerate(all_seats)]
    state = play(state, players, max_turns=args.turn - 1)
    model = build_model(state, args.seat).to_json()
    if args.json:
        print_json(model)
    else:
        print(summary(model))
    return 0


def _cards(cards: list[dict[str, Any]]) -> str:
    return ", ".join(c["id"] for c in cards) or "—"


def summary(m: dict[str, Any]) -> str:
    """A few readable lines: who is where, what the viewer holds and may do."""
    lines = [f"{m['format']} · turn {m['turn']} · viewer seat {m['viewer']} · "
             f"acting seat {m['acting']}" + (" · game over, winners "
                                             f"{m['winners']}" if m["over"] else "")]
    for s in m["seats"]:
        mark = "*" if s["acting"] else " "
        tags = " ".join(t for t in (s["role"], "" if s["alive"] else "out") if t)
        auth = s["authority"] if s["shows_authority"] else "—"
        lines.append(f" {mark}{s['seat']} {s['name']:<12} authority {auth:>3}  hand "
                     f"{s['hand_count']}  deck {s['deck_count']}  discard "
                     f"{len(s['discard'])}  {tags}".rstrip())
        if s["in_play"] or s["bases"]:
            bases = ", ".join(f"{b['id']}({b['remaining']})" for b in s["bases"])
            lines.append(f"     in play: {_cards(s['in_play'])}; bases: {bases or '—'}")
        if s.get("heroes"):  # Crisis heroes waiting in play
            lines.append(f"     heroes: {_cards(s['heroes'])}")
        if s.get("allies_of"):
            lines.append(f"     all ally abilities usable this turn: {', '.join(s['allies_of'])}")
    me = m["seats"][m["viewer"]]
    lines.append(f"your hand: {_cards(me['hand'])}")
    row = [sl["card"] for sl in m["supply"]["trade_row"] if "card" in sl]
    offer = ", ".join(f"{c['id']} ({c['price']})" for c in row)
    lines.append(f"trade row: {offer or '—'}")
    p = m["pools"]
    lines.append(f"pools: trade {p['trade']}  combat {p['combat']}" + (
        f"  (team +{p['team_trade']} trade, +{p['team_combat']} combat)"
        if p["team_trade"] or p["team_combat"] else ""))
    if "question" in m:
        q = m["question"]
        lines.append(f"question: {q['prompt']} ({q['kind']}, {len(q['candidates'])} "
                     f"answers{', optional' if q['optional'] else ''})")
    elif "waiting" in m:
        lines.append(f"waiting for seat {m['waiting']['seat']}: {m['waiting']['purpose']}")
    ids = [a["id"] for a in m["actions"]]
    shown = ", ".join(ids[:12]) + (f", … ({len(ids)} in all)" if len(ids) > 12 else "")
    lines.append(f"actions: {shown or '— (not your move)'}")
    return "\n".join(lines)


# ---------------------------------------------------------------------- a saved game


def run_save(args: argparse.Namespace) -> int:
    path = Path(args.save)
    if save_game_id(path) == "forbidden_stars":
        return run_fs_save(args, path)
    if save_game_id(path) == "arcs":
        # lazy: cli imports every command to build its parser; a command's work loads when it runs
        from game.arcs.ui.model import build_model as arcs_model

        loaded = load_arcs(path, verify=True)
        n = loaded.state.n
        if not 0 <= args.seat < n:
            return _fail(f"--seat must be 0–{n - 1} for {n} seats")
        model = arcs_model(loaded.state, args.seat)
        if args.json:
            print_json(model)
        else:
            print(arcs_summary(model, loaded.seats.names))
        return 0
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.model import build_model
    from game.star_realms.saves import SaveError, load_game

    db = load_db()
    try:
        state = load_game(db, path)
    except SaveError as exc:
        return _fail(f"{args.save}: {exc}")
    if not 0 <= args.seat < len(state.seats):
        return _fail(f"--seat must be 0–{len(state.seats) - 1} for {len(state.seats)} seats")
    model = build_model(state, args.seat).to_json()
    if args.json:
        print_json(model)
    else:
        print(summary(model))
    return 0


def arcs_summary(m: dict[str, Any], names: tuple[str, ...]) -> str:
    """A few readable lines of an Arcs seat's model."""
    over = f" · game over, winner {names[m['winner']]}" if m["winner"] is not None else ""
    lines = [f"arcs · chapter {m['chapter']} · step {m['step']} · viewer seat {m['seat']} · "
             f"acting seat {m['acting']}{over}"]
    for i, name in enumerate(names):
        mark = "*" if i == m["acting"] else " "
        init = "  initiative" if i == m["initiative"] else ""
        lines.append(f" {mark}{i} {name:<12} power {m['power'][i]:>3}  hand "
                     f"{m['hand_sizes'][i]}{init}")
    lines.append(f"your hand: {', '.join(m['hand']) or '—'}")
    labels = [a["label"] for a in m["actions"]]
    shown = "; ".join(labels[:8]) + (f"; … ({len(labels)} in all)" if len(labels) > 8 else "")
    lines.append(f"actions: {shown or '— (not your move)'}")
    return "\n".join(lines)


def run_fs_save(args: argparse.Namespace, path: Path) -> int:
    """A seat's model of a saved Forbidden Stars game."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.game import GAME

    loaded = load_fs(path, verify=True)
    n = loaded.state.n
    if not 0 <= args.seat < n:
        return _fail(f"--seat must be 0–{n - 1} for {n} seats")
    model = GAME.build_model(loaded.state, args.seat)
    if args.json:
        print_json(model)
    else:
        print(fs_summary(model, loaded.seats.names))
    return 0


def fs_summary(m: dict[str, Any], names: tuple[str, ...]) -> str:
    """A few readable lines of a Forbidden Stars seat's model."""
    over = (f" · game over, winners {', '.join(names[w] for w in m['winners'])}"
            if m.get("over") else "")
    lines = [f"forbidden_stars · round {m.get('round')} of {m.get('rounds')} · step "
             f"{m.get('step')} · viewer seat {m.get('seat')} · acting seat "
             f"{m.get('acting')}{over}"]
    for i, name in enumerate(names):
        mark = "*" if i == m.get("acting") else " "
        lines.append(f" {mark}{i} {name}")
    labels = [a["label"] for a in m.get("actions", [])]
    shown = "; ".join(labels[:8]) + (f"; … ({len(labels)} in all)" if len(labels) > 8 else "")
    lines.append(f"actions: {shown or '— (not your move)'}")
    return "\n".join(lines)
