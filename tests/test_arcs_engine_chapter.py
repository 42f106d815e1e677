"""Arcs engine: «Розыгрыш главы» (RU p.8–11) — leading, passing the initiative,
surpass / copy / pivot, seizing, who leads the next round, declaring an ambition."""

from __future__ import annotations

import pytest

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import IllegalAction, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import ACT, DECIDE, FOLLOW, LEAD, Action, GameConfig

RULES = load_arcs_rules()


def table(*hands: list[str], seed: int = 2):
    """A game of len(hands) players whose hands are these cards."""
    state = new_game(RULES, GameConfig(len(hands), seed))
    if state.n == 2:
        apply(state, Action("keep", 1))
    for p, hand in zip(state.players, hands, strict=True):
        p.hand = list(hand)
    return state


def kinds(state) -> set[str]:
    return {a.kind for a in legal_actions(state)}


def test_the_initiative_holder_leads_or_passes():
    """«Если вы владелец инициативы, вы должны разыграть одну карту действия лицевой
    стороной вверх в качестве главной. Вы выполняете одно действие … за каждый символ
    действия на главной карте»; «… или вы хотите просто пропустить ход, вы должны
    передать инициативу.»"""
    state = table(["construction_4", "mobilization_2"], ["aggression_3"], ["administration_2"])
    assert legal_actions(state) == [Action("lead", 0, card="construction_4"),
                                    Action("lead", 0, card="mobilization_2"),
                                    Action("pass_initiative", 0)]
    apply(state, Action("lead", 0, card="construction_4"))  # Construction 4: Warlord
    assert state.step == DECIDE
    apply(state, Action("proceed", 0))
    assert state.step == ACT and state.budget == 3 and state.budget_suit == "construction"
    # Construction: build or repair (nothing is damaged yet), or be done; in the
    # prelude the seat may also spend its resources («Пролог», RU p.17)
    assert kinds(state) == {"build", "spend", "done"}


def test_passing_gives_the_initiative_to_the_next_seat_with_cards_and_ends_the_round():
    """«Её получит следующий по часовой стрелке игрок, у которого есть карты в руке.
    Затем немедленно закончите раунд. Этот же игрок разыграет главную карту нового
    раунда.»"""
    state = table(["construction_4"], [], ["administration_2"])
    apply(state, Action("pass_initiative", 0))
    assert state.initiative == 2 and state.turn == 2 and state.step == LEAD
    assert state.players[0].hand == ["construction_4"]


def test_when_every_seat_with_cards_passes_the_chapter_ends():
    """«Если все игроки с картами в руке пропускают ход, сбросьте все карты действий и
    завершите главу.»"""
    state = table(["construction_4"], ["mobilization_3"], [])
    apply(state, Action("pass_initiative", 0))
    assert state.chapter == 1
    apply(state, Action("pass_initiative", 1))
    assert state.chapter == 2 and [len(p.hand) for p in state.players] == [6, 6, 6]


def test_surpass_copy_and_pivot():
    """«Перебить. … той же масти, что и главная. Её номер должен быть больше, чем номер
    главной. Ваш максимум выполняемых действий равен количеству символов действий на
    вашей карте. Скопировать. Разыграйте любую карту действия лицевой стороной вниз. Вы
    можете выполнить только одно действие с главной карты. Изменить. … масть которой
    отличается от главной. … Вы можете выполнить только одно действие с вашей карты.»"""
    state = table(["administration_4"],
                  ["administration_3", "administration_6", "aggression_2"],
                  ["administration_5"])
    apply(state, Action("lead", 0, card="administration_4"))
    apply(state, Action("proceed", 0))
    apply(state, Action("done", 0))
    assert state.step == FOLLOW and state.turn == 1
    legal = legal_actions(state)
    # a lower card of the lead suit can only be copied
    assert Action("surpass", 1, card="administration_3") not in legal
    assert Action("copy", 1, card="administration_3") in legal
    assert Action("surpass", 1, card="administration_6") in legal
    assert Action("pivot", 1, card="aggression_2") in legal
    assert Action("pivot", 1, card="administration_6") not in legal
    apply(state, Action("pivot", 1, card="aggression_2"))
    apply(state, Action("proceed", 1))  # may seize: declines
    assert (state.budget, state.budget_suit) == (1, "aggression")
    apply(state, Action("done", 1))
    apply(state, Action("surpass", 2, card="administration_5"))
    assert state.step == ACT  # no card left to seize with
    assert (state.budget, state.budget_suit) == (3, "administration")  # Admin 5: 3 pips


