"""Short visual effects at the table, read from the engine's events and the model:
the turn banner when the turn passes, the acting seat's marker on its panel, a streak
from an attacker to its target, a floating "-5" over the authority that was hit, a
flash where a base was destroyed and a mark on a seat that is out.

Effects only draw: they never take input (the banner lets every click through) and
never decide a rule — each one reads an event that has already happened, or the
model, and fades away on its own clock (``app.clock_ms``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game import i18n
from game.star_realms.engine.events import Attack, Damage, Destroy, Drain, Eliminated, Event
from game.star_realms.ui.table.style import GOLD, RED
from game.ui import fonts

BANNER_MS = 1200
STREAK_MS = 600
FLOAT_MS = 1100
FLASH_MS = 750
OUT_MS = 1600
MAX_EFFECTS = 24  # a long boss turn must not pile up effects


@dataclass
class Fx:
    """One effect: its kind ("banner", "streak", "float", "flash", "out"), when it
    started and ends, and where it is drawn."""

    kind: str
    start: float
    until: float
    a: tuple[int, int] = (0, 0)
    b: tuple[int, int] = (0, 0)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    text: str = ""

    def progress(self, now: float) -> float:
        """0 at the start, 1 at the end."""
        span = max(1.0, self.until - self.start)
        return min(1.0, max(0.0, (now - self.start) / span))


def banner_text(table) -> str:
    """"Anna's turn", "Your turn", or the team's turn when a team plays together."""
    m = table.model
    members = m.turn_members
    if len(members) > 1 and table.has_teams():
        team = m.seats[m.active].team
        letter = "AB"[team % 2] if len(table.teams()) == 2 else str(team + 1)
        return i18n.t("fx.team_turn", team=letter)
    s = table.session
    if m.active == table.me and s.controllers[m.active] == "human" and len(s.local) == 1:
        return i18n.t("fx.your_turn")
    return i18n.t("fx.turn", name=m.seats[m.active].name)


