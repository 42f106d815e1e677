"""Rule icons, drawn by code: resources, card actions, slot markers, card kinds.

``icon_image(name, size)`` returns a square RGBA image.  Every icon has a dark outline
so it reads on light and dark backgrounds; the resource icons keep the printed game's
colour coding (trade gold, combat red, authority teal-green) and add a shape each
(coin, burst, cross) so they do not depend on colour alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from game.star_realms.art import shapes
from game.star_realms.art.palette import OUTLINE

TRADE = (246, 196, 46)
TRADE_DARK = (150, 98, 10)
COMBAT = (222, 52, 40)
COMBAT_DARK = (110, 14, 10)
AUTHORITY = (54, 190, 150)
AUTHORITY_DARK = (10, 84, 64)
CARD_FILL = (236, 240, 248)
METAL = (182, 190, 206)
METAL_DARK = (70, 78, 96)

Painter = Callable[[ImageDraw.ImageDraw, float], None]
ICONS: dict[str, Painter] = {}

# What the number inside a resource chip is drawn with: (fill, outline).
NUMBER_STYLE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "trade": ((40, 26, 0), (255, 236, 170)),
    "combat": ((255, 255, 255), (70, 6, 4)),
    "authority": ((255, 255, 255), (6, 60, 44)),
}


def _icon(name: str) -> Callable[[Painter], Painter]:
    def deco(fn: Painter) -> Painter:
        ICONS[name] = fn
        return fn

    return deco


def _w(u: float, k: float) -> int:
    return max(1, round(u * k))


# Painters draw in a unit square of side 100*u (u = pixels per unit / 100).


@_icon("trade")
def _trade(d: ImageDraw.ImageDraw, u: float) -> None:
    d.ellipse((4 * u, 4 * u, 96 * u, 96 * u), fill=OUTLINE)
    d.ellipse((9 * u, 9 * u, 91 * u, 91 * u), fill=TRADE_DARK)
    d.ellipse((13 * u, 13 * u, 87 * u, 87 * u), fill=TRADE)
    d.ellipse((22 * u, 22 * u, 78 * u, 78 * u), outline=TRADE_DARK, width=_w(u, 3))
    d.chord((22 * u, 14 * u, 78 * u, 50 * u), 200, 340, fill=(255, 232, 150))


@_icon("combat")
def _combat(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(shapes.star(50 * u, 50 * u, 49 * u, 26 * u, 9, rotation=-90), fill=OUTLINE)
    d.polygon(shapes.star(50 * u, 50 * u, 43 * u, 22 * u, 9, rotation=-90), fill=COMBAT)
    d.polygon(shapes.star(50 * u, 50 * u, 26 * u, 15 * u, 9, rotation=-70), fill=(255, 140, 60))


@_icon("authority")
def _authority(d: ImageDraw.ImageDraw, u: float) -> None:
    d.ellipse((4 * u, 4 * u, 96 * u, 96 * u), fill=OUTLINE)
    d.ellipse((9 * u, 9 * u, 91 * u, 91 * u), fill=AUTHORITY)
    for box in ((40, 18, 60, 82), (18, 40, 82, 60)):
        d.rectangle(tuple(v * u for v in box), fill=(120, 230, 196))
    d.ellipse((9 * u, 9 * u, 91 * u, 91 * u), outline=AUTHORITY_DARK, width=_w(u, 4))


def _card(d: ImageDraw.ImageDraw, u: float, x: float, y: float, w: float, h: float,
          fill=CARD_FILL) -> None:
    shapes.rounded_rect(d, (x * u, y * u, (x + w) * u, (y + h) * u), 6 * u, fill=fill,
                        outline=OUTLINE, width=_w(u, 5))


@_icon("draw")
def _draw(d: ImageDraw.ImageDraw, u: float) -> None:
    _card(d, u, 14, 10, 46, 64, fill=(180, 190, 210))
    _card(d, u, 30, 24, 46, 64)
    d.rectangle((47 * u, 40 * u, 59 * u, 72 * u), fill=(40, 130, 70))
    d.rectangle((37 * u, 50 * u, 69 * u, 62 * u), fill=(40, 130, 70))


@_icon("discard")
def _discard(d: ImageDraw.ImageDraw, u: float) -> None:
    _card(d, u, 16, 8, 46, 64, fill=(180, 190, 210))
    _card(d, u, 32, 26, 46, 64)
    d.rectangle((39 * u, 52 * u, 71 * u, 64 * u), fill=(176, 40, 30))


@_icon("scrap")
def _scrap(d: ImageDraw.ImageDraw, u: float) -> None:
    # a bin: lid with handle, tapered body with ribs
    d.rectangle((38 * u, 6 * u, 62 * u, 18 * u), fill=OUTLINE)
    d.rectangle((44 * u, 10 * u, 56 * u, 18 * u), fill=(0, 0, 0, 0))
    d.rectangle((12 * u, 16 * u, 88 * u, 30 * u), fill=OUTLINE)
    d.rectangle((16 * u, 19 * u, 84 * u, 27 * u), fill=METAL)
    d.polygon([(18 * u, 32 * u), (82 * u, 32 * u), (74 * u, 96 * u), (26 * u, 96 * u)],
              fill=OUTLINE)
    d.polygon([(23 * u, 36 * u), (77 * u, 36 * u), (70 * u, 91 * u), (30 * u, 91 * u)],
              fill=METAL)
    for x in (38, 50, 62):
        d.line((x * u, 42 * u, x * u, 85 * u), fill=METAL_DARK, width=_w(u, 5))


def _ring(d: ImageDraw.ImageDraw, u: float, cx: float, cy: float, r: float, color) -> None:
    d.ellipse(((cx - r) * u, (cy - r) * u, (cx + r) * u, (cy + r) * u), outline=OUTLINE,
              width=_w(u, 13))
    d.ellipse(((cx - r + 3) * u, (cy - r + 3) * u, (cx + r - 3) * u, (cy + r - 3) * u),
              outline=color, width=_w(u, 7))


@_icon("ally")
def _ally(d: ImageDraw.ImageDraw, u: float) -> None:
    _ring(d, u, 34, 50, 26, (120, 200, 255))
    _ring(d, u, 66, 50, 26, (255, 214, 90))


@_icon("double_ally")
def _double_ally(d: ImageDraw.ImageDraw, u: float) -> None:
    _ring(d, u, 30, 64, 22, (120, 200, 255))
    _ring(d, u, 70, 64, 22, (255, 214, 90))
    _ring(d, u, 50, 30, 22, (150, 230, 140))


@_icon("defense")
def _defense(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(shapes.scaled(shapes.shield(8, 4, 92, 98), u), fill=OUTLINE)
    d.polygon(shapes.scaled(shapes.shield(15, 10, 85, 88), u), fill=(226, 230, 240))


@_icon("base")
def _base(d: ImageDraw.ImageDraw, u: float) -> None:
    # a station: hub, ring, two masts
    d.ellipse((6 * u, 30 * u, 94 * u, 70 * u), outline=OUTLINE, width=_w(u, 14))
    d.ellipse((10 * u, 34 * u, 90 * u, 66 * u), outline=METAL, width=_w(u, 6))
    d.rectangle((45 * u, 6 * u, 55 * u, 94 * u), fill=OUTLINE)
    d.ellipse((28 * u, 28 * u, 72 * u, 72 * u), fill=OUTLINE)
    d.ellipse((33 * u, 33 * u, 67 * u, 67 * u), fill=METAL)
    d.ellipse((42 * u, 42 * u, 58 * u, 58 * u), fill=(120, 200, 255))


@_icon("outpost")
def _outpost(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(shapes.scaled(shapes.crenellated_shield(6, 4, 94, 98), u), fill=OUTLINE)
    d.polygon(shapes.scaled(shapes.crenellated_shield(14, 11, 86, 86), u), fill=(60, 66, 84))
    d.polygon(shapes.scaled(shapes.crenellated_shield(30, 30, 70, 70), u), fill=(226, 230, 240))


@_icon("ship")
def _ship(d: ImageDraw.ImageDraw, u: float) -> None:
    outer = [(50, 2), (64, 40), (96, 78), (62, 72), (56, 96), (44, 96), (38, 72), (4, 78),
             (36, 40)]
    inner = [(50, 14), (59, 42), (84, 70), (57, 65), (53, 88), (47, 88), (43, 65), (16, 70),
             (41, 42)]
    d.polygon(shapes.scaled(outer, u), fill=OUTLINE)
    d.polygon(shapes.scaled(inner, u), fill=METAL)
    d.polygon(shapes.scaled([(50, 24), (54, 44), (46, 44)], u), fill=(120, 200, 255))


@_icon("hero")
def _hero(d: ImageDraw.ImageDraw, u: float) -> None:
    # a commander's bust: shoulders, helmeted head with a visor, a rank star
    d.polygon(shapes.scaled([(8, 98), (12, 70), (30, 58), (70, 58), (88, 70), (92, 98)], u),
              fill=OUTLINE)
    d.polygon(shapes.scaled([(16, 92), (19, 73), (34, 64), (66, 64), (81, 73), (84, 92)], u),
              fill=METAL)
    d.ellipse((28 * u, 10 * u, 72 * u, 56 * u), fill=OUTLINE)
    d.ellipse((34 * u, 16 * u, 66 * u, 50 * u), fill=METAL)
    d.rectangle((34 * u, 28 * u, 66 * u, 36 * u), fill=(120, 200, 255))
    d.polygon(shapes.star(50 * u, 80 * u, 11 * u, 4.5 * u, 5, rotation=-90), fill=TRADE)


@_icon("event")
def _event(d: ImageDraw.ImageDraw, u: float) -> None:
    # a flare in space (Crisis events): an eight-pointed burst around a bright core
    d.polygon(shapes.star(50 * u, 50 * u, 48 * u, 20 * u, 8, rotation=-90), fill=OUTLINE)
    d.polygon(shapes.star(50 * u, 50 * u, 40 * u, 15 * u, 8, rotation=-90),
              fill=(255, 170, 90))
    d.ellipse((34 * u, 34 * u, 66 * u, 66 * u), fill=OUTLINE)
    d.ellipse((39 * u, 39 * u, 61 * u, 61 * u), fill=(255, 238, 200))


@_icon("mission")
def _mission(d: ImageDraw.ImageDraw, u: float) -> None:
    # a target sighted (United missions): rings around a bull's-eye, with a pennant
    d.ellipse((4 * u, 10 * u, 90 * u, 96 * u), fill=OUTLINE)
    d.ellipse((11 * u, 17 * u, 83 * u, 89 * u), fill=(236, 238, 246))
    d.ellipse((22 * u, 28 * u, 72 * u, 78 * u), fill=OUTLINE)
    d.ellipse((28 * u, 34 * u, 66 * u, 72 * u), fill=(120, 200, 255))
    d.ellipse((39 * u, 45 * u, 55 * u, 61 * u), fill=OUTLINE)
    d.rectangle((45 * u, 2 * u, 51 * u, 53 * u), fill=OUTLINE)
    d.polygon(shapes.scaled([(51, 2), (96, 12), (51, 24)], u), fill=OUTLINE)
    d.polygon(shapes.scaled([(54, 6), (86, 12), (54, 19)], u), fill=TRADE)


@_icon("gambit")
def _gambit(d: ImageDraw.ImageDraw, u: float) -> None:
    # a gambit (the Gambit set): two cards held face down, the front one marked with a star
    d.rounded_rectangle((6 * u, 14 * u, 62 * u, 92 * u), 8 * u, fill=OUTLINE)
    d.rounded_rectangle((11 * u, 19 * u, 57 * u, 87 * u), 6 * u, fill=(150, 120, 200))
    d.rounded_rectangle((32 * u, 4 * u, 94 * u, 88 * u), 8 * u, fill=OUTLINE)
    d.rounded_rectangle((37 * u, 9 * u, 89 * u, 83 * u), 6 * u, fill=(236, 238, 246))
    d.polygon(shapes.star(63 * u, 46 * u, 22 * u, 9 * u, 5), fill=OUTLINE)
    d.polygon(shapes.star(63 * u, 46 * u, 16 * u, 6.5 * u, 5), fill=TRADE)


@_icon("acquire")
def _acquire(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(shapes.scaled([(36, 4), (64, 4), (64, 34), (82, 34), (50, 66), (18, 34),
                             (36, 34)], u), fill=OUTLINE)
    d.polygon(shapes.scaled([(41, 9), (59, 9), (59, 39), (71, 39), (50, 60), (29, 39),
                             (41, 39)], u), fill=TRADE)
    d.rectangle((8 * u, 70 * u, 92 * u, 96 * u), fill=OUTLINE)
    d.rectangle((14 * u, 75 * u, 86 * u, 90 * u), fill=METAL)


@_icon("topdeck")
def _topdeck(d: ImageDraw.ImageDraw, u: float) -> None:
    for i, y in enumerate((70, 58, 46)):
        shapes.rounded_rect(d, (14 * u, y * u, 86 * u, (y + 22) * u), 5 * u,
                            fill=CARD_FILL if i == 2 else (150, 160, 184), outline=OUTLINE,
                            width=_w(u, 5))
    d.polygon(shapes.scaled([(50, 2), (76, 28), (60, 28), (60, 42), (40, 42), (40, 28),
                             (24, 28)], u), fill=OUTLINE)
    d.polygon(shapes.scaled([(50, 9), (66, 24), (55, 24), (55, 37), (45, 37), (45, 24),
                             (34, 24)], u), fill=(90, 200, 120))


@_icon("destroy")
def _destroy(d: ImageDraw.ImageDraw, u: float) -> None:
    d.ellipse((10 * u, 10 * u, 90 * u, 90 * u), outline=OUTLINE, width=_w(u, 16))
    d.ellipse((14 * u, 14 * u, 86 * u, 86 * u), outline=COMBAT, width=_w(u, 8))
    for box in ((44, 0, 56, 100), (0, 44, 100, 56)):
        d.rectangle(tuple(v * u for v in box), fill=OUTLINE)
    for box in ((47, 3, 53, 97), (3, 47, 97, 53)):
        d.rectangle(tuple(v * u for v in box), fill=COMBAT)
    d.ellipse((38 * u, 38 * u, 62 * u, 62 * u), fill=OUTLINE)


@_icon("trigger")
def _trigger(d: ImageDraw.ImageDraw, u: float) -> None:
    bolt = [(58, 2), (18, 56), (46, 56), (36, 98), (84, 38), (54, 38), (70, 2)]
    d.polygon(shapes.scaled(bolt, u), fill=OUTLINE)
    inner = [(59, 10), (28, 51), (52, 51), (45, 84), (75, 43), (47, 43), (62, 10)]
    d.polygon(shapes.scaled(inner, u), fill=TRADE)


@_icon("upgrade")
def _upgrade(d: ImageDraw.ImageDraw, u: float) -> None:
    d.polygon(shapes.star(50 * u, 52 * u, 48 * u, 20 * u, 4), fill=OUTLINE)
    d.polygon(shapes.star(50 * u, 52 * u, 40 * u, 15 * u, 4), fill=(255, 238, 160))


NAMES: tuple[str, ...] = tuple(ICONS)
REQUIRED: tuple[str, ...] = ("trade", "combat", "authority", "draw", "discard", "scrap", "ally",
                             "double_ally", "outpost", "base", "ship", "hero", "event", "mission",
                             "gambit", "defense")


@lru_cache(maxsize=512)
def _render(name: str, size: int) -> Image.Image:
    painter = ICONS[name]
    scale = 4 if size < 64 else 2
    return shapes.supersampled((size, size), lambda d, s: painter(d, s / 100.0 * size), scale)


def icon_image(name: str, size: int) -> Image.Image:
    """The icon ``name`` as a square RGBA image of ``size`` pixels."""
    if name not in ICONS:
        raise KeyError(f"unknown icon {name!r} (known: {', '.join(NAMES)})")
    return _render(name, max(4, int(size))).copy()


def icon_cached(name: str, size: int) -> Image.Image:
    """Like :func:`icon_image` but the shared cached image: paste it, never modify it."""
    return _render(name, max(4, int(size)))
