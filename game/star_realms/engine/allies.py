"""Ally abilities: when they trigger."""

from __future__ import annotations

from game.star_realms.engine.state import State


def update_latches(state: State, seat: int | None = None) -> None:
    """Trigger ally abilities of ``seat``'s cards in play (default: the active seat's).
    Only a seat's own cards count: in a team turn a teammate's cards are no ally
    («разыгранные вашим союзником карты не будут влиять на союзные свойства ваших карт»).

    Play order does not matter, and once triggered an ally ability stays usable for
    the rest of the main phase (the rulebook's wording), so triggers are latched.
    Only a card entering play (or a Stealth Tower becoming a copy) can trigger new
    allies, so this runs then and at the start of a turn, not after every action.
    """
    s = state.seats[state.active if seat is None else seat]
    cards = s.in_play + s.bases
    if len(cards) < 2:
        return
    factions_of = state.factions if state.copy_of else (lambda i: state.cards[i].factions)
    counts: dict[str, int] = {}
    for iid in cards:
        for f in factions_of(iid):
            counts[f] = counts.get(f, 0) + 1
    latched = state.latched
    for iid in cards:
        card = state.card(iid)
        abilities = card.abilities
        has_ally = "ally" in abilities
        if not has_ally and "double_ally" not in abilities and card.upgrade_faction is None:
            continue
        mine = factions_of(iid)
        # Printed ally abilities answer to the printed factions (seed 001: a campaign
        # upgrade adds a faction to the card, not to its printed ally symbols).
        wanted = card.ally_factions or mine
        others = max((counts.get(f, 0) - (f in mine) for f in wanted), default=0)
        if others >= 1 and has_ally:
            latched.add((iid, "ally"))
        if others >= 2 and "double_ally" in abilities:
            latched.add((iid, "double_ally"))
        if card.upgrade_faction is not None and counts.get(card.upgrade_faction, 0) - (
                card.upgrade_faction in mine) >= 1:
            latched.add((iid, "upgrade_ally"))
