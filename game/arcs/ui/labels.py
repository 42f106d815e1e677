"""Readable labels of Arcs' legal actions, in the player's language.

A label is made only from the action's own fields and the names the data gives
(``rules/arcs/*.toml``: cards, resources, ambitions, dice, actions); the UI never decides
what is legal — the buttons are :func:`game.arcs.engine.rules.legal_actions`, in its order.
Two actions that would read the same get their distinguishing fields appended, so every
button names exactly one action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game import i18n
from game.arcs.engine import slots
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.state import HIDDEN, Action, State

_NAMES: dict[int, dict[str, tuple[str, str]]] = {}


def _names(rules: ArcsRules) -> dict[str, tuple[str, str]]:
    found = _NAMES.get(id(rules))
    if found is None:
        found = {}
        groups: list = [rules.action_cards, rules.court, rules.leaders, rules.lore,
                        rules.resources.values(), rules.dice.values(),
                        rules.ambitions.values(), rules.actions.values(),
                        rules.suits.values()]
        for group in groups:
            for item in group:
                found.setdefault(item.id, (item.name_en, item.name_ru))
        _NAMES[id(rules)] = found
    return found


def name(rules: ArcsRules, ident: str, lang: str) -> str:
    """The printed name of a card, resource, ambition, die or action id (the id itself if
    the data names none: a system such as ``2.1`` or ``G3``)."""
    if ident == HIDDEN:
        return "?"
    pair = _names(rules).get(ident)
    if pair is None:
        piece = i18n.t(f"arcs.piece.{ident}", lang)
        return ident if piece.startswith("arcs.piece.") else piece
    return pair[1] if lang == "ru" else pair[0]


def _court_card(view: State, index: int, lang: str) -> str:
    assert view.rules is not None
    if 0 <= index < len(view.court) and view.court[index] is not None:
        return name(view.rules, view.court[index].card, lang)
    return f"#{index + 1}"


def _ships(fresh: int, damaged: int, lang: str) -> str:
    if damaged and fresh:
        return i18n.t("arcs.act.ships_mixed", lang, fresh=fresh, damaged=damaged)
    if damaged:
        return i18n.plural(damaged, "arcs.act.ships_damaged", lang)
    return i18n.plural(fresh, "arcs.act.ships", lang)


def _rival(name: str, index: int, lang: str) -> str:
    """The rival fought, as «Бой с …» needs it in Russian: a default seat name declined
    («игроком 2»), a typed one after «игроком» (a name is not declined by rule)."""
    if name == i18n.t("arcs.setup.seat", lang, n=index + 1):
        return i18n.t("arcs.act.with_seat", lang, n=index + 1)
    return i18n.t("arcs.act.with_name", lang, name=name)


def system_name(rules: ArcsRules, ident: str, lang: str) -> str:
    """A system as the map shows it: a gate by its cluster's number ("Gate 2"), a planet
    by its type and cluster ("Relic planet, cluster 2") — never the raw id ``2.3``."""
    system = rules.map.systems.get(ident)
    if system is None:  # not a system of this map: the id is all there is
        return ident
    if system.kind == "gate":
        return i18n.t("arcs.battle.gate", lang, n=system.cluster)
    planet = i18n.t(f"arcs.battle.planet_{system.type}", lang)
    return i18n.t("arcs.battle.planet", lang, planet=planet, n=system.cluster)


def dice_taken(dice: Sequence[str], lang: str) -> str:
    """The dice collected so far, by type in the book's order: "2 Assault, 1 Raid"."""
    counts = Counter(dice)
    parts = [i18n.t("arcs.battle.die_count", lang, n=counts[d],
                    die=i18n.t(f"arcs.battle.die_{d}", lang))
             for d in ("skirmish", "assault", "raid") if counts[d]]
    return ", ".join(parts) or i18n.t("arcs.battle.no_dice", lang)


