"""Engine identity: do bot games play exactly the same here as in another revision?

    python bench/engine_identity.py --against REV_OR_FOLDER [--only CASE]

Speed work must not change one decision.  This plays seeded games of every kind (duel,
free-for-all, Hunter, Hydra 2x2 and 3x3, Emperor, Raid, three adventures with their
boss; random, greedy, easy, normal and a small hard bot) in this checkout and in the
other revision (``git archive REV`` unpacked in a temporary folder, or a folder), each in
its own child process, and fingerprints every step: the acting seat, the legal actions,
the player view the bot gets (every field, read through ``player_view``; where the
revision has ``lazy_view``, the bot gets that and it must read equal), the action, the
events, the undo floor and barrier; plus three ``simulate`` results.  Prints one JSON
line per side and exits 1 when any game differs.  (Views are compared field by field, so
both sides must know the same State fields.)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside a revision's folder: fingerprints of that revision's games, as JSON.
WORKER = r'''
import dataclasses
import hashlib
import json
import sys

sys.path.insert(0, ".")
from game.star_realms.ai.base import make_player
from game.star_realms.data import load_rules
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import GameConfig, Seat, SeatConfig
from game.star_realms.engine.view import player_view
try:
    from game.star_realms.engine.view import lazy_view
except ImportError:
    lazy_view = None
from game.star_realms.engine.rng import game_seeds
from game.star_realms.sim import BossPilot, simulate

DB = load_rules()


def norm(x, depth=0):
    """A plain, repr-stable form of engine values (dataclass or NamedTuple alike)."""
    if depth > 8:
        return "..."
    if x is None or isinstance(x, (int, float, str, bool)):
        return x
    if type(x).__name__ == "CardDef":  # (its fields, less the derived ones)
        return ("CardDef", x.id, x.upgrade, x.grant, norm(x.abilities), norm(x.factions))
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple(norm(getattr(x, f.name), depth + 1)
                                           for f in dataclasses.fields(x))
    if hasattr(x, "_fields"):
        return (type(x).__name__,) + tuple(norm(v, depth + 1) for v in x)
    if isinstance(x, (list, tuple)):
        return tuple(norm(v, depth + 1) for v in x)
    if isinstance(x, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(norm(v, depth + 1)) for v in x))
    if isinstance(x, dict):
        return ("dict",) + tuple((repr(k), norm(v, depth + 1)) for k, v in x.items())
    if isinstance(x, Seat):  # (a lazy view's seats are a subclass, the same fields)
        return ("Seat",) + tuple(norm(getattr(x, s), depth + 1) for s in Seat.__slots__)
    if type(x).__name__ == "CardDef":
        return ("CardDef", x.id, getattr(x, "variant", None))
    if hasattr(x, "id") and type(x).__name__.endswith("Format"):
        return ("Format", x.id)
    if hasattr(x, "__slots__"):
        return (type(x).__name__,) + tuple(norm(getattr(x, s, None), depth + 1)
                                           for s in type(x).__slots__)
    if hasattr(x, "__dict__"):
        return (type(x).__name__,) + tuple((k, norm(v, depth + 1))
                                           for k, v in sorted(vars(x).items()))
    return repr(x)


VIEW_FIELDS = ("active", "turn", "turn_members", "pending", "stack", "used", "latched", "damage",
               "copy_of", "winners", "log", "log_len", "undo_barrier", "undo_floor",
               "life", "trade_row", "explorers", "scrap", "trade_deck", "seats", "unknown",
               "boss", "events")


def view_form(v):
    out = [norm(getattr(v, f)) for f in VIEW_FIELDS]
    out.append(v.config.seed)
    out.append(norm(v.rng.__getstate__() if hasattr(v.rng, "__getstate__") else None))
    return out


def run_game(config, kinds, seed, max_turns=400, hard=False):
    h = hashlib.sha256()
    players = []
    for j, k in enumerate(kinds):
        if k == "boss":
            players.append(BossPilot())
        elif k == "hard":
            players.append(make_player("hard", seed + j, samples=4, max_candidates=3,
                                       horizon="turn", safety_seconds=1e9))
        else:
            players.append(make_player(k, seed + j))
    state = new_game(DB, config)
    steps = 0
    while state.winners is None and state.turn <= max_turns:
        seat = acting_seat(state)
        legal = legal_actions(state)
        player = players[seat]
        view = None if isinstance(player, BossPilot) else player_view(state, seat)
        rec = [seat, norm(legal)]
        if view is not None:
            rec.append(view_form(view))
            if lazy_view is not None:
                assert view_form(lazy_view(state, seat)) == rec[-1]
                view = lazy_view(state, seat)
        action = player.choose(view, legal)
        apply(state, action, validate=action not in legal)
        rec += [norm(action), norm(state.events), state.undo_floor, state.undo_barrier,
                state.log_len]
        h.update(repr(rec).encode())
        steps += 1
    h.update(repr((state.winners, state.turn)).encode())
    return {"steps": steps, "hash": h.hexdigest()[:16]}


CASES = [  # name, format, sets, kinds, games
    ("duel_greedy_cw", "duel", ("colony_wars",), ("greedy", "greedy"), 12),
    ("duel_normal_fcw", "duel", ("frontiers", "colony_wars"), ("normal", "normal"), 6),
    ("duel_normal_cw", "duel", ("colony_wars",), ("normal", "normal"), 6),
    ("duel_easy_core", "duel", ("core",), ("easy", "normal"), 4),
    ("duel_random_f", "duel", ("frontiers",), ("random", "greedy"), 4),
    ("ffa_mixed", "ffa", ("frontiers", "colony_wars"), ("normal", "greedy", "normal", "easy"), 3),
    ("hunter", "hunter", ("frontiers", "colony_wars"), ("normal", "normal", "greedy"), 2),
    ("hydra2", "hydra2", ("frontiers", "colony_wars"), ("normal",) * 4, 3),
    ("hydra3_greedy", "hydra3", ("frontiers", "colony_wars"), ("greedy",) * 6, 2),
    ("emperor", "emperor", ("frontiers", "colony_wars"), ("normal",) * 6, 1),
    ("raid", "raid", ("frontiers", "colony_wars"), ("normal", "normal", "greedy"), 3),
    ("adv_normal", "blob_assault", ("frontiers", "colony_wars"), ("normal", "normal", "boss"), 2),
    ("adv_dh", "dimensional_horror", ("frontiers", "colony_wars"), ("normal", "greedy", "boss"), 2),
    ("adv_auto", "automatons", ("colony_wars",), ("easy", "boss"), 2),
    ("hard", "duel", ("colony_wars",), ("hard", "normal"), 1),
]


def main():
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    out = {}
    for name, fmt, sets, kinds, games in CASES:
        if only and name != only:
            continue
        adventure = fmt in DB.adventures
        options = (("difficulty", "veteran"),) if adventure else ()
        res = []
        for i, s in enumerate(game_seeds(777, games)):
            config = GameConfig(sets=sets, seats=tuple(SeatConfig(f"{k} {j}", k)
                                                        for j, k in enumerate(kinds)),
                                format=fmt, seed=s, first=i % (len(kinds) - adventure),
                                options=options)
            res.append(run_game(config, kinds, s))
        out[name] = res
    if not only:
        for fmt, sets, seats in (("duel", "colony_wars", "greedy,greedy"),
                                 ("duel", "frontiers,colony_wars", "normal,normal"),
                                 ("hydra2", "frontiers,colony_wars", "normal,normal,normal,normal"),
                                 ("raid", "frontiers,colony_wars", "greedy,normal,greedy")):
            r = simulate(DB, sets.split(","), seats.split(","), 10, 5, fmt)
            out[f"sim_{fmt}_{seats}"] = r.to_json()
            out[f"sim_{fmt}_{seats}"].pop("games_per_second")
    print(json.dumps(out, sort_keys=True, indent=0))


main()
'''


def fingerprints(folder: Path, only: str | None) -> dict:
    args = [sys.executable, "-c", WORKER] + (["--only", only] if only else [])
    done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{folder}: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def export(rev: str, into: Path) -> Path:
    """The revision's files (``git archive``), unpacked under ``into``."""
    folder = into / "other"
    folder.mkdir(parents=True)
    archive = into / "other.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive),
                    rev], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--against", required=True, help="a git revision or a folder")
    p.add_argument("--only", help="one case (see CASES in the worker)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(args.against)
        if not other.is_dir():
            other = export(args.against, Path(tmp))
        this, theirs = fingerprints(ROOT, args.only), fingerprints(other, args.only)
    differ = sorted(k for k in this.keys() | theirs.keys() if this.get(k) != theirs.get(k))
    print(json.dumps({"bench": "engine_identity", "against": args.against,
                      "cases": len(this), "steps": sum(g["steps"] for v in this.values()
                                                        if isinstance(v, list) for g in v),
                      "differ": differ}))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
