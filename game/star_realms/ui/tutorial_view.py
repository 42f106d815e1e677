"""What a lesson shows over the table: where a step's target is on screen, the glowing
frame around it, and the instruction box placed where it does not cover the target.

Geometry only — the table's own layout, sprites, chips and buttons are asked where
things are; nothing here knows a rule.  The same lookups give the headless check
(:mod:`game.star_realms.ui.tutorial_check`) the points it clicks and drags to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, palette
from game.ui.lesson.overlay import draw_highlight as shared_highlight

if TYPE_CHECKING:
    from game.star_realms.ui.table.scene import TableScene

GLOW = (255, 206, 84)
BOX_EDGE = (255, 206, 84)
BUTTONS = ("show_me", "next", "leave")


def _card(cards, cid: str) -> int | None:
    return next((c.iid for c in cards if c.id == cid), None)


def card_of(table: TableScene, spec: str) -> int | None:
    """The card a ``hand:`` / ``row:`` / ``field:`` / ``opp:`` / ``chip:`` target names."""
    head, _, rest = spec.partition(":")
    cid = rest.partition(":")[0]
    m = table.model
    me = m.seats[table.me]
    if head == "hand":
        return _card(me.hand, cid)
    if head == "row":
        slots = [s.card for s in m.supply.trade_row if s.card is not None]
        return _card(slots, cid)
    if head in ("field", "chip"):
        return _card((*me.bases, *me.in_play), cid)
    if head == "opp":
        for seat in table.opponents:
            found = _card((*m.seats[seat].bases, *m.seats[seat].in_play), cid)
            if found is not None:
                return found
    return None


def target_rect(table: TableScene, spec: str) -> pygame.Rect | None:
    """Where the target ``spec`` (rules/tutorial.toml) is on screen now; None when it is
    not there (a card not drawn yet, a chip of a card not in play)."""
    if not spec:
        return None
    head, _, rest = spec.partition(":")
    z = table.layout.zones()
    if not rest:
        if head == "trade_pool":
            return table.trade_rect()
        if head == "combat_pool":
            return table.combat_rect()
        if head == "opp_info" and table.layout.multi:
            return table.panel_of(table.opponents[0]) if table.opponents else None
        return z.get(head)
    if head == "button":
        button = {"end_turn": table.btn_end, "play_all": table.btn_play_all,
                  "attack_all": table.btn_attack_all, "undo": table.btn_undo,
                  "menu": table.btn_menu}[rest]
        return button.rect.copy()
    if head == "seat":
        seat = int(rest)
        return table.panel_of(seat) if table.layout.multi else z["opp_info"]
    iid = card_of(table, spec)
    if iid is None:
        return None
    if head == "chip":
        chip = getattr(table, "chip_spots", {}).get((iid, rest.partition(":")[2]))
        return chip.copy() if chip is not None else None
    rect = table.card_rects.get(iid)
    return rect.copy() if rect is not None else None


def visible_point(table: TableScene, iid: int) -> tuple[int, int] | None:
    """A point where a click lands on card ``iid`` (fanned hand cards overlap)."""
    rect = table.card_rects.get(iid)
    if rect is None:
        return None
    y = rect.centery
    for x in range(rect.centerx, rect.left, -max(1, rect.w // 20)):
        if table.card_under((x, y)) == iid:
            return (x, y)
    return None


# ------------------------------------------------------------------ drawing


def draw_highlight(surface: pygame.Surface, rect: pygame.Rect, px, now_ms: float) -> None:
    """The lessons' pulsing gold frame (game.ui.lesson.overlay), Star Realms' sizes."""
    shared_highlight(surface, rect, px, now_ms, radius=14, width=5)


class Box:
    """The instruction box: its rect, the wrapped heading and text, its buttons' rects."""

    def __init__(self, rect: pygame.Rect, heading: list[str], lines: list[str], size: int,
                 buttons: dict[str, pygame.Rect]):
        self.rect = rect
        self.heading = heading
        self.lines = lines
        self.size = size
        self.buttons = buttons

    def draw(self, surface: pygame.Surface, px) -> None:
        pygame.draw.rect(surface, palette.DIALOG, self.rect, border_radius=px(14))
        pygame.draw.rect(surface, BOX_EDGE, self.rect, max(1, px(3)), border_radius=px(14))
        pad = px(PAD)
        y = self.rect.y + pad
        small = heading_size(self.size)
        for line in self.heading:
            s = fonts.text(line, small, GLOW, True)
            surface.blit(s, (self.rect.x + pad, y))
            y += round(small * LINE)
        y += px(8)
        for line in self.lines:
            s = fonts.text(line, self.size, palette.WHITE)
            surface.blit(s, (self.rect.x + pad, y))
            y += round(self.size * LINE)


PAD = 16  # reference pixels inside the box
LINE = 1.3  # line height / font size


def heading_size(size: int) -> int:
    return max(9, round(size * 0.8))


def layout_box(table: TableScene, heading: str, text: str, buttons: list[str],
               text_scale: float) -> Box:
    """The box fills the right-hand column above the table's buttons (where the seats
    list and the log are): no target is ever there, so it never covers one.  The text
    is as large as fits; the step's buttons sit at its foot."""
    lay = table.layout
    z = lay.zones()
    px = lay.px
    rect = pygame.Rect(z["log"].x, z["seats"].y, z["log"].w, z["log"].bottom - z["seats"].y)
    pad, gap = px(PAD), px(8)
    button_h = max(px(56), round(px(48) * text_scale))
    foot = len(buttons) * (button_h + gap)
    width = rect.w - 2 * pad
    size = max(10, round(px(36) * text_scale))
    while True:
        small = heading_size(size)
        head = fonts.wrap(heading, small, width, bold=True)
        lines = [line for para in text.split("\n") for line in fonts.wrap(para, size, width)]
        used = len(head) * round(small * LINE) + px(8) + len(lines) * round(size * LINE)
        if used <= rect.h - 2 * pad - foot or size <= 9:
            break
        size -= 1
    spots = {}
    y = rect.bottom - pad - foot + gap
    for name in buttons:
        spots[name] = pygame.Rect(rect.x + pad, y, width, button_h)
        y += button_h + gap
    return Box(rect, head, lines, size, spots)
