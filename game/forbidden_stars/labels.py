"""Words for what a seat may do: :func:`describe` names a legal action in English or
Russian (i18n ``forbidden_stars.*`` strings, component names from rules/forbidden_stars/).
Areas read ``<system name> <n>`` (1-4 clockwise from the printed top left)."""

from __future__ import annotations

from collections.abc import Sequence

from game import i18n
from game.forbidden_stars.engine.state import SETUP, Action, State


def _name(entry: object, lang: str) -> str:
    return str(getattr(entry, "name_ru" if lang == "ru" else "name_en"))


def system_name(state: State, system: str, lang: str) -> str:
    return _name(state.rules.faces[system], lang)


def area_name(state: State, area: str, lang: str) -> str:
    system, _, index = area.partition(".")
    return f"{system_name(state, system, lang)} {int(index) + 1}"


def cell_name(row: int, col: int, lang: str) -> str:
    """A board cell (0-based row and column) as the players count it (from 1)."""
    return i18n.t("forbidden_stars.cell", lang=lang, row=row + 1, col=col + 1)


def _cell(text: str) -> tuple[int, int] | None:
    row, _, col = text.partition(",")
    try:
        return int(row), int(col)
    except ValueError:
        return None


def tile_spot(state: State, spot: str, lang: str) -> str:
    """Where a tile goes while the board is built (``r,c`` in the builder's own cells,
    which may be negative): next to a tile already placed, named by its system."""
    rc = _cell(spot)
    cells = state.setup.cells if state.setup is not None else {}
    if rc is None:
        return spot
    r, c = rc
    for side, (dr, dc) in (("above", (1, 0)), ("below", (-1, 0)), ("left", (0, 1)),
                           ("right", (0, -1))):
        if (r + dr, c + dc) in cells:
            face = cells[(r + dr, c + dc)][0]
            return i18n.t(f"forbidden_stars.tile_{side}", lang=lang,
                          system=system_name(state, face, lang))
    return i18n.t("forbidden_stars.tile_first", lang=lang)


def border_name(state: State, border: str, lang: str) -> str:
    """A tile border (``h,r,c``: above row r in column c; ``v,r,c``: left of column c in
    row r) named by the systems on either side, or by its cell when none is known."""
    orient, _, cell = border.partition(",")
    rc = _cell(cell)
    if orient not in ("h", "v") or rc is None:
        return border
    r, c = rc
    near = (r - 1, c) if orient == "h" else (r, c - 1)
    at = {(row, col): sid for sid, (row, col, _rot) in state.topology.systems.items()} \
        if state.topology is not None else {}
    sides = [system_name(state, at[x], lang) for x in (near, (r, c)) if x in at]
    if len(sides) == 2:
        return i18n.t("forbidden_stars.border_between", lang=lang, a=sides[0], b=sides[1])
    if sides:
        return i18n.t("forbidden_stars.border_edge", lang=lang, system=sides[0])
    return cell_name(r, c, lang)


def piece_name(state: State, piece: str, lang: str) -> str:
    rules = state.rules
    return _name(rules.units[piece] if piece in rules.units else rules.structures[piece], lang)