def _battle_label(view: State, a: Action, names: Sequence[str], lang: str) -> str | None:
    """A battle decision in words, from the battle under way in ``view`` (None when
    there is none: the generic wording serves).  A hit names whose piece, where, and
    what is left there, so the choice reads without the map's ids."""
    b, rules = view.battle, view.rules
    assert rules is not None
    if b is None:
        return None
    t = i18n.t
    where = system_name(rules, b.system, lang)

    def seat(i: int) -> str:
        return names[i] if 0 <= i < len(names) else "?"

    if a.kind == "die":
        return t("arcs.battle.take_die", lang, die=t(f"arcs.battle.die_{a.card}", lang),
                 dice=dice_taken(b.dice, lang))
    if a.kind == "roll":
        if not b.dice:
            return t("arcs.battle.roll_none", lang)
        return t("arcs.battle.roll", lang, dice=dice_taken(b.dice, lang))
    if a.kind == "stop" and b.phase == "raid":
        return t("arcs.battle.stop_raid", lang)
    if a.kind == "steal":
        costs = view.slot_keys(b.defender)
        if a.card:
            cost = next((c.keys for c in rules.court if c.id == a.card), 0)
        else:
            cost = costs[a.index] if 0 <= a.index < len(costs) else 0
        text = t("arcs.battle.steal", lang, what=name(rules, a.card or a.target, lang),
                 cost=cost, keys=b.keys)
        if not a.card and b.slots is not None:
            twins = [i for i, r in enumerate(b.slots) if r == a.target and i < len(costs)
                     and costs[i] == cost]
            if len(twins) > 1:  # the same resource twice at one price: name the slot
                text += t("arcs.battle.slot", lang, n=a.index + 1)
        return text
    if a.kind != "hit":
        return None
    owner = a.seat if b.phase in ("pre", "own") else b.defender
    if a.card == "ship":
        fresh = view.fresh[b.system][owner]
        damaged = view.damaged[b.system][owner]
        which = "fresh" if a.fresh else "damaged"
        key = f"arcs.battle.hit_own_{which}" if owner == a.seat else f"arcs.battle.hit_{which}"
        return t(key, lang, name=seat(owner), system=where, fresh=fresh, damaged=damaged)
    slots = view.buildings.get(b.system, [])
    piece = slots[a.index] if 0 <= a.index < len(slots) else None
    if piece is None:
        return None
    key = "arcs.battle.hit_building_damaged" if piece.damaged else "arcs.battle.hit_building"
    text = t(key, lang, piece=name(rules, piece.kind, lang), name=seat(piece.seat),
             system=where)
    twins = [o for o in slots if o is not None and (o.seat, o.kind, o.damaged)
             == (piece.seat, piece.kind, piece.damaged)]
    if len(twins) > 1:  # two alike: the slot tells them apart on the map
        text += t("arcs.battle.slot", lang, n=a.index + 1)
    return text


