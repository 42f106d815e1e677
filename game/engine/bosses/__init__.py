"""One module per adventure: its setup and the numbered steps of its boss's turn."""

from game.engine.bosses.automatons import Automatons
from game.engine.bosses.blob_assault import BlobAssault
from game.engine.bosses.cost_of_freedom import CostOfFreedom
from game.engine.bosses.defy_the_empire import DefyTheEmpire
from game.engine.bosses.dimensional_horror import DimensionalHorror
from game.engine.bosses.madness import MadnessOfTheMachine
from game.engine.bosses.nemesis_beast import NemesisBeast
from game.engine.bosses.pirates import PiratesOfTheDarkStar

SCRIPTS = {
    "automatons": Automatons,
    "blob_assault": BlobAssault,
    "dimensional_horror": DimensionalHorror,
    "madness_of_the_machine": MadnessOfTheMachine,
    "nemesis_beast": NemesisBeast,
    "pirates_of_the_dark_star": PiratesOfTheDarkStar,
    "defy_the_empire": DefyTheEmpire,
    "cost_of_freedom": CostOfFreedom,
}
