"""Scenes of the game: menu, setup, table, overlays."""
