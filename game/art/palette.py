"""Faction colours and emblems, shared by the card faces, the table UI and the log.

Colour-blind safe: every faction differs in three ways at once —

* hue (the printed game's: Blob green, Trade Federation blue, Star Empire yellow,
  Machine Cult red),
* luminance (Star Empire brightest, then Blob, Machine Cult, Trade Federation darkest:
  the order survives any form of colour blindness and greyscale printing),
* emblem shape (Blob a droplet, Machine Cult a cog, Star Empire a five-pointed star,
  Trade Federation a diamond, unaligned a hexagon ring), drawn with a dark outline
  and a light inner mark so it reads on any background.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from game.art import shapes
from game.art.shapes import RGB


@dataclass(frozen=True, slots=True)
class FactionStyle:
    id: str
    color: RGB  # the faction colour (frames, emblems)
    dark: RGB  # shadows, panel tints, outlines
    light: RGB  # highlights, text on dark backgrounds
    shape: str  # emblem shape: droplet | gear | star | diamond | hexagon


FACTION_STYLE: dict[str, FactionStyle] = {
    "blob": FactionStyle("blob", (70, 176, 74), (18, 62, 24), (170, 236, 150), "droplet"),
    "machine_cult": FactionStyle(
        "machine_cult", (214, 58, 48), (86, 16, 14), (255, 170, 150), "gear"),
    "star_empire": FactionStyle(
        "star_empire", (244, 200, 52), (112, 78, 8), (255, 238, 160), "star"),
    "trade_federation": FactionStyle(
        "trade_federation", (30, 84, 190), (10, 28, 74), (150, 190, 255), "diamond"),
    "unaligned": FactionStyle("unaligned", (150, 156, 170), (52, 56, 66), (222, 226, 234),
                              "hexagon"),
}

# Order used when several factions share a spot (legend, filters).
FACTION_ORDER: tuple[str, ...] = ("blob", "machine_cult", "star_empire", "trade_federation")

OUTLINE = (14, 16, 24)
SPACE = (10, 14, 30)  # the card background / table felt
INK = (236, 238, 244)  # light text
INK_DIM = (176, 184, 204)


def style(faction: str | None) -> FactionStyle:
    return FACTION_STYLE.get(faction or "unaligned", FACTION_STYLE["unaligned"])


def card_styles(factions: tuple[str, ...]) -> list[FactionStyle]:
    """The styles of a card's factions (unaligned if it has none)."""
    return [style(f) for f in factions] or [FACTION_STYLE["unaligned"]]


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
    return shapes.regular_polygon(cx, cy, r * 0.95, 6, rotation=-90)


def draw_emblem(draw: ImageDraw.ImageDraw, faction: str, cx: float, cy: float, r: float) -> None:
    """Draw a faction emblem onto ``draw`` (use on a supersampled canvas)."""
    st = style(faction)
    outline_w = max(1.0, r * 0.16)
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
    else:
        draw.polygon(shapes.regular_polygon(cx, cy, r * 0.55, 6, rotation=-90), fill=OUTLINE)
        draw.polygon(shapes.regular_polygon(cx, cy, r * 0.3, 6, rotation=-90), fill=st.light)


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
