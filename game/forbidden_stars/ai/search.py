"""Forbidden Stars' searching bot (level ``hard``): the heuristic, but its orders and
combat cards are searched — each order token's placement in planning, which of its
orders to reveal next, an Advance's target (or none) before its first move, and the
combat card it plays.

**Determinized worlds.**  The bot sees only its view, so it samples complete games the
view is consistent with (:func:`determinize`): each rival's face-down order tokens on the
board and those still in hand are dealt from what the rival's tokens can be (two of each
order, less those on its event deck or resolving), every combat deck from its five card
types (two copies each, less the cards a combat shows face up), a rival's hand and
face-down card from that pool, every event deck and a rival's drawn cards from the
faction's events (less its face-up Schemes), and the dice from the bot's own generator.
It never reads a hidden entry of the view: only counts and public cards.

**Rollouts.**  The heuristic ranks the legal actions; the best few (the best of each
order or card first, :func:`_candidates`) are each applied in a world — or, for an
Advance, each target the heuristic could pick (and "none") is fixed for it — and every
seat plays on by the heuristic: to the refresh of this round for orders, to the end of
the combat for a card.  The position is valued by :func:`relative` for the bot's seat.

**Sequential halving** (:meth:`HardBot._halving`) spends the rollouts: every candidate
left meets the same new worlds, dice and rollout players (so their difference is the
decision, not the luck), then the worse half is dropped, until two finalists have met
all the budget's worlds; the best mean wins, ties to the heuristic's order.  The close
choices thus get most of the rollouts.

**The budget** (:class:`Budget`: candidates, worlds and a pool of rollout steps, never
time, so a game replays identically on any machine) is one knob: ``HardBot(scale=x)``
(level ``hard@x``) multiplies every count.  More candidates and worlds buy more
rollouts; the step pool ends a search that would outrun it (long 4-seat rounds, large
scales), so the cost follows the budget.  ``nodes`` holds the last decision's steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from game.forbidden_stars.ai.heuristic import NormalBot
from game.forbidden_stars.ai.knowledge import advance_targets, relative
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply, apply_trusted, legal_actions
from game.forbidden_stars.engine.state import HIDDEN, OVER, STORMS, Action, State


@dataclass(frozen=True)
class Budget:
    """How much one search may do: the candidates it weighs, the determinized worlds
    its finalists meet, and the rollout steps (engine actions) it may spend in all."""

    candidates: int
    worlds: int
    steps: int

    def scaled(self, x: float) -> Budget:
        """Every count multiplied by ``x`` (rounded, at least 1): the one strength knob."""
        return Budget(*(max(1, round(n * x)) for n in (self.candidates, self.worlds,
                                                         self.steps)))


# Sequential halving spends these as about 26 / 24 / 15 / 15 rollouts; the step pools
# bind in long rounds (4 seats) and at larger scales, so they are what bounds the CPU.
PLANNING = Budget(candidates=6, worlds=8, steps=3000)
COMBAT = Budget(candidates=5, worlds=8, steps=1600)
OPERATIONS = Budget(candidates=3, worlds=6, steps=1600)
ADVANCE = Budget(candidates=3, worlds=6, steps=1600)


def _deal(rng: Rng, pool: list[str], slots: int, fallback: list[str]) -> list[str]:
    """``slots`` cards drawn from ``pool`` (shuffled); short of cards, from ``fallback``."""
    cards = list(pool)
    rng.shuffle(cards)
    while len(cards) < slots and fallback:
        cards.append(fallback[rng.below(len(fallback))])
    return cards[:slots]


def _minus(pool: Counter[str], seen: list[str]) -> None:
    for card in seen:
        if card != HIDDEN and pool[card] > 0:
            pool[card] -= 1


def determinize(view: State, seat: int, rng: Rng) -> State:
    """A complete game consistent with ``view`` (the seat's player view), its hidden
    parts dealt by ``rng``."""
    w = view.clone()
    w.rng = Rng(rng.next_u64())
    rules = w.rules
    c = w.combat
    for p in w.players:
        # combat cards: the deck's five types, two copies each, less those in a combat
        side = c.sides.get(p.seat) if c is not None else None
        pool: Counter[str] = Counter(t for t in p.combat_types for _ in range(2))
        if side is not None:
            _minus(pool, [*side.played, *side.icon_cards, *side.discard, *side.hand,
                          side.chosen])
        dealt = _deal(rng, list(pool.elements()), len(p.combat_deck)
                      + (side.hand.count(HIDDEN) + (side.chosen == HIDDEN)
                         if side is not None else 0), list(p.combat_types))
        p.combat_deck, dealt = dealt[:len(p.combat_deck)], dealt[len(p.combat_deck):]
        if side is not None:
            side.hand = [dealt.pop() if x == HIDDEN else x for x in side.hand]
            if side.chosen == HIDDEN:
                side.chosen = dealt.pop()
        # event cards: the faction's, less its face-up Schemes and the drawn ones it shows
        events = Counter(e.id for e in rules.events.values() if e.faction == p.faction)
        _minus(events, [*p.schemes, *p.drawn])
        hidden_drawn = p.drawn.count(HIDDEN)
        dealt = _deal(rng, list(events.elements()), len(p.event_deck) + hidden_drawn,
                      sorted(e.id for e in rules.events.values() if e.faction == p.faction))
        p.event_deck = dealt[:len(p.event_deck)]
        rest = dealt[len(p.event_deck):]
        p.drawn = [rest.pop() if x == HIDDEN else x for x in p.drawn]
        if p.seat != seat:
            _orders(w, p.seat, rng)
    return w


def _orders(w: State, seat: int, rng: Rng) -> None:
    """A rival's face-down tokens on the board and in hand, dealt from what they can be."""
    p = w.players[seat]
    tokens: Counter[str] = Counter({o.id: o.value for o in w.rules.orders.values()})
    _minus(tokens, [o for o, k in p.on_event_deck.items() for _ in range(k)])
    if w.order is not None and w.order.seat == seat and w.order.token:
        _minus(tokens, [w.order.token])
    spots = [(s, i) for s, stack in sorted(w.stacks.items())
             for i, (owner, order) in enumerate(stack) if owner == seat and order == HIDDEN]
    in_hand = p.orders.get(HIDDEN, 0)
    dealt = _deal(rng, list(tokens.elements()), len(spots) + in_hand, sorted(tokens))
    for (s, i), order in zip(spots, dealt, strict=False):
        w.stacks[s][i] = (seat, order)
    p.orders = {o: 0 for o in w.rules.orders}
    for order in dealt[len(spots):]:
        p.orders[order] += 1


def _horizon(kind: str, start_round: int) -> Callable[[State], bool]:
    if kind in ("place", "reveal"):
        return lambda s: s.step in (OVER, STORMS) or s.round != start_round
    return lambda s: s.combat is None or s.step == OVER


Plan = tuple[Action | None, tuple[tuple[int, str, int], str] | None]


class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, planning: Budget = PLANNING,
                 combat: Budget = COMBAT, operations: Budget | None = OPERATIONS,
                 advance: Budget | None = ADVANCE, scale: float = 1.0) -> None:
        if scale <= 0:
            raise ValueError(f"a hard bot's scale must be positive, not {scale}")
        self.rng = Rng(seed)
        self.normal = NormalBot(seed ^ 0x5EED)
        self.scale = scale
        self.budgets = {"place": planning.scaled(scale), "play": combat.scaled(scale)}
        if operations is not None:  # which order to reveal next
            self.budgets["reveal"] = operations.scaled(scale)
        self.advance = advance.scaled(scale) if advance is not None else None
        self.nodes = 0  # rollout steps of the last search

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.nodes = 0
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        budget = self.budgets.get(kind)
        if budget is not None:
            return self.search(view, legal, budget)
        o = view.order
        if self.advance is not None and self.advance.candidates > 1 and o is not None \
                and o.order == "advance" and view.combat is None and \
                o.phase in ("ships", "ground") and \
                (view.round, o.system, o.seat) not in self.normal.target and \
                any(a.kind == "move" for a in legal):
            self.plan_advance(view, legal[0].seat, self.advance)
        return self.normal.choose(view, legal)

    def search(self, view: State, legal: list[Action], budget: Budget) -> Action:
        """The candidate whose rollouts leave the seat best placed."""
        seat = legal[0].seat
        candidates = _candidates(self.normal.scored(view, legal), budget.candidates)
        if len(candidates) == 1:
            return candidates[0]
        best = self._halving(view, seat, [(a, None) for a in candidates], budget,
                             _horizon(legal[0].kind, view.round))
        return candidates[best]

    def plan_advance(self, view: State, seat: int, budget: Budget) -> None:
        """An Advance's target (or none), chosen by rollouts before its first move; the
        heuristic then moves towards it."""
        o = view.order
        assert o is not None
        key = (view.round, o.system, o.seat)
        targets = [t for v, t in advance_targets(view, seat, o.system) if v > 0.5]
        plans = [*targets[:max(1, budget.candidates - 1)], ""]
        if len(plans) > 1:
            best = self._halving(view, seat, [(None, (key, t)) for t in plans], budget,
                                 _horizon("place", view.round))
            self.normal.target[key] = plans[best]
        else:
            self.normal.target[key] = ""

    def _halving(self, view: State, seat: int, plans: list[Plan], budget: Budget,
                 done: Callable[[State], bool]) -> int:
        """The index of the best plan by sequential halving with common worlds: every
        plan left meets the same new worlds each round, then the worse half is dropped,
        so the close finalists get the most worlds (``budget.worlds`` by the last
        round).  The step pool (``budget.steps``) ends the search when it runs dry; a
        world not every plan left has finished is dropped, so the means compare like with
        like.  Ties go to the heuristic's order."""
        alive = list(range(len(plans)))
        rounds = max(1, (len(plans) - 1).bit_length())  # ⌈log2 plans⌉
        totals = [0.0] * len(plans)
        worlds = 0
        for r in range(rounds):
            goal = max(worlds + 1, -(-budget.worlds // (1 << (rounds - 1 - r))))
            while worlds < goal:
                world = determinize(view, seat, self.rng)
                seed = self.rng.next_u64()
                values = []
                for k in alive:
                    value = self._play(world, seed, plans[k], seat, done,
                                       budget.steps - self.nodes)
                    if value is None:  # the pool ran dry: keep only complete worlds
                        return _best(alive, totals)
                    values.append(value)
                for k, value in zip(alive, values, strict=True):
                    totals[k] += value
                worlds += 1
            if r < rounds - 1:  # keep the better half (stable sort: heuristic order)
                ranked = sorted(alive, key=lambda k: -totals[k])
                alive = sorted(ranked[:-(-len(alive) // 2)])
        return _best(alive, totals)

    def _play(self, world: State, seed: int, plan: Plan, seat: int,
              done: Callable[[State], bool], pool: int) -> float | None:
        """One plan's value in one world (its action applied or its Advance target fixed
        for the heuristic, then heuristic play in every seat to the horizon), or None
        when the pool's ``pool`` steps do not reach the horizon."""
        action, target = plan
        if pool <= 0:
            return None
        sim = world.clone()
        policy = NormalBot(seed, rollout=True)
        if target is not None:
            policy.target[target[0]] = target[1]
        if action is not None:
            apply(sim, action)
            self.nodes += 1
            pool -= 1
        n = self._rollout(sim, policy, done, pool)
        self.nodes += n
        if n >= pool and not done(sim):
            return None
        return relative(sim, seat)

    @staticmethod
    def _rollout(sim: State, policy: NormalBot, done: Callable[[State], bool],
                 steps: int) -> int:
        n = 0
        while n < steps and not done(sim):
            legal = legal_actions(sim)
            action = legal[0] if len(legal) == 1 else policy.choose(sim, legal)
            apply_trusted(sim, action)
            n += 1
        return n


def _best(alive: list[int], totals: list[float]) -> int:
    """The plan left with the best total (they met the same worlds); ties to the first."""
    return max(alive, key=lambda k: (totals[k], -k))


def _candidates(scored: list[tuple[float, Action]], k: int) -> list[Action]:
    """The heuristic's best ``k``, but the best of each kind of order (or card) first, so
    the search weighs different plans, not near-copies of one."""
    ranked = [a for _, a in sorted(scored, key=lambda x: -x[0])]
    out: list[Action] = []
    seen: set[str] = set()
    for a in ranked:
        if a.card not in seen and len(out) < k:
            seen.add(a.card)
            out.append(a)
    for a in ranked:
        if len(out) >= k:
            break
        if a not in out:
            out.append(a)
    return out
