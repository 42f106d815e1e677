"""What every card face (portrait or landscape) is drawn with: the :class:`Layout` that
records where everything went, text drawn and measured into it, the frame fill, rounded
corners, cached emblems, and scaling a laid-out face down to a thumbnail."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from game.star_realms.art import palette, shapes
from game.star_realms.art.fonts import Font
from game.star_realms.art.illustration import backdrop
from game.star_realms.art.shapes import RGB

MIN_LAYOUT_WIDTH = 48  # narrower faces are laid out at this width and scaled down

# Pillow objects (fonts especially) are not meant to be shared between threads while
# drawing; the background pre-render and the UI thread take turns.
RENDER_LOCK = threading.RLock()

Rect = tuple[int, int, int, int]
Box = tuple[float, float, float, float]  # a rectangle before rounding to pixels


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

    def add_box(self, name: str, rect: Box) -> Rect:
        r = (round(rect[0]), round(rect[1]), round(rect[2]), round(rect[3]))
        self.boxes[name] = r
        return r

    def texts_in(self, box: str) -> list[TextItem]:
        return [t for t in self.texts if t.box == box]


@dataclass(slots=True)
class Canvas:
    """A face being drawn: the image, a draw handle on it, the layout being recorded,
    the faction style it is drawn in and the sizes every part is measured by."""

    img: Image.Image
    draw: ImageDraw.ImageDraw
    layout: Layout
    style: palette.FactionStyle
    u: float  # one percent of the face's width (of its height for a landscape card)
    inner: Rect  # inside the coloured frame
    pad: int  # the usual gap between parts


def draw_text(draw: ImageDraw.ImageDraw, layout: Layout | None, box: str,
              xy: tuple[float, float], line: str, f: Font, fill: Any, stroke: int = 0,
              stroke_fill: Any = None) -> Rect:
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


FINE_SCALE = 4  # small text is drawn this much larger and scaled down
FINE_BELOW = 18  # ... below this size in pixels


@lru_cache(maxsize=64)
def _larger(f: Font, factor: int) -> Font:
    return f.font_variant(size=f.size * factor)


def draw_fine_text(img: Image.Image, layout: Layout | None, box: str,
                   xy: tuple[float, float], line: str, f: Font, fill: Any) -> Rect:
    """Like :func:`draw_text`, but small text keeps even letter spacing: at a few pixels
    the hinted advance of each letter is rounded up ("Р а з в е д ч и к"), so the
    line is drawn four times larger and scaled down (a card's title at table size)."""
    draw = ImageDraw.Draw(img)
    if f.size >= FINE_BELOW or not line:
        return draw_text(draw, layout, box, xy, line, f, fill)
    k = FINE_SCALE
    big = _larger(f, k)
    x0, y0, x1, y1 = big.getbbox(line, anchor="la")
    w, h = -(-(x1 - x0) // k), -(-(y1 - y0) // k)
    mask = Image.new("L", (w * k, h * k), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), line, font=big, fill=255, anchor="la")
    mask = mask.resize((w, h), Image.Resampling.BOX)
    x, y = round(xy[0] + x0 / k), round(xy[1] + y0 / k)
    rect = layout.boxes.get(box) if layout is not None else None
    if rect is not None:  # nudge a pixel of side bearing back inside the box
        x += max(0, rect[0] - x) - max(0, x + w - rect[2])
        y += max(0, rect[1] - y) - max(0, y + h - rect[3])
        if w > rect[2] - rect[0] or h > rect[3] - rect[1]:
            # a hair too wide at thumbnail size: the hinted line may still fit
            return draw_text(draw, layout, box, xy, line, f, fill)
    img.paste(Image.new(img.mode, (w, h), fill), (x, y), mask)
    bbox = (x, y, x + w, y + h)
    if layout is not None:
        layout.texts.append(TextItem(box, line, bbox, f.size))
    return bbox


def centered_text(draw: ImageDraw.ImageDraw, layout: Layout | None, box: str, rect: Box,
                  line: str, f: Font, fill: Any, stroke: int = 0,
                  stroke_fill: Any = None) -> Rect:
    """One line centred in ``rect`` by its measured ink box."""
    x0, y0, x1, y1 = draw.textbbox((0, 0), line, font=f, anchor="la", stroke_width=stroke)
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    return draw_text(draw, layout, box, (cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), line, f,
                     fill, stroke, stroke_fill)


@lru_cache(maxsize=128)
def cached_gradient(w: int, h: int, top: RGB, bottom: RGB) -> Image.Image:
    """A vertical gradient; the same few bands recur on every face."""
    return backdrop.gradient(w, h, top, bottom)


def paste(img: Image.Image, part: Image.Image, xy: tuple[float, float]) -> None:
    """Composite ``part`` (RGBA) onto ``img`` at ``xy`` rounded to pixels."""
    img.alpha_composite(part, (round(xy[0]), round(xy[1])))


@lru_cache(maxsize=64)
def corner_mask(w: int, h: int, r: float) -> Image.Image:
    """The alpha channel of a card with corners rounded by ``r`` pixels."""
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        shapes.rounded_rect(d, (0, 0, w * s - 1, h * s - 1), r * s, fill=(255, 255, 255, 255))

    return shapes.supersampled((w, h), paint, scale=3).getchannel("A")


def frame_fill(w: int, h: int, styles: list[palette.FactionStyle]) -> Image.Image:
    """A new RGBA image in the frame colour: one faction, or a left-to-right blend of two."""
    if len(styles) == 1:
        return Image.new("RGBA", (w, h), (*styles[0].color, 255))
    row = Image.new("RGBA", (len(styles) * 2, 1))
    row.putdata([(*s.color, 255) for s in styles for _ in (0, 1)])
    return row.resize((w, h), Image.Resampling.BILINEAR)


@lru_cache(maxsize=128)
def emblem(faction: str, size: int) -> Image.Image:
    return palette.emblem_image(faction, size)


def scaled(img: Image.Image, layout: Layout, w: int, h: int) -> tuple[Image.Image, Layout]:
    """A face laid out at a larger size, and its layout, scaled down to ``w`` × ``h``."""
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
