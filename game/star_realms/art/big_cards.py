"""Landscape adventure and boss cards (``BIG_RATIO`` = 63/88): the illustration on the
left with the card's label on it, then the title, subtitle, body text (shrunk to fit)
and a row of stat cells at the bottom."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from game.star_realms.art import illustration, palette
from game.star_realms.art import text as tx
from game.star_realms.art.face_drawing import (
    MIN_LAYOUT_WIDTH,
    RENDER_LOCK,
    Canvas,
    Layout,
    Rect,
    cached_gradient,
    centered_text,
    corner_mask,
    draw_text,
    emblem,
    frame_fill,
    paste,
    scaled,
)
from game.star_realms.art.fonts import font
from game.star_realms.art.palette import INK, INK_DIM, SPACE
from game.star_realms.art.shapes import mix

BIG_RATIO = 63 / 88  # height / width of a landscape adventure or boss card


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
        return scaled(img, layout, width, round(width * BIG_RATIO))


def _render_big(spec: BigCardSpec, lang: str, W: int) -> tuple[Image.Image, Layout]:
    c = _frame(spec, W)
    art = _art(c, spec, lang)
    # the text column, right of the art
    x0, x1 = art[2] + c.pad * 1.5, c.inner[2] - c.pad * 1.5
    y = _heading(c, spec, lang, x0, x1)
    stats_h = round(13 * c.u) if spec.stats else 0
    _body(c, spec, lang, x0, x1, y, stats_h)
    if spec.stats:
        _stats(c, spec, lang, x0, x1, stats_h)
    c.img.putalpha(corner_mask(W, c.layout.height, 3.5 * c.u))
    return c.img, c.layout


def _frame(spec: BigCardSpec, W: int) -> Canvas:
    """The frame in the faction's colour round a dark background; ``u`` is 1% of the
    height here."""
    H = round(W * BIG_RATIO)
    u = H / 100.0
    layout = Layout(W, H)
    st = palette.style(spec.faction)
    img = frame_fill(W, H, [st])
    fw = max(2, round(2.4 * u))
    inner = (fw, fw, W - fw, H - fw)
    img.paste(cached_gradient(inner[2] - inner[0], inner[3] - inner[1],
                              mix(SPACE, st.dark, 0.4), mix(SPACE, (4, 6, 14), 0.5)),
              (inner[0], inner[1]))
    draw = ImageDraw.Draw(img)
    layout.add_box("frame", (0, 0, W, H))
    return Canvas(img, draw, layout, st, u, inner, max(2, round(2.2 * u)))


def _art(c: Canvas, spec: BigCardSpec, lang: str) -> Rect:
    """The picture on the left (a station for a boss) with the card's label on it."""
    from game import i18n

    inner, u, pad, st, draw = c.inner, c.u, c.pad, c.style, c.draw
    art_w = round((inner[2] - inner[0]) * 0.42)
    art = (inner[0], inner[1], inner[0] + art_w, inner[3])
    kind = "base" if spec.kind == "boss" else "ship"
    factions = (spec.faction,) if spec.faction else ()
    c.img.paste(illustration.render_art(spec.id, factions, kind, 8, art[2] - art[0],
                                        art[3] - art[1]), (art[0], art[1]))
    draw.line((art[2], art[1], art[2], art[3]), fill=mix(st.color, INK, 0.3),
              width=max(1, round(0.6 * u)))
    c.layout.add_box("art", art)
    label = i18n.t(f"card_text.big.{spec.kind}", lang)
    lf = font("bold", max(4, round(4.2 * u)))
    lb = draw.textbbox((0, 0), label, font=lf, anchor="la")
    lw, lh_ = lb[2] - lb[0] + 2 * pad, lb[3] - lb[1] + pad
    tag = (art[0] + pad, art[1] + pad, art[0] + pad + lw, art[1] + pad + lh_)
    draw.rounded_rectangle(tag, radius=pad / 2, fill=mix(st.dark, SPACE, 0.3),
                           outline=st.color, width=max(1, round(0.4 * u)))
    c.layout.add_box("tag", tag)
    centered_text(draw, c.layout, "tag", tag, label, lf, INK)
    return art


