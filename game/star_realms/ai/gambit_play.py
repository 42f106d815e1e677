"""What every bot does with gambits (the Gambit set): when to reveal one, and which
faction a Merc Cruiser takes.

A gambit's worth does not fade (no Authority cap, no hand limit), so a bot reveals one
as soon as revealing it does something: an ongoing gambit at once (its effect stands
from then on), a one-shot unless its effect would find nothing to act on this turn —
no base of an opponent to destroy, no card but a starter in the discard pile to put on
top of the deck, nothing in the trade row it could take.  Revealing comes first in the
turn, so a drawn card is played the same turn.
"""

from __future__ import annotations

from game.star_realms.ai.knowledge import allies_unlocked, faction_counts, opponents
from game.star_realms.engine.cards import kind_matches
from game.star_realms.engine.state import EMPTY, HIDDEN, State


def ready(view: State, seat: int, card: int) -> bool:
    """Should ``seat`` reveal its face-down gambit ``card`` now?"""
    if card == HIDDEN:
        return False
    definition = view.cards[card]
    effects = definition.ability("scrap")
    if not effects:
        return True  # ongoing: the sooner, the longer it works
    for op, params in effects:
        if op == "destroy_base" and not any(
                view.seats[o].bases for o in opponents(view, seat)):
            return False
        if op == "topdeck_from_discard" and not any(
                view.cards[c].role != "starter" for c in view.seats[seat].discard):
            return False
        if op == "acquire_free" and not any(
                c != EMPTY and view.cards[c].cost <= params["max_cost"]
                and kind_matches(view.cards[c].type, params["kinds"])
                and view.cards[c].cost >= 2
                for c in view.trade_row):
            return False
    return True


def faction_pick(view: State, seat: int, factions: tuple[str, ...]) -> int:
    """The index of the faction a Merc Cruiser takes: the one whose ally abilities it
    sets off now, else the one most of the seat's hand and bases share (allies to come)."""
    s = view.seats[seat]
    hand = [c for c in s.hand if c != HIDDEN]
    counts = faction_counts(view, hand + s.bases)

    def worth(i: int) -> tuple[int, int, int]:
        f = factions[i]
        return (len(allies_unlocked(view, seat, f)), counts.get(f, 0), -i)

    return max(range(len(factions)), key=worth)
