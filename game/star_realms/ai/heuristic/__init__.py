"""Heuristic players: Easy and Normal.

Both read only their player view and answer from the legal actions.  A turn goes:
play cards (bases and card draw first, cards that eat weak hand cards while there
are weak cards to eat, choices last), use abilities, decide which one-shot scrap
abilities pay, buy the best purchase plan for the trade in hand, then spend
combat (lethal first, outposts that stand in the way, bases worth more than the
damage, then the most threatening opponent's authority; true ties between seats at
random, never by seat number) and end the turn.

Normal values cards from the card data with phase-dependent weights, leans into
factions it already owns (ally chances), thins Scouts and Vipers, prizes outposts
when its authority runs low, detects lethal and times scrap abilities.  Easy buys
from a flat value table with noise, plays everything, never scraps its own ships
or bases for value and attacks plainly.

The parts, by job:

* :mod:`.profiles` — what sets the levels apart (:class:`Profile`, ``EASY``, ``NORMAL``);
* :mod:`.context` — one decision's view: the phase, the deck, what cards are worth;
* :mod:`.plans` — the best purchases for some trade, the best attack for some combat;
* :mod:`.worth_now` — what effects are worth at this moment (timing scraps, options);
* :mod:`.answers` — answering the questions effects ask;
* :mod:`.player` — the turn itself (:class:`HeuristicPlayer`).
"""

from game.star_realms.ai.heuristic.context import DecisionContext, DeckSummary, Phase
from game.star_realms.ai.heuristic.plans import AttackPlan, BuyPlan, attack_plan, buy_plan
from game.star_realms.ai.heuristic.player import (
    HeuristicPlayer,
    make_easy,
    make_normal,
    playout_actions,
)
from game.star_realms.ai.heuristic.profiles import EASY, LETHAL, NORMAL, STATIC, Profile

Ctx = DecisionContext  # its former name, still importable

__all__ = [
    "EASY",
    "LETHAL",
    "NORMAL",
    "STATIC",
    "AttackPlan",
    "BuyPlan",
    "Ctx",
    "DecisionContext",
    "DeckSummary",
    "HeuristicPlayer",
    "Phase",
    "Profile",
    "attack_plan",
    "buy_plan",
    "make_easy",
    "make_normal",
    "playout_actions",
]
