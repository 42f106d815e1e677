"""Resolving effects in a combat: the queue, the dispatcher keyed on the effect's kind
(effect_base.HANDLERS, filled by effects_dice, effects_units and effects_cards), the
``choose`` kind, the unit-ability gate and «routed … destroyed unless …».

«Все свойства разыгрываются в том порядке, как они описаны, сверху вниз» (RB p.13): a
card's effects are queued in order; nested effects (a choice's option, what a spent die
buys) go to the front of the queue when their effect is done.  A unit ability («Чтобы
воспользоваться свойством отрядов, игрок должен иметь … не деморализованный отряд
указанного типа») may be declined: in the booklet's example «он решает этого не делать».
"""

from __future__ import annotations

from game.forbidden_stars.engine import (
    effects_cards,
    effects_dice,
    effects_orders,
    effects_units,
    forces,
    uses,
)
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.effect_base import (
    HANDLERS,
    NAMED_HANDLERS,
    PASS,
    after_rout,
    condition,
    handles,
    side_seat,
    unit_matches,
)
from game.forbidden_stars.engine.events import EffectResolved
from game.forbidden_stars.engine.state import State

# the modules whose handlers fill the table (imported for that)
KIND_MODULES = (effects_dice, effects_units, effects_cards, effects_orders)
__all__ = ["after_rout", "feasible", "pick", "run_next"]
USE = "use"


def run_next(state: State) -> None:
    c = state.combat
    assert c is not None
    seat, effect = c.queue.pop(0)
    if effect.cond and not condition(state, c, seat, effect.cond):
        return
    _step(state, c, Pending(seat, effect, chooser=seat), None)


def pick(state: State, option: str) -> None:
    c = state.combat
    assert c is not None and c.pending is not None
    _step(state, c, c.pending, option)


def _step(state: State, c: Combat, p: Pending, option: str | None) -> None:
    kind = p.effect.kind
    handler = NAMED_HANDLERS[p.effect.params["name"]] if kind == "named" else HANDLERS[kind]
    options = handler(state, c, p, option)
    if options:
        p.options = options
        c.pending = p
        return
    c.pending = None
    c.queue[0:0] = [(p.seat, e) for e in p.follow]
    if not kind.startswith("_"):
        what = p.effect.params.get("name", "") if kind == "named" else ""
        state.events.append(EffectResolved(p.seat, kind, what))


def feasible(state: State, c: Combat, seat: int, option: tuple[Effect, ...]) -> bool:
    """Whether a ``choose`` option's first effect can be carried out: «unless they spend
    a die», «unless they rout / destroy a unit» cannot be answered with nothing (CFAQ on
    Mark of Nurgle: «With no routed unit available, Chaos just gains the tokens»)."""
    if not option:
        return True
    e = option[0]
    p = Pending(seat, e, chooser=seat)
    params = e.params
    if e.kind == "lose_dice":
        target = side_seat(c, p, params["side"])
        return any(f in c.sides[target].dice for f in params["faces"])
    if e.kind in ("rout", "destroy"):
        target = side_seat(c, p, params["side"])
        if e.kind == "rout" and c.sides[target].cannot_rout:
            return False
        pool = forces.groups(state, c, target, routed=False if e.kind == "rout" else None)
        return any(unit_matches(state, c, target, g, params["filter"],
                                tuple(params.get("units", ()))) for g in pool)
    if e.kind == "retreat":
        return bool(effects_units.retreat_options(state, c, side_seat(c, p, params["side"])))
    if e.kind == "discard_face_up":
        return bool(c.sides[c.rival(seat)].played)
    return True


@handles("choose")
def choose(state: State, c: Combat, p: Pending, option: str | None) -> list[str]:
    """The chooser picks one list of effects (an empty list declines); only the options
    that can be carried out, unless none can."""
    e = p.effect.params
    options = e["options"]
    if option is not None:
        p.follow.extend(options[int(option)])
        return []
    ok = [str(i) for i, o in enumerate(options) if feasible(state, c, p.seat, o)]
    if len(ok) == 1:
        return choose(state, c, p, ok[0])  # no choice left to make
    p.chooser = {"self": p.seat, "opponent": c.rival(p.seat), "owner": p.seat}[e["chooser"]]
    return ok or [str(i) for i in range(len(options))]


@handles("_unit")
def unit_gate(state: State, c: Combat, p: Pending, option: str | None) -> list[str]:
    """The brown area: with an unrouted listed unit (or the bastion) present, the owner
    uses it or not."""
    card = state.rules.combat_cards[p.effect.params["card"]]
    if option == USE:
        p.follow.extend(card.unit)
        return []
    if option is not None or not forces.present(state, c, p.seat, card.units):
        return []
    p.chooser = p.seat
    return [USE, PASS]


@handles("_doom")
def doom(state: State, c: Combat, p: Pending, option: str | None) -> list[str]:
    """«an enemy unit that becomes routed is destroyed unless its owner spends 1 morale
    die»: the routed unit's owner answers."""
    victim, group = p.effect.params["victim"], p.effect.params["group"]
    if option == "spend":
        c.sides[victim].dice.remove("morale")
        return []
    if option == "destroyed":
        forces.destroy(state, c, victim, group)
        return []
    if group not in forces.groups(state, c, victim, routed=True):
        return []  # gone already
    p.chooser = victim
    return ["spend", "destroyed"] if "morale" in c.sides[victim].dice else ["destroyed"]



@handles("_use")
def use_gate(state: State, c: Combat, p: Pending, option: str | None) -> list[str]:
    """An order upgrade or a Scheme at its moment (uses.py): the owner uses it now or
    not; it is not offered when it could do nothing."""
    prm = p.effect.params
    now = uses.bound(uses.follow(state, p.seat, prm["what"], prm["card"], prm["when"]),
                     dict(prm["bind"]))
    if option == uses.USE:
        uses.consume(state, p.seat, prm["what"], prm["card"])
        p.follow.extend(now)
        return []
    if option is not None or not now:
        return []
    first = now[0]
    if (first.cond and not condition(state, c, p.seat, first.cond)) or \
            not feasible(state, c, p.seat, (first,)):
        return []
    p.chooser = p.seat
    return [uses.USE] if prm["must"] else [uses.USE, PASS]
