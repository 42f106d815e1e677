"""The table's colours, timings and icons."""

from __future__ import annotations

import pygame

from game.star_realms.art import icons

BG = (9, 13, 26)
ZONE = (22, 32, 56)
ZONE_EDGE = (52, 72, 112)
TEXT = (226, 232, 246)
DIM = (140, 152, 178)
GOLD = (255, 214, 102)
RED = (255, 104, 96)
GREEN = (122, 224, 140)
HILITE = (120, 200, 255)
TEAM_COLORS = ((90, 170, 255), (255, 150, 60), (160, 110, 255), (120, 220, 160))
DOUBLE_CLICK_MS = 350
HOVER_ZOOM_MS = 650
TOAST_MS = 2600

_icon_cache: dict[tuple[str, int], pygame.Surface] = {}


def icon(name: str, size: int) -> pygame.Surface:
    """An icon from game.star_realms.art as a cached pygame surface."""
    key = (name, size)
    surf = _icon_cache.get(key)
    if surf is None:
        img = icons.icon_image(name, size)
        surf = pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
        _icon_cache[key] = surf
    return surf