def _heading(c: Canvas, spec: BigCardSpec, lang: str, x0: float, x1: float) -> float:
    """The faction emblem, the title (up to two lines), the subtitle and a rule under
    them; returns where the body text starts."""
    u, pad, st, draw, layout = c.u, c.pad, c.style, c.draw, c.layout
    y = c.inner[1] + pad
    tw = x1 - x0
    emb = round(10 * u)
    if spec.faction:
        paste(c.img, emblem(spec.faction, emb), (x1 - emb, y))
        layout.emblems.append((round(x1 - emb), round(y), round(x1), round(y + emb)))
    title_box = layout.add_box("title", (x0, y, x1 - (emb + pad if spec.faction else 0),
                                         y + 18 * u))
    f, lines = tx.fit_block(spec.title(lang), "bold", title_box[2] - title_box[0],
                            title_box[3] - title_box[1], 9 * u, 3 * u, max_lines=2, leading=0.95)
    ty = title_box[1]
    for line in lines:
        draw_text(draw, layout, "title", (title_box[0], ty), line, f, INK)
        ty += tx.line_height(f) * 0.95
    y = ty + pad * 0.5
    sub = spec.subtitle(lang)
    if sub:
        sbox = layout.add_box("subtitle", (x0, y, x1, y + 9 * u))
        f, lines = tx.fit_block(sub, "italic", tw, sbox[3] - sbox[1], 4.8 * u, 2.5 * u,
                                max_lines=2)
        for line in lines:
            draw_text(draw, layout, "subtitle", (x0, y), line, f, mix(st.light, INK, 0.5))
            y += tx.line_height(f)
        y += pad * 0.5
    draw.line((x0, y, x1, y), fill=mix(st.color, INK, 0.3), width=max(1, round(0.4 * u)))
    return y + pad


def _body(c: Canvas, spec: BigCardSpec, lang: str, x0: float, x1: float, y: float,
          stats_h: int) -> None:
    """The rules text between the heading and the stats row, shrunk to fit."""
    pad = c.pad
    body_bottom = c.inner[3] - pad - (stats_h + pad if spec.stats else 0)
    body = c.layout.add_box("body", (x0, y, x1, body_bottom))
    text = spec.body(lang)
    if text and body[3] - body[1] > 4:
        f, lines = tx.fit_block(text, "regular", x1 - x0, body[3] - body[1], 4.6 * c.u,
                                2.0 * c.u)
        lh = tx.line_height(f)
        for line in lines:
            draw_text(c.draw, c.layout, "body", (x0, y), line, f, INK)
            y += lh


def _stats(c: Canvas, spec: BigCardSpec, lang: str, x0: float, x1: float,
           stats_h: int) -> None:
    """A row of cells along the bottom, each a small label over a big value."""
    from game import i18n

    u, pad, st, draw, layout = c.u, c.pad, c.style, c.draw, c.layout
    n = len(spec.stats)
    sy0 = c.inner[3] - pad - stats_h
    cell = (x1 - x0 - pad * (n - 1)) / n
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
            centered_text(draw, layout, name, (inner_cell[0], inner_cell[1], inner_cell[2],
                                               inner_cell[1] + half), lines[0], f, INK_DIM)
        vf, vlines = tx.fit_block(str(value), "bold", inner_cell[2] - inner_cell[0],
                                  inner_cell[3] - inner_cell[1] - half, 6.5 * u, 1.5 * u,
                                  max_lines=1)
        if vlines:
            centered_text(draw, layout, name, (inner_cell[0], inner_cell[1] + half,
                                               inner_cell[2], inner_cell[3]), vlines[0], vf, INK)
