"""Arcs («Предел», Leder Games, 2024), the shell's second game.

This first slice holds only the printed components as data (``rules/arcs/*.toml``), the
pure definitions they load into (:mod:`game.arcs.engine.components`), the closed effect
vocabulary (:mod:`game.arcs.engine.vocabulary`) and the loader (:mod:`game.arcs.data`).
No engine, no UI and no menu entry yet.
"""
