"""The ability boxes at the bottom of a card face: one per ability (primary, ally, double
ally, a campaign sticker's ally, scrap, on acquire, standing trigger), stacked, each but
the primary marked on the left (faction emblems, the scrap bin, the acquire arrow, the
trigger bolt).  First :func:`fit_abilities` chooses one font size for all of them — the
largest at which everything fits next to the smallest picture — then
:func:`draw_ability_boxes` places, sizes and draws them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from game.star_realms import card_text
from game.star_realms.art import icons, palette, shapes
from game.star_realms.art import text as tx
from game.star_realms.art.ability_flow import Flow, best_flow, flow_ability
from game.star_realms.art.face_drawing import (
    Box,
    Canvas,
    Layout,
    centered_text,
    draw_fine_text,
    emblem,
    paste,
)
from game.star_realms.art.fonts import Font, font
from game.star_realms.art.palette import INK, OUTLINE, SPACE
from game.star_realms.art.shapes import RGB, mix

STICKER_FOLD = 4.0  # the peeled corner of a sticker's ability box, in % of the width

Slots = list[tuple[str, list[card_text.Part]]]  # (slot, its parts) per box, top to bottom


@dataclass(frozen=True, slots=True)
class BoxMetrics:
    """The sizes of a face's ability boxes, in pixels."""

    x0: int  # the left edge of every box
    x1: int  # ... and the right edge
    gap: int  # between two boxes
    pad: int  # inside a box, round its content and its marker
    marker_w: int  # the marker column of every box but the primary ability's
    chip_min: float  # the chip size wanted (smaller only with a small font)

    @classmethod
    def for_face(cls, inner: tuple[int, int, int, int], pad: int, u: float) -> BoxMetrics:
        return cls(x0=inner[0] + pad, x1=inner[2] - pad, gap=max(1, round(1.2 * u)),
                   pad=max(1, round(1.3 * u)), marker_w=round(11 * u), chip_min=8.5 * u)

    def content_width(self, slot: str) -> float:
        w = self.x1 - self.x0 - 2 * self.pad
        return w - (self.marker_w + self.pad) if slot != "primary" else w

    def min_height(self, slot: str, flow: Flow) -> float:
        """The height of a box holding ``flow`` (a marked box fits its marker too)."""
        return max(flow.height, self.marker_w if slot != "primary" else 0) + 2 * self.pad


@dataclass(frozen=True, slots=True)
class AbilityArea:
    """The ability boxes of a face once their font size is chosen."""

    slots: Slots
    flows: list[Flow]  # each box's content at ``font_size``
    font_size: int
    top: float  # where the first box starts
    height: float  # the room all boxes share, gaps included
    bottom: float  # where the last box must end
    metrics: BoxMetrics


def fit_abilities(card: Any, lang: str, metrics: BoxMetrics, bottom: float,
                  room_default: float, room_max: float, u: float) -> AbilityArea:
    """Choose the largest font size at which every ability fits ``room_max`` (the room
    left beside the smallest picture allowed).  The boxes then take ``room_default`` (the
    room beside the usual picture), or more when they need it."""
    slots = card_text.card_parts(card, lang)
    n = len(slots)
    chosen: list[Flow] = []
    f_size = 0
    total = 0.0
    for size in tx.sizes(4.8 * u, 2.0 * u):
        flows = [best_flow(parts, lang, metrics.content_width(slot), size,
                           min(metrics.chip_min, size * 2.4)) for slot, parts in slots]
        mins = [metrics.min_height(slot, fl) for fl, (slot, _) in zip(flows, slots, strict=True)]
        total = sum(mins) + metrics.gap * max(0, n - 1)
        chosen, f_size = flows, size
        if all(fl.fits for fl in flows) and total <= room_max:
            break
    height = min(room_max, max(room_default, total))
    return AbilityArea(slots, chosen, f_size, bottom - height, height, bottom, metrics)


# ---------------------------------------------------------------- placing the boxes


@dataclass(slots=True)
class _BoxPlan:
    slot: str
    parts: list[card_text.Part]
    flow: Flow
    box: Box
    content: Box  # inside the padding, right of the marker column


