"""The Cartels (Material Cartel, Fuel Cartel): «the whole <type> supply sits on this
card and counts for your Tycoon, but can't be spent»; «after scoring, rivals discard all
their <type>» (facts §7).

The reading (docs/arcs-rulings.md, "Cartels"): the card *is* where the supply of its
type lies, so ``state.supply[type]`` keeps counting those resources and nothing moves
when the card changes hands or is discarded.  Gains take from the supply as ever (now
from the card), discards and spent resources go back to it (onto the card), and only
three things change: the holder counts the supply for every ambition listing the type
(:func:`held`), a steal of a resource may take one from a rival's card
(court._steal_targets: «this includes resources held on cards», facts §7), and after
scoring the rivals discard the type (:func:`discard_after_scoring`).
"""

from __future__ import annotations

from game.arcs.engine import slots
from game.arcs.engine.events import CartelDiscarded
from game.arcs.engine.state import State


def _holds_supply(state: State, seat: int, resource: str) -> bool:
    assert state.rules is not None
    cards = {c.id: c for c in state.rules.court}
    return any(ab.kind == "hold_supply" and ab.params["resource"] == resource
               for c in state.players[seat].guild for ab in cards[c].abilities)


def held(state: State, seat: int, resource: str) -> int:
    """The resources of the type on the seat's Cartel: the whole supply, or 0."""
    return state.supply[resource] if _holds_supply(state, seat, resource) else 0


def discard_after_scoring(state: State) -> None:
    """«After scoring, Rivals discard all <type>»: every seat but the holder, after
    every scoring (whichever ambitions were scored); they go back to the supply, which
    is on the holder's card.  The 2-player ambition tokens are no rival's: they stay."""
    assert state.rules is not None
    cards = {c.id: c for c in state.rules.court}
    for holder, player in enumerate(state.players):
        for c in list(player.guild):
            for ab in cards[c].abilities:
                if ab.kind != "discard_after_scoring" or ab.params.get("who") != "rivals":
                    continue
                r = ab.params["resource"]
                for seat, rival in enumerate(state.players):
                    count = rival.resources.count(r)
                    if seat == holder or not count:
                        continue
                    slots.remove_all(state, seat, r)
                    state.supply[r] += count
                    state.events.append(CartelDiscarded(seat, holder, r, count))
