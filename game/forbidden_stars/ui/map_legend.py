"""What the map's symbols mean (issue 38 item 1): the words of a hovered symbol's tooltip
(:func:`tip_text`, from a :class:`~game.forbidden_stars.ui.hits.Tip` the map recorded
as it drew) and the legend overlay (:func:`legend_rows`, :func:`draw_legend`), toggled
by the L key, each row with the very icon the map draws.

Everything is worded from the seat's model and the i18n tables (``fs_map.*``): no raw
id ever reaches the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.forbidden_stars.engine.state import HIDDEN
from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.combat_model import CardInfo
from game.forbidden_stars.ui.combat_text import faces_word
from game.forbidden_stars.ui.hits import Tip
from game.forbidden_stars.ui.map_view import NO_SEAT, seat_colour
from game.ui import fonts, palette
from game.ui.card_zoom import CardFace

Model = dict[str, Any]
Words = tuple[str, str, str]  # title, kind line, body
ASSETS = ("forge", "cache", "reinforcement", "prosperity")
STRUCTURES = ("city", "factory", "bastion")
# every kind of symbol the legend explains, in its order
LEGEND = ("world", "void", "materiel", "capacity", *(f"asset.{a}" for a in ASSETS),
          "objective_spot", "objective", *(f"structure.{s}" for s in STRUCTURES),
          *(f"unit.{c}" for c in style.UNIT_CLASSES), "routed", "stack", "held", "contested",
          "storm")


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.t(f"fs_map.{key}", lang, **kw)


def _areas(model: Model) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    return {a["id"]: (s, a) for s in model["systems"] for a in s["areas"]}


def _who(model: Model, seat: int) -> str:
    players = model["players"]
    if not 0 <= seat < len(players):
        return ""
    p = players[seat]
    return f"{p['name']} ({p['faction_name']})"


def area_title(s: dict[str, Any], a: dict[str, Any]) -> str:
    return f"{s['name']} {a['index'] + 1}"


def tip_text(model: Model, tip: Tip, lang: str) -> Words:
    """The tooltip's words for ``tip``, in ``lang``."""
    d = tip.data
    kind = tip.kind
    if kind == "system":
        s = next(x for x in model["systems"] if x["id"] == d["system"])
        home = s["home"]
        body = _t("tip.home", lang, who=_who(model, home)) if home != NO_SEAT \
            else _t("tip.system", lang)
        return s["name"], _t("kind.system", lang), body
    if kind in ("area", "materiel", "capacity"):
        s, a = _areas(model)[str(d["area"])]
        title = area_title(s, a)
        if kind == "materiel":
            return (_t("tip.materiel_title", lang, n=a["materiel"]), title,
                    _t("tip.materiel", lang, n=a["materiel"]))
        if kind == "capacity":
            return (_t("tip.capacity_title", lang, n=a["capacity"]), title,
                    _t("tip.capacity", lang, n=a["capacity"]))
        return title, _t(f"kind.{a['kind']}", lang), _area_body(model, a, lang)
    if kind == "asset":
        asset = str(d["asset"])
        return (model["asset_names"].get(asset, _t("kind.asset", lang)),
                _t("kind.asset", lang), _t(f"tip.asset.{asset}", lang)
                if asset in ASSETS else "")
    if kind == "objective":
        seat = int(str(d["seat"]))
        if seat == NO_SEAT:
            return _t("legend.objective_spot", lang), "", _t("tip.objective_spot", lang)
        return (_t("legend.objective", lang), _who(model, seat),
                _t("tip.objective", lang, who=model["players"][seat]["name"]))
    if kind == "structure":
        st = str(d["structure"])
        piece = model["pieces"].get(st, {})
        seat = int(str(d["seat"]))
        owner = _who(model, seat) or _t("tip.nobody", lang)
        return (piece.get("name", _t("kind.structure", lang)),
                _t("kind.structure_of", lang, who=owner),
                _t(f"tip.structure.{st}", lang) if st in STRUCTURES else "")
    if kind == "unit":
        piece = model["pieces"].get(str(d["unit"]), {})
        cls = style.unit_class(piece.get("type", "ground"), int(piece.get("cl", 0)))
        title = f"{piece.get('name', '?')} ×{d['count']}"
        kind_line = _t("kind.unit", lang, who=_who(model, int(str(d["seat"]))),
                       cls=_t(f"legend.unit.{cls}", lang), cl=piece.get("cl", 0))
        body = _t("tip.unit", lang, cost=piece.get("cost", 0), dice=piece.get("dice", 0),
                  health=piece.get("health", 0), morale=piece.get("morale", 0))
        if d["routed"]:
            title += " · " + _t("tip.routed_word", lang)
            body += " " + _t("tip.routed", lang)
        return title, kind_line, body
    if kind in ("upgrade", "scheme"):
        return (str(d["name"]), _t(f"kind.{kind}", lang, who=_who(model, int(str(d["seat"])))),
                str(d["text"]) or "—")
    if kind == "stat":  # a sheet's figure (its whole word where the row shows a short one)
        return (i18n.t("fs_table.stat_tip", lang, what=d["what"], value=d["value"]),
                _who(model, int(str(d["seat"]))), i18n.t(f"fs_table.stat_body.{d['stat']}", lang))
    if kind == "faction":  # a sheet's name line: the name and the faction, both whole
        seat = int(str(d["seat"]))
        if not 0 <= seat < len(model["players"]):
            return "", "", ""
        p = model["players"][seat]
        return (str(d["title"]), p["faction_name"],
                i18n.t("fs_table.faction_body", lang, ability=p["faction_ability"]))
    if kind == "stack":
        return _stack_words(model, str(d["system"]), lang)
    if kind == "storm":
        return _t("legend.storm", lang), "", _t("tip.storm", lang)
    return "", "", ""


