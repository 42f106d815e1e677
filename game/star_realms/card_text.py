"""Card text in every language, generated from the effect data.

Nothing here is written per card: each effect operation has a phrase template in
``game/i18n/<lang>/cards.toml`` (keys ``card_text.*``) and an ability's text is the
phrases of its effects put together.  A data change therefore changes the text in
both languages at once, and a missing template fails loudly (:class:`MissingText`)
instead of showing an English fallback on a Russian card.

Templates use ``{name}`` placeholders plus a plural form ``{n:card|cards}`` that picks
a word by the number ``n`` (English: one|other; Russian: one|few|many, so
"1 карту / 2 карты / 5 карт").

Two views of an ability:

* :func:`ability_text` — one plain string ("+3 Trade. You may scrap a card from the
  trade row."), for the log, tooltips and the zoom view;
* :func:`ability_parts` — the same text split into :class:`Part` items, so the card
  face can draw resource gains as icon chips and the rest as short text lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game import i18n
from game.star_realms.engine.cards import ALLY_SLOTS

PREFIX = "card_text."
# The order of the boxes on a face and of the lines of a card's text.  `upgrade_ally`
# (a campaign sticker's ally ability, of the upgrading player's faction) comes after
# the printed ally abilities, as the table lists a card's abilities.
SLOTS: tuple[str, ...] = ("primary", "ally", "second_ally", "double_ally", "upgrade_ally",
                          "scrap", "on_acquire", "each_turn", "ongoing")
HERO_SLOTS: tuple[str, ...] = ("on_acquire", "scrap")
MISSION_SLOTS: tuple[str, ...] = ("objective", "reward")  # a mission's two boxes (United)
RESOURCES: tuple[str, ...] = ("trade", "combat", "authority")


class MissingText(KeyError):
    """A card-text template is missing in a language."""


@dataclass(frozen=True, slots=True)
class Part:
    """One piece of an ability as the card face draws it.

    ``kind`` is ``"gain"`` (a plain resource gain: ``icon`` is the resource and
    ``amount`` the number), ``"or"`` (a choice between single effects, in ``options``:
    gains and phrases) or
    ``"text"`` (a phrase, with an optional leading ``icon`` name)."""

    kind: str
    text: str
    icon: str | None = None
    amount: int | None = None
    options: tuple[Part, ...] = ()


# ---------------------------------------------------------------- templates

_PLURAL = re.compile(r"\{(\w+):([^{}]*)\}")


def plural_index(lang: str, n: int) -> int:
    """Which plural form a number takes: en 0=one 1=other; ru 0=one 1=few 2=many."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2
    return 0 if n == 1 else 1


def plural_forms_needed(lang: str) -> int:
    return 3 if lang == "ru" else 2


def template(key: str, lang: str) -> str:
    """The raw template ``card_text.<key>`` of ``lang``; raises :class:`MissingText`."""
    try:
        return i18n.strings(lang)[PREFIX + key]
    except KeyError:
        raise MissingText(f"{lang}: no string {PREFIX + key}") from None


def fmt(key: str, lang: str, **kwargs: Any) -> str:
    text = template(key, lang)

    def plural(m: re.Match[str]) -> str:
        forms = m.group(2).split("|")
        idx = plural_index(lang, kwargs[m.group(1)])
        return forms[min(idx, len(forms) - 1)]

    text = _PLURAL.sub(plural, text)
    return text.format(**kwargs) if kwargs else text


def slot_label(slot: str, lang: str) -> str:
    """"Ally ability" / "Союзное свойство" etc.; ``slot`` may also be ``"trigger"``."""
    return fmt(f"slot.{slot}", lang)


def slot_factions(card: Any, slot: str) -> tuple[str, ...]:
    """The factions an ally ability of ``card`` answers to (empty for other slots).

    Printed ally abilities answer to the printed factions (``ally_factions`` on a
    campaign-upgraded card, which has gained the upgrading player's faction); a
    sticker's ``upgrade_ally`` ability and a United card's ``second_ally`` line answer
    to their own faction only (:meth:`CardDef.answers_to`).  The ally
    text itself never names the faction: the face marks the box with the emblem(s) and
    :func:`slot_label` says which kind of ally ability it is."""
    return card.answers_to(slot) if slot in ALLY_SLOTS else ()


def faction_name(faction: str, lang: str) -> str:
    key = f"faction.{faction}"
    text = i18n.strings(lang).get(key)
    if text is None:
        raise MissingText(f"{lang}: no string {key}")
    return text


