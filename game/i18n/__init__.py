"""English and Russian strings.

Strings live in ``game/i18n/<lang>/*.toml`` as nested tables that flatten to dotted
keys (``[menu] new_game = "New game"`` → ``menu.new_game``).  Every language must
have exactly the keys English has (a test checks), and a missing key falls back to
English rather than crashing.  Card names come from the card data itself.
"""

from __future__ import annotations

import locale
import os
import tomllib
from functools import cache
from typing import Any

from game.resources import strings_dir

LANGUAGES: tuple[str, ...] = ("en", "ru")
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
_current = "en"


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str], origin: str) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out, origin)
        elif isinstance(value, str):
            if full in out:
                raise ValueError(f"{origin}: string {full!r} is defined twice")
            out[full] = value
        else:
            raise ValueError(f"{origin}: {full!r} must be a string")


@cache
def strings(lang: str) -> dict[str, str]:
    """All strings of one language (flattened keys)."""
    out: dict[str, str] = {}
    for path in sorted((strings_dir() / lang).glob("*.toml")):
        with path.open("rb") as fh:
            _flatten("", tomllib.load(fh), out, f"game/i18n/{lang}/{path.name}")
    return out


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    _current = lang


def language() -> str:
    return _current


def system_language() -> str:
    """The user's language if we have it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    try:
        code = (locale.getlocale()[0] or "en")[:2].lower()
    except ValueError:
        code = "en"
    return code if code in LANGUAGES else "en"


def t(key: str, lang: str | None = None, **kwargs: Any) -> str:
    """The string ``key`` in ``lang`` (default: the current language), formatted."""
    lang = lang or _current
    text = strings(lang).get(key)
    if text is None:
        text = strings("en").get(key, key)
    if not kwargs:
        return text
    out = text.format(**kwargs)
    return _english_possessives(text, out, kwargs) if "}'s" in text or "}’s" in text else out


def _english_possessives(template: str, out: str, kwargs: dict[str, Any]) -> str:
    """English strings write ``{name}'s`` whatever the name; a name ending in "s" takes
    the apostrophe alone ("Automatons' turn", "Anna's turn").  Only the spots where the
    template puts "'s" right after a placeholder are touched."""
    for name, value in kwargs.items():
        if not isinstance(value, str) or value[-1:] not in ("s", "S"):
            continue
        for mark in ("'", "’"):
            if f"{{{name}}}{mark}s" in template:
                out = out.replace(f"{value}{mark}s", f"{value}{mark}")
    return out


def plural_form(n: int, lang: str) -> str:
    """"one", "few" or "many" (Russian needs all three; English uses one/many)."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


def plural(n: int, key: str, lang: str | None = None) -> str:
    """``key.one`` / ``key.few`` / ``key.many`` for ``n``, formatted with ``{n}``."""
    lang = lang or _current
    return t(f"{key}.{plural_form(n, lang)}", lang, n=n)


def card_name(card: Any, lang: str | None = None) -> str:
    lang = lang or _current
    return card.name_ru if lang == "ru" else card.name_en
