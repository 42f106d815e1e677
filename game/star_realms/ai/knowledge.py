"""What a computer player knows about the table, and what cards are worth to it.

Everything here reads a state the way a player view shows it: other seats' hands
and every deck's unknown part may be ``HIDDEN`` and the cards behind them are
listed in ``state.unknown``.  The same functions work on a full (determinized)
state, where ``unknown`` is None and nothing is hidden, so search playouts reuse
them unchanged.

Card worth is computed from the card data (the effect vocabulary), not from a
table of names, so new sets, adventure and campaign cards are valued too.  A
value is in "points": one trade or one combat now is about one point; the weights
of a :class:`Weights` shift with the phase of the game (trade early, combat late,
authority when in danger).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, TypeVar

from game.star_realms.engine import vocabulary
from game.star_realms.engine.cards import ALLY_SLOTS, CardDef, Effects
from game.star_realms.engine.state import EMPTY, HIDDEN, State


class Weights(NamedTuple):
    trade: float
    combat: float
    authority: float
    draw: float
    thin: float  # scrapping one weak card of your own from hand or discard pile
    opp_discard: float
    destroy: float  # destroying an opponent's base
    row_scrap: float


def clamp(x: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return lo if x < lo else hi if x > hi else x


def quantize(x: float, step: float = 0.1) -> float:
    """Quantise a weight so cached values are shared between similar positions."""
    return round(round(x / step) * step, 3)


# ---------------------------------------------------------------------- table knowledge


def opponents(state: State, seat: int) -> list[int]:
    return state.format.opponents(state, seat)


def teammates(state: State, seat: int) -> list[int]:
    """Living allies of ``seat`` (same team), excluding the seat itself."""
    team = state.seats[seat].team
    return [s.index for s in state.seats if s.alive and s.team == team and s.index != seat]


def owned_cards(state: State, seat: int) -> list[int]:
    """Every card the seat owns (its hand, deck, discard pile, ships and bases in play),
    hidden ones included via ``state.unknown`` when this is a player view.  Not its
    heroes (Crisis): they are never drawn, so they are no part of the deck."""
    s = state.seats[seat]
    out = [c for c in s.hand if c >= 0]
    out += [c for c in s.deck if c >= 0]
    out += s.discard
    out += s.in_play
    out += s.bases
    if state.unknown is not None:
        out += state.unknown.get(f"seat:{seat}", ())
    return out


# Threat weights: a point of authority counts 1, the cost of a base in play 1 (it works
# every turn), the average cost of the seat's cards x5 (what an average hand holds).
THREAT_BASE = 1.0
THREAT_DECK = 5.0


def threat(state: State, seat: int) -> float:
    """How dangerous ``seat`` is to the rest of the table, from public facts only: its
    authority (its life pool's), its bases in play and the strength of its deck (the
    average cost of the cards it owns; every bought card is public, hidden ones are
    counted through ``state.unknown``).  Bots aim at the most threatening opponent they
    cannot kill outright; seat numbers never enter, and true ties are broken at random
    by the bot's own generator (:class:`SeatOrder`)."""
    s = state.seats[seat]
    owned = owned_cards(state, seat)
    cards = state.cards
    deck = sum(cards[c].cost for c in owned) / len(owned) if owned else 0.0
    board = sum(state.card(b).cost for b in s.bases)
    return float(state.authority(seat)) + THREAT_BASE * board + THREAT_DECK * deck


T = TypeVar("T")


class SeatOrder:
    """One decision's order of preference among seats: more threat first, true ties in
    a random order drawn (lazily, once per decision) from the bot's own generator —
    never by seat number or by the order the legal actions list the seats in."""

    def __init__(self, state: State, rng: random.Random):
        self.state = state
        self.rng = rng
        self._threat: dict[int, float] = {}
        self._ranks: dict[int, float] | None = None

    def threat(self, seat: int) -> float:
        got = self._threat.get(seat)
        if got is None:
            got = self._threat[seat] = threat(self.state, seat)
        return got

    def rank(self, seat: int) -> float:
        """A random tie-break per seat, the same for the whole decision."""
        if self._ranks is None:
            self._ranks = {s.index: self.rng.random() for s in self.state.seats}
        return self._ranks.get(seat, 0.0)

    def key(self, seat: int) -> tuple[float, float]:
        """Sort key: larger is the preferred target (no seat at all sorts last)."""
        if seat < 0:
            return (-math.inf, 0.0)
        return (self.threat(seat), self.rank(seat))

    def best(self, items: Iterable[T], seat_of: Callable[[T], int]) -> T:
        """The item whose seat is the preferred target (first of equals of one seat)."""
        items = list(items)
        if len({seat_of(i) for i in items}) <= 1:
            return items[0]
        return max(items, key=lambda i: self.key(seat_of(i)))


