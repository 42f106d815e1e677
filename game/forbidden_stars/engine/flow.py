"""The round's turn order: planning (RB p.4), operations (RB p.5), the refresh phase
(RB p.6) and the end of the game (RB p.6 «Победа в игре»).

Planning: «начиная с первого игрока, по очереди, по часовой стрелке, все игроки
выкладывают по одному жетону приказа лицом вниз … пока каждый игрок не выложит … по четыре
жетона».  A seat with no unit or structure anywhere cannot place and is passed over.
Operations: «каждый игрок выбирает один из своих приказов на вершине стека … если у
игрока нет ни одного жетона приказов на вершинах стеков … игрок пропускает ход».
"""

from __future__ import annotations

from game.forbidden_stars.engine import plays, uses
from game.forbidden_stars.engine.events import (
    Collected,
    EventsDrawn,
    Gained,
    GameOver,
    Rallied,
    RefreshStarted,
    RoundEnd,
)
from game.forbidden_stars.engine.state import (
    NOBODY,
    OPERATIONS,
    OVER,
    PLANNING,
    STORMS,
    State,
)

# ---------------------------------------------------------------------- planning


def placeable_systems(state: State, seat: int) -> list[str]:
    """«игрок не может выложить жетон приказа в системе, если у него нет отрядов или
    построек в соседней или этой же системе» (RB p.4); storms do not matter here."""
    topo = state.topology
    # one pass over the owners instead of asking every system and its neighbours (the
    # planning step's largest cost); the same systems in the same order
    mine = state.systems_with_pieces(seat)
    if not mine:
        return []
    return [s for s in topo.systems
            if s in mine or not mine.isdisjoint(topo.neighbours[s])]


def can_place(state: State, seat: int) -> bool:
    per_round = state.rules.constants["orders_per_round"]
    return (state.players[seat].placed < per_round and any(state.players[seat].orders.values())
            and bool(placeable_systems(state, seat)))


def next_planner(state: State) -> None:
    """The next seat clockwise still placing; operations once nobody is."""
    for k in range(1, state.n + 1):
        seat = (state.turn + k) % state.n
        if can_place(state, seat):
            state.turn = seat
            return
    start_operations(state)


def start_planning(state: State) -> None:
    state.step = PLANNING
    for p in state.players:
        p.placed = 0
    state.turn = (state.first - 1) % state.n
    next_planner(state)


# ---------------------------------------------------------------------- operations


def tops(state: State, seat: int) -> list[str]:
    return [s for s, stack in state.stacks.items() if stack and stack[-1][0] == seat]


def start_operations(state: State) -> None:
    """Outmanoeuvre's moment, «at the end of Planning», comes first (from the first
    player clockwise)."""
    gates = [(seat, uses.gate(uses.SCHEME, card, "planning_end"))
             for k in range(state.n) for seat in [(state.first + k) % state.n]
             for card in uses.schemes_at(state, seat, "planning_end")]
    plays.start(state, state.first, gates, "operations")


@plays.resumes("operations")
def _operations(state: State) -> None:
    state.step = OPERATIONS
    state.turn = (state.first - 1) % state.n
    next_operator(state)


def next_operator(state: State) -> None:
    """The next seat clockwise with a token on top of a stack; the refresh phase once the
    stacks are empty."""
    state.order = None
    state.step = OPERATIONS
    for k in range(1, state.n + 1):
        seat = (state.turn + k) % state.n
        if tops(state, seat):
            state.turn = seat
            return
    refresh(state)


# ---------------------------------------------------------------------- refresh


def production(state: State, seat: int) -> int:
    """Materiel of the seat's friendly worlds (RB p.6 «Сбор материалов»)."""
    return sum(pa.area.materiel for a, pa in state.topology.areas.items()
               if state.owner.get(a) == seat)


def refresh(state: State) -> None:
    """Steps 1-3 of the refresh phase, then the storms (step 4) wait for the seats.
    Its events (RefreshStarted first, EventsDrawn per seat) let the log tell each step
    and why; they change nothing in the state."""
    state.events.append(RefreshStarted(state.round))
    # 1. «Каждый игрок собирает любые свои маркеры целей, находящиеся на дружественных мирах»
    for world, seat in sorted(state.objectives.items()):
        if state.owner.get(world) == seat:
            del state.objectives[world]
            state.players[seat].objectives += 1
            state.events.append(Collected(seat, world))
    reached = [p.seat for p in state.players if p.objectives >= state.n]
    if reached:
        finish(state, reached)
        return
    # 2. materiel from friendly worlds, up to the dial's maximum
    cap = state.rules.constants["materiel_cap"]
    for p in state.players:
        gained = min(production(state, p.seat), cap - p.materiel)
        if gained > 0:
            p.materiel += gained
            state.events.append(Gained(p.seat, "materiel", gained))
    # 3. «Каждый игрок восстанавливает все свои деморализованные отряды»
    for area, down in sorted(state.routed.items()):
        for unit, n in sorted(down.items()):
            state.events.append(Rallied(state.owner.get(area, NOBODY), unit, area, n))
    state.routed.clear()
    # 4. «Каждый игрок тянет карты из колоды событий, равное числу жетонов приказов на
    #    колоде, при этом жетоны возвращаются игроку»
    for p in state.players:
        k = sum(p.on_event_deck.values())
        p.drawn = [p.event_deck.pop() for _ in range(min(k, len(p.event_deck)))]
        state.events.append(EventsDrawn(p.seat, len(p.drawn)))
        for order, m in p.on_event_deck.items():
            p.orders[order] += m
            p.on_event_deck[order] = 0
    state.step = STORMS
    state.storms_moved = []
    state.turn = state.first


def end_round(state: State) -> None:
    """«Первый игрок отдаёт маркер первого игрока, игроку слева. Затем, он передвигает
    маркер раундов … Если маркер раундов сдвинется с деления номер «8», игра
    заканчивается»"""
    if state.round >= state.rules.constants["rounds"]:
        finish(state, [p.seat for p in state.players])
        return
    state.round += 1
    state.first = (state.first + 1) % state.n
    for p in state.players:
        p.used_upgrades.clear()  # «limit once per round» (facts §4)
    state.events.append(RoundEnd(state.round, state.first))
    start_planning(state)


def finish(state: State, contenders: list[int]) -> None:
    """The winners among ``contenders``: the most objective tokens; ties broken by the
    materiel the seat's friendly worlds produce, then the materiel it holds; still tied,
    they share the win (designed: docs/forbidden-stars-rulings.md)."""
    def key(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        return (p.objectives, production(state, seat), p.materiel)

    best = max(key(s) for s in contenders)
    state.winners = [s for s in contenders if key(s) == best]
    state.step = OVER
    state.turn = NOBODY
    state.order = None
    state.events.append(GameOver(tuple(state.winners)))


def over_capacity(state: State, seat: int) -> list[str]:
    """The seat's areas holding more units than their capacity."""
    return sorted(a for a, pa in state.topology.areas.items()
                  if state.owner.get(a) == seat and state.unit_count(a) > pa.area.capacity)



def culling_seat(state: State) -> int:
    """The seat that must destroy units over capacity after an order: the order's seat
    first, then clockwise (a defender's retreat may fill its areas); -1 when none."""
    first = state.order.seat if state.order is not None else state.turn
    for k in range(state.n):
        seat = (first + k) % state.n
        if over_capacity(state, seat):
            return seat
    return NOBODY
