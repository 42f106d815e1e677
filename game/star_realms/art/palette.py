"""Faction colours and emblems, shared by the card faces, the table UI and the log.

Colour-blind safe: every faction differs in three ways at once —

* hue (the printed game's: Blob green, Trade Federation blue, Star Empire yellow,
  Machine Cult red; the campaign's: Consortium violet, Kingdom bronze-orange,
  Scavengers verdigris teal),
* luminance: all seven sit on one ladder, darkest to brightest Consortium, Trade
  Federation, Machine Cult, Kingdom, Blob, Scavengers, Star Empire.  The classic four
  keep their steps of at least 1.4 (WCAG contrast ratio) between neighbours; the
  campaign colours sit in the gaps and at the dark end, so the steps between any two
  neighbours of the seven are only at least 1.25 — enough to tell two side by side,
  not enough on its own in greyscale.  Neighbours on the ladder that share a side of
  the blue–yellow axis (the one hue axis red–green colour blindness keeps: Consortium
  and Trade Federation; Machine Cult, Kingdom and Blob) are told apart by luminance
  and shape, not by hue;
* emblem shape, which therefore carries the identity: Blob a droplet, Machine Cult a
  cog, Star Empire a five-pointed star, Trade Federation a diamond, Consortium a globe
  (a disc with meridian and parallel lines), Kingdom a three-pointed crown, Scavengers
  a hand pointing right, unaligned a hexagon ring.  Every emblem has a dark outline
  and a light inner mark, so it reads on any background and at 16 px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from game.star_realms.art import shapes
from game.star_realms.art.shapes import RGB, Point


@dataclass(frozen=True, slots=True)
class FactionStyle:
    id: str
    color: RGB  # the faction colour (frames, emblems)
    dark: RGB  # shadows, panel tints, outlines
    light: RGB  # highlights, text on dark backgrounds
    shape: str  # emblem shape: droplet | gear | star | diamond | globe | crown | hand | hexagon


FACTION_STYLE: dict[str, FactionStyle] = {
    "blob": FactionStyle("blob", (70, 176, 74), (18, 62, 24), (170, 236, 150), "droplet"),
    "machine_cult": FactionStyle(
        "machine_cult", (214, 58, 48), (86, 16, 14), (255, 170, 150), "gear"),
    "star_empire": FactionStyle(
        "star_empire", (244, 200, 52), (112, 78, 8), (255, 238, 160), "star"),
    "trade_federation": FactionStyle(
        "trade_federation", (30, 84, 190), (10, 28, 74), (150, 190, 255), "diamond"),
    # the legacy campaign's three
    "consortium": FactionStyle(
        "consortium", (96, 32, 172), (36, 10, 72), (214, 186, 255), "globe"),
    "kingdom": FactionStyle("kingdom", (196, 116, 40), (84, 42, 8), (255, 210, 150), "crown"),
    "scavengers": FactionStyle(
        "scavengers", (58, 196, 204), (10, 70, 74), (186, 250, 244), "hand"),
    "unaligned": FactionStyle("unaligned", (150, 156, 170), (52, 56, 66), (222, 226, 234),
                              "hexagon"),
}

# The four factions of the duel boxes (the card back shows their emblems).
CLASSIC_ORDER: tuple[str, ...] = ("blob", "machine_cult", "star_empire", "trade_federation")
# Order used when several factions share a spot (legend, filters): the classic four,
# then the campaign's three.
FACTION_ORDER: tuple[str, ...] = (*CLASSIC_ORDER, "consortium", "kingdom", "scavengers")

OUTLINE = (14, 16, 24)
SPACE = (10, 14, 30)  # the card background / table felt
INK = (236, 238, 244)  # light text
INK_DIM = (176, 184, 204)


def style(faction: str | None) -> FactionStyle:
    return FACTION_STYLE.get(faction or "unaligned", FACTION_STYLE["unaligned"])


def card_styles(factions: tuple[str, ...]) -> list[FactionStyle]:
    """The styles of a card's factions (unaligned if it has none)."""
    return [style(f) for f in factions] or [FACTION_STYLE["unaligned"]]


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 8) -> list[Point]:
    """Points on a circle from angle ``a0`` to ``a1`` (degrees, y down, inclusive)."""
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def _crown(cx: float, cy: float, r: float) -> list[Point]:
    """A three-pointed crown: a band below, a tall middle point, two side points."""
    pts = [(-0.8, 0.62), (-0.94, -0.5), (-0.42, 0.02), (0.0, -0.74), (0.42, 0.02),
           (0.94, -0.5), (0.8, 0.62)]
    return [(cx + x * r, cy + (y + 0.04) * r) for x, y in pts]


