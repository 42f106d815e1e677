"""What one ``apply()`` did, as typed records (``state.events``: the last action's).

Every record is a frozen dataclass with a ``tag``; a card played face down is named
``HIDDEN`` in the views of the other seats (view.py masks it).  The vocabulary:

- ``played`` — :class:`Played` — a seat led, surpassed, copied or pivoted a card.
- ``passed`` — :class:`Passed` — the initiative holder passed it on (or the chapter
  ended because every seat with cards passed: ``to`` is -1).
- ``declared`` — :class:`Declared` — an ambition marker went onto an ambition.
- ``seized`` — :class:`Seized` — a seat seized the initiative (``card``: the extra
  face-down card, "" for a surpassing 7).
- ``round_end`` — :class:`RoundEnd` — the round ended; who holds the initiative now.
- ``taxed`` — :class:`Taxed` — a seat taxed a city: the resource gained ("" when the
  supply was out) and the rival agent captured (-1 when none).
- ``influenced`` — :class:`Influenced` — an agent went onto a court card.
- ``secured`` — :class:`Secured` — a court card was taken: agents returned, captured.
- ``built`` — :class:`Built` — a ship, starport or city was placed (``damaged``: where a
  rival rules).
- ``repaired`` — :class:`Repaired` — a damaged ship or building of the seat's was
  repaired.
- ``moved`` — :class:`Moved` — ships went from one system to an adjacent one (``jump``:
  as part of a hyperjump).
- ``battle`` — :class:`BattleBegun` — a seat attacked a rival in a system.
- ``rolled`` — :class:`Rolled` — the dice of a battle: each die's type and face (0–5,
  as listed in dice.toml) and the symbols' totals.
- ``hit`` — :class:`Hit` — a hit damaged or destroyed a piece (``to``: who took the
  destroyed piece as a trophy, -1 when it was only damaged).
- ``outraged`` — :class:`Outraged` — a seat destroyed a city: it discarded its
  resources and guild cards of the planet's type and put that type under Outrage.
- ``ransacked`` — :class:`Ransacked` — the seat that destroyed a city took a court card
  with the defender's agents; the rivals' agents on it became its trophies.
- ``stole`` — :class:`Stole` — a raid took a resource or a guild card.
- ``discarded`` — :class:`Discarded` — a resource went back to the supply (overflow).
- ``placed`` — :class:`Placed` — a seat put a resource it took into a resource slot
  (``keys``: that slot's raid cost); ``reslotted`` — :class:`Reslotted` — it exchanged
  two slots' contents while placing ("" for an empty slot).
- ``spent`` — :class:`Spent` — a prelude action: a resource spent as a type (it goes
  back to the supply when the prelude ends).
- ``guild`` — :class:`GuildUsed` — a guild card's prelude ability or new action was used
  (``discarded``: the card went to the court discard).
- ``vox`` — :class:`VoxResolved` — a secured vox card's When Secured effect resolved
  (``kind``: the effect's kind or name; ``detail``: the choice, "" when declined).
- ``returned`` — :class:`ReturnedToHand` — an action card went back to its seat's hand
  at the round's end (a union card was attached to it).
- ``scored`` — :class:`Scored` — Power for an ambition (place 1 or 2, bonus included).
- ``chapter_end`` — :class:`ChapterEnd` — a chapter ended.
- ``redrew`` — :class:`Redrew` — 2 players: the seat without the initiative took a new
  hand.
- ``game_over`` — :class:`GameOver` — the game ended; the winner.
- ``drafted`` — :class:`Drafted` — Leaders & Lore: a seat took a leader or a lore card.
- ``lore`` — :class:`LoreUsed` — a lore card's new action (Summon, Fire Rifles, Nurture,
  Prune); ``toll`` — :class:`Toll` — Gate Ports captured a moving rival's agent;
  ``gave`` — :class:`Gave` — the Feastbringer gave a guild card to declare.
- ``looked``, ``swapped`` — :class:`Looked`, :class:`Swapped` — Farseers: a seat looked
  at a rival's hand and swapped 1 card (or none) with it; ``drew`` —
  :class:`DrewFromDiscard` — Farseers' prelude; ``traded`` — :class:`Traded` — Elder
  Broker's Trade; ``cartel`` — :class:`CartelDiscarded` — a Cartel's rival discarded
  the type after scoring.  ``PRIVATE`` events name cards that only some seats see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: str
    mode: str  # "lead" | "surpass" | "copy" | "pivot"
    tag: str = "played"


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    to: int
    tag: str = "passed"


@dataclass(frozen=True, slots=True)
class Declared:
    seat: int
    ambition: str
    marker: str
    tag: str = "declared"


@dataclass(frozen=True, slots=True)
class Seized:
    seat: int
    card: str
    tag: str = "seized"


@dataclass(frozen=True, slots=True)
class RoundEnd:
    initiative: int
    tag: str = "round_end"


@dataclass(frozen=True, slots=True)
class Taxed:
    seat: int
    system: str
    resource: str
    captive: int
    tag: str = "taxed"


@dataclass(frozen=True, slots=True)
class Influenced:
    seat: int
    court_slot: int
    card: str
    tag: str = "influenced"


@dataclass(frozen=True, slots=True)
class Secured:
    seat: int
    card: str
    returned: int
    captured: tuple[int, ...]  # the owners of the captured agents
    tag: str = "secured"


@dataclass(frozen=True, slots=True)
class Built:
    seat: int
    system: str
    piece: str  # "ship" | "starport" | "city"
    damaged: bool
    tag: str = "built"


@dataclass(frozen=True, slots=True)
class Repaired:
    seat: int
    system: str
    piece: str
    tag: str = "repaired"


@dataclass(frozen=True, slots=True)
class Moved:
    seat: int
    source: str
    target: str
    fresh: int
    damaged: int
    jump: bool
    tag: str = "moved"


@dataclass(frozen=True, slots=True)
class BattleBegun:
    seat: int
    system: str
    defender: int
    tag: str = "battle"


@dataclass(frozen=True, slots=True)
class Rolled:
    seat: int
    dice: tuple[tuple[str, int], ...]  # (die, face index)
    hits: int
    self_hits: int
    intercepts: int
    building_hits: int
    keys: int
    tag: str = "rolled"


@dataclass(frozen=True, slots=True)
class Hit:
    seat: int  # who dealt the hit
    owner: int
    system: str
    piece: str
    destroyed: bool
    to: int  # the seat taking the destroyed piece as a trophy, -1 if only damaged
    tag: str = "hit"


@dataclass(frozen=True, slots=True)
class Outraged:
    seat: int
    resource: str
    resources: int  # discarded
    cards: tuple[str, ...]  # guild cards discarded
    tag: str = "outraged"


@dataclass(frozen=True, slots=True)
class Ransacked:
    seat: int
    card: str
    returned: int
    trophies: tuple[int, ...]  # the owners of the agents taken
    tag: str = "ransacked"


@dataclass(frozen=True, slots=True)
class Stole:
    seat: int
    victim: int
    resource: str  # "" when a card was taken
    card: str
    keys: int
    tag: str = "stole"


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    resource: str
    tag: str = "discarded"


@dataclass(frozen=True, slots=True)
class Placed:
    seat: int
    resource: str
    slot: int
    keys: int
    tag: str = "placed"


@dataclass(frozen=True, slots=True)
class Reslotted:
    seat: int
    first: str  # now under first_keys
    first_keys: int
    second: str  # now under second_keys ("" : that slot is empty now)
    second_keys: int
    tag: str = "reslotted"


@dataclass(frozen=True, slots=True)
class Spent:
    seat: int
    resource: str
    spent_as: str
    tag: str = "spent"


@dataclass(frozen=True, slots=True)
class GuildUsed:
    seat: int
    card: str
    kind: str  # the ability's kind, or the new action's name
    detail: str = ""
    discarded: bool = False
    tag: str = "guild"


@dataclass(frozen=True, slots=True)
class VoxResolved:
    seat: int
    card: str
    kind: str
    detail: str = ""
    tag: str = "vox"


@dataclass(frozen=True, slots=True)
class ReturnedToHand:
    seat: int
    card: str
    tag: str = "returned"


@dataclass(frozen=True, slots=True)
class Scored:
    seat: int
    ambition: str
    place: int
    power: int
    tag: str = "scored"


@dataclass(frozen=True, slots=True)
class ChapterEnd:
    chapter: int
    tag: str = "chapter_end"


@dataclass(frozen=True, slots=True)
class Redrew:
    seat: int
    tag: str = "redrew"


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: int
    power: tuple[int, ...]
    tag: str = "game_over"


@dataclass(frozen=True, slots=True)
class Drafted:
    seat: int
    card: str
    what: str  # "leader" | "lore"
    tag: str = "drafted"


@dataclass(frozen=True, slots=True)
class LoreUsed:
    """A lore card's new action (lore.py): ``action`` its kind, ``detail`` where."""

    seat: int
    card: str
    action: str
    detail: str = ""
    tag: str = "lore"


