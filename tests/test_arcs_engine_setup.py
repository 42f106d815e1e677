"""Arcs engine: «Подготовка» (RU p.4–5) — the setup card, the map it leaves, the
starting pieces and resources, the court, the action deck and the hands."""

from __future__ import annotations

from collections import Counter

import pytest

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import SetupError, new_game
from game.arcs.engine.slots import held
from game.arcs.engine.state import LEAD, REDRAW, Action, GameConfig

RULES = load_arcs_rules()


def start(n: int, seed: int = 1, card: str = ""):
    state = new_game(RULES, GameConfig(n, seed, card))
    if state.step == REDRAW:
        apply(state, Action("keep", 1))
    return state


def ships_on_map(state, seat: int) -> int:
    return sum(v[seat] for v in state.fresh.values()) + sum(
        v[seat] for v in state.damaged.values())


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_seat_places_its_starting_pieces_per_the_setup_card(n):
    """«Поместите 3 корабля и 1 город в систему, отмеченную 1A … Берите крайний слева
    город со своего планшета. Поместите 3 корабля и 1 космопорт в систему, отмеченную 1B.
    Поместите 2 корабля в систему (3–4 игрока) или в 2 системы (2 игрока)» — seats 2–4
    «в порядке по часовой стрелке от владельца инициативы»."""
    for seed in range(6):
        state = start(n, seed)
        card = next(c for c in RULES.setup_cards if c.id == state.setup_card)
        assert card.players == n
        for seat, box in enumerate(card.seats):
            assert state.fresh[box.a][seat] >= 3 and state.fresh[box.b][seat] >= 3
            for c in box.c:
                assert state.fresh[c][seat] >= 2
            city = [b for b in state.buildings[box.a] if b is not None]
            port = [b for b in state.buildings[box.b] if b is not None]
            assert (seat, "city") in [(b.seat, b.kind) for b in city]
            assert (seat, "starport") in [(b.seat, b.kind) for b in port]
            p = state.players[seat]
            on_map = 10 if n == 2 else 8
            assert ships_on_map(state, seat) == on_map and p.ships == 15 - on_map
            assert p.starports == 4 and p.cities_off == 1 and p.agents == 10
            # «2 жетона ресурсов с тем же символом, что и на планетах в его системах А и Б
            # … в две крайние слева круглые ячейки»
            assert held(p) == [RULES.map.systems[box.a].type,
                                   RULES.map.systems[box.b].type]
            assert state.resource_capacity(seat) == 3  # one city built: slot 3 open


def test_the_setup_card_is_random_among_those_of_the_player_count():
    """«Перемешайте карты подготовки для вашего количества игроков. Возьмите 1 случайную
    карту подготовки.»"""
    for n in (2, 3, 4):
        seen = {new_game(RULES, GameConfig(n, seed)).setup_card for seed in range(40)}
        assert seen == {c.id for c in RULES.setup_cards if c.players == n}
    assert new_game(RULES, GameConfig(3, 5, "homelands_3p")).setup_card == "homelands_3p"
    with pytest.raises(SetupError):
        new_game(RULES, GameConfig(3, 5, "homelands_2p"))
    with pytest.raises(SetupError):
        new_game(RULES, GameConfig(5, 5))


def test_out_of_play_clusters_leave_the_map_and_path_markers_join_the_gates():
    """«Эти регионы полностью находятся вне игры. Маркер пути соединяет врата двух
    ближайших регионов, позволяя попасть из одних в другие за 1 перемещение.»"""
    topo = start(4, card="frontiers_4p").topology  # cluster 5 out
    assert not any(s.startswith(("5.", "G5")) for s in topo.systems)
    assert len(topo.systems) == 20
    assert topo.adjacent("G4", "G6") and topo.path_edges == {frozenset(("G4", "G6"))}
    assert not topo.adjacent("5.3", "6.1") and "6.1" not in topo.neighbours("G5")
    assert topo.neighbours("G6") == ("6.1", "6.2", "6.3", "G1", "G4")
    topo = start(3, card="homelands_3p").topology  # 5 and 6, side by side: one long path
    assert topo.path_edges == {frozenset(("G4", "G1"))}
    assert topo.adjacent("2.3", "3.1")
    topo = start(2, card="frontiers_2p").topology  # 1 and 6
    assert topo.path_edges == {frozenset(("G5", "G2"))}
    topo = start(2, card="homelands_2p").topology  # 1 and 4: two paths
    assert topo.path_edges == {frozenset(("G6", "G2")), frozenset(("G3", "G5"))}
    for sid in topo.systems:  # every edge is between in-play systems
        assert all(n in topo.systems for n in topo.neighbours(sid))


