"""Forbidden Stars' table drawn headless, without a scene: a seeded bot game played for a
while and drawn from one seat's model (for quick pictures and the renderer's tests; the
screenshot command shoots the whole table scene, game.forbidden_stars.ui.shots)."""

from __future__ import annotations

import pygame

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui.model import build_model
from game.forbidden_stars.ui.table_view import draw_table

NAMES = {"en": ("Anna", "Boris", "Vera", "Gleb"), "ru": ("Анна", "Борис", "Вера", "Глеб")}


def bot_position(players: int, seed: int, actions: int = 150, bot: str = "random") -> State:
    """A game played by computer players for ``actions`` actions (or to its end)."""
    state = new_game(load_fs_rules(), GameConfig(players=players, seed=seed))
    bots = [make_player(bot, seed * 10 + i) for i in range(players)]
    for _ in range(actions):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    return state


def render(state: State, size: tuple[int, int], lang: str, seat: int = 0,
           ui_scale: float = 1.0) -> pygame.Surface:
    """``seat``'s table of ``state`` drawn at ``size``."""
    surface = pygame.Surface(size)
    names = NAMES["ru" if lang == "ru" else "en"][:state.n]
    draw_table(surface, build_model(state, seat, lang, names), ui_scale, lang=lang)
    return surface
