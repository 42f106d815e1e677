"""A procedural star field for menus and the table (ours, generated, cached per size)."""

from __future__ import annotations

import math
import random

import pygame

_cache: dict[tuple[int, int, int], pygame.Surface] = {}


def starfield(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    key = (*size, seed)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    surf = pygame.Surface(size)
    for y in range(0, h, 4):  # vertical gradient, deep blue to near black
        t = y / max(h, 1)
        color = (int(8 + 10 * (1 - t)), int(12 + 14 * (1 - t)), int(30 + 26 * (1 - t)))
        pygame.draw.rect(surf, color, (0, y, w, 4))
    rng = random.Random(seed)
    glow = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(5):  # soft nebula blobs
        cx, cy = rng.randrange(w), rng.randrange(h)
        r = 80 + rng.randrange(max(w // 4, 81))
        hue = rng.choice([(70, 40, 120), (30, 70, 130), (110, 40, 80), (30, 100, 110)])
        for k in range(12, 0, -1):
            rad = int(r * k / 12)
            alpha = int(10 * (1 - k / 13))
            pygame.draw.circle(glow, (*hue, alpha), (cx, cy), rad)
    surf.blit(glow, (0, 0))
    for _ in range(w * h // 2500):
        x, y = rng.randrange(w), rng.randrange(h)
        b = 120 + rng.randrange(136)
        surf.set_at((x, y), (b, b, min(255, b + 20)))
    for _ in range(w * h // 40000):  # a few bright stars with a cross glint
        x, y = rng.randrange(w), rng.randrange(h)
        for d in range(1, 4):
            a = int(200 * math.exp(-d))
            for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d)):
                if 0 <= x + dx < w and 0 <= y + dy < h:
                    surf.set_at((x + dx, y + dy), (a, a, a))
        surf.set_at((x, y), (255, 255, 255))
    _cache[key] = surf
    return surf
