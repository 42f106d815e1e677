"""What to do with the turn's trade and combat: the best set of purchases for an amount of
trade, and the best use of an amount of combat (lethal first, then bases worth more than
the damage, then the most threatening opponent's authority; ties between seats at random)."""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from game.star_realms.ai.heuristic.context import DecisionContext
from game.star_realms.ai.heuristic.profiles import LETHAL
from game.star_realms.ai.knowledge import kill_cost, outpost_wall
from game.star_realms.engine.state import EMPTY, HIDDEN, Action
from game.star_realms.engine.targets import attackable_players, base_targets, remaining_defense


class Offer(NamedTuple):
    card: int  # instance id
    price: int
    score: float  # buy score (with an Easy player's noise)


class BuyPlan(NamedTuple):
    score: float  # summed buy scores of the cards
    cards: list[int]  # what to buy (instance ids), best first; Explorers last


class AttackPlan(NamedTuple):
    value: float  # what spending the combat this way is worth (LETHAL for a kill)
    first: Action | None  # the first attack of the plan, None when nothing is worth it


def buy_plan(ctx: DecisionContext, trade: int, exclude: frozenset[int] = frozenset()
             ) -> BuyPlan:
    """Best set of purchases for ``trade`` from the trade row and the Explorers (kept for
    the rest of the decision: its position does not change, and the plan is asked for
    again when timing scrap abilities, then buying; not with noisy scores, which draw
    from the player's generator every time)."""
    if ctx.player.profile.noise:
        return _buy_plan(ctx, trade, exclude)
    key = (trade, exclude)
    got = ctx.plans.get(key)
    if got is None:
        got = ctx.plans[key] = _buy_plan(ctx, trade, exclude)
    return got


def _buy_plan(ctx: DecisionContext, trade: int, exclude: frozenset[int]) -> BuyPlan:
    state = ctx.state
    cards = state.cards
    offers: list[Offer] = []
    prof = ctx.player.profile
    price = state.format.price  # (a campaign scenario may change what cards cost)
    for c in state.trade_row:
        if c in (EMPTY, HIDDEN) or c in exclude:
            continue
        cost = price(state, ctx.seat, c)
        if cost <= trade:
            score = ctx.buy_score(c)
            if prof.noise:
                score += (ctx.player.rng.random() - 0.5) * 2 * prof.noise
            if score > 0:
                offers.append(Offer(c, cost, score))
    explorer = state.explorers[-1] if state.explorers else None
    explorer_score = 0.0
    explorer_cost = 99
    if explorer is not None and cards[explorer].cost <= trade:
        explorer_cost = cards[explorer].cost
        explorer_score = ctx.buy_score(explorer)
    best = BuyPlan(0.0, [])
    offers.sort(key=lambda o: -o.score)
    offers = offers[:6]  # every combination of the six best is still cheap to try
    cheapest = min((o.price for o in offers), default=1)
    most = min(len(offers), trade // max(cheapest, 1))
    use_explorers = explorer is not None and explorer_score > 0 and explorer_cost > 0
    for r in range(most + 1):
        for combo in combinations(offers, r):
            cost = 0
            val = 0.0
            for offer in combo:
                cost += offer.price
                val += offer.score
            if cost > trade:
                continue
            n_explorers = 0
            if use_explorers:  # the change goes on Explorers, each worth a little less
                n_explorers = min((trade - cost) // explorer_cost, len(state.explorers), 3)
                val += n_explorers * explorer_score * (1.0 - 0.1 * max(n_explorers - 1, 0))
            if val > best.score + 1e-9:
                plan = [offer.card for offer in combo]
                if n_explorers:
                    plan += [explorer] * n_explorers  # type: ignore[list-item]
                best = BuyPlan(val, plan)
    return best


def attack_plan(ctx: DecisionContext, combat: int) -> AttackPlan:
    """Value of spending ``combat`` now and the first attack of the best plan."""
    state, seat = ctx.state, ctx.seat
    if combat <= 0:
        return AttackPlan(0.0, None)
    prof = ctx.player.profile
    # Lethal: the cheapest opponent to eliminate outright.
    best_kill = None
    kills = [(kill_cost(state, t), t) for t in ctx.opponent_seats]
    kills = [k for k in kills if k[0] <= combat]
    if kills:  # the cheapest kill; between equally cheap ones, the bigger threat
        cheapest = min(need for need, _ in kills)
        best_kill = ctx.order.best([k for k in kills if k[0] == cheapest], lambda k: k[1])
    if best_kill is not None and (prof.lethal or not outpost_wall(state, best_kill[1])):
        t = best_kill[1]
        if t in attackable_players(state, seat):
            return AttackPlan(LETHAL, Action("attack_player", seat, target=t, amount=combat))
        shields = state.format.protectors(state, t)
        outposts = [b for b in base_targets(state, seat)
                    if state.cards[b].outpost and state.owner_of_base(b) in shields]
        outposts = [b for b in outposts if remaining_defense(state, b) <= combat]
        if outposts:
            return AttackPlan(LETHAL, Action(
                "attack_base", seat, card=max(outposts, key=lambda b: remaining_defense(state, b))))
    face_weight = 0.6 + 0.8 * ctx.phase.late if prof.smart_attacks else 1.0
    players = attackable_players(state, seat)
    bases = [b for b in base_targets(state, seat) if 0 < remaining_defense(state, b) <= combat]
    best_val, best_act = 0.0, None
    if players:  # the most threatening opponent (never the lowest seat by default)
        t = ctx.order.best(players, lambda p: p)
        best_val = combat * face_weight
        best_act = Action("attack_player", seat, target=t, amount=combat)
    values: dict[int, float] = {}
    for b in bases:
        d = remaining_defense(state, b)
        card = state.cards[b]
        if prof.smart_attacks:
            val = ctx.base_value(b) + (combat - d) * face_weight
            if card.outpost and not players:
                val += 0.5 * (combat - d) * face_weight  # it opens the way
        else:  # outposts first, then the player, then other bases
            val = (combat + 5.0 + d) if card.outpost else (0.5 if not players else -1)
        values[b] = val
    if values and max(values.values()) > best_val:
        best_val = max(values.values())
        tied = [b for b, v in values.items() if v == best_val]
        best_act = Action("attack_base", seat,
                          card=ctx.order.best(tied, state.owner_of_base))
    return AttackPlan(best_val, best_act)
