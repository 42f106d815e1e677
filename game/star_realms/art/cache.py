"""Rendered faces, cached in memory (LRU) and on disk as PNG files.

The disk cache lives in ``faces/`` of the user cache folder (:mod:`game.user_dirs`), or
under ``$STARFOLD_CACHE_DIR/faces`` when that variable is set (tests point it at a
temporary folder).  A file's name is a hash of everything the picture depends on: the
card's data (names, factions, kind, cost, defense, abilities, triggers, upgrade), the
width, the language and :data:`faces.RENDERER_VERSION` — so a change in the rules data
or in the renderer simply misses the cache and renders afresh.

Images handed out are shared: paste or convert them, never draw on them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PIL import Image

from game.star_realms.art import faces
from game.user_dirs import cache_dir

ENV_DIR = "STARFOLD_CACHE_DIR"  # read by game.user_dirs.cache_dir (alias STAR_REALMS_CACHE_DIR)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def face_size(width: int) -> tuple[int, int]:
    """The size :func:`faces.render_face` and :func:`faces.render_back` give ``width``."""
    w = max(1, int(width))
    return w, round(w * faces.CARD_RATIO)


def max_png_bytes(size: tuple[int, int]) -> int:
    """A generous bound on a PNG of ``size`` (RGBA, even if stored uncompressed)."""
    w, h = size
    return (4 * w + 1) * h * 11 // 10 + 65536


def png_header_size(path: Path) -> tuple[int, int] | None:
    """The width and height in a PNG's IHDR chunk, or None if it is not a PNG.

    Read by hand so a forged header is refused before Pillow sizes anything from it
    (and before its decompression-bomb check warns or raises)."""
    with path.open("rb") as fh:
        head = fh.read(24)
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def default_dir() -> Path:
    return cache_dir() / "faces"


def _plain(value: Any) -> Any:
    """Effects and triggers as JSON-able data (dict keys sorted by the encoder)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def card_fingerprint(card: Any) -> str:
    """A stable hash of everything on a card's face."""
    data = {
        "id": card.id, "name_en": card.name_en, "name_ru": card.name_ru,
        "factions": list(card.factions), "type": card.type, "cost": card.cost,
        "defense": card.defense, "outpost": card.outpost, "role": card.role,
        "abilities": _plain(dict(card.abilities)), "triggers": _plain(card.triggers),
        "upgrade": card.upgrade,
        # campaign upgrades: which factions the printed and the sticker's ally boxes show
        "ally_factions": list(getattr(card, "ally_factions", ())),
        "upgrade_faction": getattr(card, "upgrade_faction", None),
        "second_ally_faction": getattr(card, "second_ally_faction", None),
    }
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def face_key(card: Any, lang: str, width: int) -> str:
    raw = f"face|{card_fingerprint(card)}|{lang}|{int(width)}|v{faces.RENDERER_VERSION}"
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


def back_key(width: int) -> str:
    raw = f"back|{int(width)}|v{faces.RENDERER_VERSION}"
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


class Prerender(threading.Thread):
    """A daemon thread warming the cache; ``cancel()`` stops it after the current face."""

    def __init__(self, cache: FaceCache, jobs: list[tuple[Any, str, int]]):
        super().__init__(name="face-prerender", daemon=True)
        self.cache, self.jobs = cache, jobs
        self.done = 0
        self.errors: list[tuple[str, str, int, str]] = []  # (card id, lang, width, error)
        self._stop_event = threading.Event()

    def cancel(self) -> None:
        self._stop_event.set()

    def run(self) -> None:
        for card, lang, width in self.jobs:
            if self._stop_event.is_set():
                return
            try:
                self.cache.face(card, lang, width)
            except Exception as exc:  # a broken face must not kill the warm-up
                self.errors.append((getattr(card, "id", "?"), lang, width, repr(exc)))
            self.done += 1


