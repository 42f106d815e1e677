"""What an ``apply()`` did, as typed records: the one list of the event vocabulary.

``state.events`` holds the events of the last applied action, in order.  The table
animates them, the log and the boss-turn narration word them, the invariant checks
audit them; later a phone page and a LAN client will receive them as JSON
(:meth:`Event.to_json`, :func:`event_from_json`).  They are never saved: a save holds
the action log and a snapshot, and replaying the log recreates them.

Zones are :class:`Zone` values, never strings: ``Zone("hand", 0)``, ``TRADE_ROW``,
``Zone("boss", pile="registry")``.  ``str(zone)`` is the old spelling ("hand:0",
"trade_row", "boss:tentacle:blob") for messages.

The vocabulary (tag — record — meaning — who emits it):

- ``move`` — :class:`Move` — a card went from one zone to another (zones.py for every
  ordinary move; boss scripts for their piles, the row and cards played off a deck).
- ``shuffle`` — :class:`Shuffle` — a seat's discard pile became its deck; seat -1: the
  trade deck was rebuilt from the scrap heap (zones.py).
- ``gain`` — :class:`Gain` — a seat gained trade, combat or authority (effects.py,
  bosses/common.py).
- ``acquire`` — :class:`Acquire` — a seat bought or otherwise acquired a card
  (effects.py, after the card's ``move``).
- ``target_discards`` — :class:`TargetDiscards` — a seat made a seat (maybe itself)
  owe discards (effects.py).
- ``destroy`` — :class:`Destroy` — a seat destroyed a base (rules.py attacks,
  effects.py, boss.py).
- ``damage`` — :class:`Damage` — combat dealt to a base without destroying it, kept by
  the format (Raid) (rules.py).
- ``attack`` — :class:`Attack` — a seat's combat took authority from a seat
  (elimination.py, for rules.py and boss attacks).
- ``drain`` — :class:`Drain` — a boss effect took authority from a seat
  (elimination.py, for effects.py).
- ``plunder`` — :class:`Plunder` — a boss effect scrapped a seat's best discarded card
  (effects.py).
- ``copy`` — :class:`CopyBase` — a Stealth Tower became a copy of a base (effects.py).
- ``ability`` — :class:`AbilityUsed` — a card's ability fired: a ship's primary on
  play, or an activated slot (plays.py).
- ``eliminated`` — :class:`Eliminated` — a seat's life pool ran out (elimination.py).
- ``game_over`` — :class:`GameOver` — the game ended with these winners
  (elimination.py, campaign.py, bosses/dimensional_horror.py).
- ``victory`` — :class:`Victory` — a seat won another way than by authority: a campaign
  seat's "political" or "allegiance", or "missions" (its third mission done); a
  ``game_over`` follows (campaign.py, missions.py).
- ``upgrade`` — :class:`Upgrade` — a campaign sticker went onto an acquired card
  (campaign.py).
- ``turn`` — :class:`TurnStart` — a new turn began: its seat and number (rules.py).
- ``focus`` — :class:`Focus` — the next member of a team turn (Hydra) takes over
  (rules.py).
- ``mulligan`` — :class:`Mulligan` — adventures: a seat swept the trade row (rules.py).
- ``boss_at`` — :class:`BossAt` — a boss turn step that did something: its number and
  key, for the narration (adventure.py).
- ``boss`` — :class:`BossNarration` — a line of the boss's turn with its parameters
  (adventure.py ``narrate``, called by the boss scripts).
- ``strike`` — :class:`Strike` — Dimensional Horror: a seat cut a tentacle card
  (bosses/dimensional_horror.py).
- ``severed`` — :class:`Severed` — Dimensional Horror: a whole tentacle is gone
  (bosses/dimensional_horror.py).
- ``mission`` — :class:`MissionDone` — a seat revealed a mission whose objective it met
  (United: Missions); its reward follows, or the game ends at the third (missions.py).
- ``event_revealed`` — :class:`EventRevealed` — an event card (Crisis) was turned face
  up into the trade row and resolves now (zones.py).
- ``gambit`` — :class:`GambitRevealed` — a seat revealed a face-down gambit (the Gambit
  set): a one-shot's effect follows, any other stays face up (gambits.py).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

# Zones that belong to a seat (Zone.seat set) and the shared ones (Zone.seat None).
SEAT_ZONES = frozenset({"hand", "deck", "discard", "in_play", "bases", "heroes"})
SHARED_ZONES = frozenset({"trade_row", "trade_deck", "explorers", "scrap", "boss"})
ZONE_NAMES = SEAT_ZONES | SHARED_ZONES


_INTERNED: dict[tuple[str, int | None, str | None], Zone] = {}
_INTERN_MAX = 256  # zones of a real game are a few dozen; input from JSON must not grow it


@dataclass(frozen=True, slots=True, init=False)
class Zone:
    """Where a card lies: ``name`` (see ZONE_NAMES), the owning ``seat`` for a seat's
    zones, and for the boss its named ``pile`` (None: the boss's side in general).

    ``Zone("hand", 0)`` returns a shared instance: a game makes thousands of moves, and
    a frozen dataclass costs several times a dict lookup to build."""

    name: str
    seat: int | None = None
    pile: str | None = None

    def __new__(cls, name: str, seat: int | None = None, pile: str | None = None) -> Zone:
        key = (name, seat, pile)
        zone = _INTERNED.get(key)
        if zone is None:
            zone = object.__new__(cls)
            object.__setattr__(zone, "name", name)
            object.__setattr__(zone, "seat", seat)
            object.__setattr__(zone, "pile", pile)
            if len(_INTERNED) < _INTERN_MAX:
                _INTERNED[key] = zone
        return zone

    def __reduce__(self) -> tuple[Any, ...]:  # (pickle and copy call __new__ bare)
        return (Zone, (self.name, self.seat, self.pile))

    def __str__(self) -> str:
        if self.seat is not None:
            return f"{self.name}:{self.seat}"
        return self.name if self.pile is None else f"{self.name}:{self.pile}"

    @property
    def key(self) -> str:
        return str(self)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "pile": self.pile}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Zone:
        return cls(str(data["name"]), data.get("seat"), data.get("pile"))


# The shared zones, by name (engine code and tests compare against these).
TRADE_ROW = Zone("trade_row")
TRADE_DECK = Zone("trade_deck")
EXPLORERS = Zone("explorers")
SCRAP = Zone("scrap")
BOSS = Zone("boss")


def _jsonable(value: Any) -> Any:
    if isinstance(value, Zone):
        return value.to_json()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"name", "seat", "pile"}:
        return Zone.from_json(value)
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One thing an action did.  ``kind`` is the event's tag (EVENT_KINDS' key)."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """A plain dict: the kind plus every field (zones as dicts, tuples as lists)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Event:
        return cls(**{f.name: _from_jsonable(data[f.name]) for f in fields(cls)})


_E = TypeVar("_E", bound=Event)


# dataclass_transform: the checker then knows each record's generated __init__.
@dataclass_transform(frozen_default=True)
def _record(cls: type[_E]) -> type[_E]:
    """A frozen, slotted dataclass event whose ``__init__`` writes its slots straight
    through their descriptors: a game makes thousands of events, and the generated frozen
    ``__init__`` (an ``object.__setattr__`` call per field) costs about three times as
    much.  Still frozen afterwards (assignment raises), same fields and signature."""
    cls = dataclass(frozen=True, slots=True)(cls)
    names = [f.name for f in fields(cls)]
    assert all(f.default is MISSING and f.default_factory is MISSING for f in fields(cls))
    setters = {f"_set_{n}": getattr(cls, n).__set__ for n in names}
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", setters)  # (as dataclasses do)
    init = setters["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]  # (replacing it is the point)
    return cls


@_record
class Move(Event):
    kind: ClassVar[str] = "move"
    card: int
    src: Zone
    dst: Zone


@_record
class Shuffle(Event):
    kind: ClassVar[str] = "shuffle"
    seat: int  # -1: the trade deck, rebuilt from the scrap heap


@_record
class Gain(Event):
    kind: ClassVar[str] = "gain"
    seat: int
    resource: str  # "trade" | "combat" | "authority"
    amount: int


@_record
class Acquire(Event):
    kind: ClassVar[str] = "acquire"
    seat: int
    card: int


@_record
class TargetDiscards(Event):
    kind: ClassVar[str] = "target_discards"
    seat: int
    target: int
    n: int


@_record
class Destroy(Event):
    kind: ClassVar[str] = "destroy"
    seat: int
    base: int
    owner: int


@_record
class Damage(Event):
    kind: ClassVar[str] = "damage"
    seat: int
    base: int
    amount: int


@_record
class Attack(Event):
    kind: ClassVar[str] = "attack"
    seat: int
    target: int
    amount: int


@_record
class Drain(Event):
    kind: ClassVar[str] = "drain"
    seat: int
    target: int
    amount: int


@_record
class Plunder(Event):
    kind: ClassVar[str] = "plunder"
    seat: int
    target: int
    card: int


@_record
class CopyBase(Event):
    kind: ClassVar[str] = "copy"
    seat: int
    card: int  # the Stealth Tower
    base: int  # the base it copies


@_record
class AbilityUsed(Event):
    kind: ClassVar[str] = "ability"
    seat: int
    card: int
    slot: str


@_record
class Eliminated(Event):
    kind: ClassVar[str] = "eliminated"
    seat: int


@_record
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]


@_record
class Victory(Event):
    kind: ClassVar[str] = "victory"
    seat: int
    how: str  # "political" | "allegiance" (campaign) | "missions"


@_record
class Upgrade(Event):
    kind: ClassVar[str] = "upgrade"
    seat: int
    card: int
    sticker: str


@_record
class TurnStart(Event):
    kind: ClassVar[str] = "turn"
    seat: int
    turn: int


@_record
class Focus(Event):
    kind: ClassVar[str] = "focus"
    seat: int


@_record
class Mulligan(Event):
    kind: ClassVar[str] = "mulligan"
    seat: int


@_record
class BossAt(Event):
    kind: ClassVar[str] = "boss_at"
    step: int  # 1-based, as the book numbers a boss turn's steps
    key: str


@_record
class BossNarration(Event):
    kind: ClassVar[str] = "boss"
    key: str
    params: tuple[tuple[str, Any], ...]  # (name, value) pairs: a frozen record's dict

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "key": self.key, "params": dict(self.params)}

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Event:
        return cls(str(data["key"]), tuple(dict(data["params"]).items()))


