"""The public board as a picture for the phones of the headless host (issue 37 item 14,
issue 38 item 16): without a big screen a phone seat would play blind, so the host draws
the board with the table's own renderer from the public view (no seat's secret in it:
the game's hook decides what to draw, e.g. ``game.arcs.ui.phone.board_surface``), once per
language, after every change, and hands PNG bytes with a version to the phones' server
(``RemoteHost.set_board``; docs/remote.md).

Drawing happens on the caller's thread (the host loop, the only one touching the game
and pygame); the PNG encoding (hundreds of milliseconds for a 1600×900 board) happens on
one worker thread (Pillow's zlib work releases the GIL), so the loop goes on applying moves.
A picture still being encoded when a newer one is asked for is dropped: the phones only
ever need the latest.  Shell level: it knows no game.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Mapping, Sequence

import pygame
from PIL import Image

from game import i18n

MAX_WIDTH = 1600  # px: a phone zooms into it; more would only cost bytes and time
PNG_LEVEL = 2  # zlib level: a 1600×900 board in ~0.06–0.15 s (level 6: twice the time)

Draw = Callable[[str], pygame.Surface]  # the public board drawn in one language
Publish = Callable[[int, Mapping[str, bytes]], None]  # (version, PNG bytes by language)


def bounded(surface: pygame.Surface, max_width: int = MAX_WIDTH) -> pygame.Surface:
    """``surface`` scaled down (smoothly, keeping its shape) to at most ``max_width``."""
    w, h = surface.get_size()
    if w <= max_width:
        return surface
    return pygame.transform.smoothscale(surface, (max_width, max(1, round(h * max_width / w))))


def cropped(surface: pygame.Surface, margin: int = 12) -> pygame.Surface:
    """``surface`` cut to what is drawn on it (everything not of the background, the
    colour of most of its corners) with ``margin`` px around: a table drawn at its base
    size leaves empty space (Forbidden Stars' two-player board filled the top half of
    the 1400×1080 picture, so the phone's frame showed half a picture of nothing)."""
    w, h = surface.get_size()
    if w <= 0 or h <= 0:
        return surface
    corners = [tuple(surface.get_at(p))[:3] for p in ((0, 0), (w - 1, 0), (0, h - 1),
                                                     (w - 1, h - 1))]
    bg = max(corners, key=corners.count)
    mask = pygame.mask.from_threshold(surface, (*bg, 255), (4, 4, 4, 255))
    mask.invert()  # the drawn pixels
    rects = mask.get_bounding_rects()
    if not rects:
        return surface
    drawn = rects[0].unionall(rects[1:]).inflate(2 * margin, 2 * margin)
    drawn = drawn.clip(surface.get_rect())
    if drawn.size == (w, h):
        return surface
    return surface.subsurface(drawn).copy()


def png_bytes(rgb: bytes, size: tuple[int, int], level: int = PNG_LEVEL) -> bytes:
    """A PNG of ``rgb`` (tightly packed 8-bit RGB rows, ``size`` = (w, h)), by Pillow at a
    low zlib level: the picture is replaced within seconds, so speed beats size."""
    w, h = size
    if w <= 0 or h <= 0 or len(rgb) != 3 * w * h:
        raise ValueError(f"{len(rgb)} bytes are not a {w}×{h} RGB picture")
    out = io.BytesIO()
    Image.frombytes("RGB", size, rgb).save(out, "PNG", compress_level=level)
    return out.getvalue()


def surface_png(surface: pygame.Surface, max_width: int = MAX_WIDTH) -> bytes:
    """``surface`` as PNG bytes, at most ``max_width`` wide (on this thread)."""
    small = bounded(surface, max_width)
    return png_bytes(pygame.image.tobytes(small, "RGB"), small.get_size())


class BoardPictures:
    """The latest public board picture of one hosted game.  :meth:`update` with the
    game's position key (anything that changes with the position) and a drawing
    function; a changed key draws every language and publishes a new version.
    ``background=False`` encodes on the caller's thread (tests, a one-off picture)."""

    def __init__(self, publish: Publish, languages: Sequence[str] = i18n.LANGUAGES,
                 max_width: int = MAX_WIDTH, background: bool = True) -> None:
        self.publish = publish
        self.languages = tuple(languages)
        self.max_width = max_width
        self.version = 0  # the last version drawn (published once encoded)
        self._key: object = None
        self._drawn = False
        self._job: tuple[int, dict[str, tuple[bytes, tuple[int, int]]]] | None = None
        self._wake = threading.Condition()
        self._closed = False
        self._worker: threading.Thread | None = None
        if background:
            self._worker = threading.Thread(target=self._encode_forever, name="board-png",
                                            daemon=True)
            self._worker.start()

    def update(self, key: object, draw: Draw) -> bool:
        """Draw and publish the board if ``key`` differs from the last one drawn; True
        when it drew.  A drawing that fails is reported to the caller (a bug of the
        renderer), the game state being only read."""
        if self._drawn and key == self._key:
            return False
        raw = {}
        for lang in self.languages:
            small = bounded(cropped(draw(lang)), self.max_width)
            raw[lang] = (pygame.image.tobytes(small, "RGB"), small.get_size())
        self._key, self._drawn = key, True
        self.version += 1
        job = (self.version, raw)
        if self._worker is None:
            self._encode(job)
        else:
            with self._wake:
                self._job = job  # a picture not yet encoded is replaced: only the latest
                self._wake.notify()
        return True

    def close(self) -> None:
        """Stop the worker (a picture being encoded is dropped)."""
        with self._wake:
            self._closed = True
            self._job = None
            self._wake.notify()
        if self._worker is not None:
            self._worker.join(timeout=2)

    def _encode(self, job: tuple[int, dict[str, tuple[bytes, tuple[int, int]]]]) -> None:
        version, raw = job
        self.publish(version, {lang: png_bytes(rgb, size) for lang, (rgb, size) in raw.items()})

    def _encode_forever(self) -> None:
        while True:
            with self._wake:
                while self._job is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                job, self._job = self._job, None
            if job is not None:
                try:
                    self._encode(job)
                except RuntimeError:  # the server's loop closed meanwhile: nobody to tell
                    return
