"""What one ``apply()`` did, as typed records (``state.events``: the last action's).

Every record is a frozen dataclass with a ``tag``:

- ``placed`` — :class:`OrderPlaced` — an order token went face down onto a stack (the
  other seats' views read its ``order`` as ``HIDDEN``).
- ``revealed`` — :class:`OrderRevealed` — a token was revealed; ``declined``: it went
  onto its owner's event deck instead of resolving.
- ``bought`` — :class:`Bought` — a unit or structure was bought and placed.
- ``upgraded`` — :class:`Upgraded` — an order upgrade or a combat pair was bought
  (``returned``: the pair that went back to the upgrade deck).
- ``gained`` — :class:`Gained` — asset tokens or materiel came to a seat (``what``).
- ``moved`` — :class:`Moved` — a unit moved in an Advance.
- ``destroyed`` — :class:`Destroyed` — a unit was destroyed over an area's capacity.
- ``collected`` — :class:`Collected` — an objective token was collected.
- ``storm`` — :class:`StormMoved` — a warp storm moved by an event card's icon.
- ``refresh`` — :class:`RefreshStarted` — the refresh phase began (the events after it
  in the same action are its steps); ``drawn`` — :class:`EventsDrawn` — a seat drew
  event cards for the order tokens on its event deck (step 4; ``count`` 0: none).
- ``combat`` — :class:`CombatStarted` — a combat began in ``area`` (``orbital``: a strike).
- ``dice`` — :class:`DiceRolled` — a side's dice after a roll (``faces``).
- ``chosen`` — :class:`CardChosen` — a combat card went face down (the rival's view
  reads ``card`` as ``HIDDEN``); ``revealed_card`` — :class:`CardRevealed`.
- ``effect`` — :class:`EffectResolved` — one effect of a card resolved (``kind``, what).
- ``damaged`` — :class:`Damaged` — a unit took damage: ``destroyed``, ``routed`` or ``held``.
- ``routed`` / ``rallied`` — :class:`Routed` / :class:`Rallied` — a unit's state changed.
- ``retreated`` — :class:`Retreated` — units left an area (``to`` "" : destroyed).
- ``morale`` — :class:`MoraleCompared` — the third round ended with both sides in the
  area: the morale totals that decided the winner (RB p.13).
- ``combat_end`` — :class:`CombatEnded` — the winner (-1: nobody), the area, both sides
  and the structures a winning attacker captured.
- ``round_end`` — :class:`RoundEnd` — a round ended; who holds the first player marker.
- ``game_over`` — :class:`GameOver` — the game ended; the winners.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class OrderPlaced:
    seat: int
    system: str
    order: str
    tag: str = "placed"

    def seen_by(self, seat: int, hidden: str) -> OrderPlaced:
        return self if seat == self.seat else replace(self, order=hidden)


@dataclass(frozen=True, slots=True)
class OrderRevealed:
    seat: int
    system: str
    order: str
    declined: bool = False
    tag: str = "revealed"


@dataclass(frozen=True, slots=True)
class Bought:
    seat: int
    piece: str
    area: str
    cost: int
    tag: str = "bought"


@dataclass(frozen=True, slots=True)
class Upgraded:
    seat: int
    card: str
    cost: int
    returned: str = ""
    tag: str = "upgraded"


@dataclass(frozen=True, slots=True)
class Gained:
    seat: int
    what: str  # an asset id or "materiel"
    count: int
    tag: str = "gained"


@dataclass(frozen=True, slots=True)
class Moved:
    seat: int
    unit: str
    source: str
    target: str
    tag: str = "moved"


@dataclass(frozen=True, slots=True)
class Destroyed:
    seat: int
    unit: str
    area: str
    tag: str = "destroyed"


@dataclass(frozen=True, slots=True)
class Collected:
    seat: int
    world: str
    tag: str = "collected"


@dataclass(frozen=True, slots=True)
class StormMoved:
    seat: int
    card: str
    storm: int  # index in state.storms, -1 when none could move
    to: str
    tag: str = "storm"


@dataclass(frozen=True, slots=True)
class RefreshStarted:
    round: int
    tag: str = "refresh"


@dataclass(frozen=True, slots=True)
class EventsDrawn:
    seat: int
    count: int
    tag: str = "drawn"


@dataclass(frozen=True, slots=True)
class RoundEnd:
    round: int
    first: int
    tag: str = "round_end"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    tag: str = "game_over"


@dataclass(frozen=True, slots=True)
class CombatStarted:
    attacker: int
    defender: int
    area: str
    orbital: bool = False
    tag: str = "combat"


@dataclass(frozen=True, slots=True)
class DiceRolled:
    seat: int
    faces: tuple[str, ...]
    tag: str = "dice"


@dataclass(frozen=True, slots=True)
class CardChosen:
    seat: int
    card: str
    tag: str = "chosen"

    def seen_by(self, seat: int, hidden: str) -> CardChosen:
        return self if seat == self.seat else replace(self, card=hidden)


@dataclass(frozen=True, slots=True)
class CardRevealed:
    seat: int
    card: str
    tag: str = "revealed_card"


@dataclass(frozen=True, slots=True)
class EffectResolved:
    seat: int
    kind: str
    what: str = ""
    tag: str = "effect"


@dataclass(frozen=True, slots=True)
class Damaged:
    seat: int
    unit: str
    area: str
    result: str  # destroyed | routed | held
    tag: str = "damaged"


@dataclass(frozen=True, slots=True)
class Routed:
    seat: int
    unit: str
    area: str
    tag: str = "routed"


@dataclass(frozen=True, slots=True)
class Rallied:
    seat: int
    unit: str
    area: str
    count: int = 1
    tag: str = "rallied"


@dataclass(frozen=True, slots=True)
class Retreated:
    seat: int
    source: str
    to: str  # "" when no area could take them: destroyed
    count: int
    tag: str = "retreated"


@dataclass(frozen=True, slots=True)
class MoraleCompared:
    attacker: int
    defender: int
    attacker_morale: int
    defender_morale: int
    winner: int  # the defender on a tie («при равенстве побеждает защищающийся»)
    tag: str = "morale"


@dataclass(frozen=True, slots=True)
class CombatEnded:
    winner: int
    area: str
    attacker: int = -1
    defender: int = -1
    captured: tuple[str, ...] = ()  # structures the winning attacker took with the world
    orbital: bool = False
    tag: str = "combat_end"


Event = (OrderPlaced | OrderRevealed | Bought | Upgraded | Gained | Moved | Destroyed
         | Collected | StormMoved | RefreshStarted | EventsDrawn | CombatStarted | DiceRolled
         | CardChosen | CardRevealed
         | EffectResolved | Damaged | Routed | Rallied | Retreated | MoraleCompared
         | CombatEnded | RoundEnd | GameOver)