def tip_face(model: Model, tip: Tip, lang: str) -> CardFace:
    """A hovered card of the table (an order upgrade, a face-up Scheme) as the shared
    zoom's face."""
    title, kind, body = tip_text(model, tip, lang)
    seat = int(str(tip.data.get("seat", NO_SEAT)))
    return CardFace(title, kind, body, accent=seat_colour(model, seat))


def combat_face(card: CardInfo, faction: str, lang: str) -> CardFace:
    """A combat card as the shared zoom's face: its name, level and icons, both
    abilities whole."""
    kind = _t("kind.combat", lang, level=card.level)
    body = card.main or "—"
    if card.unit:
        body += "\n" + f"{card.units}: {card.unit}"
    legend = (_t("kind.combat_icons", lang, icons=faces_word(card.icons, lang, mixed=True)),) \
        if card.icons else ()
    return CardFace(card.name, kind, body, legend, style.faction_colour(faction))


def _area_body(model: Model, a: dict[str, Any], lang: str) -> str:
    parts = [_t("tip.world", lang, materiel=a["materiel"], capacity=a["capacity"])
             if a["kind"] == "world" else _t("tip.void", lang, capacity=a["capacity"])]
    seats = sorted({u["seat"] for u in a["units"]})
    if len(seats) > 1:
        parts.append(_t("tip.contested", lang,
                        who=", ".join(_who(model, x) for x in seats)))
    elif a["owner"] != NO_SEAT:
        parts.append(_t("tip.held", lang, who=_who(model, a["owner"])))
    else:
        parts.append(_t("tip.unheld", lang))
    return " ".join(parts)


def _stack_words(model: Model, system: str, lang: str) -> Words:
    s = next(x for x in model["systems"] if x["id"] == system)
    lines = []
    for tok in reversed(s["stack"]):  # the top first: it is resolved first
        order = _t("tip.face_down", lang) if tok["order"] == HIDDEN \
            else model["order_names"].get(tok["order"], "?")
        lines.append(f"{order} — {_who(model, tok['seat'])}")
    return (_t("tip.stack_title", lang, n=len(s["stack"])), s["name"],
            _t("tip.stack", lang) + " " + "; ".join(lines))


