"""The per-seat presentation model of Forbidden Stars' table (plain, JSON-able dicts and
lists): what one seat may see and what it may do.  The table draws only this.

:func:`build_model` reads nothing but :func:`player_view` of the seat and, when that seat
acts, :func:`legal_actions`: a rival's face-down orders are ``"?"`` there, its order
tokens in hand and its combat and event cards only counted, so no secret reaches the
screen.  Each legal action carries its words (combat_text.action_label) and
where on the table it is chosen (:func:`place_of`): an order token and a system
(``place``), an order stack (``stack``), an area (``area``), a unit in an area
(``unit``) or the list (``list``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game import i18n
from game.forbidden_stars.engine.orders import price
from game.forbidden_stars.engine.rules import acting_seat, legal_actions
from game.forbidden_stars.engine.state import HIDDEN, NOBODY, OVER, Action, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.labels import step_name
from game.forbidden_stars.ui.combat_text import action_label, effects_text

Model = dict[str, Any]
AREA_KINDS = ("buy", "build", "strike", "retreat", "force", "objective")  # target=area
UNIT_KINDS = ("move", "destroy")  # a unit in an area (move: then its destination)
STACK_KINDS = ("reveal", "resolve", "decline")


def build_model(state: State, seat: int, lang: str | None = None,
                names: Sequence[str] | None = None) -> Model:
    """Seat ``seat``'s model of ``state`` (the real game: only its player view is read);
    ``names``: the players' names by seat ("Player 1"… when not given)."""
    view = player_view(state, seat)
    acting = acting_seat(state)
    legal = legal_actions(state) if acting == seat else []
    return model_of(view, seat, acting, legal, lang or i18n.language(), names)


def model_of(view: State, seat: int, acting: int, legal: list[Action], lang: str,
             names: Sequence[str] | None = None) -> Model:
    """The model from a player view, the acting seat and (when ``seat`` acts) its
    legal actions."""
    if view.log is not None:
        raise ValueError("model_of takes player_view(state, seat), not the game")
    rules = view.rules
    topo = view.topology
    given = list(names) if names else [i18n.t("forbidden_stars.seat", lang, n=i + 1)
                                       for i in range(view.n)]
    by_seat = {i: given[i] for i in range(view.n)}
    systems = []
    if topo is not None:
        for sid, (row, col, _rot) in sorted(topo.systems.items(),
                                            key=lambda kv: (kv[1][0], kv[1][1])):
            systems.append(_system(view, sid, row, col, lang))
    o = view.order
    c = view.combat
    return {
        "seat": seat,
        "acting": acting,
        "step": view.step,
        "step_name": step_name(view, lang),
        "round": view.round,
        "rounds": rules.constants["rounds"],
        "first": view.first,
        "over": view.step == OVER,
        "winners": list(view.winners),
        "rows": topo.rows if topo is not None else 0,
        "cols": topo.cols if topo is not None else 0,
        "systems": systems,
        "storms": [list(s) for s in view.storms],
        "players": [_player(view, p.seat, seat, by_seat, lang) for p in view.players],
        "order": None if o is None else {"system": o.system, "seat": o.seat, "order": o.order,
                                         "phase": o.phase,
                                         "name": _name(rules.orders[o.order], lang)},
        "combat": None if c is None else {"area": c.area, "attacker": c.attacker,
                                          "defender": c.defender, "phase": c.phase,
                                          "round": c.round, "orbital": c.orbital},
        "prompt": _prompt(view, seat, acting, by_seat, lang),
        "order_names": {o.id: _name(o, lang) for o in rules.orders.values()},
        "short": _shorts(view, lang),
        "actions": [{"label": _priced(view, a, action_label(view, a, lang), lang),
                     "action": a.to_json(), "where": place_of(view, a)} for a in legal],
        "pieces": _pieces(view, lang),
        "asset_names": {k: _name(v, lang) for k, v in rules.assets.items()},
    }


