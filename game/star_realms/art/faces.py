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

The ability boxes are laid out in :mod:`~game.star_realms.art.ability_flow` and drawn in
:mod:`~game.star_realms.art.ability_boxes`; the landscape adventure and boss cards live
in :mod:`~game.star_realms.art.big_cards`, the shared drawing helpers in
:mod:`~game.star_realms.art.face_drawing`.  Everything callers use is importable from
here.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from game.star_realms import card_text
from game.star_realms.art import icons, illustration, palette, shapes
from game.star_realms.art import text as tx
from game.star_realms.art.ability_boxes import (
    STICKER_FOLD,
    AbilityArea,
    BoxMetrics,
    draw_ability_boxes,
    fit_abilities,
)
from game.star_realms.art.big_cards import (
    BIG_RATIO,
    BigCardSpec,
    render_big_card,
    render_big_card_with_layout,
)
from game.star_realms.art.face_drawing import (
    MIN_LAYOUT_WIDTH,
    RENDER_LOCK,
    Canvas,
    Layout,
    Rect,
    TextItem,
    cached_gradient,
    centered_text,
    corner_mask,
    draw_fine_text,
    emblem,
    frame_fill,
    paste,
    scaled,
)
from game.star_realms.art.fonts import font
from game.star_realms.art.illustration import backdrop
from game.star_realms.art.palette import INK, INK_DIM, OUTLINE, SPACE
from game.star_realms.art.shapes import mix

__all__ = [
    "BIG_RATIO",
    "CARD_RATIO",
    "MIN_LAYOUT_WIDTH",
    "RENDERER_VERSION",
    "RENDER_LOCK",
    "STICKER_FOLD",
    "BigCardSpec",
    "Layout",
    "TextItem",
    "render_back",
    "render_big_card",
    "render_big_card_with_layout",
    "render_face",
    "render_face_with_layout",
    "render_placeholder",
]

CARD_RATIO = 88 / 63
RENDERER_VERSION = 4  # bump when the look changes: the disk cache keys include it


def render_face_with_layout(card: Any, lang: str, width: int) -> tuple[Image.Image, Layout]:
    """The face of ``card`` in ``lang`` at ``width`` pixels, and where everything went."""
    width = max(1, int(width))
    with RENDER_LOCK:
        if width >= MIN_LAYOUT_WIDTH:
            return _render_face(card, lang, width)
        # thumbnails: lay out at the smallest sensible size, then scale everything down
        img, layout = _render_face(card, lang, MIN_LAYOUT_WIDTH)
        return scaled(img, layout, width, round(width * CARD_RATIO))


def render_face(card: Any, lang: str, width: int) -> Image.Image:
    """The face of ``card`` as an RGBA image ``width`` × round(width × CARD_RATIO)."""
    return render_face_with_layout(card, lang, width)[0]


def _render_face(card: Any, lang: str, W: int) -> tuple[Image.Image, Layout]:
    c = _frame(card, W)
    title = _title_bar(c)
    name_x0 = _title_emblems(c, card, title)
    name_x1 = _cost_coin(c, card, title)
    _name(c, card, lang, (name_x0, title[1] + 1, name_x1, title[3] - 1))
    # the abilities choose their font size first; the picture takes what room is left
    strip_h = round(7.5 * c.u)
    area = _fit_abilities(c, card, lang, title[3], strip_h)
    c.layout.ability_font = area.font_size
    art = _art_box(c, card, title[3], area.top - strip_h - c.pad)
    _type_strip(c, card, lang, art[3], strip_h)
    draw_ability_boxes(c, card, lang, area)
    c.img.putalpha(corner_mask(W, c.layout.height, 4.2 * c.u))
    return c.img, c.layout


# ---------------------------------------------------------------- the steps, top to bottom


def _frame(card: Any, W: int) -> Canvas:
    """The frame in the faction colour (two blended for a two-faction card) round a dark
    background tinted by the faction."""
    H = round(W * CARD_RATIO)
    u = W / 100.0
    layout = Layout(W, H)
    styles = palette.card_styles(tuple(card.factions))
    st = styles[0]
    img = frame_fill(W, H, styles)
    fw = max(2, round(2.4 * u))
    inner = (fw, fw, W - fw, H - fw)
    bg = cached_gradient(inner[2] - inner[0], inner[3] - inner[1],
                         mix(SPACE, st.dark, 0.35), mix(SPACE, (4, 6, 14), 0.5))
    img.paste(bg, (inner[0], inner[1]))
    draw = ImageDraw.Draw(img)
    draw.rectangle(inner, outline=OUTLINE, width=max(1, round(u * 0.4)))
    layout.add_box("frame", (0, 0, W, H))
    layout.add_box("inner", inner)
    return Canvas(img, draw, layout, st, u, inner, max(2, round(1.6 * u)))


