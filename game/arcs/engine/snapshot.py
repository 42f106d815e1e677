"""A plain, JSON-able picture of a whole Arcs game, for saves (``--verify``) and tests.

Every field of :class:`~game.arcs.engine.state.State` is in it except what the
configuration rebuilds (the printed components, the card lookup, the map the setup card
left) and what the save stores beside it (the action log); the generator's state is in,
so two snapshots are equal exactly when the two games will go on identically.  Tuples
become lists and objects dicts, so a snapshot read back from JSON compares equal.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.arcs.engine.state import State

# Rebuilt from the configuration on loading, or stored beside the snapshot.
SKIPPED = ("rules", "cards", "topology", "log")


def plain(value: Any) -> Any:
    """A value as JSON would give it back: lists, dicts with text keys, scalars."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):  # a NamedTuple too
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:
        return {name: plain(getattr(value, name)) for name in slots}
    raise TypeError(f"no plain form for {type(value).__name__}")


def snapshot(state: State) -> dict[str, Any]:
    return {name: plain(getattr(state, name)) for name in State.__slots__
            if name not in SKIPPED}