def _priced(view: State, a: Action, label: str, lang: str) -> str:
    """A purchase's label with what it costs (issue 38 item 3): Deploy's units and
    structures at the price this very action pays (cache, Scheme discounts applied),
    an order upgrade with its cost and its text, a combat card pair with its cost."""
    rules = view.rules

    def t(key: str, cost: int, **kw: object) -> str:
        # "2 материала", not "2 материалов": the number's form (i18n.plural)
        return i18n.t(f"fs_map.{key}", lang, cost=i18n.plural(cost, "fs_map.cost", lang),
                      **kw)

    if a.kind in ("buy", "build"):
        base = rules.units[a.card].cost if a.kind == "buy" else rules.structures[a.card].cost
        paid = price(view, a.seat, base, a.extra)
        return t("priced", base if paid is None else paid, label=label)
    if a.kind == "upgrade":
        g = rules.upgrades[a.card]
        return t("priced_text", g.cost, label=label,
                 order=_name(rules.orders[g.order], lang),
                 text=effects_text(rules, g.effects, lang) or "—")
    if a.kind == "combat":
        return t("priced", rules.combat_cards[a.card].cost, label=label)
    return label


def _pieces(view: State, lang: str) -> dict[str, dict[str, Any]]:
    """The units of the factions in play and the structures, for the map's tooltips."""
    rules = view.rules
    factions = {p.faction for p in view.players}
    out: dict[str, dict[str, Any]] = {
        u.id: {"name": _name(u, lang), "type": u.type, "cl": u.cl, "cost": u.cost,
               "dice": u.dice, "health": u.health, "morale": u.morale}
        for u in rules.units.values() if u.faction in factions}
    out.update({s.id: {"name": _name(s, lang), "type": "structure", "cl": 0, "cost": s.cost,
                       "dice": s.dice, "health": s.health, "morale": s.morale}
                for s in rules.structures.values()})
    return out


def _name(entry: object, lang: str, field: str = "name") -> str:
    """An entry's ``field`` in ``lang`` (its ``<field>_ru`` or ``<field>_en``)."""
    return str(getattr(entry, f"{field}_ru" if lang == "ru" else f"{field}_en"))


def short_name(name: str) -> str:
    """Two letters for a token: the initials of a name of several words, else its first
    two letters ("Land Raiders" → "LR", "Scouts" → "Sc")."""
    words = ["".join(ch for ch in w if ch.isalnum()) for w in name.split()]
    words = [w for w in words if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[1][0]).upper()


def _shorts(view: State, lang: str) -> dict[str, str]:
    """Letters for tokens: each order's first letter, each unit's :func:`short_name`."""
    rules = view.rules
    out = {o.id: _name(o, lang)[:1] for o in rules.orders.values()}
    factions = {p.faction for p in view.players}
    out.update({u.id: short_name(_name(u, lang)) for u in rules.units.values()
                if u.faction in factions})
    return out


def faction_seat(view: State) -> dict[str, int]:
    return {p.faction: p.seat for p in view.players}


def _system(view: State, sid: str, row: int, col: int, lang: str) -> dict[str, Any]:
    rules, topo = view.rules, view.topology
    face = rules.faces[sid]
    areas = [_area(view, aid) for aid in topo.system_areas[sid]]
    home = [p.seat for p in view.players if rules.factions[p.faction].tile == face.tile]
    return {"id": sid, "name": _name(face, lang), "row": row, "col": col,
            "home": home[0] if home else NOBODY, "areas": areas,
            "stack": [{"seat": s, "order": order} for s, order in view.stacks.get(sid, [])]}


