"""The heuristic player's turn: which card to play or ability to use next, when a one-shot
scrap ability pays, what to buy, where the combat goes, when to end the turn."""

from __future__ import annotations

import random

from game.star_realms.ai import gambit_play
from game.star_realms.ai.heuristic.answers import answer
from game.star_realms.ai.heuristic.context import DecisionContext, DeckSummary
from game.star_realms.ai.heuristic.plans import attack_plan, buy_plan
from game.star_realms.ai.heuristic.profiles import EASY, NORMAL, Profile
from game.star_realms.ai.heuristic.worth_now import keep_value, now_value
from game.star_realms.ai.knowledge import Situation, Valuer, Weights, spendable
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat, legal_actions, turn_seats, usable_slots
from game.star_realms.engine.state import Action, State

# Play order: bases first, then card draw, cards that eat weak hand cards (while there
# are weak cards to eat), plain cards, and choices or conditions last.
PLAY_BASE = 100.0
PLAY_DRAW = 90.0
PLAY_EATS_WEAK = 85.0
PLAY_PLAIN = 60.0
PLAY_STARTER = 50.0
PLAY_EATS_NOTHING = 45.0
PLAY_CHOICE = 30.0
# Ability use order (the same scale): draws, eating weak cards, plain gains, copies, choices.
USE_DRAW = 88.0
USE_EATS_WEAK = 85.0
USE_PLAIN = 70.0
USE_COPY = 20.0
USE_CHOICE = 10.0
USE_EATS_NOTHING = 5.0
# A scrap ability must be worth this much more than keeping the card.
SCRAP_MARGIN = 0.25


def playout_actions(state: State) -> list[Action]:
    """The legal actions a playout needs: :func:`legal_actions` (which lists each attack
    on a player once, at the most it may deal: the heuristic always attacks with all
    its combat, in a team turn the team's pooled combat)."""
    return legal_actions(state)


