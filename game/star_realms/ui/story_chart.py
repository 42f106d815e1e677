"""Drawing a game's story: authority over time as a small line chart (our own drawing,
no chart library), and a table of each seat's purchases, damage and bases destroyed."""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.ui.story import Story
from game.ui import fonts, palette

# One colour per seat, told apart on the dark veil (up to six seats).
SEAT_COLORS = ((96, 196, 255), (255, 120, 110), (120, 220, 130), (255, 200, 80),
               (200, 140, 255), (240, 240, 240))
GRID = (70, 80, 110)
PANEL = (14, 18, 34, 230)


def seat_color(seat: int) -> tuple[int, int, int]:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, PANEL, veil.get_rect(), border_radius=radius)
    surface.blit(veil, rect)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, story: Story, px) -> list[
        list[tuple[int, int]]]:
    """Authority per seat over the turns inside ``rect``; returns each charted seat's
    points (for tests: the lines are where the data says)."""
    panel(surface, rect, px(12))
    title = fonts.text(i18n.t("story.chart_title"), px(22), palette.SOFT, bold=True)
    surface.blit(title, (rect.x + px(16), rect.y + px(10)))
    plot = pygame.Rect(rect.x + px(56), rect.y + px(48), rect.w - px(80), rect.h - px(96))
    seats = story.charted()
    top = max([1] + [v for s in seats for v in story.authority[s]])
    last = max(1, story.turns[-1] if story.turns else 1)
    for k in range(5):  # horizontal grid lines with their authority
        value = round(top * k / 4)
        y = plot.bottom - plot.h * k // 4
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y), 1)
        label = fonts.text(str(value), px(15), palette.MUTED)
        surface.blit(label, label.get_rect(midright=(plot.x - px(8), y)))
    for turn in _ticks(last):
        x = plot.x + plot.w * turn // last
        label = fonts.text(str(turn), px(15), palette.MUTED)
        surface.blit(label, label.get_rect(midtop=(x, plot.bottom + px(6))))
    axis = fonts.text(i18n.t("story.turn_axis"), px(15), palette.MUTED)
    surface.blit(axis, axis.get_rect(bottomright=(rect.right - px(12), rect.bottom - px(6))))
    lines = []
    for seat in seats:
        points = [(plot.x + plot.w * t // last, plot.bottom - plot.h * v // top)
                  for t, v in zip(story.turns, story.authority[seat], strict=True)]
        if len(points) > 1:
            pygame.draw.lines(surface, seat_color(seat), False, points, max(2, px(3)))
        for p in points[-1:]:
            pygame.draw.circle(surface, seat_color(seat), p, max(3, px(5)))
        lines.append(points)
    if story.turning_point is not None:  # a dashed line at the turning point
        x = plot.x + plot.w * story.turning_point[0] // last
        for y in range(plot.y, plot.bottom, px(12)):
            pygame.draw.line(surface, palette.GOLD, (x, y), (x, min(plot.bottom, y + px(6))), 2)
    return lines


def _ticks(last: int) -> list[int]:
    step = max(1, -(-last // 8))  # at most about 8 labels
    return list(range(0, last + 1, step))


def draw_table(surface: pygame.Surface, rect: pygame.Rect, story: Story, px) -> int:
    """Name, cards acquired, damage dealt and bases destroyed per seat, in a panel as
    tall as its rows need (at most ``rect``); returns the panel's bottom."""
    row_h = min(px(44), (rect.h - px(56)) // max(1, len(story.names)))
    rect = pygame.Rect(rect.x, rect.y, rect.w,
                       min(rect.h, px(56) + row_h * len(story.names) + px(12)))
    panel(surface, rect, px(12))
    cols = (rect.x + px(16), rect.x + rect.w * 52 // 100, rect.x + rect.w * 68 // 100,
            rect.x + rect.w * 84 // 100)
    y = rect.y + px(12)
    for x, key in zip(cols, ("story.seat", "story.bought", "story.damage", "story.bases"),
                      strict=True):
        h = fonts.text(i18n.t(key), px(18), palette.MUTED, bold=True)
        surface.blit(h, (x, y))
    y += px(44)
    for seat, name in enumerate(story.names):
        pygame.draw.circle(surface, seat_color(seat), (cols[0] + px(7), y + row_h // 2),
                           px(7))
        n = fonts.text(name, px(22), palette.WHITE, bold=True)
        room = cols[1] - cols[0] - px(32)
        if n.get_width() > room:
            n = pygame.transform.smoothscale(n, (room, max(1, n.get_height() * room //
                                                          n.get_width())))
        surface.blit(n, n.get_rect(midleft=(cols[0] + px(22), y + row_h // 2)))
        for x, value in zip(cols[1:], (story.bought[seat], story.damage[seat],
                                       story.bases[seat]), strict=True):
            v = fonts.text(str(value), px(22), palette.WHITE)
            surface.blit(v, v.get_rect(midleft=(x, y + row_h // 2)))
        y += row_h
    return rect.bottom


def turning_text(story: Story) -> str:
    if story.turning_point is None:
        return ""
    turn, seat, kind, amount = story.turning_point
    return i18n.t(f"story.turning_{kind}", turn=turn, name=story.names[seat], n=amount)