@_record
class Strike(Event):
    kind: ClassVar[str] = "strike"
    seat: int
    card: int
    faction: str


@_record
class EventRevealed(Event):
    kind: ClassVar[str] = "event_revealed"
    card: int  # an event card (Crisis) turned face up into the trade row


@_record
class MissionDone(Event):
    kind: ClassVar[str] = "mission"
    seat: int
    card: int  # the mission card, revealed


@_record
class GambitRevealed(Event):
    kind: ClassVar[str] = "gambit"
    seat: int
    card: int  # the gambit card, face up now


@_record
class Severed(Event):
    kind: ClassVar[str] = "severed"
    seat: int
    faction: str


EVENT_KINDS: dict[str, type[Event]] = {cls.kind: cls for cls in (
    Move, Shuffle, Gain, Acquire, TargetDiscards, Destroy, Damage, Attack, Drain, Plunder,
    CopyBase, AbilityUsed, Eliminated, GameOver, Victory, Upgrade, TurnStart, Focus,
    Mulligan, BossAt, BossNarration, Strike, Severed, EventRevealed, MissionDone,
    GambitRevealed)}


def event_from_json(data: dict[str, Any]) -> Event:
    """The record :meth:`Event.to_json` described (for a client receiving events)."""
    return EVENT_KINDS[data["kind"]]._from_fields(data)