def test_copy_gives_one_action_of_the_lead_suit():
    state = table(["mobilization_2"], ["construction_6", "aggression_2"])
    apply(state, Action("lead", 0, card="mobilization_2"))
    apply(state, Action("proceed", 0))
    apply(state, Action("done", 0))
    apply(state, Action("copy", 1, card="construction_6"))
    apply(state, Action("proceed", 1))
    assert (state.budget, state.budget_suit) == (1, "mobilization")


def test_the_highest_surpassing_card_leads_the_next_round():
    """«Если в этом раунде никто не перехватывал инициативу, передайте её маркер игроку,
    который перебил картой с наибольшим номером. Если никто не перебивал, инициатива
    остаётся у текущего владельца.» — «нужна карта с большим номером, чем на главной, а
    не на всех разыгранных!»"""
    state = table(["construction_2", "construction_3"], ["construction_6", "mobilization_2"],
                  ["construction_4", "mobilization_3"])
    apply(state, Action("lead", 0, card="construction_2"))
    apply(state, Action("proceed", 0))
    apply(state, Action("done", 0))
    apply(state, Action("surpass", 1, card="construction_6"))
    apply(state, Action("proceed", 1))
    apply(state, Action("done", 1))
    # 4 < 6, but it surpasses the lead (2)
    apply(state, Action("surpass", 2, card="construction_4"))
    apply(state, Action("proceed", 2))
    apply(state, Action("done", 2))
    assert state.initiative == 1 and state.step == LEAD and state.turn == 1
    assert sorted(state.action_discard[-3:]) == ["construction_2", "construction_4",
                                                 "construction_6"]
    # nobody surpasses: the initiative stays
    apply(state, Action("lead", 1, card="mobilization_2"))
    apply(state, Action("proceed", 1))
    apply(state, Action("done", 1))
    apply(state, Action("copy", 2, card="mobilization_3"))
    apply(state, Action("done", 2))
    apply(state, Action("pivot", 0, card="construction_3"))
    apply(state, Action("done", 0))
    assert state.initiative == 1


def test_seizing_with_an_extra_face_down_card():
    """«Разыграйте дополнительную карту действия. Поместите её лицевой стороной вниз под
    разыгранную карту в качестве напоминания. Вы не получаете действий с ней.» «Если
    кто-то из игроков перехватывал инициативу в этом раунде, он оставляет инициативу у
    себя.» «До конца раунда игроки не могут перехватывать инициативу.» «Владелец
    инициативы не может перехватывать её.»"""
    state = table(["aggression_2"], ["mobilization_2", "construction_5"],
                  ["aggression_6", "construction_3"])
    apply(state, Action("lead", 0, card="aggression_2"))
    assert "seize" not in kinds(state)  # the holder cannot seize
    apply(state, Action("proceed", 0))
    apply(state, Action("done", 0))
    apply(state, Action("pivot", 1, card="mobilization_2"))
    assert Action("seize", 1, card="construction_5") in legal_actions(state)
    apply(state, Action("seize", 1, card="construction_5"))
    assert state.players[1].hand == [] and state.budget == 1  # no actions from it
    apply(state, Action("done", 1))
    apply(state, Action("surpass", 2, card="aggression_6"))
    assert state.step == ACT and "seize" not in kinds(state)  # already seized
    apply(state, Action("done", 2))
    assert state.initiative == 1  # the seizer keeps it over the highest surpass
    assert "construction_5" in state.action_discard