# ---------------------------------------------------------------------- the legend

def legend_rows(model: Model, lang: str) -> list[tuple[str, str, str]]:
    """Every symbol kind of :data:`LEGEND` as (kind, name, what it means)."""
    rows = []
    for kind in LEGEND:
        if kind.startswith(("asset.", "structure.")):
            body = _t(f"tip.{kind}", lang)
        else:
            body = _t(f"legend_text.{kind}", lang)
        if kind.startswith("unit."):  # which units of the factions in play look so
            names = [p["name"] for p in model["pieces"].values() if p["type"] != "structure"
                     and style.unit_class(p["type"], p["cl"]) == kind[5:]]
            if names:
                body = f"{body} {', '.join(names)}."
        rows.append((kind, _legend_name(model, kind, lang), body))
    return rows


def _legend_name(model: Model, kind: str, lang: str) -> str:
    if kind.startswith("asset."):
        return model["asset_names"].get(kind[6:], kind[6:])
    if kind.startswith("structure."):
        return model["pieces"].get(kind[10:], {}).get("name", "")
    return _t(f"legend.{kind}", lang)


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, model: Model) -> None:
    """The map's own drawing of ``kind`` inside ``rect`` (the legend's left column)."""
    c = rect.center
    r = min(rect.w, rect.h) // 2 - 2
    me = seat_colour(model, model["seat"])
    draws: dict[str, Callable[[], None]] = {
        "world": lambda: style.planet(surface, rect.inflate(-4, -4), 2),
        "void": lambda: _void(surface, rect),
        "materiel": lambda: _materiel(surface, rect),
        "capacity": lambda: [style.skull(surface, (rect.x + r // 3 + 2 + i * (r // 3 * 2 + 3),
                                                   c[1]), max(3, r // 3), (220, 214, 196))
                             for i in range(3)],
        "objective_spot": lambda: style.objective_token(surface, c, r * 2 // 3, None),
        "objective": lambda: style.objective_token(surface, c, r * 2 // 3, me),
        "routed": lambda: style.unit_icon(surface, c, r, me, "infantry", True),
        "stack": lambda: _stack_icon(surface, c, r, model),
        "held": lambda: _frame(surface, rect, me, False),
        "contested": lambda: _frame(surface, rect, me, True),
        "storm": lambda: style.storm(surface, (rect.x + 2, rect.bottom - 4),
                                     (rect.right - 2, rect.y + 4), max(6, r // 2)),
    }
    if kind.startswith("asset."):
        style.asset(surface, kind[6:], c, r * 3 // 4)
    elif kind.startswith("structure."):
        plate = pygame.Rect(0, 0, r * 2, r * 8 // 5)
        plate.center = c
        pygame.draw.rect(surface, style.INK, plate.inflate(4, 4), border_radius=4)
        style.structure(surface, plate.inflate(-2, -2), kind[10:], me)
    elif kind.startswith("unit."):
        style.unit_icon(surface, c, r, me, kind[5:])
    elif kind in draws:
        draws[kind]()


def _void(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, style.VOID, rect, border_radius=4)
    for i in range(6):
        pygame.draw.circle(surface, style.VOID_STAR, (rect.x + (i * 37) % rect.w,
                                                      rect.y + (i * 53 + 7) % rect.h), 1)
    pygame.draw.rect(surface, style.AREA_EDGE, rect, 1, border_radius=4)


def _materiel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    style.planet(surface, rect.inflate(-4, -4), 2)
    style.label(surface, "2", max(10, rect.h // 2), palette.WHITE, True, center=rect.center)


def _stack_icon(surface: pygame.Surface, c: tuple[int, int], r: int, model: Model) -> None:
    rr = r * 2 // 3
    style.order_token(surface, (c[0] - rr // 2, c[1]), rr, "", "",
                      back=seat_colour(model, (model["seat"] + 1) % len(model["players"])))
    style.order_token(surface, (c[0] + rr // 2, c[1]), rr, "deploy",
                      model["short"].get("deploy", "?"))


def _frame(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
           contested: bool) -> None:
    box = rect.inflate(-4, -4)
    pygame.draw.rect(surface, style.darker(style.world_colour(1), 0.35), box, border_radius=4)
    pygame.draw.rect(surface, colour, box, 3, border_radius=4)
    if contested:
        for x in range(box.x, box.right, 12):
            pygame.draw.line(surface, style.CONTESTED, (x, box.y + 3),
                             (min(x + 6, box.right), box.y + 3), 3)
            pygame.draw.line(surface, style.CONTESTED, (x, box.bottom - 4),
                             (min(x + 6, box.right), box.bottom - 4), 3)


def _legend_fit(rows: list[tuple[str, str, str]], card: pygame.Rect, size: int, pad: int,
                cols: int) -> tuple[int, int, list[int], int, int, int]:
    """The legend's height at ``size`` in ``cols`` columns, and what drawing it needs."""
    head = max(size + 4, round(size * 1.3))
    icon = round(size * 2.0)
    col_w = (card.w - (cols + 1) * pad) // cols
    text_w = col_w - icon - pad
    heights = [max(icon, len(fonts.wrap(f"{name}: {body}", size, text_w))
                   * fonts.line_step(size)) + pad // 2 for _kind, name, body in rows]
    per = -(-len(rows) // cols)
    need = max(sum(heights[c * per:(c + 1) * per]) for c in range(cols))
    total = 2 * pad + fonts.line_step(head) + pad + need + fonts.line_step(size)
    return total, cols, heights, col_w, icon, head


def draw_legend(surface: pygame.Surface, area: pygame.Rect, model: Model, scale: float,
                lang: str) -> pygame.Rect:
    """The legend over ``area`` (the table): columns of icon, name and meaning; the
    text shrinks (to the projector minimum at worst, docs/art.md) before it is cut.
    Returns the card's rect."""
    rows = legend_rows(model, lang)
    pad = max(8, round(14 * scale))
    card = area.inflate(-2 * pad, -2 * pad)
    size = max(12, round(17 * scale))
    while True:  # the largest text at which 2, 3 or 4 columns hold every row
        for cols in (2, 3, 4):
            fit = _legend_fit(rows, card, size, pad, cols)
            if fit[0] <= card.h:
                break
        if fit[0] <= card.h or size <= 12:
            break
        size -= 1
    total, cols, heights, col_w, icon, head = fit
    card.h = min(card.h, total)
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, area.topleft)
    pygame.draw.rect(surface, palette.PANEL, card, border_radius=pad)
    pygame.draw.rect(surface, palette.GOLD, card, 2, border_radius=pad)
    style.label(surface, _t("legend_title", lang), head, palette.WHITE, True,
                topleft=(card.x + pad, card.y + pad))
    top = card.y + pad + fonts.line_step(head) + pad
    per = -(-len(rows) // cols)
    text_w = col_w - icon - pad
    for i, (kind, name, body) in enumerate(rows):
        col = i // per
        x = card.x + pad + col * (col_w + pad)
        y = top + sum(heights[col * per:i])
        draw_icon(surface, kind, pygame.Rect(x, y, icon, icon), model)
        tx = x + icon + pad
        for j, line in enumerate(fonts.wrap(f"{name}: {body}", size, text_w)):
            surface.blit(fonts.text(line, size, palette.TEXT),
                         (tx, y + j * fonts.line_step(size)))
    hint = fonts.text(_t("legend_close", lang), size, palette.MUTED)
    surface.blit(hint, hint.get_rect(bottomright=(card.right - pad, card.bottom - pad // 2)))
    return card
