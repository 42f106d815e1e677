"""The reducer: what may be done now (:func:`legal_actions`) and doing it (:func:`apply`).

``apply`` is the only way a game changes: it checks the action is legal, performs it,
records its events in ``state.events`` and appends it to ``state.log``.

A round (RB p.4-6): planning (orders placed face down, stacking), operations (each seat
in turn reveals one of its orders on top of a stack and resolves it or puts it on its
event deck: Deploy, Strategize, Dominate in orders.py, Advance in advance.py), refresh
(objectives, materiel, rallying, events drawn, storms moved: flow.py, storms.py).  An
Advance may start a combat or an orbital strike (step ``combat``: combat.py, effects.py).
Order upgrades, events and faction abilities outside a combat wait at step ``effect``
(plays.py; their kinds in effects_map*.py).
"""

from __future__ import annotations

from game.forbidden_stars.engine import (
    advance,
    combat,
    effects_map,
    effects_map_named,
    effects_map_units,
    flow,
    orbital,
    orders,
    plays,
    setup_play,
    storms,
)
from game.forbidden_stars.engine.events import OrderPlaced
from game.forbidden_stars.engine.state import (
    COMBAT,
    CULL,
    EFFECT,
    NOBODY,
    OPERATIONS,
    ORDER,
    OVER,
    PLANNING,
    SETUP,
    STORMS,
    Action,
    State,
)

# the modules whose handlers fill the table of effects outside a combat
MAP_KIND_MODULES = (effects_map, effects_map_units, effects_map_named)


class IllegalAction(ValueError):
    """The action is not one of :func:`legal_actions` in this state."""


def acting_seat(state: State) -> int:
    """The seat whose choice the game waits for (-1 once it is over)."""
    if state.step == OVER:
        return NOBODY
    if state.step == COMBAT:
        return combat.acting(state)
    if state.step == EFFECT:
        return plays.acting(state)
    if state.step == SETUP:
        return setup_play.placer(state)
    if state.step == CULL:
        return flow.culling_seat(state)
    if state.step == ORDER and state.order is not None:
        return state.order.seat
    return state.turn


def legal_actions(state: State) -> list[Action]:
    step = state.step
    if step == OVER:
        return []
    if step == PLANNING:
        seat = state.turn
        kinds = [o for o, k in state.players[seat].orders.items() if k > 0]
        return [Action("place", seat, o, s) for s in flow.placeable_systems(state, seat)
                for o in kinds]
    if step == OPERATIONS:
        return [*(Action("reveal", state.turn, target=s) for s in flow.tops(state, state.turn)),
                *orders.scheme_choices(state, state.turn)]
    if step == EFFECT:
        return plays.choices(state)
    if step == SETUP:
        return setup_play.choices(state)
    if step == CULL:
        return advance.cull_choices(state)
    if step == COMBAT:
        return combat.choices(state)
    if step == STORMS:
        return storms.choices(state)
    o = state.order
    assert o is not None
    if o.phase == "reveal":
        return orders.reveal_choices(state)
    return {"deploy": orders.deploy_choices, "strategize": orders.strategize_choices,
            "prosper": orders.prosper_choices, "ships": advance.ship_choices,
            "ground": advance.ground_choices, "orbital": orbital.choices}[o.phase](state)


def _place(state: State, a: Action) -> None:
    p = state.players[a.seat]
    p.orders[a.card] -= 1
    p.placed += 1
    state.stacks.setdefault(a.target, []).append((a.seat, a.card))
    state.events.append(OrderPlaced(a.seat, a.target, a.card))
    flow.next_planner(state)


def _done(state: State, a: Action) -> None:
    if state.step == SETUP:
        setup_play.done(state, a)
    elif state.order is not None and state.order.order == "advance":
        advance.done(state)
    elif state.order is not None and state.order.order == "deploy":
        orders.deploy_done(state)
    else:
        orders.finish_order(state)


def _effect(state: State, a: Action) -> None:
    if state.step == EFFECT:
        plays.pick(state, a.card)
    else:
        combat.effect(state, a)


_HANDLERS = {
    "place": _place,
    "reveal": orders.reveal,
    "resolve": lambda s, a: orders.resolve(s),
    "decline": lambda s, a: orders.decline(s),
    "buy": orders.buy,
    "build": orders.build,
    "upgrade": orders.upgrade,
    "combat": orders.combat_upgrade,
    "prosper": orders.prosper,
    "move": advance.move,
    "ground": lambda s, a: advance.start_ground(s),
    "done": _done,
    "destroy": advance.destroy,
    "storm": storms.move_storm,
    "strike": orbital.strike,
    "reinforce": combat.reinforce,
    "play": combat.play,
    "effect": _effect,
    "scheme": orders.use_scheme,
    "tile": setup_play.tile,
    "force": setup_play.force,
    "objective": setup_play.objective,
    "warp": setup_play.warp,
    "damage": combat.damage,
    "retreat": combat.retreat_to,
}


def apply(state: State, action: Action) -> None:
    """Perform ``action`` after checking it is legal: the path for anything from outside
    the engine (a phone, a save, a command), which raises :class:`IllegalAction`."""
    if action not in legal_actions(state):
        raise IllegalAction(f"{action} is not legal at step {state.step!r}")
    apply_trusted(state, action)


def apply_trusted(state: State, action: Action) -> None:
    """Perform ``action``, which the caller took from ``legal_actions(state)`` of this very
    state (a bot's choice checked by its loop, a replay of a log that was verified
    action by action): deriving the legal list again only to find it there cost a
    sixth of a bot game.  Anything else must go through :func:`apply`."""
    state.events = []
    _HANDLERS[action.kind](state, action)
    if state.log is not None:
        state.log.append(action)
