"""Card faces drawn from the rules data with pillow: no artwork is copied from anywhere.

A face (portrait, ``CARD_RATIO`` = 88/63) shows, top to bottom:

* a title bar: the faction emblem(s) on the left (two on campaign-upgraded cards), the
  name (shrunk, then wrapped to two lines, to fit) and the cost coin on the right;
* the procedural illustration (:mod:`game.star_realms.art.illustration`), shorter when the card
  has a lot of text;
* a type strip: ship / base / outpost icon, the kind and faction names, and for bases
  the defense shield — a light heater shield for a base, a dark crenellated one for an
  outpost;
* one box per ability (primary, ally, double ally, upgrade ally, scrap, on acquire,
  standing trigger), marked on the left with the faction emblem (two stacked for double
  ally), the scrap bin, the acquire arrow or the trigger bolt.  A campaign sticker's
  ally ability ("upgrade_ally") is a box of its own marked with the sticker faction's
  emblem and the upgrade star, tinted in that faction's colours, with a peeled-back
  corner like a sticker; the printed ally boxes of an upgraded card keep the printed
  factions' emblems.  Resource gains are drawn as
  chips (coin, burst, cross with the number); everything else as short text generated
  from the effects (:mod:`game.star_realms.card_text`).  All boxes share one font size, chosen as
  the largest that fits; the illustration gives way first.

``render_face_with_layout`` also returns a :class:`Layout` with every box and the
measured bounding box of every text line drawn, which the tests check.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from game.star_realms import card_text
from game.star_realms.art import icons, illustration, palette, shapes
from game.star_realms.art import text as tx
from game.star_realms.art.fonts import Font, font
from game.star_realms.art.palette import INK, INK_DIM, OUTLINE, SPACE
from game.star_realms.art.shapes import RGB, mix

CARD_RATIO = 88 / 63
BIG_RATIO = 63 / 88  # height / width of a landscape adventure or boss card
RENDERER_VERSION = 2  # bump when the look changes: the disk cache keys include it
MIN_LAYOUT_WIDTH = 48  # narrower faces are laid out at this width and scaled down
STICKER_FOLD = 4.0  # the peeled corner of a sticker's ability box, in % of the width

# Pillow objects (fonts especially) are not meant to be shared between threads while
# drawing; the background pre-render and the UI thread take turns.
RENDER_LOCK = threading.RLock()

Rect = tuple[int, int, int, int]


@dataclass(slots=True)
class TextItem:
    box: str  # the name of the box the line belongs to
    text: str
    bbox: Rect  # measured bounding box of the drawn glyphs
    size: int  # font size in pixels


@dataclass(slots=True)
class Layout:
    width: int
    height: int
    boxes: dict[str, Rect] = field(default_factory=dict)
    texts: list[TextItem] = field(default_factory=list)
    emblems: list[Rect] = field(default_factory=list)  # faction emblems in the title bar
    emblem_factions: list[str] = field(default_factory=list)  # ... and whose they are
    markers: list[tuple[str, Rect]] = field(default_factory=list)  # ability slot markers
    # every emblem drawn in an ability box's marker column: (slot, faction, rect)
    marker_emblems: list[tuple[str, str, Rect]] = field(default_factory=list)
    chips: list[tuple[str, Rect]] = field(default_factory=list)  # resource chips
    ability_font: int = 0

    def add_box(self, name: str, rect: tuple[float, float, float, float]) -> Rect:
        r = (round(rect[0]), round(rect[1]), round(rect[2]), round(rect[3]))
        self.boxes[name] = r
        return r

    def texts_in(self, box: str) -> list[TextItem]:
        return [t for t in self.texts if t.box == box]


def _text(draw: ImageDraw.ImageDraw, layout: Layout | None, box: str, xy: tuple[float, float],
          line: str, f: Font, fill: Any, stroke: int = 0, stroke_fill: Any = None) -> Rect:
    """Draw one line with its top-left (ascender) at ``xy`` and record its bbox."""
    x, y = round(xy[0]), round(xy[1])
    rect = layout.boxes.get(box) if layout is not None else None
    if rect is not None:  # nudge a pixel of side bearing or hinting back inside the box
        bb = draw.textbbox((x, y), line, font=f, anchor="la", stroke_width=stroke)
        dx = max(0, rect[0] - bb[0]) - max(0, bb[2] - rect[2])
        dy = max(0, rect[1] - bb[1]) - max(0, bb[3] - rect[3])
        x, y = x + dx, y + dy
        if bb[2] - bb[0] > rect[2] - rect[0] or bb[3] - bb[1] > rect[3] - rect[1]:
            return (x, y, x, y)  # cannot fit (only in tiny thumbnails): leave it out
    draw.text((x, y), line, font=f, fill=fill, anchor="la", stroke_width=stroke,
              stroke_fill=stroke_fill)
    bbox = draw.textbbox((x, y), line, font=f, anchor="la", stroke_width=stroke)
    if layout is not None and line:
        layout.texts.append(TextItem(box, line, bbox, f.size))
    return bbox


def _centered_text(draw: ImageDraw.ImageDraw, layout: Layout | None, box: str,
                   rect: tuple[float, float, float, float], line: str, f: Font, fill: Any,
                   stroke: int = 0, stroke_fill: Any = None) -> Rect:
    """One line centred in ``rect`` by its measured ink box."""
    x0, y0, x1, y1 = draw.textbbox((0, 0), line, font=f, anchor="la", stroke_width=stroke)
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    return _text(draw, layout, box, (cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), line, f, fill,
                 stroke, stroke_fill)


@lru_cache(maxsize=128)
def _gradient(w: int, h: int, top: RGB, bottom: RGB) -> Image.Image:
    return illustration._gradient(w, h, top, bottom)


def _paste(img: Image.Image, part: Image.Image, xy: tuple[float, float]) -> None:
    img.alpha_composite(part, (round(xy[0]), round(xy[1])))


# ---------------------------------------------------------------- chrome pieces


@lru_cache(maxsize=64)
def _corner_mask(w: int, h: int, r: float) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        shapes.rounded_rect(d, (0, 0, w * s - 1, h * s - 1), r * s, fill=(255, 255, 255, 255))

    return shapes.supersampled((w, h), paint, scale=3).getchannel("A")


def _frame_fill(w: int, h: int, styles: list[palette.FactionStyle]) -> Image.Image:
    """A new RGBA image in the frame colour: one faction, or a left-to-right blend of two."""
    if len(styles) == 1:
        return Image.new("RGBA", (w, h), (*styles[0].color, 255))
    row = Image.new("RGBA", (len(styles) * 2, 1))
    row.putdata([(*s.color, 255) for s in styles for _ in (0, 1)])
    return row.resize((w, h), Image.Resampling.BILINEAR)


@lru_cache(maxsize=64)
def _shield_badge(outpost: bool, w: int, h: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        ww, hh = w * s, h * s
        if outpost:
            d.polygon(shapes.crenellated_shield(0, 0, ww, hh), fill=OUTLINE)
            k = ww * 0.08
            d.polygon(shapes.crenellated_shield(k, k, ww - k, hh - k * 1.3), fill=(226, 230, 240))
            k2 = ww * 0.15
            d.polygon(shapes.crenellated_shield(k2, k2 * 1.05, ww - k2, hh - k2 * 1.6),
                      fill=(40, 44, 60))
        else:
            d.polygon(shapes.shield(0, 0, ww, hh), fill=OUTLINE)
            k = ww * 0.08
            d.polygon(shapes.shield(k, k, ww - k, hh - k * 1.3), fill=(236, 238, 246))
            d.line((ww * 0.2, hh * 0.14, ww * 0.8, hh * 0.14), fill=(190, 196, 212),
                   width=max(1, round(ww * 0.03)))

    return shapes.supersampled((w, h), paint, scale=4)


@lru_cache(maxsize=128)
def _emblem_cached(faction: str, size: int) -> Image.Image:
    return palette.emblem_image(faction, size)


# ---------------------------------------------------------------- ability boxes


@dataclass(slots=True)
class _Op:
    """One thing to draw inside an ability box, relative to the content origin."""

    kind: str  # "chip" | "word" | "line" | "icon"
    x: float
    y: float
    size: int = 0
    text: str = ""
    name: str = ""
    style: str = "regular"


@dataclass(slots=True)
class _Flow:
    ops: list[_Op]
    height: float
    fits: bool


def _or_word(lang: str) -> str:
    return card_text.fmt("logic.or", lang, a="", b="").strip()


def _groups(parts: list[card_text.Part], lang: str) -> list[tuple[str, list[card_text.Part]]]:
    """Consecutive chips (gains, either/or gains) form one group; every phrase is its own.
    An either/or with a phrase option becomes chips then "or <phrase>"."""
    groups: list[tuple[str, list[card_text.Part]]] = []

    def add_chip(part: card_text.Part) -> None:
        if groups and groups[-1][0] == "chips":
            groups[-1][1].append(part)
        else:
            groups.append(("chips", [part]))

    for part in parts:
        if part.kind == "gain" or (
                part.kind == "or" and all(o.kind == "gain" for o in part.options)):
            add_chip(part)
        elif part.kind == "or":
            gains = [o for o in part.options if o.kind == "gain"]
            if len(gains) > 1:
                add_chip(card_text.Part("or", "", options=tuple(gains)))
            elif gains:
                add_chip(gains[0])
            first = not gains
            for opt in part.options:
                if opt.kind == "gain":
                    continue
                text = opt.text if first else f"{_or_word(lang)} {card_text._lc(opt.text)}"
                groups.append(("text", [card_text.Part("text", text, icon=opt.icon)]))
                first = False
        else:
            groups.append(("text", [part]))
    return groups


def _chip_rows(group: list[card_text.Part], lang: str, width: float, chip: int, chip_gap: int,
               fb: Font) -> list[list[tuple[str, Any, float]]]:
    or_word = _or_word(lang)
    tokens: list[tuple[str, Any, float]] = []  # (chip | word | space, payload, width)
    for pi, part in enumerate(group):
        if pi:
            tokens.append(("space", None, chip_gap))
        if part.kind == "gain":
            tokens.append(("chip", part, chip))
        else:
            for oi, opt in enumerate(part.options):
                if oi:
                    tokens.append(("word", or_word, fb.getlength(or_word) + 2 * chip_gap))
                tokens.append(("chip", opt, chip))
    rows: list[list[tuple[str, Any, float]]] = [[]]
    row_w = 0.0
    for tok in tokens:
        if tok[0] == "space" and not rows[-1]:
            continue
        if rows[-1] and tok[0] != "space" and row_w + tok[2] > width:
            rows.append([])
            row_w = 0.0
        rows[-1].append(tok)
        row_w += tok[2]
    for row in rows:
        while row and row[-1][0] == "space":
            row.pop()
    return rows


def _flow(parts: list[card_text.Part], lang: str, width: float, f_size: int,
          chip_min: float, side: bool = False) -> _Flow:
    """Lay out one ability's parts at font size ``f_size`` within ``width``.

    Normally everything stacks: chip rows centred, phrases left-aligned with their icon.
    With ``side``, a leading single row of chips stands in a column left of the phrases
    (as on the printed cards); if that is not possible the normal layout is returned."""
    f = font("regular", f_size)
    fb = font("bold", f_size)
    lh = tx.line_height(f)
    chip = max(round(f_size * 2.0), round(chip_min))
    gap = max(1, round(f_size * 0.35))
    chip_gap = max(1, round(chip * 0.16))
    icon_size = max(4, round(lh * 0.95))
    groups = _groups(parts, lang)

    if side and len(groups) >= 2 and groups[0][0] == "chips" \
            and all(k == "text" for k, _ in groups[1:]):
        rows = _chip_rows(groups[0][1], lang, 10_000, chip, chip_gap, fb)
        col_w = sum(t[2] for t in rows[0]) if len(rows) == 1 else 0
        text_w = width - col_w - 2 * chip_gap
        if len(rows) == 1 and text_w >= width * 0.5:
            rest = [p for _, g in groups[1:] for p in g]
            txt = _flow(rest, lang, text_w, f_size, chip_min)
            height = max(float(chip), txt.height)
            ops: list[_Op] = []
            x, y0 = 0.0, (height - chip) / 2
            for tkind, payload, tw in rows[0]:
                if tkind == "chip":
                    ops.append(_Op("chip", x, y0, chip, str(payload.amount), payload.icon))
                elif tkind == "word":
                    ops.append(_Op("word", x + chip_gap, y0 + (chip - lh) / 2, f_size, payload,
                                   style="bold"))
                x += tw
            ty = (height - txt.height) / 2
            for op in txt.ops:
                ops.append(_Op(op.kind, op.x + col_w + 2 * chip_gap, op.y + ty, op.size, op.text,
                               op.name, op.style))
            return _Flow(ops, height, txt.fits)

    ops = []
    y = 0.0
    fits = True
    for gi, (kind, group) in enumerate(groups):
        if gi:
            y += gap
        if kind == "chips":
            rows = _chip_rows(group, lang, width, chip, chip_gap, fb)
            for ri, row in enumerate(rows):
                total = sum(t[2] for t in row)
                if total > width + 0.5:
                    fits = False
                x = (width - total) / 2
                if ri:
                    y += chip_gap
                for tkind, payload, tw in row:
                    if tkind == "chip":
                        ops.append(_Op("chip", x, y, chip, str(payload.amount), payload.icon))
                    elif tkind == "word":
                        ops.append(_Op("word", x + chip_gap, y + (chip - lh) / 2, f_size,
                                       payload, style="bold"))
                    x += tw
                y += chip
        else:
            part = group[0]
            indent = icon_size + max(2, round(f_size * 0.35)) if part.icon else 0
            lines = tx.wrap(part.text, f, width - indent)
            if lines is None:
                fits = False
                lines = tx.clamp_lines(part.text, f, width - indent, 10_000)
            if part.icon:
                ops.append(_Op("icon", 0, y + (lh - icon_size) / 2, icon_size, name=part.icon))
            for line in lines:
                ops.append(_Op("line", indent, y, f_size, line))
                y += lh
    return _Flow(ops, y, fits)


def _best_flow(parts: list[card_text.Part], lang: str, width: float, f_size: int,
               chip_min: float) -> _Flow:
    """The shorter of the stacked and the side-by-side layouts."""
    flat = _flow(parts, lang, width, f_size, chip_min)
    side = _flow(parts, lang, width, f_size, chip_min, side=True)
    if side.fits and (side.height < flat.height - 0.5 or not flat.fits):
        return side
    return flat


def _marker_draw(img: Image.Image, layout: Layout, slot: str, factions: tuple[str, ...],
                 rect: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = rect
    size = round(min(x1 - x0, y1 - y0))
    if size < 4:
        return
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    facs = [f for f in factions] or ["unaligned"]
    if slot == "upgrade_ally":  # the sticker faction's emblem with the upgrade star
        fac = facs[0]
        unit = max(4, round(size * 0.9))
        ex, ey = cx - unit / 2 - size * 0.04, cy - unit / 2 - size * 0.04
        _paste(img, _emblem_cached(fac, unit), (ex, ey))
        emb = (round(ex), round(ey), round(ex + unit), round(ey + unit))
        layout.markers.append((slot, emb))
        layout.marker_emblems.append((slot, fac, emb))
        star = max(4, round(size * 0.5))
        sx, sy = x1 - star + size * 0.06, y1 - star + size * 0.06
        _paste(img, icons.icon_cached("upgrade", star), (sx, sy))
        layout.markers.append(("upgrade", (round(sx), round(sy), round(sx + star),
                                           round(sy + star))))
        return
    if slot in ("ally", "double_ally"):
        n = len(facs)
        copies = 2 if slot == "double_ally" else 1
        # each faction: one emblem (ally) or two overlapping (double ally)
        unit = size / (n * (1.6 if copies == 2 else 1.0)) if n > 1 else size / (
            1.5 if copies == 2 else 1.0)
        unit = max(4, round(min(unit, size)))
        total_h = n * unit * (1.5 if copies == 2 else 1.0)
        yy = cy - total_h / 2
        for fac in facs:
            em = _emblem_cached(fac, unit)
            if copies == 2:
                _paste(img, em, (cx - unit * 0.5 - unit * 0.18, yy))
                _paste(img, em, (cx - unit * 0.5 + unit * 0.18, yy + unit * 0.5))
                rect_ = (round(cx - unit * 0.68), round(yy), round(cx + unit * 0.68),
                         round(yy + unit * 1.5))
                yy += unit * 1.5
            else:
                _paste(img, em, (cx - unit / 2, yy))
                rect_ = (round(cx - unit / 2), round(yy), round(cx + unit / 2),
                         round(yy + unit))
                yy += unit
            layout.markers.append((slot, rect_))
            layout.marker_emblems.append((slot, fac, rect_))
        return
    name = {"scrap": "scrap", "on_acquire": "acquire", "trigger": "trigger"}.get(slot)
    if name:
        ic = icons.icon_cached(name, size)
        _paste(img, ic, (cx - size / 2, cy - size / 2))
        layout.markers.append((slot, (round(cx - size / 2), round(cy - size / 2),
                                      round(cx + size / 2), round(cy + size / 2))))


def _chip(img: Image.Image, draw: ImageDraw.ImageDraw, layout: Layout, box: str, x: float,
          y: float, size: int, number: str, res: str) -> None:
    _paste(img, icons.icon_cached(res, size), (x, y))
    fill, stroke = icons.NUMBER_STYLE.get(res, (INK, OUTLINE))
    digits = len(number)
    fs = max(4, round(size * (0.56 if digits < 2 else 0.46)))
    f = font("bold", fs)
    sw = max(1, round(fs * 0.1)) if res != "trade" else 0
    _centered_text(draw, layout, box, (x, y, x + size, y + size), number, f, fill, sw, stroke)
    layout.chips.append((res, (round(x), round(y), round(x + size), round(y + size))))


# ---------------------------------------------------------------- the face


def _panel_colors(slot: str, st: palette.FactionStyle) -> tuple[tuple, RGB]:
    fill = (*mix(SPACE, st.dark, 0.55), 228)
    if slot == "upgrade_ally":  # ``st`` is the sticker's faction: a stronger tint
        return (*mix(SPACE, st.dark, 0.8), 236), st.color
    if slot in ("ally", "double_ally"):
        return fill, st.color
    if slot == "scrap":
        return (*mix(SPACE, (60, 64, 76), 0.6), 228), (150, 156, 170)
    if slot == "on_acquire":
        return fill, icons.TRADE
    if slot == "trigger":
        return fill, mix(st.light, INK, 0.5)
    return fill, mix(st.color, SPACE, 0.35)


def _sticker_cue(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], u: float,
                 st: palette.FactionStyle) -> None:
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


def _kind_label(card: Any, lang: str) -> str:
    from game import i18n

    kind = "outpost" if card.is_base and card.outpost else card.type
    label = i18n.t(f"kind.{kind}", lang)
    if card.factions:
        names = " / ".join(card_text.faction_name(f, lang) for f in card.factions)
        label = f"{label} · {names}"
    return label


def render_face_with_layout(card: Any, lang: str, width: int) -> tuple[Image.Image, Layout]:
    """The face of ``card`` in ``lang`` at ``width`` pixels, and where everything went."""
    width = max(1, int(width))
    with RENDER_LOCK:
        if width >= MIN_LAYOUT_WIDTH:
            return _render_face(card, lang, width)
        # thumbnails: lay out at the smallest sensible size, then scale everything down
        img, layout = _render_face(card, lang, MIN_LAYOUT_WIDTH)
        return _scaled(img, layout, width, round(width * CARD_RATIO))


def _scaled(img: Image.Image, layout: Layout, w: int, h: int) -> tuple[Image.Image, Layout]:
    kx, ky = w / layout.width, h / layout.height

    def sc(r: Rect) -> Rect:
        return (int(r[0] * kx), int(r[1] * ky), min(w, -(-r[2] * kx // 1)),
                min(h, -(-r[3] * ky // 1)))

    out = Layout(w, h, {k: sc(v) for k, v in layout.boxes.items()},
                 [TextItem(t.box, t.text, sc(t.bbox), t.size) for t in layout.texts],
                 [sc(e) for e in layout.emblems], list(layout.emblem_factions),
                 [(n, sc(r)) for n, r in layout.markers],
                 [(s, f, sc(r)) for s, f, r in layout.marker_emblems],
                 [(n, sc(r)) for n, r in layout.chips], layout.ability_font)
    out.boxes = {k: tuple(int(v) for v in r) for k, r in out.boxes.items()}
    out.texts = [TextItem(t.box, t.text, tuple(int(v) for v in t.bbox), t.size)
                 for t in out.texts]
    return img.resize((w, h), Image.Resampling.LANCZOS), out


def render_face(card: Any, lang: str, width: int) -> Image.Image:
    """The face of ``card`` as an RGBA image ``width`` × round(width × CARD_RATIO)."""
    return render_face_with_layout(card, lang, width)[0]


def _render_face(card: Any, lang: str, W: int) -> tuple[Image.Image, Layout]:
    H = round(W * CARD_RATIO)
    u = W / 100.0
    layout = Layout(W, H)
    styles = palette.card_styles(tuple(card.factions))
    st = styles[0]

    # frame and background
    img = _frame_fill(W, H, styles)
    fw = max(2, round(2.4 * u))
    inner = (fw, fw, W - fw, H - fw)
    bg = _gradient(inner[2] - inner[0], inner[3] - inner[1],
                                mix(SPACE, st.dark, 0.35), mix(SPACE, (4, 6, 14), 0.5))
    img.paste(bg, (inner[0], inner[1]))
    draw = ImageDraw.Draw(img)
    draw.rectangle(inner, outline=OUTLINE, width=max(1, round(u * 0.4)))
    layout.add_box("frame", (0, 0, W, H))
    layout.add_box("inner", inner)

    pad = max(2, round(1.6 * u))
    # ---- title bar
    title_h = round(14.5 * u)
    title = (inner[0], inner[1], inner[2], inner[1] + title_h)
    tb = _gradient(title[2] - title[0], title_h, mix(st.dark, SPACE, 0.2),
                                mix(st.dark, SPACE, 0.55))
    img.paste(tb, (title[0], title[1]))
    draw.line((title[0], title[3], title[2], title[3]), fill=mix(st.color, INK, 0.2),
              width=max(1, round(0.5 * u)))
    layout.add_box("title", title)

    # emblems (left)
    n_f = max(1, len(card.factions))
    em = round((10.5 if n_f == 1 else 9.0) * u)
    ex = title[0] + pad
    ey = title[1] + (title_h - em) / 2
    for fac in card.factions or ("unaligned",):
        if not card.factions and card.role == "starter":
            break
        _paste(img, _emblem_cached(fac, em), (ex, ey))
        layout.emblems.append((round(ex), round(ey), round(ex + em), round(ey + em)))
        layout.emblem_factions.append(fac)
        ex += em - round(0.5 * u) if n_f > 1 else em
    name_x0 = ex + pad if layout.emblems else title[0] + pad * 1.5

    # cost coin (right); starter cards (Scout, Viper) have none
    coin = round(12.5 * u)
    has_cost = card.role != "starter"
    name_x1 = title[2] - pad
    if has_cost:
        cx0 = title[2] - pad - coin
        cy0 = title[1] + (title_h - coin) / 2
        _paste(img, icons.icon_cached("trade", coin), (cx0, cy0))
        box = layout.add_box("cost", (cx0, cy0, cx0 + coin, cy0 + coin))
        fs = round(coin * (0.56 if card.cost < 10 else 0.46))
        _centered_text(draw, layout, "cost", box, str(card.cost), font("bold", fs),
                       (40, 26, 0))
        name_x1 = cx0 - pad

    # name
    from game import i18n

    name = i18n.card_name(card, lang)
    name_box = layout.add_box("name", (name_x0, title[1] + 1, name_x1, title[3] - 1))
    nb_w, nb_h = name_box[2] - name_box[0], name_box[3] - name_box[1]
    f, lines = tx.fit_block(name, "bold", nb_w, nb_h, 6.4 * u, 4.4 * u, max_lines=1)
    if len(lines) != 1 or lines[0] != name:
        f, lines = tx.fit_block(name, "bold", nb_w, nb_h, 5.4 * u, 2.5 * u, max_lines=2,
                                leading=0.92)
    lh = tx.line_height(f) * (0.92 if len(lines) > 1 else 1.0)
    ty = name_box[1] + (nb_h - lh * len(lines)) / 2
    for line in lines:
        _text(draw, layout, "name", (name_box[0], ty), line, f, INK)
        ty += lh

    # ---- abilities: choose the font size, then the art takes what is left
    parts_by_slot = card_text.card_parts(card, lang)
    strip_h = round(7.5 * u)
    bottom = inner[3] - pad
    art_top = title[3]
    art_default = round(52 * u)
    art_min = round(34 * u)
    box_gap = max(1, round(1.2 * u))
    area_default = bottom - (art_top + art_default + strip_h + pad)
    area_max = bottom - (art_top + art_min + strip_h + pad)
    marker_w = round(11 * u)
    box_pad = max(1, round(1.3 * u))
    content_x0 = inner[0] + pad
    content_x1 = inner[2] - pad
    chip_min = 8.5 * u

    def inner_width(slot: str) -> float:
        w = content_x1 - content_x0 - 2 * box_pad
        return w - (marker_w + box_pad) if slot != "primary" else w

    n = len(parts_by_slot)
    chosen: list[_Flow] = []
    f_size = 0
    total = 0.0
    for size in tx.sizes(4.8 * u, 2.0 * u):
        flows = [_best_flow(parts, lang, inner_width(slot), size, min(chip_min, size * 2.4))
                 for slot, parts in parts_by_slot]
        mins = [max(fl.height, marker_w if slot != "primary" else 0) + 2 * box_pad
                for fl, (slot, _) in zip(flows, parts_by_slot, strict=True)]
        total = sum(mins) + box_gap * max(0, n - 1)
        chosen, f_size = flows, size
        if all(fl.fits for fl in flows) and total <= area_max:
            break
    layout.ability_font = f_size
    area = min(area_max, max(area_default, total))
    abil_top = bottom - area

    # ---- art
    art = (inner[0], art_top, inner[2], abil_top - strip_h - pad)
    aw, ah = art[2] - art[0], art[3] - art[1]
    if aw > 4 and ah > 4:
        img.paste(illustration.card_art(card, aw, ah), (art[0], art[1]))
    layout.add_box("art", art)
    if card.upgrade:
        up = round(8 * u)
        _paste(img, icons.icon_cached("upgrade", up), (art[0] + pad, art[1] + pad))
        layout.add_box("upgrade", (art[0] + pad, art[1] + pad, art[0] + pad + up,
                                   art[1] + pad + up))

    # ---- type strip
    strip = (inner[0], art[3], inner[2], art[3] + strip_h)
    draw.rectangle(strip, fill=mix(st.dark, SPACE, 0.45))
    draw.line((strip[0], strip[1], strip[2], strip[1]), fill=mix(st.color, INK, 0.2),
              width=max(1, round(0.4 * u)))
    draw.line((strip[0], strip[3], strip[2], strip[3]), fill=mix(st.color, INK, 0.2),
              width=max(1, round(0.4 * u)))
    layout.add_box("type", strip)
    kind_icon = "outpost" if card.is_base and card.outpost else card.type
    ic = round(strip_h * 0.78)
    _paste(img, icons.icon_cached(kind_icon, ic), (strip[0] + pad, strip[1] + (strip_h - ic) / 2))
    label_x0 = strip[0] + pad * 2 + ic
    label_x1 = strip[2] - pad
    if card.is_base:
        sw = round(15 * u)
        sh = round(sw * 1.16)
        sx0 = strip[2] - pad - sw
        sy0 = strip[1] + strip_h / 2 - sh * 0.55
        _paste(img, _shield_badge(bool(card.outpost), sw, sh), (sx0, sy0))
        dbox = layout.add_box("defense", (sx0, sy0, sx0 + sw, sy0 + sh))
        fs = round(sw * (0.52 if card.defense < 10 else 0.42))
        num_rect = (dbox[0], dbox[1] + sh * 0.06, dbox[2], dbox[1] + sh * 0.8)
        if card.outpost:
            _centered_text(draw, layout, "defense", num_rect, str(card.defense), font("bold", fs),
                           (255, 255, 255), max(1, round(fs * 0.08)), OUTLINE)
        else:
            _centered_text(draw, layout, "defense", num_rect, str(card.defense), font("bold", fs),
                           (20, 24, 36))
        label_x1 = sx0 - pad
    label = _kind_label(card, lang)
    lbox = layout.add_box("kind", (label_x0, strip[1], label_x1, strip[3]))
    f, lines = tx.fit_block(label, "regular", lbox[2] - lbox[0], lbox[3] - lbox[1], 4.0 * u,
                            2.4 * u, max_lines=1)
    if lines:
        lh = tx.line_height(f)
        _text(draw, layout, "kind", (lbox[0], lbox[1] + (lbox[3] - lbox[1] - lh) / 2), lines[0],
              f, INK_DIM)

    # ---- ability boxes
    heights = [max(fl.height, marker_w if slot != "primary" else 0) + 2 * box_pad
               for fl, (slot, _) in zip(chosen, parts_by_slot, strict=True)]
    room = area - box_gap * max(0, n - 1)
    extra = (room - sum(heights)) / n if n else 0
    if extra < 0:  # nothing fits even at the smallest size: squeeze; text is cut below
        heights = [max(2.0, h * room / sum(heights)) for h in heights]
        extra = 0
    f_regular = font("regular", f_size)

    # first pass: the boxes, and the biggest chips each box has room for
    plans = []  # (slot, parts, flow, box_rect, content_rect)
    y = abil_top
    for (slot, parts), flow, hgt in zip(parts_by_slot, chosen, heights, strict=True):
        box_rect = (content_x0, y, content_x1, max(y + 2, min(bottom, y + hgt + extra)))
        cx0 = box_rect[0] + box_pad + (marker_w + box_pad if slot != "primary" else 0)
        content = (cx0, box_rect[1] + box_pad, box_rect[2] - box_pad, box_rect[3] - box_pad)
        plans.append([slot, parts, flow, box_rect, content])
        y = box_rect[3] + box_gap

    def chip_of(fl: _Flow) -> int:
        return max((op.size for op in fl.ops if op.kind == "chip"), default=0)

    def refit(parts, content, chip_size):
        avail = content[3] - content[1]
        for sd in (True, False):
            fl = _flow(parts, lang, content[2] - content[0], f_size, chip_size, side=sd)
            if fl.fits and fl.height <= avail:
                return fl
        return None

    best: list[int] = []
    for _slot, parts, flow, _box, content in plans:
        base = chip_of(flow)
        if not base:
            continue
        size = base
        for cm in tx.sizes(min(content[3] - content[1], 16 * u), base + 1,
                           step=max(1.0, u * 0.5)):
            if refit(parts, content, cm):
                size = cm
                break
        best.append(size)
    if best:  # one chip size for the whole card, as large as every box allows
        common = min(best)
        for plan in plans:
            if chip_of(plan[2]) and common > chip_of(plan[2]):
                plan[2] = refit(plan[1], plan[4], common) or plan[2]

    # second pass: draw
    for i, (slot, _parts, flow, box_rect, content) in enumerate(plans):
        marked = card_text.slot_factions(card, slot) or tuple(card.factions)
        pst = palette.style(marked[0]) if slot == "upgrade_ally" and marked else st
        fill, edge = _panel_colors(slot, pst)
        bx0, by0 = int(box_rect[0]), int(box_rect[1])
        panel = Image.new("RGBA", (int(box_rect[2]) - bx0 + 1, int(box_rect[3]) - by0 + 1),
                          (0, 0, 0, 0))
        pdraw = ImageDraw.Draw(panel)
        local = (box_rect[0] - bx0, box_rect[1] - by0, box_rect[2] - bx0, box_rect[3] - by0)
        shapes.rounded_rect(pdraw, local, 2.2 * u, fill=fill, outline=edge,
                            width=max(1, round(0.45 * u)))
        if slot == "upgrade_ally":
            _sticker_cue(pdraw, local, u, pst)
        img.alpha_composite(panel, (bx0, by0))
        layout.add_box(f"ability:{i}:{slot}", box_rect)
        if slot == "upgrade_ally":
            fold = STICKER_FOLD * u
            layout.add_box(f"sticker:{i}", (box_rect[0], box_rect[1], box_rect[0] + fold,
                                            box_rect[1] + fold))
        if slot != "primary":
            cx0 = box_rect[0] + box_pad
            mrect = (cx0, box_rect[1] + box_pad, cx0 + marker_w, box_rect[3] - box_pad)
            _marker_draw(img, layout, slot, marked, mrect)
            sep_x = cx0 + marker_w + box_pad / 2
            draw.line((sep_x, box_rect[1] + box_pad, sep_x, box_rect[3] - box_pad),
                      fill=(*edge, 120), width=1)
        cname = f"content:{i}:{slot}"
        layout.add_box(cname, content)
        avail_h = content[3] - content[1]
        oy = content[1] + max(0.0, (avail_h - flow.height) / 2)
        lines_in = [op for op in flow.ops if op.kind in ("line", "word")
                    and oy + op.y + tx.line_height(font(op.style, op.size)) <= content[3] + 0.5]
        cut = len(lines_in) < sum(1 for op in flow.ops if op.kind in ("line", "word"))
        for op in flow.ops:
            ox, yy = content[0] + op.x, oy + op.y
            if op.kind == "chip":
                if yy + op.size <= content[3] + 0.5:
                    _chip(img, draw, layout, cname, ox, yy, op.size, op.text, op.name)
            elif op.kind == "icon":
                if yy + op.size <= content[3] + 0.5:
                    _paste(img, icons.icon_cached(op.name, op.size), (ox, yy))
            else:
                fo = font(op.style, op.size) if op.style != "regular" else f_regular
                if yy + tx.line_height(fo) > content[3] + 0.5:
                    continue  # never draw outside the box (only when nothing fits at all)
                line = op.text
                if cut and op is lines_in[-1]:  # the last line that fits says "more..."
                    line = tx.ellipsize(line + tx.ELLIPSIS, fo, content[2] - ox)
                if ox + tx.width_of(line, fo) > content[2]:
                    line = tx.ellipsize(line, fo, content[2] - ox)
                _text(draw, layout, cname, (ox, yy), line, fo, INK)

    # round the corners
    alpha = _corner_mask(W, H, 4.2 * u)
    img.putalpha(alpha)
    return img, layout


# ---------------------------------------------------------------- back


@lru_cache(maxsize=16)
def _back(W: int) -> Image.Image:
    H = round(W * CARD_RATIO)
    u = W / 100.0
    rng_img = Image.new("RGB", (W, H))
    rng_img.paste(illustration._gradient(W, H, (14, 20, 48), (4, 6, 16)))
    import random

    rng = random.Random(illustration.seed_of("card-back"))
    illustration._nebula(rng_img, rng, [(40, 60, 140), (90, 40, 120)], 0.45)
    illustration._stars(rng_img, rng)
    img = rng_img.convert("RGBA")

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        cx, cy = W * s / 2, H * s / 2
        k = u * s
        d.rounded_rectangle((0, 0, W * s - 1, H * s - 1), radius=5 * k, outline=(200, 206, 224),
                            width=round(2.4 * k))
        d.rounded_rectangle((4 * k, 4 * k, W * s - 4 * k, H * s - 4 * k), radius=3 * k,
                            outline=(120, 130, 170), width=max(1, round(0.6 * k)))
        for r, wdt, col in ((40, 1.2, (120, 140, 200)), (33, 0.6, (90, 110, 170)),
                            (24, 1.6, (200, 206, 224))):
            d.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), outline=col,
                      width=max(1, round(wdt * k)))
        d.polygon(shapes.star(cx, cy, 22 * k, 5 * k, 4, rotation=-90), fill=(226, 230, 244))
        d.polygon(shapes.star(cx, cy, 13 * k, 4 * k, 4, rotation=-45), fill=(150, 160, 196))
        d.ellipse((cx - 3 * k, cy - 3 * k, cx + 3 * k, cy + 3 * k), fill=(14, 20, 48))
        for i, fac in enumerate(palette.CLASSIC_ORDER):
            ang = [(-1, 0), (0, -1), (1, 0), (0, 1)][i]
            ex, ey = cx + ang[0] * 33 * k, cy + ang[1] * 33 * k
            palette.draw_emblem(d, fac, ex, ey, 6.5 * k)
        for sy in (-1, 1):  # corner flourishes
            for sx in (-1, 1):
                px, py = cx + sx * 38 * k, cy + sy * 58 * k
                d.polygon(shapes.star(px, py, 5 * k, 1.4 * k, 4), fill=(160, 170, 210))

    over = shapes.supersampled((W, H), paint, scale=2)
    img.alpha_composite(over)
    img.putalpha(_corner_mask(W, H, 4.2 * u))
    return img


def render_back(width: int) -> Image.Image:
    """The card back (language independent), RGBA ``width`` × round(width × CARD_RATIO)."""
    with RENDER_LOCK:
        width = max(1, int(width))
        if width >= MIN_LAYOUT_WIDTH:
            return _back(width).copy()
        return _back(MIN_LAYOUT_WIDTH).resize((width, round(width * CARD_RATIO)),
                                              Image.Resampling.LANCZOS)


# ---------------------------------------------------------------- big cards


@dataclass(frozen=True, slots=True)
class BigCardSpec:
    """A landscape adventure or boss card.  ``stats`` are (i18n label key, value)."""

    id: str
    title_en: str
    title_ru: str
    subtitle_en: str = ""
    subtitle_ru: str = ""
    body_en: str = ""
    body_ru: str = ""
    stats: tuple[tuple[str, Any], ...] = ()
    faction: str | None = None
    kind: str = "adventure"  # "adventure" | "boss": which label the card carries

    def title(self, lang: str) -> str:
        return self.title_ru if lang == "ru" else self.title_en

    def subtitle(self, lang: str) -> str:
        return self.subtitle_ru if lang == "ru" else self.subtitle_en

    def body(self, lang: str) -> str:
        return self.body_ru if lang == "ru" else self.body_en


def render_big_card(spec: BigCardSpec, lang: str, width: int) -> Image.Image:
    """A landscape card: ``width`` × round(width × BIG_RATIO)."""
    return render_big_card_with_layout(spec, lang, width)[0]


def render_big_card_with_layout(spec: BigCardSpec, lang: str,
                                width: int) -> tuple[Image.Image, Layout]:
    width = max(1, int(width))
    with RENDER_LOCK:
        if width >= 2 * MIN_LAYOUT_WIDTH:
            return _render_big(spec, lang, width)
        img, layout = _render_big(spec, lang, 2 * MIN_LAYOUT_WIDTH)
        return _scaled(img, layout, width, round(width * BIG_RATIO))


def _render_big(spec: BigCardSpec, lang: str, W: int) -> tuple[Image.Image, Layout]:
    from game import i18n

    H = round(W * BIG_RATIO)
    u = H / 100.0
    layout = Layout(W, H)
    st = palette.style(spec.faction)
    img = _frame_fill(W, H, [st])
    fw = max(2, round(2.4 * u))
    inner = (fw, fw, W - fw, H - fw)
    img.paste(_gradient(inner[2] - inner[0], inner[3] - inner[1],
                                     mix(SPACE, st.dark, 0.4), mix(SPACE, (4, 6, 14), 0.5)),
              (inner[0], inner[1]))
    draw = ImageDraw.Draw(img)
    layout.add_box("frame", (0, 0, W, H))
    pad = max(2, round(2.2 * u))

    # art on the left
    art_w = round((inner[2] - inner[0]) * 0.42)
    art = (inner[0], inner[1], inner[0] + art_w, inner[3])
    kind = "base" if spec.kind == "boss" else "ship"
    factions = (spec.faction,) if spec.faction else ()
    img.paste(illustration.render_art(spec.id, factions, kind, 8, art[2] - art[0], art[3] - art[1]),
              (art[0], art[1]))
    draw.line((art[2], art[1], art[2], art[3]), fill=mix(st.color, INK, 0.3),
              width=max(1, round(0.6 * u)))
    layout.add_box("art", art)
    label = i18n.t(f"card_text.big.{spec.kind}", lang)
    lf = font("bold", max(4, round(4.2 * u)))
    lb = draw.textbbox((0, 0), label, font=lf, anchor="la")
    lw, lh_ = lb[2] - lb[0] + 2 * pad, lb[3] - lb[1] + pad
    tag = (art[0] + pad, art[1] + pad, art[0] + pad + lw, art[1] + pad + lh_)
    draw.rounded_rectangle(tag, radius=pad / 2, fill=mix(st.dark, SPACE, 0.3),
                           outline=st.color, width=max(1, round(0.4 * u)))
    layout.add_box("tag", tag)
    _centered_text(draw, layout, "tag", tag, label, lf, INK)

    # text column
    x0, x1 = art[2] + pad * 1.5, inner[2] - pad * 1.5
    y = inner[1] + pad
    tw = x1 - x0
    emb = round(10 * u)
    if spec.faction:
        _paste(img, _emblem_cached(spec.faction, emb), (x1 - emb, y))
        layout.emblems.append((round(x1 - emb), round(y), round(x1), round(y + emb)))
    title_box = layout.add_box("title", (x0, y, x1 - (emb + pad if spec.faction else 0),
                                         y + 18 * u))
    f, lines = tx.fit_block(spec.title(lang), "bold", title_box[2] - title_box[0],
                            title_box[3] - title_box[1], 9 * u, 3 * u, max_lines=2, leading=0.95)
    ty = title_box[1]
    for line in lines:
        _text(draw, layout, "title", (title_box[0], ty), line, f, INK)
        ty += tx.line_height(f) * 0.95
    y = ty + pad * 0.5
    sub = spec.subtitle(lang)
    if sub:
        sbox = layout.add_box("subtitle", (x0, y, x1, y + 9 * u))
        f, lines = tx.fit_block(sub, "italic", tw, sbox[3] - sbox[1], 4.8 * u, 2.5 * u,
                                max_lines=2)
        for line in lines:
            _text(draw, layout, "subtitle", (x0, y), line, f, mix(st.light, INK, 0.5))
            y += tx.line_height(f)
        y += pad * 0.5
    draw.line((x0, y, x1, y), fill=mix(st.color, INK, 0.3), width=max(1, round(0.4 * u)))
    y += pad

    # stats row at the bottom
    stats_h = round(13 * u) if spec.stats else 0
    body_bottom = inner[3] - pad - (stats_h + pad if spec.stats else 0)
    body = layout.add_box("body", (x0, y, x1, body_bottom))
    text = spec.body(lang)
    if text and body[3] - body[1] > 4:
        f, lines = tx.fit_block(text, "regular", tw, body[3] - body[1], 4.6 * u, 2.0 * u)
        lh = tx.line_height(f)
        for line in lines:
            _text(draw, layout, "body", (x0, y), line, f, INK)
            y += lh
    if spec.stats:
        n = len(spec.stats)
        sy0 = inner[3] - pad - stats_h
        cell = (tw - pad * (n - 1)) / n
        for i, (key, value) in enumerate(spec.stats):
            cx0 = x0 + i * (cell + pad)
            cell_box = (cx0, sy0, cx0 + cell, sy0 + stats_h)
            draw.rounded_rectangle(cell_box, radius=pad, fill=mix(st.dark, SPACE, 0.3),
                                   outline=mix(st.color, INK, 0.2), width=max(1, round(0.4 * u)))
            name = f"stat:{i}"
            layout.add_box(name, cell_box)
            inner_cell = (cell_box[0] + pad / 2, cell_box[1] + pad / 3, cell_box[2] - pad / 2,
                          cell_box[3] - pad / 3)
            half = (inner_cell[3] - inner_cell[1]) * 0.42
            f, lines = tx.fit_block(i18n.t(key, lang), "regular", inner_cell[2] - inner_cell[0],
                                    half, 3.6 * u, 1.5 * u, max_lines=1)
            if lines:
                _centered_text(draw, layout, name, (inner_cell[0], inner_cell[1], inner_cell[2],
                                                    inner_cell[1] + half), lines[0], f, INK_DIM)
            vf, vlines = tx.fit_block(str(value), "bold", inner_cell[2] - inner_cell[0],
                                      inner_cell[3] - inner_cell[1] - half, 6.5 * u, 1.5 * u,
                                      max_lines=1)
            if vlines:
                _centered_text(draw, layout, name, (inner_cell[0], inner_cell[1] + half,
                                                    inner_cell[2], inner_cell[3]), vlines[0], vf,
                               INK)
    img.putalpha(_corner_mask(W, H, 3.5 * u))
    return img, layout


def render_placeholder(width: int, faction: str | None = None) -> Image.Image:
    """A plain frame in the faction colour, shown while the real face renders."""
    W = max(1, int(width))
    H = round(W * CARD_RATIO)
    u = W / 100.0
    st = palette.style(faction)
    img = Image.new("RGBA", (W, H), (*st.color, 255))
    fw = max(2, round(2.4 * u))
    if W - 2 * fw > 1 and H - 2 * fw > 1:
        ImageDraw.Draw(img).rectangle((fw, fw, W - fw - 1, H - fw - 1),
                                      fill=mix(SPACE, st.dark, 0.4))
    img.putalpha(_corner_mask(W, H, 4.2 * u))
    return img
