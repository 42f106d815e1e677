"""Arcs' seeded random numbers: the shared SplitMix64 generator
(:mod:`game.seeded_rng`), which lives inside the game's ``State``."""

from game.seeded_rng import Rng

__all__ = ["Rng"]
