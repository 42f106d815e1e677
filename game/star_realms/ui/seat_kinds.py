"""Who may control a seat: a human or one of the AI levels this build has (shared by the
setup screen, the adventures screen and a new campaign)."""

from __future__ import annotations

from game.star_realms.ai.base import make_player
from game.star_realms.ui.session import HUMAN

AI_LEVELS = ("easy", "normal", "hard")


def controllers() -> list[str]:
    """Human plus the AI levels this build has (the bots only if no level exists)."""
    levels = []
    for kind in AI_LEVELS:
        try:
            make_player(kind)
            levels.append(kind)
        except ValueError:
            pass
    return [HUMAN, *(levels or ["greedy"])]
