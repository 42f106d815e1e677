"""Solo and co-op adventures: players against an automated boss (seed 000, pp. 18–38).

The boss is the last seat.  Players form a Hydra-like team (shared authority = personal
× players, one turn together, pooled trade and combat, one outpost shields all) — except
Dimensional Horror (own turns and authority; the boss acts after each player, against that
player) and Pirates of the Dark Star (own authority, one shared turn and pools).

A boss turn is a list of the book's numbered steps; each ``boss_step`` action performs
the next step that does something (so the table can show the turn step by step).  After a
step of the "loop" kind did something the turn goes back to step 1, as the book says;
"once" steps (attacks, counters) move on.  The boss decides through
:mod:`game.star_realms.engine.boss`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.star_realms.engine import guard, zones
from game.star_realms.engine.adventure_def import AdventureDef
from game.star_realms.engine.boss import choose
from game.star_realms.engine.boss_state import BossState, adventure_of, boss_of
from game.star_realms.engine.events import BossAt, BossNarration, Mulligan
from game.star_realms.engine.formats import Format
from game.star_realms.engine.state import EMPTY, HIDDEN, Action

if TYPE_CHECKING:
    from game.star_realms.engine.cards import CardDB, CardDef
    from game.star_realms.engine.rng import Rng
    from game.star_realms.engine.state import Decision, State

__all__ = ["DIFFICULTIES", "AdventureFormat", "BossState", "Script", "boss_step",
           "make_format", "narrate", "opening_turn"]

DIFFICULTIES = ("novice", "apprentice", "veteran", "expert")
# Player turns before the boss's first turn (co-op); Expert: the boss goes first.
PLAYERS_FIRST = {"novice": 3, "apprentice": 2, "veteran": 1, "expert": 0}
# Dimensional Horror's own table: player turns after which the boss does not act.
HORROR_SKIPS = {"novice": 2, "apprentice": 1, "veteran": 0, "expert": 0}


# A step: (key for the narration, function doing it → did something, kind "loop"/"once")
Step = tuple[str, Callable[["State"], bool], str]


class Script:
    """One adventure's boss: its setup and the numbered steps of its turn."""

    has_deck = False  # the boss has a personal deck, hand and discard pile
    plays_cards = True  # it puts ships and bases in play (not the Horror, Beast, Pirates)
    scraps_destroyed_bases = False  # its destroyed bases leave the game
    hidden_piles: tuple[str, ...] = ()  # piles whose cards players may not see

    def __init__(self, adv: AdventureDef):
        self.adv = adv

    def remove_from_trade(self, card) -> bool:
        faction = self.adv.setup.get("remove_faction")
        return bool(faction) and faction in card.factions

    def boss_cards(self, db: Any, players: int) -> list[tuple[str, int]]:
        """Cards to create for the boss's own deck (besides what prepare() builds)."""
        return []

    def prepare(self, state: State, make: Callable[[Any], int], players: int) -> None:
        """Book setup after decks are built and shuffled, before the trade row is dealt."""

    def steps(self) -> list[Step]:
        raise NotImplementedError

    def end_turn(self, state: State) -> None:
        """Before the boss's discard phase (e.g. Automatons scrap their ships)."""

    def player_actions(self, state: State, seat: int) -> list[Action]:
        return []

    def apply_player_action(self, state: State, action: Action) -> None:
        raise ValueError(action.kind)

    def players_won(self, state: State) -> bool:
        return False

    def boss_targets_players(self, state: State) -> list[int]:
        return [s.index for s in state.seats if s.alive and s.index != boss_of(state).seat]

    def pile_shows(self, name: str) -> str:
        """How much of a boss pile players see: "all" (a face-up pile, e.g. tentacles),
        "top" (a face-down deck whose top card lies face up) or "none"."""
        return "none" if name in self.hidden_piles else "all"

    def counter(self, state: State) -> tuple[str, int] | None:
        """The number the boss's panel shows beside its authority, as (i18n key, n)."""
        return None

    def strike_candidates(self, state: State, seat: int) -> list[tuple[int, int]]:
        """Boss cards a player could strike at with combat, as (card, combat it costs),
        whether or not it can pay now (the table says why not)."""
        return []


