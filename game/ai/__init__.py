"""Players that choose actions from what their seat may see (a player view)."""

from game.ai.base import Player, make_player
from game.ai.basic import GreedyBot, RandomBot

__all__ = ["GreedyBot", "Player", "RandomBot", "make_player"]