# ---------------------------------------------------------------- helpers


def _lc(text: str) -> str:
    """Lower-case the first letter of a phrase that continues a sentence."""
    if len(text) >= 2 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def _uc(text: str) -> str:
    return text[:1].upper() + text[1:]


def _kind_word(kinds: Sequence[str]) -> str:
    kinds = tuple(kinds)
    if len(kinds) == 1 and kinds[0] in ("ship", "base"):
        return kinds[0]
    return "card"


def _zones_key(zones: Iterable[str]) -> str:
    z = set(zones)
    if z == {"hand", "discard", "trade_row"}:
        return "all"
    if z == {"hand", "discard"}:
        return "hand_discard"
    if z == {"hand", "trade_row"}:
        return "hand_trade_row"
    if z == {"discard", "trade_row"}:
        return "discard_trade_row"
    (only,) = z
    return only


def _count(lo: int, hi: int, lang: str) -> str:
    from game.star_realms.data.effects import ANY

    if hi >= ANY:
        return fmt("count.any", lang)
    if lo == hi or (lo == 0 and hi == 1):
        return fmt("count.one", lang) if hi == 1 else fmt("count.n", lang, n=hi)
    if lo == 0:
        return fmt("count.up_to", lang, n=hi)
    return fmt("count.range", lang, lo=lo, hi=hi)


def _gain_text(op: str, amount: Any, lang: str) -> str:
    if isinstance(amount, int):
        return fmt(f"gain.{op}", lang, n=amount)
    _, counter, times = amount
    res = fmt(f"res.{op}", lang)
    if counter.startswith("played_"):
        return fmt("per.played_faction", lang, res=res, times=times,
                   faction=faction_name(counter[7:], lang))
    if counter == "picked_cost":
        if times == 1:
            return fmt("per.picked_cost", lang, res=res)
        return fmt("per.picked_cost_times", lang, res=res, times=times)
    return fmt(f"per.{counter}", lang, res=res, times=times)


def _draw_text(p: Any, lang: str) -> str:
    if isinstance(p, int):
        return fmt("draw.one", lang) if p == 1 else fmt("draw.n", lang, n=p)
    _, counter, times = p  # "draw a card for each …" (Blob World)
    if counter.startswith("played_"):
        what = fmt("counter.played_faction", lang, faction=faction_name(counter[7:], lang))
    else:
        what = fmt(f"counter.{counter}", lang)
    return fmt("draw.per_one", lang, what=what) if times == 1 else fmt(
        "draw.per_n", lang, n=times, what=what)


def _is_plain_gain(effect: tuple[str, Any]) -> bool:
    op, params = effect
    return op in RESOURCES and isinstance(params, int)


# ---------------------------------------------------------------- phrases


def _then_text(effects: Sequence[tuple[str, Any]], lang: str) -> str:
    """Effects continuing a sentence (after "If you do:", "or", ...): one clause."""
    return _lc(nested_text(effects, lang))


def nested_text(effects: Sequence[tuple[str, Any]], lang: str) -> str:
    """Several effects as one clause: phrases joined by commas, no final full stop."""
    phrases = [_phrase(e, lang) for e in effects]
    sep = fmt("logic.list_sep", lang)
    return sep.join([phrases[0], *(_lc(p) for p in phrases[1:])]) if phrases else ""


def _select_phrase(op: str, params: dict[str, Any], lang: str) -> str:
    lo, hi = params["min"], params["max"]
    count = _count(lo, hi, lang)
    mode = "may" if lo == 0 else "must"
    if op == "scrap" and params.get("factions"):  # one card of these factions (Death World)
        names = [fmt("scrap_factions.name", lang, name=faction_name(f, lang))
                 for f in params["factions"]]
        listed = fmt("scrap_factions.faction_sep", lang).join(names[:-1])
        listed = listed + fmt("scrap_factions.last_sep", lang) + names[-1] if listed else names[0]
        text = fmt(f"scrap_factions.{mode}", lang, factions=listed,
                   **{"from": fmt(f"from.{_zones_key(params['zones'])}", lang)})
    elif op == "scrap":
        where = _zones_key(params["zones"]) + ("_now" if params.get("currently") else "")
        text = fmt(f"scrap.{mode}", lang, count=count, **{"from": fmt(f"from.{where}", lang)})
    else:
        text = fmt(f"discard.{mode}", lang, count=count)
    each = params.get("each") or ()
    if each:
        inner = nested_text(each, lang)
        if params.get("each_after") and hi > 1:  # after the last pick (Brain World)
            text = text + fmt("logic.sentence_end", lang) + fmt("logic.sentence_sep", lang) \
                + fmt("each.after_all", lang, effects=_lc(inner))
        elif lo == hi == 1:
            sep = fmt("logic.sentence_end", lang) + fmt("logic.sentence_sep", lang)
            text = text + sep + _uc(inner)
        elif hi == 1:
            text = text + fmt("logic.sentence_end", lang) + fmt("logic.sentence_sep", lang) \
                + fmt("each.if_you_do", lang, effects=_lc(inner))
        else:
            text = text + fmt("logic.sentence_end", lang) + fmt("logic.sentence_sep", lang) \
                + fmt("each.for_each", lang, effects=_lc(inner))
    return text


