"""The engine's two built-in bots: uniformly random, and greedy.

Greedy plays every card, uses every non-scrap ability, scraps a hero (Crisis) when
that gains something now (see :func:`hero_pays`), buys the priciest card it can afford,
knocks down outposts that stand in its way and then hits the player with everything.
Among opponents it aims at the most threatening one
(:func:`~game.star_realms.ai.knowledge.threat`), true ties broken at random by its own
generator, never by seat number.  They exist so games can be simulated and soaked; the
real AI levels build on them.
"""

from __future__ import annotations

import random

from game.star_realms.ai import gambit_play
from game.star_realms.ai.knowledge import SeatOrder, allies_unlocked, hero_factions, kill_cost
from game.star_realms.engine.cards import Effects
from game.star_realms.engine.event_ops import decline_loss
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.rules import amount_range
from game.star_realms.engine.state import HIDDEN, Action, Decision, State
from game.star_realms.engine.targets import remaining_defense


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, view: State, legal: list[Action]) -> Action:
        """Uniform over every legal move, each amount of an attack counting as one
        (the engine lists an attack once, at its largest amount)."""
        ranges = [amount_range(a) for a in legal]
        pick = self.rng.below(sum(high - low + 1 for low, high in ranges))
        for a, (low, high) in zip(legal, ranges, strict=True):
            if pick <= high - low:
                return a if low == high else a._replace(amount=low + pick)
            pick -= high - low + 1
        raise AssertionError("unreachable")


def effects_value(effects: Effects) -> float:
    """A rough worth of an effect list, for picking between options."""
    value = 0.0
    for op, params in effects:
        if op in ("trade", "combat"):
            value += params if isinstance(params, int) else 2
        elif op == "authority":
            value += (params if isinstance(params, int) else 2) * 0.5
        elif op == "draw":
            value += 2.5 * (params if isinstance(params, int) else 2)
        elif op in ("destroy_base", "acquire_free"):
            value += 3
        else:
            value += 0.5
    return value


def card_worth(view: State, iid: int) -> int:
    return -1 if iid == HIDDEN else view.cards[iid].cost


# Greedy scraps a hero for its bonus alone when its authority is this low.
HERO_HEAL_BELOW = 15


