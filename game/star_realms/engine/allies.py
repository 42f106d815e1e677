"""Ally abilities: when they trigger."""

from __future__ import annotations

from game.star_realms.engine.state import State


def update_latches(state: State, seat: int | None = None, entering: int = -1) -> None:
    """Trigger ally abilities of ``seat``'s cards in play (default: the active seat's).
    Only a seat's own cards count: in a team turn a teammate's cards are no ally
    («разыгранные вашим союзником карты не будут влиять на союзные свойства ваших карт»).

    Play order does not matter, and once triggered an ally ability stays usable for
    the rest of the main phase (the rulebook's wording), so triggers are latched.
    Only a card entering play (or a Stealth Tower becoming a copy) can trigger new
    allies, so this runs then and at the start of a turn, not after every action.

    A hero's scrap ability ("until end of turn, you may use all of your <faction> ally
    abilities", ``Seat.allies_of``) triggers every ally ability — single, double and a
    sticker's — answering to one of those factions, as if allies were present; heroes
    in play are never allies themselves (they are not among the cards counted here).

    ``entering``: the card that just entered play, when that is why this runs.  A card
    of no faction, no ally ability and no Mech World wildness changes no count, so no
    ally can newly trigger (latches are only ever added): most plays of a Scout or a
    Viper return at once; a card of a faction is counted, then only it and the cards
    whose allies listen to its factions are looked at.
    """
    s = state.seats[state.active if seat is None else seat]
    unlocked = s.allies_of
    table = state.cards
    copied = state.copy_of  # a Stealth Tower's copy: its definition and factions change
    if entering >= 0 and not copied and not unlocked and table[entering].inert_ally:
        return
    cards = s.in_play + s.bases
    if len(cards) < 2 and not unlocked:
        return
    counts: dict[str, int] = {}
    wild: list[int] = []  # Mech World: "counts as an ally for all factions"
    for iid in cards:
        for f in state.factions(iid) if copied else table[iid].factions:
            counts[f] = counts.get(f, 0) + 1
        if (state.card(iid) if copied else table[iid]).ally_for_all:
            wild.append(iid)
    latched = state.latched
    # A card entering play (no copies about, not Mech World) raises the counts of its own
    # factions only: besides itself, only cards whose allies listen to one of those can
    # newly trigger (every other card's latches were settled when it, or its allies,
    # entered).
    news = None
    if entering >= 0 and not copied and not table[entering].ally_for_all:
        news = table[entering].factions
    for iid in cards:
        card = state.card(iid) if copied else table[iid]
        if news is not None and iid != entering and card.listens.isdisjoint(news):
            continue
        abilities = card.abilities
        has_ally = "ally" in abilities
        has_double = "double_ally" in abilities
        upgrade = card.upgrade_faction
        second = card.second_ally_faction  # United: a second line pinned to one faction
        if not has_ally and not has_double and upgrade is None and second is None:
            continue
        mine = state.factions(iid) if copied else card.factions
        # Printed ally abilities answer to the printed factions (seed 001: a campaign
        # upgrade adds a faction to the card, not to its printed ally symbols).
        ally_factions = card.answers_to("ally", mine)
        # the most other cards in play of one of its ally factions
        others = max((_others_of(state, f, iid, mine, counts, wild) for f in ally_factions),
                     default=0)
        if upgrade is not None:
            up = _others_of(state, upgrade, iid, mine, counts, wild)
        if second is not None:
            two = _others_of(state, second, iid, mine, counts, wild)
        if unlocked:  # a hero's "use all of your <faction> ally abilities"
            if any(f in unlocked for f in ally_factions):
                others = 2
            if upgrade is not None and upgrade in unlocked:
                up = 1
            if second is not None and second in unlocked:
                two = 1
        if others >= 1 and has_ally:
            latched.add((iid, "ally"))
        if others >= 2 and has_double:
            latched.add((iid, "double_ally"))
        if upgrade is not None and up >= 1:
            latched.add((iid, "upgrade_ally"))
        if second is not None and two >= 1:
            latched.add((iid, "second_ally"))


def _others_of(state: State, faction: str, iid: int, mine: tuple[str, ...],
               counts: dict[str, int], wild: list[int]) -> int:
    """The other cards in play of ``faction`` beside ``iid`` (whose factions are
    ``mine``), a wild card (Mech World) counting for every faction it is not already."""
    copied = state.copy_of
    return counts.get(faction, 0) - (faction in mine) + sum(
        1 for w in wild if w != iid and faction not in (
            state.factions(w) if copied else state.cards[w].factions))
