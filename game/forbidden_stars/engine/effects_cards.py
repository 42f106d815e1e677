"""Effect kinds on combat cards: looking at, drawing, discarding and playing cards for
their icons, and the named card behaviours that touch cards or a single enemy unit.

Face-up cards' icons count until the end of the combat (RB p.13); a discarded face-up
card stops counting.  Every card comes back into its deck at the cleanup (RB p.13).
"""

from __future__ import annotations

from game.forbidden_stars.engine import forces
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.effect_base import chooser_seat, handles
from game.forbidden_stars.engine.state import State


@handles("discard_face_up")
def discard_face_up(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    rival = c.sides[c.rival(p.seat)]
    if pick is not None:
        rival.played.remove(pick)
        rival.discard.append(pick)
        return []
    options = sorted(set(rival.played))
    if len(options) == 1:
        return discard_face_up(state, c, p, options[0])
    p.chooser = chooser_seat(c, p, p.effect.params["chooser"], rival.seat)
    return options


@handles("look_face_down")
def look_face_down(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.sides[p.seat].peek = True  # the seat's view shows the rival's face-down card
    return []


@handles("draw_combat_card")
def draw_combat_card(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    deck = state.players[p.seat].combat_deck
    for _ in range(min(p.effect.params["count"], len(deck))):
        c.sides[p.seat].hand.append(deck.pop())
    return []


@handles("discard_random_hand")
def discard_random_hand(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    rival = c.sides[c.rival(p.seat)]
    if rival.hand:
        rival.discard.append(rival.hand.pop(state.rng.below(len(rival.hand))))
    return []


@handles("play_for_icons")
def play_for_icons(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """«play 1 card from hand for its icons only; its abilities are not resolved»."""
    side = c.sides[p.seat]
    if pick is not None:
        side.hand.remove(pick)
        side.icon_cards.append(pick)
        return []
    p.chooser = p.seat
    return sorted(set(side.hand))


@handles("steal_top_card_icons", named=True)
def steal_top_card_icons(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """«the opponent discards the top card of their combat deck (not their hand, CFAQ);
    you get its icons until the end of this round»."""
    deck = state.players[c.rival(p.seat)].combat_deck
    if deck:
        card = deck.pop()
        c.sides[c.rival(p.seat)].discard.append(card)
        c.sides[p.seat].borrowed.extend(state.rules.combat_cards[card].icons)
    return []


@handles("destroy_unless_dice_equal_cl", named=True)
def destroy_unless_dice_equal_cl(state: State, c: Combat, p: Pending,
                                 pick: str | None) -> list[str]:
    """«pick 1 enemy unit; it is destroyed unless the opponent spends dice equal to its
    CL»: the owner picks the unit, the rival answers, then picks the dice to spend."""
    rival = c.rival(p.seat)
    dice = c.sides[rival].dice
    stage = p.data.get("stage", "unit")
    if stage == "unit":
        if pick is None:
            p.chooser = p.seat
            return forces.groups(state, c, rival)
        unit = forces.unit_of(state, c, rival, pick)
        assert unit is not None
        p.data.update(stage="answer", group=pick, cl=unit.cl)
        if unit.cl == 0:
            return []  # no dice to spend: it is saved
        p.chooser = rival
        return ["destroyed", "spend"] if len(dice) >= unit.cl else ["destroyed"]
    if stage == "answer":
        if pick == "destroyed":
            forces.destroy(state, c, rival, p.data["group"])
            return []
        p.data["stage"] = "spend"
        pick = None
    if pick is not None:
        dice.remove(pick)
        p.done += 1
    if p.done >= p.data["cl"]:
        return []
    p.chooser = rival
    return sorted(set(dice))
