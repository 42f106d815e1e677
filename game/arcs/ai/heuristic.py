"""Arcs' heuristic bot (level ``normal``).

Card play by rule: lead the card whose symbols buy the most useful actions now (a
suit's worth comes from the targets on the board: cities to tax, court cards it holds
the majority of, places to build, battles with more ships), adding the ambition it may
declare with that card when it would take first place; follow by surpassing when the
lead suit is useful, else pivot or copy with its least valuable card; declare an
ambition only when it leads that ambition; in 2 players redraw a weak hand.

Every action on the map is judged by looking ahead one action: the bot applies it to a
copy of its own view (the engine's ``apply``; the copy's generator is replaced by its
own, so nothing hidden steers the result) and scores the position it leaves
(:func:`~game.arcs.ai.knowledge.position_value`: Power, the declared ambitions as they
would score, resources, guild cards, pieces, rule of systems, court majorities, less
the strongest rival).  A resource is spent in the prelude only when the action it pays
for (looked at one step further) beats keeping it.  Battles are started only with
more ships than the defender has fresh ones; dice are taken one per ship (assault
against few fresh defenders, raid against buildings, skirmish otherwise).  A hyperjump
goes on only while each step strictly improves the position, so it always stops.
True ties are broken by the bot's own generator, never by seat number.
"""

from __future__ import annotations

from game.arcs.ai.knowledge import (
    POWER,
    card_keep_value,
    declare_worth,
    pick_best,
    position_value,
    ships,
    slot_choice,
    suit_worth,
)
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.state import ACT, DECIDE, FOLLOW, LEAD, REDRAW, Action, State

SEIZE_NUMBER = 7


