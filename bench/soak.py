"""Long seeded soak: whole bot games in every mode, every invariant after every action.

Plays, across worker processes, a fixed mix of

* every multiplayer format with each seat count it allows (duel, ffa, hunter,
  hunter_first_blood, hydra2, hydra3, emperor, raid), random/greedy/easy bots, Frontiers,
  Colony Wars or both;
* every adventure × difficulty × player count (1–4) with mixed bots and the boss;
* whole bot campaigns (all twelve scenarios and the top-up; games counted per scenario).

Each game is guarded: the engine's runaway guard (:mod:`game.star_realms.engine.guard`), a deadline
checked between actions (a game over ``--game-seconds`` is a runaway) and a memory bound
(resident memory growing more than ``--game-mb`` within one game).  Prints one JSON line:
games per mode, errors, broken invariants, runaways, draws (turn caps), time, memory
and the highest counts the engine's guarded loops reached.  Every failure comes with
what reproduces it (mode, seats, sets, first seat, seed).

    python bench/soak.py [--games 20000] [--workers 2] [--seed 1] [--max-turns 400]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.ai.base import make_player
from game.star_realms.data import load_rules
from game.star_realms.engine import GameConfig, SeatConfig, guard, new_game
from game.star_realms.engine.adventure import DIFFICULTIES
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import State
from game.star_realms.sim import BossPilot, InvariantBroken, play

SETS = (("frontiers",), ("colony_wars",), ("frontiers", "colony_wars"))
BOTS = ("random", "greedy", "easy")
# Seat counts per format (every count each allows).  Any one box (the Core Set alone too)
# deals starters for 2–6 seats; seats_fit still picks only the sets whose boxes hold them,
# so six seats play both sets here (a choice of this soak, not a rule).
FORMAT_SEATS: dict[str, tuple[int, ...]] = {
    "duel": (2,), "ffa": (3, 4, 5, 6), "hunter": (3, 4, 5, 6),
    "hunter_first_blood": (3, 4, 5, 6), "hydra2": (4,), "hydra3": (6,), "emperor": (6,),
    "raid": (3, 4, 5, 6),
}
FORMAT_REPEATS = 3  # each format case this often per round (formats are the main game)
CAMPAIGNS_PER_ROUND = 2
SCENARIOS = 12


@dataclass(frozen=True)
class Unit:
    """One piece of work: a format or adventure game, or a whole campaign (12 games)."""

    kind: str  # "format" | "adventure" | "campaign"
    mode: str  # format id, adventure id, or "campaign"
    seats: int = 0  # seats for a format; players for an adventure
    difficulty: str = ""

    @property
    def games(self) -> int:
        return SCENARIOS if self.kind == "campaign" else 1


def round_units(db: Any) -> list[Unit]:
    """One round of the mix: every format case, every adventure cell, some campaigns."""
    units = [Unit("format", f, n) for _ in range(FORMAT_REPEATS)
             for f, counts in FORMAT_SEATS.items() for n in counts]
    for aid, adv in db.adventures.items():
        for d in DIFFICULTIES:
            units += [Unit("adventure", aid, p, d)
                      for p in range(adv.min_players, adv.max_players + 1)]
    units += [Unit("campaign", "campaign")] * CAMPAIGNS_PER_ROUND
    return units


def schedule(db: Any, games: int) -> list[Unit]:
    """Whole rounds, interleaved, until at least ``games`` games."""
    base = round_units(db)
    out: list[Unit] = []
    total = 0
    while total < games:
        for u in base:
            out.append(u)
            total += u.games
            if total >= games:
                break
    return out


def unit_seed(seed: int, index: int) -> int:
    return Rng(seed * 1_000_003 + index).next64() >> 1


# ---------------------------------------------------------------------- guarded play


class GameTimeout(Exception):
    """A game past its deadline (the soak's guard, checked between actions)."""


class GameMemory(Exception):
    """A game whose resident memory grew past the bound."""


def rss_mb() -> float:
    """Current resident memory (Linux /proc; elsewhere the peak, which only grows)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return peak_rss_mb()


def peak_rss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # bytes vs KiB


def guarded_play(state: State, players: list, max_turns: int, seconds: float,
                 game_mb: float) -> tuple[State, int]:
    """:func:`game.star_realms.sim.play` with invariants after every action, plus a deadline between
    actions and a memory bound.  Returns the state and the actions taken."""
    deadline = time.perf_counter() + seconds
    base_mb = rss_mb()
    actions = 0

    def watch(st: State) -> None:
        nonlocal actions
        actions += 1
        if time.perf_counter() > deadline:
            raise GameTimeout(f"over {seconds:g} s (turn {st.turn}, {actions} actions)")
        if actions % 256 == 0 and rss_mb() - base_mb > game_mb:
            raise GameMemory(f"resident memory grew over {game_mb:g} MB (turn {st.turn})")

    play(state, players, max_turns=max_turns, check=True, on_action=watch)
    return state, actions


def classify(exc: BaseException) -> str:
    if isinstance(exc, InvariantBroken):
        return "invariant_violations"
    if isinstance(exc, guard.RunawayTurn):
        return "runaways"
    if isinstance(exc, GameTimeout):
        return "timeouts"
    if isinstance(exc, GameMemory):
        return "memory_runaways"
    return "errors"


# ---------------------------------------------------------------------- one unit


def seat_kinds(rng: Rng, n: int) -> list[str]:
    """A mix of bots; at least one non-random seat so games tend to end."""
    kinds = [BOTS[rng.below(len(BOTS))] for _ in range(n)]
    if all(k == "random" for k in kinds):
        kinds[rng.below(n)] = "greedy"
    return kinds


def seats_fit(db: Any, sets: tuple[str, ...], seats: int) -> bool:
    """Whether the sets' boxes hold the starters (8 Scouts, 2 Vipers) for every seat, as
    printed cards would (the engine deals them whatever a box holds: issue 39)."""
    return (sum(db.sets[s].scouts for s in sets) >= 8 * seats
            and sum(db.sets[s].vipers for s in sets) >= 2 * seats)


def play_format(db: Any, u: Unit, seed: int, opts: dict, out: dict) -> None:
    rng = Rng(seed)
    kinds = seat_kinds(rng, u.seats)
    fits = [s for s in SETS if seats_fit(db, s, u.seats)]
    sets = fits[rng.below(len(fits))]
    first = None if rng.below(2) else rng.below(u.seats)
    config = GameConfig(sets=sets, format=u.mode, seed=seed, first=first,
                        seats=tuple(SeatConfig(f"{k} {j + 1}", k) for j, k in enumerate(kinds)))
    what = {"mode": u.mode, "seats": kinds, "sets": list(sets), "first": first, "seed": seed}
    run_game(db, config, kinds, what, u.mode, opts, out)


def play_adventure(db: Any, u: Unit, seed: int, opts: dict, out: dict) -> None:
    rng = Rng(seed)
    kinds = seat_kinds(rng, u.seats) + ["boss"]
    first = None if rng.below(2) else rng.below(u.seats)
    config = GameConfig(sets=("frontiers",), format=u.mode, seed=seed, first=first,
                        options=(("difficulty", u.difficulty),),
                        seats=tuple(SeatConfig(f"{k} {j + 1}", k) for j, k in enumerate(kinds)))
    what = {"mode": u.mode, "difficulty": u.difficulty, "seats": kinds,
            "sets": ["frontiers"], "first": first, "seed": seed}
    run_game(db, config, kinds, what, f"{u.mode}/{u.difficulty}", opts, out)


def run_game(db: Any, config: GameConfig, kinds: list[str], what: dict, mode: str,
             opts: dict, out: dict) -> State | None:
    out["modes"][mode] += 1
    out["games"] += 1
    t0 = time.perf_counter()
    try:
        players = [BossPilot() if k == "boss" else make_player(k, config.seed + j)
                   for j, k in enumerate(kinds)]
        state, actions = guarded_play(new_game(db, config), players, opts["max_turns"],
                                      opts["game_seconds"], opts["game_mb"])
    except Exception as exc:  # every failure is a result, with what reproduces it
        report(out, exc, what)
        return None
    finally:
        out["slowest"] = max(out["slowest"], round(time.perf_counter() - t0, 3))
    out["actions"] += actions
    out["max_actions"] = max(out["max_actions"], actions)
    if state.winners is None:
        out["draws"] += 1
        out["draw_games"].append({**what, "turns": state.turn - 1})
    return state


def report(out: dict, exc: BaseException, what: dict) -> None:
    key = classify(exc)
    out[key] += 1
    out["failures"].append({**what, "kind": key, "error": f"{type(exc).__name__}: {exc}"[:300]})
    traceback.print_exc(file=sys.stderr)
    print(f"soak {key}: {json.dumps(what)}", file=sys.stderr)


def play_campaign(db: Any, seed: int, opts: dict, out: dict) -> None:
    """A whole campaign with bots, like game.star_realms.campaign.auto.run_campaign, but
    each scenario game through the guarded loop (a failed game ends that campaign, reported)."""
    from game.star_realms.campaign import bots, flow
    from game.star_realms.campaign.auto import finish

    rng = Rng(seed)
    controllers = [BOTS[rng.below(len(BOTS))] for _ in range(2)]
    wishes = [(None, "star_empire", "trade_federation")[rng.below(3)] for _ in range(2)]
    c = flow.new_campaign(f"soak-{seed}", "soak", seed, [
        (f"{controllers[i]} {i + 1}", controllers[i], wishes[i]) for i in range(2)])
    while not c.played_all:
        scenario = c.scenario
        what = {"mode": "campaign", "scenario": scenario, "campaign_seed": seed,
                "seats": controllers, "wishes": wishes}
        try:
            if flow.needs_choice(c, db):
                flow.choose(c, db, bots.pick_option(c, db))
            config = flow.game_config(c, db)
        except Exception as exc:
            out["games"] += 1
            out["modes"][f"campaign/{scenario:02d}"] += 1
            report(out, exc, what)
            return
        what["seed"] = config.seed
        state = run_game(db, config, controllers, what, f"campaign/{scenario:02d}", opts, out)
        if state is None:
            return
        if state.winners is None:  # a stalemate between bots: the higher authority wins
            state.winners = (0 if state.authority(0) >= state.authority(1) else 1,)
        try:
            flow.record(c, db, state)
        except Exception as exc:
            report(out, exc, {**what, "mode": "campaign_record"})
            return
    try:
        finish(c, db)
        out["campaigns_finished"] += 1
    except Exception as exc:
        report(out, exc, {"mode": "campaign_topup", "campaign_seed": seed})


# ---------------------------------------------------------------------- workers


_DB: Any = None

COUNTS = ("games", "errors", "invariant_violations", "runaways", "timeouts",
          "memory_runaways", "draws", "actions", "campaigns_finished")


def job(args: tuple[int, list[Unit], int, dict]) -> dict:
    global _DB
    start, units, seed, opts = args
    if _DB is None:
        _DB = load_rules()
    if guard.PEAKS is None:  # measure how far the guarded loops go (kept per process)
        guard.PEAKS = {}
    out: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    out.update(modes=Counter(), failures=[], draw_games=[], slowest=0.0, max_actions=0)
    for i, u in enumerate(units):
        s = unit_seed(seed, start + i)
        if u.kind == "format":
            play_format(_DB, u, s, opts, out)
        elif u.kind == "adventure":
            play_adventure(_DB, u, s, opts, out)
        else:
            play_campaign(_DB, s, opts, out)
    out["start"] = start
    out["peaks"] = dict(guard.PEAKS)
    out["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return out


def merge(total: dict, res: dict) -> None:
    for key in COUNTS:
        total[key] += res[key]
    total["modes"].update(res["modes"])
    total["failures"] += res["failures"]
    total["draw_games"] += res["draw_games"]
    total["slowest"] = max(total["slowest"], res["slowest"])
    total["max_actions"] = max(total["max_actions"], res["max_actions"])
    total["peak_rss_mb"] = max(total["peak_rss_mb"], res["peak_rss_mb"])
    for k, v in res["peaks"].items():
        total["peaks"][k] = max(total["peaks"].get(k, 0), v)


def run(games: int, workers: int = 2, seed: int = 1, chunk: int = 200,
        max_turns: int = 400, game_seconds: float = 30.0, game_mb: float = 512.0,
        chunk_timeout: float = 900.0, units: list[Unit] | None = None) -> dict:
    """Play the soak; returns the summary (``units`` overrides the standard mix)."""
    db = load_rules()
    units = units if units is not None else schedule(db, games)
    opts = {"max_turns": max_turns, "game_seconds": game_seconds, "game_mb": game_mb}
    chunks = [(i, units[i:i + chunk], seed, opts) for i in range(0, len(units), chunk)]
    total: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    total.update(modes=Counter(), failures=[], draw_games=[], slowest=0.0, max_actions=0,
                 peaks={}, peak_rss_mb=0.0, stalled=[])
    t0 = time.perf_counter()
    if workers <= 1:
        saved = guard.PEAKS
        guard.PEAKS = {}  # (in this process: measured here, then put back as it was)
        try:
            for c in chunks:
                merge(total, job(c))
        finally:
            guard.PEAKS = saved
    else:
        with mp.Pool(workers) as pool:
            it = pool.imap_unordered(job, chunks)
            done: set[int] = set()
            for _ in chunks:
                try:  # a worker stuck inside one action would block for ever: report it
                    res = it.next(timeout=chunk_timeout)
                except mp.TimeoutError:
                    total["stalled"] = [
                        f"units {a}-{a + len(us) - 1} (seed {seed}) unfinished after "
                        f"{chunk_timeout:g} s" for a, us, _, _ in chunks if a not in done]
                    pool.terminate()
                    break
                done.add(res["start"])
                merge(total, res)
    total["seconds"] = round(time.perf_counter() - t0, 1)
    return total


def summary(total: dict, args: argparse.Namespace) -> dict:
    modes = total["modes"]
    formats = {f: modes[f] for f in FORMAT_SEATS}
    adventures: dict[str, dict[str, int]] = {}
    for key, n in sorted(modes.items()):
        if "/" in key and not key.startswith("campaign/"):
            aid, d = key.split("/")
            adventures.setdefault(aid, {})[d] = n
    scenarios = {k.split("/")[1]: n for k, n in sorted(modes.items())
                 if k.startswith("campaign/")}
    seconds = total["seconds"]
    return {
        "bench": "soak", "games": total["games"],
        "by_kind": {"formats": sum(formats.values()),
                    "adventures": sum(sum(d.values()) for d in adventures.values()),
                    "campaign": sum(scenarios.values())},
        "formats": formats, "adventures": adventures, "campaign_scenarios": scenarios,
        "campaigns_finished": total["campaigns_finished"],
        "errors": total["errors"], "invariant_violations": total["invariant_violations"],
        "runaways": total["runaways"], "timeouts": total["timeouts"],
        "memory_runaways": total["memory_runaways"], "stalled": total["stalled"],
        "failures": total["failures"][:20],
        "draws": total["draws"], "draw_games": total["draw_games"][:20],
        "actions": total["actions"],
        "max_actions_per_game": total["max_actions"],
        "slowest_game_seconds": total["slowest"],
        "guard_peaks": dict(sorted(total["peaks"].items())),
        "guard_limits": {"effect_ops": guard.MAX_EFFECT_OPS,
                         "boss_steps": guard.MAX_BOSS_STEPS},
        "peak_rss_mb_per_worker": total["peak_rss_mb"],
        "workers": args.workers, "seed": args.seed, "max_turns": args.max_turns,
        "game_seconds": args.game_seconds, "seconds": seconds,
        "games_per_second": round(total["games"] / seconds, 1) if seconds else 0.0,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20_000, help="at least this many games")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--chunk", type=int, default=200, help="units of work per task")
    p.add_argument("--max-turns", type=int, default=400,
                   help="a game still running after this many turns counts as a draw")
    p.add_argument("--game-seconds", type=float, default=30.0,
                   help="a game running longer is a runaway (checked between actions)")
    p.add_argument("--game-mb", type=float, default=512.0,
                   help="a game growing resident memory by more is a runaway")
    args = p.parse_args()
    total = run(args.games, args.workers, args.seed, args.chunk, args.max_turns,
                args.game_seconds, args.game_mb)
    print(json.dumps(summary(total, args)))
    bad = ("errors", "invariant_violations", "runaways", "timeouts", "memory_runaways")
    sys.exit(1 if any(total[k] for k in bad) or total["stalled"] else 0)


if __name__ == "__main__":
    main()