@pytest.mark.parametrize("n, discard", [(2, 8), (3, 2), (4, 4)])
def test_hands_of_six_the_deck_for_the_count_and_the_court_row(n, discard):
    """«Перемешайте 20 карт действий с номерами от 2 до 6 … Только в партии на четверых.
    Замешайте 8 карт действий с номерами 1 и 7» · «Каждый игрок берёт 6 карт действий» ·
    «Сбросьте все не взятые карты действий в стопку сброса действий» · «Возьмите из неё
    3 карты (2 игрока) или 4 карты (3–4 игрока) и выложите их лицом вверх в ряд двора.»"""
    state = start(n)
    assert [len(p.hand) for p in state.players] == [6] * n
    assert len(state.action_discard) == discard and state.action_deck == []
    cards = [c for p in state.players for c in p.hand] + state.action_discard
    assert sorted(cards) == sorted(c.id for c in RULES.deck(n))
    numbers = {state.card(c).number for c in cards}
    assert numbers == ({1, 2, 3, 4, 5, 6, 7} if n == 4 else {2, 3, 4, 5, 6})
    row = 3 if n == 2 else 4
    assert len(state.court) == row and len(state.court_deck) == 31 - row
    assert all(c is not None and c.agents == [0] * n for c in state.court)
    # markers blue side up, the initiative with seat 0, who leads
    assert state.available == ["high", "mid", "low"] and state.flipped == []
    assert state.initiative == 0 and state.step == LEAD and state.chapter == 1
    assert state.marker_values("high") == (5, 3)


def test_two_players_put_the_covered_planets_resources_on_the_ambition_boxes():
    """«Только в партии на двоих. Поместите 6 жетонов ресурсов, совпадающих с 6
    планетами, накрытыми маркерами «вне игры», на клетки замыслов. Материалы и топливо –
    на клетку «Магнат». Оружие – на клетку «Полководец». Реликвии – на клетку
    «Хранитель». Психотехники – на клетку «Эмпат».»"""
    state = start(2, card="frontiers_2p")  # clusters 1 and 6
    assert Counter(state.ambition_tokens["tycoon"]) == {"fuel": 2, "material": 2}
    assert state.ambition_tokens["warlord"] == ["weapon"]
    assert state.ambition_tokens["empath"] == ["psionic"]
    assert state.ambition_tokens["keeper"] == [] and state.ambition_tokens["tyrant"] == []
    kept = sum(len(held(p)) for p in state.players)
    assert sum(state.supply.values()) == 25 - 6 - kept


def test_two_players_the_seat_without_the_initiative_may_take_a_new_hand():
    """«Только в партии на двоих. Игрок без жетона инициативы может сбросить все 6 карт
    действий из руки и взять 6 новых.»"""
    state = new_game(RULES, GameConfig(2, 3))
    assert state.step == REDRAW and state.turn == 1
    assert legal_actions(state) == [Action("redraw", 1), Action("keep", 1)]
    old = list(state.players[1].hand)
    apply(state, Action("redraw", 1))
    new = state.players[1].hand
    assert len(new) == 6 and not set(old) & set(new)
    assert set(old) <= set(state.action_discard) and len(state.action_discard) == 8
    assert state.step == LEAD and state.turn == 0
