"""Fit the evaluation's logistic weights on positions from simulated games.

    python -m game.star_realms.ai.tune [--games 1500] [--seed 7] [--sets frontiers,colony_wars]

Plays Normal-vs-Normal (and a share of Normal-vs-Easy, for variety) duels, records
the evaluation features at the start of every turn from the point of view of the
seat about to play, labels each position with whether that seat went on to win,
and fits a logistic regression (Newton's method, light L2).  Prints the weights
to paste into ``game/star_realms/ai/evaluate.py`` and the held-out log-loss and accuracy of
the fitted and of the current weights.  Keep the ``cards`` weight at 1: the card values
are fitted on the logit's scale with the other weights held
(``python -m game.star_realms.ai.tune_cards``), so refit them after changing these.
"""

from __future__ import annotations

import argparse
import math

from game.star_realms.ai.evaluate import BIAS, FEATURES, WEIGHTS, Evaluator, logistic
from game.star_realms.ai.heuristic import EASY, NORMAL, HeuristicPlayer
from game.star_realms.engine.rng import game_seeds
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.engine.setup import new_game
from game.star_realms.engine.state import GameConfig, SeatConfig
from game.star_realms.engine.view import player_view


def collect(db, games: int, seed: int, sets: tuple[str, ...],
            names: tuple[str, ...] = FEATURES) -> list[tuple[list[float], int]]:
    ev = Evaluator()
    rows: list[tuple[list[float], int]] = []
    for i, gs in enumerate(game_seeds(seed, games)):
        config = GameConfig(sets=sets, seats=(SeatConfig("A"), SeatConfig("B")), seed=gs,
                            first=i % 2)
        st = new_game(db, config)
        other = EASY if i % 4 == 3 else NORMAL
        players = [HeuristicPlayer(gs, NORMAL), HeuristicPlayer(gs + 1, other)]
        if i % 2:
            players.reverse()
        game_rows: list[tuple[list[float], int]] = []
        last_turn = -1
        while st.winners is None and st.turn < 300:
            if st.turn != last_turn and st.pending is None:
                last_turn = st.turn
                me = st.active
                f = ev.features(player_view(st, me), me, 1 - me)
                game_rows.append(([f[k] for k in names], me))
            seat = acting_seat(st)
            legal = legal_actions(st)
            apply(st, players[seat].choose(player_view(st, seat), legal), validate=False)
        if st.winners:
            rows += [(x, 1 if me in st.winners else 0) for x, me in game_rows]
    return rows


def solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gauss-Jordan, partial pivoting): Newton's step of both fits."""
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[tuple[list[float], int]], l2: float = 1.0, iters: int = 12) -> list[float]:
    """Logistic regression by Newton's method; returns [bias, w1, ...]."""
    d = len(rows[0][0]) + 1
    w = [0.0] * d
    for _ in range(iters):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in rows:
            v = [1.0, *x]
            z = sum(wi * vi for wi, vi in zip(w, v, strict=True))
            p = logistic(z)
            g = p - y
            h = p * (1 - p)
            for i in range(d):
                grad[i] += g * v[i]
                hv = h * v[i]
                row = hess[i]
                for j in range(i, d):
                    row[j] += hv * v[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += l2 * w[i]
                hess[i][i] += l2
        step = solve_linear(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def score(rows: list[tuple[list[float], int]], w: list[float]) -> tuple[float, float]:
    loss = 0.0
    right = 0
    for x, y in rows:
        z = w[0] + sum(wi * xi for wi, xi in zip(w[1:], x, strict=True))
        p = min(max(logistic(z), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p > 0.5) == (y == 1)
    return loss / len(rows), right / len(rows)


def main() -> None:
    from game.star_realms.data import load_rules

    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--sets", default="frontiers,colony_wars")
    p.add_argument("--features", default=",".join(FEATURES),
                   help="which features to fit (any key of Evaluator.features)")
    args = p.parse_args()
    names = tuple(args.features.split(","))
    db = load_rules()
    rows = collect(db, args.games, args.seed, tuple(args.sets.split(",")), names)
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    w = fit(train)
    current = [BIAS] + [WEIGHTS.get(k, 0.0) for k in names]
    print(f"positions: {len(rows)} (train {len(train)}, test {len(test)})")
    print("fitted  log-loss {:.4f} accuracy {:.4f}".format(*score(test, w)))
    print("current log-loss {:.4f} accuracy {:.4f}".format(*score(test, current)))
    print(f"BIAS = {w[0]:.4f}")
    print("WEIGHTS = {")
    for k, v in zip(names, w[1:], strict=True):
        print(f'    "{k}": {v:.4f},')
    print("}")


if __name__ == "__main__":
    main()
