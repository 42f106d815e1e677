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
from game.forbidden_stars import labels
from game.forbidden_stars.engine.components import Effect, FSRules
from game.forbidden_stars.engine.state import Action, State

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


def _counted(kind: str, p: Mapping[str, Any], lang: str, **kw: object) -> str | None:
    """A count-bearing effect as one sentence with the number in its form ("1 куб",
    "2 куба", "5 кубов"): the table ``fx.<kind>`` of one/few/many (``all`` for a count of
    0); an effect on the opponent's side says who does it — ``fx.opp.<kind>`` when the
    opponent chooses ("the opponent routs 1 unit"), ``fx.foe.<kind>`` when you choose
    among the opponent's ("reroll 1 of the opponent's dice").  None when ``kind`` has no
    such table (the caller words it the old way)."""
    bases = [f"fx.{kind}"]
    if p.get("side") == "opponent":
        bases = [f"fx.opp.{kind}"]
        if p.get("chooser") != "owner":
            bases.insert(0, f"fx.foe.{kind}")
    for base in bases:
        if has(f"{base}.one"):
            n = int(p.get("count", p.get("max", 0)))
            if n == 0 and has(f"{base}.all"):
                return t(f"{base}.all", lang, **kw)
            return t(f"{base}.{i18n.plural_form(n, lang)}", lang, n=n, **kw)
    return None


def effect_text(rules: FSRules, e: Effect, lang: str) -> str:
    """One effect as a sentence (its condition and side first), in the book's words."""
    p: Mapping[str, Any] = e.params
    kind = e.kind
    kw: dict[str, object] = {}
    if "faces" in p:
        kw["faces"] = faces_word(p["faces"], lang, bool(p.get("mixed")))
    if "units" in p:
        kw["units"] = units_word(rules, p["units"], lang)
    if p.get("asset") in rules.assets:  # «gain forge tokens: 2» (issue 38 item 6)
        word = name(rules.assets[p["asset"]], lang)
        kw["asset"] = word.lower() if lang == "en" else word
    if kind == "gain_dice" and list(p.get("faces", ())) == ["rolled"]:
        kind = "gain_dice_rolled"  # «roll 1 more die», not «gain dice (rolled)»
    if kind in ("place_units", "place_structure"):
        kw["where"] = t(f"where.{p['where']}", lang)
    if kind == "move_units":
        kw.update(units=kw.get("units") or t("filter.any", lang),
                  source=t(f"reach.{p['from']}", lang), to=t(f"where.{p['to']}", lang))
    if kind == "convert_dice":
        kw["to"] = face_word(p["to"], lang)
    if kind == "spend_dice":
        kw["each"] = _list(rules, p["each"], lang)
    said = _counted(kind, p, lang, **kw)  # the opponent named in it, when on its side
    if said is not None:
        body = said
        if kind in ("rout", "destroy"):
            flt = p.get("filter", "any")
            if flt != "any" or "units" in p:
                which = str(kw["units"]) if "units" in p else t(f"filter.{flt}", lang)
                body += f" ({which})"
    elif kind == "named":
        body = t(f"fx.named.{p['name']}", lang)
    elif kind == "choose":
        options = [_list(rules, o, lang) or t("fx.nothing", lang) for o in p["options"]]
        body = f" {t('or_upper', lang)} ".join(options)
        if p.get("chooser") == "opponent":
            body = t("fx.opponent_chooses", lang, what=body)
    elif kind == "spend_dice":  # no most: «spend any number of dice»
        body = t("fx.spend_dice_any", lang, faces=kw["faces"], each=kw["each"])
    elif kind == "replace_unit":
        body = t("fx.replace_unit", lang, source=units_word(rules, p["from"], lang),
                 to=units_word(rules, p["to"], lang))
    elif kind == "place_structure":
        body = t("fx.place_structure", lang, structure=name(rules.structures[p["structure"]], lang),
                 where=kw["where"])
        if p.get("cost"):
            body += " " + t("fx.paying", lang, n=int(p["cost"]))
    elif kind == "routed_become_destroyed":
        body = t("fx.routed_become_destroyed" + ("_unless" if p.get("unless_morale") else ""),
                 lang)
    elif p.get("side") == "opponent" and has(f"fx.opp.{kind}"):
        body = t(f"fx.opp.{kind}", lang, **kw)
        said = body
    else:
        if "count" in p:
            kw["n"] = _count(int(p["count"]), lang)
        body = t(f"fx.{kind}", lang, **kw) if has(f"fx.{kind}") else kind
    if p.get("per"):
        body += " " + t(f"per.{p['per']}", lang, units=kw.get("units", ""))
    if p.get("side") == "opponent" and kind != "choose" and said is None:
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
    if option in rules.die_faces or has(f"face.{option}"):  # «rolled»: a die rolled
        # «gain combat tokens» offers token kinds, every other face choice a die
        kind = "token_of" if effect is not None and "tokens" in effect.kind else "die_of"
        return t(kind, lang, face=face_word(option, lang))
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


