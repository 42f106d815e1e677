"""The big screen's side of players on phones, for every game: where the table's server
listens, the QR codes (drawn from ``qr_matrix``, module by module on whole pixels with a
white quiet zone, so a phone's camera reads them from a few metres), a seat's phone
glyph coloured by its connection, and the Join screen with a code per remote seat.

Only drawing: the game's session owns the server and checks every move (docs/remote.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from math import ceil
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import i18n, user_dirs
from game.ui import fonts, palette
from game.ui.table_session import PHONE_PORT

if TYPE_CHECKING:
    from game.remote import SeatStatus

QUIET = 4  # modules of white around a QR code (the standard's quiet zone)
AMBER = (236, 178, 64)  # a remote seat nobody has opened yet
# Where a table's server listens (docs/remote.md): the LAN interface on 8765 unless the
# environment says otherwise (another interface, or another port when 8765 is taken).
# The variables' names (read by user_dirs.env, which honours the STAR_REALMS_* aliases too).
BIND_ENV, PORT_ENV = "STARFOLD_PHONE_BIND", "STARFOLD_PHONE_PORT"


def listen_address(default_port: int = PHONE_PORT) -> tuple[str, int]:
    bind = user_dirs.env(BIND_ENV) or "lan"
    try:
        port = int(user_dirs.env(PORT_ENV) or default_port)
    except ValueError:
        port = default_port
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


def phone_state(st: SeatStatus | None) -> tuple[str, tuple[int, int, int]] | None:
    """A remote seat's connection as (words, colour); None for other seats."""
    if st is None:
        return None
    if st.connected:
        return i18n.t("remote.connected"), palette.GREEN
    return i18n.t("remote.gone" if st.ever_connected else "remote.waiting"), (
        palette.TABLE_RED if st.ever_connected else AMBER)


