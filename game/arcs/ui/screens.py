"""Arcs' table rendered headless: a seeded bot game played forward, drawn from seat 0's
player view (for screenshots and tests)."""

from __future__ import annotations

import pygame

from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.sim import play
from game.arcs.ui.table_view import draw_table
from game.ui.main import headless

NAMES = ("Anna", "Boris", "Vera", "Gleb")
NAMES_RU = ("Анна", "Борис", "Вера", "Глеб")


def bot_position(players: int, seed: int, actions: int | None = None) -> State:
    """A game played by ``normal`` bots for a seeded number of actions (ships moved,
    resources taken, agents at court), stopped while a round is under way if one comes
    soon after."""
    rules = load_arcs_rules()
    state = new_game(rules, GameConfig(players=players, seed=seed))
    if actions is None:
        actions = 70 + Rng(seed).below(90)
    bots = [make_player("normal", seed * 10 + i) for i in range(players)]
    play(state, bots, max_actions=actions)
    extra = 0
    while state.step != OVER and not state.plays and extra < 40:
        play(state, bots, max_actions=1)
        extra += 1
    return state


def render(players: int, seed: int, size: tuple[int, int], lang: str,
           seat: int = 0) -> pygame.Surface:
    state = bot_position(players, seed)
    surface = pygame.Surface(size)
    names = NAMES_RU if lang == "ru" else NAMES
    draw_table(surface, player_view(state, seat), seat, names[:players], lang)
    return surface


def screenshot(scene_name: str, size: tuple[int, int], seed: int, out: str, lang: str = "en",
               players: int = 3) -> None:
    if scene_name != "table":
        raise ValueError(f"Arcs has no scene {scene_name!r} yet (only 'table')")
    headless()
    pygame.init()
    try:
        pygame.image.save(render(players, seed, size, lang), out)
    finally:
        pygame.quit()
