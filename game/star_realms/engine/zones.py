"""Every way a card moves between zones.  Nothing else in the engine moves cards,
so the "each card is in exactly one zone" invariant has one place to hold.

Each move appends a :class:`~game.star_realms.engine.events.Move` event for the
table's animations and the log.
"""

from __future__ import annotations

from game.star_realms.engine.boss_state import adventure_of
from game.star_realms.engine.cards import ACTIVATED_SLOTS
from game.star_realms.engine.events import (
    EXPLORERS,
    SCRAP,
    TRADE_DECK,
    TRADE_ROW,
    EventRevealed,
    Move,
    Shuffle,
    Zone,
)
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import EMPTY, State

# Each seat's zones, made once (Zone() interns them, but a lookup per move adds up).
HAND, DECK, DISCARD, IN_PLAY, BASES, HEROES = (
    tuple(Zone(name, seat) for seat in range(8))
    for name in ("hand", "deck", "discard", "in_play", "bases", "heroes"))


def _event(state: State, iid: int, src: Zone, dst: Zone) -> None:
    state.events.append(Move(iid, src, dst))


def leave_play(state: State, iid: int) -> None:
    """Forget per-turn marks of a card leaving play: if it comes back it is a new card."""
    state.copy_of.pop(iid, None)
    state.damage.pop(iid, None)
    used, latched = state.used, state.latched
    if used or latched:
        for slot in ACTIVATED_SLOTS:
            key = (iid, slot)
            used.discard(key)
            latched.discard(key)


def shuffle_discard_into_deck(state: State, seat: int) -> None:
    s = state.seats[seat]
    s.deck = s.discard + s.deck  # (deck is empty whenever this is called)
    s.discard = []
    state.rng.shuffle(s.deck)
    s.known_top = 0
    state.undo_barrier += 1
    state.events.append(Shuffle(seat))


def draw(state: State, seat: int, n: int) -> int:
    """Draw up to ``n`` cards, reshuffling the discard pile when the deck runs out."""
    s = state.seats[seat]
    drawn = 0
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            shuffle_discard_into_deck(state, seat)
        iid = s.deck.pop()
        s.hand.append(iid)
        if s.known_top:
            s.known_top -= 1
        drawn += 1
        state.events.append(Move(iid, DECK[seat], HAND[seat]))
    if drawn:
        state.undo_barrier += 1
    return drawn


def recycle_scrap(state: State) -> None:
    """Adventures: an empty trade deck is rebuilt from the scrap heap, leaving out what
    cannot be in a trade deck (Scouts, Vipers)."""
    back = [c for c in state.scrap if state.cards[c].role == "trade"]
    if not back:
        return
    state.scrap = [c for c in state.scrap if state.cards[c].role != "trade"]
    state.trade_deck = back
    state.rng.shuffle(state.trade_deck)
    state.undo_barrier += 1
    state.events.append(Shuffle(-1))  # (the trade deck)


def refill_row(state: State, slot: int) -> None:
    if not state.trade_deck and state.format.recycle_scrap:
        recycle_scrap(state)
    if state.trade_deck:
        iid = state.trade_deck.pop()
        state.trade_row[slot] = iid
        # (a reveal: apply() sees the card leave the face-down trade deck, so the buy or
        # scrap that caused it cannot be undone to peek at the next card)
        _event(state, iid, TRADE_DECK, TRADE_ROW)
        if state.cards[iid].is_event:  # Crisis: it resolves at once
            reveal_event(state, iid)
    else:
        state.trade_row[slot] = EMPTY


def reveal_event(state: State, iid: int) -> None:
    """An event card (Crisis) has just been turned face up into the trade row: its
    effects are queued for the player whose turn it is, with the rules step
    ``event_done`` below them (engine/event_ops.py: once they are done, the card is
    scrapped from the row and the slot refills).  On the effect stack, the event
    resolves as soon as the step that revealed it is done, before anything else."""
    state.events.append(EventRevealed(iid))
    seat = state.active
    push(state, seat, iid, (("event_done", None),))
    push(state, seat, iid, state.cards[iid].ability("primary"))


