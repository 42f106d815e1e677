"""The attack-amount control of "Attack P2 with N combat": a bar with a knob that shows
the amount, from 1 to all the combat the player may deal (where it starts).

It changes by dragging the knob, clicking on the bar (the knob jumps there), the −/+
buttons beside it (the table's pygame-gui buttons), the arrow keys, + and −, Home/End,
the mouse wheel, and by typing the number.  It only holds the number and draws itself:
the table applies the attack."""

from __future__ import annotations

import pygame

from game.star_realms.ui.table.style import GOLD, RED, TEXT, ZONE_EDGE
from game.ui import fonts

DOWN = frozenset({pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS})
UP = frozenset({pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS})
DIGITS = {**{getattr(pygame, f"K_{i}"): i for i in range(10)},
          **{getattr(pygame, f"K_KP{i}"): i for i in range(10)}}


class AmountPicker:
    """An amount from ``least`` to ``most``; ``track`` is the bar's rect on the screen."""

    def __init__(self, most: int, track: pygame.Rect, least: int = 1):
        self.least, self.most = least, max(least, most)
        self.value = self.most  # most attacks deal all they can
        self.track = track
        self.typed = ""  # digits typed so far ("" when the last change was not typing)
        self.dragging = False

    # ------------------------------------------------------------------ the number

    def get_current_value(self) -> int:
        return self.value

    def set_current_value(self, value: int) -> None:
        self.value = min(self.most, max(self.least, int(value)))
        self.typed = ""

    def step(self, by: int) -> None:
        self.set_current_value(self.value + by)

    def type_digit(self, digit: int) -> None:
        """Typing "1" then "2" asks for 12; a digit that would go past the most starts a
        new number, so a slip is mended by typing again."""
        typed = self.typed + str(digit)
        if int(typed) > self.most:
            typed = str(digit)
        self.value = min(self.most, max(self.least, int(typed)))
        self.typed = typed.lstrip("0")

    def backspace(self) -> None:
        typed = self.typed[:-1]
        self.value = max(self.least, int(typed)) if typed else self.least
        self.typed = typed

    # ------------------------------------------------------------------ geometry

    @property
    def rect(self) -> pygame.Rect:
        return self.track

    def knob_w(self) -> int:
        size = self.number_size()
        return max(self.track.h, fonts.font(size, True).size(str(self.most))[0] + self.track.h // 2)

    def number_size(self) -> int:
        return max(9, round(self.track.h * 0.55))

    def span(self) -> tuple[int, int]:
        """The x range of the knob's centre."""
        half = self.knob_w() // 2
        return self.track.x + half, self.track.right - half

    def x_of(self, value: int) -> int:
        lo, hi = self.span()
        if self.most == self.least:
            return hi
        return round(lo + (hi - lo) * (value - self.least) / (self.most - self.least))

    def value_at(self, x: int) -> int:
        lo, hi = self.span()
        if hi <= lo:
            return self.most
        f = min(1.0, max(0.0, (x - lo) / (hi - lo)))
        return self.least + round(f * (self.most - self.least))

    def knob(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.knob_w(), self.track.h)
        r.center = (self.x_of(self.value), self.track.centery)
        return r

    # ------------------------------------------------------------------ input

    def press(self, pos: tuple[int, int]) -> bool:
        """A left press: on the bar it grabs the knob there (True)."""
        if not self.track.collidepoint(pos):
            return False
        self.dragging = True
        self.set_current_value(self.value_at(pos[0]))
        return True

    def motion(self, pos: tuple[int, int]) -> None:
        if self.dragging:
            self.set_current_value(self.value_at(pos[0]))

    def release(self) -> None:
        self.dragging = False

    def key(self, event: pygame.event.Event) -> str | None:
        """A key: "attack" (Enter), "cancel" (Esc), else None (the amount may change)."""
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "attack"
        if k == pygame.K_ESCAPE:
            return "cancel"
        if k in DIGITS:
            self.type_digit(DIGITS[k])
        elif k == pygame.K_BACKSPACE:
            self.backspace()
        elif k in DOWN:
            self.step(-1)
        elif k in UP:  # (= is + without Shift)
            self.step(1)
        elif k == pygame.K_HOME:
            self.set_current_value(self.least)
        elif k == pygame.K_END:
            self.set_current_value(self.most)
        return None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        t = self.track
        bar = pygame.Rect(t.x, 0, t.w, max(4, t.h // 4))
        bar.centery = t.centery
        radius = bar.h // 2
        pygame.draw.rect(surface, (30, 36, 52), bar, border_radius=radius)
        pygame.draw.rect(surface, ZONE_EDGE, bar, 1, border_radius=radius)
        knob = self.knob()
        filled = pygame.Rect(bar.x, bar.y, max(0, knob.centerx - bar.x), bar.h)
        pygame.draw.rect(surface, RED, filled, border_radius=radius)
        for v in range(self.least, self.most + 1) if self.most - self.least <= 40 else ():
            x = self.x_of(v)  # a tick per point of combat: where a click lands
            pygame.draw.line(surface, ZONE_EDGE, (x, bar.bottom + 2), (x, bar.bottom + 5))
        pygame.draw.rect(surface, (110, 36, 36), knob, border_radius=knob.h // 3)
        pygame.draw.rect(surface, GOLD if self.dragging else TEXT, knob, 2,
                         border_radius=knob.h // 3)
        n = fonts.text(str(self.value), self.number_size(), (255, 255, 255), True)
        surface.blit(n, n.get_rect(center=knob.center))
