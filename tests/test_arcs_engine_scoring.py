"""Arcs engine: «Завершение главы» (RU p.18–19) — ambitions scored, markers returned and
flipped, the end of the game and its tie-break, the next deal."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply
from game.arcs.engine.scoring import places
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import LEAD, OVER, REDRAW, Action, GameConfig

RULES = load_arcs_rules()


def table(n: int, card: str = ""):
    state = new_game(RULES, GameConfig(n, 4, card))
    if state.step == REDRAW:
        apply(state, Action("keep", 1))
    for p in state.players:
        p.resources = []
    return state


def end_chapter(state) -> None:
    """Every hand empty: the holder's pass ends the chapter."""
    for p in state.players:
        p.hand = []
    apply(state, Action("pass_initiative", state.initiative))


def test_the_books_tycoon_example_a_tie_for_first_scores_second_place():
    """«„Магнат“ приносит 7 очков власти. У Марии 1 топливо и 1 карта гильдии материала,
    а у Даниила 2 материала. У них ничья, и оба получают по 3 очка власти. Мария могла бы
    получить на 2 очка власти больше по ячейке «+2 к выигранным замыслам», но не получает
    из-за ничьей.»"""
    state = table(3)
    state.markers_on["tycoon"] = ["high", "low"]  # 5/3 + 2/0: «приносит 7»
    state.available = ["mid"]
    maria, daniil, lina = state.players
    maria.resources = ["fuel"]
    maria.guild = ["mining_interest"]  # a Material guild card
    maria.cities_off = 4  # the «+2» city slot is open
    daniil.resources = ["material", "material"]
    end_chapter(state)
    assert (maria.power, daniil.power, lina.power) == (3, 3, 0)


def test_first_place_takes_the_big_values_and_the_city_bonus_once():
    """«Игрок, занявший первое место по замыслу, получает большее значение власти с
    каждого маркера на нём. Игрок, занявший второе место …, получает меньшее значение»;
    «Бонус власти за город. … получите дополнительно 2 очка власти, если … открыта ячейка
    города «+2 к выигранным замыслам», или 5 очков власти, если обе … открыты. Вы можете
    получить этот бонус власти только 1 раз за замысел»."""
    state = table(3)
    state.markers_on["tycoon"] = ["high", "low"]
    maria, daniil, lina = state.players
    maria.resources = ["fuel", "material"]
    maria.guild = ["mining_interest"]
    daniil.resources = ["material", "material"]
    lina.resources = ["fuel"]
    maria.cities_off = 5
    end_chapter(state)
    assert (maria.power, daniil.power, lina.power) == (5 + 2 + 5, 3 + 0, 0)


def test_ties_for_second_and_the_minimum():
    """«При ничьей за второе место никто из претендентов не получает власть. Минимальное
    количество. Нельзя получить власть за замысел, если у вас нет того, что учитывается
    при его исполнении.»  Weapon guild cards count for nothing («Карты оружия не
    учитываются для исполнения замыслов»)."""
    assert places([(0, 3), (1, 1), (2, 1)]) == (0, [])
    assert places([(0, 3), (1, 2), (2, 1)]) == (0, [1])
    assert places([(0, 2), (1, 2), (2, 1)]) == (-1, [0, 1])
    assert places([(0, 0), (1, 0)]) == (-1, [])
    assert places([(0, 1), (1, 0)]) == (0, [])
    state = table(3)
    state.markers_on["warlord"] = ["high"]
    state.players[0].guild = ["skirmishers"]  # Weapon
    state.players[1].resources = ["weapon"]
    end_chapter(state)
    assert [p.power for p in state.players] == [0, 0, 0]


def test_captives_return_after_tyrant_and_markers_return_and_flip():
    """«Начислив очки за «Тирана», верните всех пленников.» «Верните все маркеры замыслов в
    ячейки доступных маркеров на поле. Переверните ещё не перевёрнутый маркер замыслов с
    наименьшей властью на сторону с большей властью.»"""
    state = table(3)
    state.markers_on["tyrant"] = ["high"]
    state.available = ["mid", "low"]
    state.players[0].captives = [1, 1, 2]
    state.players[1].agents, state.players[2].agents = 8, 9
    state.players[2].captives = [0]
    state.players[0].agents = 9
    end_chapter(state)
    assert [p.power for p in state.players] == [5, 0, 3]
    assert [p.agents for p in state.players] == [10, 10, 10]
    assert all(p.captives == [] for p in state.players)
    assert state.markers_on["tyrant"] == [] and sorted(state.available) == [
        "high", "low", "mid"]
    assert state.flipped == ["low"] and state.marker_values("low") == (4, 2)
    # the flipped 2/0 (now 4/2) is still below 5/3: the highest is declared first
    assert state.available[0] == "high"
    assert state.chapter == 2 and state.step == LEAD
    assert [len(p.hand) for p in state.players] == [6, 6, 6]
    end_chapter(state)
    assert state.flipped == ["low", "mid"] and state.available[0] == "mid"  # 6/3
    end_chapter(state)
    assert state.flipped == ["low", "mid", "high"] and state.available[0] == "high"  # 9/4


def test_two_players_the_boxes_tokens_score_as_a_third_player():
    """«При начислении очков учитывайте эти ресурсы, как если бы они были у третьего
    игрока. Оружие на клетке «Полководца» считается трофеями.»"""
    state = table(2, "frontiers_2p")  # Tycoon holds 2 Material + 2 Fuel, Warlord 1 Weapon
    state.markers_on["tycoon"] = ["high"]
    state.markers_on["warlord"] = ["mid"]
    state.players[0].resources = ["material", "fuel", "material"]  # 3 < 4: second
    state.players[1].trophies = [(0, "ship")]  # 1 = 1: tie for first, both second
    state.players[0].ships -= 1
    end_chapter(state)
    assert [p.power for p in state.players] == [3, 2]
    assert state.players[0].ships == 5  # «Начислив очки за «Полководца», верните все трофеи»


def test_the_game_ends_at_the_power_goal_of_the_player_count():
    """«Партия заканчивается, когда хотя бы один участник наберёт 27 очков власти
    (4 игрока), 30 очков власти (3 игрока) или 33 очка власти (2 игрока)»."""
    for n, goal in ((2, 33), (3, 30), (4, 27)):
        state = table(n)
        state.players[1].power = goal - 1
        end_chapter(state)
        assert state.step == LEAD or state.step == REDRAW
        state = table(n)
        state.players[1].power = goal
        end_chapter(state)
        assert state.step == OVER and state.winner == 1
        assert state.events[-1].tag == "game_over"


def test_the_game_ends_after_chapter_five():
    """«… либо если маркер главы находится на главе 5.»"""
    state = table(3)
    for chapter in range(1, 6):
        assert state.chapter == chapter and state.step != OVER
        end_chapter(state)
    assert state.step == OVER and state.chapter == 5


def test_a_tie_goes_to_the_earlier_seat_in_turn_order():
    """«Если партия закончилась, побеждает участник с наибольшей властью. При ничьей
    побеждает игрок, стоящий раньше в порядке хода.» — turn order runs from the
    initiative holder clockwise."""
    state = table(4)
    state.chapter = 5
    state.initiative = state.turn = 2
    for p, power in zip(state.players, (20, 20, 12, 20), strict=True):
        p.power = power
    end_chapter(state)
    assert state.winner == 3  # order 2, 3, 0, 1: seat 3 comes first of the tied