def _may_phrase(effects: Sequence[tuple[str, Any]], lang: str) -> str:
    if len(effects) == 1:
        op, params = effects[0]
        if op == "put_in_hand":
            return _uc(fmt("special.may_put_in_hand", lang))
        if op == "draw":
            key = "draw.may_one" if params == 1 else "draw.may_n"
            return _uc(fmt(key, lang, n=params))
        if op == "destroy_base":
            return fmt("destroy_base.may", lang)
    return fmt("logic.may", lang, effects=_then_text(effects, lang))


def _if_phrase(params: dict[str, Any], lang: str) -> str:
    name, arg = params["cond"]
    then = _then_text(params["then"], lang)
    if name == "bases_at_least":
        text = fmt("cond.bases_at_least", lang, n=arg, then=then)
    elif name == "opponent_has_base":
        text = fmt("cond.opponent_has_base", lang, then=then)
    elif name == "opponent_bases_at_least":  # Obliterator
        text = fmt("cond_crisis.opponent_bases_at_least", lang, n=arg, then=then)
    elif name == "played_base":  # the promo bases
        text = fmt("cond_promo.played_base", lang, then=then)
    else:
        text = fmt("cond.played_faction", lang, faction=faction_name(arg, lang), then=then)
    if params.get("else"):
        text += fmt("logic.sentence_end", lang) + fmt("logic.sentence_sep", lang) \
            + fmt("logic.otherwise", lang, effects=_then_text(params["else"], lang))
    return text


def _choose_phrase(options: Sequence[Sequence[tuple[str, Any]]], lang: str) -> str:
    texts = [nested_text(o, lang) for o in options]
    if len(texts) == 2:
        return fmt("logic.or", lang, a=texts[0], b=_lc(texts[1]))
    sep = fmt("logic.option_sep", lang)
    return fmt("logic.choose", lang, effects=sep.join(_lc(t) for t in texts))