def turn_mates(state: State, seat: int) -> list[int]:
    """The living teammates taking this turn together with ``seat`` (a team turn:
    Hydra, a co-op adventure), whose trade and combat it may spend too; else none."""
    if not getattr(state.format, "team_turns", False):
        return []
    mates = getattr(state, "turn_members", ()) or ()
    if seat not in mates:
        return []
    return [m for m in mates if m != seat and state.seats[m].alive]


def spendable(state: State, seat: int, pool: str = "trade") -> int:
    """Trade (or combat) the seat can spend now: its own, plus its turn-mates' leftovers
    in formats where a team takes its turn together and pools them (Hydra)."""
    own = getattr(state.seats[seat], pool)
    if not getattr(state.format, "team_turns", False):
        return own
    mates = getattr(state, "turn_members", ()) or ()
    return own + sum(getattr(state.seats[m], pool) for m in mates if m != seat)


def outpost_wall(state: State, target: int) -> int:
    """Combat needed to clear the outposts that shield ``target`` (all of them)."""
    need = 0
    for p in state.format.protectors(state, target):
        for b in state.seats[p].bases:
            if state.cards[b].outpost:
                need += state.cards[b].defense - state.damage.get(b, 0)
    return need


def kill_cost(state: State, target: int) -> int:
    """Combat needed this turn to eliminate ``target``: its outposts, then its authority."""
    return outpost_wall(state, target) + max(state.authority(target), 0)


# ---------------------------------------------------------------------- effect worth


# Situation for conditional effects: (own bases in play, chance an opponent has a base).
Situation = tuple[float, float]


def effects_value(effects: Effects, weights: Weights,
                  situation: Situation | None = None) -> float:
    """Worth in points of resolving ``effects`` once (choices taken at their best)."""
    value = 0.0
    for op, params in effects:
        value += effect_value(op, params, weights, situation)
    return value


def _amount_guess(params: Any) -> float:
    if isinstance(params, int):
        return float(params)
    _, counter, times = params
    if counter == "picked_cost":
        return 4.0 * times
    if counter.startswith("played_"):  # Blob World: the faction's cards played this turn
        return 2.0 * times
    return 1.0 * times  # own_scrapped / scrapped_from_hand_or_discard: about one


def effect_value(op: str, params: Any, weights: Weights,
                 situation: Situation | None = None) -> float:
    """Worth of one effect; every op of the vocabulary table has a branch here, or an
    ``ai`` reason in the table why it needs none."""
    if op == "trade":
        return _amount_guess(params) * weights.trade
    if op == "combat":
        return _amount_guess(params) * weights.combat
    if op == "authority":
        return _amount_guess(params) * weights.authority
    if op == "draw":
        return _amount_guess(params) * weights.draw
    if op == "scrap":
        zones = params["zones"]
        n = min(params["max"], 2)
        each = effects_value(params["each"], weights, situation) if params["each"] else 0.0
        if "trade_row" in zones and len(zones) == 1:
            return n * weights.row_scrap + each
        return n * weights.thin + each
    if op == "discard":
        each = params["each"]
        if each:  # discard for a benefit: worth it for weak cards
            gain = effects_value(each, weights, situation) - 1.0
            return max(gain, 0.0) * min(params["max"], 2)
        return -0.6 * params["min"] * max(weights.draw, 1.0)
    if op == "target_discards":
        return weights.opp_discard * params["n"]
    if op == "destroy_base":
        return weights.destroy
    if op == "return_base":  # a base bounced to its owner's hand: gone for this turn only
        return 0.6 * weights.destroy
    if op == "acquire_free":  # ("any" cost: about the dearest card of a row)
        return 0.6 * min(params["max_cost"], 7)
    if op == "choose":
        return max(effects_value(opt, weights, situation) for opt in params)
    if op == "may":
        return max(effects_value(params, weights, situation), 0.0)
    if op == "if":
        p = _condition_chance(params["cond"], situation)
        return p * effects_value(params["then"], weights, situation) + (1 - p) * effects_value(
            params["else"], weights, situation)
    if op == "next_acquire":
        return 1.5 if params["to"] == "hand" else 0.8
    if op == "allies_of":  # a hero's unlocked allies, on average (worth_now: in position)
        return 1.5
    if op == "topdeck_from_discard":
        return 1.0
    if op in ("copy_base", "copy_ship"):
        return 3.0
    if op == "return_from_scrap":
        return 0.5
    if op == "put_in_hand":
        return 2.0
    if op == "gain_explorer":  # (a mission's reward: an Explorer into hand is 2 Trade now)
        return params["count"] * (2.0 if params["to"] == "hand" else 0.8)
    if op == "split_top":  # the best of three to hand, the worst discarded: about a draw
        return 1.2 * weights.draw
    if op == "choose_faction":  # (Merc Cruiser) an ally for the faction that has most
        return 1.0
    if op == "draw_gambit":  # (Wild Gambit) another gambit: a one-shot's worth, about
        return params * 2.5
    if op == "shield":  # (Energy Shield) one damage less per attack, for the whole game
        return 3.0 * params
    if op in vocabulary.OPS and vocabulary.OPS[op].ai:  # marked: the AI never needs it
        return 0.5
    raise ValueError(f"no AI valuation for effect {op!r} (see engine/vocabulary.py)")


