"""Arcs engine: whole games — what a seat may see, replaying the action log, and random
legal games (tax, influence, secure, build, repair, move, hyperjumps, battles) keeping the
box's pieces and resources (RU p.2: «15 кораблей, 10 агентов, 5 космопортов, 5
городов»; «25 жетонов ресурсов»)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game, replay
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, DRAFT, HIDDEN, OVER, Action, GameConfig
from game.arcs.engine.view import player_view

RULES = load_arcs_rules()
CAP = 3000  # actions: 5 chapters of at most 6 rounds each, well under


def play(n: int, seed: int, until=None):
    state = new_game(RULES, GameConfig(n, seed))
    rng = Rng(seed ^ 0x5A5A)
    steps = 0
    while state.step != OVER and steps < CAP and not (until and until(state)):
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])
        steps += 1
    return state


def summary(state) -> tuple:
    return (state.step, state.chapter, state.initiative, state.winner,
            [(p.hand, p.power, p.resources, p.agents, p.captives, p.guild, p.ships,
              p.starports, p.cities_off) for p in state.players],
            state.fresh, state.damaged, state.buildings,
            [(c.card, c.agents) if c else None for c in state.court], state.court_deck,
            state.action_discard, state.supply, state.markers_on, state.flipped)


def test_a_game_replays_exactly_from_its_log():
    for n in (2, 3, 4):
        state = play(n, 11)
        assert state.step == OVER
        again = replay(RULES, state.config, [Action.from_json(a.to_json())
                                             for a in state.log])
        assert summary(again) == summary(state)


def test_random_games_play_every_map_action():
    """Build, repair, move, the hyperjump and battles all happen in random legal games,
    and pieces get built damaged where a rival rules."""
    kinds: Counter[str] = Counter()
    damaged_builds = 0
    for n in (2, 3, 4):
        for seed in range(4):
            state = new_game(RULES, GameConfig(n, seed))
            rng = Rng(seed)
            while state.step != OVER:
                acts = legal_actions(state)
                apply(state, acts[rng.below(len(acts))])
                damaged_builds += sum(1 for e in state.events
                                      if e.tag == "built" and e.damaged)
            assert state.log is not None
            kinds.update(a.kind for a in state.log)
    assert all(kinds[k] > 0 for k in ("build", "repair", "move", "jump", "stop", "battle",
                                      "die", "roll", "hit"))
    assert damaged_builds > 0


def test_views_hide_hands_face_down_cards_and_deck_orders():
    """«Скопировать. Разыграйте любую карту действия лицевой стороной вниз.»
    «Поместите её лицевой стороной вниз под разыгранную карту»; the action discard lies
    «лицевой стороной вниз»; the court deck is a deck."""
    state = play(4, 5, until=lambda s: any(m == "copy" for _, _, m in s.plays)
                 and s.seize_cards)
    assert any(m == "copy" for _, _, m in state.plays) and state.seize_cards
    for seat in range(4):
        view = player_view(state, seat)
        for p in view.players:
            real = state.players[p.index].hand
            assert p.hand == real if p.index == seat else p.hand == [HIDDEN] * len(real)
        for (s, c, mode), (_, real, _) in zip(view.plays, state.plays, strict=True):
            assert c == (HIDDEN if mode == "copy" and s != seat else real)
        for (s, c), (_, real) in zip(view.seize_cards, state.seize_cards, strict=True):
            assert c == (real if s == seat else HIDDEN)
        assert set(view.action_discard) <= {HIDDEN} and set(view.court_deck) == {HIDDEN}
        assert len(view.court_deck) == len(state.court_deck)
        assert view.log is None and view.config.seed == 0 and view.rng.state == 0
        assert [c.card for c in view.court if c] == [c.card for c in state.court if c]
    # the view is a copy: the real game is untouched
    assert all(HIDDEN not in p.hand for p in state.players)


def _count(state, seat: int) -> dict[str, int]:
    p = state.players[seat]
    trophies = [k for q in state.players for o, k in q.trophies if o == seat]
    buildings = [b.kind for slots in state.buildings.values() for b in slots
                 if b is not None and b.seat == seat]
    return {
        "ships": p.ships + sum(v[seat] for v in state.fresh.values())
        + sum(v[seat] for v in state.damaged.values()) + trophies.count("ship"),
        "starports": p.starports + buildings.count("starport") + trophies.count("starport"),
        "cities": (5 - p.cities_off) + buildings.count("city") + trophies.count("city"),
        "agents": p.agents + sum(c.agents[seat] for c in state.court if c)
        + sum(q.captives.count(seat) for q in state.players) + trophies.count("agent")
        + p.outrage_agents,
    }


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32), leaders=st.booleans())
def test_random_legal_games_conserve_pieces_and_resources_and_end(n, seed, leaders):
    """Also with Leaders & Lore (RU p.21): the draft, the leaders' pieces and abilities."""
    state = new_game(RULES, GameConfig(n, seed, leaders=leaders))
    rng = Rng(seed)
    whole = {"ships": 15, "starports": 5, "cities": 5, "agents": 10}
    power = [0] * n
    cards = sorted(c.id for c in RULES.deck(n))
    for _ in range(CAP):
        if state.step == OVER:
            break
        acts = legal_actions(state)
        assert acts
        apply(state, acts[rng.below(len(acts))])
        for seat in range(n):
            assert _count(state, seat) == whole
            p = state.players[seat]
            assert min(p.ships, p.starports, p.agents) >= 0 and 0 <= p.cities_off <= 5
        assert all(v >= 0 for m in (state.fresh, state.damaged) for vs in m.values()
                   for v in vs)
        assert state.jump is None or state.step == ACT
        assert state.battle is None or state.step == ACT
        kept = sum(len(held(p)) for p in state.players) + sum(
            len(t) for t in state.ambition_tokens.values()) + len(state.spent)
        kept += len(state.incoming)  # taken, waiting for a slot (engine slots.py)
        assert kept + sum(state.supply.values()) == 25
        assert all(v >= 0 for v in state.supply.values())
        now = [p.power for p in state.players]
        assert all(a >= b for a, b in zip(now, power, strict=True))
        power = now
        in_game = ([c for p in state.players for c in p.hand] + state.action_discard
                   + state.action_deck + [c for _, c, _ in state.plays]
                   + [c for _, c in state.seize_cards])
        assert sorted(in_game) == (cards if state.step != DRAFT else [])  # dealt after it
        assert len(state.markers_on) == 5 and len(
            state.available) + sum(len(m) for m in state.markers_on.values()) == 3
    assert state.step == OVER and state.winner is not None
    assert legal_actions(state) == []
    top = max(p.power for p in state.players)
    assert state.players[state.winner].power == top