def _place_boxes(area: AbilityArea) -> list[_BoxPlan]:
    """Stack the boxes down from the area's top, each as tall as its content with the
    spare room shared out evenly.  When even the smallest font overflows, every box is
    squeezed alike (its text is cut when drawn)."""
    m = area.metrics
    n = len(area.slots)
    heights = [m.min_height(slot, fl) for fl, (slot, _) in zip(area.flows, area.slots,
                                                                strict=True)]
    room = area.height - m.gap * max(0, n - 1)
    extra = (room - sum(heights)) / n if n else 0
    if extra < 0:
        heights = [max(2.0, h * room / sum(heights)) for h in heights]
        extra = 0
    plans = []
    y = area.top
    for (slot, parts), flow, hgt in zip(area.slots, area.flows, heights, strict=True):
        box = (m.x0, y, m.x1, max(y + 2, min(area.bottom, y + hgt + extra)))
        cx0 = box[0] + m.pad + (m.marker_w + m.pad if slot != "primary" else 0)
        content = (cx0, box[1] + m.pad, box[2] - m.pad, box[3] - m.pad)
        plans.append(_BoxPlan(slot, parts, flow, box, content))
        y = box[3] + m.gap
    return plans


def _chip_size(flow: Flow) -> int:
    return max((op.size for op in flow.ops if op.kind == "chip"), default=0)


def _share_chip_size(plans: list[_BoxPlan], lang: str, f_size: int, u: float) -> None:
    """Grow the chips of every box to the largest size all boxes have room for: one chip
    size for the whole card, as on the printed ones."""

    def refit(plan: _BoxPlan, chip_size: float) -> Flow | None:
        content = plan.content
        avail = content[3] - content[1]
        for sd in (True, False):
            fl = flow_ability(plan.parts, lang, content[2] - content[0], f_size, chip_size,
                              side=sd)
            if fl.fits and fl.height <= avail:
                return fl
        return None

    best: list[int] = []
    for plan in plans:
        base = _chip_size(plan.flow)
        if not base:
            continue
        size = base
        content = plan.content
        for cm in tx.sizes(min(content[3] - content[1], 16 * u), base + 1,
                           step=max(1.0, u * 0.5)):
            if refit(plan, cm):
                size = cm
                break
        best.append(size)
    if best:
        common = min(best)
        for plan in plans:
            if _chip_size(plan.flow) and common > _chip_size(plan.flow):
                plan.flow = refit(plan, common) or plan.flow


# ---------------------------------------------------------------- drawing the boxes


def draw_ability_boxes(c: Canvas, card: Any, lang: str, area: AbilityArea) -> None:
    plans = _place_boxes(area)
    _share_chip_size(plans, lang, area.font_size, c.u)
    f_regular = font("regular", area.font_size)
    for i, plan in enumerate(plans):
        _draw_panel(c, card, i, plan, area.metrics)
        _draw_content(c, i, plan, f_regular)


def _panel_colors(slot: str, st: palette.FactionStyle) -> tuple[tuple, RGB]:
    """(fill, edge) of a box: tinted by the faction, grey for scrap, gold for acquire."""
    fill = (*mix(SPACE, st.dark, 0.55), 228)
    if slot == "upgrade_ally":  # ``st`` is the sticker's faction: a stronger tint
        return (*mix(SPACE, st.dark, 0.8), 236), st.color
    if slot in ("ally", "second_ally", "double_ally"):
        return fill, st.color
    if slot == "scrap":
        return (*mix(SPACE, (60, 64, 76), 0.6), 228), (150, 156, 170)
    if slot in ("on_acquire", "reward"):  # (a mission's reward: gold, as a gain)
        return fill, icons.TRADE
    if slot in ("trigger", "each_turn", "ongoing"):  # (a gambit's face-up abilities too)
        return fill, mix(st.light, INK, 0.5)
    return fill, mix(st.color, SPACE, 0.35)


