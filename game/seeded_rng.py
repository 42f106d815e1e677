"""Seeded random numbers for the games' engines: SplitMix64, one 64-bit integer of state.

Each engine keeps one generator inside its game state, so cloning a game or replaying
its action log reproduces every shuffle, die and setup choice.  Pure Python, no I/O;
shared by Arcs and Forbidden Stars (it holds no game's rules).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = 0xFFFF_FFFF_FFFF_FFFF
_GOLDEN = 0x9E37_79B9_7F4A_7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        other = Rng()
        other.state = self.state
        return other

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        if n < 1:
            raise ValueError(f"below({n}): n must be at least 1")
        cut = (1 << 64) - (1 << 64) % n
        while (r := self.next_u64()) >= cut:
            pass
        return r % n

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
