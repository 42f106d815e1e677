"""Forbidden Stars' scenes (setup, table, load, game over), found by route name through
``GAME.routes()`` in game/forbidden_stars/game.py: no scene imports another."""
