"""Opt-in conveniences, in the manner of Dominion Online's autoplay settings (both off by
default; ``Settings.autoplay_hand`` and ``Settings.auto_ally``):

* **Play the whole hand in a safe order** — playing one card from the hand plays them
  all, and Play all keeps the same order: never a card whose ability depends on what is
  already in play before the cards it needs (:func:`safe_order`).
* **Use ally abilities that need no choice** — an ally ability whose effects ask the
  player nothing (:func:`needs_no_choice`) is used as soon as the engine offers it.

A right-click on a hand card plays just that card, with neither convenience for that
one action.  Both only pick among the legal actions the model lists, in an order
computed from card data; the engine still decides every rule (an action it refuses is
reported like any other).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.star_realms.engine import vocabulary
from game.star_realms.engine.cards import ALLY_SLOTS, CardDef, Effects
from game.star_realms.engine.state import Action

# What counts or copies the cards already in play: played later than everything else.
COUNTING_CONDITIONS = frozenset({"bases_at_least", "played_faction", "played_base"})
COPY_OPS = frozenset({"copy_ship", "copy_base"})
_ASKING = frozenset(op.name for op in vocabulary.TABLE if op.asks is not None)

# ---------------------------------------------------------------------- card data


def _walk(effects: Effects) -> Iterable[tuple[str, Any]]:
    """Every effect of an ability, nested ones (choose, may, if, each) included."""
    for op, params in effects:
        yield op, params
        if op == "choose" and isinstance(params, tuple):
            for branch in params:  # each option is an effect list
                yield from _walk(branch)
        elif op == "may" and isinstance(params, tuple):
            yield from _walk(params)
        if isinstance(params, dict):
            for key in ("then", "else", "each"):
                nested = params.get(key)
                if isinstance(nested, tuple):
                    yield from _walk(nested)


def counts_cards_in_play(card: CardDef) -> bool:
    """Does the card's ability count, test or copy the cards already in play (Stealth
    Needle, Blob World, "if you have two or more bases in play")?"""
    for slot in ("primary", *ALLY_SLOTS):
        for op, params in _walk(card.ability(slot)):
            if op in COPY_OPS:
                return True
            if op == "if" and isinstance(params, dict) and isinstance(params.get("cond"), tuple) \
                    and params["cond"][0] in COUNTING_CONDITIONS:
                return True
            if isinstance(params, tuple) and len(params) == 3 and params[0] == "per" \
                    and str(params[1]).startswith("played_"):
                return True
    return False


def enables_others(card: CardDef) -> bool:
    """A card others lean on: a base with a standing "whenever you play" trigger, or one
    that is an ally of every faction (Mech World)."""
    return bool(card.triggers) or card.ally_for_all


def ally_needs(card: CardDef) -> list[tuple[str, int]]:
    """(faction, how many other cards of it) each of the card's ally abilities needs."""
    out = []
    for slot in ALLY_SLOTS:
        if not card.ability(slot):
            continue
        for f in card.answers_to(slot):
            out.append((f, 2 if slot == "double_ally" else 1))
    return out


def needs_no_choice(effects: Effects) -> bool:
    """True when using the ability asks the player nothing: only plain gains and
    immediate effects, conditions included ("if"), and no question or choice."""
    if not effects:
        return False
    return all(op not in _ASKING for op, _ in _walk(effects))


# ---------------------------------------------------------------------- the order


def safe_order(hand: Sequence[tuple[int, CardDef]],
               in_play: Sequence[CardDef] = ()) -> list[int]:
    """The hand's cards (instance, definition) in an order safe to play them all:

    1. cards others lean on (standing triggers, allies of every faction), then bases
       (a "two bases in play" condition sees them), then ships;
    2. a card with an ally ability after a card of its faction it needs, when the hand
       holds one (a Blob ally card after its Blob partner);
    3. cards that count, test or copy what is in play last of all.

    Ties keep the hand's order.  ``in_play``: what is already on the table this turn."""
    def tier(card: CardDef) -> int:
        if counts_cards_in_play(card):
            return 3
        if enables_others(card):
            return 0
        return 1 if card.is_base else 2

    played: list[CardDef] = list(in_play)
    left = list(enumerate(hand))
    out: list[int] = []

    def count(faction: str, pool: Iterable[CardDef]) -> int:
        return sum(1 for c in pool if faction in c.factions or c.ally_for_all)

    def waiting(card: CardDef, others: list[CardDef]) -> int:
        """How many of its ally needs are still unmet but could be met by ``others``."""
        unmet = 0
        for faction, need in ally_needs(card):
            have = count(faction, played)
            if have < need and have + count(faction, others) >= need:
                unmet += 1
        return unmet

    while left:
        def key(item: tuple[int, tuple[int, CardDef]]) -> tuple[bool, int, int, int]:
            index, (_, card) = item
            others = [c for _, (_, c) in left if c is not card]
            t = tier(card)
            return (t == 3, waiting(card, others), t, index)

        best = min(left, key=key)
        left.remove(best)
        iid, card = best[1]
        out.append(iid)
        played.append(card)
    return out


# ---------------------------------------------------------------------- at the table


def hand_order(table) -> list[int]:
    """The viewer's hand in the safe order (the table's model and card definitions)."""
    me = table.mine_model()
    card_def: Callable = table.session.card_def
    hand = [(c.iid, card_def(c.face_key())) for c in me.hand]
    in_play = [card_def(c.face_key()) for c in (*me.in_play, *me.bases)]
    return safe_order(hand, in_play)


def ally_action(table) -> str:
    """The id of a legal ally-ability use that asks nothing, or "" (the model's
    actions only)."""
    for a in table.model.actions:
        if a.kind != "use" or a.slot not in ALLY_SLOTS:
            continue
        card = table.session.shown_card(a.card)
        if card is None:
            continue
        if needs_no_choice(table.session.card_def(card.face_key()).ability(a.slot)):
            return a.id
    return ""


def right_click_play(table, pos: tuple[int, int]) -> bool:
    """With an autoplay setting on, a right-click on a hand card plays just that card,
    and no ally ability is used by itself until the player's next input.  False (the
    right-click keeps its usual meaning, the card's zoom) otherwise."""
    settings = table.app.settings
    if not (settings.autoplay_hand or settings.auto_ally):
        return False
    if not table.my_turn() or table.asking() or table.prompt is not None:
        return False
    iid = table.card_under(pos)
    if iid is None or table.sprite_zone(iid) != "hand":
        return False
    table.act(Action("play", table.me, card=iid))
    table.autoplay_hold = True
    return True
