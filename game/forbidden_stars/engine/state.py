"""The complete, cloneable state of one game of Forbidden Stars («Запретные звёзды»).

Units on the map are counted per area by unit id (``state.units[area][unit]``), the
routed ones among them in ``state.routed``; every area belongs to at most one seat
(``state.owner``) — only the contested area of a combat holds two factions' units, and
it keeps its defender as owner until the combat ends (``state.combat``).  Order stacks
are lists whose *end* is the top.  The
printed components and the board's topology are shared between clones; everything else
is copied.  Only :func:`game.forbidden_stars.engine.rules.apply` changes a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.forbidden_stars.engine.board import Storm, Topology
from game.forbidden_stars.engine.combat_state import Combat
from game.forbidden_stars.engine.components import Effect, FSRules
from game.forbidden_stars.engine.copying import evolve
from game.forbidden_stars.engine.events import Event
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.setup_state import SetupState

HIDDEN = "?"  # what a player view may not identify
NOBODY = -1
RANDOM_FIRST = -1  # GameConfig.first: the first player drawn by the seed

# step: what the game waits for
PLANNING = "planning"  # a seat places an order token face down (RB p.4)
OPERATIONS = "operations"  # a seat reveals one of its orders on top of a stack (RB p.5)
ORDER = "order"  # the revealed order: resolve it (its sub-phase in ``OrderState``) or not
COMBAT = "combat"  # a combat or an orbital strike (state.combat) waits for a choice
CULL = "cull"  # after an order: the seat destroys units over an area's capacity (RB p.10)
STORMS = "storms"  # refresh: each seat moves a warp storm (RB p.6)
EFFECT = "effect"  # effects outside a combat (state.play) wait for a choice
SETUP = "setup"  # the players build the board (state.setup, RB p.16)
OVER = "over"


class Action(NamedTuple):
    """One change to a game; which fields matter depends on ``kind``:

    place(card=order, target=system) · reveal(target=system) · resolve · decline (the
    revealed token goes onto the event deck) · buy(card=unit, target=area, extra=""
    | "cache" | "forge" | "cache+forge": assets spent, forge lowering the command level) ·
    build(card=structure, target=world, extra="" | "cache") · upgrade(card=order
    upgrade) · combat(card=combat upgrade, source=the deck's card type it replaces) ·
    prosper(card=asset: a prosperity seal's pick) · move(card=unit, source=area,
    target=area) · ground (Advance: the ships have moved) · done · destroy(card=unit,
    target=area: over capacity) · storm(card=event card, target=storm index as text,
    source=its new border "h,r,c"; source="" when no storm can move) · strike(target=
    world, source=void: an orbital strike) · reinforce(target=tokens placed, as text) ·
    play(card=combat card, face down) · effect(card=an option of the effect resolving) ·
    damage(card=unit group taking damage: a unit id, "reinforcement" or "bastion", with
    "/routed") · retreat(target=area) · scheme(card=a face-up Scheme used instead of
    revealing an order) · tile(card=face, target="row,col", extra=turns) · force(card=
    unit or structure, target=area) · objective(card=rival seat, target=world) ·
    warp(source=border "h,r,c": a storm placed in the setup).  ``effect`` also answers
    the effects outside a combat (step ``effect``: upgrades, events, faction abilities);
    a Deploy ``buy`` may add "scheme" to ``extra`` (a Scheme's discount); a ``move`` may
    name in ``extra`` the void Ork Roks lets its path cross.
    """

    kind: str
    seat: int
    card: str = ""
    target: str = ""
    source: str = ""
    extra: str = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        for key in ("card", "target", "source", "extra"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        return d

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Action:
        return Action(d["kind"], d["seat"], d.get("card", ""), d.get("target", ""),
                      d.get("source", ""), d.get("extra", ""))


@dataclass(frozen=True, slots=True)
class GameConfig:
    players: int = 2
    seed: int = 0
    factions: tuple[str, ...] = ()  # by seat; () draws them at random
    # the seeded generator makes the setup's choices (quick games); False: the players
    # place tiles, starting forces, objective tokens and storms (RB p.16)
    quick_setup: bool = True
    # Games saved before the book's retreat path (save schema 1) go on as they began: an
    # attacker's ground units may retreat to any world they came from, path or not.
    retreat_without_path: bool = False
    # Games saved before the book's board building (save schema 2) go on as they began:
    # starting forces only on the faction tile, all of them at once (no "done").
    forces_on_faction_tile: bool = False
    # The first player: a seat, or RANDOM_FIRST (every save from before the choice) for
    # the book's draw «перемешайте по одному маркеру контроля построек каждого игрока и
    # вытяните один» (RB p.3), made with the seeded generator.
    first: int = RANDOM_FIRST


@dataclass
class Player:
    seat: int
    faction: str
    materiel: int = 0
    orders: dict[str, int] = field(default_factory=dict)  # tokens in hand, by order
    on_event_deck: dict[str, int] = field(default_factory=dict)  # tokens there, by order
    placed: int = 0  # tokens placed this planning phase
    assets: dict[str, int] = field(default_factory=dict)
    objectives: int = 0  # objective tokens collected
    combat_types: list[str] = field(default_factory=list)  # the 5 types in the deck
    combat_deck: list[str] = field(default_factory=list)  # the 10 cards, shuffled
    order_upgrades: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # event cards drawn this refresh
    schemes: list[str] = field(default_factory=list)  # face up (at most one, facts §5)
    used_upgrades: list[str] = field(default_factory=list)  # «once per round» (facts §4)


@dataclass
class OrderState:
    """The order being resolved: where, whose, which, and how far it has gone."""

    system: str
    seat: int
    order: str  # what resolves (The Green Tide may change a Strategize)
    token: str = ""  # the token's own order type; "" for a Scheme's order (no token)
    phase: str = "reveal"  # reveal → the order's own phases
    bought: int = 0  # Deploy: units bought (the deploy limit)
    structure: bool = False  # Deploy: its one structure bought
    upgrade: bool = False  # Strategize: an order upgrade bought
    combat: bool = False  # Strategize: a combat upgrade bought
    prosperity: int = 0  # Dominate: prosperity picks still due
    from_system: str = ""  # Advance: the one adjacent system units come from
    arrived: dict[str, dict[str, int]] = field(default_factory=dict)  # area → unit → n
    friendly: frozenset[str] = frozenset()  # Advance: paths fixed before ground moves
    contested: str = ""  # Advance: the one area where it starts a combat
    came_from: list[str] = field(default_factory=list)  # where the attackers came from
    mods: dict[str, int] = field(default_factory=dict)  # upgrades' changes to the rules
    later: list[tuple[int, Effect]] = field(default_factory=list)  # at the combat's start
    roks: list[str] = field(default_factory=list)  # Ork Roks: the void, then units moved


@dataclass
class State:
    rules: FSRules = None  # type: ignore[assignment]
    config: GameConfig = field(default_factory=GameConfig)
    topology: Topology = None  # type: ignore[assignment]
    n: int = 0
    rng: Rng = field(default_factory=Rng)
    round: int = 1
    first: int = 0  # the first player marker
    step: str = PLANNING
    turn: int = 0
    players: list[Player] = field(default_factory=list)
    units: dict[str, dict[str, int]] = field(default_factory=dict)  # area → unit → count
    routed: dict[str, dict[str, int]] = field(default_factory=dict)  # of those, routed
    structures: dict[str, list[str]] = field(default_factory=dict)  # world → structures
    owner: dict[str, int] = field(default_factory=dict)  # area → seat with pieces there
    objectives: dict[str, int] = field(default_factory=dict)  # world → token's seat
    storms: list[Storm] = field(default_factory=list)
    storms_moved: list[int] = field(default_factory=list)  # indexes, this refresh
    stacks: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # system → tokens
    supply: dict[str, int] = field(default_factory=dict)  # structures and asset tokens
    order: OrderState | None = None
    combat: Combat | None = None
    play: Play | None = None
    setup: SetupState | None = None
    winners: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)  # what the last action did
    log: list[Action] | None = field(default_factory=list)

    def clone(self) -> State:
        """A copy sharing only what never changes (components, topology, frozen records):
        every search copies a game, so this avoids a generic deep copy (and
        ``dataclasses.replace``, whose checks cost more than the copying)."""
        return self.copy_board(
            [evolve(p, orders=dict(p.orders), on_event_deck=dict(p.on_event_deck),
                    assets=dict(p.assets), combat_types=list(p.combat_types),
                    combat_deck=list(p.combat_deck), order_upgrades=list(p.order_upgrades),
                    event_deck=list(p.event_deck), drawn=list(p.drawn),
                    schemes=list(p.schemes), used_upgrades=list(p.used_upgrades))
             for p in self.players],
            None if self.log is None else list(self.log))

    def copy_board(self, players: list[Player], log: list[Action] | None,
                   stacks: dict[str, list[tuple[int, str]]] | None = None,
                   events: list[Event] | None = None) -> State:
        """A copy with ``players`` and ``log`` given (and ``stacks`` and ``events`` if
        given: a view makes its own, masked, and drops the log) and everything else
        copied as :meth:`clone` does."""
        o = self.order
        order = None if o is None else evolve(
            o, arrived={a: dict(u) for a, u in o.arrived.items()},
            came_from=list(o.came_from), mods=dict(o.mods), later=list(o.later),
            roks=list(o.roks))
        # item by item into a copied __dict__ (see copying.py): the fields not named
        # here (rules, topology, config, numbers, strings) are shared, never changed
        d = self.__dict__.copy()
        d["rng"] = self.rng.copy()
        d["players"] = players
        d["units"] = {a: dict(u) for a, u in self.units.items()}
        d["routed"] = {a: dict(u) for a, u in self.routed.items()}
        d["combat"] = None if self.combat is None else self.combat.copy()
        d["play"] = None if self.play is None else self.play.copy()
        d["setup"] = None if self.setup is None else self.setup.copy()
        d["structures"] = {w: list(s) for w, s in self.structures.items()}
        d["owner"] = self.owner.copy()
        d["objectives"] = self.objectives.copy()
        d["storms"] = self.storms.copy()
        d["storms_moved"] = self.storms_moved.copy()
        d["stacks"] = {s: list(t) for s, t in self.stacks.items()} if stacks is None \
            else stacks
        d["supply"] = self.supply.copy()
        d["order"] = order
        d["winners"] = self.winners.copy()
        d["events"] = self.events.copy() if events is None else events
        d["log"] = log
        new = object.__new__(State)
        new.__dict__ = d
        return new

    # ------------------------------------------------------------ who holds what

    def faction(self, seat: int) -> str:
        return self.players[seat].faction

    def unit_count(self, area: str) -> int:
        return sum(self.units.get(area, {}).values())

    def friendly(self, area: str, seat: int) -> bool:
        """«дружественных миров - миров, содержащих только его отряды и постройки» (RB p.6)"""
        return self.owner.get(area, NOBODY) == seat

    def uncontrolled(self, area: str) -> bool:
        return area not in self.owner

    def command_level(self, seat: int) -> int:
        """«Командный уровень игрока равен количеству городов под его контролем» (RB p.9)"""
        owner = self.owner
        return sum(ss.count("city") for w, ss in self.structures.items() if owner.get(w) == seat)

    def has_pieces(self, seat: int, system: str) -> bool:
        owner = self.owner
        for a in self.topology.system_areas[system]:  # noqa: SIM110 - any() over a generator
            if owner.get(a) == seat:                  # costs twice as much here
                return True
        return False

    def systems_with_pieces(self, seat: int) -> set[str]:
        """The systems where :meth:`has_pieces` holds for ``seat``."""
        areas = self.topology.areas
        return {areas[a].system for a, s in self.owner.items() if s == seat and a in areas}
