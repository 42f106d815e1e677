"""Why an action is not allowed now: a reason code and its numbers, for the UI to say.

The UI never decides a rule; when a drop or click does not match a legal action it
asks here and translates ``("cannot_afford", {"cost": 5, "trade": 3})``.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine.cards import ALLY_SLOTS
from game.star_realms.engine.rules import acting_seat, is_legal, turn_seats, usable_slots
from game.star_realms.engine.state import Action, State
from game.star_realms.engine.targets import attackable_players, base_targets, remaining_defense

Reason = tuple[str, dict[str, Any]]


def why_not(state: State, action: Action) -> Reason | None:
    """None when the action is legal, else the reason it is not."""
    return None if is_legal(state, action) else refusal(state, action)


def refusal(state: State, action: Action) -> Reason:
    """The reason for an action already known to be illegal (a caller holding the legal
    list need not have it enumerated again)."""
    if state.is_over:
        return ("game_over", {})
    if action.seat != acting_seat(state) and action.seat not in turn_seats(state):
        return ("not_your_turn", {})
    if state.pending is not None:
        return ("answer_first", {"purpose": state.pending.purpose})
    s = state.seats[action.seat]
    kind = action.kind
    if kind == "play":
        return ("not_in_hand", {})
    if kind == "buy":
        if action.card not in state.trade_row and (
                not state.explorers or action.card != state.explorers[-1]):
            return ("not_for_sale", {})
        return ("cannot_afford", {"cost": state.format.price(state, action.seat, action.card),
                                  "trade": s.trade})
    if kind == "use":
        if action.card not in s.in_play and action.card not in s.bases and (
                action.card not in s.heroes):
            return ("not_in_play", {})
        card = state.card(action.card)
        if action.slot not in card.abilities:
            return ("no_such_ability", {})
        if action.slot == "primary" and card.is_ship:
            return ("fires_on_play", {})
        if (action.card, action.slot) in state.used:
            return ("ability_used", {})
        if action.slot in ALLY_SLOTS and (
                action.slot not in usable_slots(state, action.card)):
            return ("ally_not_triggered", {"need": 2 if action.slot == "double_ally" else 1})
        return ("illegal", {})
    if kind == "attack_base":
        owner = state.owner_of_base(action.card)
        if owner < 0 or owner not in state.format.base_owners(state, action.seat):
            return ("not_a_target", {})
        if action.card not in base_targets(state, action.seat):
            return ("outpost_first", {})
        need = remaining_defense(state, action.card)
        return ("not_enough_combat", {"need": need, "have": s.combat})
    if kind == "attack_player":
        if action.target not in state.format.player_targets(state, action.seat):
            return ("not_a_target", {})
        if action.target not in attackable_players(state, action.seat):
            return ("outpost_first", {})
        return ("not_enough_combat", {"need": max(action.amount, 1), "have": s.combat})
    return ("illegal", {})

