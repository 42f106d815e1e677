"""Order upgrades, Schemes, drawn events and faction abilities as cards a seat may use:
which can be used at a moment, the ``_use`` gate that offers one, and using it up.

«Using one is optional and is declared at the moment the card names» (facts §4, CFAQ);
every order upgrade is «limit once per round» (``Player.used_upgrades``, cleared when the
round ends).  A Scheme «остаётся лежать в открытую … После того как карта … «План»
сыграна, она … замешивается обратно в колоду событий» (RB p.6); a new one discards the
others (facts §5: at most one face up).  A card's moment is its first effect's ``when``;
a used Scheme's effects of the later moment ``combat_start`` wait for the order's combat.
"""

from __future__ import annotations

from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.state import State

USE = "use"
UPGRADE, SCHEME, EVENT, ABILITY = "upgrade", "scheme", "event", "ability"
LATER = "combat_start"


def card_effects(state: State, seat: int, what: str, card: str) -> tuple[Effect, ...]:
    rules = state.rules
    if what == UPGRADE:
        return rules.upgrades[card].effects
    if what == ABILITY:
        return rules.factions[state.faction(seat)].ability
    return rules.events[card].effects


def moment(state: State, seat: int, what: str, card: str) -> str:
    return card_effects(state, seat, what, card)[0].when


def follow(state: State, seat: int, what: str, card: str, when: str) -> list[Effect]:
    """The effects a use resolves now (a Scheme kept from a drawn card resolves none)."""
    if what == EVENT and state.rules.events[card].kind == "scheme":
        return []
    return [e for e in card_effects(state, seat, what, card) if e.when == when]


def later(state: State, seat: int, what: str, card: str, when: str) -> list[Effect]:
    return [e for e in card_effects(state, seat, what, card)
            if e.when == LATER and when != LATER]


def gate(what: str, card: str, when: str, must: bool = False, **bind: object) -> Effect:
    """The choice to use a card (``bind``: parameters its effects take from the moment)."""
    return Effect("_use", {"what": what, "card": card, "when": when, "must": must,
                           "bind": bind})


def upgrades_at(state: State, seat: int, when: str) -> list[str]:
    p = state.players[seat]
    return [u for u in p.order_upgrades if u not in p.used_upgrades
            and moment(state, seat, UPGRADE, u) == when]


def schemes_at(state: State, seat: int, when: str) -> list[str]:
    return [s for s in state.players[seat].schemes if moment(state, seat, SCHEME, s) == when]


def offers(state: State, seat: int, when: str) -> list[tuple[int, Effect]]:
    """Gates for the seat's unused upgrades and face-up Schemes of this moment."""
    return [*((seat, gate(UPGRADE, u, when)) for u in upgrades_at(state, seat, when)),
            *((seat, gate(SCHEME, s, when)) for s in schemes_at(state, seat, when))]


def has_kind(state: State, seat: int, kind: str) -> str:
    """An unused upgrade of the seat with an effect of this kind ("" when none)."""
    p = state.players[seat]
    return next((u for u in p.order_upgrades if u not in p.used_upgrades
                 and any(e.kind == kind for e in state.rules.upgrades[u].effects)), "")


def consume(state: State, seat: int, what: str, card: str) -> None:
    p = state.players[seat]
    if what == UPGRADE:
        p.used_upgrades.append(card)
    elif what == SCHEME:
        p.schemes.remove(card)
        p.event_deck.append(card)
        state.rng.shuffle(p.event_deck)
    elif what == EVENT and state.rules.events[card].kind == "scheme":
        p.drawn.remove(card)
        p.event_deck.extend(p.schemes)
        p.schemes = [card]
        state.rng.shuffle(p.event_deck)


def bound(effects: list[Effect], bind: dict[str, object]) -> list[Effect]:
    if not bind:
        return effects
    return [Effect(e.kind, {**e.params, **bind}, e.cond, e.when) for e in effects]


def per_count(state: State, seat: int, per: str) -> int:
    """What a discount's ``per`` counts for the seat."""
    if per == "reinforcement_token":
        return state.players[seat].assets.get("reinforcement", 0)
    structure = {"world_with_bastion": "bastion", "world_with_city": "city"}[per]
    return sum(1 for w, ss in state.structures.items()
               if state.owner.get(w) == seat and structure in ss)


def unit_discount(state: State, seat: int) -> tuple[str, int] | None:
    """A face-up Scheme lowering a unit's cost when bought (its card, by how much)."""
    for card in schemes_at(state, seat, "buying_unit"):
        e = state.rules.events[card].effects[0]
        if e.kind == "discount" and e.params["what"] == "unit":
            return card, per_count(state, seat, e.params["per"])
    return None