@dataclass(frozen=True, slots=True)
class Toll:
    """Gate Ports: ``seat`` captured an agent of ``rival`` moving into ``gate``."""

    seat: int
    rival: int
    gate: str
    tag: str = "toll"


@dataclass(frozen=True, slots=True)
class Gave:
    """The Feastbringer declaring: a guild card given to the rival with least Power."""

    seat: int
    to: int
    card: str
    tag: str = "gave"


# the events of the basic game; Event (the end of the file) adds the guild cards'
_BASIC_EVENTS: TypeAlias = (
    Played | Passed | Declared | Seized | RoundEnd | Taxed | Influenced | Secured
    | Built | Repaired | Moved | BattleBegun | Rolled | Hit | Outraged | Ransacked
    | Stole | Discarded | Spent | GuildUsed | VoxResolved | ReturnedToHand | Scored
    | ChapterEnd | Redrew | GameOver | Drafted | LoreUsed | Toll | Gave)


# ---------------------------------------------------------------------- guild cards
# (court.py, cartels.py): Farseers, Elder Broker, the Cartels.


@dataclass(frozen=True, slots=True)
class Looked:
    """Farseers: the seat looked at the rival's hand (it sees it in its view)."""

    seat: int
    rival: int
    tag: str = "looked"


@dataclass(frozen=True, slots=True)
class Swapped:
    """Farseers: 1 card each way between the seat and the rival ("" both: no swap);
    only those two seats see which cards (:meth:`seen_by`)."""

    seat: int
    rival: int
    given: str
    taken: str
    tag: str = "swapped"

    def seen_by(self, seat: int, hidden: str) -> Swapped:
        if seat in (self.seat, self.rival) or not self.given:
            return self
        return Swapped(self.seat, self.rival, hidden, hidden)


