"""Hard: determinized Monte Carlo search over the next decision, Normal playouts.

When Normal's choice is a mere "play this card" or "use this ability" the Hard
player takes it: play order rarely matters and Normal already orders draws and
hand-eating cards first.  At every real choice (what to buy or whether to stop
buying, which one-shot scrap abilities to fire, which base or player to hit, how
to answer a card's question) it:

1. lists the distinct candidates (identical cards in the same zone are one
   candidate; buys are the few best by Normal's scores plus "buy nothing more");
2. deals ``samples`` determinizations of its view (hidden hands, deck orders and
   the trade deck guessed from the pools the view lists);
3. in each, plays every candidate forward with the same deal and the same
   shuffles (common random numbers): the rest of its turn and every other seat's
   next turn by the Normal policy, up to the start of its own next turn;
4. scores the end positions with :class:`~game.star_realms.ai.evaluate.Evaluator` (an
   estimated chance to win), dropping candidates that are clearly behind as
   samples come in, and takes the best mean only if its edge over Normal's own
   choice, paired sample by sample, is significant (``confidence`` standard
   errors, at least ``tie_margin``); otherwise Normal's choice stands.

The work is bounded by counts (samples × candidates, actions per playout), never
by the clock, so a seed fixes every choice.  ``scale`` (the level spec ``hard@X``)
multiplies the budget's counts, ``samples`` and ``min_samples``; ``rounds`` deepens
the playouts (to the start of the seat's ``rounds``-th next turn) and is off by
default: two rounds doubled the turn time without a measured gain (docs/ai.md).
One own turn spends at most ``turn_budget`` playout actions on all its searches
together (also scaled); past it the turn's remaining choices are Normal's, so a long
combo turn at a crowded table stays within the time target (issue 41).
A wall-clock ``safety_seconds`` cut-off exists only against pathological
positions and is far above what the tests and benchmarks ever reach.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable

from game.star_realms.ai.determinize import CannotDeterminize, determinize
from game.star_realms.ai.evaluate import Evaluator
from game.star_realms.ai.heuristic import (
    LETHAL,
    NORMAL,
    DecisionContext,
    HeuristicPlayer,
    attack_plan,
    playout_actions,
)
from game.star_realms.ai.knowledge import spendable
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import acting_seat, apply
from game.star_realms.engine.state import Action, State

Candidate = tuple[Action, frozenset[str]]  # root action, what the seat won't do for the turn

BUY, SCRAP = "buy", "scrap"
# Which decisions Hard searches (an ablation knob: docs/ai.md measures each part's share):
# all of them, only those with a buy on offer, or all but those.
SEARCH_PARTS = ("all", "buys", "others")


class HardPlayer:
    """Search-based level.  ``samples`` determinizations per searched decision, at most
    ``max_candidates`` candidates each; ``min_samples`` before pruning starts; playouts
    run to the start of the seat's ``rounds``-th next turn (``horizon="round"``) or only
    to the end of its current turn (``"turn"``, for cheap soak tests).  ``scale``
    multiplies ``samples`` and ``min_samples`` (rounded, at least 1)."""

    name = "hard"

    def __init__(self, seed: int = 0, samples: int = 16, max_candidates: int = 6,
                 min_samples: int = 4, max_buys: int = 4, playout_actions: int = 200,
                 horizon: str = "round", rounds: int = 1, safety_seconds: float = 5.0,
                 tie_margin: float = 0.004, confidence: float = 1.0, scale: float = 1.0,
                 turn_budget: int = 10_000, buy_rounds: int | None = None,
                 search_part: str = "all"):
        if horizon not in ("round", "turn"):
            raise ValueError(f"horizon must be 'round' or 'turn', not {horizon!r}")
        if search_part not in SEARCH_PARTS:
            raise ValueError(f"search_part must be one of {SEARCH_PARTS}, not {search_part!r}")
        self.rng = Rng(seed ^ 0x5EA2C4)
        # Ties between seats: candidate order here, and the playout policy's own ties,
        # reseeded per sample so every candidate sees the same ones (common numbers).
        self.tiebreak = random.Random(seed)
        self.heuristic = HeuristicPlayer(seed, NORMAL)
        self.rollout = HeuristicPlayer(seed + 1, NORMAL)
        self.evaluator = Evaluator()
        # ``scale`` is the one strength knob (bench level ``hard@X``): it multiplies the
        # budget's counts -- playouts per candidate and the samples before pruning.
        self.scale = scale
        self.samples = max(1, round(samples * scale))
        self.max_candidates = max_candidates
        self.min_samples = max(1, round(min_samples * scale))
        self.max_buys = max_buys
        self.playout_actions = playout_actions
        self.horizon = horizon
        self.rounds = rounds
        self.buy_rounds = rounds if buy_rounds is None else buy_rounds
        self.search_part = search_part
        self.safety_seconds = safety_seconds
        # Playout actions one own turn may spend on all its searches together: a combo
        # turn with many buys and scraps would otherwise search each at full price
        # (issue 41: turn max <= 3 s).  Counted, never timed, so games replay.
        self.turn_budget = max(1, round(turn_budget * scale))
        self._turn: tuple[int, int] | None = None  # (game turn, seat) being spent
        self.turn_spent = 0
        self.tie_margin = tie_margin
        self.confidence = confidence
        # Counters for benchmarks and tests: decisions seen / searched, playouts run,
        # searches abandoned for Normal's choice (views that cannot be determinized).
        self.decisions = 0
        self.searched = 0
        self.playouts = 0
        self.fallbacks = 0

    # ------------------------------------------------------------------ entry

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.decisions += 1
        if len(legal) == 1:
            return legal[0]
        default = self.heuristic.choose(view, legal)
        if default.kind in ("claim", "gambit"):  # (a mission met, a gambit: nothing to weigh)
            return default
        cands = self.candidates(view, legal, default)
        if len(cands) <= 1:
            return default
        turn = (view.turn, acting_seat(view))
        if turn != self._turn:
            self._turn, self.turn_spent = turn, 0
        self.searched += 1
        try:
            return self.search(view, cands, default)
        except CannotDeterminize:
            self.fallbacks += 1
            return default  # a view with hidden parts search cannot deal: play Normal

    # ------------------------------------------------------------------ candidates

    def candidates(self, view: State, legal: list[Action], default: Action) -> list[Candidate]:
        if self.search_part != "all":
            buying = view.pending is None and any(a.kind == "buy" for a in legal)
            if buying != (self.search_part == "buys"):
                return []  # a part left to Normal (ablation)
        if view.pending is not None:
            return self._answer_candidates(view, legal, default)
        if default.kind == "play" or (default.kind == "use" and default.slot != "scrap"):
            return []
        seat = acting_seat(view)  # (in a team turn the lead; the default may be a mate's)
        ctx = DecisionContext(self.heuristic, view, seat)
        combat = spendable(view, seat, "combat")  # (a team turn pools it)
        if default.kind in ("attack_player", "attack_base") and \
                attack_plan(ctx, combat).value >= LETHAL:
            return []  # lethal: nothing to think about
        out: list[Candidate] = [(default, frozenset())]
        buys = [a for a in legal if a.kind == "buy"]
        scraps = [a for a in legal if a.kind == "use" and a.slot == "scrap"]
        # (in a team turn every member lists the same attacks, paid from the same pool)
        attacks = [a for a in legal if a.kind in ("attack_base", "attack_player")
                   and a.seat == seat]
        if buys:
            by_type: dict[str, Action] = {}
            for a in buys:
                by_type.setdefault(view.cards[a.card].id, a)
            ranked = sorted(by_type.values(), key=lambda a: (-ctx.buy_score(a.card), a.card))
            out += [(a, frozenset()) for a in ranked[:self.max_buys]]
            rest = [a for a in legal if a.kind != "buy"]
            out.append((self.heuristic.choose(view, rest), frozenset((BUY,))))
            out += [(a, frozenset()) for a in self._distinct_uses(view, scraps)]
        else:
            out += [(a, frozenset()) for a in self._distinct_uses(view, scraps)]
            if scraps:
                rest = [a for a in legal if not (a.kind == "use" and a.slot == "scrap")]
                out.append((self.heuristic.choose(view, rest), frozenset((SCRAP,))))
            # The most threatening seats first: the list is cut at max_candidates, and
            # legal actions come in seat order.
            order = DecisionContext(self.heuristic, view, seat).order
            ranked = sorted((a for a in attacks
                             if a.kind == "attack_base" or a.amount == combat),
                            key=lambda a: order.key(self._aimed_at(view, a)), reverse=True)
            out += [(a, frozenset()) for a in ranked]
        return self._dedupe(out)

    @staticmethod
    def _aimed_at(view: State, a: Action) -> int:
        """The seat an attack or a seat answer is aimed at."""
        if a.kind in ("attack_player", "pick_seat"):
            return a.target
        if a.card >= 0 and a.kind in ("attack_base", "pick"):
            return view.owner_of_base(a.card)
        return -1

    def _answer_candidates(self, view: State, legal: list[Action], default: Action
                           ) -> list[Candidate]:
        d = view.pending
        assert d is not None
        if d.purpose == "may":
            return []
        out: list[Candidate] = [(default, frozenset())]
        seen = {self._answer_key(view, default)}
        if d.kind == "seat" or d.purpose == "destroy_base":  # threat first, not seat order
            order = DecisionContext(self.heuristic, view, d.seat).order
            legal = sorted(legal, key=lambda a: order.key(self._aimed_at(view, a)),
                           reverse=True)
        for a in legal:
            key = self._answer_key(view, a)
            if key not in seen:
                seen.add(key)
                out.append((a, frozenset()))
        return out[:self.max_candidates]

    @staticmethod
    def _answer_key(view: State, a: Action) -> tuple:
        if a.kind != "pick" or a.card < 0:
            return (a.kind, a.index, a.target, a.card)
        s = view.seats[a.seat]
        c = a.card
        zone = ("hand" if c in s.hand else "discard" if c in s.discard else
                "row" if c in view.trade_row else "explorers" if c in view.explorers else
                f"base:{view.owner_of_base(c)}:{c}")
        return ("pick", view.cards[c].id, zone)

    @staticmethod
    def _distinct_uses(view: State, uses: Iterable[Action]) -> list[Action]:
        seen: set[str] = set()
        out = []
        for a in uses:
            key = view.card(a.card).id
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def _dedupe(self, cands: list[Candidate]) -> list[Candidate]:
        seen: set[tuple] = set()
        out: list[Candidate] = []
        for action, bans in cands:
            key = (action, frozenset() if action.kind == "end_turn" else bans)
            if key not in seen:
                seen.add(key)
                out.append((action, bans))
        return out[:self.max_candidates]

    # ------------------------------------------------------------------ search

    def search(self, view: State, cands: list[Candidate], default: Action) -> Action:
        me = acting_seat(view)  # (not the first candidate's seat: it may be a teammate's)
        n = len(cands)
        totals = [0.0] * n
        diffs: list[list[float]] = [[] for _ in range(n)]  # paired with the default (0)
        alive = list(range(n))
        counts = [0] * n
        deadline = time.perf_counter() + self.safety_seconds
        samples, min_samples = self._round_budget(view)
        depth = self.buy_rounds if any(a.kind == "buy" for a, _ in cands) else self.rounds
        for i in range(samples):
            if self.turn_spent >= self.turn_budget:
                if i == 0:
                    return default  # the turn's budget is spent: Normal's choice
                break
            det = determinize(view, self.rng)
            ties = self.tiebreak.getrandbits(64)
            values: dict[int, float] = {}
            for j in alive:
                action, bans = cands[j]
                self.rollout.tiebreak.seed(ties)
                st = det.clone()
                apply(st, action, validate=False, undo=False)
                self.turn_spent += self.playout(st, me, bans, depth)
                values[j] = self.evaluator.win_chance(st, me)
                self.playouts += 1
            for j, v in values.items():
                totals[j] += v
                counts[j] += 1
                diffs[j].append(v - values[0])
            if i + 1 >= min_samples and len(alive) > 2:
                alive = self._prune(alive, totals, counts)
            if time.perf_counter() > deadline:
                break
        means = {j: totals[j] / counts[j] for j in alive}
        best = max(alive, key=lambda j: (means[j], -j))
        if best != 0 and not self._significant(diffs[best]):
            best = 0  # not clearly better than Normal's own choice: keep that
        return cands[best][0]

    def _round_budget(self, view: State) -> tuple[int, int]:
        """``samples`` and ``min_samples`` for this table.  The budget is counted in
        simulated turns: the defaults are for a duel's two-turn round, and a round at a
        bigger table costs a turn per seat (per team in team-turn formats), so the
        sample counts shrink by 2 / turns to keep a four-seat turn's thinking near a
        duel's (issue 41's time target holds at 2 and at 4 seats)."""
        turns = self._round_turns(view)
        if self.horizon != "round" or turns <= 2:
            return self.samples, self.min_samples
        return (max(1, round(self.samples * 2 / turns)),
                max(1, round(self.min_samples * 2 / turns)))

    @staticmethod
    def _round_turns(view: State) -> int:
        alive = [s for s in view.seats if s.alive]
        return len({s.team for s in alive}) if view.format.team_turns else len(alive)

    def _significant(self, d: list[float]) -> bool:
        """Is a candidate's edge over the default, paired sample by sample, real?"""
        k = len(d)
        mean = sum(d) / k
        if mean <= self.tie_margin:
            return False
        if self.confidence <= 0 or k < 2:
            return True
        var = sum((x - mean) ** 2 for x in d) / (k - 1)
        return mean > self.confidence * math.sqrt(var / k)

    @staticmethod
    def _prune(alive: list[int], totals: list[float], counts: list[int]) -> list[int]:
        """Drop candidates far behind the leader (never candidate 0, the default)."""
        means = {j: totals[j] / counts[j] for j in alive}
        lead = max(means.values())
        spread = max(means.values()) - min(means.values())
        keep = []
        for j in alive:
            gap = lead - means[j]
            if j == 0 or gap < max(0.05, 0.5 * spread) / math.sqrt(counts[j] / 4):
                keep.append(j)
        return keep if len(keep) >= 2 else alive

    def playout(self, st: State, me: int, bans: frozenset[str], depth: int | None = None
                ) -> int:
        """Play on with the Normal policy until ``me``'s ``rounds``-th next turn starts
        (horizon "round") or its current turn ends ("turn"), or the game ends.  Returns
        the actions played (what a turn's budget is counted in)."""
        start = turn = st.turn
        policy = self.rollout
        whole_round = self.horizon == "round"
        team_turns = st.format.team_turns
        depth = self.rounds if depth is None else depth
        limit = self.playout_actions * depth
        rounds = 0
        for played in range(limit):
            if st.winners is not None:
                return played
            if st.turn != turn:
                turn = st.turn
                if not whole_round:
                    return played
                if st.active == me or (team_turns and me in st.turn_members):
                    rounds += 1  # (the team's next lead)
                    if rounds >= depth:
                        return played
            if bans and st.active == me and st.turn == start and st.pending is None:
                legal = [a for a in playout_actions(st) if not (
                    (a.kind == "buy" and BUY in bans) or
                    (a.kind == "use" and a.slot == "scrap" and SCRAP in bans))]
                action = legal[0] if len(legal) == 1 else policy.choose(st, legal)
            else:
                action = policy.playout_step(st)
            apply(st, action, validate=False, undo=False)
        return limit  # (cut off: every action allowed was played)
