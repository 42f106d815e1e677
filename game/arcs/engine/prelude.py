"""The prelude («пролог», RU p.17, p.20): spending resources for extra actions.

«Ваш пролог начинается, когда вы разыгрываете карту действия, и заканчивается, когда вы
тратите любой символ действия с карты.» «Перед действиями пролога вы должны решить,
объявляете ли вы о замыслах или перехватываете ли инициативу.» So the prelude runs in
the ACT step (after DECIDE) until the first symbol is spent or the turn ends.

«В прологе своего хода вы можете потратить сколько угодно своих жетонов ресурсов в любом
сочетании, чтобы выполнить соответствующие действия.
    Материал. Выполните действие строительства или починки.
    Топливо. Выполните действие перемещения.
    Оружие. В этот ход можете потратить любые символы действий с вашей карты, чтобы
    выполнить действия сражения.
    Реликвия. Выполните действие присвоения.
    Психотехника. Выполните действие, указанное на главной карте.»

A ``spend`` of Material, Fuel, Relic or Psionic leaves one *free* action pending
(``state.free``: the basic actions it may be); the seat takes it, or a new action that
replaces it, or gives it up (``forgo``).  Weapon sets ``state.armed`` instead.  «ресурсы,
потраченные в прологе, возвращаются в запас в конце пролога» — ``state.spent``.
«Запрет. Нельзя тратить ресурсы под запретом на соответствующие обычные действия
пролога.»
"""

from __future__ import annotations

from game.arcs.engine import court, slots
from game.arcs.engine.events import Spent
from game.arcs.engine.state import Action, State

LEAD = "lead"  # resources.toml: Psionic's prelude is «действие, указанное на главной карте»


def pays_for(state: State, spent_as: str) -> tuple[str, ...]:
    """The basic actions a resource spent as this type pays for."""
    assert state.rules is not None
    actions = state.rules.resources[spent_as].prelude
    if actions == (LEAD,):
        return tuple(state.rules.suits[state.card(state.lead).suit].actions)
    return actions


def may_spend_as(state: State, seat: int, spent_as: str) -> bool:
    """Outrage stops the type's prelude action, unless a card says it does not
    (``outrage_keeps_prelude``, the Loyal cards)."""
    return (spent_as not in state.players[seat].outrage
            or bool(court.holds(state, seat, "outrage_keeps_prelude", resource=spent_as)))


def spend_options(state: State, seat: int) -> list[tuple[str, str]]:
    """(resource, spent as): each resource as itself, and as any type a
    ``spend_any_as`` card names.  Weapon is offered only while it still changes
    something: the card's suit has no Battle and the seat is not armed yet."""
    assert state.rules is not None
    player = state.players[seat]
    any_as = [ab.params["resource"] for ab in court.holds(state, seat, "spend_any_as")]
    out = []
    for r in sorted(set(slots.held(player))):
        for t in sorted({r, *any_as}):
            if not may_spend_as(state, seat, t):
                continue
            if pays_for(state, t) == ("battle",) and (
                    state.armed or "battle" in state.rules.suits[state.budget_suit].actions):
                continue
            out.append((r, t))
    return out


def spend(state: State, a: Action) -> None:
    slots.remove(state, a.seat, a.target)
    state.spent.append(a.target)
    actions = pays_for(state, a.card)
    if actions == ("battle",) and a.card == "weapon":
        # «Для оружия считайте, что вы добавляете «или начать сражение» к
        # соответствующей разыгранной карте.»
        state.armed = True
    else:
        state.free = actions
    state.events.append(Spent(a.seat, a.target, a.card))


def end(state: State) -> None:
    """The prelude ends: spent resources go back to the supply."""
    for r in state.spent:
        state.supply[r] += 1
    state.spent = []
    state.new_guild = []
    state.free = ()
    state.prelude = False