def action_label(view: State, a: Action, names: Sequence[str], lang: str) -> str:
    """One action in words: "Lead Aggression 4", "Move 3 ships 2.2 → G2" …"""
    rules = view.rules
    assert rules is not None
    if a.kind in ("hit", "die", "roll", "steal", "stop"):
        text = _battle_label(view, a, names, lang)
        if text is not None:
            return text

    def nm(ident: str) -> str:
        return name(rules, ident, lang)

    def seat(i: int) -> str:
        return names[i] if 0 <= i < len(names) else str(i)

    t = i18n.t
    k = a.kind
    if k in ("lead", "surpass", "copy", "pivot", "seize"):
        return t(f"arcs.act.{k}", lang, card=nm(a.card))
    if k == "declare":
        text = t("arcs.act.declare", lang, ambition=nm(a.target))
        if a.card and a.index >= 0:  # Feastbringer: the guild card given to a rival
            text += t("arcs.act.declare_give", lang, card=nm(a.card), name=seat(a.index))
        elif a.card:
            text += t("arcs.act.declare_gain", lang, resource=nm(a.card))
        if a.source:
            slots = ", ".join(_court_card(view, int(i), lang) for i in a.source.split(",")
                              if i.strip().lstrip("-").isdigit())
            text += t("arcs.act.declare_influence", lang, cards=slots)
        return text
    if k == "tax":
        text = t("arcs.act.tax", lang, system=a.target)
        if a.card and a.card != "-":  # a gate city's type (Gate Stations)
            text += t("arcs.act.declare_gain", lang, resource=nm(a.card))
        return text
    if k in ("influence", "secure", "ransack"):
        return t(f"arcs.act.{k}", lang, card=_court_card(view, a.index, lang))
    if k in ("build", "repair", "hit"):
        return t(f"arcs.act.{k}", lang, piece=nm(a.card), system=a.target)
    if k in ("move", "jump"):
        return t(f"arcs.act.{k}", lang, ships=_ships(a.fresh, a.damaged, lang),
                 source=a.source, target=a.target)
    if k == "battle":
        return t("arcs.act.battle", lang, name=_rival(seat(a.index), a.index, lang),
                 system=system_name(rules, a.target, lang))
    if k == "die":
        return t("arcs.act.die", lang, die=nm(a.card))
    if k == "reroll":
        return t("arcs.act.reroll", lang, die=nm(a.card), n=a.fresh)
    if k == "steal":
        what = nm(a.card) if a.card else nm(a.target)
        return t("arcs.act.steal", lang, what=what)
    if k in ("place", "reslot", "discard"):
        return _slot_label(view, a, lang)
    if k == "spend":
        if a.card in ("", a.target):
            return t("arcs.act.spend", lang, resource=nm(a.target))
        return t("arcs.act.spend_as", lang, resource=nm(a.target), action=nm(a.card))
    if k == "guild":
        if a.fresh == 1 and a.target and a.source.isdigit():  # from a rival's Cartel
            return t("arcs.act.steal_cartel", lang, resource=nm(a.target),
                     name=seat(int(a.source)))
        text = t("arcs.act.guild", lang, card=nm(a.card))
        if a.source and not a.source.lstrip("-").isdigit():  # hand cards (Farseers)
            cards = [nm(c) for c in a.source.split(",") if c]
            text += t("arcs.act.guild_discard", lang,
                      cards=", ".join(cards) if cards else "—")
        return text
    if k == "look":
        return t("arcs.act.look", lang, name=seat(a.index))
    if k == "swap":
        if not a.card and not a.target:
            return t("arcs.act.swap_keep", lang)
        return t("arcs.act.swap", lang, card=nm(a.card), other=nm(a.target))
    if k == "give":
        return t("arcs.act.give", lang, resource=nm(a.target))
    if k == "build_ship_at_city":
        return t("arcs.act.build_ship_at_city", lang, system=a.target)
    if k == "rifle_volley":
        return t("arcs.act.rifle_volley", lang, source=system_name(rules, a.source, lang),
                 target=system_name(rules, a.target, lang), name=seat(a.index))
    if k in ("nourish", "transform"):
        text = t(f"arcs.act.{k}", lang, system=a.target)
        if a.card:
            text += t("arcs.act.declare_gain", lang, resource=nm(a.card))
        return text
    if k == "sprint":
        return t("arcs.act.sprint", lang, ships=_ships(a.fresh, a.damaged, lang),
                 source=a.source, target=a.target)
    if k == "extra":  # the Warrior's / Feastbringer's extra move or influence
        inner = a._replace(kind=a.card, card="")
        return t("arcs.act.extra", lang, action=action_label(view, inner, names, lang))
    if k == "beloved":
        if a.index < 0:
            return t("arcs.act.beloved_decline", lang)
        return t("arcs.act.beloved", lang, card=_court_card(view, a.index, lang))
    if k == "new":
        text = t("arcs.act.new", lang, action=_new_action(a.source, lang), card=nm(a.card))
        return f"{text}: {a.target}" if a.source == "trade" and a.target else text
    if k == "vox":
        if not a.target and not a.source and a.index == -1:
            return t("arcs.act.vox_decline", lang, card=nm(a.card))
        return t("arcs.act.vox", lang, card=nm(a.card))
    if k == "captive":
        return t("arcs.act.captive", lang, name=seat(a.index), resource=nm(a.target))
    if k == "draft":
        return t(f"arcs.act.draft_{a.target}", lang, card=nm(a.card))
    text = t(f"arcs.act.{k}", lang)
    if not text.startswith("arcs.act."):
        return text
    # a kind this UI does not know yet (a new ability): its name and fields
    fields = [nm(a.card)] if a.card else []
    return " ".join([k.replace("_", " "), *fields, _details(a)]).strip()


