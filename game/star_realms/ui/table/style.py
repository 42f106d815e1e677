"""The table's colours, timings and icons."""

from __future__ import annotations

import pygame

from game.star_realms.art import icons
from game.ui import palette

# The table's names for the shell's palette colours (game/ui/palette.py).
BG = palette.TABLE_BG
ZONE = palette.TABLE_ZONE
ZONE_EDGE = palette.EDGE
TEXT = palette.TABLE_TEXT
DIM = palette.TABLE_DIM
GOLD = palette.GOLD
RED = palette.TABLE_RED
GREEN = palette.GREEN
HILITE = palette.TABLE_HILITE
TOAST_BAD = (120, 40, 40)  # a refusal or a failure
TOAST_GOOD = (34, 96, 62)  # good news ("Saved."): not to be mistaken for an error
TEAM_COLORS = ((90, 170, 255), (255, 150, 60), (160, 110, 255), (120, 220, 160))
DOUBLE_CLICK_MS = 350
HOVER_ZOOM_MS = 650
TOAST_MS = 2600
AMOUNT_FONT = 26  # the attack amount dialog's question (reference px, with "Text size")
AMOUNT_HINT_FONT = 18  # and its hint (how the amount changes)

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