def to_scrap_heap(state: State, iid: int, src: Zone) -> None:
    """Scrap a card: Explorers go back to their pile, everything else to the scrap heap."""
    if state.cards[iid].role == "explorer":
        state.explorers.append(iid)
        _event(state, iid, src, EXPLORERS)
    else:
        state.scrap.append(iid)
        _event(state, iid, src, SCRAP)


def scrap_from_hand_or_discard(state: State, seat: int, iid: int) -> None:
    s = state.seats[seat]
    if iid in s.hand:
        s.hand.remove(iid)
        src = HAND[seat]
    else:
        s.discard.remove(iid)
        src = DISCARD[seat]
    s.scrapped_own += 1
    s.scrapped_hd += 1
    to_scrap_heap(state, iid, src)


def scrap_from_play(state: State, seat: int, iid: int) -> None:
    """A card in play scrapped (its own scrap ability): a ship, a base or a hero (which
    leaves the game as its ability resolves)."""
    s = state.seats[seat]
    if iid in s.in_play:
        s.in_play.remove(iid)
        src = IN_PLAY[seat]
    elif iid in s.heroes:
        s.heroes.remove(iid)
        src = HEROES[seat]
    else:
        s.bases.remove(iid)
        src = BASES[seat]
    s.scrapped_own += 1
    leave_play(state, iid)
    to_scrap_heap(state, iid, src)


def scrap_from_row(state: State, iid: int) -> None:
    slot = state.trade_row.index(iid)
    state.trade_row[slot] = EMPTY
    to_scrap_heap(state, iid, TRADE_ROW)
    refill_row(state, slot)


def discard_from_hand(state: State, seat: int, iid: int) -> None:
    s = state.seats[seat]
    s.hand.remove(iid)
    s.discard.append(iid)
    _event(state, iid, HAND[seat], DISCARD[seat])


def destroy_base(state: State, iid: int) -> int:
    """A destroyed base goes to its owner's discard pile.  Returns the owner."""
    for s in state.seats:
        if iid in s.bases:
            s.bases.remove(iid)
            leave_play(state, iid)
            if state.format.scraps_destroyed_base(state, s.index):
                to_scrap_heap(state, iid, BASES[s.index])
            else:
                s.discard.append(iid)
                _event(state, iid, BASES[s.index], DISCARD[s.index])
            return s.index
    raise ValueError(f"card {iid} is not a base in play")


def play_from_hand(state: State, seat: int, iid: int) -> None:
    s = state.seats[seat]
    s.hand.remove(iid)
    kind = state.cards[iid].type
    if kind == "base":
        s.bases.append(iid)
        dst = BASES[seat]
    elif kind == "hero":  # (only a boss plays cards it has not acquired: a hero stays)
        s.heroes.append(iid)
        dst = HEROES[seat]
    else:
        s.in_play.append(iid)
        dst = IN_PLAY[seat]
    state.events.append(Move(iid, HAND[seat], dst))


def take_from_supply(state: State, iid: int, refill: bool = True) -> int:
    """Remove a card being acquired from the trade row (and refill, unless the refill
    must wait) or the Explorer pile.  Returns the row slot it left (-1: Explorer pile)."""
    if iid in state.explorers:
        state.explorers.remove(iid)
        return -1
    slot = state.trade_row.index(iid)
    state.trade_row[slot] = EMPTY
    if refill:
        refill_row(state, slot)
    return slot


