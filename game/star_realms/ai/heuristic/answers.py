"""Answering the questions an effect asks: which option, which seat, which cards to
discard or scrap, which base to destroy or copy, which card to take, whether to upgrade."""

from __future__ import annotations

from game.star_realms.ai.gambit_play import faction_pick
from game.star_realms.ai.heuristic.context import DecisionContext
from game.star_realms.ai.heuristic.plans import buy_plan
from game.star_realms.ai.heuristic.profiles import STATIC
from game.star_realms.ai.heuristic.worth_now import now_value
from game.star_realms.ai.knowledge import effects_value, faction_counts, has_op, spendable
from game.star_realms.engine.campaign import CampaignFormat
from game.star_realms.engine.event_ops import decline_loss
from game.star_realms.engine.state import Action


def answer(ctx: DecisionContext, legal: list[Action]) -> Action:
    """The answer to the pending decision ``ctx.state.pending``."""
    decision = ctx.state.pending
    assert decision is not None
    if decision.kind == "option":
        assert decision.effect is not None
        if decision.purpose == "upgrade":
            return _answer_upgrade(ctx, legal)
        if decision.purpose == "faction":  # (Merc Cruiser)
            pick = faction_pick(ctx.state, decision.seat, decision.effect[1]["factions"])
            return next(a for a in legal if a.index == pick)
        if decision.purpose == "may":
            inner = decision.effect[1]
            return legal[0] if effects_value(inner, ctx.weights) >= 0 else legal[1]
        options = decision.effect[1]
        chooses = [a for a in legal if a.kind == "choose"]
        if ctx.lethal:
            return max(chooses, key=lambda a: (ctx.reach(options[a.index]),
                                               now_value(ctx, options[a.index]), -a.index))
        if ctx.player.profile.smart_choices:
            return max(chooses, key=lambda a: (now_value(ctx, options[a.index]), -a.index))
        return max(chooses, key=lambda a: (effects_value(options[a.index], STATIC), -a.index))
    if decision.kind == "seat":
        seats = [a for a in legal if a.kind == "pick_seat"]
        foes = [a for a in seats if a.target in ctx.opponent_seats]
        if foes:  # the most threatening opponent
            return ctx.order.best(foes, lambda a: a.target)
        others = [a for a in seats if a.target != ctx.seat]
        return (others or seats or legal)[0]
    picks = [a for a in legal if a.kind == "pick"]
    stop = next((a for a in legal if a.kind == "stop"), None)
    if not picks:
        return stop if stop is not None else legal[0]
    purpose = decision.purpose
    if purpose in ("discard_or_lose", "base_or_lose", "put_back", "split"):
        return _answer_event(ctx, picks, stop)
    if purpose == "discard":
        return _answer_discard(ctx, picks, stop)
    if purpose == "scrap":
        return _answer_scrap(ctx, picks, stop)
    if purpose == "destroy_base":
        worth = {a: ctx.base_value(a.card) for a in picks}
        most = max(worth.values())
        return ctx.order.best(sorted((a for a in picks if worth[a] == most),
                                     key=lambda a: a.card),
                              lambda a: ctx.state.owner_of_base(a.card))
    if purpose == "return_base":  # an opponent's best base back to hand, else none
        theirs = [a for a in picks if ctx.state.owner_of_base(a.card) != ctx.seat]
        if not theirs:
            return stop if stop is not None else picks[0]
        return max(theirs, key=lambda a: (ctx.base_value(a.card), -a.card))
    if purpose == "acquire":
        return max(picks, key=lambda a: (ctx.buy_score(a.card), -a.card))
    if purpose == "topdeck":
        return max(picks, key=lambda a: (ctx.card_value(a.card), -a.card))
    if purpose in ("copy_base", "copy_ship"):
        return max(picks, key=lambda a: (_copy_value(ctx, a.card), -a.card))
    return picks[0]


def _answer_upgrade(ctx: DecisionContext, legal: list[Action]) -> Action:
    """A campaign upgrade: worth it when the sticker's effects, over the draws the card
    still has this game, outweigh what the extra trade would otherwise buy; always
    when it completes the scenario's sheet (a political victory)."""
    state = ctx.state
    decision = state.pending
    assert decision is not None and decision.effect is not None
    stickers = decision.effect[1]["stickers"]
    fmt = state.format
    assert isinstance(fmt, CampaignFormat)  # only the campaign asks the upgrade question
    campaign = fmt.campaign
    stop = next(a for a in legal if a.kind == "stop")
    chooses = [a for a in legal if a.kind == "choose"]
    used = fmt.rows_used(state, ctx.seat)
    sheet = next((s for s in campaign.sheets if s.scenario == fmt.spec.scenario), None)
    political = sheet is not None and campaign.scenario(fmt.spec.scenario).political
    trade = spendable(state, ctx.seat)
    extra = fmt.upgrade_cost(ctx.seat, state.cards[decision.source])
    lost = buy_plan(ctx, trade).score - buy_plan(ctx, max(trade - extra, 0)).score
    draws = ctx.future_draws()
    weight = {"primary": 1.0, "upgrade_ally": 0.45, "scrap": 0.6}
    faction = fmt.spec.factions[ctx.seat]

    def gain(a: Action) -> float:
        st = campaign.stickers[stickers[a.index]]
        if political and sheet is not None and st.sheet == sheet.number:
            rows = used | {st.row}
            if all((sheet.number, c) in rows for c in sheet.costs):
                return 1e6  # wins at once
            progress = sum((sheet.number, c) in used for c in sheet.costs)
            bonus = 0.15 * (progress + 1)
        else:
            bonus = 0.0
        value = effects_value(st.effects[faction], ctx.weights) * weight[st.slot]
        return value * draws + bonus

    best = max(chooses, key=lambda a: (gain(a), -a.index))
    return best if gain(best) > lost else stop


