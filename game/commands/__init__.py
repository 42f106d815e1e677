"""Command-line commands of ``python -m game``: one module each, listed in game.cli."""