def _area(view: State, aid: str) -> dict[str, Any]:
    rules, topo = view.rules, view.topology
    pa = topo.areas[aid]
    a = pa.area
    seats = faction_seat(view)
    units = []
    routed = view.routed.get(aid, {})
    for unit, count in sorted(view.units.get(aid, {}).items()):
        if count <= 0:
            continue
        u = rules.units[unit]
        down = min(count, routed.get(unit, 0))
        units.append({"unit": u.id, "seat": seats.get(u.faction, NOBODY), "type": u.type,
                      "cl": u.cl, "count": count - down, "routed": down})
    return {"id": aid, "index": pa.index, "cell": list(pa.cell), "kind": a.kind,
            "materiel": a.materiel, "capacity": a.capacity if a.kind == "world"
            else rules.constants["void_capacity"], "assets": list(a.assets),
            "objective_spot": a.objective, "objective": view.objectives.get(aid, NOBODY),
            "structures": list(view.structures.get(aid, [])),
            "owner": view.owner.get(aid, NOBODY), "units": units}


def _player(view: State, who: int, seat: int, names: Mapping[int, str],
            lang: str) -> dict[str, Any]:
    rules = view.rules
    p = view.players[who]
    if who == seat:
        orders = {o: p.orders.get(o, 0) for o in rules.orders}
    else:
        orders = {HIDDEN: sum(p.orders.values())}
    combat_hand = 0
    if view.combat is not None and who in view.combat.sides:
        combat_hand = len(view.combat.sides[who].hand)
    faction = rules.factions[p.faction]
    return {"seat": who, "faction": p.faction, "name": names[who],
            "faction_name": _name(faction, lang),
            # the name for a crowded sheet, the whole one and the ability on hover
            "faction_short": _name(faction, lang, "short"),
            "faction_ability": _name(faction, lang, "ability"),
            "materiel": p.materiel, "objectives": p.objectives,
            "orders": orders, "orders_left": sum(p.orders.values()),
            "on_event_deck": sum(p.on_event_deck.values()), "placed": p.placed,
            "assets": {k: v for k, v in sorted(p.assets.items()) if v},
            "upgrades": [_name(rules.upgrades[u], lang) for u in p.order_upgrades],
            "schemes": [_name(rules.events[e], lang) for e in p.schemes],
            # their words, for a hover and a right-click zoom (issue 38 item 3)
            "upgrade_texts": [effects_text(rules, rules.upgrades[u].effects, lang)
                              for u in p.order_upgrades],
            "scheme_texts": [effects_text(rules, rules.events[e].effects, lang)
                             for e in p.schemes],
            "combat_deck": len(p.combat_deck), "combat_hand": combat_hand,
            "event_deck": len(p.event_deck), "drawn": len(p.drawn),
            "command": view.command_level(who)}


def place_of(view: State, a: Action) -> dict[str, str]:
    """Where on the table ``a`` is chosen (see the module docstring)."""
    if a.kind == "place":
        return {"at": "place", "system": a.target, "order": a.card}
    if a.kind == "reveal":
        return {"at": "stack", "system": a.target}
    if a.kind in ("resolve", "decline") and view.order is not None:
        return {"at": "stack", "system": view.order.system}
    if a.kind in AREA_KINDS and view.topology is not None and a.target in view.topology.areas:
        return {"at": "area", "area": a.target}
    if a.kind == "move":
        return {"at": "unit", "area": a.source, "unit": a.card, "to": a.target}
    if a.kind == "destroy":
        return {"at": "unit", "area": a.target, "unit": a.card}
    return {"at": "list"}


def _prompt(view: State, seat: int, acting: int, names: Mapping[int, str],
            lang: str) -> str:
    def t(key: str, **kw: object) -> str:
        return i18n.t(f"fs_table.prompt.{key}", lang, **kw)

    if view.step == OVER:
        return t("over", names=", ".join(names[w] for w in view.winners))
    if acting != seat:
        return t("waiting", name=names.get(acting, "?"))
    if view.step == "order" and view.order is not None:
        key = view.order.phase if view.order.phase != "reveal" else "revealed"
        return t(f"order_{key}", order=_name(view.rules.orders[view.order.order], lang))
    return t(view.step)
