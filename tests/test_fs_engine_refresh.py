"""«ФАЗА 3: ФАЗА ОБНОВЛЕНИЯ» (RB p.6): «СБОР МАРКЕРОВ ЦЕЛЕЙ», «СБОР МАТЕРИАЛОВ», «ВЗЯТИЕ
КАРТ СОБЫТИЙ И ДВИЖЕНИЕ ВАРП-ШТОРМОВ», «КОНЕЦ РАУНДА» and «ПОБЕДА В ИГРЕ»."""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.board import storm_moves
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.state import EFFECT, OPERATIONS, OVER, PLANNING, STORMS, Action
from tests.test_fs_support import RULES, areas, cleared, game, home

SM, ORKS = 0, 1


def _to_refresh(state, seat=SM):
    """The seat's last token revealed and put on its event deck: the refresh begins."""
    system = home(state, seat)
    state.players[seat].orders["strategize"] -= 1
    state.stacks = {system: [(seat, "strategize")]}
    state.step, state.turn, state.order = OPERATIONS, seat, None
    apply(state, Action("reveal", seat, target=system))
    apply(state, Action("decline", seat))


def test_objectives_are_collected_from_friendly_worlds_only():
    """«Каждый игрок собирает любые свои маркеры целей, находящиеся на дружественных мирах»;
    «игроки не могут собирать маркеры целей, принадлежащие другим игрокам»"""
    state = cleared(game(3, 0, ("space_marines", "orks", "eldar")))
    w = areas(state, home(state, SM), "world")
    pieces.add_unit(state, SM, w[0], "sm_scout")
    pieces.add_unit(state, SM, w[1], "sm_scout")
    state.objectives = {w[0]: SM, w[1]: ORKS, w[2]: SM}  # w[2] is not friendly
    _to_refresh(state)
    assert state.players[SM].objectives == 1 and state.players[ORKS].objectives == 0
    assert state.objectives == {w[1]: ORKS, w[2]: SM}


def test_a_player_with_as_many_objectives_as_players_wins():
    """«Игрок выигрывает игру, когда соберёт количество маркеров целей, равное количеству
    игроков в игре. Например, при игре вдвоём, игрок выигрывает, если соберёт два своих
    маркера целей.»"""
    state = cleared(game(2, 0))
    w = areas(state, home(state, SM), "world")
    pieces.add_unit(state, SM, w[0], "sm_scout")
    state.players[SM].objectives = 1
    state.objectives = {w[0]: SM}
    _to_refresh(state)
    assert state.step == OVER and state.winners == [SM] and legal_actions(state) == []


def test_materiel_from_friendly_worlds_up_to_the_dial():
    """«каждый игрок получает материалы с каждого дружественного мира в размере, указанном
    в поле производственного значения»"""
    state = cleared(game(2, 0))
    worlds = areas(state, home(state, SM), "world")
    for w in worlds:
        pieces.add_structure(state, SM, w, "city")
    value = sum(state.topology.areas[w].area.materiel for w in worlds)
    state.players[SM].materiel, state.players[ORKS].materiel = 3, 13
    pieces.add_unit(state, ORKS, areas(state, home(state, ORKS), "world")[0], "ork_boyz")
    orks_value = state.topology.areas[areas(state, home(state, ORKS), "world")[0]].area.materiel
    _to_refresh(state)
    assert state.players[SM].materiel == 3 + value
    assert state.players[ORKS].materiel == min(14, 13 + orks_value)


def test_event_cards_drawn_per_token_on_the_deck_and_the_tokens_return():
    """«Каждый игрок тянет карты из колоды событий, равное числу жетонов приказов на
    колоде, при этом жетоны возвращаются игроку.»"""
    state = game(2, 0)
    state.players[ORKS].on_event_deck["dominate"] = 2
    state.players[ORKS].orders["dominate"] = 0
    _to_refresh(state)
    p = state.players[ORKS]
    assert len(p.drawn) == 2 and len(p.event_deck) == 6 and p.orders["dominate"] == 2
    assert sum(p.on_event_deck.values()) == 0
    assert len(state.players[SM].drawn) == 1  # its declined token
    assert state.step == STORMS and state.turn == state.first


