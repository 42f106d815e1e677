"""How the heuristic levels differ: the behaviour switches of Easy and Normal."""

from __future__ import annotations

from dataclasses import dataclass

from game.star_realms.ai.knowledge import Weights

# The value of an attack that eliminates an opponent: more than anything else is worth.
LETHAL = 1000.0

# Weights for players without phase-dependent judgement (Easy), and for cheap estimates.
STATIC = Weights(trade=1.0, combat=1.0, authority=0.3, draw=1.5, thin=0.8, opp_discard=0.8,
                 destroy=2.0, row_scrap=0.2)


@dataclass(frozen=True)
class Profile:
    """Behaviour switches of a heuristic level."""

    name: str
    noise: float = 0.0  # random spread added to buy scores
    blunder: float = 0.0  # chance of a random affordable buy
    faction_focus: bool = True
    phase_weights: bool = True
    thin: bool = True  # scrap weak cards of its own when offered
    scrap_abilities: bool = True  # use one-shot scrap abilities when they pay
    lethal: bool = True
    smart_attacks: bool = True  # weigh bases against damage
    smart_choices: bool = True  # options valued in context (trade only if it buys more)


EASY = Profile("easy", noise=1.2, blunder=0.1, faction_focus=False, phase_weights=False,
               scrap_abilities=False, lethal=False, smart_attacks=False, smart_choices=False)
NORMAL = Profile("normal")
