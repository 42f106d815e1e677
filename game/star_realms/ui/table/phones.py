"""Players on phones at the table: the session's server opened with the table, the moves
phones send applied each frame, who is connected in the seat panels, and the Join
screen with a QR code per remote seat (drawn from ``qr_matrix``, module by module on
whole pixels with a white quiet zone, so a phone's camera reads it from a few metres).

The table only draws and forwards: the session owns the server, checks every move and
pushes the phones their models (docs/remote.md).
"""

from __future__ import annotations

import os
from math import ceil
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import i18n
from game.star_realms.ui.log_text import LogLine
from game.star_realms.ui.session import PHONE_PORT
from game.star_realms.ui.table.style import DIM, GOLD, GREEN, RED, TEXT
from game.ui import fonts

if TYPE_CHECKING:
    from game.remote import SeatStatus

QUIET = 4  # modules of white around a QR code (the standard's quiet zone)
NOTICE_MS = 12000  # how long "phones cannot join" stays up
AMBER = (236, 178, 64)  # a remote seat nobody has opened yet
# Where the table's server listens (docs/remote.md): the LAN interface on 8765 unless
# the environment says otherwise (another interface, or another port when 8765 is taken).
BIND_ENV, PORT_ENV = "STAR_REALMS_PHONE_BIND", "STAR_REALMS_PHONE_PORT"


def listen_address() -> tuple[str, int]:
    bind = os.environ.get(BIND_ENV, "lan")
    try:
        port = int(os.environ.get(PORT_ENV, PHONE_PORT))
    except ValueError:
        port = PHONE_PORT
    return bind, port


def qr_surface(url: str, side: int) -> pygame.Surface:
    """The QR code of ``url`` at most ``side`` px square: every module the same whole
    number of pixels (crisp edges), black on white, with the quiet zone."""
    # lazy: the server's package (aiohttp) loads only for a game with phones
    from game.remote import qr_matrix

    matrix = qr_matrix(url)
    n = len(matrix) + 2 * QUIET
    module = max(1, side // n)
    surf = pygame.Surface((n * module, n * module))
    surf.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), ((x + QUIET) * module, (y + QUIET) * module, module,
                                      module))
    return surf