def _decline_cards(state) -> None:
    """The seat (or a rival's Scheme) does not play the card (events: test_fs_events)."""
    while state.step == EFFECT:
        apply(state, next(a for a in legal_actions(state) if a.card == "pass"))


def test_each_player_moves_a_storm_by_a_drawn_cards_icon():
    """«каждый игрок выбирает одну карту событий среди тех что он только что вытянул. Он
    двигает один варп-шторм … следуя указаниям иконки»; «выбирает варп-шторм, который ещё
    не двигался в эту фазу»; «Игроки не могут двигать маркер варп-шторма в другой
    варп-шторм»; «если игрок не тянул ни одной карты события, он всё равно должен двигать
    маркер варп-шторма … вскрывает верхнюю карту своей колоды событий»"""
    state = game(2, 3)
    _to_refresh(state, state.first)
    seat = state.turn
    legal = legal_actions(state)
    cards = state.players[seat].drawn or state.players[seat].event_deck[-1:]
    assert {a.card for a in legal} <= set(cards)
    for a in legal:
        icon = RULES.storm_icons[RULES.events[a.card].storm]
        storm = state.storms[int(a.target)]
        steps = icon.moves_h if storm[0] == "h" else icon.moves_v
        to = tuple(int(x) if x.isdigit() else x for x in a.source.split(","))
        assert to in storm_moves(state.topology, storm, steps) and to not in state.storms
    moved = legal[0]
    apply(state, moved)
    assert state.storms_moved == [int(moved.target)]
    _decline_cards(state)
    assert all(a.target != moved.target for a in legal_actions(state))
    deck = state.players[seat].event_deck
    assert len(deck) == 8 and not state.players[seat].drawn  # the card was not played


def test_a_storm_must_move_when_one_can():
    """«игрок всегда должен выбрать тот результат, при котором произойдёт движение
    варп-шторма, если это возможно»"""
    state = game(2, 3)
    _to_refresh(state, state.first)
    assert all(a.target for a in legal_actions(state))
    state.storms = [("h", 0, 0)]  # one storm: after it moved, nothing else can
    apply(state, legal_actions(state)[0])
    _decline_cards(state)
    assert [(a.target, a.source) for a in legal_actions(state)] == [("", "")]


def test_the_first_player_marker_passes_left_and_the_round_advances():
    """«Первый игрок отдаёт маркер первого игрока, игроку слева. Затем, он передвигает
    маркер раундов по счётчику раундов на следующее деление.»"""
    state = game(3, 5, ("space_marines", "orks", "eldar"))
    first = state.first
    _to_refresh(state, first)
    for _ in range(3):
        apply(state, legal_actions(state)[0])
        _decline_cards(state)
    assert state.round == 2 and state.first == (first + 1) % 3
    assert state.step == PLANNING and state.turn == state.first
    assert all(p.placed == 0 and sum(p.orders.values()) == 8 for p in state.players)


def test_after_round_eight_the_most_objectives_win_with_the_designed_tie_break():
    """«Если по окончании восьмого раунда ни один игрок не выиграл игру, игра завершается,
    игрок собравший наибольшее количество маркеров целей выигрывает игру.»  A tie goes to
    the most materiel from friendly worlds, then the most materiel held (designed)."""
    for objectives, materiel, winners in (((1, 0), (0, 0), [SM]), ((1, 1), (2, 5), [ORKS]),
                                          ((0, 0), (4, 4), [SM, ORKS])):
        state = cleared(game(2, 0))
        state.round = 8
        for seat in (SM, ORKS):
            state.players[seat].objectives = objectives[seat]
            state.players[seat].materiel = materiel[seat]
        _to_refresh(state, state.first)
        while state.step == STORMS:
            apply(state, legal_actions(state)[0])
            _decline_cards(state)
        assert state.step == OVER and state.winners == winners