SECRET_KINDS = ("copy", "seize")  # played face down: a rival's card is not named


def masked(action: Action, seat: int) -> Action:
    """``action`` as ``seat`` may read it: a rival's face-down card hidden, and the two
    cards of a rival's Farseers swap (they change hands unseen by the other seats)."""
    if action.seat == seat:
        return action
    if action.kind in SECRET_KINDS:
        return action._replace(card=HIDDEN)
    if action.kind == "swap":
        return action._replace(card=HIDDEN if action.card else "",
                               target=HIDDEN if action.target else "")
    return action


def _slot_label(view: State, a: Action, lang: str) -> str:
    """Placing a resource in the resource slots (engine slots.py), worded from the view
    before the action: the slots by their raid cost, as the board shows them."""
    rules = view.rules
    assert rules is not None
    t = i18n.t

    def nm(ident: str) -> str:
        return name(rules, ident, lang)

    if a.kind == "discard" and a.index < 0:
        return t("arcs.act.discard", lang, resource=nm(a.target))
    keys = slots.row_keys(view)
    if a.kind == "place":
        return t("arcs.act.place", lang, resource=nm(a.target), keys=keys[a.index])
    if a.kind == "discard":
        return t("arcs.act.discard_slot", lang, resource=nm(a.target), keys=keys[a.index])
    row = view.players[a.seat].resources
    first, second = row[a.index], row[a.fresh]
    if not first or not second:  # one slot empty: a plain move
        moved, to = (first, a.fresh) if first else (second, a.index)
        return t("arcs.act.reslot_move", lang, resource=nm(moved), keys=keys[to])
    return t("arcs.act.reslot", lang, first=nm(first), first_keys=keys[a.index],
             second=nm(second), second_keys=keys[a.fresh])


def _new_action(ident: str, lang: str) -> str:
    text = i18n.t(f"arcs.new_action.{ident}", lang)
    return ident.replace("_", " ") if text.startswith("arcs.new_action.") else text


def _details(a: Action, rules: ArcsRules | None = None, lang: str = "en") -> str:
    parts = [p for p in (a.target, a.source) if p]
    if rules is not None:  # a system as the map names it, an id by its printed name
        parts = [system_name(rules, p, lang) if p in rules.map.systems
                 else name(rules, p, lang) for p in parts]
    if a.index != -1:
        parts.append(f"#{a.index + 1}")
    if a.fresh or a.damaged:
        parts.append(f"{a.fresh}/{a.damaged}")
    return " ".join(parts)


def action_labels(view: State, actions: Sequence[Action], names: Sequence[str],
                  lang: str) -> list[str]:
    """Labels of ``actions`` in order, each distinct."""
    labels = [action_label(view, a, names, lang) for a in actions]
    counts = Counter(labels)
    labels = [f"{lab} · {_details(a, view.rules, lang)}" if counts[lab] > 1 else lab
              for lab, a in zip(labels, actions, strict=True)]
    counts = Counter(labels)
    seen: Counter[str] = Counter()
    out = []
    for lab in labels:  # still the same (two fields only the engine tells apart)
        seen[lab] += 1
        out.append(f"{lab} ({seen[lab]})" if counts[lab] > 1 else lab)
    return out
