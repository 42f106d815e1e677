"""Players on phones at the Star Realms table: the session's server opened with the
table, the moves phones send applied each frame, who is connected in the seat panels,
and the Join screen with a QR code per remote seat (game.ui.phones, shared by every
game's table).

The table only draws and forwards: the session owns the server, checks every move and
pushes the phones their models (docs/remote.md).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.ui.log_text import LogLine
from game.star_realms.ui.table.host import TableHost
from game.star_realms.ui.table.style import DIM
from game.ui import fonts
from game.ui.phones import (
    BIND_ENV,
    PORT_ENV,
    QUIET,
    JoinScreen,
    listen_address,
    phone_mark,
    phone_state,
)

__all__ = ["BIND_ENV", "NOTICE_MS", "PORT_ENV", "QUIET", "PhonesMixin"]

NOTICE_MS = 12000  # how long "phones cannot join" stays up


class PhonesMixin(TableHost):
    """The table's side of the remote seats (the scene calls ``open_phones`` once,
    ``pump_phones`` each frame)."""

    join: JoinScreen
    join_button: pygame_gui.elements.UIButton | None

    @property
    def join_open(self) -> bool:
        return self.join.open

    @property
    def join_codes(self) -> dict[int, pygame.Rect]:
        """Where each seat's code was drawn (quiet zone in)."""
        return self.join.codes

    @property
    def join_close_rect(self) -> pygame.Rect | None:
        return self.join.close_rect

    def open_phones(self) -> None:
        """Listen for the remote seats (once per game); when that fails, say why in both
        the notice and the log, and the seats play here (the session falls back)."""
        s = self.session
        self.join = JoinScreen()
        self.join_button = None
        fresh = s.remote and s.host is None and s.remote_problem is None
        if fresh and not s.open_remote(*listen_address()):
            self.phone_problem()
        # the first thing phone players need: their codes (new ones in every game)
        self.join.open = s.host is not None and not s.over

    def phone_problem(self) -> None:
        key, params = self.session.remote_problem or ("remote.no_network", {})
        self.session.log.append(LogLine(key, dict(params)))
        self.toasts.append((i18n.t(key, **params), self.app.clock_ms + NOTICE_MS, False))

    def build_phones(self, rect: pygame.Rect) -> None:
        """The Join button (when phones may join), at ``rect``."""
        self.join_button = None
        if self.session.host is not None:
            self.join_button = pygame_gui.elements.UIButton(
                rect, i18n.t("remote.join_button"), self.ui)

    def pump_phones(self) -> None:
        """Apply what the phones sent (the session checks each move)."""
        for events in self.session.take_remote():
            self.after_events(events)

    def toggle_join(self) -> None:
        self.join.open = not self.join.open and self.session.host is not None

    def join_event(self, event: pygame.event.Event) -> bool:
        """Input while the Join screen is up: J, Esc or Close shut it; nothing else
        reaches the table under it.  False when the screen is not up."""
        return self.join.event(event)

    # ------------------------------------------------------------ status

    def phone_state(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """A remote seat's connection as (words, colour); None for other seats."""
        return phone_state(self.session.remote_status().get(seat))

    def phone_mark(self, seat: int, h: int, words: bool = True) -> pygame.Surface | None:
        """A remote seat's phone glyph (and status words), ``h`` px tall, coloured by
        its connection; None for other seats."""
        return phone_mark(self.session.remote_status().get(seat), h, words)

    def draw_hand_note(self, surface: pygame.Surface) -> None:
        """The viewer is a phone's seat (nobody plays at this screen): its hand area
        says where the hand is instead of showing it."""
        s = self.session
        if not s.is_remote(self.me) or self.model.over:
            return
        z = self.layout.zones()["hand"]
        t = fonts.text(i18n.t("remote.hand_on_phone", name=s.name(self.me)),
                       self.layout.px(22), DIM)
        surface.blit(t, t.get_rect(center=z.center))

    # ------------------------------------------------------------ the Join screen

    def draw_join(self, surface: pygame.Surface) -> None:
        """Over everything: a QR code per remote seat, its name, status and link."""
        s = self.session
        urls = s.remote_urls()
        self.join.draw(surface, urls, {seat: s.name(seat) for seat in urls},
                       s.remote_status(), self.layout.px)
