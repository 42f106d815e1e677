"""The space behind a picture's subject: a gradient, nebula clouds made of smooth
noise, stars and sometimes a planet; and the seed all of a picture's chance comes from."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from game.star_realms.art.shapes import RGB, mix

NOISE_CELLS = ((5, 4), (11, 8), (23, 16))


def seed_of(text: str) -> int:
    """A stable 64-bit seed for ``text``: the same on every machine and every run."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


NEBULA_ACCENTS: dict[str, tuple[RGB, ...]] = {
    "blob": ((40, 120, 90), (90, 120, 30), (30, 90, 110)),
    "machine_cult": ((150, 40, 90), (150, 70, 30), (110, 40, 130)),
    "star_empire": ((170, 90, 30), (150, 60, 60), (120, 100, 40)),
    "trade_federation": ((40, 90, 170), (30, 130, 150), (90, 70, 170)),
    "consortium": ((110, 50, 170), (150, 110, 60), (70, 60, 160)),
    "kingdom": ((170, 90, 30), (140, 50, 40), (120, 90, 60)),
    "scavengers": ((30, 130, 130), (120, 80, 50), (60, 110, 90)),
    "unaligned": ((70, 80, 130), (100, 70, 120), (50, 100, 120)),
}


PLANETS: tuple[RGB, ...] = ((170, 120, 90), (90, 130, 170), (120, 150, 110), (150, 110, 160),
                            (180, 160, 110), (110, 110, 120))


def gradient(w: int, h: int, top: RGB, bottom: RGB) -> Image.Image:
    """A vertical gradient from ``top`` to ``bottom`` (64 rows, stretched to size)."""
    col = Image.new("RGB", (1, 64))
    col.putdata([mix(top, bottom, i / 63) for i in range(64)])
    return col.resize((w, h), Image.Resampling.BILINEAR)


def noise(rng: random.Random, w: int, h: int) -> Image.Image:
    """Smooth value noise in 0..255 made of three octaves, size independent."""
    out: Image.Image | None = None
    for i, (cw, ch) in enumerate(NOISE_CELLS):
        grid = Image.new("L", (cw, ch))
        grid.putdata([rng.randrange(256) for _ in range(cw * ch)])
        layer = grid.resize((w, h), Image.Resampling.BICUBIC)
        out = layer if out is None else Image.blend(out, layer, 0.42 if i == 1 else 0.22)
    assert out is not None
    return out


def nebula(img: Image.Image, rng: random.Random, colors: Sequence[RGB], strength: float) -> None:
    """Clouds of ``colors`` where the noise is high, ``strength`` opaque at most."""
    w, h = img.size
    for k, color in enumerate(colors):
        field = noise(rng, w, h)
        lo = rng.randint(112, 138) + k * 8
        gain = 255.0 / (255 - lo) * 1.6
        mask = field.point(lambda v, lo=lo, gain=gain: max(0, min(255, int((v - lo) * gain))))
        alpha = int(255 * strength * (0.8 if k else 1.0))
        mask = mask.point(lambda v, a=alpha: v * a // 255)
        layer = Image.new("RGB", (w, h), color)
        img.paste(layer, (0, 0), mask)


def stars(img: Image.Image, rng: random.Random) -> None:
    """Scatter 70 to 120 stars; the brightest get a cross of light."""
    w, h = img.size
    d = ImageDraw.Draw(img, "RGBA")
    count = 70 + rng.randrange(50)
    unit = max(w, h) / 400.0
    for _ in range(count):
        x, y = rng.random() * w, rng.random() * h
        b = rng.random()
        r = max(0.5, unit * (0.6 + 1.4 * b ** 3))
        tint = rng.choice(((255, 255, 255), (200, 220, 255), (255, 236, 200)))
        a = int(90 + 165 * b)
        if r < 1.0:
            d.point((x, y), fill=(*tint, a))
        else:
            d.ellipse((x - r, y - r, x + r, y + r), fill=(*tint, a))
        if b > 0.93:
            g = r * 5
            d.line((x - g, y, x + g, y), fill=(*tint, 110), width=max(1, round(unit * 0.5)))
            d.line((x, y - g, x, y + g), fill=(*tint, 110), width=max(1, round(unit * 0.5)))


def planet(img: Image.Image, rng: random.Random, cx: float, cy: float, r: float,
           color: RGB) -> None:
    """A banded planet lit from the upper left, with an atmosphere rim."""
    w, h = img.size
    s = 2
    layer = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
    d.ellipse(box, fill=(*color, 255))
    clip = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    cd = ImageDraw.Draw(clip)
    for _ in range(rng.randint(2, 5)):  # bands
        yy = cy + (rng.random() * 2 - 1) * r * 0.8
        th = r * (0.05 + rng.random() * 0.12)
        band = mix(color, (255, 255, 255) if rng.random() < 0.5 else (0, 0, 0), 0.18)
        cd.ellipse(((cx - r * 1.6) * s, (yy - th) * s, (cx + r * 1.6) * s, (yy + th) * s),
                   fill=(*band, 255))
    disc_big = layer.getchannel("A")
    layer.paste(clip, (0, 0), ImageChops.multiply(clip.getchannel("A"), disc_big))
    layer = layer.reduce(s)
    disc = layer.getchannel("A")
    # shade: a dark disc offset away from the light, blurred at quarter size
    q = 4
    qw, qh = max(2, w // q), max(2, h // q)
    shade = Image.new("L", (qw, qh), 0)
    off = r * 0.45
    ImageDraw.Draw(shade).ellipse(((cx - r + off) / q, (cy - r + off) / q,
                                   (cx + r + off * 1.6) / q, (cy + r + off * 1.6) / q), fill=170)
    shade = shade.filter(ImageFilter.GaussianBlur(max(0.5, r * 0.25 / q)))
    shade = ImageChops.multiply(shade.resize((w, h), Image.Resampling.BILINEAR), disc)
    layer.paste((4, 6, 14, 255), (0, 0, w, h), shade)
    img.paste(layer, (0, 0), layer)
    # atmosphere rim, blurred at half size
    hw, hh = max(2, w // 2), max(2, h // 2)
    rim = Image.new("L", (hw, hh), 0)
    ImageDraw.Draw(rim).ellipse(((cx - r) / 2, (cy - r) / 2, (cx + r) / 2, (cy + r) / 2),
                                outline=150, width=max(1, round(r * 0.03)))
    rim = rim.filter(ImageFilter.GaussianBlur(max(0.5, r * 0.015))).resize(
        (w, h), Image.Resampling.BILINEAR)
    img.paste(mix(color, (255, 255, 255), 0.5), (0, 0, w, h), rim)
