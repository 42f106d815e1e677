"""The complete, cloneable state of one game.

Cards are physical instances numbered ``0..n-1`` (``iid``); every zone is a list
of iids, and ``State.cards[iid]`` is the instance's (immutable) definition.
Decks are lists whose *end* is the top, so drawing is ``pop()``.

Nothing here assumes two seats: seats have a team (who is allied with whom) and
a life pool (whose authority they share), so Hydra teams, emperors and bosses
fit the same shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from game.star_realms.engine.cards import CardDef, Effect, Effects
from game.star_realms.engine.events import Event
from game.star_realms.engine.rng import Rng

if TYPE_CHECKING:
    from game.star_realms.engine.boss_state import BossState
    from game.star_realms.engine.cards import CardDB
    from game.star_realms.engine.formats import Format

HIDDEN = -1  # a card a player view may not identify
EMPTY = -2  # an empty trade-row slot (the trade deck ran out)
NOBODY = -1


class Action(NamedTuple):
    """One change to a game.  Which fields matter depends on ``kind``:

    play(card) · use(card, slot) · buy(card) · claim(card: a mission) ·
    gambit(card: a face-down gambit) ·
    attack_player(target, amount) ·
    attack_base(card[, amount: partial damage where the format allows]) ·
    transfer(card, target) · choose(index) · pick(card) · pick_seat(target) · stop ·
    end_turn (in a team turn: this member is done)
    """

    kind: str
    seat: int
    card: int = -1
    slot: str = ""
    target: int = -1
    amount: int = 0
    # (shadows tuple.index; the field is the saved logs' name, so it stays)
    index: int = -1  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        for name, default in (("card", -1), ("slot", ""), ("target", -1), ("amount", 0),
                              ("index", -1)):
            value = getattr(self, name)
            if value != default:
                d[name] = value
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> Action:
        return Action(
            kind=d["kind"], seat=d["seat"], card=d.get("card", -1), slot=d.get("slot", ""),
            target=d.get("target", -1), amount=d.get("amount", 0), index=d.get("index", -1),
        )


class Decision(NamedTuple):
    """A question the engine is waiting on before anything else can happen.

    kind: "option" (answer: choose index), "card" (pick card / stop when optional),
    "seat" (pick_seat target).  ``purpose`` says what the answer does.
    """

    seat: int
    source: int
    kind: str
    purpose: str
    candidates: tuple[Any, ...]
    optional: bool
    effect: Effect | None = None
    ctx: Any = None


# A frame of effects being resolved: (seat, source iid, effects, next index, context)
Frame = tuple[int, int, Effects, int, Any]


@dataclass(frozen=True, slots=True)
class SeatConfig:
    name: str
    controller: str = "human"  # human | random | greedy | easy | normal | hard ...


@dataclass(frozen=True, slots=True)
class GameConfig:
    sets: tuple[str, ...] = ("frontiers",)
    seats: tuple[SeatConfig, ...] = (SeatConfig("Player 1"), SeatConfig("Player 2"))
    format: str = "duel"
    seed: int = 0
    first: int | None = None  # None: chosen at random (from the game's own RNG)
    options: tuple[tuple[str, Any], ...] = field(default=())


class Seat:
    __slots__ = (
        "alive", "allies_of", "bases", "bases_played", "combat", "deck", "discard", "gambits",
        "gambits_up", "gambits_used", "hand", "heroes", "in_play", "index", "known_top", "life",
        "missions", "missions_done", "name", "next_acquire",
        "pending_discard", "played_factions", "returns", "scrapped_hd", "scrapped_own",
        "tally", "team", "trade",
    )

    def __init__(self, index: int, name: str, team: int, life: int):
        self.index = index
        self.name = name
        self.team = team
        self.life = life  # index into State.life (shared by Hydra teammates)
        self.alive = True
        self.hand: list[int] = []
        self.deck: list[int] = []  # end of list = top
        self.discard: list[int] = []
        self.in_play: list[int] = []  # ships played this turn
        self.bases: list[int] = []
        # Crisis heroes in play: acquired straight here, they stay (not ships, not bases:
        # never attacked, never an ally) until their owner uses their scrap ability.
        self.heroes: list[int] = []
        self.trade = 0
        self.combat = 0
        self.pending_discard = 0  # "target opponent discards": done at the start of their turn
        self.known_top = 0  # how many top cards of the deck everyone has seen put there
        # Turn-scoped bookkeeping, reset when this seat's turn ends.
        self.played_factions: dict[str, int] = {}
        self.bases_played = 0  # promo bases: "if you played a base this turn (incl. this)"
        self.scrapped_own = 0  # own cards scrapped this turn (hand, discard, in play)
        self.scrapped_hd = 0  # ... of which from hand or discard pile
        # "the next card you acquire this turn goes to …": (kinds, where, optional)
        self.next_acquire: list[tuple[tuple[str, ...], str, bool]] = []
        self.returns: list[int] = []  # Mobile Market: back from the scrap heap at end of turn
        # A hero's "you may use all of your <faction> ally abilities" this turn: the
        # factions whose ally abilities count as triggered (allies.update_latches).
        self.allies_of: list[str] = []
        # United: Missions (engine/missions.py): the secret missions still to do (HIDDEN
        # in other seats' views), the ones revealed, and this turn's tally the objectives
        # read (None in a game without missions).
        self.missions: list[int] = []
        self.missions_done: list[int] = []
        self.tally: Any = None
        # Gambits (engine/gambits.py): face down (HIDDEN where missions are), face up
        # for good (an ongoing one) and scrapped after use (a one-shot).
        self.gambits: list[int] = []
        self.gambits_up: list[int] = []
        self.gambits_used: list[int] = []

    def clone(self, deck: list[int] | None = None, hand: list[int] | None = None,
              missions: list[int] | None = None, gambits: list[int] | None = None) -> Seat:
        """A copy; ``deck``, ``hand``, ``missions`` and ``gambits``, when given, stand in
        for copies of this seat's (a player view passes them masked)."""
        s = Seat.__new__(Seat)
        s.index, s.name, s.team, s.life, s.alive = (
            self.index, self.name, self.team, self.life, self.alive)
        s.hand = self.hand.copy() if hand is None else hand
        s.deck = self.deck.copy() if deck is None else deck
        s.discard = self.discard.copy()
        s.in_play = self.in_play.copy()
        s.bases = self.bases.copy()
        s.heroes = self.heroes.copy()
        s.trade, s.combat = self.trade, self.combat
        s.pending_discard, s.known_top = self.pending_discard, self.known_top
        s.played_factions = self.played_factions.copy()
        s.bases_played = self.bases_played
        s.scrapped_own, s.scrapped_hd = self.scrapped_own, self.scrapped_hd
        s.next_acquire = self.next_acquire.copy()
        s.returns = self.returns.copy()
        s.allies_of = self.allies_of.copy()
        s.missions = self.missions.copy() if missions is None else missions
        s.missions_done = self.missions_done.copy()
        s.tally = None if self.tally is None else self.tally.clone()
        s.gambits = self.gambits.copy() if gambits is None else gambits
        s.gambits_up = self.gambits_up.copy()
        s.gambits_used = self.gambits_used.copy()
        return s

    def in_play_cards(self) -> list[int]:
        """Every card this seat has in play: this turn's ships and all its bases (not its
        heroes: they are no ally and no ship or base, docs/rules-data.md)."""
        return self.in_play + self.bases


