"""Formats: seating, starting hands, authority, targeting and turn order as data + hooks.

The reducer asks its format every question that differs between the rulebook's formats
(who may be attacked, who protects whom, whose turn is next, what happens to an
eliminated player, when the game ends), so a format never means ``if`` branches in the
reducer.  Seats are numbered clockwise; the player to your *left* is the next seat.

Rules from the Frontiers rulebook (seed 000) unless an option says otherwise; where the
campaign (001) or Colony Wars (003) books differ, the difference is an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.star_realms.engine.cards import CardDB, CardDef
    from game.star_realms.engine.rng import Rng
    from game.star_realms.engine.state import Action, Decision, State

SCRAP = "scrap"  # what happens to an eliminated player's cards


def _alive_from(state: State, seat: int, step: int) -> int | None:
    """The nearest living seat from ``seat`` going ``step`` (+1 left/clockwise, -1 right)."""
    n = len(state.seats)
    for k in range(1, n):
        other = (seat + step * k) % n
        if state.seats[other].alive:
            return other
    return None


@dataclass(frozen=True)
class Format:
    id: str
    min_seats: int = 2
    max_seats: int = 6
    authority: int = 50
    starting_hands: tuple[int, ...] = (3, 5)  # by position in turn order; last value repeats
    hand_size: int = 5
    keep_base_damage: bool = False  # Raid: damage to the boss's bases stays between turns
    team_turns: bool = False  # Hydra: a team takes its turn together
    starting_deck: tuple[tuple[str, int], ...] = (("scout", 8), ("viper", 2))
    on_elimination: str = SCRAP  # the eliminated player's cards go to the scrap heap
    ends_at_first_elimination: bool = False
    recycle_scrap: bool = False  # an empty trade deck is rebuilt from the scrap heap

    @cached_property
    def plain(self) -> frozenset[str]:
        """The hooks this format keeps as :class:`Format` has them.  The reducer asks
        its hooks on every decision; where one is plain (a printed price, no extra
        actions) it may answer for it without the call."""
        cls = type(self)
        return frozenset(name for name, hook in vars(Format).items()
                         if not name.startswith("_") and callable(hook)
                         and getattr(cls, name, None) is hook)

    # ---------------------------------------------------------------- seating

    def check_seats(self, n: int) -> str | None:
        """Why ``n`` seats cannot play this format (None when they can)."""
        if not self.min_seats <= n <= self.max_seats:
            if self.min_seats == self.max_seats:
                return f"{self.id} is for {self.min_seats} players, not {n}"
            return f"{self.id} is for {self.min_seats}–{self.max_seats} players, not {n}"
        return None

    def teams(self, n: int) -> list[int]:
        """Team of each seat (allies share a team)."""
        return list(range(n))

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        """(pool index of each seat, starting authority of each pool)."""
        return list(range(n)), [self.authority] * n

    def first_seat(self, n: int, requested: int | None, rng: Rng) -> int:
        return requested if requested is not None else rng.below(n)

    def starting_hand(self, position: int) -> int:
        hands = self.starting_hands
        return hands[min(position, len(hands) - 1)]

    def opening_hands(self, n: int, first: int) -> list[int]:
        """Cards each seat draws before the first turn."""
        out = [0] * n
        for pos in range(n):
            out[(first + pos) % n] = self.starting_hand(pos)
        return out

    def draw_size(self, state: State, seat: int) -> int:
        """Cards drawn in a seat's draw phase."""
        return self.hand_size

    def deck_for(self, seat: int, n: int) -> tuple[tuple[str, int], ...]:
        """A seat's starting personal deck."""
        return self.starting_deck

    # ---------------------------------------------------------------- targeting

    def opponents(self, state: State, seat: int) -> list[int]:
        """Living seats of other teams, from the seat to the left clockwise."""
        n = len(state.seats)
        team = state.seats[seat].team
        out = []
        for k in range(1, n):
            other = state.seats[(seat + k) % n]
            if other.alive and other.team != team:
                out.append(other.index)
        return out

    def player_targets(self, state: State, seat: int) -> list[int]:
        """Seats this seat may attack or target ("target opponent discards")."""
        return self.opponents(state, seat)

    def base_owners(self, state: State, seat: int) -> list[int]:
        """Seats whose bases this seat may attack or target."""
        return self.opponents(state, seat)

    def protectors(self, state: State, owner: int) -> list[int]:
        """Seats whose outposts shield ``owner`` and its other bases."""
        return [owner]

    def partial_damage(self, state: State, base_owner: int) -> bool:
        """May this owner's bases take less than their full defense (damage kept)?"""
        return False

    def sees_hand(self, state: State, viewer: int, other: int) -> bool:
        """Does ``viewer`` see ``other``'s hand (Raid: raiders see each other's; Hydra
        and co-op adventures: a team playing its turn together sees its members')?"""
        return viewer == other

    def transfer_targets(self, state: State, seat: int) -> list[int]:
        """Teammates this seat may pay 1 trade to move a discard to (Emperor)."""
        return []

    def role(self, state: State, seat: int) -> str:
        """A seat's part in this format ("emperor", "admiral", "boss", "raider"); "" where
        every seat plays alike.  A presentation may show it as i18n ``table.<role>``."""
        return ""

    def shows_authority(self, state: State, seat: int) -> bool:
        """Does this seat have authority worth showing (not Dimensional Horror's boss)?"""
        return True

    # ---------------------------------------------------------------- flow

    def turn_members(self, state: State, lead: int) -> list[int]:
        """The seats taking the turn that ``lead`` starts (a Hydra team, else just it)."""
        return [lead]

    def next_seat(self, state: State) -> int:
        """Who leads the next turn: the next living seat clockwise after this turn's."""
        last = state.turn_members[-1] if state.turn_members else state.active
        nxt = _alive_from(state, last, +1)
        return last if nxt is None else nxt

    def on_turn_start(self, state: State) -> None:
        """Hook at the start of each turn, before its owed discards."""

    def gifts(self, state: State, seat: int) -> list[int]:
        """Seats an eliminated ``seat`` may each give one of its cards to."""
        return []

    def winners(self, state: State) -> tuple[int, ...] | None:
        """The winning seats once the game is decided, else None."""
        teams = {s.team for s in state.seats if s.alive}
        if len(teams) > 1:
            return None
        return tuple(s.index for s in state.seats if s.team in teams)

    def option(self, state: State, name: str, default: Any) -> Any:
        return dict(state.config.options).get(name, default)

    # ---------------------------------------------------------------- cards and buying
    # (the legacy campaign's hooks; every other format keeps the printed cards)

    def card_variant(self, card: CardDef) -> CardDef:
        """A physical card as this format has it (a campaign scenario may grant abilities)."""
        return card

    def trade_supply(self, trade: list[CardDef]) -> list[CardDef]:
        """The trade deck's cards (one entry per physical copy), as this format has them."""
        return trade

    def prepare(self, state: State, make: Any) -> None:
        """After the shuffle, before the trade row is dealt."""

    def price(self, state: State, seat: int, iid: int) -> int:
        """What acquiring a card costs this seat."""
        return state.cards[iid].cost

    def upgrade_options(self, state: State, seat: int, iid: int) -> list[str]:
        """Campaign stickers the seat may put on a card it acquires (none elsewhere)."""
        return []

    def upgrade(self, state: State, seat: int, iid: int, sticker_id: str) -> None:
        """Put a sticker offered by :meth:`upgrade_options` on the card (the campaign)."""
        raise ValueError(f"{self.id} has no upgrades")

    def after_acquire(self, state: State, seat: int, iid: int, upgraded: bool) -> None:
        """After a card has been acquired and its on-acquire ability queued."""

    # ---------------------------------------------------------------- mode hooks
    # (how an adventure's boss, or any other automated part of a mode, plugs into the
    # generic engine: the base class is the plain game, where none of them does anything)

    def extra_cards(self, db: CardDB, n: int) -> list[tuple[str, int]]:
        """Starter cards (id, count) the mode needs besides the seats' decks (a boss's)."""
        return []

    def setup(self, state: State, make: Callable[[CardDef], int]) -> None:
        """After decks are built and shuffled, before :meth:`prepare` and the trade row:
        the mode's own state (``state.boss``) and its book setup."""

    def opening_turn(self, state: State, first: int) -> None:
        """After the opening hands: who takes the very first turn (``state.active`` is
        already ``first``)."""

    def deciding_seat(self, state: State) -> int | None:
        """The seat whose questions the mode answers itself (a boss), if any."""
        return None

    def decide(self, state: State, decision: Decision) -> Any:
        """The mode's answer for :meth:`deciding_seat` (None declines an optional one)."""
        raise NotImplementedError

    def scripted_actions(self, state: State, seat: int) -> list[Action] | None:
        """When the mode runs ``seat``'s turn itself, its only legal actions (a boss's next
        step); None when the seat plays normally."""
        return None

    def extra_actions(self, state: State, seat: int) -> list[Action]:
        """Actions the mode adds to a normal turn, before "end turn" (a mulligan...)."""
        return []

    def apply_extra(self, state: State, action: Action, end_turn: Callable[[State], None]
                    ) -> bool:
        """Perform an action of :meth:`scripted_actions` or :meth:`extra_actions`; False
        when the kind is not the mode's.  ``end_turn`` ends the current turn."""
        return False

    def scraps_destroyed_base(self, state: State, owner: int) -> bool:
        """Does a destroyed base of ``owner`` leave the game instead of being discarded?"""
        return False

    def mode_piles(self, state: State) -> list[tuple[str, list[int]]]:
        """The mode's own card piles, named, as zones (for the invariants)."""
        return []

    def row_may_have_gaps(self, state: State) -> bool:
        """May the trade row keep an empty slot while the trade deck has cards?"""
        return False

    def mask_view(self, state: State, view: State) -> None:
        """Hide the mode's face-down piles in a player's view (listing them in
        ``view.unknown``)."""


