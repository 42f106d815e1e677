"""A card's whole picture: the backdrop, the subject in the faction's tones, its glow."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from game.star_realms.art import palette
from game.star_realms.art.illustration.backdrop import (
    NEBULA_ACCENTS,
    PLANETS,
    gradient,
    nebula,
    planet,
    seed_of,
    stars,
)
from game.star_realms.art.illustration.motifs import hero_bust, outpost_extras, pick_motif
from game.star_realms.art.illustration.pen import Pen, faction_tones
from game.star_realms.art.shapes import mix


@lru_cache(maxsize=192)
def render_art(card_id: str, factions: tuple[str, ...], kind: str, cost: int, width: int,
               height: int) -> Image.Image:
    """The illustration of a card (``kind``: ship | base | outpost | hero | event | mission
    | gambit) as an RGB image.

    Cached (the same picture serves both languages): do not modify the result."""
    w, h = max(8, width), max(8, height)
    rng = random.Random(seed_of(card_id))
    main = factions[0] if factions else "unaligned"
    st = palette.style(main)
    second = palette.style(factions[1]) if len(factions) > 1 else st

    lw, lh = max(8, w // 4), max(6, h // 4)  # the nebula is smooth: paint it small
    small = gradient(lw, lh, mix((6, 8, 20), st.dark, 0.25), mix((12, 14, 32), second.dark, 0.45))
    accent = rng.choice(NEBULA_ACCENTS.get(main, NEBULA_ACCENTS["unaligned"]))
    neb = [mix(st.color, (20, 20, 40), 0.45), accent]
    if second is not st:
        neb[1] = mix(second.color, (20, 20, 40), 0.4)
    nebula(small, rng, neb, 0.42)
    img = small.resize((w, h), Image.Resampling.BICUBIC)
    stars(img, rng)

    is_base = kind in ("base", "outpost")
    if is_base or kind in ("mission", "gambit") or rng.random() < 0.45:
        pr = min(h * 0.9, w * 0.55) if is_base else h * 0.35
        pr *= 0.8 + rng.random() * 0.4
        if is_base:
            px, py = w * (0.3 + rng.random() * 0.4), h + pr * 0.45
        else:
            px, py = w * (0.1 + rng.random() * 0.8), h * (0.15 + rng.random() * 0.7)
        planet(img, rng, px, py, pr, mix(rng.choice(PLANETS), st.color, 0.2))

    s = 3 if w < 260 else 2
    layer = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    glow = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw, gdraw = ImageDraw.Draw(layer), ImageDraw.Draw(glow)
    tones = faction_tones(st)
    tint = rng.choice(((255, 255, 255), (255, 200, 150), (150, 200, 255), (200, 255, 190),
                       (230, 190, 255), (120, 120, 130)))
    for key in ("mid", "light", "dark"):
        tones[key] = mix(tones[key], tint, 0.16)
    motif = pick_motif(card_id, main, is_base, rng)
    if kind == "event":  # a phenomenon, no ship: a flare of light with rays
        _flare(draw, gdraw, rng, w * s, h * s)
    elif kind == "mission":  # an objective sighted: a targeting reticle over the field
        _reticle(draw, gdraw, rng, w * s, h * s)
    elif kind == "gambit":  # a hand held close: cards fanned face down, one glowing
        _card_fan(draw, gdraw, rng, w * s, h * s)
    elif kind == "hero":  # a commander's bust, upright, the faction's ship behind it
        ship = Pen(draw, gdraw, w * 0.72, h * 0.34, h * 0.5, 35 + (rng.random() - 0.5) * 20, s)
        motif(ship, rng, tones)
        size = min(h * 0.95, w * 0.75)
        hero_bust(Pen(draw, gdraw, w * 0.42, h * 0.56, size, 0.0, s), rng, tones)
    elif is_base:
        size = min(h * 0.95, w * 0.62)
        pen = Pen(draw, gdraw, w * 0.5, h * 0.5, size, (rng.random() - 0.5) * 10, s)
        motif(pen, rng, tones)
        if kind == "outpost":
            outpost_extras(pen, rng, tones)
    else:
        size = h * 0.86 * (0.68 + 0.04 * min(max(cost, 0), 8))
        angle = (rng.random() - 0.5) * 70
        pen = Pen(draw, gdraw, w * (0.5 + (rng.random() - 0.5) * 0.2), h * 0.52, size, angle, s)
        motif(pen, rng, tones)
    layer = layer.reduce(s)
    q = s * 4  # blur the glow at a quarter of the final size: same look, much cheaper
    soft = glow.reduce(q).filter(ImageFilter.GaussianBlur(max(0.6, h * 0.02 / 4)))
    soft = soft.resize((w, h), Image.Resampling.BILINEAR)
    glow = glow.reduce(s)
    out = img.convert("RGBA")
    out.alpha_composite(soft)
    out.alpha_composite(layer)
    out.alpha_composite(glow)
    return out.convert("RGB")


def _flare(draw: ImageDraw.ImageDraw, gdraw: ImageDraw.ImageDraw, rng: random.Random,
           w: float, h: float) -> None:
    """An event's picture (Crisis): a burst of light somewhere in the field, its rays
    and rings, in a hot colour of its own (each event its own, from its id's seed)."""
    cx, cy = w * (0.35 + rng.random() * 0.3), h * (0.35 + rng.random() * 0.3)
    r = min(w, h) * (0.16 + rng.random() * 0.08)
    hot = rng.choice(((255, 170, 90), (255, 110, 80), (150, 190, 255), (230, 150, 255),
                      (255, 230, 140)))
    for k in range(5, 0, -1):  # the glow: rings fading outwards
        rr = r * (1 + k * 0.55)
        gdraw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=(*hot, 26 + 8 * (5 - k)))
    for _ in range(10 + rng.randrange(8)):  # rays of uneven length
        a = rng.random() * 2 * math.pi
        length = r * (1.6 + rng.random() * 2.6)
        x1, y1 = cx + math.cos(a) * length, cy + math.sin(a) * length
        gdraw.line((cx, cy, x1, y1), fill=(*hot, 150), width=max(2, int(r * 0.08)))
    ring = r * (1.35 + rng.random() * 0.3)
    draw.ellipse((cx - ring, cy - ring * 0.35, cx + ring, cy + ring * 0.35),
                 outline=(*hot, 200), width=max(2, int(r * 0.05)))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*hot, 255))
    core = r * 0.55
    draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=(255, 250, 235, 255))