def _hand_value(ctx: DecisionContext, iid: int) -> float:
    """Worth of keeping a card in hand for this turn (or the next, for owed discards)."""
    card = ctx.state.cards[iid]
    weights = STATIC if not ctx.player.profile.phase_weights else ctx.weights
    worth = ctx.player.valuer.slots(card, weights)
    v = worth.primary + 0.5 * worth.ally + 0.2 * worth.double_ally
    if card.is_base:
        v *= 1.5
    return v


def _answer_discard(ctx: DecisionContext, picks: list[Action], stop: Action | None) -> Action:
    decision = ctx.state.pending
    assert decision is not None and decision.effect is not None
    params = decision.effect[1]
    worst = min(picks, key=lambda a: (_hand_value(ctx, a.card), a.card))
    if stop is None:
        return worst
    each = params.get("each") or ()  # what each discarded card pays
    if each and ctx.lethal:
        own = ctx.reach(ctx.state.cards[worst.card].ability("primary"))
        if own < ctx.reach(each):
            return worst
    gain = effects_value(each, ctx.weights) if each else 0.0
    if each and has_op(each, ("choose",)):
        gain = max(effects_value(o, ctx.weights) for o in each[0][1]) \
            if each[0][0] == "choose" else gain
    if each and _hand_value(ctx, worst.card) < gain - 0.2:
        return worst
    return stop


def _answer_scrap(ctx: DecisionContext, picks: list[Action], stop: Action | None) -> Action:
    state = ctx.state
    prof = ctx.player.profile
    decision = state.pending
    assert decision is not None and decision.effect is not None
    params = decision.effect[1]
    row = [a for a in picks if a.card in state.trade_row]
    own = [a for a in picks if a.card not in state.trade_row]
    if own:
        hand = set(ctx.me.hand)

        def keep(a: Action) -> tuple[float, bool, int]:
            v = ctx.card_value(a.card) if prof.phase_weights else _hand_value(ctx, a.card)
            return (v, a.card in hand, a.card)

        worst = min(own, key=keep)
        if stop is None and not row:
            return worst
        if prof.thin:
            card = state.cards[worst.card]
            threshold = 1.3 if prof.phase_weights else 1.05
            avg = ctx.deck().average_worth
            weak = card.role == "starter" or (
                prof.phase_weights and keep(worst)[0] < min(threshold, 0.5 * avg)
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
        return max(row, key=lambda a: (_deny_value(ctx, a.card), -a.card))
    if not prof.smart_choices:
        return stop
    plan = buy_plan(ctx, spendable(ctx.state, ctx.seat)).cards
    candidates = [a for a in row if a.card not in plan]
    if not candidates:
        return stop
    pick = max(candidates, key=lambda a: (_deny_value(ctx, a.card), -a.card))
    if _deny_value(ctx, pick.card) >= 5.0:
        return pick
    return stop


def _answer_event(ctx: DecisionContext, picks: list[Action], stop: Action | None) -> Action:
    """The questions of the Crisis events.  Black Hole and Bombardment: give up the card
    (or base) worth least when it is worth less than the authority declining would cost
    (always when that loss would take the last of it); Warp Jump: the drawn card worth
    least goes back on the deck (the best stays in hand)."""
    state = ctx.state
    decision = state.pending
    assert decision is not None and decision.effect is not None
    op, params = decision.effect
    if op in ("draw_put_back", "split_top"):  # (Convert: the worst to discard, then top)
        return min(picks, key=lambda a: (ctx.card_value(a.card), a.card))
    if op == "discard_or_lose":
        per_card = float(params["authority"])

        def worth(a: Action) -> float:
            return _hand_value(ctx, a.card)
    else:  # base_or_lose: a base of one's own, worth its yield over its life
        per_card = float(params)

        def worth(a: Action) -> float:
            return ctx.base_value(a.card)
    cheapest = min(picks, key=lambda a: (worth(a), a.card))
    if stop is None or state.authority(ctx.seat) <= decline_loss(decision.effect):
        return cheapest
    weights = STATIC if not ctx.player.profile.phase_weights else ctx.weights
    return cheapest if worth(cheapest) < per_card * weights.authority else stop


def _deny_value(ctx: DecisionContext, iid: int) -> float:
    """How much an opponent would like this trade-row card (cheap estimate)."""
    card = ctx.state.cards[iid]
    worth = ctx.player.valuer.slots(card, STATIC)
    v = worth.primary + 0.5 * worth.ally + 0.2 * worth.double_ally
    return v * (1.8 if card.is_base else 1.0)


def _copy_value(ctx: DecisionContext, iid: int) -> float:
    """Worth of copying a base in play (Stealth Tower) or a ship played this turn
    (Stealth Needle): its ally ability counts only if one of its factions is among this
    seat's cards in play."""
    card = ctx.state.card(iid)
    worth = ctx.player.valuer.slots(card, ctx.weights)
    mine = faction_counts(ctx.state, ctx.me.in_play + ctx.me.bases)
    allied = any(mine.get(f, 0) for f in card.factions)
    return worth.primary + (worth.ally if allied else 0.0) + 0.3 * worth.double_ally
