"""What the table games' setup screens share (Arcs, Forbidden Stars): the seat names a
player types, the seed (blank: a new random game) and who starts — a seat, or drawn at
random by the seed (-1, each engine's ``RANDOM_FIRST``).  Each game words its own
messages: ``prefix`` is its setup keys' section (``arcs.setup``, ``fs_shell.setup``),
which has ``bad_name``, ``bad_seed``, ``first_random`` and ``seat``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game import i18n
from game.save_files import is_seat_name

RANDOM_FIRST = -1  # the engines' value: the first player drawn by the game's seed
MAX_SEED = 2**31 - 1
MAX_NAME = 40


class SetupRefused(ValueError):
    """The choices cannot start a game; ``str()`` is the line shown."""


def name_ok(name: str) -> bool:
    """A (trimmed) name a seat may have: not blank, overlong or filler-only (a save
    would refuse it later, and the table would show nothing)."""
    return 0 < len(name) <= MAX_NAME and name.isprintable() and is_seat_name(name)


def seat_names(raw: Sequence[str], prefix: str) -> tuple[str, ...]:
    """The typed names, trimmed; one that is not :func:`name_ok` is refused."""
    names = tuple(name.strip() for name in raw)
    for i, name in enumerate(names):
        if not name_ok(name):
            raise SetupRefused(i18n.t(f"{prefix}.bad_name", n=i + 1))
    return names


def seed_from(text: str, prefix: str) -> int:
    """The typed seed, or a fresh random one when blank (the save remembers it)."""
    text = text.strip()
    if not text:
        return random.SystemRandom().randrange(MAX_SEED)
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_SEED:  # not "²"
        raise SetupRefused(i18n.t(f"{prefix}.bad_seed"))
    return int(text)


def first_labels(count: int, prefix: str) -> dict[str, int]:
    """Label → choice of who starts, in the player's language: random first (the
    rulebooks' way), then each seat by its number."""
    out = {i18n.t(f"{prefix}.first_random"): RANDOM_FIRST}
    for i in range(count):
        out[i18n.t(f"{prefix}.seat", n=i + 1)] = i
    return out
