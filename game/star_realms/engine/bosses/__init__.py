"""One module per adventure: its setup and the numbered steps of its boss's turn."""

from game.star_realms.engine.bosses.automatons import Automatons
from game.star_realms.engine.bosses.blob_assault import BlobAssault
from game.star_realms.engine.bosses.cost_of_freedom import CostOfFreedom
from game.star_realms.engine.bosses.defy_the_empire import DefyTheEmpire
from game.star_realms.engine.bosses.dimensional_horror import DimensionalHorror
from game.star_realms.engine.bosses.madness import MadnessOfTheMachine
from game.star_realms.engine.bosses.nemesis_beast import NemesisBeast
from game.star_realms.engine.bosses.pirates import PiratesOfTheDarkStar

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