def place_acquired(state: State, seat: int, iid: int, dest: str, src: Zone) -> None:
    s = state.seats[seat]
    if dest == "top_of_deck":
        s.deck.append(iid)
        s.known_top += 1
        dst = DECK[seat]
    elif dest == "hand":
        s.hand.append(iid)
        dst = HAND[seat]
    elif dest == "heroes":  # a hero: "it goes directly into play", to await its scrap
        s.heroes.append(iid)
        dst = HEROES[seat]
    elif dest == "play":  # a base put directly into play (Construction Hauler): played
        s.bases.append(iid)
        for f in state.cards[iid].factions:
            s.played_factions[f] = s.played_factions.get(f, 0) + 1
        s.bases_played += 1
        dst = BASES[seat]
    else:
        s.discard.append(iid)
        dst = DISCARD[seat]
    _event(state, iid, src, dst)


def return_base_to_hand(state: State, iid: int) -> int:
    """A base in play goes back to its owner's hand (Mega Mech).  Returns the owner."""
    for s in state.seats:
        if iid in s.bases:
            s.bases.remove(iid)
            leave_play(state, iid)
            s.hand.append(iid)
            _event(state, iid, BASES[s.index], HAND[s.index])
            return s.index
    raise ValueError(f"card {iid} is not a base in play")


def discard_from_play(state: State, seat: int) -> None:
    """Discard phase: ships in play and the rest of the hand go to the discard pile."""
    s = state.seats[seat]
    events = state.events
    for iid in s.in_play:
        leave_play(state, iid)
        s.discard.append(iid)
        events.append(Move(iid, IN_PLAY[seat], DISCARD[seat]))
    s.in_play = []
    for iid in s.hand:
        s.discard.append(iid)
        events.append(Move(iid, HAND[seat], DISCARD[seat]))
    s.hand = []


def topdeck_from_discard(state: State, seat: int, iid: int) -> None:
    s = state.seats[seat]
    s.discard.remove(iid)
    s.deck.append(iid)
    s.known_top += 1
    _event(state, iid, DISCARD[seat], DECK[seat])


def hand_to_deck_top(state: State, seat: int, iid: int) -> None:
    """A card from the seat's hand onto its deck (Warp Jump's "put back"): face down, so
    it joins the deck's unseen part (``known_top`` counts only cards everyone saw)."""
    s = state.seats[seat]
    s.hand.remove(iid)
    if s.known_top:  # (the cards everyone saw are now below it: none is on top any more)
        s.known_top = 0
    s.deck.append(iid)
    _event(state, iid, HAND[seat], DECK[seat])


def move_to_hand(state: State, seat: int, iid: int) -> bool:
    """Put one of the seat's own cards (just acquired) into its hand, wherever it lies."""
    s = state.seats[seat]
    if iid in s.discard:
        s.discard.remove(iid)
        src = DISCARD[seat]
    elif iid in s.deck:
        pos = s.deck.index(iid)
        if len(s.deck) - pos <= s.known_top:
            s.known_top -= 1
        s.deck.pop(pos)
        src = DECK[seat]
    else:
        return False
    s.hand.append(iid)
    _event(state, iid, src, HAND[seat])
    return True


def return_from_scrap(state: State, seat: int, iid: int) -> None:
    if iid in state.scrap:
        state.scrap.remove(iid)
        state.seats[seat].discard.append(iid)
        _event(state, iid, SCRAP, DISCARD[seat])


def transfer_discard(state: State, seat: int, iid: int, target: int) -> None:
    """Emperor: move a card from your discard pile to a teammate's."""
    state.seats[seat].discard.remove(iid)
    state.seats[target].discard.append(iid)
    _event(state, iid, DISCARD[seat], DISCARD[target])


def all_cards_of(state: State, seat: int) -> list[tuple[str, int]]:
    s = state.seats[seat]
    return ([("hand", c) for c in s.hand] + [("deck", c) for c in s.deck] +
            [("discard", c) for c in s.discard] + [("in_play", c) for c in s.in_play] +
            [("bases", c) for c in s.bases] + [("heroes", c) for c in s.heroes])


