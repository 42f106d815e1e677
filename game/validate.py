"""A small kit for checking data read from files (rules, saves, campaigns), game-agnostic.

Two styles, one vocabulary:

* **collect** every problem, for data an author fixes (the rules files): an
  :class:`Errors` list of ``path: message`` strings, a ``file:item:field`` path built
  by :meth:`Errors.under`, and typed getters (:func:`need_int`, :func:`need_str`,
  :func:`need_choice`, :func:`need_list`, :func:`need_bool`, :func:`need_table`) that record
  what is wrong and return a harmless fallback so checking can go on;
* **stop** at the first problem, for data a player cannot fix (a save, a campaign):
  :func:`need` raises the caller's error class with the message; :func:`is_int` and
  :func:`is_text` are the tests it is usually given.

The messages are the loaders' own words; tests check some of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn, TypeGuard

MISSING: Any = object()  # "no default": the field is required


class Errors(list[str]):
    """Collects ``path: message`` strings; a caller prefixes its file and item."""

    def add(self, path: str, message: str) -> None:
        self.append(f"{path}: {message}")

    def under(self, prefix: str, errors: Iterable[str]) -> None:
        """Add another collector's errors below ``prefix`` (``file:item:`` + ``field: …``)."""
        self.extend(f"{prefix}:{e}" for e in errors)


# ---------------------------------------------------------------------- stop at the first


def fail(error: type[Exception], message: str) -> NoReturn:
    raise error(message)


def need(cond: bool, message: str, error: type[Exception] = ValueError) -> None:
    """Raise ``error(message)`` unless ``cond``."""
    if not cond:
        raise error(message)


def is_int(v: Any, lo: int, hi: int) -> TypeGuard[int]:
    """A whole number (not a bool) in ``lo..hi``."""
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def is_text(v: Any, limit: int, blank: bool = False) -> TypeGuard[str]:
    """A string of 1..``limit`` characters (of 0.. when ``blank``)."""
    return isinstance(v, str) and (blank or len(v) > 0) and len(v) <= limit


# ---------------------------------------------------------------------- collect every problem


def check_int(value: Any, path: str, errors: Errors, lo: int, hi: int, fallback: int = 0) -> int:
    """``value`` as a whole number in ``lo..hi``, or ``fallback`` with the problem recorded."""
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(path, f"expected a whole number, got {type(value).__name__}")
        return fallback
    if not lo <= value <= hi:
        errors.add(path, f"{value} is out of range {lo}..{hi}")
        return fallback
    return value


def need_int(raw: dict, field: str, errors: Errors, lo: int, hi: int, default: Any = MISSING,
             path: str = "") -> int:
    """``raw[field]``, a required (unless ``default`` is given) whole number in ``lo..hi``;
    on a problem ``lo`` is returned."""
    v = raw.get(field, None if default is MISSING else default)
    if v is None:
        errors.add(f"{path}{field}", "missing required field")
        return lo
    return check_int(v, f"{path}{field}", errors, lo, hi, lo)


def need_str(raw: dict, field: str, errors: Errors, path: str = "", what: str = "string",
             strip: bool = False) -> str:
    """``raw[field]``, a non-empty (not blank) string; ``""`` on a problem."""
    v = raw.get(field)
    if not isinstance(v, str) or not v.strip():
        errors.add(f"{path}{field}", f"expected a non-empty {what}")
        return ""
    return v.strip() if strip else v


def need_choice(value: Any, path: str, errors: Errors, options: tuple[Any, ...],
                fallback: Any = MISSING) -> Any:
    """``value`` if it is one of ``options``; else ``fallback`` (the first option)."""
    if value not in options:
        errors.add(path, f"unknown value {value!r} (expected one of: "
                         f"{', '.join(str(o) for o in options)})")
        return options[0] if fallback is MISSING else fallback
    return value


def need_bool(raw: dict, field: str, errors: Errors, default: bool = False,
              path: str = "") -> bool:
    """``raw[field]``, true or false (``default`` when absent or wrong)."""
    v = raw.get(field, default)
    if not isinstance(v, bool):
        errors.add(f"{path}{field}", "expected true or false")
        return default
    return v


def need_list(value: Any, path: str, errors: Errors, message: str = "expected a list",
              non_empty: bool = False) -> list:
    """``value`` if it is a list (non-empty when asked); else ``[]`` with ``message``."""
    if not isinstance(value, list) or (non_empty and not value):
        errors.add(path, message)
        return []
    return value


def need_table(value: Any, path: str, errors: Errors,
               allowed: dict[str, bool]) -> dict[str, Any]:
    """A table with only the ``allowed`` keys and every required one (``allowed[key]``)."""
    if not isinstance(value, dict):
        errors.add(path, f"expected a table, got {type(value).__name__}")
        return {}
    for key in value:
        if key not in allowed:
            errors.add(f"{path}.{key}", f"unknown parameter (allowed: {', '.join(allowed)})")
    for key, required in allowed.items():
        if required and key not in value:
            errors.add(f"{path}.{key}", "missing required parameter")
    return value


def unknown_fields(raw: dict, known: Iterable[str], errors: Errors, path: str = "") -> None:
    """Record every key of ``raw`` that is not ``known``."""
    known = set(known)
    for key in raw:
        if key not in known:
            errors.add(f"{path}{key}", "unknown field")
