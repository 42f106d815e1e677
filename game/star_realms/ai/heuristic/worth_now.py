"""What effects are worth at this moment of the turn, rather than on average: trade by what
more it would buy, combat by how much better the attack gets.  Used to time one-shot scrap
abilities and to pick between the options of a choice."""

from __future__ import annotations

from game.star_realms.ai.heuristic.context import DecisionContext
from game.star_realms.ai.heuristic.plans import attack_plan, buy_plan
from game.star_realms.ai.knowledge import (
    allies_unlocked,
    base_lifetime,
    clamp,
    effect_value,
    effects_value,
    plain_gain,
    spendable,
)
from game.star_realms.engine.cards import Effects, kind_matches
from game.star_realms.engine.state import EMPTY, HIDDEN
from game.star_realms.engine.targets import base_targets


def now_value(ctx: DecisionContext, effects: Effects) -> float:
    """What resolving ``effects`` right now is worth in this position."""
    weights = ctx.weights
    trade = plain_gain(effects, "trade")
    combat = plain_gain(effects, "combat")
    v = 0.0
    if trade:
        v += trade_gain(ctx, spendable(ctx.state, ctx.seat), trade)
    if combat:
        v += combat_gain(ctx, spendable(ctx.state, ctx.seat, "combat"), combat)
    for op, params in effects:
        if op in ("trade", "combat") and isinstance(params, int):
            continue  # counted above
        if op == "destroy_base":
            targets = base_targets(ctx.state, ctx.seat)
            v += max((ctx.base_value(b) for b in targets), default=0.0)
            continue
        if op == "acquire_free":
            offers = [c for c in ctx.state.trade_row if c not in (EMPTY, HIDDEN)
                      and ctx.state.cards[c].cost <= params["max_cost"]
                      and kind_matches(ctx.state.cards[c].type, params["kinds"])]
            v += max((ctx.buy_score(c) for c in offers), default=0.0) * ctx.future_draws()
            continue
        if op == "allies_of":  # a hero: the ally abilities it makes usable now
            v += unlocked_value(ctx, params)
            continue
        v += effect_value(op, params, weights)
    return v


def unlocked_value(ctx: DecisionContext, faction: str) -> float:
    """Worth of the ally abilities of ``faction`` a hero's scrap would make usable now."""
    state, weights = ctx.state, ctx.weights
    return sum(effects_value(state.card(iid).ability(slot), weights)
               for iid, slot in allies_unlocked(state, ctx.seat, faction))


def keep_value(ctx: DecisionContext, iid: int) -> float:
    """What a card in play is still worth if it is not scrapped (a hero: what using it on
    a better turn is expected to bring, while the game lasts)."""
    card = ctx.state.cards[iid]
    if card.is_hero:
        return ctx.hero_value(card) * clamp((ctx.horizon() - 1.0) / 2.0)
    if card.is_base and iid in ctx.me.bases:
        worth = ctx.player.valuer.slots(card, ctx.weights)
        per_turn = worth.primary + 0.5 * worth.ally
        return per_turn * min(ctx.horizon() - 1, base_lifetime(card)) * 0.8
    return max(ctx.card_value(iid), 0.0) * ctx.future_draws()


def trade_gain(ctx: DecisionContext, trade: int, extra: int) -> float:
    """Worth of ``extra`` trade on top of ``trade``: the better purchases it allows."""
    before = buy_plan(ctx, trade).score
    after = buy_plan(ctx, trade + extra).score
    return (after - before) * ctx.future_draws()


def combat_gain(ctx: DecisionContext, combat: int, extra: int) -> float:
    """Worth of ``extra`` combat on top of ``combat``: the better attack it allows."""
    before = attack_plan(ctx, combat).value
    after = attack_plan(ctx, combat + extra).value
    return after - before
