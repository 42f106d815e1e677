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
- ``discarded`` — :class:`Discarded` — a resource went back to the supply (overflow).
- ``scored`` — :class:`Scored` — Power for an ambition (place 1 or 2, bonus included).
- ``chapter_end`` — :class:`ChapterEnd` — a chapter ended.
- ``redrew`` — :class:`Redrew` — 2 players: the seat without the initiative took a new
  hand.
- ``game_over`` — :class:`GameOver` — the game ended; the winner.
"""

from __future__ import annotations

from dataclasses import dataclass


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
class Discarded:
    seat: int
    resource: str
    tag: str = "discarded"


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


Event = (Played | Passed | Declared | Seized | RoundEnd | Taxed | Influenced | Secured
         | Discarded | Scored | ChapterEnd | Redrew | GameOver)
