"""What one seat may see: :func:`player_view` hides other hands and every deck order.

The view is a :class:`State` in which hidden cards read ``HIDDEN``; the cards that
could be behind them are listed, sorted, in ``view.unknown`` so an AI can count
cards or sample a full game consistent with what it saw (determinization).

Nothing in a view may let the seat work the hidden cards out: the random generator is
replaced (a view must not predict the next shuffle), and so are the game's seed and its
action log (replaying them from the seed would deal the real game); the view keeps
``log_len`` only.  Two games that differ only in what the seat cannot see give equal
views (tests/test_view_secrets.py).

:func:`lazy_view` is the same view made as it is read, for a bot that decides before the
game moves on (``sim.play``): most decisions read a few of its parts only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import HIDDEN, Decision, GameConfig, Seat, State

_last_public: tuple[GameConfig | None, GameConfig | None] = (None, None)


def _public_config(config: GameConfig) -> GameConfig:
    """The configuration without its seed: made once per game, not once per view (a
    game's views come one after another; one tuple, swapped whole, is thread-safe)."""
    global _last_public
    last = _last_public
    if last[0] is config and last[1] is not None:
        return last[1]
    public = replace(config, seed=0)
    _last_public = (config, public)
    return public


_SEAT_KEYS = tuple(f"seat:{i}" for i in range(16))  # view.unknown's keys, made once

_last_trade_deck: tuple[list[int], list[int]] = ([], [])


def _sorted_trade_deck(deck: list[int]) -> list[int]:
    """``sorted(deck)``, remembered for the next view: the trade deck (dozens of cards)
    changes only when a card leaves it, and every view of every decision lists it
    (one tuple, swapped whole, is thread-safe; the caller gets its own list)."""
    global _last_trade_deck
    last = _last_trade_deck
    if last[0] == deck:
        return last[1][:]
    ordered = sorted(deck)
    _last_trade_deck = (deck[:], ordered)
    return ordered[:]


_NO_RNG = Rng(0)


def _masked_deck(src: Seat, shown: bool = False) -> list[int]:
    """A seat's deck as others see it: HIDDEN but for its publicly known top cards."""
    deck = src.deck
    split = len(deck) - src.known_top
    return [HIDDEN] * split + deck[split:] if src.known_top else [HIDDEN] * len(deck)


def _masked_seat(src: Seat, visible_hand: bool) -> Seat:
    """A copy of a seat with its face-down cards HIDDEN (the real deck and hand are not
    copied first only to be masked)."""
    masked_deck = _masked_deck(src, visible_hand)  # (the publicly known top cards stay)
    if visible_hand:
        return src.clone(deck=masked_deck)
    # (secret missions and face-down gambits are seen where the hand is: by their owner
    # and a hand-sharing mate)
    return src.clone(deck=masked_deck, hand=[HIDDEN] * len(src.hand),
                     missions=[HIDDEN] * len(src.missions),
                     gambits=[HIDDEN] * len(src.gambits))


def _hidden_cards(src: Seat, visible_hand: bool) -> list[int]:
    """The cards behind a masked seat's HIDDEN entries, sorted."""
    deck = src.deck
    unknown = deck[:len(deck) - src.known_top] if src.known_top else deck.copy()
    if not visible_hand:
        unknown += src.hand
    unknown.sort()
    return unknown


def _hand_shown(state: State, seat: int) -> list[bool]:
    """Per seat of the game: does ``seat`` see its hand?"""
    if "sees_hand" in state.format.plain:  # (each seat sees its own hand only)
        return [s.index == seat for s in state.seats]
    sees_hand = state.format.sees_hand
    return [sees_hand(state, seat, s.index) for s in state.seats]


# ---------------------------------------------------------------- the parts of a view
# Each fills some fields of ``view`` from the real game ``state`` for ``seat``; a full
# view runs them all, a lazy one each on the first read of its fields.


def _seats(view: State, state: State, seat: int) -> None:
    view.seats = [_masked_seat(src, shown)
                  for src, shown in zip(state.seats, _hand_shown(state, seat), strict=True)]


def _unknown_and_boss(view: State, state: State, seat: int) -> None:
    seen = list(zip(state.seats, _hand_shown(state, seat), strict=True))
    unknown = {_SEAT_KEYS[src.index]: _hidden_cards(src, shown) for src, shown in seen}
    view.unknown = unknown
    view.boss = None if state.boss is None else state.boss.clone()
    if "mask_view" not in state.format.plain:
        state.format.mask_view(state, view)  # a mode's face-down piles (an adventure's boss)
    unknown["trade_deck"] = _sorted_trade_deck(state.trade_deck)
    if state.mission_box is not None:  # United: Missions nobody here has seen
        unknown["missions"] = sorted(state.mission_box + [
            m for src, shown in seen if not shown for m in src.missions])
    if state.gambit_box is not None:  # the Gambit set: face-down gambits not seen here
        unknown["gambits"] = sorted(state.gambit_box + [
            g for src, shown in seen if not shown for g in src.gambits])


def _mission_box(view: State, state: State, seat: int) -> None:
    view.mission_box = None if state.mission_box is None else [HIDDEN] * len(
        state.mission_box)


def _gambit_box(view: State, state: State, seat: int) -> None:
    view.gambit_box = None if state.gambit_box is None else [HIDDEN] * len(state.gambit_box)


def _trade_deck(view: State, state: State, seat: int) -> None:
    view.trade_deck = [HIDDEN] * len(state.trade_deck)


def _rng(view: State, state: State, seat: int) -> None:
    view.rng = _NO_RNG.clone()


def _copy(name: str) -> Callable[[State, State, int], None]:
    def fill(view: State, state: State, seat: int) -> None:
        setattr(view, name, getattr(state, name).copy())
    return fill


_PARTS: dict[str, Callable[[State, State, int], None]] = {
    "seats": _seats, "unknown": _unknown_and_boss, "boss": _unknown_and_boss,
    "trade_deck": _trade_deck, "rng": _rng, "mission_box": _mission_box,
    "gambit_box": _gambit_box,
    **{name: _copy(name) for name in ("life", "trade_row", "explorers", "scrap",
                                      "turn_members", "stack", "used", "latched", "damage",
                                      "copy_of")},
}
_FILLS = tuple(dict.fromkeys(_PARTS.values()))  # each part once, in the order above


def _start_view(view: State, state: State, seat: int) -> State:
    """The plain fields of a view: everything but its parts (_PARTS)."""
    view.cards = state.cards
    view.config = _public_config(state.config)  # the seed and the log would replay the
    view.log = None  # real game, deals and all (log_len stays: the table counts moves)
    view.format = state.format
    view.active = state.active
    view.turn = state.turn
    view.winners = state.winners
    view.log_len = state.log_len
    view.events = []
    view.effect_ops = 0
    view.undo_barrier = state.undo_barrier
    view.undo_floor = state.undo_floor
    view.db = state.db
    if state.boss is None:  # (else made with the hidden cards: the boss's piles hide some)
        view.boss = None
    d = state.pending
    if d is not None and d.seat != seat and d.kind == "card":
        # Another seat choosing among cards: those in its hand or the face-down part of
        # its deck (a gift lists the deck) stay secret, or they would tell which is which.
        s = state.seats[d.seat]
        secret = set(s.deck[:len(s.deck) - s.known_top])
        if not state.format.sees_hand(state, seat, d.seat):
            secret.update(s.hand)
        masked = tuple(HIDDEN if c in secret else c for c in d.candidates)
        d = Decision(d.seat, d.source, d.kind, d.purpose, masked, d.optional, d.effect, d.ctx)
    view.pending = d
    return view


def player_view(state: State, seat: int) -> State:
    """The game as ``seat`` sees it.  Built field by field (no full clone first and no
    copy of a list that is then masked)."""
    view = _start_view(State.__new__(State), state, seat)
    for fill in _FILLS:
        fill(view, state, seat)
    return view


class StaleView(RuntimeError):
    """A lazy view was read after its game moved on."""


# A lazy seat's lists, each made on its first read from (the real seat, hand shown?).
_SEAT_PARTS: dict[str, Callable[[Seat, bool], object]] = {
    "hand": lambda src, shown: src.hand.copy() if shown else [HIDDEN] * len(src.hand),
    "deck": _masked_deck,
    "missions": lambda src, shown: src.missions.copy() if shown else [HIDDEN] * len(
        src.missions),
    "gambits": lambda src, shown: src.gambits.copy() if shown else [HIDDEN] * len(
        src.gambits),
    "tally": lambda src, shown: None if src.tally is None else src.tally.clone(),
}


def _seat_copy(name: str) -> Callable[[Seat, bool], object]:
    def fill(src: Seat, shown: bool) -> object:
        return getattr(src, name).copy()
    return fill


for _name in ("discard", "in_play", "bases", "heroes", "played_factions", "next_acquire",
              "returns", "allies_of", "missions_done", "gambits_up", "gambits_used"):
    _SEAT_PARTS[_name] = _seat_copy(_name)


class LazySeat(Seat):
    """A seat of a :class:`LazyView`: its numbers are set at once, each of its lists is
    copied (masked) on first read — a bot reads an opponent's authority and bases, rarely
    its discard pile."""

    # (the game and its events list, not the view: a seat pointing back at the view
    # that holds it would make every view a reference cycle, left to the collector)
    __slots__ = ("_game", "_mark", "_shown", "_src")
    _shown: bool
    _src: Seat
    _game: State
    _mark: list

    def __getattr__(self, name: str) -> object:  # (only for fields not yet set)
        fill = _SEAT_PARTS.get(name)
        if fill is None:
            raise AttributeError(name)
        if self._game.events is not self._mark:
            raise StaleView(f"seat.{name} read after the game moved on")
        value = fill(self._src, self._shown)
        setattr(self, name, value)
        return value


def _lazy_seats(view: State, state: State, seat: int) -> None:
    seats: list[Seat] = []
    for src, shown in zip(state.seats, _hand_shown(state, seat), strict=True):
        s = LazySeat.__new__(LazySeat)
        s.index, s.name, s.team, s.life, s.alive = (
            src.index, src.name, src.team, src.life, src.alive)
        s.trade, s.combat = src.trade, src.combat
        s.pending_discard, s.known_top = src.pending_discard, src.known_top
        s.scrapped_own, s.scrapped_hd = src.scrapped_own, src.scrapped_hd
        s.bases_played = src.bases_played
        s._src, s._shown = src, shown
        s._game, s._mark = state, view._mark  # type: ignore[attr-defined]
        seats.append(s)
    view.seats = seats


_LAZY_PARTS = {**_PARTS, "seats": _lazy_seats}


class LazyView(State):
    """:func:`player_view` built as it is read: a part (the masked seats, the hidden
    cards, each shared list) is made on the first read of its fields, equal to what
    :func:`player_view` gives.  Most decisions read a few fields only (the greedy bot's
    play-a-card reads none of the seats).  Only until the next ``apply()`` of the game:
    a part read later raises :class:`StaleView` instead of showing the new position."""

    __slots__ = ("_game", "_mark", "_seat")
    _game: State
    _mark: list
    _seat: int

    def __getattr__(self, name: str) -> object:  # (only for fields not yet set)
        fill = _LAZY_PARTS.get(name)
        if fill is None:
            raise AttributeError(name)
        game = self._game
        if game.events is not self._mark:  # (apply() starts a new events list)
            raise StaleView(f"view.{name} read after the game moved on")
        fill(self, game, self._seat)
        return object.__getattribute__(self, name)


def lazy_view(state: State, seat: int) -> State:
    """:func:`player_view`, each part made when first read (:class:`LazyView`): for a
    bot deciding before the game moves on (``sim.play``)."""
    view = LazyView.__new__(LazyView)
    view._game = state
    view._mark = state.events
    view._seat = seat
    return _start_view(view, state, seat)