def _condition_chance(cond: tuple[str, Any], situation: Situation | None) -> float:
    name, arg = cond
    bases, opp_bases = situation if situation is not None else (0.0, 0.4)
    if name == "bases_at_least":
        return clamp(0.15 + 0.35 * (bases + 2 - arg))
    if name == "opponent_has_base":
        return opp_bases
    if name == "played_faction":
        return 0.6
    if name == "opponent_bases_at_least":  # Obliterator: two or more is rarer than one
        return opp_bases * clamp(1.0 - 0.4 * (arg - 1))
    if name == "played_base":
        # A promo base: certain the turn it lands; later it holds on about two turns in
        # five of Normal's (measured), but its defense, which this value stands in for,
        # counts too.  Tuned on Normal against greedy, core+promos, 900 games: 0.45 gave
        # 61.7 %, 0.8 gives 70.0 % (the Core Set alone: 70.9 %).
        return 0.8
    return 0.5


# ---------------------------------------------------------------------- card worth


def card_key(card: CardDef) -> tuple[str, str | None, str]:
    return card.variant


def ally_chance(k_faction: float, n_deck: float, draws: int = 4) -> float:
    """Chance that at least one of ``draws`` other cards shares the faction."""
    if n_deck <= 1 or k_faction <= 0:
        return 0.0
    p_not = 1.0 - clamp(k_faction / (n_deck - 1))
    return 1.0 - p_not ** draws


def double_ally_chance(k_faction: float, n_deck: float, draws: int = 4) -> float:
    """Chance that at least two of ``draws`` other cards share the faction."""
    if n_deck <= 1 or k_faction <= 1:
        return 0.0
    p = clamp(k_faction / (n_deck - 1))
    none = (1 - p) ** draws
    one = draws * p * (1 - p) ** (draws - 1)
    return clamp(1.0 - none - one)


def base_lifetime(card: CardDef) -> float:
    """Turns a base is expected to produce for (the turn it lands included)."""
    d = card.defense
    return 1.0 + min(3.0, d / 3.0) * (0.75 if card.outpost else 0.6)


class CardFlags(NamedTuple):
    """What an ability does, for ordering plays (cached per card and slot)."""

    draw: bool  # draws cards (outside a choice)
    eats_hand: bool  # takes cards from the hand: scrap from hand, discard for a benefit
    choice: bool  # asks to choose between options
    conditional: bool  # an "if" (better resolved once the rest is in play)
    copy: bool  # Stealth Tower
    attack: bool  # combat or destroy base
    trade: int  # plain trade gained
    combat: int  # plain combat gained


def has_op(effects: Effects, ops: tuple[str, ...]) -> bool:
    for op, params in effects:
        if op in ops:
            return True
        if op == "choose" and any(has_op(o, ops) for o in params):
            return True
        if op == "may" and has_op(params, ops):
            return True
        if op == "if" and (has_op(params["then"], ops) or has_op(params["else"], ops)):
            return True
    return False


def eats_hand(effects: Effects) -> bool:
    for op, params in effects:
        if op == "scrap" and "hand" in params["zones"]:
            return True
        if op == "discard" and params["each"]:
            return True
    return False


def plain_gain(effects: Effects, op: str) -> int:
    """Plain top-level amount of trade/combat/authority in an effect list."""
    total = 0
    for o, params in effects:
        if o == op and isinstance(params, int):
            total += params
    return total