def describe(state: State, a: Action, lang: str = "en") -> str:
    rules = state.rules

    def t(key: str, **kw: str) -> str:
        return i18n.t(f"forbidden_stars.action.{key}", lang=lang, **kw)

    order = state.order.order if state.order is not None else ""
    if a.kind == "place":
        return t("place", order=_name(rules.orders[a.card], lang),
                 system=system_name(state, a.target, lang))
    if a.kind == "reveal":
        return t("reveal", system=system_name(state, a.target, lang))
    if a.kind in ("resolve", "decline"):
        return t(a.kind, order=_name(rules.orders[order], lang))
    if a.kind in ("buy", "build"):
        key = a.kind + ("_" + a.extra.replace("+", "_") if a.extra else "")
        return t(key, piece=piece_name(state, a.card, lang),
                 area=area_name(state, a.target, lang))
    if a.kind == "upgrade":
        return t("upgrade", card=_name(rules.upgrades[a.card], lang))
    if a.kind == "combat":
        return t("combat", card=_name(rules.combat_cards[a.card], lang),
                 returned=_name(rules.combat_cards[a.source], lang))
    if a.kind == "prosper":
        return t("prosper", asset=_name(rules.assets[a.card], lang)) if a.card \
            else t("prosper_none")
    if a.kind == "move":
        return t("move", piece=piece_name(state, a.card, lang),
                 source=area_name(state, a.source, lang),
                 target=area_name(state, a.target, lang))
    if a.kind == "destroy":
        return t("destroy_routed" if a.extra else "destroy",
                 piece=piece_name(state, a.card, lang), area=area_name(state, a.target, lang))
    if a.kind in ("strike", "retreat"):
        return t(a.kind, target=area_name(state, a.target, lang),
                 source=area_name(state, a.source, lang) if a.source else "")
    if a.kind == "reinforce":
        return t("reinforce", n=a.target)
    if a.kind == "play":
        return t("play", card=_name(rules.combat_cards[a.card], lang))
    if a.kind == "effect":
        return t("effect", option=a.card)
    if a.kind == "scheme":
        return t("scheme", card=_name(rules.events[a.card], lang))
    if a.kind == "tile":
        return t("tile", face=_name(rules.faces[a.card], lang),
                 where=tile_spot(state, a.target, lang),
                 deg=str(90 * int(a.extra)) if a.extra.isdigit() else a.extra)
    if a.kind == "done" and state.step == SETUP:  # the rest wait for a later tile
        return t("keep_forces")
    if a.kind == "force":
        return t("force", piece=piece_name(state, a.card, lang),
                 area=area_name(state, a.target, lang))
    if a.kind == "objective":
        return t("objective", n=str(int(a.card) + 1), area=area_name(state, a.target, lang))
    if a.kind == "warp":
        return t("warp", border=border_name(state, a.source, lang))
    if a.kind == "damage":
        name = a.card.removesuffix("/routed")
        piece = piece_name(state, name, lang) if name != "reinforcement" \
            else _name(rules.assets["reinforcement"], lang)
        return t("damage_routed" if a.card.endswith("/routed") else "damage", piece=piece)
    if a.kind == "storm":
        card = _name(rules.events[a.card], lang)
        return t("storm", card=card, n=str(int(a.target) + 1)) if a.target \
            else t("storm_none", card=card)
    return t(a.kind)


def step_name(state: State, lang: str = "en") -> str:
    return i18n.t(f"forbidden_stars.step.{state.step}", lang=lang)


SECRET_KINDS = ("place", "play", "effect", "storm")  # a rival's choice that may name a secret
AFTER_KINDS = ("resolve", "decline")  # worded by fs_table.did


def told(view: State, viewer: int, a: Action, names: Sequence[str], lang: str) -> str:
    """Action ``a`` as ``viewer`` may be told it: a rival's choice that may name a secret
    only by its player (a rival's order by the system it went on); a resolved or
    declined order (no longer revealed) by what was done; anything else in full
    (``view``: the viewer's player view)."""
    who = names[a.seat] if 0 <= a.seat < len(names) else "?"
    if a.seat != viewer and a.kind == "place" and a.target in view.rules.faces:
        # the token lies face down, but on a system everyone sees (RB p.4)
        return i18n.t("fs_log.secret_place", lang, name=who,
                      system=system_name(view, a.target, lang))
    if a.seat != viewer and a.kind in SECRET_KINDS:
        return i18n.t("fs_table.secret_choice", lang, name=who)
    if a.kind in AFTER_KINDS:
        return i18n.t(f"fs_table.did.{a.kind}", lang, name=who)
    return f"{who}: {describe(view, a, lang)}"
