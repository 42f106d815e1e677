"""Arcs' search bot (level ``hard``): heuristic-policy rollouts over determinized futures.

The heuristic (:mod:`game.arcs.ai.heuristic`) judges map actions by looking one action
ahead and plays its cards by rule; the card play (lead, follow, declare, seize, the
2-player redraw) is where a look further ahead pays most.  At those steps this bot:

1. ranks the legal actions with the heuristic's own card scores and keeps the best few
   (:data:`CANDIDATES`), so the budget goes to plausible plays;
2. samples :data:`WORLDS` determinizations of its player view
   (:func:`determinize`): every card it cannot see is dealt again from the cards it
   knows are unaccounted for (the action deck of this player count less its hand, the
   cards face up on the table and those it saw face up earlier this chapter), keeping
   every pile's size; the court deck likewise; the generator is its own;
3. plays each candidate in each world (the same worlds and dice for every candidate,
   so their difference is not luck of the deal) and rolls the game on with heuristic
   players in every seat until the round ends (:data:`HORIZON`), then scores the
   position it reaches (:func:`outcome`: the heuristic's ``position_value``, the cards
   left in hand, the initiative) — after the chapter's real scoring if it ended;
   by sequential halving (:meth:`HardBot._search`): all candidates in half the worlds,
   then the better half in as many worlds again, so the rollouts go to the close calls;
4. picks the candidate with the best mean, ties to the heuristic's order.

On the map it takes the heuristic's choice unless the heuristic's best few actions
score within :data:`ACT_MARGIN` of each other: those are searched the same way, in
fewer worlds.  Battle dice, hyperjumps, discards and the draft are the heuristic's.

The budget is counted in rollout decisions, never in wall time, so a game is the same
on a busy or an idle machine, and it belongs to the turn: :data:`TURN_BUDGET` shared by
the turn's searched decisions, each taking at most :data:`NODE_BUDGET` of what is left
(:meth:`HardBot._count_turn` tells the turns apart by what only a rival changes).
``HardBot(scale=X)`` (the bench's ``hard@X``) multiplies every count of that budget —
the worlds, the node and turn budgets, the floor below which it stops searching.
Nothing reads the hidden parts of the view: the worlds are built from what the rules
let this seat see, so a view with other hidden contents gives the same choice
(tests/test_arcs_ai_search.py).
"""

from __future__ import annotations

from collections.abc import Callable

from game.arcs.ai.heuristic import NormalBot
from game.arcs.ai.knowledge import card_keep_value, pick_best, position_value
from game.arcs.engine import battle, rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import acting_seat, legal_actions
from game.arcs.engine.state import (
    ACT,
    DECIDE,
    FOLLOW,
    HIDDEN,
    LEAD,
    OVER,
    REDRAW,
    Action,
    State,
)

CANDIDATES = 4  # the heuristic's best card plays searched (the rest rarely win)
WORLDS = 6  # determinizations per decision
NODE_BUDGET = 500  # rollout decisions per searched decision, at most
TURN_BUDGET = 560  # rollout decisions per turn, shared by its searched decisions
MIN_SEARCH = 40  # fewer rollout decisions left this turn: the heuristic decides
ROLLOUT_CAP = 80  # decisions in one rollout before it is cut (a round is ~10-30)
HAND_WEIGHT = 0.6  # a card kept in hand, per unit of its keep value (tenths of Power)
INITIATIVE = 3.0  # holding the initiative at the round's end (tenths of Power)
HORIZON = "round"  # "round": roll out to the round's end; "chapter": to its scoring
ACT_SEARCH = True  # search the map actions whose heuristic scores are close
ACT_CANDIDATES = 3  # map actions searched at most
ACT_WORLDS = 3  # determinizations per searched map decision
ACT_MARGIN = 4.0  # tenths of Power: farther behind the best, a map action is not searched
SEARCHED = (LEAD, FOLLOW, DECIDE, REDRAW)


def scaled(count: int, scale: float) -> int:
    """A budget count times ``scale``, rounded half up (not to even), at least 1."""
    return max(1, int(count * scale + 0.5))


class Stopped(Exception):
    """A search given up on request (:attr:`HardBot.stop`): the table closed, or the game
    moved on while the bot was thinking in a worker thread."""