def _crown_jewels(cx: float, cy: float, r: float) -> list[tuple[float, float, float]]:
    """The balls on the crown's points: (x, y, radius)."""
    return [(cx + x * r, cy + (y + 0.04) * r, 0.16 * r)
            for x, y in ((-0.94, -0.56), (0.0, -0.8), (0.94, -0.56))]


def _hand(cx: float, cy: float, r: float) -> list[Point]:
    """A hand pointing right (back of the hand, index finger out, the others curled)."""
    dy = -0.1
    pts: list[Point] = [(-0.6, -0.34)]
    pts += _arc(0.76, -0.19, 0.15, -90, 90, 6)  # the finger tip
    pts += _arc(0.1, 0.1, 0.14, -90, 90, 5)  # curled fingers, knuckles out
    pts += _arc(0.06, 0.36, 0.12, -90, 90, 5)
    pts += _arc(0.0, 0.58, 0.1, -90, 90, 4)
    pts += [(-0.5, 0.68), (-0.6, 0.6)]
    return [(cx + x * r, cy + (y + dy) * r) for x, y in pts]


def _cuff(cx: float, cy: float, r: float) -> list[Point]:
    dy = -0.1
    return [(cx + x * r, cy + (y + dy) * r)
            for x, y in ((-0.98, -0.48), (-0.6, -0.48), (-0.6, 0.8), (-0.98, 0.8))]