class FaceCache:
    """``face(card, lang, width)`` and ``back(width)`` with a memory LRU and PNG files.

    Thread safe: the UI thread and a :class:`Prerender` thread may ask at once."""

    def __init__(self, directory: str | os.PathLike[str] | None = None,
                 memory_items: int = 600, disk: bool = True):
        self.dir = Path(directory) if directory is not None else default_dir()
        self.disk = disk
        self.memory_items = memory_items
        self._mem: OrderedDict[str, Image.Image] = OrderedDict()
        self._lock = threading.Lock()
        self.hits_memory = 0
        self.hits_disk = 0
        self.renders = 0

    # -------------------------------------------------------------- public

    def face(self, card: Any, lang: str, width: int) -> Image.Image:
        key = face_key(card, lang, width)
        return self._get(key, lambda: faces.render_face(card, lang, width), face_size(width))

    def back(self, width: int) -> Image.Image:
        return self._get(back_key(width), lambda: faces.render_back(width), face_size(width))

    def peek(self, card: Any, lang: str, width: int) -> Image.Image | None:
        """The face if it is already in memory, else None (never renders)."""
        with self._lock:
            img = self._mem.get(face_key(card, lang, width))
            if img is not None:
                self._mem.move_to_end(face_key(card, lang, width))
            return img

    def face_or_placeholder(self, card: Any, lang: str, width: int) -> tuple[Image.Image, bool]:
        """(image, ready): the face if in memory, else a plain placeholder frame (and the
        caller should ask again later, e.g. while a :meth:`prerender` runs)."""
        img = self.peek(card, lang, width)
        if img is not None:
            return img, True
        faction = card.factions[0] if card.factions else None
        # memory only (never read from disk), so no cached file can stand in for it
        return self._get(f"placeholder|{faction}|{width}",
                         lambda: faces.render_placeholder(width, faction), face_size(width),
                         disk=False), False

    def prerender(self, cards: Iterable[Any], langs: Iterable[str],
                  widths: Iterable[int]) -> Prerender:
        """Start a daemon thread rendering every (card, lang, width); returns it."""
        cards, langs, widths = list(cards), list(langs), list(widths)
        jobs = [(c, lang, w) for w in widths for lang in langs for c in cards]
        thread = Prerender(self, jobs)
        thread.start()
        return thread

    def clear_memory(self) -> None:
        with self._lock:
            self._mem.clear()

    # -------------------------------------------------------------- internals

    def _path(self, key: str) -> Path:
        return self.dir / key[:2] / f"{key}.png"

    def _remember(self, key: str, img: Image.Image) -> None:
        with self._lock:
            self._mem[key] = img
            self._mem.move_to_end(key)
            while len(self._mem) > self.memory_items:
                self._mem.popitem(last=False)

    def _get(self, key: str, render, size: tuple[int, int], disk: bool = True) -> Image.Image:
        with self._lock:
            img = self._mem.get(key)
            if img is not None:
                self._mem.move_to_end(key)
                self.hits_memory += 1
                return img
        use_disk = disk and self.disk
        if use_disk:
            img = self._load(key, size)
            if img is not None:
                self.hits_disk += 1
                self._remember(key, img)
                return img
        img = render()
        self.renders += 1
        self._remember(key, img)
        if use_disk:
            self._store(key, img)
        return img

    def _load(self, key: str, size: tuple[int, int]) -> Image.Image | None:
        """The cached PNG if it is exactly the ``size`` rendering would give, else None.

        Anything else — damaged, truncated, not a PNG, the wrong size, or a header
        claiming a huge picture — is deleted so the face is rendered and stored afresh
        (kept, it would fail or waste memory on every run).  The size is checked before
        any pixel is decoded: one forged 12000×12000 file would otherwise cost ~576 MB.
        """
        path = self._path(key)
        if not path.is_file():
            return None
        try:
            if (path.stat().st_size <= max_png_bytes(size)
                    and png_header_size(path) == size):
                with Image.open(path, formats=("PNG",)) as im:
                    if im.size == size:  # Pillow agrees with our reading of the header
                        im.load()
                        return im.convert("RGBA") if im.mode != "RGBA" else im.copy()
        except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
            pass
        with contextlib.suppress(OSError):  # bad: drop it and render again
            path.unlink()
        return None

    def _store(self, key: str, img: Image.Image) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            img.save(tmp, format="PNG", compress_level=1)
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only or full disk only costs speed