def _title_bar(c: Canvas) -> Rect:
    """The band across the top that holds the emblems, the name and the cost."""
    inner, u, st = c.inner, c.u, c.style
    title_h = round(14.5 * u)
    title = (inner[0], inner[1], inner[2], inner[1] + title_h)
    tb = cached_gradient(title[2] - title[0], title_h, mix(st.dark, SPACE, 0.2),
                         mix(st.dark, SPACE, 0.55))
    c.img.paste(tb, (title[0], title[1]))
    c.draw.line((title[0], title[3], title[2], title[3]), fill=mix(st.color, INK, 0.2),
                width=max(1, round(0.5 * u)))
    c.layout.add_box("title", title)
    return title


def _title_emblems(c: Canvas, card: Any, title: Rect) -> float:
    """The faction emblems at the left of the title bar (none on Scout and Viper);
    returns where the name may start."""
    u, pad, layout = c.u, c.pad, c.layout
    title_h = title[3] - title[1]
    n_f = max(1, len(card.factions))
    em = round((10.5 if n_f == 1 else 9.0) * u)
    ex = title[0] + pad
    ey = title[1] + (title_h - em) / 2
    for fac in card.factions or ("unaligned",):
        if not card.factions and card.role == "starter":
            break
        paste(c.img, emblem(fac, em), (ex, ey))
        layout.emblems.append((round(ex), round(ey), round(ex + em), round(ey + em)))
        layout.emblem_factions.append(fac)
        ex += em - round(0.5 * u) if n_f > 1 else em  # two emblems overlap a little
    return ex + pad if layout.emblems else title[0] + pad * 1.5


def _cost_coin(c: Canvas, card: Any, title: Rect) -> float:
    """The cost coin at the right of the title bar (none on Scout and Viper, nor on an
    event, a mission or a gambit, which are never bought); returns where the name must end."""
    u, pad = c.u, c.pad
    title_h = title[3] - title[1]
    coin = round(12.5 * u)
    if card.role == "starter" or card.is_event or card.is_dealt:
        return title[2] - pad
    cx0 = title[2] - pad - coin
    cy0 = title[1] + (title_h - coin) / 2
    paste(c.img, icons.icon_cached("trade", coin), (cx0, cy0))
    box = c.layout.add_box("cost", (cx0, cy0, cx0 + coin, cy0 + coin))
    fs = round(coin * (0.56 if card.cost < 10 else 0.46))
    centered_text(c.draw, c.layout, "cost", box, str(card.cost), font("bold", fs), (40, 26, 0))
    return cx0 - pad


def _name(c: Canvas, card: Any, lang: str, rect: tuple[float, float, float, float]) -> None:
    """The card's name, centred vertically in ``rect``: on one line if a readable size
    fits, else smaller on two."""
    from game import i18n

    u = c.u
    name = i18n.card_name(card, lang)
    name_box = c.layout.add_box("name", rect)
    nb_w, nb_h = name_box[2] - name_box[0], name_box[3] - name_box[1]
    f, lines = tx.fit_block(name, "bold", nb_w, nb_h, 6.4 * u, 4.4 * u, max_lines=1)
    if len(lines) != 1 or lines[0] != name:
        f, lines = tx.fit_block(name, "bold", nb_w, nb_h, 5.4 * u, 2.5 * u, max_lines=2,
                                leading=0.92)
    lh = tx.line_height(f) * (0.92 if len(lines) > 1 else 1.0)
    ty = name_box[1] + (nb_h - lh * len(lines)) / 2
    for line in lines:
        draw_fine_text(c.img, c.layout, "name", (name_box[0], ty), line, f, INK)
        ty += lh


def _fit_abilities(c: Canvas, card: Any, lang: str, art_top: int,
                   strip_h: int) -> AbilityArea:
    """The ability boxes' font size and room: at least what is left below a picture of
    the usual height, at most what is left below the smallest picture allowed."""
    u, pad = c.u, c.pad
    bottom = c.inner[3] - pad
    art_default = round(52 * u)
    # a United hero prints two halves (acquire and scrap): its portrait may give way more
    art_min = round((12 if getattr(card, "type", "") == "hero" else 34) * u)
    area_default = bottom - (art_top + art_default + strip_h + pad)
    area_max = bottom - (art_top + art_min + strip_h + pad)
    return fit_abilities(card, lang, BoxMetrics.for_face(c.inner, pad, u), bottom,
                         area_default, area_max, u)


def _art_box(c: Canvas, card: Any, top: int, bottom: float) -> tuple[int, int, int, float]:
    """The illustration between the title bar and the type strip, with the upgrade star
    on an upgraded card."""
    u, pad = c.u, c.pad
    art = (c.inner[0], top, c.inner[2], bottom)
    aw, ah = art[2] - art[0], art[3] - art[1]
    if aw > 4 and ah > 4:
        c.img.paste(illustration.card_art(card, aw, ah), (art[0], art[1]))
    c.layout.add_box("art", art)
    if card.upgrade:
        up = round(8 * u)
        paste(c.img, icons.icon_cached("upgrade", up), (art[0] + pad, art[1] + pad))
        c.layout.add_box("upgrade", (art[0] + pad, art[1] + pad, art[0] + pad + up,
                                     art[1] + pad + up))
    return art