class PhonesMixin:
    """The table's side of the remote seats (the scene calls ``open_phones`` once,
    ``pump_phones`` each frame)."""

    join_open: bool
    join_button: pygame_gui.elements.UIButton | None
    join_close_rect: pygame.Rect | None
    join_codes: dict[int, pygame.Rect]  # where each seat's code was drawn (quiet zone in)
    _qr: dict[tuple[str, int], pygame.Surface]

    def open_phones(self) -> None:
        """Listen for the remote seats (once per game); when that fails, say why in both
        the notice and the log, and the seats play here (the session falls back)."""
        s = self.session
        self.join_open = False
        self.join_button = None
        self.join_close_rect = None
        self.join_codes = {}
        self._qr = {}
        fresh = s.remote and s.host is None and s.remote_problem is None
        if fresh and not s.open_remote(*listen_address()):
            self.phone_problem()
        # the first thing phone players need: their codes (new ones in every game)
        self.join_open = s.host is not None and not s.over

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
        self.join_open = not self.join_open and self.session.host is not None

    def join_event(self, event: pygame.event.Event) -> bool:
        """Input while the Join screen is up: J, Esc or Close shut it; nothing else
        reaches the table under it.  False when the screen is not up."""
        if not self.join_open:
            return False
        key = event.type == pygame.KEYDOWN and event.key in (pygame.K_j, pygame.K_ESCAPE)
        click = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and self.join_close_rect is not None
                 and self.join_close_rect.collidepoint(event.pos))
        if key or click:
            self.join_open = False
        return True

    # ------------------------------------------------------------ status

    def phone_state(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        """A remote seat's connection as (words, colour); None for other seats."""
        st: SeatStatus | None = self.session.remote_status().get(seat)
        if st is None:
            return None
        if st.connected:
            return i18n.t("remote.connected"), GREEN
        return i18n.t("remote.gone" if st.ever_connected else "remote.waiting"), (
            RED if st.ever_connected else AMBER)

    def phone_mark(self, seat: int, h: int, words: bool = True) -> pygame.Surface | None:
        """A remote seat's phone glyph (and status words), ``h`` px tall, coloured by
        its connection; None for other seats."""
        state = self.phone_state(seat)
        if state is None:
            return None
        text, color = state
        w = max(6, h * 3 // 5)
        label = fonts.text(f"{i18n.t('remote.phone')}: {text}", max(9, h * 4 // 5), color) \
            if words else None
        gap = h // 3
        out = pygame.Surface((w + (gap + label.get_width() if label else 0), h),
                             pygame.SRCALPHA)
        body = pygame.Rect(0, 0, w, h)
        pygame.draw.rect(out, color, body, max(1, h // 9), border_radius=max(2, h // 6))
        pygame.draw.circle(out, color, (body.centerx, body.bottom - max(2, h // 6)),
                           max(1, h // 12))
        if label is not None:
            out.blit(label, label.get_rect(midleft=(w + gap, h // 2)))
        return out

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
        self.join_close_rect = None
        self.join_codes = {}
        if not self.join_open:
            return
        urls = self.session.remote_urls()
        if not urls:
            self.join_open = False
            return
        lay = self.layout
        W, H = surface.get_size()
        veil = pygame.Surface((W, H), pygame.SRCALPHA)
        veil.fill((6, 8, 18, 235))
        surface.blit(veil, (0, 0))
        title = fonts.text(i18n.t("remote.join_title"), lay.px(48), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(W // 2, lay.px(24))))
        hint = fonts.text(i18n.t("remote.join_hint"), lay.px(22), TEXT)
        surface.blit(hint, hint.get_rect(midtop=(W // 2, lay.px(86))))
        seats = sorted(urls)
        n = len(seats)
        top, bottom = lay.px(130), H - lay.px(96)
        text_h = lay.px(112)  # name, status and a link of one or two lines

        def grid(rows: int) -> tuple[int, int, int, int]:
            cols = ceil(n / rows)
            cell_w, cell_h = (W - lay.px(48)) // cols, (bottom - top) // rows
            return min(cell_w - lay.px(40), cell_h - text_h), cols, cell_w, cell_h

        # one row or two, whichever gives the bigger codes
        side, cols, cell_w, cell_h = max(grid(1), grid(2) if n > 1 else grid(1))
        for i, seat in enumerate(seats):
            col, row = i % cols, i // cols
            in_row = min(cols, n - row * cols)  # a short last row is centred
            x0 = (W - in_row * cell_w) // 2 + col * cell_w
            y0 = top + row * cell_h
            url = urls[seat]
            key = (url, side)
            if key not in self._qr:
                self._qr[key] = qr_surface(url, side)
            code = self._qr[key]
            r = surface.blit(code, code.get_rect(midtop=(x0 + cell_w // 2, y0)))
            self.join_codes[seat] = r
            name = fonts.text(self.session.name(seat), lay.px(30), TEXT, True)
            nr = name.get_rect(midtop=(r.centerx, r.bottom + lay.px(8)))
            mark = self.phone_mark(seat, lay.px(22))
            if mark is not None:  # name and status on one line, centred together
                nr.x = r.centerx - (nr.w + lay.px(18) + mark.get_width()) // 2
                surface.blit(mark, mark.get_rect(midleft=(nr.right + lay.px(18), nr.centery)))
            surface.blit(name, nr)
            y = nr.bottom + lay.px(6)
            lines = [url]
            if fonts.text(url, lay.px(20), DIM).get_width() > cell_w - lay.px(16):
                head, sep, token = url.partition("/seat/")  # narrow cells: two lines
                lines = [head + sep, token]
            for line in lines:
                link = fonts.text(line, lay.px(20), DIM)
                surface.blit(link, link.get_rect(midtop=(r.centerx, y)))
                y += link.get_height()
        close = fonts.text(i18n.t("remote.join_close"), lay.px(26), TEXT, True)
        box = close.get_rect(midbottom=(W // 2, H - lay.px(28))).inflate(lay.px(48),
                                                                        lay.px(20))
        pygame.draw.rect(surface, (40, 52, 86), box, border_radius=lay.px(10))
        pygame.draw.rect(surface, GOLD, box, lay.px(2), border_radius=lay.px(10))
        surface.blit(close, close.get_rect(center=box.center))
        self.join_close_rect = box
