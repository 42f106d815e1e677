"""Statistics every game's bot runs report (shared by the games' ``sim`` modules)."""

from __future__ import annotations

import math
from typing import Any


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def results(games: int, errors: int, error_seeds: list[int], draws: int,
            wins: list[int]) -> dict[str, Any]:
    """The part of a bot run's JSON every game prints alike: games, errors (with the
    seeds that reproduce them), draws, and wins per seat with rates and intervals over
    the games that finished."""
    finished = max(games - errors, 0)
    return {
        "games": games,
        "errors": errors,
        "error_seeds": error_seeds,
        "draws": draws,
        "wins": wins,
        "win_rates": [round(w / finished, 4) if finished else 0.0 for w in wins],
        "wins_ci": [wilson_interval(w, finished) for w in wins],
    }
