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

from dataclasses import fields, replace
from functools import lru_cache
from typing import Any

from game.forbidden_stars.engine.events import CardChosen, OrderPlaced
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.state import HIDDEN, GameConfig, Player, State


def _unread(options: list) -> list:
    """A rival's options as a seat sees them: that there is a choice, not what or how
    many (the options may be the distinct cards in its hand, so even their number
    would tell how many different cards it holds)."""
    return [HIDDEN] if options else []


@lru_cache(maxsize=64)
def _unseeded(config: GameConfig) -> GameConfig:
    """The view's config (no seed); frozen, so one copy serves every view of a game."""
    return replace(config, seed=0)


def _seen_player(p: Player, seat: int) -> Player:
    """``p`` as ``seat`` sees it, built masked instead of copied and then overwritten
    (item by item into a copied ``__dict__``: the cheapest copy of a plain record)."""
    d = p.__dict__.copy()
    if p.seat == seat:
        d["orders"] = dict(p.orders)
        d["drawn"] = list(p.drawn)
    else:
        d["orders"] = {HIDDEN: sum(p.orders.values())}
        d["drawn"] = [HIDDEN] * len(p.drawn)
    d["on_event_deck"] = dict(p.on_event_deck)
    d["assets"] = dict(p.assets)
    d["combat_types"] = list(p.combat_types)
    d["combat_deck"] = [HIDDEN] * len(p.combat_deck)
    d["order_upgrades"] = list(p.order_upgrades)
    d["event_deck"] = [HIDDEN] * len(p.event_deck)
    d["schemes"] = list(p.schemes)
    d["used_upgrades"] = list(p.used_upgrades)
    view = object.__new__(Player)
    view.__dict__ = d
    return view


def player_view(state: State, seat: int) -> State:
    # The masked parts are built directly (never copied, then hidden) and the log is
    # never copied: a view of a long game used to copy its whole log only to drop it.
    view = state.copy_board(
        [_seen_player(p, seat) for p in state.players], None,
        stacks={s: [(owner, order if owner == seat else HIDDEN) for owner, order in stack]
                for s, stack in state.stacks.items()},
        events=[e.seen_by(seat, HIDDEN) if isinstance(e, (OrderPlaced, CardChosen)) else e
                for e in state.events])
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
    view.rng = Rng(0)
    view.config = _unseeded(state.config)
    return view


class StaleView(RuntimeError):
    """A lazy view first read after its game moved on (it would show the new position)."""


class LazyView(State):
    """:func:`player_view` made when first read: a random player never reads its view and
    a forced choice (one legal action) needs none, yet building it was 40% of a
    random-legal game.  Every field of the view is a property here; the first read (or
    write) builds the real view into this object and turns it into a plain
    :class:`State`, so every later read is an ordinary attribute.  Only for a bot deciding
    before the game moves on (``sim.play``): a first read after :func:`apply` raises
    :class:`StaleView` instead of showing the new position."""

    def _materialize(self) -> None:
        state, seat, mark = self.__dict__.pop("_lazy")
        if state.events is not mark:  # apply() starts a new events list
            raise StaleView("a lazy view read after its game moved on")
        self.__dict__.update(player_view(state, seat).__dict__)
        self.__class__ = State  # type: ignore[assignment]  # same layout; lazy no more

    def __repr__(self) -> str:
        self._materialize()
        return repr(self)

    def __eq__(self, other: object) -> bool:
        self._materialize()
        if isinstance(other, LazyView):
            other._materialize()
        return self == other

    __hash__ = None  # type: ignore[assignment]  # as State's: mutable, compared by value


def _lazy_field(name: str) -> property:
    def read(self: LazyView) -> Any:
        self._materialize()
        return self.__dict__[name]

    def write(self: LazyView, value: Any) -> None:
        self._materialize()
        self.__dict__[name] = value

    return property(read, write)


for _f in fields(State):
    setattr(LazyView, _f.name, _lazy_field(_f.name))


def lazy_view(state: State, seat: int) -> State:
    """:func:`player_view` of ``state`` for ``seat``, built when first read
    (:class:`LazyView`)."""
    view = object.__new__(LazyView)
    view.__dict__["_lazy"] = (state, seat, state.events)
    return view