def ability_flags(effects: Effects) -> CardFlags:
    return CardFlags(
        draw=has_op(effects, ("draw",)) and not has_op(effects, ("choose",)),
        eats_hand=eats_hand(effects),
        choice=has_op(effects, ("choose",)),
        conditional=has_op(effects, ("if",)),
        copy=has_op(effects, ("copy_base", "copy_ship")),
        attack=has_op(effects, ("combat", "destroy_base")),
        trade=plain_gain(effects, "trade"),
        combat=plain_gain(effects, "combat"),
    )


class SlotValues(NamedTuple):
    """Worth of each of a card's ability slots, in points."""

    primary: float
    ally: float
    double_ally: float
    scrap: float
    on_acquire: float


# The slots compiled per card; a United card's second ally line is valued with its
# first (each waits for one other card of a faction: about the same chance).
SLOTS = ("primary", "ally", "double_ally", "scrap", "on_acquire", "second_ally")
_new_slot_values = tuple.__new__  # (SlotValues without its Python-level constructor)

# An effect list ready to value again and again: one term per effect, added in order as
# effects_value adds them (the same float sums).  A term is (weight index, amount, op,
# params): worth ``amount * weights[index]`` for an amount of one weight, ``amount`` for
# an effect worth the same whatever the weights, else effect_value(op, params, ...).
Term = tuple[int, Any, Any, Any]
_AMOUNT_OPS = {op: Weights._fields.index(op) for op in ("trade", "combat", "authority")}
_CONSTANT_OPS = frozenset(("acquire_free", "next_acquire", "topdeck_from_discard", "copy_base",
                           "copy_ship", "allies_of",
                           "return_from_scrap", "put_in_hand"))


def _compile(effects: Effects) -> tuple[Term, ...]:
    terms: list[Term] = []
    for op, params in effects:
        if op in _AMOUNT_OPS:  # _amount_guess(params) * weights.<op>
            terms.append((_AMOUNT_OPS[op], _amount_guess(params), None, None))
        elif op == "draw" and isinstance(params, int):  # params * weights.draw
            terms.append((Weights._fields.index("draw"), params, None, None))
        elif op == "target_discards":  # weights.opp_discard * n (the same product)
            terms.append((Weights._fields.index("opp_discard"), params["n"], None, None))
        elif op == "destroy_base":  # 1.0 * weights.destroy is weights.destroy
            terms.append((Weights._fields.index("destroy"), 1.0, None, None))
        elif op in _CONSTANT_OPS:
            terms.append((-1, effect_value(op, params, _ANY_WEIGHTS), None, None))
        else:
            terms.append((-1, None, op, params))
    return tuple(terms)


_ANY_WEIGHTS = Weights(1.0, 1.0, 0.3, 1.5, 0.8, 0.8, 2.0, 0.2)


def _run(terms: tuple[Term, ...], weights: Weights, situation: Situation | None) -> float:
    value = 0.0
    for index, amount, op, params in terms:
        if index >= 0:
            value += amount * weights[index]
        elif op is None:
            value += amount
        else:
            value += effect_value(op, params, weights, situation)
    return value


# Slot values are a pure function of a card definition, the weights and the situation, so
# they are kept for the whole process: a simulation makes new players for every game, which
# then start with them known.  By (weights, situation), then by variant: (the very
# definition they were worked out for, its values); a definition equal in variant but not
# the same object (another card database) is worked out again.  Dict reads and writes are
# atomic, and every thread would write the same values.
Known = dict[tuple, tuple[CardDef, SlotValues]]
_SHARED: dict[tuple, Known] = {}