def _type_strip(c: Canvas, card: Any, lang: str, top: float, strip_h: int) -> None:
    """The strip under the picture: the kind icon, the kind and faction names and, for a
    base, its defense shield."""
    u, pad, st, draw = c.u, c.pad, c.style, c.draw
    strip = (c.inner[0], top, c.inner[2], top + strip_h)
    draw.rectangle(strip, fill=mix(st.dark, SPACE, 0.45))
    draw.line((strip[0], strip[1], strip[2], strip[1]), fill=mix(st.color, INK, 0.2),
              width=max(1, round(0.4 * u)))
    draw.line((strip[0], strip[3], strip[2], strip[3]), fill=mix(st.color, INK, 0.2),
              width=max(1, round(0.4 * u)))
    c.layout.add_box("type", strip)
    kind_icon = "outpost" if card.is_base and card.outpost else card.type
    ic = round(strip_h * 0.78)
    paste(c.img, icons.icon_cached(kind_icon, ic), (strip[0] + pad, strip[1] + (strip_h - ic) / 2))
    label_x0 = strip[0] + pad * 2 + ic
    label_x1 = strip[2] - pad
    if card.is_base:
        label_x1 = _defense_shield(c, card, strip, strip_h) - pad
    label = _kind_label(card, lang)
    lbox = c.layout.add_box("kind", (label_x0, strip[1], label_x1, strip[3]))
    f, lines = tx.fit_block(label, "regular", lbox[2] - lbox[0], lbox[3] - lbox[1], 4.0 * u,
                            2.4 * u, max_lines=1)
    if lines:
        lh = tx.line_height(f)
        draw_fine_text(c.img, c.layout, "kind",
                       (lbox[0], lbox[1] + (lbox[3] - lbox[1] - lh) / 2), lines[0], f, INK_DIM)


def _defense_shield(c: Canvas, card: Any, strip: tuple[int, float, int, float],
                    strip_h: int) -> float:
    """A base's defense on a shield at the right of the type strip (crenellated and dark
    for an outpost); returns the shield's left edge."""
    pad = c.pad
    sw = round(15 * c.u)
    sh = round(sw * 1.16)
    sx0 = strip[2] - pad - sw
    sy0 = strip[1] + strip_h / 2 - sh * 0.55
    paste(c.img, _shield_badge(bool(card.outpost), sw, sh), (sx0, sy0))
    dbox = c.layout.add_box("defense", (sx0, sy0, sx0 + sw, sy0 + sh))
    fs = round(sw * (0.52 if card.defense < 10 else 0.42))
    num_rect = (dbox[0], dbox[1] + sh * 0.06, dbox[2], dbox[1] + sh * 0.8)
    if card.outpost:
        centered_text(c.draw, c.layout, "defense", num_rect, str(card.defense), font("bold", fs),
                      (255, 255, 255), max(1, round(fs * 0.08)), OUTLINE)
    else:
        centered_text(c.draw, c.layout, "defense", num_rect, str(card.defense), font("bold", fs),
                      (20, 24, 36))
    return sx0


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


def _kind_label(card: Any, lang: str) -> str:
    from game import i18n

    kind = "outpost" if card.is_base and card.outpost else card.type
    label = i18n.t(f"kind.{kind}", lang)
    if card.factions:
        names = " / ".join(card_text.faction_name(f, lang) for f in card.factions)
        label = f"{label} · {names}"
    return label


# ---------------------------------------------------------------- back and placeholder


@lru_cache(maxsize=16)
def _back(W: int) -> Image.Image:
    H = round(W * CARD_RATIO)
    u = W / 100.0
    rng_img = Image.new("RGB", (W, H))
    rng_img.paste(backdrop.gradient(W, H, (14, 20, 48), (4, 6, 16)))
    rng = random.Random(backdrop.seed_of("card-back"))
    backdrop.nebula(rng_img, rng, [(40, 60, 140), (90, 40, 120)], 0.45)
    backdrop.stars(rng_img, rng)
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
    img.putalpha(corner_mask(W, H, 4.2 * u))
    return img


def render_back(width: int) -> Image.Image:
    """The card back (language independent), RGBA ``width`` × round(width × CARD_RATIO)."""
    with RENDER_LOCK:
        width = max(1, int(width))
        if width >= MIN_LAYOUT_WIDTH:
            return _back(width).copy()
        return _back(MIN_LAYOUT_WIDTH).resize((width, round(width * CARD_RATIO)),
                                              Image.Resampling.LANCZOS)


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
    img.putalpha(corner_mask(W, H, 4.2 * u))
    return img