def _draw_panel(c: Canvas, card: Any, i: int, plan: _BoxPlan, m: BoxMetrics) -> None:
    """The box itself (a sticker's looks stuck on) and its marker column."""
    u, slot, box = c.u, plan.slot, plan.box
    marked = card_text.slot_factions(card, slot) or tuple(card.factions)
    # a box answering to one faction wears its colours (a sticker's; a United card's
    # "Star Empire Ally" / "Trade Federation Ally" lines)
    pinned = slot in card_text.ALLY_SLOTS and len(marked) == 1
    pst = palette.style(marked[0]) if pinned else c.style
    fill, edge = _panel_colors(slot, pst)
    bx0, by0 = int(box[0]), int(box[1])
    panel = Image.new("RGBA", (int(box[2]) - bx0 + 1, int(box[3]) - by0 + 1), (0, 0, 0, 0))
    pdraw = ImageDraw.Draw(panel)
    local = (box[0] - bx0, box[1] - by0, box[2] - bx0, box[3] - by0)
    shapes.rounded_rect(pdraw, local, 2.2 * u, fill=fill, outline=edge,
                        width=max(1, round(0.45 * u)))
    if slot == "upgrade_ally":
        _sticker_cue(pdraw, local, u, pst)
    c.img.alpha_composite(panel, (bx0, by0))
    c.layout.add_box(f"ability:{i}:{slot}", box)
    if slot == "upgrade_ally":
        fold = STICKER_FOLD * u
        c.layout.add_box(f"sticker:{i}", (box[0], box[1], box[0] + fold, box[1] + fold))
    if slot != "primary":
        cx0 = box[0] + m.pad
        mrect = (cx0, box[1] + m.pad, cx0 + m.marker_w, box[3] - m.pad)
        draw_marker(c.img, c.layout, slot, marked, mrect)
        sep_x = cx0 + m.marker_w + m.pad / 2
        c.draw.line((sep_x, box[1] + m.pad, sep_x, box[3] - m.pad), fill=(*edge, 120), width=1)


def _draw_content(c: Canvas, i: int, plan: _BoxPlan, f_regular: Font) -> None:
    """The chips, icons and lines of a box, centred vertically; nothing is drawn past the
    box, and when lines had to be left out the last one shown ends in "…"."""
    content, flow = plan.content, plan.flow
    cname = f"content:{i}:{plan.slot}"
    c.layout.add_box(cname, content)
    avail_h = content[3] - content[1]
    oy = content[1] + max(0.0, (avail_h - flow.height) / 2)
    lines_in = [op for op in flow.ops if op.kind in ("line", "word")
                and oy + op.y + tx.line_height(font(op.style, op.size)) <= content[3] + 0.5]
    cut = len(lines_in) < sum(1 for op in flow.ops if op.kind in ("line", "word"))
    for op in flow.ops:
        ox, yy = content[0] + op.x, oy + op.y
        if op.kind == "chip":
            if yy + op.size <= content[3] + 0.5:
                draw_chip(c.img, c.draw, c.layout, cname, ox, yy, op.size, op.text, op.name)
        elif op.kind == "icon":
            if yy + op.size <= content[3] + 0.5:
                paste(c.img, icons.icon_cached(op.name, op.size), (ox, yy))
        else:
            fo = font(op.style, op.size) if op.style != "regular" else f_regular
            if yy + tx.line_height(fo) > content[3] + 0.5:
                continue  # never draw outside the box (only when nothing fits at all)
            line = op.text
            if cut and op is lines_in[-1]:  # the last line that fits says "more..."
                line = tx.ellipsize(line + tx.ELLIPSIS, fo, content[2] - ox)
            if ox + tx.width_of(line, fo) > content[2]:
                line = tx.ellipsize(line, fo, content[2] - ox)
            # small ability text is drawn finely: hinted at a few pixels, each letter's
            # advance rounds up and the space's down, and "Draw a card" read "Drawa card"
            draw_fine_text(c.img, c.layout, cname, (ox, yy), line, fo, INK)


def _sticker_cue(d: ImageDraw.ImageDraw, box: Box, u: float, st: palette.FactionStyle) -> None:
    """Make an ability panel look like a sticker: a thin light inner border and the
    top-left corner peeled back (a light fold over a cut-away corner)."""
    x0, y0, x1, y1 = box
    k = 1.1 * u
    shapes.rounded_rect(d, (x0 + k, y0 + k, x1 - k, y1 - k), 1.4 * u,
                        outline=(*st.light, 120), width=max(1, round(0.25 * u)))
    f = STICKER_FOLD * u
    d.polygon([(x0, y0), (x0 + f, y0), (x0, y0 + f)], fill=(0, 0, 0, 0))
    d.polygon([(x0 + f, y0), (x0, y0 + f), (x0 + f * 0.92, y0 + f * 0.92)],
              fill=(*mix(st.light, INK, 0.4), 255))
    d.line([(x0 + f, y0), (x0, y0 + f)], fill=(*OUTLINE, 200), width=max(1, round(0.3 * u)))


# ---------------------------------------------------------------- markers and chips


