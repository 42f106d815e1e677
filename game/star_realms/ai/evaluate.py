"""How good a position is for a seat: an estimated chance to win, from public facts.

Each seat's strength is summarised from the cards it owns: how much trade,
combat, authority and card draw an average turn brings (ally chances from its
faction mix, bases in play counted every turn), what its outposts shield, and
its authority, and what its cards are worth by a learned value per card (``cards``:
each card's value, ``card_values.py``, per card owned).  The difference to each
opposing team goes through a logistic model whose weights were fitted on positions
from Normal-vs-Normal games (``python -m game.star_realms.ai.tune``) and whose card
values were fitted, with those weights held, on pairs of positions one choice apart
labelled by playouts to the game's end (``python -m game.star_realms.ai.tune_cards``:
what Hard's search compares); the weakest matchup is the seat's chance.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from game.star_realms.ai.card_values import CARD_VALUES
from game.star_realms.ai.knowledge import ally_chance, double_ally_chance, owned_cards
from game.star_realms.engine.cards import CardDef, Effects
from game.star_realms.engine.state import State


class Stat(NamedTuple):
    trade: float
    combat: float
    draw: float
    authority: float


ZERO = Stat(0.0, 0.0, 0.0, 0.0)


def _stat(effects: Effects) -> Stat:
    t = c = d = a = 0.0
    for op, params in effects:
        if op in ("trade", "combat", "authority"):
            v = params if isinstance(params, int) else 2.0
            if op == "trade":
                t += v
            elif op == "combat":
                c += v
            else:
                a += v
        elif op == "draw":
            d += params if isinstance(params, int) else 2.0
        elif op == "discard" and not params["each"]:
            d -= 0.6 * params["min"]
        elif op == "discard":
            # Discard weak cards for a benefit: about one card's worth of the benefit.
            inner = _stat(params["each"])
            t, c, d, a = t + 0.8 * inner.trade, c + 0.8 * inner.combat, d + 0.8 * inner.draw, \
                a + 0.8 * inner.authority
        elif op == "choose":
            opts = [_stat(o) for o in params]
            best = max(opts, key=lambda s: s.trade + s.combat + 1.5 * s.draw + 0.3 * s.authority)
            t, c, d, a = t + best.trade, c + best.combat, d + best.draw, a + best.authority
        elif op == "if":
            inner = _stat(params["then"])
            t, c, d, a = t + 0.5 * inner.trade, c + 0.5 * inner.combat, d + 0.5 * inner.draw, \
                a + 0.5 * inner.authority
        elif op == "scrap" and params["each"]:
            inner = _stat(params["each"])
            # Pulverizer / Neural Nexus style: combat per the picked card's cost.
            c += 3.0 if inner.combat else 0.0
        elif op == "destroy_base":
            c += 1.5
        elif op == "target_discards":
            c += 0.5
        elif op == "acquire_free":
            t += 0.6 * params["max_cost"]
    return Stat(t, c, d, a)


class CardStats(NamedTuple):
    primary: Stat
    ally: Stat
    double: Stat
    thin: float  # own-card scrapping it offers (thins the deck)


def card_stats(card: CardDef) -> CardStats:
    thin = 0.0
    for slot in ("primary", "ally", "second_ally"):
        for op, params in card.ability(slot):
            if op == "scrap" and params["zones"] != ("trade_row",):
                thin += min(params["max"], 2) * (1.0 if slot == "primary" else 0.5)
    trig = ZERO
    for t in card.triggers:
        s = _stat(t.effects)
        trig = Stat(trig.trade + 1.5 * s.trade, trig.combat + 1.5 * s.combat,
                    trig.draw + 1.5 * s.draw, trig.authority + 1.5 * s.authority)
    p = _stat(card.ability("primary"))
    p = Stat(p.trade + trig.trade, p.combat + trig.combat, p.draw + trig.draw,
             p.authority + trig.authority)
    # a United card's second ally line counts with its first (one other card each)
    allied = _stat(card.ability("ally") + card.ability("second_ally"))
    return CardStats(p, allied, _stat(card.ability("double_ally")), thin)


class SeatPower(NamedTuple):
    trade: float  # expected per turn
    combat: float
    authority_gain: float
    draw: float  # average extra cards per card drawn
    shield: float  # outpost defense in play
    bases: float  # per-turn output of bases in play
    size: int
    starters: float  # share of Scouts and Vipers
    thin: float  # scrapping power per card
    cards: float  # the deck's card values (card_values.py) per card


FEATURES = ("authority", "combat", "trade", "trade_long", "race", "heal", "shield", "thin",
            "cards")

# Logistic weights per feature difference (mine minus theirs); fitted by game.star_realms.ai.tune.
WEIGHTS: dict[str, float] = {
    "authority": 0.0608,
    "combat": 0.2341,
    "trade": -0.0384,
    "trade_long": 0.4263,
    "race": 0.0449,
    "heal": 0.0971,
    "shield": 0.0,  # fitted slightly negative (collinear with bases in play): left out
    "thin": 1.8056,
    # The card values are on the logit's scale already (fitted with the weights above
    # held: game.star_realms.ai.tune_cards), so their weight is 1.
    "cards": 1.0,
}
BIAS = 0.4762  # the seat about to play is ahead; irrelevant to choices


class Evaluator:
    """Scores positions for one seat.  Keeps its own caches (one per player)."""

    def __init__(self, weights: dict[str, float] | None = None, bias: float | None = None,
                 card_values: dict[str, float] | None = None):
        self.weights = dict(WEIGHTS if weights is None else weights)
        self.bias = BIAS if bias is None else bias
        self.card_values = dict(CARD_VALUES if card_values is None else card_values)
        self._cards: dict[tuple, CardStats] = {}
        self._power: dict[tuple, SeatPower] = {}

    def stats(self, card: CardDef) -> CardStats:
        key = card.variant
        got = self._cards.get(key)
        if got is None:
            got = self._cards[key] = card_stats(card)
        return got

    def power(self, state: State, seat: int) -> SeatPower:
        s = state.seats[seat]
        owned = owned_cards(state, seat)
        key = (seat, len(owned), sum(owned), sum(c * c for c in owned), tuple(s.bases),
               tuple(s.heroes))
        got = self._power.get(key)
        if got is None:
            got = self._compute_power(state, seat, owned)
            if len(self._power) > 20000:
                self._power.clear()
            self._power[key] = got
        return got

    def _compute_power(self, state: State, seat: int, owned: list[int]) -> SeatPower:
        cards = state.cards
        s = state.seats[seat]
        in_play = set(s.bases)
        n = len(owned)
        fcount: dict[str, int] = {}
        base_f: dict[str, int] = {}
        for c in owned:
            for f in cards[c].factions:
                fcount[f] = fcount.get(f, 0) + 1
                if c in in_play:
                    base_f[f] = base_f.get(f, 0) + 1
        deck_n = max(n - len(in_play), 1)
        t = cb = d = a = 0.0
        bt = bc = ba = 0.0
        shield = 0.0
        starters = 0
        thin = 0.0
        value = 0.0
        for c in owned:
            card = cards[c]
            value += self.card_values.get(card.id, 0.0)
            st = self.stats(card)
            p1 = p2 = 0.0
            for f in card.factions:
                others = fcount.get(f, 0) - 1
                if base_f.get(f, 0) - (1 if c in in_play else 0) > 0:
                    a1, a2 = 1.0, ally_chance(others - 1, deck_n)
                else:
                    a1, a2 = ally_chance(others, deck_n), double_ally_chance(others, deck_n)
                p1, p2 = max(p1, a1), max(p2, a2)
            pt = st.primary.trade + p1 * st.ally.trade + p2 * st.double.trade
            pc = st.primary.combat + p1 * st.ally.combat + p2 * st.double.combat
            pd = st.primary.draw + p1 * st.ally.draw + p2 * st.double.draw
            pa = st.primary.authority + p1 * st.ally.authority + p2 * st.double.authority
            if card.role == "starter":
                starters += 1
            thin += st.thin
            if c in in_play:
                bt, bc, ba = bt + pt, bc + pc, ba + pa
                if card.outpost:
                    shield += card.defense - state.damage.get(c, 0)
                continue
            if card.is_base:  # a base in the deck stays out for a few turns once played
                pt, pc, pa = pt * 1.6, pc * 1.6, pa * 1.6
            t, cb, d, a = t + pt, cb + pc, d + pd, a + pa
        for h in s.heroes:  # a hero waiting in play: its one use (the allies it unlocks
            # about 1.5 combat more), spread over two turns
            hs = _stat(cards[h].ability("scrap"))
            bt, bc, ba = bt + 0.5 * hs.trade, bc + 0.5 * (hs.combat + 1.5), ba + 0.5 * hs.authority
        m = max(n - len(in_play), 1)
        draw = max(min(d / m, 0.8), -0.3)
        per_turn = 5.0 * (1.0 + draw)
        return SeatPower(
            trade=per_turn * t / m + bt,
            combat=per_turn * cb / m + bc,
            authority_gain=per_turn * a / m + ba,
            draw=draw,
            shield=shield,
            bases=bt + bc + 0.3 * ba,
            size=n,
            starters=starters / n if n else 0.0,
            thin=thin / n if n else 0.0,
            cards=value / n if n else 0.0,
        )

    def features(self, state: State, me: int, opp: int) -> dict[str, float]:
        mine, theirs = self.power(state, me), self.power(state, opp)
        my_auth, their_auth = state.authority(me), state.authority(opp)
        # Turns each side needs to grind the other down (growth via trade folded in).
        my_dmg = max(mine.combat + 0.35 * mine.trade - 0.5 * theirs.authority_gain, 1.0)
        their_dmg = max(theirs.combat + 0.35 * theirs.trade - 0.5 * mine.authority_gain, 1.0)
        my_ttk = (their_auth + theirs.shield) / my_dmg
        their_ttk = (my_auth + mine.shield) / their_dmg
        return {
            "authority": float(my_auth - their_auth),
            "combat": mine.combat - theirs.combat,
            "trade": mine.trade - theirs.trade,
            "race": max(min(their_ttk - my_ttk, 10.0), -10.0),
            # Trade pays off over the turns left: it matters more while both are healthy.
            "trade_long": (mine.trade - theirs.trade) * min(my_auth, their_auth) / 50.0,
            "heal": mine.authority_gain - theirs.authority_gain,
            "shield": mine.shield - theirs.shield,
            "thin": mine.thin - theirs.thin,
            "cards": mine.cards - theirs.cards,
        }

    def logit(self, state: State, seat: int, opp: int) -> float:
        """The model's log-odds that ``seat`` beats ``opp`` (before :func:`logistic`)."""
        w = self.weights
        # The model was fitted from the side of the seat about to play: the bias is that
        # seat's edge, and counts against the others.
        # (In a team turn the seat's team is about to play when any member leads.)
        mine = state.active == seat or (state.format.team_turns and seat in state.turn_members)
        bias = self.bias if mine else -self.bias
        f = self.features(state, seat, opp)
        return bias + sum(w[k] * f[k] for k in w)

    def win_chance(self, state: State, seat: int) -> float:
        """Estimated chance that ``seat`` (its team) wins from ``state``."""
        if state.winners is not None:
            return 1.0 if seat in state.winners else 0.0
        team = state.seats[seat].team
        foes = [s.index for s in state.seats if s.alive and s.team != team]
        if not foes:
            return 1.0
        return min(logistic(self.logit(state, seat, o)) for o in foes)


def logistic(z: float) -> float:
    """The chance for log-odds ``z`` (clamped, so no overflow)."""
    return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))