@dataclass(frozen=True, slots=True)
class DrewFromDiscard:
    """Farseers' prelude: hand cards discarded face down, and as many (plus one) drawn
    from the bottom of the face-down action discard; the others see only how many."""

    seat: int
    discarded: tuple[str, ...]
    drawn: tuple[str, ...]
    tag: str = "drew"

    def seen_by(self, seat: int, hidden: str) -> DrewFromDiscard:
        if seat == self.seat:
            return self
        return DrewFromDiscard(self.seat, (hidden,) * len(self.discarded),
                               (hidden,) * len(self.drawn))


@dataclass(frozen=True, slots=True)
class Traded:
    """Elder Broker's Trade: the seat took ``taken`` from the rival and gave ``given``."""

    seat: int
    rival: int
    taken: str
    given: str
    tag: str = "traded"


@dataclass(frozen=True, slots=True)
class CartelDiscarded:
    """After scoring, a rival of a Cartel's holder discarded all its resources of the
    type: they went back to the supply, which lies on the Cartel."""

    seat: int
    holder: int
    resource: str
    count: int
    tag: str = "cartel"


PRIVATE = (Swapped, DrewFromDiscard)  # events view.py shows in part to the other seats
Event: TypeAlias = (_BASIC_EVENTS | Looked | Swapped | DrewFromDiscard | Traded
                    | CartelDiscarded | Placed | Reslotted)
