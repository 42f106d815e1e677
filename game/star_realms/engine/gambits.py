"""Gambits (Star Realms: Gambit): secret cards dealt beside a player's deck.

The card says: "choose a number of them to be dealt face down to each player.  You may
reveal any Gambits at the start of the game or during your Main Phase."  Our number is
two each (designed; docs/rules-data.md "Gambits").  A gambit printed with the scrap
icon is used once: revealing it scraps it (``Seat.gambits_used``) for its ``scrap``
ability.  Any other gambit stays face up (``Seat.gambits_up``) for the rest of the
game: its ``each_turn`` ability resolves as it is revealed and at the start of each of
its owner's turns (Frontier Fleet), and its ``ongoing`` effects stand where the rules
read them (Energy Shield's :func:`shield`, read when its owner is attacked).

The ``gambit`` action reveals one, in its owner's main phase.  Revealing shows the card
to everyone, so no undo takes it back.  The gambits dealt to nobody stay in a shuffled
box (``State.gambit_box``), unseen; Wild Gambit takes its top card.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.star_realms.engine.events import GambitRevealed
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import State

SET = "gambits"  # the set (rules/gambits.toml) holding the gambits and the Merc Cruisers
PER_SEAT = 2  # designed: the card leaves the number to the players; two is the usual one
# Ops that only stand in a gambit's `ongoing` slot (read where they apply, never run).
STANDING_OPS: tuple[str, ...] = ("shield",)


def check_setup(format_id: str, mode: bool, seats: int, available: int) -> str:
    """Why a game cannot have gambits ("" when it can): the player-against-player
    formats, with two gambits for every seat (designed, as for missions)."""
    if mode:
        return "gambits are played in the player-against-player formats, not in " \
               f"{format_id!r}"
    if available < PER_SEAT * seats:
        return f"{seats} seats need {PER_SEAT * seats} gambits; the rules have {available}"
    return ""


def deal(state: State, gambits: Sequence[int]) -> None:
    """Shuffle the gambit cards (instances already made) and deal each seat two face
    down; the rest stay boxed, face down and shuffled (``State.gambit_box``)."""
    pile = list(gambits)
    state.rng.shuffle(pile)
    for s in state.seats:
        s.gambits = [pile.pop() for _ in range(PER_SEAT)]
        s.gambits_up = []
        s.gambits_used = []
    state.gambit_box = pile


def reveal(state: State, seat: int, card: int) -> None:
    """Turn a seat's face-down gambit up: a one-shot is scrapped for its effect, any
    other stays face up and its each-turn ability resolves for this turn."""
    s = state.seats[seat]
    s.gambits.remove(card)
    state.undo_barrier += 1  # a secret shown to everyone: no undo takes it back
    state.events.append(GambitRevealed(seat, card))
    definition = state.cards[card]
    if "scrap" in definition.abilities:
        s.gambits_used.append(card)
        push(state, seat, card, definition.ability("scrap"))
        return
    s.gambits_up.append(card)
    if "each_turn" in definition.abilities:
        push(state, seat, card, definition.ability("each_turn"))


def shield(state: State, seat: int) -> int:
    """How much less damage an attack on ``seat`` (the player, not a base) deals: the
    sum of its face-up Energy Shields ("whenever you are attacked, reduce the damage
    by 1")."""
    total = 0
    for g in state.seats[seat].gambits_up:
        for op, n in state.cards[g].ability("ongoing"):
            if op == "shield":
                total += n
    return total


def start_of_turn(state: State, seats: Sequence[int]) -> None:
    """At the start of a turn, each face-up gambit's each-turn ability of the seats
    taking it resolves ("each turn gain 1 Combat")."""
    for seat in seats:
        for g in reversed(state.seats[seat].gambits_up):  # (pushed last = resolved first)
            effects = state.cards[g].ability("each_turn")
            if effects:
                push(state, seat, g, effects)


def take_from_box(state: State, seat: int) -> None:
    """Wild Gambit: the top gambit of the box, face down to the seat (none left: none)."""
    if state.gambit_box:
        state.seats[seat].gambits.append(state.gambit_box.pop())
        state.undo_barrier += 1  # a card no one had seen came to a hand of secrets
