"""The game's icon, drawn by code: a fanned pair of cards over a ringed star.

The same picture is the window icon (set when the window opens) and the executable's
icon (``build.spec`` writes it as ``.ico``/``.icns`` for Windows and macOS).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

SIZES = (16, 24, 32, 48, 64, 128, 256)
_BG = (14, 21, 38, 255)
_RIM = (77, 103, 150, 255)
_CARD = (230, 236, 250, 255)
_CARD_EDGE = (53, 80, 138, 255)
_STAR = (255, 205, 90, 255)
_RING = (143, 176, 234, 255)


def draw_icon(size: int = 256) -> Image.Image:
    """The icon as an RGBA image of ``size`` × ``size``, drawn at 4× and scaled down
    so small sizes stay smooth."""
    big = 4 * size
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    u = big / 64  # one unit of a 64-unit design grid
    d.rounded_rectangle((2 * u, 2 * u, 62 * u, 62 * u), radius=12 * u, fill=_BG,
                        outline=_RIM, width=max(1, round(2 * u)))
    for angle, dx in ((-14, -7), (10, 7)):  # two cards, fanned
        card = Image.new("RGBA", (round(22 * u), round(32 * u)), (0, 0, 0, 0))
        cd = ImageDraw.Draw(card)
        cd.rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius=3 * u,
                             fill=_CARD, outline=_CARD_EDGE, width=max(1, round(1.5 * u)))
        cd.rectangle((3 * u, 4 * u, card.width - 3 * u, 14 * u), fill=_CARD_EDGE)
        card = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        x = round(32 * u + dx * u - card.width / 2)
        y = round(34 * u - card.height / 2)
        img.alpha_composite(card, (x, y))
    # the star with its ring, over the cards' top corner
    cx, cy, r = 44 * u, 18 * u, 7 * u
    d.ellipse((cx - 13 * u, cy - 4 * u, cx + 13 * u, cy + 4 * u), outline=_RING,
              width=max(1, round(1.5 * u)))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_STAR)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def write_icons(folder: Path) -> dict[str, Path]:
    """``icon.png`` (256 px), ``icon.ico`` (every Windows size) and ``icon.icns``
    (macOS) in ``folder``; returns them by suffix."""
    folder.mkdir(parents=True, exist_ok=True)
    base = draw_icon(1024)
    out = {"png": folder / "icon.png", "ico": folder / "icon.ico", "icns": folder / "icon.icns"}
    base.resize((256, 256), Image.Resampling.LANCZOS).save(out["png"])
    base.save(out["ico"], sizes=[(s, s) for s in SIZES])
    base.save(out["icns"])
    return out


def window_icon():
    """The icon as a pygame surface for ``pygame.display.set_icon`` (32 px: the size
    window managers ask for; they scale it for the task bar)."""
    import pygame  # lazy: build.spec imports this module without a display

    img = draw_icon(32)
    return pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
