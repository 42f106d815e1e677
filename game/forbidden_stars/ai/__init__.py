"""Forbidden Stars' computer players: they see only their seat's :func:`player_view` and
the legal actions (never the real state).  ``make_player(kind, seed)`` builds one by level
name."""

from __future__ import annotations

from game.forbidden_stars.ai.base import LEVELS, Player, make_player

__all__ = ["LEVELS", "Player", "make_player"]