# ---------------------------------------------------------------- the formats


@dataclass(frozen=True)
class FreeForAll(Format):
    """«Куча-мала»: first player draws 3, second 4, the rest 5; attack anyone."""


@dataclass(frozen=True)
class Hunter(Format):
    """«Охотник»: attack and target only your left neighbour (the next living seat
    clockwise); attack and target the bases of both neighbours."""

    def player_targets(self, state: State, seat: int) -> list[int]:
        left = _alive_from(state, seat, +1)
        return [] if left is None or left == seat else [left]

    def base_owners(self, state: State, seat: int) -> list[int]:
        out = []
        for step in (+1, -1):
            other = _alive_from(state, seat, step)
            if other is not None and other != seat and other not in out:
                out.append(other)
        return out

    def winners(self, state: State) -> tuple[int, ...] | None:
        if self.ends_at_first_elimination:
            dead = [s.index for s in state.seats if not s.alive]
            if dead:
                # «Побеждает тот, кто сидит справа от него» (the seat whose left it was)
                right = _alive_from(state, dead[0], -1)
                return () if right is None else (right,)
            return None
        return super().winners(state)


@dataclass(frozen=True)
class Hydra(Format):
    """«Гидра»: two teams sharing one authority (75 for 2×2, 100 for 3×3).  A team takes
    its turn together: «все игроки одной команды одновременно отыгрывают основную фазу,
    затем фазу сброса и фазу добора» — every member may act, in any order, until one
    "end turn" ends it for all of them (the rules' ``turn_seats``).  Each member keeps
    their own deck, hand, discard pile, cards in play (allies count only one's own
    cards) and pools, but the team pools combat against bases and trade for buying;
    one member's outpost shields the whole team.  Teammates see each other's hands."""

    team_size: int = 2

    def sees_hand(self, state: State, viewer: int, other: int) -> bool:
        return viewer == other or (0 <= viewer < len(state.seats) and
                                   state.seats[viewer].team == state.seats[other].team)

    def teams(self, n: int) -> list[int]:
        return [i % 2 for i in range(n)]

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        return [i % 2 for i in range(n)], [self.authority, self.authority]

    def opening_hands(self, n: int, first: int) -> list[int]:
        first_team = first % 2
        return [3 if i % 2 == first_team else 5 for i in range(n)]

    def protectors(self, state: State, owner: int) -> list[int]:
        team = state.seats[owner].team
        return [s.index for s in state.seats if s.team == team and s.alive]

    def turn_members(self, state: State, lead: int) -> list[int]:
        n = len(state.seats)
        team = state.seats[lead].team
        return [(lead + 2 * k) % n for k in range(n // 2)
                if state.seats[(lead + 2 * k) % n].alive and state.seats[
                    (lead + 2 * k) % n].team == team]

    def next_seat(self, state: State) -> int:
        lead = state.turn_members[0] if state.turn_members else state.active
        nxt = _alive_from(state, lead, +1)  # the other team sits to the left
        return lead if nxt is None else nxt


@dataclass(frozen=True)
class Emperor(Format):
    """«Император»: seats 1–3 are team A (2 is its emperor), 4–6 team B (5 is its
    emperor); emperors 60 authority, admirals 50.  Team A draws 3, team B 5; player 1
    starts.  An admiral may only target the admiral opposite, then the enemy emperor
    once that admiral is out; emperors target anyone.  1 trade moves a card from your
    discard pile to a teammate's (000/003: any teammate; option "neighbour": 001).
    An eliminated admiral may give one card to its emperor; the team whose emperor falls
    loses.

    The books' seating diagram (001 «Команда Б: Игрок 4, Игрок 5, Игрок 6 / Игровая зона
    / Команда А: Игрок 3, Игрок 2, Игрок 1»; 003 likewise) has the teams in two facing
    rows, so player 1 faces player 6, 2 faces 5 and 3 faces 4: seat ``i`` (0-based) sits
    opposite seat ``5 - i`` (:meth:`opposite`)."""

    EMPERORS = (1, 4)

    @staticmethod
    def opposite(seat: int) -> int:
        """The seat across the table (player 1 ↔ 6, 2 ↔ 5, 3 ↔ 4)."""
        return 5 - seat

    def teams(self, n: int) -> list[int]:
        return [0, 0, 0, 1, 1, 1]

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        return list(range(6)), [60 if i in self.EMPERORS else 50 for i in range(6)]

    def first_seat(self, n: int, requested: int | None, rng: Rng) -> int:
        return 0  # «Первым ходит Игрок 1»

    def opening_hands(self, n: int, first: int) -> list[int]:
        return [3, 3, 3, 5, 5, 5]

    def is_emperor(self, seat: int) -> bool:
        return seat in self.EMPERORS

    def role(self, state: State, seat: int) -> str:
        return "emperor" if self.is_emperor(seat) else "admiral"

    def player_targets(self, state: State, seat: int) -> list[int]:
        if self.is_emperor(seat):
            return self.opponents(state, seat)
        opposite = self.opposite(seat)
        if state.seats[opposite].alive:
            return [opposite]
        emperor = next(e for e in self.EMPERORS if state.seats[e].team != state.seats[
            seat].team)
        return [emperor] if state.seats[emperor].alive else []

    def base_owners(self, state: State, seat: int) -> list[int]:
        return self.player_targets(state, seat)

    def transfer_targets(self, state: State, seat: int) -> list[int]:
        team = state.seats[seat].team
        mates = [s.index for s in state.seats if s.team == team and s.alive and
                 s.index != seat]
        if self.option(state, "emperor_transfer", "team") == "neighbour":
            mates = [m for m in mates if abs(m - seat) == 1]
        return mates

    def gifts(self, state: State, seat: int) -> list[int]:
        if self.is_emperor(seat):
            return []
        emperor = next(e for e in self.EMPERORS if state.seats[e].team == state.seats[
            seat].team)
        return [emperor] if state.seats[emperor].alive else []

    def winners(self, state: State) -> tuple[int, ...] | None:
        for e in self.EMPERORS:
            if not state.seats[e].alive:
                losing = state.seats[e].team
                return tuple(s.index for s in state.seats if s.team != losing)
        return None


RAID_BOSS = {2: (50, 7), 3: (70, 7), 4: (70, 8), 5: (90, 8)}  # raiders → (authority, hand)


@dataclass(frozen=True)
class Raid(Format):
    """«Налёт»: seat 1 is the boss against 2–5 raiders.  Boss authority and hand size by
    the number of raiders (its first hand is 2 smaller); the boss starts; raiders have
    50 authority and 5 cards, separate turns and pools, see each other's hands; damage
    to the boss's bases stays until the boss's next turn.  An eliminated raider may give
    one card to each other raider."""

    def teams(self, n: int) -> list[int]:
        return [0] + [1] * (n - 1)

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        return list(range(n)), [RAID_BOSS[n - 1][0]] + [50] * (n - 1)

    def first_seat(self, n: int, requested: int | None, rng: Rng) -> int:
        return 0

    def opening_hands(self, n: int, first: int) -> list[int]:
        return [RAID_BOSS[n - 1][1] - 2] + [5] * (n - 1)

    def draw_size(self, state: State, seat: int) -> int:
        return RAID_BOSS[len(state.seats) - 1][1] if seat == 0 else self.hand_size

    def role(self, state: State, seat: int) -> str:
        return "boss" if seat == 0 else "raider"

    def partial_damage(self, state: State, base_owner: int) -> bool:
        return base_owner == 0

    def sees_hand(self, state: State, viewer: int, other: int) -> bool:
        return viewer == other or (viewer != 0 and other != 0)

    def on_turn_start(self, state: State) -> None:
        if state.active == 0:  # the boss's bases heal at the start of its turn
            state.damage.clear()

    def gifts(self, state: State, seat: int) -> list[int]:
        if seat == 0:
            return []
        return [s.index for s in state.seats if s.index not in (0, seat) and s.alive]


DUEL = Format(id="duel", min_seats=2, max_seats=2)

FORMATS: dict[str, Format] = {f.id: f for f in (
    DUEL,
    FreeForAll(id="ffa", min_seats=3, max_seats=6, starting_hands=(3, 4, 5)),
    Hunter(id="hunter", min_seats=3, max_seats=6, starting_hands=(3, 4, 5)),
    Hunter(id="hunter_first_blood", min_seats=3, max_seats=6, starting_hands=(3, 4, 5),
           ends_at_first_elimination=True),
    Hydra(id="hydra2", min_seats=4, max_seats=4, authority=75, team_turns=True, team_size=2),
    Hydra(id="hydra3", min_seats=6, max_seats=6, authority=100, team_turns=True, team_size=3),
    Emperor(id="emperor", min_seats=6, max_seats=6),
    Raid(id="raid", min_seats=3, max_seats=6, keep_base_damage=True),
)}


# Modes built from the card database (the campaign, the adventures): each maker gives
# the format for an id, or None when the id is not its.  Filled by the registry point,
# :mod:`game.star_realms.engine.modes`; this module never imports the modes.
MAKERS: list[Callable[[str, Any, Any], Format | None]] = []
# What each maker can make from a database, for the error message.
KNOWN: list[Callable[[Any], list[str]]] = []


def register_mode(maker: Callable[[str, Any, Any], Format | None],
                  known: Callable[[Any], list[str]]) -> None:
    if maker not in MAKERS:
        MAKERS.append(maker)
        KNOWN.append(known)


def get_format(format_id: str, db: Any = None, options: Any = ()) -> Format:
    """A format by id; an adventure id (with db) gives that adventure at the difficulty
    named in ``options`` (default veteran)."""
    if format_id in FORMATS:
        return FORMATS[format_id]
    for maker in MAKERS:
        fmt = maker(format_id, db, options)
        if fmt is not None:
            return fmt
    known = sorted(FORMATS) + [k for names in KNOWN for k in names(db)]
    raise ValueError(f"unknown format {format_id!r} (known: {', '.join(known)})")