def test_surpassing_with_a_seven_must_seize():
    """«Перебейте главную карту картой с 7. Вы всё равно можете выполнять действия с ней.»
    «Перебивая картой с 7, вы обязаны перехватить инициативу, если она ещё не была
    перехвачена.»"""
    state = table(["mobilization_3"], ["mobilization_7", "aggression_1"],
                  ["aggression_2"], ["construction_2"])
    apply(state, Action("lead", 0, card="mobilization_3"))
    apply(state, Action("proceed", 0))
    apply(state, Action("done", 0))
    apply(state, Action("surpass", 1, card="mobilization_7"))
    assert state.seized_by == 1 and state.step == ACT and state.budget == 1
    assert state.budget_suit == "mobilization"
    apply(state, Action("done", 1))
    apply(state, Action("copy", 2, card="aggression_2"))
    assert "seize" not in kinds(state)


def test_declaring_an_ambition_with_the_lead_card():
    """«Перед выполнением действий Мария объявляет замысел «Полководец» со своей карты.
    Она помещает доступный маркер замысла с наибольшей властью на клетку замысла
    «Полководец» на поле. Затем она накрывает номер карты маркером нуля, делая тот
    равным 0. У неё по-прежнему есть 3 символа действий!» · «Лина … разыгрывает карту
    проектирования с 5. Масть совпадает с главной, а номер больше 0, поэтому она перебила
    карту и выполняет строительство дважды.»"""
    state = table(["construction_4"], ["aggression_3"], ["construction_2"])
    apply(state, Action("lead", 0, card="construction_4"))
    assert legal_actions(state) == [Action("declare", 0, target="warlord"),
                                    Action("proceed", 0)]
    apply(state, Action("declare", 0, target="warlord"))
    assert state.markers_on["warlord"] == ["high"] and state.available == ["mid", "low"]
    assert state.lead_number == 0 and state.budget == 3 and state.step == ACT
    apply(state, Action("done", 0))
    apply(state, Action("pivot", 1, card="aggression_3"))
    apply(state, Action("done", 1))
    assert Action("surpass", 2, card="construction_2") in legal_actions(state)
    apply(state, Action("surpass", 2, card="construction_2"))
    assert state.budget == 4  # Construction 2: four symbols


def test_declaring_needs_a_numbered_card_and_a_free_marker():
    """«На картах с номером 1 нет замыслов. … Карты с номером 7 позволяют вам объявить
    любой замысел. … Нельзя объявить замысел, если все маркеры замыслов уже помещены на
    клетки.» «Вы даже можете объявить замысел, уже объявленный в одном из прошлых
    раундов!»"""
    state = table(["administration_1", "administration_7"], ["x"], ["y"], ["z"])
    apply(state, Action("lead", 0, card="administration_1"))
    assert state.step == ACT  # nothing to decide
    state = table(["administration_7"], ["x"], ["y"], ["z"])
    apply(state, Action("lead", 0, card="administration_7"))
    assert {a.target for a in legal_actions(state) if a.kind == "declare"} == set(
        RULES.ambitions)
    state = table(["administration_5"], ["x"], ["y"])
    state.markers_on["keeper"] = ["high", "mid"]
    state.available = ["low"]
    apply(state, Action("lead", 0, card="administration_5"))
    apply(state, Action("declare", 0, target="keeper"))
    assert state.markers_on["keeper"] == ["high", "mid", "low"]
    state = table(["administration_5"], ["x"], ["y"])
    state.available = []
    apply(state, Action("lead", 0, card="administration_5"))
    assert state.step == ACT


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = table(["construction_4"], ["aggression_3"], ["construction_2"])
    with pytest.raises(IllegalAction):
        apply(state, Action("lead", 1, card="aggression_3"))
    with pytest.raises(IllegalAction):
        apply(state, Action("lead", 0, card="aggression_3"))
    assert state.log == [Action("keep", 1)] if state.n == 2 else state.log == []
