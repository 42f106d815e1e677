"""Effects outside a combat: order upgrades at their order's moments, events drawn in the
refresh, Schemes used instead of revealing an order, faction abilities on Dominate.

They resolve in a queue like a combat card's (effects.py): ``start`` queues them and the
game waits at step ``effect`` for each choice (``Action("effect", chooser, card=option)``);
when the queue is empty the game goes on by ``RESUME[play.resume]`` (registered by the
module whose step it continues, so this module imports none of them).  The handlers are
``effect_base.MAP_HANDLERS``, keyed on the effect's kind (effects_map*.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.forbidden_stars.engine import uses
from game.forbidden_stars.engine.combat_state import Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.effect_base import (
    MAP_HANDLERS,
    PASS,
    handles,
    map_feasible,
)
from game.forbidden_stars.engine.events import EffectResolved
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.state import EFFECT, Action, State

RESUME: dict[str, Callable[[State], None]] = {}


def resumes(name: str) -> Callable[[Callable[[State], None]], Callable[[State], None]]:
    def register(fn: Callable[[State], None]) -> Callable[[State], None]:
        RESUME[name] = fn
        return fn
    return register


def start(state: State, seat: int, effects: Iterable[tuple[int, Effect]], resume: str,
          system: str = "", **data: object) -> None:
    """Resolve ``effects`` (owner, effect), then go on by ``resume`` (at once when none)."""
    play = Play(seat, resume, system, list(effects), data=dict(data))
    state.play = play
    state.step = EFFECT
    proceed(state)


def proceed(state: State) -> None:
    play = state.play
    while state.play is play and play is not None:
        if play.pending is not None:
            return
        if not play.queue:
            state.play = None
            RESUME[play.resume](state)
            return
        seat, effect = play.queue.pop(0)
        _step(state, play, Pending(seat, effect, chooser=seat), None)


def _step(state: State, play: Play, p: Pending, option: str | None) -> None:
    kind = p.effect.kind
    key = p.effect.params["name"] if kind == "named" else kind
    options = MAP_HANDLERS[key](state, play, p, option)
    if options:
        p.options = options
        play.pending = p
        return
    play.pending = None
    play.queue[0:0] = [(p.seat, e) for e in p.follow]
    if not kind.startswith("_"):
        state.events.append(EffectResolved(p.seat, kind, key if kind == "named" else ""))


def acting(state: State) -> int:
    play = state.play
    assert play is not None and play.pending is not None
    return play.pending.chooser


def choices(state: State) -> list[Action]:
    play = state.play
    assert play is not None and play.pending is not None
    return [Action("effect", play.pending.chooser, card=o) for o in play.pending.options]


def pick(state: State, option: str) -> None:
    play = state.play
    assert play is not None and play.pending is not None
    _step(state, play, play.pending, option)
    proceed(state)


@handles("_use", scope="map")
def use_gate(state: State, play: Play, p: Pending, option: str | None) -> list[str]:
    """A card's owner uses it or not (only offered when it can do something)."""
    prm = p.effect.params
    what, card, when = prm["what"], prm["card"], prm["when"]
    now = uses.bound(uses.follow(state, p.seat, what, card, when), dict(prm["bind"]))
    if option == uses.USE:
        uses.consume(state, p.seat, what, card)
        p.follow.extend(now)
        if state.order is not None and state.order.seat == p.seat:
            state.order.later.extend(
                (p.seat, e) for e in uses.later(state, p.seat, what, card, when))
        return []
    if option is not None or not map_feasible(state, play, p.seat, tuple(now)):
        return []
    p.chooser = p.seat
    return [uses.USE] if prm["must"] else [uses.USE, PASS]


@handles("choose", scope="map")
def choose(state: State, play: Play, p: Pending, option: str | None) -> list[str]:
    """«… or …»: the options that can be carried out (a single one is taken at once)."""
    options = p.effect.params["options"]
    if option is not None:
        p.follow.extend(options[int(option)])
        return []
    ok = [str(i) for i, o in enumerate(options) if map_feasible(state, play, p.seat, o)]
    if len(ok) <= 1:
        return choose(state, play, p, ok[0]) if ok else []
    p.chooser = p.seat
    return ok
