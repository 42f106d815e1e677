"""Engine identity: do bot games play exactly the same here as in another revision?

    python bench/engine_identity.py --against REV_OR_FOLDER [--only CASE]
    python bench/engine_identity.py --game arcs|forbidden_stars --against REV_OR_FOLDER
                                    [--only CASE] [--old-rules]

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

``--game arcs`` and ``--game forbidden_stars`` do the same for those engines
(:data:`BOARD_WORKER`): seeded games of random, greedy and normal bots at 2–4 players
(Arcs also with Leaders & Lore) and a small hard bot game, each step fingerprinted by the
acting seat, the legal actions, the bot's view read field by field (every ``State``
field both revisions have, less the static rules and map), the action and the log's
length, and the final state.  ``--old-rules`` (Arcs) sets the configuration switches a
newer engine keeps for old saves (``last_pass_keeps``, ``auto_slots``), where it has
them, so its games can be compared with a revision from before those rules.
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


# Runs inside a revision's folder: fingerprints of its Arcs or Forbidden Stars games.
BOARD_WORKER = r'''
import dataclasses, hashlib, json, sys
sys.path.insert(0, ".")
game, only, old_rules = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
if game == "arcs":
    from game.arcs.ai.base import make_player
    from game.arcs.ai.search import HardBot
    from game.arcs.data import load_arcs_rules as load
    from game.arcs.engine.rules import acting_seat, apply, legal_actions
    from game.arcs.engine.setup import new_game
    from game.arcs.engine.state import OVER, GameConfig, State
    from game.arcs.engine.view import player_view
    over = lambda s: s.step == OVER
    def config(n, seed, leaders):
        extra = {}
        names = {f.name for f in dataclasses.fields(GameConfig)}
        if old_rules:
            extra = {k: True for k in ("last_pass_keeps", "auto_slots") if k in names}
        return GameConfig(n, seed, leaders=leaders, **extra)
    def small_hard(seed):
        return HardBot(seed, worlds=2, candidates=2, budget=60, turn_budget=120)
    CASES = [  # name, bots, leaders, games
        ("random2", ("random", "random"), False, 8),
        ("random4_leaders", ("random",) * 4, True, 4),
        ("greedy3", ("greedy", "normal", "greedy"), False, 3),
        ("normal2", ("normal", "normal"), False, 3),
        ("normal2_leaders", ("normal", "greedy"), True, 2),
        ("normal4", ("normal", "greedy", "normal", "random"), False, 2),
        ("hard2", ("hard", "normal"), False, 1),
    ]
else:
    from game.forbidden_stars.ai.base import make_player
    from game.forbidden_stars.ai.search import Budget, HardBot
    from game.forbidden_stars.data import load_fs_rules as load
    from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
    from game.forbidden_stars.engine.setup import new_game
    from game.forbidden_stars.engine.state import OVER, GameConfig, State
    from game.forbidden_stars.engine.view import player_view
    over = lambda s: s.step == OVER
    def config(n, seed, leaders):
        return GameConfig(n, seed)
    def small_hard(seed):
        b = Budget(candidates=2, worlds=2, steps=150)
        return HardBot(seed, planning=b, combat=b, operations=None, advance=None)
    CASES = [
        ("random2", ("random", "random"), False, 6),
        ("random4", ("random",) * 4, False, 4),
        ("greedy3", ("greedy", "normal", "greedy"), False, 2),
        ("normal2", ("normal", "normal"), False, 2),
        ("normal4", ("normal",) * 4, False, 2),
        ("hard2", ("hard", "normal"), False, 1),
    ]
RULES = load()
STATIC = {"rules", "topology"}  # shared, never changed by a game
if dataclasses.is_dataclass(State):
    MINE = [f.name for f in dataclasses.fields(State)]
else:
    MINE = [n for c in State.__mro__ for n in getattr(c, "__slots__", ())]
if only == "--fields":
    print(json.dumps(MINE))
    raise SystemExit(0)
FIELDS = [f for f in json.loads(sys.argv[4]) if f not in STATIC]


def norm(x, depth=0):
    """A plain, repr-stable form of engine values (dataclass, NamedTuple, slots)."""
    if depth > 10:
        return "..."
    if x is None or isinstance(x, (int, float, str, bool)):
        return x
    if type(x).__name__ in ("ArcsRules", "FSRules", "Topology"):
        return type(x).__name__
    if hasattr(x, "_fields"):
        return (type(x).__name__,) + tuple(norm(v, depth + 1) for v in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, norm(getattr(x, f.name), depth + 1))
                                           for f in dataclasses.fields(x))
    if isinstance(x, (list, tuple)):
        return tuple(norm(v, depth + 1) for v in x)
    if isinstance(x, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(norm(v, depth + 1)) for v in x))
    if isinstance(x, dict):
        return ("dict",) + tuple(sorted((repr(k), norm(v, depth + 1)) for k, v in x.items()))
    slots = [n for c in type(x).__mro__ for n in getattr(c, "__slots__", ())]
    if slots:
        return (type(x).__name__,) + tuple((n, norm(getattr(x, n, None), depth + 1))
                                           for n in slots)
    if hasattr(x, "__dict__"):
        return (type(x).__name__,) + tuple((k, norm(v, depth + 1))
                                           for k, v in sorted(vars(x).items()))
    return repr(x)


def form(state):
    """Every field both revisions know, read by name (a lazy view reads the same)."""
    return [(f, norm(getattr(state, f, None))) for f in FIELDS]


def run_game(n, kinds, seed, leaders):
    h = hashlib.sha256()
    players = [small_hard(seed + j) if k == "hard" else make_player(k, seed + j)
               for j, k in enumerate(kinds)]
    state = new_game(RULES, config(n, seed, leaders))
    steps = 0
    while not over(state) and steps < 20000:
        seat = acting_seat(state)
        legal = legal_actions(state)
        view = player_view(state, seat)
        rec = [seat, norm(legal), form(view)]
        action = players[seat].choose(view, legal)
        assert action in legal, action
        apply(state, action)
        rec += [norm(action), len(state.log) if state.log is not None else None]
        h.update(repr(rec).encode())
        steps += 1
    h.update(repr(form(state)).encode())
    return {"steps": steps, "hash": h.hexdigest()[:16]}


out = {}
for name, kinds, leaders, games in CASES:
    if only and name != only:
        continue
    out[name] = [run_game(len(kinds), kinds, 9001 + 7919 * i + len(kinds), leaders)
                 for i in range(games)]
print(json.dumps(out, sort_keys=True, indent=0))
'''


def board_fields(folder: Path, game: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", BOARD_WORKER, game, "--fields", "0"],
                          cwd=folder, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"{folder}: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def fingerprints(folder: Path, only: str | None, game: str = "star_realms",
                 fields: list[str] | None = None, old_rules: bool = False) -> dict:
    if game != "star_realms":
        args = [sys.executable, "-c", BOARD_WORKER, game, only or "", str(int(old_rules)),
                json.dumps(fields)]
        done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=7200)
        if done.returncode != 0:
            raise SystemExit(f"{folder}: {done.stderr[-2000:]}")
        return json.loads(done.stdout)
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
    p.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms")
    p.add_argument("--old-rules", action="store_true",
                   help="Arcs: the old-save rule switches, where this side has them")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(args.against)
        if not other.is_dir():
            other = export(args.against, Path(tmp))
        fields = None
        if args.game != "star_realms":  # the State fields both sides know, in our order
            theirs_f = set(board_fields(other, args.game))
            fields = [f for f in board_fields(ROOT, args.game) if f in theirs_f]
        this = fingerprints(ROOT, args.only, args.game, fields, args.old_rules)
        theirs = fingerprints(other, args.only, args.game, fields, args.old_rules)
    differ = sorted(k for k in this.keys() | theirs.keys() if this.get(k) != theirs.get(k))
    print(json.dumps({"bench": "engine_identity", "game": args.game,
                      "against": args.against,
                      "cases": len(this), "steps": sum(g["steps"] for v in this.values()
                                                        if isinstance(v, list) for g in v),
                      "differ": differ}))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
