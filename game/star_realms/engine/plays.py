"""Playing a card from hand and using an ability of a card in play."""

from __future__ import annotations

from game.star_realms.engine import missions, zones
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.effects import push
from game.star_realms.engine.events import AbilityUsed
from game.star_realms.engine.state import State


def play_card(state: State, seat: int, iid: int) -> None:
    zones.play_from_hand(state, seat, iid)
    s = state.seats[seat]
    card = state.cards[iid]
    for f in card.factions:
        s.played_factions[f] = s.played_factions.get(f, 0) + 1
    if s.tally is not None:
        missions.note_play(state, seat, iid)
    s.bases_played += card.is_base
    update_latches(state, seat, iid)
    # Standing triggers of other cards in play (pushed first, so they resolve after
    # the played ship's own primary ability).
    fire_play_triggers(state, seat, iid, card.type, card.factions)
    if card.type == "ship":
        state.used.add((iid, "primary"))
        state.events.append(AbilityUsed(seat, iid, "primary"))
        push(state, seat, iid, card.ability("primary"))


def fire_play_triggers(state: State, seat: int, iid: int, kind: str,
                       factions: tuple[str, ...], named_only: bool = False) -> None:
    """The standing "whenever you play a <faction> <kind>" triggers of the seat's other
    cards in play, for card ``iid`` played as ``kind`` with ``factions``; ``named_only``:
    only triggers that name a faction (a faction the card took after those for any card
    had fired: Merc Cruiser's)."""
    card_of = state.card if state.copy_of else state.cards.__getitem__
    for other in state.seats[seat].in_play_cards():
        if other == iid:
            continue
        for trig in card_of(other).triggers:
            if trig.on == "play" and (trig.kind is None or trig.kind == kind) and (
                    trig.faction in factions if trig.faction is not None
                    else not named_only):
                push(state, seat, other, trig.effects)


def use_ability(state: State, seat: int, iid: int, slot: str) -> None:
    effects = state.card(iid).ability(slot)
    state.used.add((iid, slot))
    state.events.append(AbilityUsed(seat, iid, slot))
    if state.seats[seat].tally is not None:
        missions.note_use(state, seat, iid, slot)
    if slot == "scrap":
        zones.scrap_from_play(state, seat, iid)
    push(state, seat, iid, effects)