# kw_only: the adventure and its script are required, after Format's defaulted fields.
@dataclass(frozen=True, kw_only=True)
class AdventureFormat(Format):
    adv: AdventureDef
    script: Script = field(compare=False)
    difficulty: str = "veteran"
    recycle_scrap: bool = True  # an empty trade deck is rebuilt from the scrap heap

    # ---------------------------------------------------------------- seating

    def players(self, n: int) -> int:
        return n - 1

    def check_seats(self, n: int) -> str | None:
        a = self.adv
        p = n - 1
        if not a.min_players <= p <= a.max_players:
            return f"{a.name_en} is for {a.min_players}–{a.max_players} players, not {p}"
        return None

    def teams(self, n: int) -> list[int]:
        return [0] * (n - 1) + [1]

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        a = self.adv
        p = n - 1
        boss = a.boss_authority * p
        if a.coop == "team":  # one shared pool: personal authority × players
            return [0] * p + [1], [a.player_authority * p, boss]
        return list(range(p)) + [p], [a.player_authority] * p + [boss]

    def first_seat(self, n: int, requested: int | None, rng: Rng) -> int:
        if requested is not None and requested < n - 1:
            first = requested
        else:
            first = rng.below(n - 1) if self.adv.coop == "separate" else 0
        return first  # (on Expert the boss's opening turns are set up by prepare_turns)

    def opening_hands(self, n: int, first: int) -> list[int]:
        players_first = self.difficulty != "expert"
        hands = [3 if players_first else 5] * (n - 1)
        return hands + [self.boss_hand(n - 1)]

    def boss_hand(self, players: int) -> int:
        if not self.script.has_deck:
            return 0
        # The book says only "after the boss draws"; the size is the big card's (designed).
        base = self.adv.designed.get("boss_hand", 5)
        extra = self.adv.designed.get("extra_hand_per_extra_player", 0)
        return base + extra * (players - 1)

    def draw_size(self, state: State, seat: int) -> int:
        if seat == boss_of(state).seat:
            return self.boss_hand(len(state.seats) - 1)
        return self.hand_size

    def deck_for(self, seat: int, n: int) -> tuple[tuple[str, int], ...]:
        if seat == n - 1:  # the boss: its starters (its other cards come from prepare())
            deck = self.adv.setup.get("boss_deck", ())
            starters = self.adv.setup.get("boss_starters", ())
            return tuple(deck) if deck and isinstance(deck[0], tuple) else tuple(starters)
        return self.adv.player_deck

    # ---------------------------------------------------------------- targeting

    def player_targets(self, state: State, seat: int) -> list[int]:
        boss = boss_of(state).seat
        if seat == boss:
            return self.script.boss_targets_players(state)
        if self.adv.boss_authority > 0 and state.seats[boss].alive:
            return [boss]
        return []

    def base_owners(self, state: State, seat: int) -> list[int]:
        boss = boss_of(state).seat
        if seat == boss:
            return self.script.boss_targets_players(state)
        return [boss]

    def protectors(self, state: State, owner: int) -> list[int]:
        if self.adv.coop == "team" and owner != boss_of(state).seat:
            return [s.index for s in state.seats if s.alive and s.index != boss_of(state).seat]
        return [owner]

    def sees_hand(self, state: State, viewer: int, other: int) -> bool:
        """Players sharing their turn (a Hydra team, Pirates) play each other's cards, so
        they see each other's hands; the boss's hand stays hidden."""
        if viewer == other:
            return True
        boss = boss_of(state).seat if state.boss is not None else len(state.seats) - 1
        return self.team_turns and 0 <= viewer < len(state.seats) and boss not in (viewer,
                                                                                   other)

    def role(self, state: State, seat: int) -> str:
        boss = boss_of(state).seat if state.boss is not None else len(state.seats) - 1
        return "boss" if seat == boss else ""

    def shows_authority(self, state: State, seat: int) -> bool:
        return self.role(state, seat) != "boss" or self.adv.boss_authority > 0

    # ---------------------------------------------------------------- flow

    def turn_members(self, state: State, lead: int) -> list[int]:
        boss = boss_of(state).seat
        if lead == boss or self.adv.coop == "separate":
            return [lead]
        n = len(state.seats)
        order = [(lead + k) % n for k in range(n)]
        return [s for s in order if s != boss and state.seats[s].alive]

    def next_seat(self, state: State) -> int:
        b = boss_of(state)
        boss = b.seat
        was_boss = state.active == boss
        players = [s.index for s in state.seats if s.alive and s.index != boss]
        if not players:
            return boss
        if self.adv.coop != "separate":
            if was_boss:
                return players[0]
            b.player_turns += 1
            if self.difficulty == "expert" or b.player_turns >= PLAYERS_FIRST[self.difficulty]:
                return boss
            return players[0]
        # Dimensional Horror: the boss acts after each player's turn, against that player
        if was_boss:
            if b.queue:
                b.target = b.queue.pop(0)
                return boss
            return self._next_player(state, b.target)
        p = state.active
        b.turns_of[p] = b.turns_of.get(p, 0) + 1
        if b.turns_of[p] > HORROR_SKIPS[self.difficulty]:
            b.target = p
            return boss
        return self._next_player(state, p)

    def _next_player(self, state: State, after: int) -> int:
        n = len(state.seats)
        boss = boss_of(state).seat
        for k in range(1, n + 1):
            s = (after + k) % n
            if s != boss and state.seats[s].alive:
                return s
        return boss

    def on_turn_start(self, state: State) -> None:
        if state.active == boss_of(state).seat:
            boss_of(state).step = 0
            boss_of(state).steps_run = 0

    def winners(self, state: State) -> tuple[int, ...] | None:
        boss = boss_of(state).seat if state.boss is not None else len(state.seats) - 1
        players = [s.index for s in state.seats if s.index != boss]
        if not state.seats[boss].alive or (state.boss is not None and
                                          self.script.players_won(state)):
            return tuple(players)
        if not any(state.seats[p].alive for p in players):
            return (boss,)
        return None

    # ---------------------------------------------------------------- mode hooks

    def trade_supply(self, trade: list[CardDef]) -> list[CardDef]:
        # (events stay in the box: a boss takes trade-deck cards for its own piles, and
        # the adventures are written without them; docs/rules-data.md)
        return [c for c in trade if not self.script.remove_from_trade(c) and not c.is_event]

    def extra_cards(self, db: CardDB, n: int) -> list[tuple[str, int]]:
        return self.script.boss_cards(db, n - 1)

    def setup(self, state: State, make: Callable[[CardDef], int]) -> None:
        n = len(state.seats)
        state.boss = BossState(self.id, n - 1, self.difficulty)
        self.script.prepare(state, make, n - 1)

    def opening_turn(self, state: State, first: int) -> None:
        opening_turn(state, first)

    def deciding_seat(self, state: State) -> int | None:
        return boss_of(state).seat  # the boss decides by its rules (engine/boss.py)

    def decide(self, state: State, decision: Decision) -> Any:
        return choose(state, decision)

    def scripted_actions(self, state: State, seat: int) -> list[Action] | None:
        if seat == boss_of(state).seat:
            return [Action("boss_step", seat)]  # the boss's turn runs itself, step by step
        return None

    def extra_actions(self, state: State, seat: int) -> list[Action]:
        acts = []
        if not boss_of(state).mulligan_used and any(c != EMPTY for c in state.trade_row):
            acts.append(Action("mulligan", seat))  # once per adventure
        acts.extend(self.script.player_actions(state, seat))
        return acts

    def apply_extra(self, state: State, action: Action, end_turn: Callable[[State], None]
                    ) -> bool:
        kind = action.kind
        if kind == "boss_step":
            if boss_step(state) and state.winners is None:
                self.script.end_turn(state)
                end_turn(state)
        elif kind == "mulligan":
            boss_of(state).mulligan_used = True
            state.events.append(Mulligan(action.seat))
            for iid in [c for c in state.trade_row if c != EMPTY]:
                zones.scrap_from_row(state, iid)
            state.undo_barrier += 1
        elif kind == "strike":
            self.script.apply_player_action(state, action)
        else:
            return False
        return True

    def scraps_destroyed_base(self, state: State, owner: int) -> bool:
        return owner == boss_of(state).seat and self.script.scraps_destroyed_bases

    def mode_piles(self, state: State) -> list[tuple[str, list[int]]]:
        return [(f"boss:{name}", pile) for name, pile in sorted(boss_of(state).piles.items())]

    def row_may_have_gaps(self, state: State) -> bool:
        return True  # bosses take from the row and refill it by their own steps

    def mask_view(self, state: State, view: State) -> None:
        """Face-down boss piles as :meth:`Script.pile_shows` says: "none" (the Beast's
        hoard...) hides every card, "top" (a face-down deck whose top card lies face up,
        Defy the Empire's trade decks) every card but the top one; the hidden cards are
        listed, sorted, in ``view.unknown["boss:<name>"]``."""
        boss = boss_of(view)
        unknown = view.unknown
        assert unknown is not None  # the view builder sets it before the format masks
        for name, pile in sorted(boss.piles.items()):
            shows = self.script.pile_shows(name)
            down = len(pile) if shows == "none" else len(pile) - 1 if shows == "top" else 0
            if down > 0:
                unknown[f"boss:{name}"] = sorted(pile[:down])
                boss.piles[name] = [HIDDEN] * down + pile[down:]


