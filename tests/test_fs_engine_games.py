"""Forbidden Stars engine: whole random legal games — what must always hold, replaying the
action log, what a seat may see, and the simulator."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.setup import new_game, replay
from game.forbidden_stars.engine.state import (
    COMBAT,
    CULL,
    EFFECT,
    HIDDEN,
    ORDER,
    OVER,
    SETUP,
    Action,
    GameConfig,
)
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.sim import simulate
from tests.test_fs_support import RULES, random_game

CAP = 5000  # actions: 8 rounds of a few dozen each, far under


def _check(state) -> None:
    topo = state.topology
    between_orders = state.step not in (ORDER, CULL, COMBAT, EFFECT)
    c = state.combat
    contested = {c.area, c.then} - {""} if c else set()  # Wave Serpent: the next one
    if state.order is not None and state.order.contested:
        contested.add(state.order.contested)
    in_combat = {s: side.reinf + side.reinf_routed for s, side in c.sides.items()} if c else {}
    for area, units in state.units.items():
        assert units and all(k > 0 for k in units.values())
        assert all(0 < k <= units[u] for u, k in state.routed.get(area, {}).items())
        seat = state.owner[area]
        if area not in contested:
            assert all(RULES.units[u].faction == state.faction(seat) for u in units)
        kind = "ground" if topo.areas[area].area.kind == "world" else "ship"
        assert all(RULES.units[u].type == kind for u in units)
        if between_orders:  # «Вместимость … после того как приказ разыгран» (RB p.10)
            assert sum(units.values()) <= topo.areas[area].area.capacity
    assert set(state.owner) == set(state.units) | {w for w, s in state.structures.items() if s}
    for p in state.players:
        assert 0 <= p.materiel <= RULES.constants["materiel_cap"]
        assert all(0 <= k <= RULES.constants["asset_limit"] for k in p.assets.values())
        board = Counter(o for stack in state.stacks.values() for s, o in stack if s == p.seat)
        resolving = Counter([state.order.token]) if (state.step in (ORDER, COMBAT, EFFECT)
                                                      and state.order
                                                      and state.order.token
                                                      and state.order.seat == p.seat) \
            else Counter()
        for o in RULES.orders:  # orders conserved: 2 of each type
            assert p.orders[o] + p.on_event_deck[o] + board[o] + resolving[o] == 2, o
        cards = list(p.combat_deck)
        if c and p.seat in c.sides:  # in a combat: the deck, the hand, the cards out
            side = c.sides[p.seat]
            cards += [*side.hand, *side.played, *side.icon_cards, *side.discard,
                      *([side.chosen] if side.chosen else [])]
            assert len(side.dice) <= 8
        assert len(cards) == 10 and Counter(cards) == dict.fromkeys(p.combat_types, 2)
        assert len(p.event_deck) + len(p.drawn) + len(p.schemes) == 8
        assert len(p.schemes) <= 1 and len(set(p.used_upgrades)) == len(p.used_upgrades)
    for asset in ("forge", "cache", "reinforcement"):
        held = sum(p.assets.get(asset, 0) for p in state.players)
        held += sum(in_combat.values()) if asset == "reinforcement" else 0
        assert held + state.supply[asset] == 12
    for s in RULES.structures.values():
        built = sum(ss.count(s.id) for ss in state.structures.values())
        assert built + state.supply[s.id] == s.supply
    for u in RULES.units.values():  # never more figures than the box holds
        assert sum(units.get(u.id, 0) for units in state.units.values()) <= u.figures
    assert len(set(state.storms)) == len(state.storms) <= 4
    assert all(b in topo.borders() for b in state.storms)


@settings(max_examples=25, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), quick=st.booleans())
def test_random_legal_games_keep_the_rules_and_end_by_round_eight(n, seed, quick):
    state = new_game(RULES, GameConfig(n, seed, quick_setup=quick))
    rng = Rng(seed)
    for _ in range(CAP):
        if state.step == OVER:
            break
        acts = legal_actions(state)
        assert acts and len(set(acts)) == len(acts)
        apply(state, acts[rng.below(len(acts))])
        if state.step != SETUP:  # the board is whole once the setup is over
            _check(state)
        assert state.round <= RULES.constants["rounds"]
    assert state.step == OVER and state.winners and legal_actions(state) == []
    best = max(p.objectives for p in state.players)
    assert all(state.players[w].objectives == best for w in state.winners)


def test_a_game_replays_exactly_from_its_log():
    for n in (2, 3, 4):
        state = random_game(n, 11)
        assert state.step == OVER
        again = replay(RULES, state.config, [Action.from_json(a.to_json()) for a in state.log])
        assert (again.units, again.structures, again.owner, again.objectives, again.storms,
                again.winners, again.round, [vars(p) for p in again.players]) == \
            (state.units, state.structures, state.owner, state.objectives, state.storms,
             state.winners, state.round, [vars(p) for p in state.players])


def test_random_games_play_every_order_and_step():
    kinds: Counter[str] = Counter()
    for n in (2, 3, 4):
        for seed in range(10):
            state = random_game(n, seed)
            kinds.update(a.kind for a in state.log)
    assert all(kinds[k] > 0 for k in ("place", "reveal", "resolve", "decline", "buy",
                                      "build", "upgrade", "combat", "move", "ground",
                                      "done", "destroy", "storm", "play", "effect",
                                      "damage", "strike", "scheme", "prosper"))


def test_views_never_show_a_rivals_face_down_order_or_any_deck_order():
    state = random_game(3, 4, until=lambda s: sum(len(x) for x in s.stacks.values()) >= 7)
    for seat in range(3):
        view = player_view(state, seat)
        for system, stack in view.stacks.items():
            assert all((o == HIDDEN) == (s != seat) for s, o in stack), system
        for p in view.players:
            assert set(p.combat_deck) == {HIDDEN} and set(p.event_deck) == {HIDDEN}
            assert p.combat_types == state.players[p.seat].combat_types  # public buys
    assert all(HIDDEN not in stack[0] for stack in state.stacks.values() if stack)


def test_simulate_reports_games_without_errors():
    report = simulate(RULES, 3, 6, seed=2)
    data = report.to_json()
    assert data["games"] == 6 and data["errors"] == 0 and data["draws"] == 0
    assert sum(report.wins) >= 6 and all(r <= 8 for r in report.rounds)
    assert data["games_per_second"] > 0


def test_a_clone_shares_nothing_that_changes():
    state = random_game(2, 3, until=lambda s: s.step == ORDER)
    other = state.clone()
    rng = Rng(1)
    while other.step != OVER:
        acts = legal_actions(other)
        apply(other, acts[rng.below(len(acts))])
    again = random_game(2, 3, until=lambda s: s.step == ORDER)
    assert (state.units, state.stacks, state.owner, [vars(p) for p in state.players],
            state.rng.state, state.order, len(state.log)) == \
        (again.units, again.stacks, again.owner, [vars(p) for p in again.players],
         again.rng.state, again.order, len(again.log))
