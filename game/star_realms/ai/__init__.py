"""Players that choose actions from what their seat may see (a player view)."""

from game.star_realms.ai.base import Player, make_player
from game.star_realms.ai.basic import GreedyBot, RandomBot

__all__ = ["GreedyBot", "Player", "RandomBot", "make_player"]
