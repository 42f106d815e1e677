"""Arcs' table on screen: the renderer of one seat's player view (no input yet)."""
