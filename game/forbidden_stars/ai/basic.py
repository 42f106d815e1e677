"""Forbidden Stars' greedy bot: each legal action scored on its own by a fixed table and a
glance at the action itself (no copy of the game, no look-ahead).

It prefers Advance, then Deploy, Dominate and Strategize orders in systems where it has
pieces; resolves every order; buys the dearest unit it can and cities before factories;
moves units into areas it does not hold; plays the combat card with the most icons;
sends every reinforcement token; puts damage on the cheapest unit; uses every card it is
offered; puts all its starting forces on the first tile it places.  True ties are broken
by its own generator, never by seat number.
"""

from __future__ import annotations

from game.forbidden_stars.ai.knowledge import crowding, pick_best
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.state import NOBODY, Action, State

_ORDER = {"advance": 3.0, "deploy": 2.5, "dominate": 2.0, "strategize": 1.5}
_BUILD = {"city": 5.0, "factory": 4.0, "bastion": 2.0}
_KIND = {"resolve": 2.0, "decline": 0.0, "reveal": 1.0, "scheme": 0.5, "upgrade": 3.0,
         "combat": 3.5, "prosper": 1.0, "ground": 0.0, "done": 0.0, "strike": 2.0,
         "storm": 0.0, "retreat": 0.0, "effect": 0.0, "tile": 0.0, "force": 0.5,
         "objective": 0.0, "warp": 0.0}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return pick_best(self.rng, [(self.score(view, a), a) for a in legal])

    def score(self, view: State, a: Action) -> float:
        k = a.kind
        rules = view.rules
        if k == "place":
            return _ORDER[a.card] + (1.0 if view.has_pieces(a.seat, a.target) else 0.0)
        if k == "buy":
            lost = crowding(view, a.target, a.card)  # a full area: one unit culled later
            if lost is None:
                return -5.0
            return 2.0 + rules.units[a.card].cost - 0.1 * len(a.extra) - lost
        if k == "build":
            return _BUILD[a.card] - 0.1 * len(a.extra)
        if k == "move":
            holder = view.owner.get(a.target, NOBODY)
            return 1.0 if holder == NOBODY else 0.5 if holder != a.seat else -0.5
        if k == "reinforce":
            return float(a.target)
        if k == "play":
            return float(len(rules.combat_cards[a.card].icons))
        if k == "damage":
            name = a.card.split("/")[0]
            cost = rules.units[name].cost if name in rules.units else 0.5
            return -cost + (1.0 if a.card.endswith("/routed") else 0.0)
        if k == "destroy":
            return -rules.units[a.card].cost + (1.0 if a.extra else 0.0)
        if k == "effect":
            return 1.0 if a.card == "use" else 0.0
        return _KIND.get(k, 0.0)
