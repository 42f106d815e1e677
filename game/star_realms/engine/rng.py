"""A small seeded PRNG whose whole state is one integer.

It lives inside the game state, so cloning a game, saving it to JSON and
replaying it all reproduce the exact same shuffles.  SplitMix64 is plenty for
shuffling cards and cheap to copy (Python's ``random.Random`` state is 625 ints).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode("utf-8")[:8].ljust(8, b"\0"), "little")
        self.state = seed & MASK64

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = ((1 << 64) // n) * n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher–Yates in place: ``j = self.below(i + 1)`` for each ``i`` from the top,
        with :meth:`below` and :meth:`next64` written out (a shuffle draws once per
        card, and every reshuffle of every game runs through here)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = ((1 << 64) // n) * n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & MASK64
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of ``games`` games of a seeded run (simulations, tuning, soaks)."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(games)]
