"""Arcs' two simple bots: uniformly random, and greedy.

Greedy scores each legal action on its own by a fixed table (no copy of the game, no
look-ahead): it plays the card with the most action symbols, spends them on securing,
taxing and building before anything else, battles only with more ships than the
defender has fresh ones, declares the ambition it counts most for, and never spends a
resource.  True ties are broken by its own generator, never by seat number.
"""

from __future__ import annotations

from game.arcs.ai.knowledge import ambition_count, pick_best, ships, slot_choice
from game.arcs.engine.rng import Rng
from game.arcs.engine.state import Action, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


_KIND = {"secure": 6.0, "tax": 5.0, "influence": 2.0, "repair": 1.0, "move": 0.5,
         "steal": 3.0, "ransack": 3.0, "guild": 1.5, "new": 2.0, "proceed": 0.0,
         "keep": 0.0, "redraw": -0.5, "done": 0.0, "stop": 0.0, "roll": 0.0,
         "spend": -1.0, "forgo": -1.0, "jump": -0.5, "seize": -2.0,
         "pass_initiative": -10.0, "discard": 0.0}
_BUILD = {"city": 5.0, "starport": 4.0, "ship": 3.0}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.incoming:  # a resource to place (engine slots.py)
            return slot_choice(view, legal)
        return pick_best(self.rng, [(self.score(view, a), a) for a in legal])

    def score(self, view: State, a: Action) -> float:
        k = a.kind
        if k in ("lead", "surpass"):
            card = view.card(a.card)
            return 2.0 + card.pips + 0.01 * card.number
        if k in ("pivot", "copy"):  # one action either way: give up the weakest card
            card = view.card(a.card)
            return 1.0 - 0.1 * (card.pips + 0.1 * card.number) + (0.05 if k == "pivot" else 0)
        if k == "declare":
            return ambition_count(view, a.seat, a.target) - 0.5
        if k == "build":
            return _BUILD[a.card]
        if k == "battle":
            mine = ships(view, a.seat, a.target)
            return 4.0 if mine > view.fresh[a.target][a.index] else -1.0
        if k == "die":
            return 1.0 + (0.1 if a.card == "skirmish" else 0.0)
        if k == "hit":
            b = view.battle
            assert b is not None
            own = b.phase == "own"
            if a.card == "ship":  # own ships: damage a fresh one; the rival's: destroy
                return (1.0 if a.fresh else 0.0) if own else (1.0 if a.damaged else 0.5)
            return 2.0 if a.card == "city" else 1.5
        return _KIND.get(k, 0.0)
