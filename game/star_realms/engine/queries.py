"""Rule questions a presentation asks, answered by the engine and its format.

A table (pygame, a phone page, a LAN client) must not decide a rule: who is an emperor,
which ability chips are lit, who may be attacked and why not, what "attack with
everything" means, which abilities are plain gains.  Everything here is pure and works
on a real state or on a :func:`~game.star_realms.engine.view.player_view` alike — it
reads only public things (cards in play, pools, bases, the turn) plus the legal actions
the caller passes, so a view gives the same answers as the state it came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.star_realms.engine import vocabulary
from game.star_realms.engine.boss_state import adventure_of, boss_of
from game.star_realms.engine.cards import ALLY_SLOTS, USE_ORDER, Effects
from game.star_realms.engine.explain import Reason, refusal
from game.star_realms.engine.rules import legal_actions, pooled, turn_seats, usable_slots
from game.star_realms.engine.state import NOBODY, Action, State
from game.star_realms.engine.targets import remaining_defense

# ---------------------------------------------------------------------- seats


def role(state: State, seat: int) -> str:
    """The seat's part in its format ("emperor", "admiral", "boss", "raider" or "")."""
    return state.format.role(state, seat)


def team(state: State, seat: int) -> int:
    return state.seats[seat].team


def shows_teams(state: State) -> bool:
    """Are team tags worth showing?  In team formats yes; not for an adventure's players
    against their boss (everyone but the boss is on one side, which says nothing)."""
    teams = {s.team for s in state.seats}
    return state.boss is None and len(teams) < len(state.seats)


def shows_authority(state: State, seat: int) -> bool:
    return state.format.shows_authority(state, seat)


def team_leftover(state: State, seat: int, pool: str) -> int:
    """Trade or combat ``seat``'s teammates have in their pools this team turn (Hydra):
    it can pay for buys and attacks too.  0 outside a team turn."""
    if not state.format.team_turns or seat not in state.turn_members:
        return 0
    return sum(getattr(state.seats[m], pool) for m in state.turn_members if m != seat)


def seat_actions(state: State, seat: int, legal: Sequence[Action] | None = None) -> list[Action]:
    """The legal actions that belong to ``seat`` (none unless it is the one to act)."""
    acts = legal_actions(state) if legal is None else legal
    return [a for a in acts if a.seat == seat]


# ---------------------------------------------------------------------- ability chips

AVAILABLE, USED, WAITING, NOT_USABLE = "available", "used", "waiting", "not_usable"
CHIP_SLOTS = USE_ORDER  # the activated slots, in printed order


def owner_in_play(state: State, iid: int) -> int:
    """The seat with ``iid`` among its ships in play, bases or heroes (NOBODY if none)."""
    for s in state.seats:
        if iid in s.in_play or iid in s.bases or iid in s.heroes:
            return s.index
    return NOBODY


def chip_states(state: State, iid: int) -> list[tuple[str, str]]:
    """(slot, state) for each activated ability of a card in play: ``used`` this turn
    (a ship's primary fired when it was played), ``available`` (the engine's own
    :func:`usable_slots`), ``waiting`` (an ally ability of the acting seat not yet
    triggered) or ``not_usable`` (not its owner's turn)."""
    card = state.card(iid)
    owner = owner_in_play(state, iid)
    mine_now = owner in turn_seats(state) or (owner == state.active and not state.is_over)
    usable = usable_slots(state, iid) if mine_now else []
    out = []
    for slot in CHIP_SLOTS:
        if slot not in card.abilities:
            continue
        if (iid, slot) in state.used or (slot == "primary" and card.is_ship):
            out.append((slot, USED))
        elif slot in usable:
            out.append((slot, AVAILABLE))
        elif slot in ALLY_SLOTS and mine_now:
            out.append((slot, WAITING))
        else:
            out.append((slot, NOT_USABLE))
    return out


# ---------------------------------------------------------------------- attacks


@dataclass(frozen=True, slots=True)
class Target:
    """Something a seat's combat could be aimed at: a player, a base, or a boss card to
    strike (Dimensional Horror's tentacles).  ``actions`` are the legal ways to hit it
    now (one per amount where amounts vary); when there are none, ``reason`` says why."""

    kind: str  # "player" | "base" | "strike"
    seat: int  # the player, the base's owner, or the boss
    card: int = -1  # the base or the struck card
    actions: tuple[Action, ...] = ()
    reason: Reason | None = None
    defense: int = 0  # bases: defense left; strikes: the combat it costs


