"""What one seat may see: :func:`player_view` hides what the rulebook keeps secret.

Hidden cards read ``HIDDEN``: the other seats' hands (their sizes stay), cards played
face down by others («Скопировать. Разыграйте любую карту действия лицевой стороной
вниз»; a seizing card «лицевой стороной вниз»), the action deck and the face-down action
discard («стопку сброса действий, лежащую на поле лицевой стороной вниз»), the court
deck.  A Farseers holder sees the hand it looks at until it has chosen its swap.  The
generator, the seed and the action log are replaced: replaying them would deal the real
game.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from game.arcs.engine.events import PRIVATE, Played, Seized
from game.arcs.engine.rng import Rng
from game.arcs.engine.state import HIDDEN, GameConfig, State


@lru_cache(maxsize=64)
def _unseeded(config: GameConfig) -> GameConfig:
    """The configuration without its seed (frozen, so one copy serves every view)."""
    return replace(config, seed=0)


def player_view(state: State, seat: int) -> State:
    view = state.clone(log=False)
    for player in view.players:
        if player.index != seat:
            player.hand = [HIDDEN] * len(player.hand)
    if state.peek is not None and state.peek[0] == seat and state.peek[1] >= 0:
        # Farseers: «look at a Rival's hand» while the swap is being chosen
        view.players[state.peek[1]].hand = list(state.players[state.peek[1]].hand)
    view.plays = [(s, c if mode != "copy" or s == seat else HIDDEN, mode)
                  for s, c, mode in state.plays]
    view.seize_cards = [(s, c if s == seat else HIDDEN) for s, c in state.seize_cards]
    view.action_deck = [HIDDEN] * len(state.action_deck)
    view.action_discard = [HIDDEN] * len(state.action_discard)
    view.court_deck = [HIDDEN] * len(state.court_deck)
    events = []
    for e in state.events:
        if isinstance(e, Played):
            if e.mode == "copy" and e.seat != seat:
                e = replace(e, card=HIDDEN)
        elif isinstance(e, Seized):
            if e.card and e.seat != seat:
                e = replace(e, card=HIDDEN)
        elif isinstance(e, PRIVATE):
            e = e.seen_by(seat, HIDDEN)
        events.append(e)
    view.events = events
    view.rng = Rng(0)
    view.config = _unseeded(state.config)
    view.log = None
    return view


class StaleView(RuntimeError):
    """A lazy view first read after its game moved on (it would show the new position)."""


# State's own slot descriptors: a LazyView hides them behind properties, and keeps what
# it will be built from in the ``events`` slot until then
_SLOTS = {name: State.__dict__[name] for name in State.__slots__}
_PENDING = _SLOTS["events"]


class LazyView(State):
    """:func:`player_view` made when first read: a random player never reads its view and
    a forced choice (one legal action) needs none, yet building the view was a quarter
    of a random-legal game.  Every slot of the view is a property here; the first read
    (or write, or method call) builds the real view into this object and turns it into
    a plain :class:`State` (same slots, so every later read is an ordinary attribute).
    Only for a bot deciding before the game moves on (``sim.play``): a first read after
    :func:`~game.arcs.engine.rules.apply` (which starts a new events list) raises
    :class:`StaleView` instead of showing the new position."""

    __slots__ = ()

    def _materialize(self) -> None:
        state, seat, mark = _PENDING.__get__(self, State)
        if state.events is not mark:
            raise StaleView("a lazy view read after its game moved on")
        view = player_view(state, seat)
        for slot in _SLOTS.values():
            slot.__set__(self, slot.__get__(view, State))
        self.__class__ = State  # type: ignore[assignment]  # same slots; lazy no more


def _lazy_slot(name: str) -> property:
    slot = _SLOTS[name]

    def read(self: LazyView) -> object:
        self._materialize()
        return slot.__get__(self, State)

    def write(self: LazyView, value: object) -> None:
        self._materialize()
        slot.__set__(self, value)

    return property(read, write)


for _name in State.__slots__:
    setattr(LazyView, _name, _lazy_slot(_name))


def lazy_view(state: State, seat: int) -> State:
    """:func:`player_view` of ``state`` for ``seat``, built when first read
    (:class:`LazyView`)."""
    view = LazyView.__new__(LazyView)
    _PENDING.__set__(view, (state, seat, state.events))
    return view