def _phrase(effect: tuple[str, Any], lang: str) -> str:
    """One effect as a phrase (capitalised, no final full stop)."""
    op, p = effect
    if op in RESOURCES:
        return _gain_text(op, p, lang)
    if op == "draw":
        return _draw_text(p, lang)
    if op in ("scrap", "discard"):
        return _select_phrase(op, p, lang)
    if op == "target_discards":
        suffix = "one" if p["n"] == 1 else "n"
        return fmt(f"target_discards.{p['who']}_{suffix}", lang, n=p["n"])
    if op == "destroy_base":
        return fmt("destroy_base.may" if p["optional"] else "destroy_base.must", lang)
    if op == "return_base":  # Mega Mech
        return fmt("return_base.may" if p["optional"] else "return_base.must", lang)
    if op == "acquire_free":
        # lazy: as in _count (the data parsers load only when a text needs ANY)
        from game.star_realms.data.effects import ANY

        kind = _kind_word(p["kinds"])
        if p["max_cost"] >= ANY:  # "acquire any ship" (Blob Carrier)
            text = fmt(f"acquire.{kind}_any", lang)
        else:
            text = fmt(f"acquire.{kind}", lang, n=p["max_cost"])
        if p["to"] != "discard":
            text += " " + fmt(f"acquire_to.{p['to']}_{kind}", lang)
        return text
    if op == "choose":
        return _choose_phrase(p, lang)
    if op == "may":
        return _may_phrase(p, lang)
    if op == "if":
        return _if_phrase(p, lang)
    if op == "each_player":  # Crisis events
        key = "event.each_other" if p["others"] else "event.each_player"
        return fmt(key, lang, effects=_then_text(p["effects"], lang))
    if op == "lose_authority":
        return fmt("event.lose_authority", lang, n=p)
    if op == "discard_or_lose":
        return fmt("event.discard_or_lose", lang, n=p["cards"], a=p["authority"])
    if op == "base_or_lose":
        return fmt("event.base_or_lose", lang, n=p)
    if op == "scrap_row":
        return fmt("event.scrap_row", lang)
    if op == "draw_put_back":
        return fmt("event.draw_put_back", lang, n=p["draw"], k=p["back"])
    if op == "gain_explorer":  # mission rewards (United)
        one = "explorer" if p["count"] == 1 else "explorers"
        return fmt(f"mission.{one}_{p['to']}", lang, n=p["count"])
    if op == "split_top":
        return fmt("mission.split_top", lang)
    if op in ("choose_faction", "draw_gambit"):  # the Gambit set
        return fmt(f"gambit.{op}", lang)
    if op == "shield":
        return fmt("gambit.shield", lang, n=p)
    if op == "allies_of":  # a Crisis hero's scrap ability
        return fmt("allies_of.text", lang, faction=faction_name(p, lang))
    if op == "next_acquire":
        may = "may_" if p.get("optional") else ""
        return fmt(f"next_acquire.{may}{p['to']}_{_kind_word(p['kinds'])}", lang)
    if op == "topdeck_from_discard":
        if "max_cost" in p:  # Coalition Messenger: "a card of cost five or less"
            return fmt(f"topdeck.{_kind_word(p['kinds'])}_cost", lang, n=p["max_cost"])
        return fmt(f"topdeck.{_kind_word(p['kinds'])}", lang)
    if op in ("copy_base", "copy_ship", "return_from_scrap", "put_in_hand"):
        return fmt(f"special.{op}", lang)
    if op == "land_acquired":  # the yes/no of an optional "next card you acquire"
        return _uc(fmt(f"special.land_acquired_{p['to']}", lang))
    if op == "drain":  # boss effects (adventures)
        if isinstance(p, int):
            return fmt("boss.drain_n", lang, n=p)
        times = p[2]
        return fmt("boss.drain_cost" if times == 1 else "boss.drain_cost_times", lang,
                   times=times)
    if op == "plunder":
        return fmt("boss.plunder_one" if p == 1 else "boss.plunder_n", lang, n=p)
    if op == "each_player_discards":
        return fmt("boss.each_discards_one" if p == 1 else "boss.each_discards_n", lang, n=p)
    raise MissingText(f"no card text for effect {op!r}")


_ICONS = {
    "draw": "draw",
    "discard": "discard",
    "target_discards": "discard",
    "scrap": "scrap",
    "destroy_base": "destroy",
    "return_base": "base",
    "acquire_free": "acquire",
    "next_acquire": "acquire",
    "allies_of": "ally",
    "topdeck_from_discard": "topdeck",
    "copy_base": "base",
    "copy_ship": "base",
    "return_from_scrap": "scrap",
    "put_in_hand": "draw",
    "drain": "authority",
    "plunder": "scrap",
    "each_player_discards": "discard",
    "lose_authority": "authority",
    "discard_or_lose": "discard",
    "base_or_lose": "destroy",
    "scrap_row": "scrap",
    "draw_put_back": "draw",
    "gain_explorer": "acquire",
    "split_top": "draw",
    "choose_faction": "ally",
    "draw_gambit": "gambit",
    "shield": "outpost",
}


def _effect_icon(effect: tuple[str, Any]) -> str | None:
    op, p = effect
    if op in RESOURCES:
        return op
    if op == "may" and len(p) == 1:
        return _effect_icon(p[0])
    return _ICONS.get(op)


# ---------------------------------------------------------------- public API


def ability_parts(effects: Sequence[tuple[str, Any]], lang: str) -> list[Part]:
    """An ability as face parts: resource-gain chips, either/or chips and phrases."""
    parts: list[Part] = []
    for eff in effects:
        op, p = eff
        if _is_plain_gain(eff):
            parts.append(Part("gain", _phrase(eff, lang), icon=op, amount=p))
        elif op == "choose" and all(len(o) == 1 for o in p):
            opts = tuple(
                Part("gain", _phrase(o[0], lang), icon=o[0][0], amount=o[0][1])
                if _is_plain_gain(o[0])
                else Part("text", _phrase(o[0], lang), icon=_effect_icon(o[0]))
                for o in p
            )
            parts.append(Part("or", _phrase(eff, lang), options=opts))
        else:
            parts.append(Part("text", _phrase(eff, lang), icon=_effect_icon(eff)))
    return parts


