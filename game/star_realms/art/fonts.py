"""Fonts for the card faces: Noto Sans (SIL Open Font Licence), shipped in ``assets/fonts``.

Latin and Cyrillic both render with these.  If the folder is missing (an odd install),
the same fonts are taken from pygame_gui's package data, and as a last resort pillow's
built-in font is used so rendering never crashes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

from game.resources import assets_dir

FILES = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "italic": "NotoSans-Italic.ttf",
}

Font = ImageFont.FreeTypeFont


def fonts_dir() -> Path:
    return assets_dir() / "fonts"


@cache
def font_path(style: str) -> Path | None:
    name = FILES[style]
    path = fonts_dir() / name
    if path.is_file():
        return path
    try:  # an odd install without assets/: pygame_gui ships the same fonts
        import importlib.util

        spec = importlib.util.find_spec("pygame_gui")
        if spec and spec.origin:
            path = Path(spec.origin).resolve().parent / "data" / name
            if path.is_file():
                return path
    except ImportError:  # pragma: no cover
        pass
    return None


@cache
def font(style: str, size: int) -> Font:
    """The font ``style`` (regular | bold | italic) at ``size`` pixels (cached)."""
    size = max(1, int(size))
    path = font_path(style)
    if path is None:  # pragma: no cover - shipped with the game
        return ImageFont.load_default(size)
    # BASIC layout: no shaping needed for Latin/Cyrillic, and it is faster than raqm.
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
