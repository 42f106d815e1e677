"""Losing authority, and what happens when a life pool reaches 0."""

from __future__ import annotations

from game.star_realms.engine.events import Attack, Drain, Eliminated, GameOver
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import State


def lose_authority(state: State, target: int, amount: int, by: int,
                   event: type[Attack | Drain] = Attack) -> None:
    """``target``'s life pool loses ``amount`` (an attack, or a boss's drain)."""
    pool = state.seats[target].life
    state.life[pool] -= amount
    state.events.append(event(by, target, amount))
    if state.life[pool] <= 0:
        eliminate_pool(state, pool)


def eliminate_pool(state: State, pool: int) -> None:
    """Everyone sharing a spent life pool is out; the format says if that ends the game,
    else their cards leave the game (after any gifts the format allows)."""
    victims = [v.index for v in state.seats if v.life == pool and v.alive]
    for v in victims:
        state.seats[v].alive = False
        state.events.append(Eliminated(v))
    state.winners = state.format.winners(state)
    if state.winners is not None:
        state.stack.clear()
        state.pending = None
        state.events.append(GameOver(state.winners))
        return
    for v in victims:
        push(state, v, -1, (("scrap_all", {}),))
        for recipient in reversed(state.format.gifts(state, v)):
            push(state, v, -1, (("gift", {"to": recipient}),))
