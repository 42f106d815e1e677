"""Fit the evaluation's card values on pairs of positions one choice apart.

    python -m game.star_realms.ai.tune_cards [--games 300] [--seed 4242] [--write]

Hard compares the candidates of a decision by the evaluation of where each leads one
round later, so what the evaluation must get right is the *difference* between
positions one choice apart -- above all two decks that differ by the card just
bought.  A fit of whole games' outcomes (``tune.py``) does not train for that.  This
one does:

1. Normal-vs-Normal duels; at a sample (``--rate``) of the decisions Hard would search,
   every candidate Hard would list is played as Hard plays it -- one round of Normal
   play in each of ``--worlds`` determinizations of the seat's view, the same deal and
   the same ties for every candidate -- and the position reached is noted;
2. from there Normal plays on to the game's end: the label (did the seat win?);
3. two candidates of the same world that ended differently make a pair; a
   conditional logit, P(this one won | exactly one of the two won) = σ(z₁ − z₂), is
   fitted on them by Newton's method (light L2), with the evaluation's other weights
   held at their values, so only the card values move: what a card's share of its
   owner's deck adds to the logit (``Evaluator``'s ``cards`` feature).

The games whose index is a multiple of 5 are held out; the pair log-loss of the
values in use and of the fit is printed.  ``--write`` replaces
``game/star_realms/ai/card_values.py``.  Everything is seeded: the same command gives
the same values.
"""

from __future__ import annotations

import argparse
import math
import random
import textwrap
from collections.abc import Iterator
from pathlib import Path

from game.star_realms.ai.determinize import CannotDeterminize, determinize
from game.star_realms.ai.evaluate import Evaluator, logistic
from game.star_realms.ai.heuristic import NORMAL, HeuristicPlayer
from game.star_realms.ai.knowledge import owned_cards
from game.star_realms.ai.search import Candidate, HardPlayer
from game.star_realms.ai.tune import solve_linear
from game.star_realms.engine.rng import game_seeds
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import GameConfig, SeatConfig, State
from game.star_realms.engine.view import player_view

SETS = ("frontiers", "colony_wars")
OUTPUT = Path(__file__).with_name("card_values.py")
# A pair: the logit difference without the card term, the card shares' difference
# (sparse), and whether the first of the two won.
Pair = tuple[float, dict[str, float], int]


def deck_shares(state: State, seat: int) -> dict[str, float]:
    """Each card's share of what the seat owns (the ``cards`` feature's input)."""
    owned = owned_cards(state, seat)
    out: dict[str, float] = {}
    for c in owned:
        key = state.cards[c].id
        out[key] = out.get(key, 0.0) + 1.0 / len(owned)
    return out


def _sample(ev: Evaluator, st: State, me: int) -> tuple[float, dict[str, float]]:
    """The logit of ``ev`` (which has no card values: the weights held), and my card
    shares less my rival's."""
    opp = 1 - me
    shares = deck_shares(st, me)
    for key, v in deck_shares(st, opp).items():
        shares[key] = shares.get(key, 0.0) - v
    return ev.logit(st, me, opp), shares


def _pairs_of(world: list[tuple[float, dict[str, float], int | None]]) -> Iterator[Pair]:
    """The pairs of one world's candidates: every two that ended differently."""
    for j, (zj, sj, yj) in enumerate(world):
        for zk, sk, yk in world[j + 1:]:
            if yj is None or yk is None or yj == yk:
                continue
            diff = dict(sj)
            for key, v in sk.items():
                diff[key] = diff.get(key, 0.0) - v
            yield zj - zk, {k: v for k, v in diff.items() if abs(v) > 1e-12}, int(yj > yk)


def _decision_pairs(hard: HardPlayer, ev: Evaluator, view: State, seat: int,
                    cands: list[Candidate], worlds: int, max_actions: int) -> list[Pair]:
    """One decision's pairs: its candidates played as Hard plays them, one round into
    each of ``worlds`` deals, then on to the game's end by Normal."""
    out: list[Pair] = []
    for _ in range(worlds):
        try:
            det = determinize(view, hard.rng)
        except CannotDeterminize:
            break  # (as Hard: a view it cannot deal is left to Normal)
        ties = hard.tiebreak.getrandbits(64)
        world: list[tuple[float, dict[str, float], int | None]] = []
        for a, bans in cands:
            hard.rollout.tiebreak.seed(ties)  # the same ties for every candidate
            st = det.clone()
            apply(st, a, validate=False, undo=False)
            hard.playout(st, seat, bans)
            z, shares = _sample(ev, st, seat)
            for _n in range(max_actions):
                if st.winners is not None:
                    break
                apply(st, hard.rollout.playout_step(st), validate=False, undo=False)
            world.append((z, shares, None if not st.winners else int(seat in st.winners)))
        out += _pairs_of(world)
    return out