def hero_pays(view: State, seat: int, iid: int) -> bool:
    """Does scrapping hero ``iid`` gain something this turn?  It does when it makes an
    ally ability of a card in play usable, or when its bonus alone is worth it: a card
    drawn, an opponent's discard, a weak card of its own to scrap, combat that finishes
    an opponent, authority when low.  Otherwise the hero waits for a better turn."""
    effects = view.cards[iid].ability("scrap")
    if any(allies_unlocked(view, seat, f) for f in hero_factions(effects)):
        return True
    s = view.seats[seat]
    for op, params in effects:
        if op in ("draw", "target_discards"):
            return True
        if op == "scrap":
            pool = [c for z in params["zones"] for c in (s.hand if z == "hand" else
                                                         s.discard if z == "discard" else ())]
            if any(c >= 0 and view.cards[c].role == "starter" for c in pool):
                return True
        if op == "combat" and isinstance(params, int) and any(
                s.combat < kill_cost(view, o) <= s.combat + params
                for o in view.format.opponents(view, seat)):
            return True
        if op == "authority" and view.authority(seat) < HERO_HEAL_BELOW:
            return True
    return False


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self.tiebreak = random.Random(seed)  # ties between seats, nothing else

    def choose(self, view: State, legal: list[Action]) -> Action:
        if view.pending is not None:
            return self._answer(view, legal, SeatOrder(view, self.tiebreak))
        # In order: the first card to play, the first non-scrap ability, a hero that pays,
        # the dearest buy…
        use = end = None
        heroes: list[Action] = []
        buys: list[Action] = []
        bases: list[Action] = []
        players: list[Action] = []
        for a in legal:
            kind = a.kind
            if kind == "play":
                return a
            if kind == "use":
                if use is None and a.slot != "scrap":
                    use = a
                elif a.slot == "scrap" and view.cards[a.card].is_hero:
                    heroes.append(a)
            elif kind == "buy":
                buys.append(a)
            elif kind == "attack_base":
                bases.append(a)
            elif kind == "attack_player":
                players.append(a)
            elif kind == "end_turn" and end is None:
                end = a
            elif kind == "claim" or (  # United: a mission met is revealed at once; a
                    kind == "gambit" and gambit_play.ready(view, a.seat, a.card)):  # gambit
                return a
        if use is not None:
            return use
        for a in heroes:
            if hero_pays(view, a.seat, a.card):
                return a
        if buys:
            return max(buys, key=lambda a: view.cards[a.card].cost)
        order = SeatOrder(view, self.tiebreak)
        outposts = [a for a in bases if view.cards[a.card].outpost]
        if outposts:
            return self._biggest_base(view, outposts, order)
        if players:
            target = order.best(players, lambda a: a.target).target
            return max((a for a in players if a.target == target), key=lambda a: a.amount)
        if bases:
            return self._biggest_base(view, bases, order)
        if end is None:
            raise KeyError("end_turn")  # (every main phase offers it)
        return end

    @staticmethod
    def _biggest_base(view: State, bases: list[Action], order: SeatOrder) -> Action:
        """The toughest base; between equally tough bases of different seats, the base
        of the more threatening seat."""
        most = max(remaining_defense(view, a.card) for a in bases)
        tough = [a for a in bases if remaining_defense(view, a.card) == most]
        return order.best(tough, lambda a: view.owner_of_base(a.card))

    def _answer(self, view: State, legal: list[Action], order: SeatOrder) -> Action:
        d = view.pending
        assert d is not None
        picks = [a for a in legal if a.kind == "pick"]
        stop = next((a for a in legal if a.kind == "stop"), None)
        if d.kind == "option":
            if d.purpose in ("may", "upgrade"):  # yes; the first sticker offered
                return legal[0]
            assert d.effect is not None
            if d.purpose == "faction":  # (Merc Cruiser)
                pick = gambit_play.faction_pick(view, d.seat, d.effect[1]["factions"])
                return next(a for a in legal if a.index == pick)
            options = d.effect[1]
            return max(legal, key=lambda a: effects_value(options[a.index]))
        if d.kind == "seat":
            seats = [a for a in legal if a.kind == "pick_seat"]
            if not seats:
                return legal[0]
            others = [a for a in seats if a.target != d.seat]
            return order.best(others or seats, lambda a: a.target)
        if d.purpose in EVENT_ANSWERS:
            return EVENT_ANSWERS[d.purpose](view, d, picks, stop)
        if d.purpose in ("scrap", "discard"):
            mine = [a for a in picks if a.card != HIDDEN and a.card not in view.trade_row]
            row = [a for a in picks if a.card in view.trade_row]
            weak = [a for a in mine if view.cards[a.card].role == "starter"]
            if d.purpose == "scrap" and row and not mine:
                return max(row, key=lambda a: card_worth(view, a.card))
            if weak:
                return weak[0]
            if stop is not None:
                return stop
            return min(picks, key=lambda a: card_worth(view, a.card))
        if stop is not None and d.purpose == "destroy_base" and not picks:
            return stop
        if not picks:
            return legal[0]
        if d.purpose == "destroy_base":
            dearest = max(card_worth(view, a.card) for a in picks)
            return order.best([a for a in picks if card_worth(view, a.card) == dearest],
                              lambda a: view.owner_of_base(a.card))
        return max(picks, key=lambda a: card_worth(view, a.card))


# ---------------------------------------------------------------- Crisis events

def _discard_or_lose(view: State, d: Decision, picks: list[Action],
                     stop: Action | None) -> Action:
    """Black Hole: a Scout or a Viper goes before authority does; a better card only when
    the loss would take the last of it."""
    weak = [a for a in picks if view.cards[a.card].role == "starter"]
    if weak:
        return weak[0]
    if stop is None or view.authority(d.seat) <= decline_loss(d.effect):
        return min(picks, key=lambda a: (card_worth(view, a.card), a.card))
    return stop


def _base_or_lose(view: State, d: Decision, picks: list[Action],
                  stop: Action | None) -> Action:
    """Bombardment: keep the bases unless the loss would take the last authority or a
    base is cheap (cost 2 or less)."""
    cheapest = min(picks, key=lambda a: (card_worth(view, a.card), a.card))
    if (stop is None or view.authority(d.seat) <= decline_loss(d.effect)
            or card_worth(view, cheapest.card) <= 2):
        return cheapest
    return stop


def _put_back(view: State, d: Decision, picks: list[Action],
              stop: Action | None) -> Action:
    """Warp Jump: the cheapest drawn card goes back (the best stays in hand); Convert's
    split the same way: the cheapest to the discard pile, then the cheaper to the top."""
    return min(picks, key=lambda a: (card_worth(view, a.card), a.card))


EVENT_ANSWERS = {"discard_or_lose": _discard_or_lose, "base_or_lose": _base_or_lose,
                 "put_back": _put_back, "split": _put_back}