class NormalBot:
    name = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if view.incoming:  # a resource to place (engine slots.py)
            return slot_choice(view, legal)
        if kinds == {"discard"}:
            return self._by_position(view, legal)
        if view.step == REDRAW:
            return self._redraw(view, legal)
        if view.step == LEAD:
            return pick_best(self.rng, [(self._lead(view, a), a) for a in legal])
        if view.step == FOLLOW:
            return pick_best(self.rng, [(self._follow(view, a), a) for a in legal])
        if view.step == DECIDE:
            return pick_best(self.rng, [(self._decide(view, a), a) for a in legal])
        if view.step != ACT:  # e.g. the Leaders & Lore draft: judged by the position after
            return self._by_position(view, legal)
        if view.battle is not None and kinds <= {"die", "roll"}:
            return self._dice(view, legal)
        if view.jump is not None:
            return self._jump(view, legal)
        return self._by_position(view, legal)

    # ------------------------------------------------------------------ cards

    def _lead(self, view: State, a: Action) -> float:
        if a.kind == "pass_initiative":
            return -100.0
        card = view.card(a.card)
        worth = suit_worth(view, a.seat, card.suit, card.pips)
        if view.available and card.ambition != "none":
            assert view.rules is not None
            options = list(view.rules.ambitions) if card.ambition == "any" \
                else [card.ambition]
            worth += max(0.0, max(declare_worth(view, a.seat, o) for o in options)) / 2
        return worth - card_keep_value(view, a.card)

    def _follow(self, view: State, a: Action) -> float:
        card = view.card(a.card)
        lead_suit = view.card(view.lead).suit
        if a.kind == "surpass":
            worth = suit_worth(view, a.seat, lead_suit, card.pips)
            if card.number == SEIZE_NUMBER:
                worth += 1.0  # it seizes the initiative
        elif a.kind == "copy":
            worth = suit_worth(view, a.seat, lead_suit, 1) + 0.2
        else:
            worth = suit_worth(view, a.seat, card.suit, 1)
        return worth - card_keep_value(view, a.card)

    def _decide(self, view: State, a: Action) -> float:
        if a.kind == "declare":
            return declare_worth(view, a.seat, a.target) / POWER
        if a.kind == "seize":
            # keep the initiative in view: only with a spare weak card and a good hand
            hand = view.players[a.seat].hand
            if len(hand) >= 4 and card_keep_value(view, a.card) <= min(
                    card_keep_value(view, c) for c in hand):
                return 0.5 - card_keep_value(view, a.card) / 2
            return -1.0
        return 0.0

    def _redraw(self, view: State, legal: list[Action]) -> Action:
        hand = view.players[legal[0].seat].hand
        weak = sum(view.card(c).pips for c in hand) < 13
        return next(a for a in legal if a.kind == ("redraw" if weak else "keep"))

    # ------------------------------------------------------------------ battles

    def _dice(self, view: State, legal: list[Action]) -> Action:
        b = view.battle
        assert b is not None
        seat = legal[0].seat
        mine = ships(view, seat, b.system)
        dice = [a.card for a in legal if a.kind == "die"]
        if len(b.dice) >= mine or not dice:
            return next(a for a in legal if a.kind == "roll")
        their_fresh = view.fresh[b.system][b.defender]
        has_buildings = any(x is not None and x.seat == b.defender
                            for x in view.buildings.get(b.system, ()))
        if "raid" in dice and has_buildings and their_fresh <= b.dice.count("assault"):
            want = "raid"
        elif "assault" in dice and view.fresh[b.system][seat] > 2 * their_fresh:
            want = "assault"
        else:
            want = "skirmish" if "skirmish" in dice else dice[0]
        return next(a for a in legal if a.kind == "die" and a.card == want)

    def _jump(self, view: State, legal: list[Action]) -> Action:
        here = position_value(view, legal[0].seat)
        scored = [(self._after(view, a), a) for a in legal if a.kind == "jump"]
        better = [(s, a) for s, a in scored if s > here + 0.5]
        if not better:
            return next(a for a in legal if a.kind == "stop")
        return pick_best(self.rng, better)

    # ------------------------------------------------------------------ the map

    def _by_position(self, view: State, legal: list[Action]) -> Action:
        return pick_best(self.rng, self.position_scores(view, legal))

    def position_scores(self, view: State, legal: list[Action]) -> list[tuple[float, Action]]:
        """Each action worth judging, scored by the position it leaves (the search bot
        ranks its candidates by these)."""
        here = position_value(view, legal[0].seat)
        scored = []
        for a in _fewer_moves(legal):
            if a.kind == "done":
                score = here
            elif a.kind == "forgo":
                score = here - 0.5
            elif a.kind == "battle":
                mine = ships(view, a.seat, a.target)
                theirs = view.fresh[a.target][a.index]
                buildings = sum(1 for b in view.buildings.get(a.target, ())
                                if b is not None and b.seat == a.index)
                score = here + (2.0 + 2.0 * buildings + 0.5 * (mine - theirs)
                                if mine > theirs else -5.0)
            elif a.kind == "spend":
                score = self._spend(view, a) - 0.5
            else:
                score = self._after(view, a)
            scored.append((score, a))
        return scored

    def _simulate(self, view: State, a: Action) -> State:
        sim = view.clone(log=False)
        sim.rng = Rng(0x5EED)
        # trusted: ``a`` comes from the legal list (of this position, or of the real game
        # the view shows, whose acting seat sees everything its legal actions depend on)
        apply(sim, a, trusted=True)
        return sim

    def _after(self, view: State, a: Action) -> float:
        return position_value(self._simulate(view, a), a.seat)

    def _spend(self, view: State, a: Action) -> float:
        """Spending a resource is worth the best action it pays for, one step on."""
        sim = self._simulate(view, a)
        follow = self._follow_ups(sim, a.seat)
        if not follow:
            return position_value(sim, a.seat) - 1.0
        best = -1e9
        for b in follow:
            if b.kind == "battle":
                continue  # Weapon: judged with the card's own symbols later
            best = max(best, self._after(sim, b))
        if best == -1e9:
            armed = any(b.kind == "battle" and ships(sim, a.seat, b.target)
                        > sim.fresh[b.target][b.index] for b in follow)
            return position_value(sim, a.seat) + (3.0 if armed else -1.0)
        return best

    def _follow_ups(self, sim: State, seat: int) -> list[Action]:
        """The actions a spent resource may pay for, to judge it by."""
        return [b for b in legal_actions(sim) if b.seat == seat
                and b.kind not in ("forgo", "spend", "done", "guild")]


def _fewer_moves(legal: list[Action]) -> list[Action]:
    """The moves worth judging: from each source to each target, every ship, every fresh
    ship, all fresh ships but one, or a single fresh ship (the other splits are rarely
    better, and judging them all is most of the bot's time)."""
    most: dict[tuple[str, str], tuple[int, int]] = {}
    for a in legal:
        if a.kind == "move":
            f, d = most.get((a.source, a.target), (0, 0))
            most[(a.source, a.target)] = (max(f, a.fresh), max(d, a.damaged))
    if not most:
        return legal
    out = []
    for a in legal:
        if a.kind != "move":
            out.append(a)
            continue
        f, d = most[(a.source, a.target)]
        if (a.fresh, a.damaged) in ((f, d), (f, 0), (f - 1, 0), (1, 0), (0, d)):
            out.append(a)
    return out