def game_pairs(db, index: int, game_seed: int, rate: float = 0.15, worlds: int = 8,
               max_actions: int = 3000) -> list[Pair]:
    """The pairs of one seeded Normal-vs-Normal duel (``index`` picks the first seat)."""
    ev = Evaluator(card_values={})  # the logit without the term being fitted
    out: list[Pair] = []
    config = GameConfig(sets=SETS, seed=game_seed, first=index % 2,
                        seats=(SeatConfig("A", "normal"), SeatConfig("B", "normal")))
    st = new_game(db, config)
    players = [HeuristicPlayer(game_seed, NORMAL), HeuristicPlayer(game_seed + 1, NORMAL)]
    hard = HardPlayer(game_seed + 7)
    pick = random.Random(game_seed)
    while st.winners is None and st.turn <= 1000:
        seat = acting_seat(st)
        legal = legal_actions(st)
        view = player_view(st, seat)
        action = players[seat].choose(view, legal)
        if len(legal) > 1 and pick.random() < rate and action.kind not in ("claim", "gambit"):
            cands = hard.candidates(view, legal, action)
            if len(cands) > 1:
                out += _decision_pairs(hard, ev, view, seat, cands, worlds, max_actions)
        apply(st, action, validate=action not in legal)
    return out


_DB = None


def _worker(job: tuple[int, int, float, int]) -> list[Pair]:
    global _DB
    if _DB is None:
        from game.star_realms.data import load_rules  # lazy: each worker loads once

        _DB = load_rules()
    return game_pairs(_DB, *job)


def collect(db, games: int, seed: int, rate: float = 0.15, worlds: int = 8,
            jobs: int = 1) -> tuple[list[Pair], list[Pair]]:
    """(training pairs, held-out pairs) from ``games`` seeded duels; the games whose
    index is a multiple of 5 are held out.  ``jobs`` worker processes play them (the
    result is the same)."""
    todo = [(i, gs, rate, worlds) for i, gs in enumerate(game_seeds(seed, games))]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor  # lazy: only with --jobs

        with ProcessPoolExecutor(jobs) as pool:
            per_game = list(pool.map(_worker, todo, chunksize=1))
    else:
        per_game = [game_pairs(db, *job) for job in todo]
    train: list[Pair] = []
    test: list[Pair] = []
    for (i, *_), got in zip(todo, per_game, strict=True):
        (test if i % 5 == 0 else train).extend(got)
    return train, test


def fit(pairs: list[Pair], l2: float = 1.5, iters: int = 10) -> dict[str, float]:
    """Card values by Newton's method on the pairs' conditional logit."""
    keys = sorted({k for _, d, _ in pairs for k in d})
    index = {k: i for i, k in enumerate(keys)}
    rows = [(off, [(index[k], v) for k, v in d.items()], y) for off, d, y in pairs]
    n = len(keys)
    w = [0.0] * n
    for _ in range(iters):
        grad = [l2 * wi for wi in w]
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            hess[i][i] = l2
        for off, d, y in rows:
            p = logistic(off + sum(w[i] * v for i, v in d))
            g, h = p - y, p * (1.0 - p)
            for i, v in d:
                grad[i] += g * v
                row, hv = hess[i], h * v
                for j, u in d:
                    row[j] += hv * u
        step = solve_linear(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(map(abs, step), default=0.0) < 1e-6:
            break  # converged
    return {k: w[index[k]] for k in keys}


def log_loss(pairs: list[Pair], values: dict[str, float]) -> float:
    total = 0.0
    for off, d, y in pairs:
        p = min(max(logistic(off + sum(values.get(k, 0.0) * v for k, v in d.items())), 1e-9),
                1 - 1e-9)
        total -= math.log(p if y else 1.0 - p)
    return total / max(len(pairs), 1)


def module_text(values: dict[str, float], command: str) -> str:
    lines = [
        '"""What a card\'s share of its owner\'s deck adds to the evaluation\'s logit',
        "(``Evaluator``'s ``cards`` feature): a card is worth ``value / deck size`` to the",
        "seat that owns it.  Only differences matter (a constant added to every value",
        "cancels between the two seats).  Written by",
        "",
        *textwrap.wrap(command, 84, initial_indent="    ", subsequent_indent="        "),
        "",
        'do not edit by hand (docs/ai.md, "card values")."""',
        "",
        "CARD_VALUES: dict[str, float] = {",
    ]
    lines += [f'    "{k}": {v:.3f},' for k, v in sorted(values.items())]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    from game.star_realms.ai.card_values import CARD_VALUES
    from game.star_realms.data import load_rules

    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--seed", type=int, default=4242)
    p.add_argument("--rate", type=float, default=0.15)
    p.add_argument("--worlds", type=int, default=8)
    p.add_argument("--l2", type=float, default=1.5)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (same result)")
    p.add_argument("--write", action="store_true",
                   help=f"replace {OUTPUT.name} with the fitted values")
    args = p.parse_args()
    train, test = collect(load_rules(), args.games, args.seed, args.rate, args.worlds,
                          args.jobs)
    values = fit(train, args.l2)
    print(f"pairs: train {len(train)}, held out {len(test)}; cards {len(values)}")
    print(f"held-out pair log-loss: in use {log_loss(test, CARD_VALUES):.4f}, "
          f"none {log_loss(test, {}):.4f}, fitted {log_loss(test, values):.4f}")
    if args.write:
        command = (f"python -m game.star_realms.ai.tune_cards --games {args.games} "
                   f"--seed {args.seed} --rate {args.rate} --worlds {args.worlds} "
                   f"--l2 {args.l2} --write")
        OUTPUT.write_text(module_text(values, command), encoding="utf-8")
        print(f"written: {OUTPUT}")


if __name__ == "__main__":
    main()