class HeuristicPlayer:
    """Easy and Normal: the same turn structure, different judgement (see Profile)."""

    def __init__(self, seed: int = 0, profile: Profile = NORMAL):
        self.profile = profile
        self.name = profile.name
        self.rng = Rng(seed)
        self.tiebreak = random.Random(seed)  # ties between seats (see SeatOrder)
        self.valuer = Valuer()
        self.deck_cache: dict[tuple, DeckSummary] = {}  # by deck and phase (buy scores too)
        # one object per set of phase weights and per situation (see DecisionContext)
        self.weights_memo: dict[tuple, Weights] = {}
        self.situations: dict[tuple, Situation] = {}

    # -------------------------------------------------------------- entry point

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        # The deciding seat: in a team turn the team's lead (``legal`` may start with a
        # teammate's move), else the seat whose move it is.
        seat = acting_seat(view)
        ctx = DecisionContext(self, view, seat)
        if view.pending is not None:
            return answer(ctx, legal)
        return self.main_phase(ctx, legal)

    def playout_step(self, state: State) -> Action:
        """The same choice as :meth:`choose`, on a full game state (a playout), without
        the caller listing every legal action first: plays and ability uses are picked
        straight from the hand and the cards in play (always legal in a seat's main
        phase) and the list is only built, without partial attacks, for the rest of the
        turn.  A test checks it against :meth:`choose` move for move."""
        pending = state.pending
        if pending is not None:
            legal = legal_actions(state)
            if len(legal) == 1:
                return legal[0]
            return answer(DecisionContext(self, state, pending.seat), legal)
        seat = state.active
        if state.boss is not None and seat == state.boss.seat:
            return legal_actions(state)[0]  # an adventure's boss turn runs itself
        ctx = DecisionContext(self, state, seat)
        # In a team turn every member's hand and cards in play, in the order
        # legal_actions lists them (each member's plays, then its uses).
        best: tuple[str, int, int, str] | None = None
        best_pri = -1e9
        for m in turn_seats(state):
            mctx = ctx.for_seat(m)
            me = mctx.me
            for iid in me.hand:
                pri = self.play_priority(mctx, iid)
                if pri > best_pri:
                    best, best_pri = ("play", m, iid, ""), pri
            in_play = me.in_play
            for iid in in_play + me.bases:
                if len(state.card(iid).abilities) == 1 and iid in in_play:
                    continue  # a ship's only ability (its primary) was used when played
                for slot in usable_slots(state, iid):
                    if slot != "scrap":
                        pri = self.use_priority(mctx, iid, slot)
                        if pri > best_pri:
                            best, best_pri = ("use", m, iid, slot), pri
        if best is not None:
            return Action(best[0], best[1], card=best[2], slot=best[3])
        return self.main_phase(ctx, playout_actions(state))

    # -------------------------------------------------------------- main phase

    def main_phase(self, ctx: DecisionContext, legal: list[Action]) -> Action:
        """The next move of the turn.  In a team turn ``legal`` holds every member's
        moves: their cards are played and their abilities used (each judged from the
        member's own hand and deck), purchases go to the member whose deck gains most,
        and the attack spends the team's pooled combat."""
        me = ctx.me
        if ctx.state.mission_box is not None:  # United: a mission met is revealed at once
            claim = next((a for a in legal if a.kind == "claim"), None)
            if claim is not None:
                return claim
        if ctx.state.gambit_box is not None:  # a gambit whose reveal does something now
            for a in legal:
                if a.kind == "gambit" and gambit_play.ready(ctx.state, a.seat, a.card):
                    return a
        best, best_pri = None, -1e9
        scraps: list[Action] = []
        buys = False
        for a in legal:
            if a.kind == "play":
                pri = self.play_priority(ctx.for_seat(a.seat), a.card)
            elif a.kind == "use":
                if a.slot == "scrap":
                    scraps.append(a)
                    continue
                pri = self.use_priority(ctx.for_seat(a.seat), a.card, a.slot)
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
        combat = spendable(ctx.state, ctx.seat, "combat")  # (a team's pooled combat)
        if combat > 0 or (scraps and prof.scrap_abilities):
            if scraps and prof.scrap_abilities:
                act = self.pick_scrap_ability(ctx, scraps, phase="attack")
                if act is not None:
                    return act
            act = attack_plan(ctx, combat).first
            if act is not None and act in legal:
                return act
            if act is not None:  # plan asked for something not offered: fall back
                attacks = [a for a in legal if a.kind in ("attack_player", "attack_base")]
                if attacks:
                    return max(attacks, key=lambda a: (a.kind == "attack_base", a.amount))
        return Action("end_turn", me.index)

    @staticmethod
    def pick_strike(ctx: DecisionContext, strikes: list[Action]) -> Action:
        """Cut an adventure boss's pile (Dimensional Horror's tentacles): sever a pile
        down to its last card first (permanent progress), else shorten the longest pile
        (the boss's combat), cheapest top card on ties."""
        state = ctx.state
        piles = state.boss.piles if state.boss is not None else {}

        def length(a: Action) -> int:
            return next((len(p) for p in piles.values() if a.card in p), 0)

        return max(strikes, key=lambda a: (length(a) == 1, length(a),
                                           -state.cards[a.card].cost, -a.card))

    def play_priority(self, ctx: DecisionContext, iid: int) -> float:
        card = ctx.state.cards[iid]
        if card.is_base:
            return PLAY_BASE
        flags = self.valuer.flags(card, "primary")
        if flags.draw:
            return PLAY_DRAW
        if flags.eats_hand and self.profile.thin:
            return PLAY_EATS_WEAK if self._weak_in_hand(ctx, exclude=iid) else PLAY_EATS_NOTHING
        if flags.choice or flags.conditional:
            return PLAY_CHOICE
        if card.role == "starter":
            return PLAY_STARTER
        return PLAY_PLAIN

    def use_priority(self, ctx: DecisionContext, iid: int, slot: str) -> float:
        flags = self.valuer.flags(ctx.state.card(iid), slot)
        if flags.eats_hand:
            if self.profile.thin and self._weak_in_hand(ctx):
                return USE_EATS_WEAK
            return USE_EATS_NOTHING
        if flags.draw:
            return USE_DRAW
        if flags.copy:
            return USE_COPY
        if flags.choice:
            return USE_CHOICE
        return USE_PLAIN

    @staticmethod
    def _weak_in_hand(ctx: DecisionContext, exclude: int = -1) -> bool:
        cards = ctx.state.cards
        return any(cards[c].role == "starter" for c in ctx.me.hand if c != exclude)

    # -------------------------------------------------------------- scrap abilities

    def pick_scrap_ability(self, ctx: DecisionContext, scraps: list[Action],
                           phase: str) -> Action | None:
        """The scrap ability that gains most over keeping its card, if any gains enough;
        in the ``"buy"`` phase, combat-only scraps wait for the attack."""
        state = ctx.state
        best, best_net = None, SCRAP_MARGIN
        for a in scraps:
            card = state.card(a.card)
            effects = card.ability("scrap")
            flags = self.valuer.flags(card, "scrap")
            if phase == "buy" and flags.attack and not flags.draw and not flags.trade:
                continue  # combat scraps wait for the attack
            mctx = ctx.for_seat(a.seat)  # (a teammate's card in a team turn)
            net = now_value(mctx, effects) - keep_value(mctx, a.card)
            if net > best_net:
                best, best_net = a, net
        return best

    # -------------------------------------------------------------- buying

    def pick_buy(self, ctx: DecisionContext, legal: list[Action]) -> Action | None:
        """The dearest card of the best purchase plan (the rest follow one by one)."""
        buys = [a for a in legal if a.kind == "buy"]
        if not buys:
            return None
        prof = self.profile
        if prof.blunder and self.rng.random() < prof.blunder:
            pick = self.rng.choice(buys)
            return pick if ctx.buy_score(pick.card) > -1.0 else None
        # In a team turn each member may buy with the pooled trade: the card goes to the
        # member whose best plan is worth most (ties: the lead, then turn order).
        buyer, best = ctx.seat, None
        for m in dict.fromkeys(a.seat for a in buys):
            mctx = ctx.for_seat(m)
            plan = buy_plan(mctx, spendable(ctx.state, m))
            if best is None or plan.score > best.score + 1e-9:
                buyer, best = m, plan
        if best is None or not best.cards:
            return None
        top = max(best.cards, key=lambda c: (ctx.state.cards[c].cost, -c))
        for a in buys:
            if a.card == top and a.seat == buyer:
                return a
        return None


def make_easy(seed: int = 0) -> HeuristicPlayer:
    return HeuristicPlayer(seed, EASY)


def make_normal(seed: int = 0) -> HeuristicPlayer:
    return HeuristicPlayer(seed, NORMAL)
