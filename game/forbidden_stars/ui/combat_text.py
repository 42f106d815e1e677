"""Readable words for a Forbidden Stars combat card's abilities and for the options of an
effect waiting for a choice, in English or Russian.

The cards in rules/forbidden_stars/combat_cards.toml carry their abilities as effects of
the closed vocabulary (engine/vocabulary.py), not as printed prose: this module words
them from the ``fs_combat.fx.*`` strings (game/i18n/<lang>/fs_combat.toml), so the text
always says what the engine does.  Names of units, faces and cards come from the data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from game import i18n
from game.forbidden_stars.engine.components import Effect, FSRules

BASTION = "bastion"
ROUTED = "/routed"
TOKEN = "reinforcement"


def t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(f"fs_combat.{key}", lang=lang, **kw)


def has(key: str) -> bool:
    return f"fs_combat.{key}" in i18n.strings("en")


def name(entry: object, lang: str) -> str:
    return str(getattr(entry, "name_ru" if lang == "ru" else "name_en"))


def face_word(face: str, lang: str) -> str:
    """A die face (or ``rolled``) as a short word."""
    return t(f"face.{face}", lang)


def faces_word(faces: Iterable[str], lang: str, mixed: bool = False) -> str:
    joiner = t("and_or" if mixed else "or", lang)
    return f" {joiner} ".join(face_word(f, lang) for f in faces)


def unit_word(rules: FSRules, unit: str, lang: str) -> str:
    if unit == BASTION:
        return name(rules.structures[BASTION], lang)
    if unit == TOKEN:
        return name(rules.assets[TOKEN], lang)
    return name(rules.units[unit], lang) if unit in rules.units else unit


def units_word(rules: FSRules, units: Iterable[str], lang: str) -> str:
    return " / ".join(unit_word(rules, u, lang) for u in units)


def _count(n: int, lang: str) -> str:
    return t("all", lang) if n == 0 else str(n)


def effect_text(rules: FSRules, e: Effect, lang: str) -> str:
    """One effect as a sentence (its condition and side first)."""
    p: Mapping[str, Any] = e.params
    kind = e.kind
    kw: dict[str, object] = {}
    if "faces" in p:
        kw["faces"] = faces_word(p["faces"], lang, bool(p.get("mixed")))
    if "count" in p:
        kw["n"] = _count(int(p["count"]), lang)
    if "units" in p:
        kw["units"] = units_word(rules, p["units"], lang)
    if kind == "named":
        body = t(f"fx.named.{p['name']}", lang)
    elif kind == "choose":
        options = [_list(rules, o, lang) or t("fx.nothing", lang) for o in p["options"]]
        body = f" {t('or_upper', lang)} ".join(options)
        if p.get("chooser") == "opponent":
            body = t("fx.opponent_chooses", lang, what=body)
    elif kind == "spend_dice":
        most = int(p["max"])
        body = t("fx.spend_dice" if most else "fx.spend_dice_any", lang, faces=kw["faces"],
                 n=most, each=_list(rules, p["each"], lang))
    elif kind == "convert_dice":
        body = t("fx.convert_dice", lang, faces=kw["faces"], n=kw["n"],
                 to=face_word(p["to"], lang))
    elif kind in ("rout", "destroy"):
        body = t(f"fx.{kind}", lang, n=kw["n"])
        flt = p.get("filter", "any")
        if flt != "any" or "units" in p:
            body += " (" + (kw["units"] if "units" in p else t(f"filter.{flt}", lang)) + ")"
    elif kind == "place_units":
        body = t("fx.place_units", lang, units=kw["units"], n=kw["n"],
                 where=t(f"where.{p['where']}", lang))
    elif kind == "move_units":
        body = t("fx.move_units", lang, n=kw["n"],
                 units=kw.get("units") or t("filter.any", lang),
                 source=t(f"reach.{p['from']}", lang), to=t(f"where.{p['to']}", lang))
    elif kind == "replace_unit":
        body = t("fx.replace_unit", lang, source=units_word(rules, p["from"], lang),
                 to=units_word(rules, p["to"], lang))
    elif kind == "routed_become_destroyed":
        body = t("fx.routed_become_destroyed" + ("_unless" if p.get("unless_morale") else ""),
                 lang)
    else:
        body = t(f"fx.{kind}", lang, **kw) if has(f"fx.{kind}") else kind
    if p.get("per"):
        body += " " + t(f"per.{p['per']}", lang, units=kw.get("units", ""))
    if p.get("side") == "opponent" and kind not in ("choose",):
        body = t("fx.opponent", lang, what=body)
    if e.cond:
        body = t("fx.if", lang, cond=t(f"cond.{e.cond}", lang), what=body)
    return _singular(body) if lang == "en" else body


_ONE = re.compile(r"\b1 (dice|units|combat tokens|reinforcement tokens|combat cards|free units)\b")
_SINGLE = {"dice": "die", "units": "unit", "combat tokens": "combat token",
           "reinforcement tokens": "reinforcement token", "combat cards": "combat card",
           "free units": "free unit"}


def _singular(text: str) -> str:
    """English «1 dice» → «1 die» (the templates say the plural)."""
    return _ONE.sub(lambda m: "1 " + _SINGLE[m.group(1)], text)


def _list(rules: FSRules, effects: Iterable[Effect], lang: str) -> str:
    return "; ".join(effect_text(rules, e, lang) for e in effects)


def effects_text(rules: FSRules, effects: Iterable[Effect], lang: str) -> str:
    """A card area's effects as one line of sentences."""
    text = _list(rules, effects, lang)
    return text[:1].upper() + text[1:] + "." if text else ""


def option_text(rules: FSRules, option: str, effect: Effect | None, area_name: Any,
                lang: str) -> str:
    """An option of an effect waiting for a choice: a «choose» option's effects, a face,
    a unit group, «unit>area», a combat card, an area or a plain word (use, pass …).
    ``area_name(area, lang)`` words an area."""
    if effect is not None and effect.kind == "choose" and option.isdigit():
        opts = effect.params["options"]
        i = int(option)
        return effects_text(rules, opts[i], lang) if i < len(opts) and opts[i] \
            else t("fx.nothing", lang)
    if has(f"word.{option}"):
        return t(f"word.{option}", lang)
    if option in rules.die_faces:
        return t("die_of", lang, face=face_word(option, lang))
    if option in rules.combat_cards:
        return name(rules.combat_cards[option], lang)
    base = option.removesuffix(ROUTED)
    if ">" in option:
        unit, _, area = option.partition(">")
        return f"{unit_word(rules, unit, lang)} → {area_name(area, lang)}"
    if base in rules.units or base in (BASTION, TOKEN):
        word = unit_word(rules, base, lang)
        return t("routed_unit", lang, unit=word) if option.endswith(ROUTED) else word
    if "." in option:
        try:
            return str(area_name(option, lang))
        except (KeyError, ValueError):
            return option
    return option
