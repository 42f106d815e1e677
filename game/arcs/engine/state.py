"""The complete, cloneable state of one game of Arcs («Предел»).

Action cards and court cards are named by their data ids (``"administration_4"``,
``"mining_interest"``); piles are lists whose *end* is the top (drawing is ``pop()``).
The printed components (:class:`~game.arcs.engine.components.ArcsRules`), the map the
setup card left (:class:`~game.arcs.engine.board.Topology`) and the card lookup are
shared between clones; everything else is copied.  Only
:func:`game.arcs.engine.rules.apply` changes a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from game.arcs.engine.board import Topology
from game.arcs.engine.components import ActionCard, ArcsRules
from game.arcs.engine.events import Event
from game.arcs.engine.rng import Rng

HIDDEN = "?"  # a card a player view may not identify
NOBODY = -1
RANDOM_FIRST = -1  # GameConfig.first: the initiative marker goes to a random seat

# step: what the game waits for
LEAD = "lead"  # the initiative holder leads a card or passes the initiative
FOLLOW = "follow"  # a seat surpasses, copies or pivots
DECIDE = "decide"  # after playing: declare an ambition (leader) / seize (follower)
ACT = "act"  # spending the card's action symbols
DRAFT = "draft"  # Leaders & Lore: a seat picks a leader or a lore card (leaders.py)
REDRAW = "redraw"  # 2 players: the seat without the initiative may take a new hand
OVER = "over"


class Action(NamedTuple):
    """One change to a game; which fields matter depends on ``kind``:

    lead(card) · pass_initiative · surpass(card) · copy(card) · pivot(card) ·
    declare(target=ambition) · seize(card) · proceed · tax(target=system, index=slot) ·
    influence(index=court slot) · secure(index=court slot) · done ·
    build(card=piece, target=planet, index=slot: the starport building a ship) ·
    repair(card=piece, target=system, index=slot for a building) ·
    move(source=system, target=system, fresh, damaged) · jump(the same, on from the
    system the jumping ships reached) · stop (a hyperjump or a raid) ·
    battle(target=system, index=defender) · die(card=type) · roll ·
    hit(card=piece, target=system, fresh=1 | damaged=1 for a ship, index=slot for a
    building) · ransack(index=court slot) · steal(target=resource, index=slot | card) ·
    discard(target=resource) · redraw · keep ·
    spend(target=resource, card=the type it is spent as: a prelude action) · forgo (give up
    the action a spent resource pays for) · guild(card=guild card, index=ability,
    target/source/fresh: what the ability's kind needs; court.py) · new(card=guild card,
    index=ability, target/index…: a new action instead of the basic one it replaces) ·
    vox(card=the vox card, target/index/source: the choice of its When Secured effect,
    target="" declining it; vox.py) · captive(index=the captive's owner, target=the
    resource gained: one more captive for Pressgang/Execute; ``stop`` ends them) ·
    reroll(card=die type, fresh=how many showing no hit) · keep_roll (no reroll) ·
    draft(card=leader or lore id, target="leader" | "lore": Leaders & Lore, leaders.py);
    declare also carries a leader's boost choice: card=the resource gained (Upstart),
    source=the court slots influenced, comma-separated (Demagogue), or card=the guild
    card given and index=the rival given it (Feastbringer; Populist Demands' ``vox``:
    source=that card, index=the rival); tax(card=the type taken, "-" none) for
    a gate city (Gate Stations).  Leaders & Lore (lore.py, leaders.py):
    build(card="city", target=planet, index=the planet's printed slot count: a cloud
    city, Cloud Cities) · build(card="starport" | "city", target=gate, index=0) ·
    build_ship_at_city(target=planet, index=city slot: Tool-Priests' Summon) ·
    rifle_volley(source=system fired from, target=adjacent system, index=defender:
    Galactic Rifles) · nourish(target=system, index=city slot, card=the type for a gate
    city: Living Structures' Nurture) · transform(target=system, index=slot: its Prune) ·
    sprint(source=system, target=adjacent system, fresh: Sprinter Drives; ``stop``
    declines) · extra(card="move" | "influence", then the fields of that action: the
    Warrior's / Feastbringer's move or influence before or after the battle / secure;
    ``done`` declines the one after) · beloved(index=court slot, -1 declining: the
    Elder's influence after defending).  Guild cards (court.py, cartels.py):
    guild(target=resource, source=victim, fresh=1: a steal from the supply the victim's
    Cartel holds) · guild(source=the hand cards discarded, comma-separated: Farseers'
    prelude) · look(index=the rival whose hand is looked at: Farseers, after a declare) ·
    swap(card=own card, target=the rival's card; both "" keeps the hands) ·
    new(source="trade", target=planet, index=city slot: Elder Broker's Trade) ·
    give(target=the resource given in that Trade) · declare by a follower that
    surpassed or pivoted (Galactic Bards: no zero marker)
    """

    kind: str
    seat: int
    card: str = ""
    target: str = ""
    # shadows tuple.index; the field's name is in every save and throughout the engine
    index: int = -1  # type: ignore[assignment]
    source: str = ""
    fresh: int = 0
    damaged: int = 0

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.card:
            d["card"] = self.card
        if self.target:
            d["target"] = self.target
        if self.index != -1:
            d["index"] = self.index
        if self.source:
            d["source"] = self.source
        if self.fresh:
            d["fresh"] = self.fresh
        if self.damaged:
            d["damaged"] = self.damaged
        return d

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Action:
        return Action(d["kind"], d["seat"], d.get("card", ""), d.get("target", ""),
                      d.get("index", -1), d.get("source", ""), d.get("fresh", 0),
                      d.get("damaged", 0))


@dataclass(frozen=True, slots=True)
class GameConfig:
    players: int = 2
    seed: int = 0
    setup_card: str = ""  # "": drawn at random among the cards for this player count
    leaders: bool = False  # the Leaders & Lore mode («Лидеры и обычаи», RU p.21)
    # Games saved before the book's reading of the chapter's last pass (save schema 1)
    # go on as they began: that pass keeps the initiative (docs/arcs-rulings.md).
    last_pass_keeps: bool = False
    # The seat given the initiative marker («Выдайте маркер инициативы случайному
    # игроку», RU p.4); RANDOM_FIRST draws it with the game's seeded generator.  0 for
    # saves from before the choice (schema < 3): they began with seat 0 holding it.
    first: int = 0
    # Games saved before the resource slots were the player's to arrange (schema < 4)
    # go on with the old automatic row: packed left, the rightmost lost (slots.py).
    auto_slots: bool = False


class Building(NamedTuple):
    seat: int
    kind: str  # "city" | "starport"
    damaged: bool = False


class Jump(NamedTuple):
    """Ships in a hyperjump (RU p.13): where they are now and how many of each."""

    system: str
    fresh: int
    damaged: int


class Vox(NamedTuple):
    """A vox card just secured (RU p.13 «Выполните её действие «Во время присвоения»»):
    its effect is resolved before the court slot ``slot`` is refilled; ``stage`` is the
    step of a two-step effect ("" first)."""

    seat: int
    card: str
    slot: int
    stage: str = ""


class Battle:
    """A battle under way (RU p.14–16): the attacker is the seat whose turn it is.

    ``rifles``: Galactic Rifles' volley, not a battle (it starts at "hits"; no battle
    boost fires); ``trophies``: the attacker's trophies when it began (the Elder);
    ``phase``: "pre" (hits to the attacker before the dice: Railgun Arrays) · "dice"
    (collecting dice) · "reroll" (a reroll boost may be used) · "own"
    (hits to the attacker's ships) · "hits" (hits to the defender's ships, then
    buildings) · "buildings" (building hits) · "raid" (spending keys) · "beloved" (over:
    the Elder defending may influence); ``ransacks``:
    court cards still to ransack (one per city destroyed); ``slots``: the defender's
    resource slots while the raid runs; ``faces``: the rolled dice."""

    __slots__ = ("all_fresh", "building_hits", "defender", "dice", "faces", "hits", "keys",
                 "own_hits", "phase", "ransacks", "rifles", "slots", "system", "trophies")

    def __init__(self, system: str, defender: int) -> None:
        self.system = system
        self.defender = defender
        self.dice: list[str] = []
        self.faces: list[tuple[str, int]] = []  # the rolled dice: (type, face index)
        self.phase = "dice"
        self.own_hits = self.hits = self.building_hits = self.keys = self.ransacks = 0
        self.slots: list[str] | None = None
        self.all_fresh = False  # every attacking ship was fresh when the battle began
        self.rifles = False
        self.trophies = 0

    def clone(self) -> Battle:
        b = Battle(self.system, self.defender)
        b.all_fresh, b.rifles, b.trophies = self.all_fresh, self.rifles, self.trophies
        b.dice = list(self.dice)
        b.faces = list(self.faces)
        b.phase = self.phase
        b.own_hits, b.hits, b.building_hits = self.own_hits, self.hits, self.building_hits
        b.keys, b.ransacks = self.keys, self.ransacks
        b.slots = list(self.slots) if self.slots is not None else None
        return b


class Player:
    """One seat: its hand, its board (resources, cities, captives, trophies), its
    supplies of pieces, its Power and its secured guild cards."""

    __slots__ = ("agents", "captives", "cities_off", "guild", "hand", "index", "leader",
                 "lore", "outrage", "outrage_agents", "power", "resources", "ships",
                 "starports", "trophies")

    def __init__(self, index: int) -> None:
        self.index = index
        self.hand: list[str] = []
        self.power = 0
        # the resource slots by position, "" empty (slots.py); packed left, without
        # holes, under GameConfig.auto_slots
        self.resources: list[str] = []
        self.cities_off = 0  # cities taken off the board: city slots 1..n are empty
        self.ships = 0  # in supply
        self.starports = 0
        self.agents = 0
        self.captives: list[int] = []  # the owner of each captured agent
        self.trophies: list[tuple[int, str]] = []  # (owner, piece kind)
        self.guild: list[str] = []  # secured guild cards
        self.outrage: list[str] = []  # resource types under Outrage
        self.outrage_agents = 0  # agents on the Outrage icons (fewer: placeholders)
        self.leader = ""  # Leaders & Lore: the drafted leader card
        self.lore: list[str] = []  # and lore cards

    def clone(self) -> Player:
        p = Player.__new__(Player)  # not __init__: its empty lists would be replaced
        p.index = self.index
        p.hand = self.hand[:]
        p.power = self.power
        p.resources = self.resources[:]
        p.cities_off = self.cities_off
        p.ships, p.starports, p.agents = self.ships, self.starports, self.agents
        p.captives = self.captives[:]
        p.trophies = self.trophies[:]
        p.guild = self.guild[:]
        p.outrage = self.outrage[:]
        p.outrage_agents = self.outrage_agents
        p.leader = self.leader
        p.lore = self.lore[:]
        return p


class CourtSlot:
    __slots__ = ("agents", "card")

    def __init__(self, card: str, players: int) -> None:
        self.card = card
        self.agents = [0] * players

    def clone(self) -> CourtSlot:
        c = CourtSlot.__new__(CourtSlot)
        c.card = self.card
        c.agents = self.agents[:]
        return c


class State:
    __slots__ = (
        "action_deck", "action_discard", "ambition_tokens", "armed", "attached", "available",
        "battle", "budget", "budget_suit", "buildings", "built", "captives_step", "cards",
        "chapter",
        "config", "court", "court_deck", "court_discard", "damaged", "declared",
        "draft_leaders",
        "draft_lore", "draft_order", "events", "extra", "flipped",
        "free", "fresh", "incoming", "initiative", "jump", "lead", "lead_number", "log",
        "markers_on",
        "n", "new_guild", "overflow", "passed", "peek", "players", "plays", "prelude", "rng",
        "rules", "seize_cards", "seized_by", "setup_card", "spent", "sprint", "step", "supply",
        "taxed", "to_follow", "topology", "trade", "turn", "used", "vox", "winner",
    )

    def __init__(self) -> None:
        self.rules: ArcsRules | None = None
        self.cards: Mapping[str, ActionCard] = {}
        self.topology: Topology | None = None
        self.config = GameConfig()
        self.n = 0
        self.setup_card = ""
        self.players: list[Player] = []
        self.fresh: dict[str, list[int]] = {}  # system → fresh ships per seat
        self.damaged: dict[str, list[int]] = {}  # system → damaged ships per seat
        self.buildings: dict[str, list[Building | None]] = {}  # planet → its slots
        self.supply: dict[str, int] = {}  # resources
        self.ambition_tokens: dict[str, list[str]] = {}  # 2 players: the boxes' tokens
        self.markers_on: dict[str, list[str]] = {}  # ambition → marker ids
        self.available: list[str] = []  # ambition markers not on a box
        self.flipped: list[str] = []  # markers turned to their orange side
        self.action_deck: list[str] = []  # only between a deal and its end
        self.action_discard: list[str] = []  # face down
        self.court_deck: list[str] = []
        self.court: list[CourtSlot | None] = []
        self.court_discard: list[str] = []
        self.chapter = 1
        self.initiative = 0
        self.step = LEAD
        self.turn = 0
        self.lead = ""  # the lead card this round
        self.lead_number = 0  # its number, 0 under the zero marker
        self.plays: list[tuple[int, str, str]] = []  # (seat, card, mode) this round
        self.seize_cards: list[tuple[int, str]] = []  # face-down extra cards
        self.seized_by = NOBODY
        self.to_follow: list[int] = []  # seats still to take their turn this round
        self.budget = 0  # action symbols left this turn
        self.budget_suit = ""
        self.taxed: list[tuple[str, int]] = []  # cities taxed this turn
        self.built: list[tuple[str, int]] = []  # starports that built a ship this turn
        self.jump: Jump | None = None  # ships in a hyperjump, waiting to go on or stop
        self.battle: Battle | None = None
        self.passed: list[int] = []  # seats with cards that passed since the last lead
        self.overflow = NOBODY  # a seat holding one resource too many must discard
        # resources taken or gained, waiting for their seat to place them (slots.py);
        # ``overflow`` is then the first one's seat
        self.incoming: list[tuple[int, str]] = []
        # the prelude (RU p.17, p.20): from playing a card until its first symbol is spent
        self.prelude = False
        self.spent: list[str] = []  # resources spent in the prelude, back at its end
        self.free: tuple[str, ...] = ()  # the basic actions a spent resource pays for
        self.armed = False  # Weapon spent: the card's symbols may also battle this turn
        self.new_guild: list[str] = []  # guild cards secured in this prelude
        self.used: list[str] = []  # once-per-turn guild cards used this turn
        self.attached: list[tuple[int, str, str]] = []  # (seat, guild card, action card)
        self.vox: Vox | None = None  # a secured vox card whose effect is being resolved
        self.captives_step = ""  # "pressgang" | "execute": a new action taking captives
        # guild cards' pending choices (court.py): Farseers' look — (seat, rival looked
        # at, NOBODY while choosing) — and Elder Broker's Trade — (planet, city slot)
        self.peek: tuple[int, int] | None = None
        self.trade: tuple[str, int] | None = None
        self.declared = False  # an ambition was declared this round (Galactic Bards)
        # Leaders & Lore (leaders.py): the face-up rows and who picks next
        self.draft_leaders: list[str] = []
        self.draft_lore: list[str] = []
        self.draft_order: list[int] = []
        # the Warrior / Feastbringer (leaders.py): "" · "must" (the extra action came
        # first: the card's action must follow) · "after" (it may follow) · "used"
        self.extra = ""
        self.sprint: Jump | None = None  # Sprinter Drives: fresh ships that may move on
        self.winner: int | None = None
        self.log: list[Action] | None = []
        self.events: list[Event] = []
        self.rng = Rng()

    def clone(self, log: bool = True) -> State:
        """A copy sharing only what never changes (the rules, the cards, the map, the
        configuration, immutable records).  ``log``: False leaves the copy without the
        action log (``None``), which a view or a bot's look-ahead never reads: it grows
        with the game, and copying it made every view cost more as a game went on."""
        s = State.__new__(State)
        # written out, not a loop of getattr/setattr: the bots copy a game for every
        # candidate action, so this is a large share of their time
        s.rules, s.cards, s.topology, s.config = self.rules, self.cards, self.topology, \
            self.config
        s.n, s.setup_card, s.chapter = self.n, self.setup_card, self.chapter
        s.initiative, s.step, s.turn = self.initiative, self.step, self.turn
        s.lead, s.lead_number, s.seized_by = self.lead, self.lead_number, self.seized_by
        s.budget, s.budget_suit, s.overflow = self.budget, self.budget_suit, self.overflow
        s.winner, s.jump, s.prelude, s.free = self.winner, self.jump, self.prelude, self.free
        s.armed, s.vox, s.captives_step = self.armed, self.vox, self.captives_step
        s.extra, s.sprint, s.peek = self.extra, self.sprint, self.peek
        s.trade, s.declared = self.trade, self.declared
        s.players = [p.clone() for p in self.players]
        s.fresh = {k: v[:] for k, v in self.fresh.items()}
        s.damaged = {k: v[:] for k, v in self.damaged.items()}
        s.buildings = {k: v[:] for k, v in self.buildings.items()}
        s.supply = self.supply.copy()
        s.incoming = self.incoming[:]
        s.ambition_tokens = {k: v[:] for k, v in self.ambition_tokens.items()}
        s.markers_on = {k: v[:] for k, v in self.markers_on.items()}
        s.available, s.flipped = self.available[:], self.flipped[:]
        s.action_deck, s.action_discard = self.action_deck[:], self.action_discard[:]
        s.court_deck, s.court_discard = self.court_deck[:], self.court_discard[:]
        s.plays, s.seize_cards = self.plays[:], self.seize_cards[:]
        s.to_follow, s.taxed, s.built = self.to_follow[:], self.taxed[:], self.built[:]
        s.passed, s.events, s.spent = self.passed[:], self.events[:], self.spent[:]
        s.new_guild, s.used, s.attached = self.new_guild[:], self.used[:], self.attached[:]
        s.draft_leaders, s.draft_lore = self.draft_leaders[:], self.draft_lore[:]
        s.draft_order = self.draft_order[:]
        s.court = [c.clone() if c is not None else None for c in self.court]
        s.battle = self.battle.clone() if self.battle is not None else None
        s.log = list(self.log) if log and self.log is not None else None
        s.rng = self.rng.copy()
        return s

    # ------------------------------------------------------------------ small queries

    def card(self, card_id: str) -> ActionCard:
        return self.cards[card_id]

    def marker_values(self, marker_id: str) -> tuple[int, int]:
        """A marker's Power for 1st and 2nd place, on the side it shows now."""
        assert self.rules is not None
        m = next(m for m in self.rules.markers if m.id == marker_id)
        return m.back if marker_id in self.flipped else m.front

    def controls(self, seat: int, system: str) -> bool:
        """«Вы правите системой … если у вас в ней больше неповреждённых кораблей, чем у
        каждого соперника. При ничьей никто не правит системой.» (RU p.7)"""
        fresh = self.fresh.get(system)
        if not fresh or fresh[seat] == 0:
            return False
        return all(fresh[seat] > c for i, c in enumerate(fresh) if i != seat)

    def ruler(self, system: str) -> int:
        """The seat that rules the system, or NOBODY (a tie, or no fresh ships)."""
        return next((s for s in range(self.n) if self.controls(s, system)), NOBODY)

    def resource_capacity(self, seat: int) -> int:
        """Open resource slots: those never covered and those under an empty city slot."""
        assert self.rules is not None
        return len(self.slot_keys(seat))

    def slot_keys(self, seat: int) -> list[int]:
        """The raid cost of each open resource slot, left to right: the board's, then
        each ``extra_resource_slot`` lore card's (Ancient Holdings: «This card has one
        resource slot with a raid cost of 4 keys»)."""
        assert self.rules is not None
        off = self.players[seat].cities_off
        keys = [s.raid_keys for s in sorted(self.rules.board.resource_slots,
                                            key=lambda s: s.position)
                if s.covered_by == 0 or s.covered_by <= off]
        for c in self.rules.lore:
            if c.id in self.players[seat].lore:
                keys += [ab.params["keys"] for ab in c.abilities
                         if ab.kind == "extra_resource_slot"]
        return keys

    def city_bonus(self, seat: int) -> int:
        """«… дополнительно 2 очка власти, если … открыта ячейка города «+2 к выигранным
        замыслам», или 5 очков власти, если обе – «+2» и «+3» – открыты.» (RU p.18)"""
        assert self.rules is not None
        off = self.players[seat].cities_off
        return sum(c.bonus for c in self.rules.board.city_slots if c.position <= off)

    def seats_with_cards(self) -> list[int]:
        return [p.index for p in self.players if p.hand]