def attack_targets(state: State, seat: int,
                   legal: Sequence[Action] | None = None) -> list[Target]:
    """Every other living seat and each of its bases (clockwise from ``seat``'s left),
    then boss cards to strike: each with the legal attacks on it or the engine's reason
    it may not be attacked now (teammates: not a target; outposts first; combat)."""
    own = seat_actions(state, seat, legal)
    combat = pooled(state, seat, "combat")  # a team turn's attacks spend the team's
    n = len(state.seats)
    out: list[Target] = []
    for k in range(1, n):
        other = state.seats[(seat + k) % n]
        if not other.alive:
            continue
        hits = tuple(a for a in own if a.kind == "attack_player" and a.target == other.index)
        probe = Action("attack_player", seat, target=other.index, amount=max(combat, 1))
        out.append(Target("player", other.index, actions=hits,
                          reason=None if hits else refusal(state, probe)))
        for b in other.bases:
            hits = tuple(a for a in own if a.kind == "attack_base" and a.card == b)
            probe = Action("attack_base", seat, card=b)
            out.append(Target("base", other.index, b, hits,
                              None if hits else refusal(state, probe),
                              remaining_defense(state, b)))
    if state.boss is not None and seat != boss_of(state).seat:
        for card, cost in adventure_of(state).script.strike_candidates(state, seat):
            hits = tuple(a for a in own if a.kind == "strike" and a.card == card)
            reason = None
            if not hits:
                reason = refusal(state, Action("strike", seat, card=card))
                if reason[0] == "illegal" and combat < cost:  # the only rule a strike has
                    reason = ("not_enough_combat", {"need": cost, "have": combat})
            out.append(Target("strike", boss_of(state).seat, card, hits, reason, cost))
    return out


def attack_all(state: State, seat: int, legal: Sequence[Action] | None = None) -> Action | None:
    """"Attack with everything": all combat at the only player or base that can be hit
    now (a base at the most damage it can take), or None when there is a choice to make
    or nothing to hit."""
    targets = [t for t in attack_targets(state, seat, legal)
               if t.actions and t.kind in ("player", "base")]
    if len(targets) != 1:
        return None
    t = targets[0]
    if t.kind == "player":
        return max(t.actions, key=lambda a: a.amount)  # amounts run 1..combat to spend
    # one action destroys it; where partial damage is kept (Raid) the biggest bite
    whole = [a for a in t.actions if a.amount == 0]
    return whole[0] if whole else max(t.actions, key=lambda a: a.amount)


def base_defense(state: State, iid: int) -> int:
    """Defense a base in play has left (Raid keeps damage between turns)."""
    return remaining_defense(state, iid)


# ---------------------------------------------------------------------- plain gains

# Effect operations that only add to a seat (no question, no target, nothing lost):
# using an ability made only of these can never be a wrong choice, so a table may use
# it for the player (the auto-apply setting).  Scrap abilities are excluded by
# :func:`auto_apply_actions` because they cost the card.  The vocabulary table's "gain" kind.
PLAIN_GAIN_OPS: frozenset[str] = frozenset(vocabulary.PLAIN_GAIN_OPS)


def is_plain_gain(effects: Effects) -> bool:
    return bool(effects) and all(op in PLAIN_GAIN_OPS for op, _ in effects)


def auto_apply_actions(state: State, seat: int,
                       legal: Sequence[Action] | None = None) -> list[Action]:
    """The seat's legal ability uses that are plain gains (never a scrap ability)."""
    if state.pending is not None:
        return []
    return [a for a in seat_actions(state, seat, legal)
            if a.kind == "use" and a.slot != "scrap"
            and is_plain_gain(state.card(a.card).ability(a.slot))]


# ---------------------------------------------------------------------- boss piles


def pile_cards(state: State, name: str) -> list[int]:
    """The cards of a boss pile that players see, bottom to top (a face-down deck: only
    its face-up top card; a hidden pile: none)."""
    cards = boss_of(state).piles.get(name, [])
    shows = adventure_of(state).script.pile_shows(name)
    if shows == "all":
        return [c for c in cards if c >= 0]
    if shows == "top" and cards and cards[-1] >= 0:
        return [cards[-1]]
    return []


def boss_counter(state: State) -> tuple[str, int] | None:
    """The adventure's counter for the boss panel, as (i18n key, n), if it has one."""
    return None if state.boss is None else adventure_of(state).script.counter(state)
