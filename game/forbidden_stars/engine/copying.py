"""A fast field-wise copy for the engine's mutable records.

``dataclasses.replace`` re-runs ``__init__`` with every field as a keyword (and checks
them): a copied game makes ~10 of those per view, the largest single cost of a bot's
loop.  The records copied here (no slots, no ``__post_init__``, no ``init=False``
fields) carry everything in their ``__dict__``, so copying it and overriding the
changed fields gives the same object ``replace`` would, several times faster.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A shallow copy of ``obj`` (a plain dataclass instance) with ``changes`` set."""
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new
