"""Missions (Star Realms: United — Missions): secret objectives, revealed when achieved.

The rules (docs/rules-data.md, "Missions"; sources in docs/sets-research.md): each player
is dealt three missions face down, kept apart from their deck.  When a mission's
objective holds, its owner may reveal it and take its reward; the player who has
completed all three of their missions wins, whatever the Authority totals.

What a mission asks is data (``objective`` in ``rules/united_missions.toml``), one name
from :data:`OBJECTIVES` with its argument; :func:`met` is the one test of it, and the
legality of a ``claim`` action *is* that test.  Objectives about "this turn" read the
seat's :class:`Tally`, which :mod:`~game.star_realms.engine.plays` and ``rules.apply``
keep while a game has missions (``Seat.tally`` is None otherwise, so a game without
missions does no bookkeeping and keeps its saves' shape).

Our rulings where no source speaks (designed, docs/rules-data.md): a mission is claimed
in its owner's own main phase, by an action, any number per turn; a "this turn"
objective stays met for the rest of the turn once reached; a card of two factions
counts as either one, each card once, when factions must differ.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.star_realms.engine.cards import ALLY_SLOTS
from game.star_realms.engine.events import Gain, GameOver, MissionDone, TurnStart, Victory
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import State

PER_SEAT = 3  # «three secret missions per player»
MAX_SEATS = 4  # the pack holds 12 missions: three each for four players (designed limit)
TO_WIN = 3  # completing all three of your missions wins


class Tally:
    """What a seat did this turn that a mission's objective may ask about."""

    __slots__ = ("ally_lines", "authority", "combat", "ships", "trade", "with_base")

    def __init__(self) -> None:
        self.ships: list[tuple[str, ...]] = []  # the factions of each ship played
        self.with_base: list[str] = []  # factions of ships played beside a base of theirs
        self.ally_lines: list[tuple[str, ...]] = []  # factions each used ally line answers to
        self.trade = self.combat = self.authority = 0  # gained this turn

    def clone(self) -> Tally:
        t = Tally.__new__(Tally)
        t.ships, t.with_base, t.ally_lines = (
            self.ships.copy(), self.with_base.copy(), self.ally_lines.copy())
        t.trade, t.combat, t.authority = self.trade, self.combat, self.authority
        return t

    def to_json(self) -> dict[str, Any]:
        return {"ships": self.ships, "with_base": self.with_base,
                "ally_lines": self.ally_lines, "trade": self.trade, "combat": self.combat,
                "authority": self.authority}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Tally:
        t = Tally()
        t.ships = [tuple(x) for x in d["ships"]]
        t.with_base = list(d["with_base"])
        t.ally_lines = [tuple(x) for x in d["ally_lines"]]
        t.trade, t.combat, t.authority = int(d["trade"]), int(d["combat"]), int(d["authority"])
        return t


def distinct(groups: Sequence[tuple[str, ...]], n: int) -> bool:
    """Can ``n`` of the groups each stand for a different faction (a card of two factions
    counts as either)?  A matching of groups to factions, found by augmenting paths."""
    if n <= 0:
        return True
    owner: dict[str, int] = {}  # faction -> the group standing for it

    def place(g: int, seen: set[str]) -> bool:
        for f in groups[g]:
            if f in seen:
                continue
            seen.add(f)
            if f not in owner or place(owner[f], seen):
                owner[f] = g
                return True
        return False

    placed = 0
    for g in range(len(groups)):
        if place(g, set()):
            placed += 1
            if placed >= n:
                return True
    return False


# ---------------------------------------------------------------- the objectives
# name -> (what its argument is, the test).  The loader checks the argument's shape.