class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, worlds: int = WORLDS, candidates: int = CANDIDATES,
                 budget: int = NODE_BUDGET, act_margin: float = ACT_MARGIN,
                 act_candidates: int = ACT_CANDIDATES, turn_budget: int = TURN_BUDGET,
                 act_worlds: int = ACT_WORLDS, scale: float = 1.0) -> None:
        self.rng = Rng(seed)
        self.heuristic = RolloutBot(seed ^ 0x5A5A)
        # ``scale`` multiplies every count of the budget (the ladder's one knob): the
        # worlds too, or a larger node budget would buy nothing (the round-robin stops
        # when the worlds run out); the candidates are breadth, not budget, and stay
        self.scale = scale
        self.worlds = scaled(worlds, scale)
        self.candidates = candidates
        self.budget = scaled(budget, scale)
        self.act_margin = act_margin
        self.act_candidates = act_candidates
        self.act_worlds = scaled(act_worlds, scale)
        self.turn_budget = scaled(turn_budget, scale)
        self.min_search = scaled(MIN_SEARCH, scale)
        self.nodes = 0  # rollout decisions spent by the last choice (for the benchmark)
        # set from another thread to give up the search under way (raises Stopped);
        # read between rollouts, so it never changes a search it does not end
        self.stop = False
        # the turn being played (see _count_turn) and the rollout decisions left in it
        self._turn: tuple[object, ...] | None = None
        self.left = self.turn_budget  # (refilled by _count_turn each turn)
        # face-up action cards seen this chapter (they lie in the face-down discard now)
        self._chapter = -1
        self._seen: set[str] = set()
        self._redraw_hand: list[str] = []  # its hand at this chapter's redraw choice

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.nodes = 0
        seat = legal[0].seat
        self._remember(view, seat)
        self._count_turn(view, seat)
        if len(legal) == 1:
            return legal[0]
        if self._map_step(view, legal):
            action = self._map(view, legal)
        elif view.step not in SEARCHED or view.overflow != -1 \
                or self.left < self.min_search:
            action = self.heuristic.choose(view, legal)
        else:
            ranked = self._ranked(view, legal)
            action = ranked[0] if len(ranked) == 1 else self._search(
                view, ranked[:self.candidates], self.worlds)
        self.left -= self.nodes
        return action

    # ------------------------------------------------------------------ the turn

    def _count_turn(self, view: State, seat: int) -> None:
        """A new turn gets a fresh :attr:`turn_budget`.  The turn is known by what only
        a rival's turn changes: the chapter and the rivals' hand sizes (a rival plays a
        card to take a turn; a new chapter deals new hands).  So the budget is never
        refilled while this seat acts on — through a seized initiative into its next
        lead, or from its 2-player redraw into its lead —, and two turns share one only
        when a rival acted without playing a card (it had none left, or it discarded a
        resource)."""
        key = (view.chapter, *(len(p.hand) for p in view.players if p.index != seat))
        if key != self._turn:
            self._turn = key
            self.left = self.turn_budget

    # ------------------------------------------------------------------ what it knows

    def _remember(self, view: State, seat: int) -> None:
        if view.chapter != self._chapter:
            self._chapter = view.chapter
            self._seen = set()
            self._redraw_hand = []
        for s, c, mode in view.plays:
            if mode != "copy" or s == seat:
                self._seen.add(c)
        self._seen.update(c for s, c in view.seize_cards if s == seat)
        if view.step == REDRAW and acting_seat(view) == seat:
            # the hand it may throw away goes to the discard: it will know those cards
            self._redraw_hand = list(view.players[seat].hand)

    # ------------------------------------------------------------------ the map

    @staticmethod
    def _map_step(view: State, legal: list[Action]) -> bool:
        """An action on the map the heuristic judges by the position it leaves."""
        return (ACT_SEARCH and view.step == ACT and view.battle is None
                and view.jump is None and view.overflow == -1
                and any(a.kind != "discard" for a in legal))

    def _map(self, view: State, legal: list[Action]) -> Action:
        """The heuristic's choice, unless its best few are close: then searched."""
        scored = self.heuristic.position_scores(view, legal)
        scored.sort(key=lambda t: -t[0])
        close = [a for s, a in scored[:self.act_candidates]
                 if s >= scored[0][0] - self.act_margin]
        if len(close) < 2 or self.left < self.min_search:
            return pick_best(self.heuristic.rng, scored)
        return self._search(view, close, self.act_worlds)

    # ------------------------------------------------------------------ candidates

    def _ranked(self, view: State, legal: list[Action]) -> list[Action]:
        """The legal actions, the heuristic's favourite first (its card scores)."""
        h = self.heuristic
        score: Callable[[State, Action], float]
        if view.step == LEAD:
            score = h._lead
        elif view.step == FOLLOW:
            score = h._follow
        elif view.step == DECIDE:
            score = h._decide
        else:
            return sorted(legal, key=lambda a: a.kind != h._redraw(view, legal).kind)
        scored = [(score(view, a), i, a) for i, a in enumerate(legal)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [a for _, _, a in scored]

    # ------------------------------------------------------------------ the search

    def _search(self, view: State, candidates: list[Action], worlds_n: int) -> Action:
        """Sequential halving with common random numbers: every candidate is played in
        the first half of ``worlds_n`` worlds (the same worlds and dice for each), then
        the better half (at least two) in ``worlds_n`` more, so the rollouts go where
        the choice is close; the node budget may end either round after a whole world."""
        seat = candidates[0].seat
        known = self._known_discards(view, seat)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        allowed = min(self.budget, self.left)
        alive = list(range(len(candidates)))
        for round_worlds in ((worlds_n + 1) // 2, worlds_n):
            for _ in range(round_worlds):
                if self.nodes >= allowed and min(counts[c] for c in alive) > 0:
                    break
                world = determinize(view, seat, known, self.rng)
                seed = self.rng.next_u64()
                for c in alive:
                    if self.stop:
                        raise Stopped
                    value, used = rollout(world, candidates[c], seat, seed)
                    totals[c] += value
                    counts[c] += 1
                    self.nodes += used
            if self.nodes >= allowed:
                break
            # the better half goes on (ties to the heuristic's order: ranked candidates)
            alive.sort(key=lambda c: (-totals[c] / counts[c], c))
            alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
        means = {c: totals[c] / counts[c] for c in alive}
        best = max(means.values())
        # ties (within a hair) go to the heuristic's order: the candidates are ranked
        return candidates[next(c for c in alive if means[c] >= best - 1e-9)]

    def _known_discards(self, view: State, seat: int) -> list[str]:
        """Cards it knows lie in the face-down discard: seen face up this chapter and
        no longer on the table, and its own hand if it redrew it."""
        on_table = {c for s, c, mode in view.plays if mode != "copy" or s == seat}
        on_table |= {c for s, c in view.seize_cards if s == seat}
        mine = set(view.players[seat].hand)
        known = [c for c in sorted(self._seen) if c not in on_table and c not in mine]
        if view.step != REDRAW:  # if it took a new hand, the old one is in the discard
            known += [c for c in self._redraw_hand if c not in mine and c not in known
                      and c not in on_table]
        return known


def apply_trusted(state: State, action: Action) -> None:
    """:func:`~game.arcs.engine.rules.apply` without its legality check, for actions just
    taken from ``legal_actions`` of this very state (the check recomputes them: half of a
    rollout's time).  No log.  ``tests/test_arcs_ai_search.py`` checks it changes a game
    exactly as ``apply`` does."""
    state.events = []
    rules._HANDLERS[action.kind](state, action)
    battle.settle_outrage(state)


class RolloutBot(NormalBot):
    """The heuristic, judging its candidate actions with :func:`apply_trusted` (they are
    legal: they come from ``legal_actions``), and a resource's worth by the moves worth
    judging only (:func:`~game.arcs.ai.heuristic._fewer_moves`, as its other choices):
    the heuristic weighs every split of every fleet there, half a rollout's time."""

    def _simulate(self, view: State, a: Action) -> State:
        sim = view.clone()
        sim.log = None
        sim.rng = Rng(0x5EED)
        apply_trusted(sim, a)
        return sim

    def _follow_ups(self, sim: State, seat: int) -> list[Action]:
        return _largest_moves(super()._follow_ups(sim, seat))


def _largest_moves(actions: list[Action]) -> list[Action]:
    """The moves among ``actions`` cut to one per source and target, the most ships:
    a resource's worth is judged by the best action it pays for, and a psionic's pays
    for any move (most of the follow-ups: half a rollout's time went to them)."""
    most: dict[tuple[str, str], Action] = {}
    for a in actions:
        if a.kind == "move":
            key = (a.source, a.target)
            b = most.get(key)
            if b is None or (a.fresh + a.damaged, a.fresh) > (b.fresh + b.damaged, b.fresh):
                most[key] = a
    keep = set(map(id, most.values()))
    return [a for a in actions if a.kind != "move" or id(a) in keep]


def determinize(view: State, seat: int, known_discards: list[str], rng: Rng) -> State:
    """A full game consistent with what ``seat`` sees in ``view``: the cards hidden from
    it are dealt at random from those unaccounted for, every pile keeping its size.

    What is hidden is decided by the rules (others' hands but one the seat is looking
    at, others' face-down copies and seizing cards, the decks, the action discard), never
    by reading the hidden entries, so any view with the same visible parts yields the
    same worlds for the same ``rng``.
    """
    assert view.rules is not None
    world = view.clone()
    world.log = None
    world.rng = Rng(rng.next_u64())
    # action cards
    peeked = _peeked(view, seat)
    visible = list(world.players[seat].hand)
    if peeked >= 0:
        visible += view.players[peeked].hand
    visible += [c for s, c, mode in view.plays if mode != "copy" or s == seat]
    visible += [c for s, c in view.seize_cards if s == seat]
    pool = [c.id for c in view.rules.deck(view.n)]
    _remove(pool, visible)
    rng.shuffle(pool)
    # cards known to be in the discard go there first
    known = [c for c in known_discards if c in pool][:len(view.action_discard)]
    _remove(pool, known)
    discard = known + [pool.pop() for _ in range(len(view.action_discard) - len(known))]
    rng.shuffle(discard)
    world.action_discard = discard
    for p in world.players:
        if p.index not in (seat, peeked):
            p.hand = [pool.pop() for _ in p.hand]
    world.plays = [(s, pool.pop() if mode == "copy" and s != seat else c, mode)
                   for s, c, mode in view.plays]
    world.seize_cards = [(s, c if s == seat else pool.pop()) for s, c in view.seize_cards]
    world.action_deck = [pool.pop() for _ in view.action_deck]
    # the court deck: every court card not in sight, shuffled
    in_sight = [slot.card for slot in view.court if slot is not None]
    in_sight += view.court_discard
    for p in view.players:
        in_sight += p.guild
    in_sight += [g for _, g, _ in view.attached]
    court = [c.id for c in view.rules.court]
    _remove(court, in_sight)
    rng.shuffle(court)
    while len(court) < len(view.court_deck):  # never expected: keep the pile's size
        court.append(view.rules.court[rng.below(len(view.rules.court))].id)
    world.court_deck = court[:len(view.court_deck)]
    return world


def _peeked(view: State, seat: int) -> int:
    """The rival whose hand the seat is looking at (Farseers), or -1."""
    peek = getattr(view, "peek", None)
    return peek[1] if peek is not None and peek[0] == seat else -1


def _remove(pool: list[str], cards: list[str]) -> None:
    for c in cards:
        if c != HIDDEN and c in pool:
            pool.remove(c)


def rollout(world: State, action: Action, seat: int, seed: int) -> tuple[float, int]:
    """Play ``action`` in a copy of ``world`` and let heuristic players carry on to the
    end of the round (or the chapter, or the game); the value for ``seat`` and the
    decisions taken."""
    state = world.clone()
    state.rng = Rng(seed)  # the same dice for every candidate in this world
    chapter = state.chapter
    apply_trusted(state, action)
    bots = [RolloutBot(seed + s) for s in range(state.n)]
    used = 0
    last = action
    while state.step != OVER and state.chapter == chapter and used < ROLLOUT_CAP:
        if HORIZON == "round" and _round_over(state, last):
            break
        who = acting_seat(state)
        legal = legal_actions(state)
        # the rollout players see the whole world: the heuristic reads no hidden card
        # but its own hand, so this equals giving each its own view, and is cheaper
        last = bots[who].choose(state, legal)
        apply_trusted(state, last)
        used += 1
    return outcome(state, seat, chapter), used + 1


def _round_over(state: State, last: Action) -> bool:
    """A round ended: the initiative was passed, or a lead step waits with no lead card
    after anything but the deal (the redraw choice, the draft)."""
    return last.kind == "pass_initiative" or (
        state.step == LEAD and not state.lead
        and last.kind not in ("redraw", "keep", "draft"))


def outcome(state: State, seat: int, chapter: int) -> float:
    """The value of a rollout's end for ``seat``, in tenths of Power: the position as
    the heuristic values it, plus the cards left in hand against the best rival's and
    the initiative (while the chapter goes on)."""
    if state.step == OVER:
        return 1000.0 if state.winner == seat else -1000.0
    value = position_value(state, seat)
    if state.chapter != chapter:
        return value  # scored: the new hands are dealt at random
    hands = [sum(card_keep_value(state, c) for c in p.hand) for p in state.players]
    value += HAND_WEIGHT * (hands[seat] - max(h for s, h in enumerate(hands) if s != seat))
    if state.initiative == seat:
        value += INITIATIVE
    return value