def phone_mark(st: SeatStatus | None, h: int, words: bool = True) -> pygame.Surface | None:
    """A remote seat's phone glyph (and status words), ``h`` px tall, coloured by its
    connection; None for other seats."""
    state = phone_state(st)
    if state is None:
        return None
    text, color = state
    w = max(6, h * 3 // 5)
    label = fonts.text(f"{i18n.t('remote.phone')}: {text}", max(9, h * 4 // 5), color) \
        if words else None
    gap = h // 3
    out = pygame.Surface((w + (gap + label.get_width() if label else 0), h), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(out, color, body, max(1, h // 9), border_radius=max(2, h // 6))
    pygame.draw.circle(out, color, (body.centerx, body.bottom - max(2, h // 6)),
                       max(1, h // 12))
    if label is not None:
        out.blit(label, label.get_rect(midleft=(w + gap, h // 2)))
    return out


class JoinScreen:
    """The Join screen over a table: a QR code per remote seat, its name, its connection
    and its link; ``px`` scales the 1920×1080 reference to the window.  ``close_rect``
    and ``codes`` say where the last frame drew the Close button and each seat's code."""

    def __init__(self) -> None:
        self.open = False
        self.close_rect: pygame.Rect | None = None
        self.codes: dict[int, pygame.Rect] = {}
        self._qr: dict[tuple[str, int], pygame.Surface] = {}

    def event(self, event: pygame.event.Event) -> bool:
        """Input while the screen is up: J, Esc or Close shut it; nothing else reaches
        the table under it.  False when the screen is not up."""
        if not self.open:
            return False
        key = event.type == pygame.KEYDOWN and event.key in (pygame.K_j, pygame.K_ESCAPE)
        click = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                 and self.close_rect is not None and self.close_rect.collidepoint(event.pos))
        if key or click:
            self.open = False
        return True

    def draw(self, surface: pygame.Surface, urls: Mapping[int, str],
             names: Mapping[int, str], status: Mapping[int, SeatStatus],
             px: Callable[[float], int]) -> None:
        self.close_rect = None
        self.codes = {}
        if not self.open:
            return
        if not urls:
            self.open = False
            return
        W, H = surface.get_size()
        veil = pygame.Surface((W, H), pygame.SRCALPHA)
        veil.fill((6, 8, 18, 235))
        surface.blit(veil, (0, 0))
        title = fonts.text(i18n.t("remote.join_title"), px(48), palette.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(W // 2, px(24))))
        hint = fonts.text(i18n.t("remote.join_hint"), px(22), palette.TABLE_TEXT)
        surface.blit(hint, hint.get_rect(midtop=(W // 2, px(86))))
        seats = sorted(urls)
        n = len(seats)
        top, bottom = px(130), H - px(96)
        text_h = px(112)  # name, status and a link of one or two lines

        def grid(rows: int) -> tuple[int, int, int, int]:
            cols = ceil(n / rows)
            cell_w, cell_h = (W - px(48)) // cols, (bottom - top) // rows
            return min(cell_w - px(40), cell_h - text_h), cols, cell_w, cell_h

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
            self.codes[seat] = r
            name = fonts.text(names.get(seat, str(seat + 1)), px(30), palette.TABLE_TEXT, True)
            nr = name.get_rect(midtop=(r.centerx, r.bottom + px(8)))
            mark = phone_mark(status.get(seat), px(22))
            if mark is not None:  # name and status on one line, centred together
                nr.x = r.centerx - (nr.w + px(18) + mark.get_width()) // 2
                surface.blit(mark, mark.get_rect(midleft=(nr.right + px(18), nr.centery)))
            surface.blit(name, nr)
            y = nr.bottom + px(6)
            lines = [url]
            if fonts.text(url, px(20), palette.TABLE_DIM).get_width() > cell_w - px(16):
                head, sep, token = url.partition("/seat/")  # narrow cells: two lines
                lines = [head + sep, token]
            for line in lines:
                link = fonts.text(line, px(20), palette.TABLE_DIM)
                surface.blit(link, link.get_rect(midtop=(r.centerx, y)))
                y += link.get_height()
        close = fonts.text(i18n.t("remote.join_close"), px(26), palette.TABLE_TEXT, True)
        box = close.get_rect(midbottom=(W // 2, H - px(28))).inflate(px(48), px(20))
        pygame.draw.rect(surface, (40, 52, 86), box, border_radius=px(10))
        pygame.draw.rect(surface, palette.GOLD, box, px(2), border_radius=px(10))
        surface.blit(close, close.get_rect(center=box.center))
        self.close_rect = box


class TablePhones:
    """The phones' side of a table scene over a ``game.ui.table_session`` session (Arcs,
    Forbidden Stars): open the session's server with the table (the Join screen first),
    the Phones button and the J key, the moves phones sent each frame, who is connected,
    and the notice when phones cannot join (the seats are then played at this screen)."""

    session: Any
    join: JoinScreen
    phones_button: Any
    phone_notice: str

    def open_phones(self) -> None:
        """Listen for the remote seats (once per game; call before choosing whom the
        table shows: a failure makes them seats at this screen)."""
        s = self.session
        self.join = JoinScreen()
        self.phones_button = None
        self.phone_notice = ""
        if s.remote and s.host is None and s.remote_problem is None:
            s.open_remote(*listen_address())
        if s.remote_problem is not None:
            key, params = s.remote_problem
            self.phone_notice = i18n.t(key, **params)
        self.join.open = s.host is not None and not s.over

    def build_phones_button(self, rect: pygame.Rect, ui: Any) -> None:
        """The Phones (J) button, while phones may join."""
        self.phones_button = None
        if self.session.host is not None:
            self.phones_button = pygame_gui.elements.UIButton(
                rect, i18n.t("remote.join_button"), ui)

    def phones_event(self, event: pygame.event.Event) -> bool:
        """The Join screen takes every input while it is up; J or the Phones button open
        it.  True when the event was the phones'."""
        if self.join.event(event):
            return True
        if self.session.host is None:
            return False
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_j) or (
                event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.phones_button is not None):
            self.join.open = True
            return True
        return False

    def pump_phones(self) -> bool:
        """Apply the moves phones sent (the session checks each); True if any was."""
        return bool(self.session.take_remote())

    def draw_phone_lines(self, surface: pygame.Surface, topleft: tuple[int, int],
                         size: int) -> int:
        """Each remote seat's name and connection from ``topleft``, ``size`` px lines,
        and the notice when phones cannot join; returns the bottom."""
        s = self.session
        x, y = topleft
        status = s.remote_status()
        for seat in s.remote:
            name = fonts.text(s.names[seat], size, palette.TABLE_TEXT, True)
            surface.blit(name, (x, y))
            mark = phone_mark(status.get(seat), size)
            if mark is not None:
                surface.blit(mark, (x + name.get_width() + size // 2,
                                    y + (name.get_height() - mark.get_height()) // 2))
            y += name.get_height() + 2
        if self.phone_notice:
            note = fonts.text(self.phone_notice, max(10, size * 4 // 5), palette.TABLE_RED)
            surface.blit(note, (x, y))
            y += note.get_height()
        return y

    def draw_join(self, surface: pygame.Surface, px: Callable[[float], int]) -> None:
        s = self.session
        urls = s.remote_urls()
        self.join.draw(surface, urls, {seat: s.names[seat] for seat in urls},
                       s.remote_status(), px)