def take_from_seat(state: State, seat: int, iid: int) -> Zone:
    """Remove one of a seat's cards from wherever it is; returns the zone it left."""
    s = state.seats[seat]
    for zone in ("hand", "deck", "discard", "in_play", "bases", "heroes"):
        cards = getattr(s, zone)
        if iid in cards:
            if zone == "deck":
                pos = cards.index(iid)
                if len(cards) - pos <= s.known_top:
                    s.known_top -= 1
            cards.remove(iid)
            if zone in ("in_play", "bases", "heroes"):
                leave_play(state, iid)
            return Zone(zone, seat)
    raise ValueError(f"card {iid} does not belong to seat {seat}")


def gift(state: State, seat: int, iid: int, recipient: int) -> None:
    """An eliminated player hands one card to a teammate's discard pile."""
    src = take_from_seat(state, seat, iid)
    state.seats[recipient].discard.append(iid)
    _event(state, iid, src, DISCARD[recipient])


def scrap_everything(state: State, seat: int) -> None:
    """An eliminated player's cards leave the game (Explorers back to their pile)."""
    for _, iid in all_cards_of(state, seat):
        src = take_from_seat(state, seat, iid)
        to_scrap_heap(state, iid, src)
    state.seats[seat].known_top = 0


# ---------------------------------------------------------------------- reveals
#
# Undo must never take back a reveal: apply() takes a mark of what the acting seat cannot
# see before each action and raises the undo floor when the action drew from the random
# generator (a shuffle, a random pick, a die) or took a card out of a face-down part — a
# draw, a trade-row refill, a boss pile's next card turning up, a card from a hand the
# seat does not see.  No effect has to say so, so none can forget to.
#
# Between shuffles (which draw from the generator) a face-down part never gains a card
# while losing another within one action (cards are only taken from it, or laid face
# down on it by a step that takes nothing: the Beast's hoard), so "no card left it" is
# "it is no smaller": one number per part, cheap enough for every apply() of a search.
# tests/test_undo_reveals.py checks this exactly, card by card, over random games.


def hidden_sizes(state: State, seat: int) -> list[int]:
    """How many cards each face-down part holds, for ``seat``: the trade deck, each deck
    below its publicly known top, each hand ``seat`` does not see and the face-down part
    of each boss pile (as its script's ``pile_shows`` says: "none" the whole pile, "top"
    all but its top card)."""
    fmt = state.format
    sizes = [len(state.trade_deck)]
    if "sees_hand" in fmt.plain:  # (each seat sees its own hand only)
        for s in state.seats:
            sizes.append(len(s.deck) - s.known_top)
            if s.index != seat:
                sizes.append(len(s.hand))
    else:
        for s in state.seats:
            sizes.append(len(s.deck) - s.known_top)
            if s.index != seat and not fmt.sees_hand(state, seat, s.index):
                sizes.append(len(s.hand))
    boss = state.boss
    if boss is not None and boss.piles:
        shows = adventure_of(state).script.pile_shows
        for name, pile in sorted(boss.piles.items()):
            how = shows(name)
            if how == "none":
                sizes.append(len(pile))
            elif how == "top":
                sizes.append(len(pile) - 1 if pile else 0)
    return sizes


RevealMark = tuple[int, list[int]]


def reveal_mark(state: State, seat: int) -> RevealMark:
    """What :func:`revealed_since` compares against: the generator's state and the size
    of each face-down part."""
    return state.rng.state, hidden_sizes(state, seat)


def revealed_since(state: State, seat: int, mark: RevealMark) -> bool:
    """Did anything hidden from ``seat`` when ``mark`` was taken come to light since: a
    draw from the random generator or a card leaving a face-down part?"""
    rng, before = mark
    if state.rng.state != rng:
        return True
    now = hidden_sizes(state, seat)
    if now == before:
        return False
    return len(now) != len(before) or any(a < b for a, b in zip(now, before, strict=True))
