"""The state of one combat («БИТВА», RB p.12-15) or orbital strike (RB p.11).

The units fighting stay on the map (``state.units``, both factions' ids in the contested
area; unit ids name their faction, so each side's units are read from there) and their
routed ones in ``state.routed``.  What exists only while the combat lasts lives here: each
side's dice, combat tokens, hand, face-down and face-up cards, reinforcement tokens in the
area, and the effects waiting to resolve (``queue``, ``pending``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.copying import evolve

# phases of a combat
REINFORCE = "reinforce"  # «Вызов подкреплений»: attacker, then defender
CHOOSE = "choose"  # «Выбор боевой карты»: both choose face down, attacker first
DAMAGE = "damage"  # «Шаг нанесения повреждений»: the seat in ``hit`` assigns damage
REVEAL = "reveal"  # «Розыгрыш боевой карты»: the attacker's card, then the defender's
RETREAT = "retreat"  # the loser (or a card) picks where its units go
ORBITAL = "orbital"  # an orbital strike: only the victim's damage is assigned


@dataclass
class Side:
    seat: int
    hand: list[str] = field(default_factory=list)
    chosen: str = ""  # the face-down card (hidden from the rival in its view)
    played: list[str] = field(default_factory=list)  # face up: icons count until the end
    icon_cards: list[str] = field(default_factory=list)  # played for their icons only
    discard: list[str] = field(default_factory=list)  # out of play until the cleanup
    dice: list[str] = field(default_factory=list)  # faces showing
    tokens: dict[str, int] = field(default_factory=dict)  # combat tokens, this round
    borrowed: list[str] = field(default_factory=list)  # icons counted this round only
    reinf: int = 0  # unrouted reinforcement tokens in the area
    reinf_routed: int = 0
    # this round only
    no_tokens: tuple[str, ...] = ()
    cannot_rout: bool = False
    doom: bool = False  # the rival's units that become routed are destroyed …
    doom_unless: bool = False  # … unless their owner spends a morale die
    # for the rest of the combat
    mirror: int = 0  # copies of «whenever the opponent gains tokens, gain as many»
    peek: bool = False  # this seat has seen the rival's face-down card

    def copy(self) -> Side:
        return evolve(self, hand=list(self.hand), played=list(self.played),
                       icon_cards=list(self.icon_cards), discard=list(self.discard),
                       dice=list(self.dice), tokens=dict(self.tokens),
                       borrowed=list(self.borrowed))


@dataclass
class Pending:
    """An effect being resolved that waits for a choice: whose card (``seat``), who
    chooses now, the options offered, and its progress."""

    seat: int
    effect: Effect
    chooser: int
    options: list[str] = field(default_factory=list)
    done: int = 0  # picks made
    data: dict[str, Any] = field(default_factory=dict)
    follow: list[Effect] = field(default_factory=list)  # nested effects due afterwards

    def copy(self) -> Pending:
        return evolve(self, options=list(self.options), data=copy_data(self.data),
                       follow=list(self.follow))


def copy_data(data: dict[str, Any]) -> dict[str, Any]:
    """A progress dict for a copied game: its lists, dicts and sets copied too (a reroll
    keeps its fresh dice in a list; shared, applying an action to the game would change
    the copy — an undo snapshot or a bot's view)."""
    return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict)
                else set(v) if isinstance(v, set) else v) for k, v in data.items()}


@dataclass
class Combat:
    area: str
    attacker: int
    defender: int
    phase: str = REINFORCE
    orbital: bool = False  # an orbital strike: survivors are not routed (RB p.13)
    round: int = 1
    turn: int = -1  # who acts in the reinforce / choose / retreat phases
    sides: dict[int, Side] = field(default_factory=dict)
    came_from: list[str] = field(default_factory=list)  # areas the attackers came from
    queue: list[tuple[int, Effect]] = field(default_factory=list)  # (owner, effect)
    pending: Pending | None = None
    hit: int = -1  # DAMAGE: who assigns damage, and how much is left
    left: int = 0
    damage_order: list[tuple[int, int]] = field(default_factory=list)  # (seat, damage) due
    extra_damage: bool = False  # this round: one more assess-damage step
    extra_done: bool = False
    no_damage: bool = False  # this round: no unit takes damage (bastions still do)
    fixed: bool = True  # DAMAGE / ORBITAL: the amounts are fixed (after the step's start)
    closed: bool = False  # DAMAGE: the step's end (Schemes) has come
    first_pick: int = -1  # ORBITAL: the striker picks the first unit damaged
    rout_damaged: bool = False  # ORBITAL: units damaged by the strike are routed
    then: str = ""  # Wave Serpent: the enemy area of the combat that follows this one
    retreating: list[int] = field(default_factory=list)  # RETREAT: seats to move out
    winner: int = -1

    def copy(self) -> Combat:
        pending = None if self.pending is None else self.pending.copy()
        return evolve(self, sides={s: side.copy() for s, side in self.sides.items()},
                       came_from=list(self.came_from), queue=list(self.queue),
                       pending=pending, damage_order=list(self.damage_order),
                       retreating=list(self.retreating))

    def rival(self, seat: int) -> int:
        return self.defender if seat == self.attacker else self.attacker
