"""Heuristic players: Easy and Normal.

Both read only their player view and answer from the legal actions.  A turn goes:
play cards (bases and card draw first, cards that eat weak hand cards while there
are weak cards to eat, choices last), use abilities, decide which one-shot scrap
abilities pay, buy the best purchase plan for the trade in hand, then spend
combat (lethal first, outposts that stand in the way, bases worth more than the
damage, then the weakest opponent's authority) and end the turn.

Normal values cards from the card data with phase-dependent weights, leans into
factions it already owns (ally chances), thins Scouts and Vipers, prizes outposts
when its authority runs low, detects lethal and times scrap abilities.  Easy buys
from a flat value table with noise, plays everything, never scraps its own ships
or bases for value and attacks plainly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from game.star_realms.ai.knowledge import (
    Valuer,
    Weights,
    ally_chance,
    ally_chance2,
    base_lifetime,
    clamp,
    effect_value,
    effects_reach,
    effects_value,
    faction_counts,
    has_op,
    kill_cost,
    lethal_target,
    opponents,
    outpost_wall,
    owned_cards,
    plain_gain,
    q,
    spendable,
)
from game.star_realms.engine.cards import CardDef, Effects
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import legal_actions, usable_slots
from game.star_realms.engine.state import EMPTY, HIDDEN, Action, State
from game.star_realms.engine.targets import attackable_players, base_targets, remaining_defense

LETHAL = 1000.0

STATIC = Weights(trade=1.0, combat=1.0, authority=0.3, draw=1.5, thin=0.8, opp_discard=0.8,
                 destroy=2.0, row_scrap=0.2)


@dataclass(frozen=True)
class Profile:
    """Behaviour switches of a heuristic level."""

    name: str
    noise: float = 0.0  # random spread added to buy scores
    blunder: float = 0.0  # chance of a random affordable buy
    faction_focus: bool = True
    phase_weights: bool = True
    thin: bool = True  # scrap weak cards of its own when offered
    scrap_abilities: bool = True  # use one-shot scrap abilities when they pay
    lethal: bool = True
    smart_attacks: bool = True  # weigh bases against damage
    smart_choices: bool = True  # options valued in context (trade only if it buys more)


EASY = Profile("easy", noise=1.2, blunder=0.1, faction_focus=False, phase_weights=False,
               scrap_abilities=False, lethal=False, smart_attacks=False, smart_choices=False)
NORMAL = Profile("normal")


class Ctx:
    """A decision's view of the game from one seat, computed once per decision."""

    def __init__(self, player: HeuristicPlayer, state: State, seat: int):
        self.player = player
        self.state = state
        self.seat = seat
        self.s = state.seats[seat]
        self._owned: list[int] | None = None
        self._deck: tuple | None = None
        self._deck_key: tuple = ()
        self._lethal: bool | None = None

    # Who is who and the phase of the game: worked out on first use only (most
    # decisions are plain "play this card" and never need them).

    @cached_property
    def opps(self) -> list[int]:
        return opponents(self.state, self.seat)

    @cached_property
    def _phase(self) -> tuple[int, int, float, float, float]:
        state = self.state
        my_auth = state.authority(self.seat)
        opp_auth = min((state.authority(o) for o in self.opps), default=50)
        if self.player.profile.phase_weights:
            late = q(clamp((42 - opp_auth) / 32))
            danger = q(clamp((32 - my_auth) / 26))
        else:
            late = danger = 0.0
        opp_bases = 1.0 if any(state.seats[o].bases for o in self.opps) else 0.0
        return my_auth, opp_auth, late, danger, opp_bases

    @property
    def my_auth(self) -> int:
        return self._phase[0]

    @property
    def opp_auth(self) -> int:
        return self._phase[1]

    @property
    def late(self) -> float:
        return self._phase[2]

    @property
    def danger(self) -> float:
        return self._phase[3]

    @property
    def opp_bases(self) -> float:
        return self._phase[4]

    # -------------------------------------------------------------- deck knowledge

    @property
    def lethal(self) -> bool:
        """Going all in on combat this turn could eliminate an opponent."""
        if self._lethal is None:
            self._lethal = self.player.profile.lethal and lethal_target(
                self.state, self.seat) is not None
        return self._lethal

    def reach(self, effects: Effects) -> float:
        """Combat ``effects`` could add this turn (a free base destruction counts 6)."""
        c, d = effects_reach(effects, self.state, self.seat, max(len(self.s.hand) - 1, 0))
        return c + 6.0 * d

    @property
    def owned(self) -> list[int]:
        if self._owned is None:
            self._owned = owned_cards(self.state, self.seat)
        return self._owned

    def deck_info(self) -> tuple:
        """(weights, faction counts, bases' factions, deck size, average card worth,
        ally sums, double-ally sums, situation): cached by the player per deck."""
        if self._deck is None:
            owned = self.owned
            bases = self.s.bases
            key = (self.seat, len(owned), sum(owned), sum(c * c for c in owned),
                   tuple(sorted(bases)), self.late, self.danger, self.opp_bases)
            cache = self.player.deck_cache
            got = cache.get(key)
            if got is None:
                got = self._compute_deck(owned)
                if len(cache) > 4000:
                    cache.clear()
                    self.player.score_cache.clear()
                cache[key] = got
            self._deck = got
            self._deck_key = key
        return self._deck

    def _compute_deck(self, owned: list[int]) -> tuple:
        state, prof = self.state, self.player.profile
        n = len(owned)
        cards = state.cards
        early = clamp((16 - n) / 6) if prof.phase_weights else 0.0
        fcount = faction_counts(state, owned)
        in_play_f = faction_counts(state, self.s.bases)
        k = (float(len(self.s.bases)), q(0.5 + 0.3 * self.opp_bases))
        late, danger = self.late, self.danger
        w = self._weights(early, late, danger, 1.5)
        valuer = self.player.valuer
        total = 0.0
        ally_sum: dict[str, float] = {}
        dbl_sum: dict[str, float] = {}
        for c in owned:
            card = cards[c]
            p1, p2 = self._ally_p(card, fcount, in_play_f, n, owned=True)
            total += valuer.appearance_value(card, w, p1, p2, k, danger)
            if card.factions:
                _, ally, dbl, _, _ = valuer.slots(card, w, k)
                for f in card.factions:
                    ally_sum[f] = ally_sum.get(f, 0.0) + ally
                    dbl_sum[f] = dbl_sum.get(f, 0.0) + dbl
        avg = total / n if n else 1.0
        w = self._weights(early, late, danger, clamp(avg, 1.0, 4.0))
        return (w, fcount, in_play_f, n, avg, ally_sum, dbl_sum, k)

    def _weights(self, early: float, late: float, danger: float, draw: float) -> Weights:
        if not self.player.profile.phase_weights:
            return STATIC
        starters = 1.0
        return Weights(
            trade=q(1.0 + 0.35 * early - 0.45 * late),
            combat=q(0.8 + 0.5 * late),
            authority=q(0.15 + 0.55 * danger),
            draw=q(draw, 0.25),
            thin=q(starters * (0.6 + 0.6 * early - 0.5 * late)),
            opp_discard=0.8,
            destroy=q(1.0 + 2.0 * self.opp_bases),
            row_scrap=0.2,
        )

    @staticmethod
    def _ally_p(card: CardDef, fcount: dict[str, int], in_play_f: dict[str, int], n: int,
                owned: bool) -> tuple[float, float]:
        if not card.factions:
            return 0.0, 0.0
        p1 = p2 = 0.0
        for f in card.factions:
            others = fcount.get(f, 0) - (1 if owned else 0)
            deck_n = n if owned else n + 1
            if in_play_f.get(f, 0) - (1 if owned and card.is_base else 0) > 0:
                a1, a2 = 1.0, ally_chance(others - 1, deck_n)
            else:
                a1, a2 = ally_chance(others, deck_n), ally_chance2(others, deck_n)
            p1, p2 = max(p1, a1), max(p2, a2)
        return p1, p2

    # -------------------------------------------------------------- worth

    @property
    def w(self) -> Weights:
        return self.deck_info()[0]

    def card_value(self, iid: int) -> float:
        """Worth of drawing this card (for choosing what to keep, scrap or discard)."""
        w, fcount, in_play_f, n, _, _, _, k = self.deck_info()
        card = self.state.cards[iid]
        p1, p2 = self._ally_p(card, fcount, in_play_f, n, owned=True)
        return self.player.valuer.appearance_value(card, w, p1, p2, k, self.danger)

    def buy_score(self, iid: int) -> float:
        """How much buying the card improves the deck, in points per card drawn."""
        self.deck_info()
        card = self.state.cards[iid]
        key = (self._deck_key, *card.variant)
        cache = self.player.score_cache
        got = cache.get(key)
        if got is None:
            got = cache[key] = self._buy_score(card)
        return got

    def _buy_score(self, card: CardDef) -> float:
        w, fcount, in_play_f, n, avg, ally_sum, dbl_sum, k = self.deck_info()
        prof = self.player.profile
        if not prof.faction_focus:
            return self.player.valuer.appearance_value(card, w, 0.35, 0.1, k) - avg
        p1, p2 = self._ally_p(card, fcount, in_play_f, n, owned=False)
        v = self.player.valuer.appearance_value(card, w, p1, p2, k, self.danger)
        syn = 0.0
        for f in card.factions:
            kf = fcount.get(f, 0)
            if kf:
                d1 = ally_chance(kf, n + 1) - ally_chance(kf - 1, n)
                d2 = ally_chance2(kf, n + 1) - ally_chance2(kf - 1, n)
                syn += ally_sum.get(f, 0.0) * d1 + dbl_sum.get(f, 0.0) * d2
        return v + syn - avg

    def base_value(self, iid: int) -> float:
        """Worth of destroying an opponent's base (what it would yield them)."""
        card = self.state.card(iid)
        w = self.w
        pri, ally, dbl, _, _ = self.player.valuer.slots(card, w)
        owner = self.state.owner_of_base(iid)
        p1 = 0.6
        if owner >= 0:
            others = [b for b in self.state.seats[owner].bases if b != iid]
            if any(set(self.state.cards[b].factions) & set(card.factions) for b in others):
                p1 = 1.0
        per_turn = pri + p1 * ally + 0.3 * dbl
        life = 0.5 + 0.5 * base_lifetime(card)
        return per_turn * life + (card.defense * 0.15 if card.outpost else 0.0)

    def horizon(self) -> float:
        """Rough number of own turns the game still lasts."""
        return clamp(min(self.my_auth, self.opp_auth) / 9.0, 1.0, 6.0)

    def future_draws(self) -> float:
        """How often a card bought now is expected to be drawn before the game ends."""
        n = max(len(self.owned), 10)
        return clamp(self.horizon() * 5.0 / n, 0.3, 3.0)

    # -------------------------------------------------------------- buying

    def buy_plan(self, trade: int, exclude: frozenset[int] = frozenset()
                 ) -> tuple[float, list[int]]:
        """Best set of purchases for ``trade``: (total score, cards, best first)."""
        state = self.state
        cards = state.cards
        items: list[tuple[int, int, float]] = []
        prof = self.player.profile
        price = state.format.price  # (a campaign scenario may change what cards cost)
        for c in state.trade_row:
            if c in (EMPTY, HIDDEN) or c in exclude:
                continue
            cost = price(state, self.seat, c)
            if cost <= trade:
                sc = self.buy_score(c)
                if prof.noise:
                    sc += (self.player.rng.random() - 0.5) * 2 * prof.noise
                if sc > 0:
                    items.append((c, cost, sc))
        expl = state.explorers[-1] if state.explorers else None
        expl_sc = 0.0
        expl_cost = 99
        if expl is not None and cards[expl].cost <= trade:
            expl_cost = cards[expl].cost
            expl_sc = self.buy_score(expl)
        best: tuple[float, list[int]] = (0.0, [])
        items.sort(key=lambda t: -t[2])
        items = items[:6]
        cheapest = min((t[1] for t in items), default=1)
        most = min(len(items), trade // max(cheapest, 1))
        use_ex = expl is not None and expl_sc > 0 and expl_cost > 0
        for r in range(most + 1):
            for combo in combinations(items, r):
                cost = 0
                val = 0.0
                for t in combo:
                    cost += t[1]
                    val += t[2]
                if cost > trade:
                    continue
                n_ex = 0
                if use_ex:
                    n_ex = min((trade - cost) // expl_cost, len(state.explorers), 3)
                    val += n_ex * expl_sc * (1.0 - 0.1 * max(n_ex - 1, 0))
                if val > best[0] + 1e-9:
                    plan = [t[0] for t in combo]
                    if n_ex:
                        plan += [expl] * n_ex  # type: ignore[list-item]
                    best = (val, plan)
        return best

    # -------------------------------------------------------------- attacking

    def attack_plan(self, combat: int) -> tuple[float, Action | None]:
        """Value of spending ``combat`` now and the first attack of the best plan."""
        state, seat = self.state, self.seat
        if combat <= 0:
            return 0.0, None
        prof = self.player.profile
        # Lethal: the cheapest opponent to eliminate outright.
        best_kill = None
        for t in self.opps:
            need = kill_cost(state, t)
            if need <= combat and (best_kill is None or need < best_kill[0]):
                best_kill = (need, t)
        if best_kill is not None and (prof.lethal or not outpost_wall(state, best_kill[1])):
            t = best_kill[1]
            if t in attackable_players(state, seat):
                return LETHAL, Action("attack_player", seat, target=t, amount=combat)
            shields = state.format.protectors(state, t)
            outposts = [b for b in base_targets(state, seat)
                        if state.cards[b].outpost and state.owner_of_base(b) in shields]
            outposts = [b for b in outposts if remaining_defense(state, b) <= combat]
            if outposts:
                return LETHAL, Action("attack_base", seat,
                                      card=max(outposts, key=lambda b: remaining_defense(state, b)))
        face_w = 0.6 + 0.8 * self.late if prof.smart_attacks else 1.0
        players = attackable_players(state, seat)
        bases = [b for b in base_targets(state, seat) if 0 < remaining_defense(state, b) <= combat]
        best_val, best_act = 0.0, None
        if players:
            t = min(players, key=lambda p: (state.authority(p), players.index(p)))
            best_val = combat * face_w
            best_act = Action("attack_player", seat, target=t, amount=combat)
        for b in bases:
            d = remaining_defense(state, b)
            card = state.cards[b]
            if prof.smart_attacks:
                val = self.base_value(b) + (combat - d) * face_w
                if card.outpost and not players:
                    val += 0.5 * (combat - d) * face_w  # it opens the way
            else:  # outposts first, then the player, then other bases
                val = (combat + 5.0 + d) if card.outpost else (0.5 if not players else -1)
            if val > best_val:
                best_val, best_act = val, Action("attack_base", seat, card=b)
        return best_val, best_act


def playout_actions(state: State) -> list[Action]:
    """The legal actions a playout needs: :func:`legal_actions` without the partial
    attacks on a player (the heuristic always attacks with all its combat), which make
    the list long once a turn has gathered a lot of combat."""
    legal = legal_actions(state)
    if state.pending is not None or state.winners is not None:
        return legal
    combat = state.seats[state.active].combat
    return [a for a in legal if a.kind != "attack_player" or a.amount == combat]


class HeuristicPlayer:
    """Easy and Normal: the same turn structure, different judgement (see Profile)."""

    def __init__(self, seed: int = 0, profile: Profile = NORMAL):
        self.profile = profile
        self.name = profile.name
        self.rng = Rng(seed)
        self.valuer = Valuer()
        self.deck_cache: dict[tuple, tuple] = {}
        self.score_cache: dict[tuple, float] = {}

    # -------------------------------------------------------------- entry point

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = legal[0].seat
        ctx = Ctx(self, view, seat)
        if view.pending is not None:
            return self.answer(ctx, legal)
        return self.main_phase(ctx, legal)

    def playout_step(self, state: State) -> Action:
        """The same choice as :meth:`choose`, on a full game state (a playout), without
        the caller listing every legal action first: plays and ability uses are picked
        straight from the hand and the cards in play (always legal in a seat's main
        phase) and the list is only built, without partial attacks, for the rest of the
        turn.  A test checks it against :meth:`choose` move for move."""
        d = state.pending
        if d is not None:
            legal = legal_actions(state)
            if len(legal) == 1:
                return legal[0]
            return self.answer(Ctx(self, state, d.seat), legal)
        seat = state.active
        if state.boss is not None and seat == state.boss.seat:
            return legal_actions(state)[0]  # an adventure's boss turn runs itself
        ctx = Ctx(self, state, seat)
        s = ctx.s
        best: tuple[str, int, str] | None = None
        best_pri = -1e9
        for iid in s.hand:
            pri = self.play_priority(ctx, iid)
            if pri > best_pri:
                best, best_pri = ("play", iid, ""), pri
        in_play = s.in_play
        for iid in in_play + s.bases:
            if len(state.card(iid).abilities) == 1 and iid in in_play:
                continue
            for slot in usable_slots(state, iid):
                if slot != "scrap":
                    pri = self.use_priority(ctx, iid, slot)
                    if pri > best_pri:
                        best, best_pri = ("use", iid, slot), pri
        if best is not None:
            return Action(best[0], seat, card=best[1], slot=best[2])
        return self.main_phase(ctx, playout_actions(state))

    # -------------------------------------------------------------- main phase

    def main_phase(self, ctx: Ctx, legal: list[Action]) -> Action:
        s = ctx.s
        best, best_pri = None, -1e9
        scraps: list[Action] = []
        buys = False
        for a in legal:
            if a.kind == "play":
                pri = self.play_priority(ctx, a.card)
            elif a.kind == "use":
                if a.slot == "scrap":
                    scraps.append(a)
                    continue
                pri = self.use_priority(ctx, a.card, a.slot)
            else:
                buys = buys or a.kind == "buy"
                continue
            if pri > best_pri:
                best, best_pri = a, pri
        if best is not None:
            return best
        prof = self.profile
        # One-shot scrap abilities that pay now (draws and trade before buying).
        if scraps and prof.scrap_abilities:
            act = self.pick_scrap_ability(ctx, scraps, phase="buy" if buys else "attack")
            if act is not None:
                return act
        if buys:
            act = self.pick_buy(ctx, legal)
            if act is not None:
                return act
        strikes = [a for a in legal if a.kind == "strike"]
        if strikes:
            return self.pick_strike(ctx, strikes)
        if s.combat > 0 or (scraps and prof.scrap_abilities):
            if scraps and prof.scrap_abilities:
                act = self.pick_scrap_ability(ctx, scraps, phase="attack")
                if act is not None:
                    return act
            _, act = ctx.attack_plan(s.combat)
            if act is not None and act in legal:
                return act
            if act is not None:  # plan asked for something not offered: fall back
                atk = [a for a in legal if a.kind in ("attack_player", "attack_base")]
                if atk:
                    return max(atk, key=lambda a: (a.kind == "attack_base", a.amount))
        return Action("end_turn", s.index)

    @staticmethod
    def pick_strike(ctx: Ctx, strikes: list[Action]) -> Action:
        """Cut an adventure boss's pile (Dimensional Horror's tentacles): sever a pile
        down to its last card first (permanent progress), else shorten the longest pile
        (the boss's combat), cheapest top card on ties."""
        state = ctx.state
        piles = state.boss.piles if state.boss is not None else {}

        def length(a: Action) -> int:
            return next((len(p) for p in piles.values() if a.card in p), 0)

        return max(strikes, key=lambda a: (length(a) == 1, length(a),
                                           -state.cards[a.card].cost, -a.card))

    def play_priority(self, ctx: Ctx, iid: int) -> float:
        card = ctx.state.cards[iid]
        if card.is_base:
            return 100.0
        f = self.valuer.flags(card, "primary")
        if f.draw:
            return 90.0
        if f.eats_hand and self.profile.thin:
            return 85.0 if self._weak_in_hand(ctx, exclude=iid) else 45.0
        if f.choice or f.conditional:
            return 30.0
        if card.role == "starter":
            return 50.0
        return 60.0

    def use_priority(self, ctx: Ctx, iid: int, slot: str) -> float:
        f = self.valuer.flags(ctx.state.card(iid), slot)
        if f.eats_hand:
            if self.profile.thin and self._weak_in_hand(ctx):
                return 85.0
            return 5.0
        if f.draw:
            return 88.0
        if f.copy:
            return 20.0
        if f.choice:
            return 10.0
        return 70.0

    def _weak_in_hand(self, ctx: Ctx, exclude: int = -1) -> bool:
        cards = ctx.state.cards
        return any(cards[c].role in ("starter",) for c in ctx.s.hand if c != exclude)

    # -------------------------------------------------------------- scrap abilities

    def pick_scrap_ability(self, ctx: Ctx, scraps: list[Action], phase: str) -> Action | None:
        state = ctx.state
        best, best_net = None, 0.25
        for a in scraps:
            card = state.card(a.card)
            effects = card.ability("scrap")
            f = self.valuer.flags(card, "scrap")
            if phase == "buy" and f.attack and not f.draw and not f.trade:
                continue  # combat scraps wait for the attack
            now = self.now_value(ctx, effects)
            keep = self.keep_value(ctx, a.card)
            net = now - keep
            if net > best_net:
                best, best_net = a, net
        return best

    def now_value(self, ctx: Ctx, effects: Effects) -> float:
        """What resolving ``effects`` right now is worth in this position."""
        s = ctx.s
        w = ctx.w
        trade = plain_gain(effects, "trade")
        combat = plain_gain(effects, "combat")
        v = 0.0
        if trade:
            v += self.trade_gain(ctx, spendable(ctx.state, ctx.seat), trade)
        if combat:
            v += self.combat_gain(ctx, s.combat, combat)
        for op, params in effects:
            if op in ("trade", "combat") and isinstance(params, int):
                continue
            if op == "destroy_base":
                targets = base_targets(ctx.state, ctx.seat)
                v += max((ctx.base_value(b) for b in targets), default=0.0)
                continue
            if op == "acquire_free":
                cands = [c for c in ctx.state.trade_row if c not in (EMPTY, HIDDEN)
                         and ctx.state.cards[c].cost <= params["max_cost"]
                         and ctx.state.cards[c].type in params["kinds"]]
                v += max((ctx.buy_score(c) for c in cands), default=0.0) * ctx.future_draws()
                continue
            v += effect_value(op, params, w)
        return v

    def keep_value(self, ctx: Ctx, iid: int) -> float:
        """What a card in play is still worth if it is not scrapped."""
        card = ctx.state.cards[iid]
        if card.is_base and iid in ctx.s.bases:
            w = ctx.w
            pri, ally, _, _, _ = self.valuer.slots(card, w)
            per_turn = pri + 0.5 * ally
            return per_turn * min(ctx.horizon() - 1, base_lifetime(card)) * 0.8
        return max(ctx.card_value(iid), 0.0) * ctx.future_draws()

    def trade_gain(self, ctx: Ctx, trade: int, extra: int) -> float:
        before, _ = ctx.buy_plan(trade)
        after, _ = ctx.buy_plan(trade + extra)
        return (after - before) * ctx.future_draws()

    def combat_gain(self, ctx: Ctx, combat: int, extra: int) -> float:
        before, _ = ctx.attack_plan(combat)
        after, _ = ctx.attack_plan(combat + extra)
        return after - before

    # -------------------------------------------------------------- buying

    def pick_buy(self, ctx: Ctx, legal: list[Action]) -> Action | None:
        buys = [a for a in legal if a.kind == "buy"]
        if not buys:
            return None
        prof = self.profile
        if prof.blunder and self.rng.random() < prof.blunder:
            pick = self.rng.choice(buys)
            return pick if ctx.buy_score(pick.card) > -1.0 else None
        _, plan = ctx.buy_plan(spendable(ctx.state, ctx.seat))
        if not plan:
            return None
        top = max(plan, key=lambda c: (ctx.state.cards[c].cost, -c))
        for a in buys:
            if a.card == top:
                return a
        return None

    # -------------------------------------------------------------- answers

    def answer(self, ctx: Ctx, legal: list[Action]) -> Action:
        d = ctx.state.pending
        assert d is not None
        if d.kind == "option":
            assert d.effect is not None
            if d.purpose == "upgrade":
                return self._answer_upgrade(ctx, legal)
            if d.purpose == "may":
                inner = d.effect[1]
                return legal[0] if effects_value(inner, ctx.w) >= 0 else legal[1]
            options = d.effect[1]
            chooses = [a for a in legal if a.kind == "choose"]
            if ctx.lethal:
                return max(chooses, key=lambda a: (ctx.reach(options[a.index]),
                                                   self.now_value(ctx, options[a.index]),
                                                   -a.index))
            if self.profile.smart_choices:
                return max(chooses, key=lambda a: (self.now_value(ctx, options[a.index]), -a.index))
            return max(chooses, key=lambda a: (effects_value(options[a.index], STATIC), -a.index))
        if d.kind == "seat":
            seats = [a for a in legal if a.kind == "pick_seat"]
            foes = [a for a in seats if a.target in ctx.opps]
            if foes:  # the next opponent to act discards soonest
                return foes[0]
            others = [a for a in seats if a.target != ctx.seat]
            return (others or seats or legal)[0]
        picks = [a for a in legal if a.kind == "pick"]
        stop = next((a for a in legal if a.kind == "stop"), None)
        if not picks:
            return stop if stop is not None else legal[0]
        purpose = d.purpose
        if purpose == "discard":
            return self._answer_discard(ctx, picks, stop)
        if purpose == "scrap":
            return self._answer_scrap(ctx, picks, stop)
        if purpose == "destroy_base":
            return max(picks, key=lambda a: (ctx.base_value(a.card), -a.card))
        if purpose == "acquire":
            return max(picks, key=lambda a: (ctx.buy_score(a.card), -a.card))
        if purpose == "topdeck":
            return max(picks, key=lambda a: (ctx.card_value(a.card), -a.card))
        if purpose == "copy_base":
            return max(picks, key=lambda a: (self._copy_value(ctx, a.card), -a.card))
        return picks[0]

    def _answer_upgrade(self, ctx: Ctx, legal: list[Action]) -> Action:
        """A campaign upgrade: worth it when the sticker's effects, over the draws the card
        still has this game, outweigh what the extra trade would otherwise buy; always
        when it completes the scenario's sheet (a political victory)."""
        state = ctx.state
        d = state.pending
        assert d is not None and d.effect is not None
        stickers = d.effect[1]["stickers"]
        fmt = state.format
        campaign = fmt.campaign
        stop = next(a for a in legal if a.kind == "stop")
        chooses = [a for a in legal if a.kind == "choose"]
        used = fmt.rows_used(state, ctx.seat)
        sheet = next((s for s in campaign.sheets if s.scenario == fmt.spec.scenario), None)
        political = sheet is not None and campaign.scenario(fmt.spec.scenario).political
        trade = spendable(state, ctx.seat)
        extra = fmt.upgrade_cost(ctx.seat, state.cards[d.source])
        lost = ctx.buy_plan(trade)[0] - ctx.buy_plan(max(trade - extra, 0))[0]
        draws = ctx.future_draws()
        weight = {"primary": 1.0, "upgrade_ally": 0.45, "scrap": 0.6}
        faction = fmt.spec.factions[ctx.seat]

        def gain(a: Action) -> float:
            st = campaign.stickers[stickers[a.index]]
            if political and st.sheet == sheet.number:
                rows = used | {st.row}
                if all((sheet.number, c) in rows for c in sheet.costs):
                    return 1e6  # wins at once
                progress = sum((sheet.number, c) in used for c in sheet.costs)
                bonus = 0.15 * (progress + 1)
            else:
                bonus = 0.0
            value = effects_value(st.effects[faction], ctx.w) * weight[st.slot]
            return value * draws + bonus

        best = max(chooses, key=lambda a: (gain(a), -a.index))
        return best if gain(best) > lost else stop

    def _hand_value(self, ctx: Ctx, iid: int) -> float:
        """Worth of keeping a card in hand for this turn (or the next, for owed discards)."""
        card = ctx.state.cards[iid]
        w = STATIC if not self.profile.phase_weights else ctx.w
        pri, ally, dbl, _, _ = self.valuer.slots(card, w)
        v = pri + 0.5 * ally + 0.2 * dbl
        if card.is_base:
            v *= 1.5
        return v

    def _answer_discard(self, ctx: Ctx, picks: list[Action], stop: Action | None) -> Action:
        d = ctx.state.pending
        assert d is not None and d.effect is not None
        params = d.effect[1]
        worst = min(picks, key=lambda a: (self._hand_value(ctx, a.card), a.card))
        if stop is None:
            return worst
        each = params.get("each") or ()
        if each and ctx.lethal:
            own = ctx.reach(ctx.state.cards[worst.card].ability("primary"))
            if own < ctx.reach(each):
                return worst
        gain = effects_value(each, ctx.w) if each else 0.0
        if each and has_op(each, ("choose",)):
            gain = max(effects_value(o, ctx.w) for o in each[0][1]) if each[0][0] == "choose" \
                else gain
        if each and self._hand_value(ctx, worst.card) < gain - 0.2:
            return worst
        return stop

    def _answer_scrap(self, ctx: Ctx, picks: list[Action], stop: Action | None) -> Action:
        state = ctx.state
        d = state.pending
        assert d is not None and d.effect is not None
        params = d.effect[1]
        row = [a for a in picks if a.card in state.trade_row]
        own = [a for a in picks if a.card not in state.trade_row]
        if own:
            hand = set(ctx.s.hand)

            def keep(a: Action) -> tuple[float, int, int]:
                v = ctx.card_value(a.card) if self.profile.phase_weights else \
                    self._hand_value(ctx, a.card)
                return (v, a.card in hand, a.card)

            worst = min(own, key=keep)
            if stop is None and not row:
                return worst
            if self.profile.thin:
                card = state.cards[worst.card]
                threshold = 1.3 if self.profile.phase_weights else 1.05
                avg = ctx.deck_info()[4]
                weak = card.role == "starter" or (
                    self.profile.phase_weights and keep(worst)[0] < min(threshold, 0.5 * avg)
                    and card.role != "trade")
                if weak:
                    return worst
            if stop is not None:
                return stop
            return worst
        # Trade row only.
        pays = params.get("each") or ()
        if pays or stop is None:
            if pays:
                return max(row, key=lambda a: (state.cards[a.card].cost, -a.card))
            return max(row, key=lambda a: (self._deny_value(ctx, a.card), -a.card))
        if not self.profile.smart_choices:
            return stop
        _, plan = ctx.buy_plan(spendable(ctx.state, ctx.seat))
        cands = [a for a in row if a.card not in plan]
        if not cands:
            return stop
        pick = max(cands, key=lambda a: (self._deny_value(ctx, a.card), -a.card))
        if self._deny_value(ctx, pick.card) >= 5.0:
            return pick
        return stop

    def _deny_value(self, ctx: Ctx, iid: int) -> float:
        """How much an opponent would like this trade-row card (cheap estimate)."""
        card = ctx.state.cards[iid]
        pri, ally, dbl, _, _ = self.valuer.slots(card, STATIC)
        v = pri + 0.5 * ally + 0.2 * dbl
        return v * (1.8 if card.is_base else 1.0)

    def _copy_value(self, ctx: Ctx, iid: int) -> float:
        card = ctx.state.card(iid)
        pri, ally, dbl, _, _ = self.valuer.slots(card, ctx.w)
        mine = faction_counts(ctx.state, ctx.s.in_play + ctx.s.bases)
        allied = any(mine.get(f, 0) for f in card.factions)
        return pri + (ally if allied else 0.0) + 0.3 * dbl


def make_easy(seed: int = 0) -> HeuristicPlayer:
    return HeuristicPlayer(seed, EASY)


def make_normal(seed: int = 0) -> HeuristicPlayer:
    return HeuristicPlayer(seed, NORMAL)