def join_parts(parts: Sequence[Part], lang: str) -> str:
    """Parts as sentences: consecutive gains share a sentence, joined by commas."""
    end = fmt("logic.sentence_end", lang)
    sep = fmt("logic.sentence_sep", lang)
    list_sep = fmt("logic.list_sep", lang)
    sentences: list[str] = []
    gains: list[str] = []
    for part in parts:
        if part.kind == "gain":
            gains.append(part.text)
            continue
        if gains:
            sentences.append(list_sep.join(gains))
            gains = []
        sentences.append(part.text)
    if gains:
        sentences.append(list_sep.join(gains))
    return sep.join(s if s.endswith((".", "!", "?")) else s + end for s in sentences)


def ability_text(effects: Sequence[tuple[str, Any]], lang: str) -> str:
    """The short text of one ability, generated from its effects."""
    return join_parts(ability_parts(effects, lang), lang)


def trigger_text(trigger: Any, lang: str) -> str:
    """A standing trigger (Command Center) as one sentence."""
    kind = trigger.kind if trigger.kind in ("ship", "base") else "card"
    effects = _then_text(trigger.effects, lang)
    if trigger.faction:
        text = fmt(f"trigger.faction_{kind}", lang,
                   faction=faction_name(trigger.faction, lang), effects=effects)
    else:
        text = fmt(f"trigger.any_{kind}", lang, effects=effects)
    return text + fmt("logic.sentence_end", lang)


def objective_text(objective: tuple[str, Any], lang: str) -> str:
    """A mission's objective (United) as one sentence."""
    name, arg = objective
    if name == "gained":
        gains = [fmt(f"gain.{k}", lang, n=arg[k]).lstrip("+") for k in RESOURCES if k in arg]
        head = fmt("mission.sep", lang).join(gains[:-1])
        joined = head + fmt("mission.and", lang) + gains[-1] if head else gains[-1]
        text = fmt("mission.gained", lang, gains=joined)
    elif name == "ship_with_base":
        text = fmt("mission.ship_with_base", lang, faction=faction_name(arg, lang))
    else:
        text = fmt(f"mission.{name}", lang, n=arg)
    return text + fmt("logic.sentence_end", lang)


def card_parts(card: Any, lang: str) -> list[tuple[str, list[Part]]]:
    """(slot, parts) for every ability slot the card has, then its triggers; a mission's
    objective, then its reward."""
    out: list[tuple[str, list[Part]]] = []
    objective = getattr(card, "objective", None)
    if objective is not None:
        out.append(("objective", [Part("text", objective_text(objective, lang))]))
        out.append(("reward", ability_parts(card.abilities.get("reward", ()), lang)))
        return out
    # a United hero prints the half that resolves as it is acquired above its scrap half
    order = HERO_SLOTS if getattr(card, "type", "") == "hero" else SLOTS
    for slot in order:
        effects = card.abilities.get(slot, ())
        if effects:
            out.append((slot, ability_parts(effects, lang)))
    for trig in card.triggers:
        out.append(("trigger", [Part("text", trigger_text(trig, lang))]))
    if getattr(card, "ally_for_all", False):  # Mech World: a standing property
        text = fmt("special.ally_for_all", lang) + fmt("logic.sentence_end", lang)
        out.append(("trigger", [Part("text", text)]))
    return out


def card_lines(card: Any, lang: str) -> list[tuple[str, str]]:
    """(slot, text) for every ability slot present, plus ("trigger", text) per trigger.

    Slots come in :data:`SLOTS` order; a campaign sticker's ally ability is its own
    ``"upgrade_ally"`` line (label it with :func:`slot_label`, its faction is
    :func:`slot_factions`).  Effects a sticker adds to the primary ability are part of
    the ``"primary"`` line, a scrap ability it gives is an ordinary ``"scrap"`` line."""
    out: list[tuple[str, str]] = []
    for slot, parts in card_parts(card, lang):
        text = parts[0].text if slot in ("trigger", "objective") else join_parts(parts, lang)
        out.append((slot, text))
    return out