def emblem_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of an emblem shape of radius ``r`` centred on (cx, cy)."""
    if shape == "droplet":
        return shapes.droplet(cx, cy, r * 0.98)
    if shape == "gear":
        return shapes.gear(cx, cy, r, r * 0.74, 8)
    if shape == "star":
        return shapes.star(cx, cy, r * 1.04, r * 0.45, 5)
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.82, cy), (cx, cy + r), (cx - r * 0.82, cy)]
    if shape == "globe":
        return shapes.regular_polygon(cx, cy, r, 48)
    if shape == "crown":
        return _crown(cx, cy, r)
    if shape == "hand":
        return _hand(cx, cy, r)
    return shapes.regular_polygon(cx, cy, r * 0.95, 6, rotation=-90)


def _outlined(draw: ImageDraw.ImageDraw, pts: list[Point], fill: RGB, width: float) -> None:
    """A polygon with an outline of even ``width`` all round (for concave shapes, where
    growing the polygon from its centre would not give an even edge)."""
    draw.line([*pts, pts[0], pts[1]], fill=OUTLINE, width=max(1, round(width * 2)),
              joint="curve")
    draw.polygon(pts, fill=OUTLINE)
    draw.polygon(pts, fill=fill)


def _dot(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill: RGB) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def draw_emblem(draw: ImageDraw.ImageDraw, faction: str, cx: float, cy: float, r: float) -> None:
    """Draw a faction emblem onto ``draw`` (use on a supersampled canvas)."""
    st = style(faction)
    outline_w = max(1.0, r * 0.16)
    if st.shape in ("crown", "hand"):
        _campaign_emblem(draw, st, cx, cy, r, outline_w)
        return
    pts = emblem_points(st.shape, cx, cy, r)
    draw.polygon(emblem_points(st.shape, cx, cy, r + outline_w * 0.6), fill=OUTLINE)
    draw.polygon(pts, fill=st.color)
    # A light inner mark, different per shape, so the emblem is not a flat blob of colour.
    if st.shape == "gear":
        hole = r * 0.34
        draw.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=OUTLINE)
        hole2 = r * 0.2
        draw.ellipse((cx - hole2, cy - hole2, cx + hole2, cy + hole2), fill=st.light)
    elif st.shape == "droplet":
        hr = r * 0.26
        hx, hy = cx - r * 0.22, cy + r * 0.18
        draw.ellipse((hx - hr, hy - hr, hx + hr, hy + hr), fill=st.light)
    elif st.shape == "star":
        draw.polygon(shapes.star(cx, cy, r * 0.5, r * 0.22, 5), fill=st.light)
    elif st.shape == "diamond":
        ir = r * 0.42
        draw.polygon([(cx, cy - ir), (cx + ir * 0.82, cy), (cx, cy + ir), (cx - ir * 0.82, cy)],
                     fill=st.light)
    elif st.shape == "globe":
        # meridians (an ellipse and the axis) and the equator with two parallels
        lw = max(1, round(r * 0.13))
        thin = max(1, round(r * 0.09))
        gr = r
        mr = gr * 0.46
        draw.ellipse((cx - mr, cy - gr, cx + mr, cy + gr), outline=st.light, width=lw)
        draw.line((cx, cy - gr, cx, cy + gr), fill=st.light, width=lw)
        draw.line((cx - gr, cy, cx + gr, cy), fill=st.light, width=lw)
        for k in (-1, 1):
            y = cy + k * gr * 0.52
            half = gr * math.sqrt(1 - 0.52 ** 2)
            draw.line((cx - half, y, cx + half, y), fill=st.light, width=thin)
        draw.ellipse((cx - gr, cy - gr, cx + gr, cy + gr), outline=OUTLINE,
                     width=max(1, round(r * 0.05)))
    else:
        draw.polygon(shapes.regular_polygon(cx, cy, r * 0.55, 6, rotation=-90), fill=OUTLINE)
        draw.polygon(shapes.regular_polygon(cx, cy, r * 0.3, 6, rotation=-90), fill=st.light)


def _campaign_emblem(draw: ImageDraw.ImageDraw, st: FactionStyle, cx: float, cy: float,
                     r: float, outline_w: float) -> None:
    if st.shape == "crown":
        jewels = _crown_jewels(cx, cy, r)
        for x, y, jr in jewels:  # outlines first, so the outline is one piece
            _dot(draw, x, y, jr + outline_w, OUTLINE)
        _outlined(draw, _crown(cx, cy, r), st.color, outline_w)
        for x, y, jr in jewels:
            _dot(draw, x, y, jr, st.color)
        # inner mark: a light band across the foot, a dark jewel in it
        band = [(cx - 0.68 * r, cy + 0.26 * r), (cx + 0.68 * r, cy + 0.26 * r),
                (cx + 0.66 * r, cy + 0.48 * r), (cx - 0.66 * r, cy + 0.48 * r)]
        draw.polygon(band, fill=st.light)
        _dot(draw, cx, cy + 0.37 * r, 0.1 * r, OUTLINE)
        return
    # hand: the cuff and the hand outlined together, a light cuff and a light nail line
    cuff = _cuff(cx, cy, r)
    hand = _hand(cx, cy, r)
    w = max(1, round(outline_w * 2))
    for pts in (cuff, hand):
        draw.line([*pts, pts[0], pts[1]], fill=OUTLINE, width=w, joint="curve")
        draw.polygon(pts, fill=OUTLINE)
    draw.polygon(hand, fill=st.color)
    draw.polygon(cuff, fill=st.light)
    dy = -0.1 * r
    lw = max(1, round(r * 0.08))
    # the curled fingers' creases and the thumb lying over them
    draw.line((cx - 0.32 * r, cy + 0.22 * r + dy, cx + 0.1 * r, cy + 0.22 * r + dy),
              fill=OUTLINE, width=lw)
    draw.line((cx - 0.24 * r, cy + 0.46 * r + dy, cx + 0.04 * r, cy + 0.46 * r + dy),
              fill=OUTLINE, width=lw)
    draw.line((cx - 0.5 * r, cy - 0.08 * r + dy, cx + 0.5 * r, cy - 0.2 * r + dy),
              fill=st.light, width=max(1, round(r * 0.1)))


@lru_cache(maxsize=256)
def _emblem(faction: str, size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        c = size * s / 2
        draw_emblem(d, faction, c, c, c * 0.86)

    return shapes.supersampled((size, size), paint)


def emblem_image(faction: str, size: int) -> Image.Image:
    """A square RGBA image of the faction's emblem (``"unaligned"`` for none)."""
    if faction not in FACTION_STYLE:
        faction = "unaligned"
    return _emblem(faction, max(4, int(size))).copy()