# The boss of each adventure id: filled by the registry point
# (:mod:`game.star_realms.engine.modes`) from :mod:`game.star_realms.engine.bosses`.
SCRIPTS: dict[str, type[Script]] = {}


def make_format(adv: AdventureDef, difficulty: str) -> AdventureFormat:
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r} ({', '.join(DIFFICULTIES)})")
    return AdventureFormat(id=adv.id, min_seats=adv.min_players + 1,
                           max_seats=adv.max_players + 1, adv=adv,
                           script=SCRIPTS[adv.id](adv), difficulty=difficulty,
                           team_turns=adv.coop in ("team", "shared_turn"))


def opening_turn(state: State, first_player: int) -> None:
    """Who takes the very first turn: on Expert the boss (in Dimensional Horror once
    against each player, starting with the first), else the first player."""
    b = boss_of(state)
    if adventure_of(state).difficulty != "expert":
        state.active = first_player
        return
    state.active = b.seat
    if adventure_of(state).adv.coop == "separate":
        n = len(state.seats)
        order = [(first_player + k) % n for k in range(n)]
        players = [p for p in order if p != b.seat]
        b.target, b.queue = players[0], players[1:]


def boss_step(state: State) -> bool:
    """Perform the next step of the boss's turn that does something.  True when the
    turn has reached its end.

    Each call walks forward through the steps (bounded by their number); "loop" and
    "repeat" steps that keep doing something are what could make a turn endless, so the
    runaway guard counts the steps that did something within one boss turn.
    """
    script = adventure_of(state).script
    b = boss_of(state)
    steps = script.steps()
    first_loop = next((k for k, (_, _, kind) in enumerate(steps) if kind == "loop"), 0)
    i = b.step
    while i < len(steps):
        key, fn, kind = steps[i]
        mark = len(state.events)
        state.events.append(BossAt(i + 1, key))  # which step: for the narration
        if fn(state):
            b.step = first_loop if kind == "loop" else (i if kind == "repeat" else i + 1)
            guard.count_boss_step(state, key)
            guard.note("boss_steps", b.steps_run)
            return False
        del state.events[mark]
        i += 1
    b.step = len(steps)
    return True


def narrate(state: State, key: str, **params: Any) -> None:
    """A line for the boss-turn scene ("Step 4 — the Automatons attack: ...")."""
    state.events.append(BossNarration(key, tuple(params.items())))
