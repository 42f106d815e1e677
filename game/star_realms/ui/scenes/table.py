"""The table scene (its code lives in :mod:`game.star_realms.ui.table`, split by job)."""

from game.star_realms.ui.table.input import Drag
from game.star_realms.ui.table.scene import TableScene
from game.star_realms.ui.table.style import icon

__all__ = ["Drag", "TableScene", "icon"]
