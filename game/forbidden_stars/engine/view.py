"""What one seat may see: :func:`player_view` hides what the rules keep secret.

Order tokens are placed face down («лицом вниз, чтобы скрыть их от других игроков», RB
p.4): a seat sees only the backs of the others' unrevealed tokens (``HIDDEN``), in the
stacks and in the events that placed them, and not which tokens the others still hold
(only how many).  Every seat's combat deck and event deck are shuffled and face down
(their order is hidden from everyone, the combat deck's card types are public: purchases
are public, facts §7); the event cards another seat drew are hidden (Incantation of
Tzeentch's three too, and the options of another seat's choice outside a combat, which
may name them).  Face-up Schemes («остаётся лежать в открытую», RB p.6) and order
upgrades are public.  The generator, the
seed and the action log are replaced: replaying them would reveal the real game.
"""

from __future__ import annotations

from dataclasses import replace

from game.forbidden_stars.engine.events import CardChosen, OrderPlaced
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.state import HIDDEN, State


def _unread(options: list) -> list:
    """A rival's options as a seat sees them: that there is a choice, not what or how
    many (the options may be the distinct cards in its hand, so even their number
    would tell how many different cards it holds)."""
    return [HIDDEN] if options else []


def player_view(state: State, seat: int) -> State:
    view = state.clone()
    view.stacks = {s: [(owner, order if owner == seat else HIDDEN) for owner, order in stack]
                   for s, stack in state.stacks.items()}
    for p in view.players:
        p.combat_deck = [HIDDEN] * len(p.combat_deck)
        p.event_deck = [HIDDEN] * len(p.event_deck)
        if p.seat != seat:
            p.orders = {HIDDEN: sum(p.orders.values())}
            p.drawn = [HIDDEN] * len(p.drawn)
    if view.combat is not None:
        c = view.combat
        for side in c.sides.values():
            if side.seat == seat:
                continue
            side.hand = [HIDDEN] * len(side.hand)
            me = c.sides.get(seat)
            if side.chosen and not (me is not None and me.peek):
                side.chosen = HIDDEN
        if c.pending is not None and c.pending.chooser != seat:
            c.pending.options = _unread(c.pending.options)
    if view.play is not None and view.play.pending is not None and \
            view.play.pending.chooser != seat:
        view.play.pending.options = _unread(view.play.pending.options)
    view.events = [e.seen_by(seat, HIDDEN) if isinstance(e, (OrderPlaced, CardChosen)) else e
                   for e in state.events]
    view.rng = Rng(0)
    view.config = replace(state.config, seed=0)
    view.log = None
    return view
