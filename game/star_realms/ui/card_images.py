"""Card faces as pygame surfaces, rendered off the main thread.

Faces come from :mod:`game.star_realms.art` (pillow) through its memory+disk cache.  A face not
yet rendered is drawn as the same card's face in the previous language (after a language
switch), else as a plain frame in its faction colour with the name, while a worker thread
renders it, so the first frame of the table never stalls and never goes blank; tests and
screenshots call :meth:`CardImages.wait` to get the final faces.
"""

from __future__ import annotations

import queue
import threading

import pygame

from game import i18n
from game.star_realms.art import palette
from game.star_realms.engine.cards import CardDef
from game.star_realms.ui.layout import CARD_RATIO
from game.ui import fonts


def to_surface(img) -> pygame.Surface:
    surf = pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _face_key(card: CardDef) -> tuple:
    return (card.variant, card.factions)


class CardImages:
    def __init__(self, cache=None):
        if cache is None:
            # lazy: the cache's pillow work is only needed once faces are rendered
            from game.star_realms.art.cache import FaceCache

            cache = FaceCache()
        self.cache = cache
        self.surfaces: dict[tuple, pygame.Surface] = {}
        self.placeholders: dict[tuple, pygame.Surface] = {}
        # the newest face rendered per (card, width), whatever its language: after a
        # language switch it stands in until the face in the new language is ready
        self.latest: dict[tuple, pygame.Surface] = {}
        self._jobs: queue.Queue = queue.Queue()
        self._done: queue.Queue = queue.Queue()
        self._queued: set[tuple] = set()
        self._lock = threading.Lock()
        self._worker = threading.Thread(target=self._work, daemon=True, name="card-faces")
        self._worker.start()

    # ------------------------------------------------------------ worker

    def _work(self) -> None:
        while True:
            key, kind, card, lang, width = self._jobs.get()
            try:
                img = self.cache.back(width) if kind == "back" else self.cache.face(card, lang,
                                                                                   width)
            except Exception as exc:  # never kill the worker; show the frame instead
                img = None
                print(f"card face {key} failed: {exc!r}")
            self._done.put((key, img))
            self._jobs.task_done()

    def _collect(self) -> None:
        while True:
            try:
                key, img = self._done.get_nowait()
            except queue.Empty:
                return
            if img is not None:
                surf = self.surfaces[key] = to_surface(img)
                if key[0] == "face":
                    self.latest[(key[1], key[3])] = surf

    def wait(self) -> None:
        """Block until every requested face is rendered (screenshots and tests)."""
        self._jobs.join()
        self._collect()

    @property
    def pending(self) -> int:
        return self._jobs.unfinished_tasks

    # ------------------------------------------------------------ lookups

    def face(self, card: CardDef, width: int) -> pygame.Surface:
        lang = i18n.language()
        key = ("face", _face_key(card), lang, width)
        surf = self.surfaces.get(key)
        if surf is not None:
            return surf
        self._collect()
        surf = self.surfaces.get(key)
        if surf is not None:
            return surf
        if key not in self._queued:
            self._queued.add(key)
            self._jobs.put((key, "face", card, lang, width))
        # the same card in the language just left rather than a blank frame (the art
        # is the same; its words follow within moments)
        stand_in = self.latest.get((key[1], width))
        return stand_in if stand_in is not None else self._placeholder(card, width)

    def back(self, width: int) -> pygame.Surface:
        key = ("back", width)
        surf = self.surfaces.get(key)
        if surf is None:
            self._collect()
            surf = self.surfaces.get(key)
        if surf is None:
            if key not in self._queued:
                self._queued.add(key)
                self._jobs.put((key, "back", None, "", width))
            return self._placeholder(None, width)
        return surf

    def _placeholder(self, card: CardDef | None, width: int) -> pygame.Surface:
        key = (card.id if card else "", i18n.language(), width)
        surf = self.placeholders.get(key)
        if surf is None:
            h = round(width * CARD_RATIO)
            surf = pygame.Surface((width, h), pygame.SRCALPHA)
            faction = card.factions[0] if card and card.factions else "unaligned"
            color = palette.FACTION_STYLE[faction].color if card else (40, 52, 84)
            pygame.draw.rect(surf, (18, 24, 40), surf.get_rect(), border_radius=width // 14)
            pygame.draw.rect(surf, color, surf.get_rect(), max(2, width // 40),
                             border_radius=width // 14)
            if card is not None:
                label = fonts.text(i18n.card_name(card), max(9, width // 10), (235, 240, 250))
                if label.get_width() > width - 8:
                    label = pygame.transform.smoothscale(
                        label, (width - 8, max(1, label.get_height() * (width - 8)
                                               // label.get_width())))
                surf.blit(label, ((width - label.get_width()) // 2, width // 12))
            self.placeholders[key] = surf
        return surf

    def clear(self) -> None:
        """Forget rendered surfaces."""
        self.surfaces.clear()
        self.latest.clear()
        self._queued = {k for k in self._queued if k[0] == "back"}


def for_app(app) -> CardImages:
    """The app's card images, made on first use (the shell knows nothing of cards)."""
    images = getattr(app, "images", None)
    if images is None:
        images = app.images = CardImages()
    return images
