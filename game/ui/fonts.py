"""Fonts with Latin and Cyrillic (Noto Sans, SIL Open Font Licence)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.resources import assets_dir


def font_path(bold: bool = False) -> str:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    ours = assets_dir() / "fonts" / name
    if ours.exists():
        return str(ours)
    # the same font ships inside pygame-gui's data
    return str(Path(pygame_gui.__file__).parent / "data" / name)


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_text_cache: dict[tuple, pygame.Surface] = {}


def _forget() -> None:
    """pygame.quit() invalidates every Font: drop them (the game may start pygame again,
    e.g. a screenshot after a game, or the tests)."""
    _fonts.clear()
    _text_cache.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (max(6, int(size)), bold)
    f = _fonts.get(key)
    if f is None:
        if not _fonts:
            pygame.register_quit(_forget)
        f = _fonts[key] = pygame.font.Font(font_path(bold), key[0])
    return f


def text(value: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (labels change rarely; frames redraw often)."""
    key = (value, int(size), color, bold)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = font(size, bold).render(value, True, color)
        _text_cache[key] = surf
    return surf


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (words longer than a line stay whole)."""
    f = font(size, bold)
    out: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            trial = f"{cur} {word}".strip()
            if f.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                out.append(cur)
                cur = word
        out.append(cur)
    return out


def block_height(lines: int, size: int, bold: bool = False) -> int:
    """How tall ``lines`` lines of text at ``size`` are, drawn ``line_step`` apart."""
    return (lines - 1) * line_step(size) + font(size, bold).get_height() if lines else 0


def line_step(size: int) -> int:
    """From one line of wrapped text to the next."""
    return round(size * 1.3)


def fit(text: str, size: int, width: int, height: int, bold: bool = False,
        least: int = 8) -> tuple[int, list[str]]:
    """The largest size from ``size`` down to ``least`` at which ``text``, wrapped to
    ``width``, fits ``height`` with no word wider than ``width``; and its lines (at
    ``least``, the lines even if they do not fit).  Text is made smaller, never
    squeezed."""
    for s in range(int(size), least - 1, -1):
        lines = wrap(text, s, width, bold)
        f = font(s, bold)
        if all(f.size(line)[0] <= width for line in lines) and \
                block_height(len(lines), s, bold) <= height:
            return s, lines
    return least, wrap(text, least, width, bold)