def _reticle(draw: ImageDraw.ImageDraw, gdraw: ImageDraw.ImageDraw, rng: random.Random,
             w: float, h: float) -> None:
    """A mission's picture (United): a targeting reticle — rings, ticks and a crosshair —
    locked on a point of the field, in a cool colour of its own (from its id's seed)."""
    cx, cy = w * (0.4 + rng.random() * 0.2), h * (0.42 + rng.random() * 0.16)
    r = min(w, h) * (0.3 + rng.random() * 0.06)
    cool = rng.choice(((120, 220, 255), (140, 255, 190), (255, 214, 120), (200, 170, 255)))
    width = max(2, int(r * 0.04))
    gdraw.ellipse((cx - r * 1.2, cy - r * 1.2, cx + r * 1.2, cy + r * 1.2), fill=(*cool, 28))
    for k, alpha in ((1.0, 230), (0.62, 200)):
        rr = r * k
        draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=(*cool, alpha), width=width)
    for i in range(4):  # the crosshair, broken at the centre
        a = i * math.pi / 2
        x0, y0 = cx + math.cos(a) * r * 0.22, cy + math.sin(a) * r * 0.22
        x1, y1 = cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 1.25
        draw.line((x0, y0, x1, y1), fill=(*cool, 230), width=width)
    for i in range(24):  # ticks round the outer ring
        a = i * math.pi / 12
        inner = r * (0.9 if i % 3 else 0.82)
        draw.line((cx + math.cos(a) * inner, cy + math.sin(a) * inner,
                   cx + math.cos(a) * r, cy + math.sin(a) * r),
                  fill=(*cool, 180), width=max(1, width // 2))
    dot = r * 0.07
    draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=(255, 250, 235, 255))


def _card_fan(draw: ImageDraw.ImageDraw, gdraw: ImageDraw.ImageDraw, rng: random.Random,
              w: float, h: float) -> None:
    """A gambit's picture: three cards fanned face down, the top one's star glowing, in
    a colour of its own (from its id's seed)."""
    cx, cy = w * (0.45 + rng.random() * 0.1), h * (0.55 + rng.random() * 0.1)
    ch = h * (0.62 + rng.random() * 0.1)
    cw = ch * 0.66
    hue = rng.choice(((200, 170, 255), (255, 200, 120), (120, 220, 255), (255, 150, 170)))
    gdraw.ellipse((cx - ch, cy - ch * 0.9, cx + ch, cy + ch * 0.9), fill=(*hue, 26))
    for k, tilt in enumerate((-0.42, -0.14, 0.14)):
        px, py = cx + tilt * cw * 1.3, cy - abs(tilt) * ch * 0.15
        corners = []
        for dx, dy in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
            x, y = dx * cw, dy * ch
            corners.append((px + x * math.cos(tilt) - y * math.sin(tilt),
                            py + x * math.sin(tilt) + y * math.cos(tilt)))
        shade = tuple(int(c * (0.35 + 0.15 * k)) for c in hue)
        draw.polygon(corners, fill=(*shade, 245), outline=(*hue, 235))
    r = cw * 0.26
    star = [(cx + 0.14 * cw * 1.3 + math.cos(math.pi / 2 + i * math.pi / 5) * (
        r if i % 2 == 0 else r * 0.42), cy - 0.02 * ch - math.sin(
        math.pi / 2 + i * math.pi / 5) * (r if i % 2 == 0 else r * 0.42)) for i in range(10)]
    gdraw.polygon(star, fill=(*hue, 120))
    draw.polygon(star, fill=(255, 246, 220, 255))


def card_art(card, width: int, height: int) -> Image.Image:
    """The illustration for a card definition at ``width`` × ``height``.

    The picture follows the printed factions: a campaign sticker adds a faction to the
    card (its frame and title show it) but does not repaint the picture."""
    kind = "outpost" if card.is_base and card.outpost else card.type
    printed = getattr(card, "ally_factions", ()) or card.factions
    return render_art(card.id, tuple(printed[:2]), kind, card.cost, int(width), int(height))