class TableEffects:
    """The table's running effects (a table owns one)."""

    def __init__(self) -> None:
        self.items: list[Fx] = []
        self.turn_key: tuple[int, int] | None = None

    def live(self, kind: str | None = None) -> list[Fx]:
        return [f for f in self.items if kind is None or f.kind == kind]

    def add(self, fx: Fx) -> None:
        self.items.append(fx)
        self.items = self.items[-MAX_EFFECTS:]

    def update(self, table, now: float) -> None:
        """Each frame: drop what has ended; a new turn (another seat, or the same seat's
        next turn) shows the banner, once the hot-seat curtain is lifted.  The first
        position seen shows none."""
        self.items = [f for f in self.items if f.until > now]
        m = table.model
        key = (m.turn, m.active)
        if m.over or table.session.curtain is not None:
            # hot seat: the banner waits until the next player has the screen
            self.items = [f for f in self.items if f.kind != "banner"]
            if m.over:
                self.turn_key = key
            return
        elif self.turn_key is not None and key != self.turn_key:
            self.items = [f for f in self.items if f.kind != "banner"]
            self.add(Fx("banner", now, now + BANNER_MS, text=banner_text(table)))
        self.turn_key = key

    # ------------------------------------------------------------ from events

    def seat_rect(self, table, seat: int) -> pygame.Rect:
        """Where a seat sits on the screen: its panel, its info box, or (the viewer)
        the combat pool it attacks from."""
        panel = table.panel_of(seat)
        if panel is not None:
            return panel
        z = table.layout.zones()
        return z["my_info"] if seat == table.me else z["opp_info"]

    def authority_point(self, table, seat: int) -> tuple[int, int]:
        """Just above the seat's authority number."""
        lay = table.layout
        r = self.seat_rect(table, seat)
        if table.panel_of(seat) is not None:
            return (r.x + lay.px(8) + lay.fs(40), r.y + lay.fs(50))
        return (r.x + lay.px(12) + lay.fs(75), r.y + lay.fs(86))

    def from_events(self, table, events: list[Event], now: float) -> None:
        """Effects for what an action just did (the rects are read before the cards
        move, so a destroyed base flashes where it stood)."""
        for ev in events:
            if isinstance(ev, Attack | Drain):
                start = (table.combat_rect().center if ev.seat == table.me
                         else self.seat_rect(table, ev.seat).center)
                end = self.authority_point(table, ev.target)
                if isinstance(ev, Attack) and ev.seat >= 0:
                    self.add(Fx("streak", now, now + STREAK_MS, start, end))
                self.add(Fx("float", now, now + FLOAT_MS, end, text=f"-{ev.amount}"))
            elif isinstance(ev, Damage | Destroy):
                rect = table.card_rects.get(ev.base)
                if rect is None:
                    continue
                start = (table.combat_rect().center if ev.seat == table.me
                         else self.seat_rect(table, ev.seat).center)
                self.add(Fx("streak", now, now + STREAK_MS, start, rect.center))
                if isinstance(ev, Destroy):
                    self.add(Fx("flash", now, now + FLASH_MS, rect=rect.copy()))
                else:
                    self.add(Fx("float", now, now + FLOAT_MS, rect.center,
                                text=f"-{ev.amount}"))
            elif isinstance(ev, Eliminated):
                self.add(Fx("out", now, now + OUT_MS, rect=self.seat_rect(table, ev.seat).copy()))

    # ------------------------------------------------------------ drawing

    def draw(self, table, surface: pygame.Surface, now: float) -> None:
        """The acting seat's marker and every running effect, over the board."""
        self.draw_turn_mark(table, surface)
        for fx in self.items:
            if fx.until <= now:  # (ended, not yet dropped: the table was not updated)
                continue
            t = fx.progress(now)
            if fx.kind == "streak":
                self.draw_streak(table, surface, fx, t)
            elif fx.kind == "float":
                self.draw_float(table, surface, fx, t)
            elif fx.kind in ("flash", "out"):
                self.draw_flash(table, surface, fx, t)
        for fx in [f for f in self.live("banner") if f.until > now]:
            self.draw_banner(table, surface, fx, fx.progress(now))

    def draw_turn_mark(self, table, surface: pygame.Surface) -> None:
        """A gold tab with "TURN" on the top edge of the acting seat's panel or box (on
        every seat taking a team turn)."""
        m = table.model
        if m.over:
            return
        lay = table.layout
        seats = set(m.turn_members) or {m.active}
        for seat in sorted(seats):
            if not 0 <= seat < len(m.seats) or not m.seats[seat].alive:
                continue
            r = self.seat_rect(table, seat)
            label = fonts.text(i18n.t("fx.turn_mark"), max(10, lay.fs(14)), (24, 20, 8), True)
            tab = label.get_rect()
            tab.inflate_ip(lay.px(22), lay.px(4))
            tab.midtop = (r.x + r.w * 2 // 3, r.y - tab.h // 2)  # clear of names and piles
            tab.y = max(0, tab.y)
            pygame.draw.rect(surface, GOLD, tab, border_radius=lay.px(6))
            cy = tab.centery
            x0 = tab.x + lay.px(5)
            pygame.draw.polygon(surface, (24, 20, 8), [(x0, cy - lay.px(4)), (x0, cy + lay.px(4)),
                                                       (x0 + lay.px(6), cy)])
            surface.blit(label, label.get_rect(midleft=(x0 + lay.px(9), cy)))

    @staticmethod
    def draw_streak(table, surface: pygame.Surface, fx: Fx, t: float) -> None:
        """A red bolt flying from the attacker to the target, leaving a fading trail."""
        lay = table.layout
        ax, ay = fx.a
        bx, by = fx.b
        head = min(1.0, t * 1.6)
        tail = min(1.0, max(0.0, t * 1.6 - 0.45))
        hx, hy = ax + (bx - ax) * head, ay + (by - ay) * head
        tx, ty = ax + (bx - ax) * tail, ay + (by - ay) * tail
        width = max(2, lay.px(7))
        pygame.draw.line(surface, (150, 30, 24), (tx, ty), (hx, hy), width + lay.px(4))
        pygame.draw.line(surface, RED, (tx, ty), (hx, hy), width)
        pygame.draw.line(surface, (255, 220, 180), (tx, ty), (hx, hy), max(1, width // 3))
        if head >= 1.0:  # the hit: a ring that widens and fades
            k = min(1.0, (t * 1.6 - 1.0) / 0.6)
            ring = pygame.Surface((lay.px(120), lay.px(120)), pygame.SRCALPHA)
            radius = round(lay.px(14) + lay.px(44) * k)
            pygame.draw.circle(ring, (*RED, round(230 * (1 - k))), ring.get_rect().center,
                               min(radius, ring.get_width() // 2), max(2, lay.px(5)))
            surface.blit(ring, ring.get_rect(center=(bx, by)))
        else:
            pygame.draw.circle(surface, (255, 230, 200), (round(hx), round(hy)),
                               max(3, lay.px(8)))

    @staticmethod
    def draw_float(table, surface: pygame.Surface, fx: Fx, t: float) -> None:
        """The damage, rising and fading above the authority it took."""
        lay = table.layout
        img = fonts.text(fx.text, max(14, lay.fs(40)), (255, 90, 80), True)
        shadow = fonts.text(fx.text, max(14, lay.fs(40)), (20, 0, 0), True)
        alpha = 255 if t < 0.6 else round(255 * (1 - (t - 0.6) / 0.4))
        img = img.copy()
        img.set_alpha(alpha)
        shadow = shadow.copy()
        shadow.set_alpha(alpha)
        x, y = fx.a
        y -= round(lay.px(50) * t)
        r = img.get_rect(midbottom=(x, y))
        surface.blit(shadow, r.move(lay.px(2), lay.px(2)))
        surface.blit(img, r)

    @staticmethod
    def draw_flash(table, surface: pygame.Surface, fx: Fx, t: float) -> None:
        """A destroyed base: a white-orange flash fading out where it stood.  A seat out
        of the game: its box pulses red and is crossed out."""
        lay = table.layout
        r = fx.rect
        if r.w <= 0 or r.h <= 0:
            return
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        if fx.kind == "flash":
            grow = round(lay.px(30) * t)
            veil = pygame.Surface(r.inflate(2 * grow, 2 * grow).size, pygame.SRCALPHA)
            veil.fill((255, 190, 110, round(220 * (1 - t))))
            surface.blit(veil, r.inflate(2 * grow, 2 * grow))
            pygame.draw.rect(surface, (255, 240, 200), r.inflate(2 * grow, 2 * grow),
                             max(1, lay.px(3)), border_radius=lay.px(8))
            return
        pulse = 1 - t
        veil.fill((170, 20, 20, round(150 * pulse)))
        surface.blit(veil, r)
        width = max(2, lay.px(6))
        color = (255, 80, 70)
        inset = r.inflate(-lay.px(20), -lay.px(20))
        pygame.draw.line(surface, color, inset.topleft, inset.bottomright, width)
        pygame.draw.line(surface, color, inset.bottomleft, inset.topright, width)

    @staticmethod
    def draw_banner(table, surface: pygame.Surface, fx: Fx, t: float) -> None:
        """The turn banner across the middle of the own field: slides in, holds, fades."""
        lay = table.layout
        field_rect = lay.zones()["my_field"]
        alpha = min(1.0, t / 0.12, (1 - t) / 0.25)
        text = fonts.text(fx.text, max(16, lay.fs(40)), GOLD, True)
        band = pygame.Rect(0, 0, max(field_rect.w * 2 // 3, text.get_width() + lay.px(80)),
                           text.get_height() + lay.px(24))
        band.center = (field_rect.centerx, field_rect.y + field_rect.h // 3)
        band.clamp_ip(surface.get_rect())
        back = pygame.Surface(band.size, pygame.SRCALPHA)
        back.fill((8, 10, 22, round(210 * alpha)))
        pygame.draw.line(back, (*GOLD, round(255 * alpha)), (0, 0), (band.w, 0), lay.px(2))
        pygame.draw.line(back, (*GOLD, round(255 * alpha)), (0, band.h - 1),
                         (band.w, band.h - 1), lay.px(2))
        surface.blit(back, band)
        text = text.copy()
        text.set_alpha(round(255 * alpha))
        surface.blit(text, text.get_rect(center=band.center))