def _counts(state: State, cards: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for iid in cards:
        for f in state.factions(iid):
            out[f] = out.get(f, 0) + 1
    return out


def _ally_factions(state: State, seat: int, n: Any) -> bool:
    tally = state.seats[seat].tally
    return tally is not None and distinct(tally.ally_lines, n)


def _ships_played(state: State, seat: int, n: Any) -> bool:
    tally = state.seats[seat].tally
    return tally is not None and len(tally.ships) >= n


def _ship_factions_played(state: State, seat: int, n: Any) -> bool:
    tally = state.seats[seat].tally
    return tally is not None and distinct(tally.ships, n)


def _ship_with_base(state: State, seat: int, faction: Any) -> bool:
    tally = state.seats[seat].tally
    return tally is not None and faction in tally.with_base


def _gained(state: State, seat: int, need: Any) -> bool:
    tally = state.seats[seat].tally
    return tally is not None and all(getattr(tally, k) >= v for k, v in need.items())


def _bases_same_faction(state: State, seat: int, n: Any) -> bool:
    return any(v >= n for v in _counts(state, state.seats[seat].bases).values())


def _same_faction_in_play(state: State, seat: int, n: Any) -> bool:
    return any(v >= n for v in _counts(state, state.seats[seat].in_play_cards()).values())


def _base_factions(state: State, seat: int, n: Any) -> bool:
    return distinct([state.factions(b) for b in state.seats[seat].bases], n)


def _outposts(state: State, seat: int, n: Any) -> bool:
    return sum(state.card(b).outpost for b in state.seats[seat].bases) >= n


# (argument kind: "count" an int 1..20, "faction" a faction id, "gains" a table of
# trade/combat/authority amounts)
OBJECTIVES: dict[str, tuple[str, Callable[[State, int, Any], bool]]] = {
    "ally_factions": ("count", _ally_factions),
    "ships_played": ("count", _ships_played),
    "ship_factions_played": ("count", _ship_factions_played),
    "ship_with_base": ("faction", _ship_with_base),
    "gained": ("gains", _gained),
    "bases_same_faction": ("count", _bases_same_faction),
    "same_faction_in_play": ("count", _same_faction_in_play),
    "base_factions": ("count", _base_factions),
    "outposts": ("count", _outposts),
}
GAINS = ("trade", "combat", "authority")


def met(state: State, seat: int, mission: int) -> bool:
    """Does ``seat``'s objective on mission card ``mission`` hold now?"""
    objective = state.cards[mission].objective
    if objective is None:
        return False
    name, arg = objective
    return OBJECTIVES[name][1](state, seat, arg)


def claimable(state: State, seat: int) -> list[int]:
    """The seat's secret missions it may reveal now (in its own main phase)."""
    s = state.seats[seat]
    return [m for m in s.missions if m >= 0 and met(state, seat, m)]


# ---------------------------------------------------------------- keeping the tally


def note_play(state: State, seat: int, iid: int) -> None:
    """A card was played from hand: a ship counts for "play N ships" and, beside a base of
    one of its factions, for "play a <faction> ship while you have a <faction> base"."""
    s = state.seats[seat]
    tally = s.tally
    if tally is None or not state.cards[iid].is_ship:
        return
    factions = state.factions(iid)
    tally.ships.append(factions)
    for b in s.bases:
        for f in state.factions(b):
            if f in factions and f not in tally.with_base:
                tally.with_base.append(f)


def note_use(state: State, seat: int, iid: int, slot: str) -> None:
    """An ability was used: an ally line counts for "use ally abilities of N factions"."""
    tally = state.seats[seat].tally
    if tally is None or slot not in ALLY_SLOTS:
        return
    tally.ally_lines.append(state.card(iid).answers_to(slot, state.factions(iid)))


def note_gains(state: State) -> None:
    """Add this action's gains (``Gain`` events since the last turn began) to the tallies."""
    events = state.events
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], TurnStart):
            start = i + 1
            break
    for e in events[start:]:
        if isinstance(e, Gain) and e.resource in GAINS and e.amount > 0:
            tally = state.seats[e.seat].tally
            if tally is not None:
                setattr(tally, e.resource, getattr(tally, e.resource) + e.amount)


# ---------------------------------------------------------------- claiming


def claim(state: State, seat: int, mission: int) -> None:
    """Reveal a mission whose objective holds and take its reward; the third one done
    wins the game for the seat's side."""
    s = state.seats[seat]
    s.missions.remove(mission)
    s.missions_done.append(mission)
    state.undo_barrier += 1  # a revealed secret: no undo takes it back
    state.events.append(MissionDone(seat, mission))
    if len(s.missions_done) >= TO_WIN:
        team = s.team
        state.winners = tuple(x.index for x in state.seats if x.team == team)
        state.stack.clear()
        state.pending = None
        state.events.append(Victory(seat, "missions"))
        state.events.append(GameOver(state.winners))
        return
    push(state, seat, mission, state.cards[mission].ability("reward"))


# ---------------------------------------------------------------- setup


def check_setup(format_id: str, mode: bool, seats: int, available: int) -> str:
    """Why a game cannot have missions ("" when it can): the formats of the rulebooks
    with up to four seats, as the pack's twelve missions deal three each (designed)."""
    if mode:
        return "missions are played in the player-against-player formats, not in " \
               f"{format_id!r}"
    if seats > MAX_SEATS:
        return f"missions need at most {MAX_SEATS} seats (three each from the twelve)"
    if available < PER_SEAT * seats:
        return f"{seats} seats need {PER_SEAT * seats} missions; the rules have {available}"
    return ""


def deal(state: State, missions: Sequence[int]) -> None:
    """Shuffle the mission cards (instances already made) and deal each seat three face
    down; the rest stay boxed, unseen by anyone (``State.mission_box``)."""
    pile = list(missions)
    state.rng.shuffle(pile)
    for s in state.seats:
        s.missions = [pile.pop() for _ in range(PER_SEAT)]
        s.missions_done = []
        s.tally = Tally()
    state.mission_box = sorted(pile)
