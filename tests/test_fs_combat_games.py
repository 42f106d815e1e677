"""Whole random games with combat in play: hidden combat cards in every view, every
combat step reached, and the seeded soak of 200 games at 2, 3 and 4 players.

(The per-action invariants — dice at most 8, capacity after each order, orders
conserved, materiel never negative, the end by round 8 — are the hypothesis property in
test_fs_engine_games.py, whose random games now fight.)"""

from __future__ import annotations

from collections import Counter

import pytest

from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import HIDDEN, OVER, GameConfig
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.sim import simulate
from tests.test_fs_support import RULES


def test_no_view_ever_shows_a_rivals_hand_or_face_down_combat_card():
    seen_combats = 0
    for seed in range(6):
        state = new_game(RULES, GameConfig(2, seed))
        rng = Rng(seed)
        while state.step != OVER:
            c = state.combat
            if c is not None and not c.orbital:
                seen_combats += 1
                for seat in range(2):
                    view = player_view(state, seat).combat
                    for side in view.sides.values():
                        if side.seat == seat:
                            assert side.hand == c.sides[seat].hand
                            continue
                        assert set(side.hand) <= {HIDDEN}
                        if c.sides[side.seat].chosen and not c.sides[seat].peek:
                            assert side.chosen == HIDDEN
            acts = legal_actions(state)
            assert all(a.seat == acting_seat(state) for a in acts)
            apply(state, acts[rng.below(len(acts))])
    assert seen_combats > 0


def test_random_games_reach_every_combat_step():
    kinds: Counter[str] = Counter()
    tags: Counter[str] = Counter()
    for n in (2, 3):
        for seed in range(10):
            state = new_game(RULES, GameConfig(n, seed))
            rng = Rng(seed)
            while state.step != OVER:
                acts = legal_actions(state)
                apply(state, acts[rng.below(len(acts))])
                tags.update(e.tag for e in state.events)
            kinds.update(a.kind for a in state.log)
    for kind in ("strike", "play", "effect", "damage", "retreat"):
        assert kinds[kind] > 0, kind
    for tag in ("combat", "dice", "chosen", "revealed_card", "damaged", "routed", "rallied",
                "retreated", "combat_end"):
        assert tags[tag] > 0, tag


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_200_random_games_without_an_error(players):
    report = simulate(RULES, players, 200, seed=2024)
    assert report.errors == 0, report.error_seeds
    assert report.draws == 0 and report.games == 200