def draw_marker(img: Image.Image, layout: Layout, slot: str, factions: tuple[str, ...],
                rect: Box) -> None:
    """What marks a box's kind of ability in its left column (not for the primary)."""
    x0, y0, x1, y1 = rect
    size = round(min(x1 - x0, y1 - y0))
    if size < 4:
        return
    facs = [f for f in factions] or ["unaligned"]
    if slot == "upgrade_ally":
        _sticker_marker(img, layout, slot, facs[0], rect, size)
    elif slot in ("ally", "second_ally", "double_ally"):
        _ally_marker(img, layout, slot, facs, rect, size)
    else:
        _icon_marker(img, layout, slot, rect, size)


def _sticker_marker(img: Image.Image, layout: Layout, slot: str, fac: str, rect: Box,
                    size: int) -> None:
    """The sticker faction's emblem with the upgrade star on its lower right."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    unit = max(4, round(size * 0.9))
    ex, ey = cx - unit / 2 - size * 0.04, cy - unit / 2 - size * 0.04
    paste(img, emblem(fac, unit), (ex, ey))
    emb = (round(ex), round(ey), round(ex + unit), round(ey + unit))
    layout.markers.append((slot, emb))
    layout.marker_emblems.append((slot, fac, emb))
    star = max(4, round(size * 0.5))
    sx, sy = x1 - star + size * 0.06, y1 - star + size * 0.06
    paste(img, icons.icon_cached("upgrade", star), (sx, sy))
    layout.markers.append(("upgrade", (round(sx), round(sy), round(sx + star),
                                       round(sy + star))))


def _ally_marker(img: Image.Image, layout: Layout, slot: str, facs: list[str], rect: Box,
                 size: int) -> None:
    """Per faction, stacked: one emblem (ally) or two overlapping (double ally)."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    n = len(facs)
    copies = 2 if slot == "double_ally" else 1
    unit = size / (n * (1.6 if copies == 2 else 1.0)) if n > 1 else size / (
        1.5 if copies == 2 else 1.0)
    unit = max(4, round(min(unit, size)))
    total_h = n * unit * (1.5 if copies == 2 else 1.0)
    yy = cy - total_h / 2
    for fac in facs:
        em = emblem(fac, unit)
        if copies == 2:
            paste(img, em, (cx - unit * 0.5 - unit * 0.18, yy))
            paste(img, em, (cx - unit * 0.5 + unit * 0.18, yy + unit * 0.5))
            rect_ = (round(cx - unit * 0.68), round(yy), round(cx + unit * 0.68),
                     round(yy + unit * 1.5))
            yy += unit * 1.5
        else:
            paste(img, em, (cx - unit / 2, yy))
            rect_ = (round(cx - unit / 2), round(yy), round(cx + unit / 2),
                     round(yy + unit))
            yy += unit
        layout.markers.append((slot, rect_))
        layout.marker_emblems.append((slot, fac, rect_))


def _icon_marker(img: Image.Image, layout: Layout, slot: str, rect: Box, size: int) -> None:
    """The scrap bin, the acquire arrow or the trigger bolt, centred."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    name = {"scrap": "scrap", "on_acquire": "acquire", "trigger": "trigger",
            "objective": "mission", "reward": "upgrade", "each_turn": "trigger",
            "ongoing": "outpost"}.get(slot)
    if name:
        ic = icons.icon_cached(name, size)
        paste(img, ic, (cx - size / 2, cy - size / 2))
        layout.markers.append((slot, (round(cx - size / 2), round(cy - size / 2),
                                      round(cx + size / 2), round(cy + size / 2))))


def draw_chip(img: Image.Image, draw: ImageDraw.ImageDraw, layout: Layout, box: str, x: float,
              y: float, size: int, number: str, res: str) -> None:
    """A resource gain: the resource's icon with the amount on it."""
    paste(img, icons.icon_cached(res, size), (x, y))
    fill, stroke = icons.NUMBER_STYLE.get(res, (INK, OUTLINE))
    digits = len(number)
    fs = max(4, round(size * (0.56 if digits < 2 else 0.46)))
    f = font("bold", fs)
    sw = max(1, round(fs * 0.1)) if res != "trade" else 0
    centered_text(draw, layout, box, (x, y, x + size, y + size), number, f, fill, sw, stroke)
    layout.chips.append((res, (round(x), round(y), round(x + size), round(y + size))))