class Valuer:
    """A player's way to card values: slot values by (card, weights), kept process-wide
    (they depend on nothing a player does), and ability flags.  Nothing a player decides
    is shared, so players stay independent and thread-safe.

    Each card's effect lists are compiled once (:func:`_compile`), so valuing a card for
    a new set of weights is quick; slot values are kept per set of weights, found by the
    weights object itself first (a decision passes the same one for every card)."""

    SLOT_LIMIT = 2000  # sets of weights kept

    def __init__(self) -> None:
        self._flags: dict[tuple, CardFlags] = {}
        # card -> its slots' and triggers' effect lists, compiled (see _compile)
        self._compiled: dict[tuple, tuple[tuple, tuple]] = {}
        # (id(weights), id(situation)) -> (weights, situation, their table in _SHARED)
        self._by_id: dict[tuple[int, int], tuple[Weights, Any, Known]] = {}

    def flags(self, card: CardDef, slot: str) -> CardFlags:
        key = (*card.variant, slot)
        got = self._flags.get(key)
        if got is None:
            got = self._flags[key] = ability_flags(card.ability(slot))
        return got

    def slots(self, card: CardDef, weights: Weights,
              situation: Situation | None = None) -> SlotValues:
        """What each ability slot of the card is worth."""
        got = self.table(weights, situation).get(card.variant)
        if got is not None and got[0] is card:
            return got[1]
        return self.fill(card, weights, situation)

    def table(self, weights: Weights, situation: Situation | None = None) -> Known:
        """The slot values known for these weights, by card variant: (the definition
        they are for, the values) — :meth:`fill` adds."""
        entry = self._by_id.get((id(weights), id(situation)))
        if entry is None or entry[0] is not weights or entry[1] is not situation:
            if len(self._by_id) > self.SLOT_LIMIT:
                self._by_id.clear()
            key = (weights, situation)
            known = _SHARED.get(key)
            if known is None:
                if len(_SHARED) > self.SLOT_LIMIT:
                    _SHARED.clear()
                known = _SHARED[key] = {}
            # (the entry keeps both objects alive, so their ids stay theirs)
            entry = self._by_id[(id(weights), id(situation))] = (weights, situation, known)
        return entry[2]

    def fill(self, card: CardDef, weights: Weights,
             situation: Situation | None = None) -> SlotValues:
        """Work out the card's slot values for these weights (and keep them)."""
        variant = card.variant
        compiled = self._compiled.get(variant)
        if compiled is None:
            compiled = self._compiled[variant] = (
                tuple(_compile(card.ability(slot)) for slot in SLOTS),
                tuple(_compile(trig.effects) for trig in card.triggers))
        (primary, ally, double_ally, scrap, on_acquire, second_ally), triggers = compiled
        value = _run(primary, weights, situation) if primary else 0.0
        for terms in triggers:  # Command Center: about 1.5 matching ships a turn
            value += 1.5 * _run(terms, weights, situation)
        got = _new_slot_values(SlotValues, (
            value,
            (_run(ally, weights, situation) if ally else 0.0)
            + (_run(second_ally, weights, situation) if second_ally else 0.0),
            _run(double_ally, weights, situation) if double_ally else 0.0,
            _run(scrap, weights, situation) if scrap else 0.0,
            _run(on_acquire, weights, situation) if on_acquire else 0.0))
        self.table(weights, situation)[variant] = (card, got)
        return got

    def appearance_value(self, card: CardDef, weights: Weights, p_ally: float,
                         p_double_ally: float, situation: Situation | None = None,
                         danger: float = 0.0) -> float:
        """What drawing the card is worth, bases counted over their expected life;
        ``p_ally`` / ``p_double_ally`` are the chances its ally / double ally fire."""
        return appearance(card, self.slots(card, weights, situation), p_ally, p_double_ally,
                          danger)


def appearance(card: CardDef, worth: SlotValues, p_ally: float, p_double_ally: float,
               danger: float = 0.0) -> float:
    """:meth:`Valuer.appearance_value` from the card's slot values."""
    v = worth.primary + p_ally * worth.ally + p_double_ally * worth.double_ally
    if card.is_base:
        v *= base_lifetime(card)
        if card.outpost:
            v += card.defense * (0.1 + 0.35 * danger)
    if worth.scrap > 0:
        v += 0.3 * worth.scrap
    return v


# ---------------------------------------------------------------------- heroes (Crisis)

def hero_factions(effects: Effects) -> list[str]:
    """The factions whose ally abilities ``effects`` unlock (a hero's ``allies_of``)."""
    return [params for op, params in effects if op == "allies_of"]


def hero_plus(effects: Effects) -> Effects:
    """A hero's scrap ability without its ``allies_of``: the bonus it adds."""
    return tuple(e for e in effects if e[0] != "allies_of")


def allies_unlocked(state: State, seat: int, faction: str) -> list[tuple[int, str]]:
    """The ally abilities (card, slot) of ``seat``'s cards in play that "use all of your
    <faction> ally abilities" would make usable now: of that faction, not yet triggered
    and not yet used this turn."""
    s = state.seats[seat]
    latched, used = state.latched, state.used
    out = []
    for iid in s.in_play_cards():
        card = state.card(iid)
        for slot in ALLY_SLOTS:
            key = (iid, slot)
            if slot not in card.abilities or key in latched or key in used:
                continue
            if faction in card.answers_to(slot, state.factions(iid)):
                out.append(key)
    return out


def faction_counts(state: State, cards: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in cards:
        for f in state.cards[c].factions:
            counts[f] = counts.get(f, 0) + 1
    return counts


def row_cards(state: State) -> list[int]:
    return [c for c in state.trade_row if c != EMPTY and c != HIDDEN]