class State:
    __slots__ = (
        "active",
        "boss",
        "cards",
        "config",
        "copy_of",
        "damage",
        "db",
        "effect_ops",
        "events",
        "explorers",
        "format",
        "gambit_box",
        "latched",
        "life",
        "log",
        "log_len",
        "mission_box",
        "pending",
        "rng",
        "scrap",
        "seats",
        "stack",
        "trade_deck",
        "trade_row",
        "turn",
        "turn_members",
        "undo_barrier",
        "undo_floor",
        "unknown",
        "used",
        "winners",
    )

    def __init__(self) -> None:
        self.cards: tuple[CardDef, ...] = ()
        self.config: GameConfig = GameConfig()
        self.format: Format  # set by setup
        self.seats: list[Seat] = []
        self.life: list[int] = []  # authority pools
        self.trade_deck: list[int] = []  # end = top
        self.trade_row: list[int] = []  # fixed slots; EMPTY when the deck ran out
        self.explorers: list[int] = []
        self.scrap: list[int] = []  # the scrap heap
        self.rng = Rng(0)
        self.active = 0  # the seat acting in this turn (in a team turn: the member in focus)
        self.turn = 1  # counts turns from 1 (a Hydra team's turn is one turn)
        self.turn_members: list[int] = []  # seats taking this turn, in order (Hydra: a team)
        self.pending: Decision | None = None
        self.stack: list[Frame] = []
        self.used: set[tuple[int, str]] = set()  # (iid, slot) used this turn
        self.latched: set[tuple[int, str]] = set()  # ally abilities that have triggered
        self.damage: dict[int, int] = {}  # combat dealt to bases (Raid keeps it)
        self.copy_of: dict[int, CardDef] = {}  # Stealth Tower: what it copies this turn
        self.winners: tuple[int, ...] | None = None  # seats that won, once the game is over
        self.log: tuple | None = None  # actions as a cons list (action, previous) – O(1) clone
        self.log_len = 0
        self.events: list[Event] = []  # what the last apply() did (engine/events.py)
        self.effect_ops = 0  # effect operations run by the current apply() (runaway guard)
        # Bumped by moves that count as reveals beyond apply()'s own check (zones.reveal_mark:
        # random draws, cards leaving face-down parts): any draw, even of a known top card.
        self.undo_barrier = 0
        self.undo_floor = 0  # undo may not go back past this many logged actions
        self.db: CardDB | None = None  # the CardDB the game was built from (for replays and undo)
        self.boss: BossState | None = None  # an adventure's counter, piles, turn step
        # Only in player views: the cards behind each group of HIDDEN entries, sorted
        # (e.g. "seat:1" = that seat's hand and deck, "trade_deck").  None in a real game.
        self.unknown: dict[str, list[int]] | None = None
        # United: Missions: the mission cards dealt to nobody, face down (None: no missions)
        self.mission_box: list[int] | None = None
        # Gambits: the gambit cards dealt to nobody, face down, shuffled (None: no gambits)
        self.gambit_box: list[int] | None = None

    # ------------------------------------------------------------------ helpers

    def clone(self) -> State:
        s = self.clone_without_piles()
        s.seats = [seat.clone() for seat in self.seats]
        s.trade_deck = self.trade_deck.copy()
        s.rng = self.rng.clone()
        s.unknown = None if self.unknown is None else {k: v.copy() for k, v in self.unknown.items()}
        return s

    def clone_without_piles(self) -> State:
        """A copy of everything but the seats, the trade deck, the random generator and
        ``unknown`` (left unset): for a player view, which builds those masked."""
        s = State.__new__(State)
        s.cards = self.cards
        s.config = self.config
        s.format = self.format
        s.life = self.life.copy()
        s.trade_row = self.trade_row.copy()
        s.explorers = self.explorers.copy()
        s.scrap = self.scrap.copy()
        s.active = self.active
        s.turn = self.turn
        s.turn_members = self.turn_members.copy()
        s.pending = self.pending
        s.stack = self.stack.copy()
        s.used = self.used.copy()
        s.latched = self.latched.copy()
        s.damage = self.damage.copy()
        s.copy_of = self.copy_of.copy()
        s.winners = self.winners
        s.log = self.log
        s.log_len = self.log_len
        s.events = []
        s.effect_ops = 0
        s.undo_barrier = self.undo_barrier
        s.undo_floor = self.undo_floor
        s.db = self.db
        s.boss = None if self.boss is None else self.boss.clone()
        s.mission_box = None if self.mission_box is None else self.mission_box.copy()
        s.gambit_box = None if self.gambit_box is None else self.gambit_box.copy()
        return s

    def card(self, iid: int) -> CardDef:
        """The definition in force for a card instance (a Stealth Tower's copy, if any)."""
        copied = self.copy_of.get(iid)
        return copied if copied is not None else self.cards[iid]

    def factions(self, iid: int) -> tuple[str, ...]:
        copied = self.copy_of.get(iid)
        if copied is None:
            return self.cards[iid].factions
        own = self.cards[iid].factions
        return own + tuple(f for f in copied.factions if f not in own)

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    def actions(self) -> list[Action]:
        """The action log, oldest first."""
        out = []
        node = self.log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def team_of(self, seat: int) -> int:
        return self.seats[seat].team

    def authority(self, seat: int) -> int:
        return self.life[self.seats[seat].life]

    def owner_of_base(self, iid: int) -> int:
        for seat in self.seats:
            if iid in seat.bases:
                return seat.index
        return NOBODY