def _lookup(view: State, part: str, effect: Effect | None, lang: str) -> str | None:
    """One ``>``-separated part of an option in words, or None when it is no known id."""
    rules = view.rules
    topo = view.topology
    if (topo is not None and part in topo.areas) or \
            (part.partition(".")[0] in rules.faces and part.partition(".")[2].isdigit()):
        return labels.area_name(view, part, lang)
    if part in rules.faces:
        return labels.system_name(view, part, lang)
    kind, colon, rest = part.partition(":")
    if colon and kind == "structure" and rest in rules.structures:
        return name(rules.structures[rest], lang)
    if colon and kind == "seat" and rest.isdigit():
        return i18n.t("forbidden_stars.seat", lang=lang, n=int(rest) + 1)
    if part[:2] in ("h,", "v,"):
        return labels.border_name(view, part, lang)
    if "+" in part:  # ways to pay joined: «cache+forge+scheme»
        words = [_lookup(view, x, effect, lang) for x in part.split("+")]
        return ", ".join(w for w in words if w) if all(words) else None
    for table in (rules.structures, rules.combat_cards, rules.upgrades, rules.events,
                  rules.orders, rules.assets):
        if part in table:
            return name(table[part], lang)
    words = option_text(rules, part, effect, lambda a, lg: labels.area_name(view, a, lg),
                        lang)
    return None if words == part else words


def effect_option(view: State, option: str, effect: Effect | None, lang: str) -> str:
    """An option of the effect waiting for a choice in the book's words: the parts of
    ``a>b>c`` options one by one (a place first, as «Place: unit → where»), a stack
    position as «order n from the top», a combat card taking another's place as
    «new instead of old», a way to pay in brackets."""
    if ">" not in option:
        return _lookup(view, option, effect, lang) or option
    parts = option.split(">")
    rules = view.rules
    if len(parts) == 3 and parts[0] in rules.faces and parts[1].isdigit():
        # reorder an order token of this stack (index 0 is the bottom token)
        stack = view.stacks.get(parts[0], [])
        return t("reorder", lang, system=labels.system_name(view, parts[0], lang),
                 n=len(stack) - int(parts[1]), end=t(f"word.{parts[2]}", lang))
    head = ""
    if _lookup(view, parts[0], effect, lang) is not None and \
            (parts[0] in rules.faces or "." in parts[0]) and len(parts) > 1:
        head = _lookup(view, parts[0], effect, lang) or ""
        parts = parts[1:]
    if len(parts) == 2 and all(x in rules.combat_cards for x in parts):
        body = t("instead", lang, new=name(rules.combat_cards[parts[0]], lang),
                 old=name(rules.combat_cards[parts[1]], lang))
    else:
        pay = ""
        if len(parts) == 3 and parts[0] in rules.units:  # unit>area>how it is paid for
            pay = _lookup(view, parts[2], effect, lang) or parts[2] if parts[2] else ""
            parts = parts[:2]
        words = [_lookup(view, x, effect, lang) or x for x in parts if x]
        body = " → ".join(words) + (f" ({pay})" if pay else "")
    return f"{head}: {body}" if head else body


def pending_effect(view: State) -> Effect | None:
    """The effect waiting for a choice, in a combat or on the map."""
    for holder in (view.combat, view.play):
        if holder is not None and holder.pending is not None:
            return holder.pending.effect
    return None


def action_label(view: State, a: Action, lang: str) -> str:
    """A legal action as the table's list, the combat panel and a phone's buttons word
    it: an effect's option in words (never its ids), anything else by labels.describe."""
    if a.kind == "effect":
        text = effect_option(view, a.card, pending_effect(view), lang)
        return text[:1].upper() + text[1:]
    return labels.describe(view, a, lang)
