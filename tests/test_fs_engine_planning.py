"""«ФАЗА I: ФАЗА ПЛАНИРОВАНИЯ» (RB p.4) and «ФАЗА 2: ФАЗА ДЕЙСТВИЙ» (RB p.5): order tokens
placed face down in turn and stacked, what a seat sees of them, and revealing the tops."""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import HIDDEN, OPERATIONS, ORDER, PLANNING, Action
from game.forbidden_stars.engine.view import player_view
from tests.test_fs_support import areas, cleared, game, home, order_on_top


def _plan_all(state):
    """Every seat places its four tokens, each on the first legal action."""
    while state.step == PLANNING:
        apply(state, legal_actions(state)[0])


def test_players_place_in_turn_clockwise_four_tokens_each():
    """«начиная с первого игрока, по очереди, по часовой стрелке, все игроки выкладывают по
    одному жетону приказа лицом вниз … пока каждый игрок не выложит на игровое поле по
    четыре жетона приказа»"""
    state = game(3, 2, ("space_marines", "orks", "chaos"))
    seats = []
    while state.step == PLANNING:
        seats.append(acting_seat(state))
        apply(state, legal_actions(state)[0])
    first = state.first
    assert seats == [(first + i) % 3 for i in range(12)]
    assert all(sum(p.orders.values()) == 4 for p in state.players)
    assert sum(len(s) for s in state.stacks.values()) == 12
    assert state.step == OPERATIONS


def test_a_token_goes_on_top_of_the_stack():
    """«Если в системе уже лежит жетон приказа … игрок располагает свой приказ на вершину
    стека … Жетон приказа на вершине стека таким образом всегда будет приказом, выложенным в
    систему последним.»"""
    state = game(2, 3)
    system = home(state, state.first)
    other = 1 - state.first
    state_systems = [a.target for a in legal_actions(state)]
    assert system in state_systems
    apply(state, Action("place", state.first, "deploy", system))
    # the rival may stack there only if it has pieces in or next to that system
    pieces.add_unit(state, other, areas(state, system, "world")[0], "ork_boyz") \
        if state.faction(other) == "orks" else None
    legal = legal_actions(state)
    assert Action("place", other, "advance", system) in legal
    apply(state, Action("place", other, "advance", system))
    assert state.stacks[system] == [(state.first, "deploy"), (other, "advance")]


def test_orders_only_in_or_next_to_your_systems():
    """«игрок не может выложить жетон приказа в системе, если у него нет отрядов или
    построек в соседней или этой же системе. … Если системы соприкасаются только углами, они
    не считаются соседними.»"""
    state = cleared(game(2, 5))
    seat = state.first
    system = home(state, seat)
    pieces.add_unit(state, seat, areas(state, system, "world")[0], "sm_scout") \
        if state.faction(seat) == "space_marines" else \
        pieces.add_unit(state, seat, areas(state, system, "world")[0], "ork_boyz")
    allowed = {a.target for a in legal_actions(state)}
    topo = state.topology
    assert allowed == {system, *topo.neighbours[system]}
    r, c, _ = topo.systems[system]
    corners = {s for s, (r2, c2, _) in topo.systems.items()
               if abs(r - r2) == 1 and abs(c - c2) == 1}
    assert corners and not corners & allowed


def test_a_seat_sees_only_the_backs_of_rival_orders():
    """«Игроки выкладывают жетоны приказов лицом вниз, чтобы скрыть их от других игроков.»"""
    state = game(2, 8)
    _plan_all(state)
    for seat in (0, 1):
        view = player_view(state, seat)
        for system, stack in state.stacks.items():
            for (owner, order), (vo, vorder) in zip(stack, view.stacks[system], strict=True):
                assert vo == owner and vorder == (order if owner == seat else HIDDEN)
        rival = view.players[1 - seat]
        assert rival.orders == {HIDDEN: 4} and view.players[seat].orders == \
            state.players[seat].orders
        assert set(view.players[seat].event_deck) == {HIDDEN}
        assert view.log is None and view.rng.state == 0 and view.config.seed == 0
    # placing events, too
    state = game(2, 8)
    seat = state.first
    apply(state, legal_actions(state)[0])
    assert player_view(state, 1 - seat).events[0].order == HIDDEN
    assert player_view(state, seat).events[0].order == state.events[0].order != HIDDEN
    assert all(HIDDEN not in p.orders for p in state.players)  # the real game untouched


def test_operations_reveal_tops_last_in_first_out_and_skip_seats_without_one():
    """«каждый игрок выбирает один из своих приказов на вершине стека … если у игрока нет
    ни одного жетона приказов на вершинах стеков на игровом поле, игрок пропускает ход»"""
    state = game(2, 9)
    _plan_all(state)
    seat = acting_seat(state)
    with_top = [s for s in range(2) if any(st and st[-1][0] == s for st in state.stacks.values())]
    assert seat == (state.first if state.first in with_top else with_top[0])
    tops = {a.target for a in legal_actions(state)}
    assert tops == {s for s, st in state.stacks.items() if st and st[-1][0] == seat}
    system = sorted(tops)[0]
    top = state.stacks[system][-1]
    apply(state, Action("reveal", seat, target=system))
    assert state.step == ORDER and (state.order.seat, state.order.order) == top
    assert legal_actions(state)[-1] == Action("decline", seat)


def test_declining_puts_the_token_on_the_event_deck():
    """«он может выбрать: разыгрывать непосредственно эффект приказа или вместо этого
    положить этот жетон лицом вверх на колоду событий»"""
    state = game(2, 1)
    seat = state.first
    order_on_top(state, seat, home(state, seat), "dominate", resolve=False)
    apply(state, Action("decline", seat))
    p = state.players[seat]
    assert p.on_event_deck["dominate"] == 1 and p.orders["dominate"] == 1
    assert state.events[0].declined and state.step == OPERATIONS
