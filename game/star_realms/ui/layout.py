"""Where every zone of the table sits, for any window size.

Designed on a 1920×1080 reference and scaled uniformly to fit the window (extra
space is shared evenly), so 1280×720 and 3840×2160 show the same table.  The seat
being viewed sits at the bottom, its opponent at the top.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

CARD_RATIO = 88 / 63
REF_W, REF_H = 1920, 1080


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    others: int = 1  # seats besides the one at the bottom: 1 = a duel's layout
    seats: int = 2
    first_weight: int = 1  # an adventure's boss takes a wider first panel
    rows: int = 1  # 2: the seats as two facing rows of three (Emperor), viewer's row too

    @property
    def multi(self) -> bool:
        return self.others > 1

    @cached_property
    def scale(self) -> float:
        return min(self.width / REF_W, self.height / REF_H)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        s = self.scale
        ox = (self.width - REF_W * s) / 2
        oy = (self.height - REF_H * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    # -------------------------------------------------------------- card sizes

    @property
    def card_w(self) -> int:
        return self.px(124)

    @property
    def card_h(self) -> int:
        return round(self.card_w * CARD_RATIO)

    @property
    def hand_w(self) -> int:
        return self.px(150)

    @property
    def hand_h(self) -> int:
        return round(self.hand_w * CARD_RATIO)

    @property
    def zoom_w(self) -> int:
        return self.px(440)

    # -------------------------------------------------------------- zones

    def slot(self, x: float, y: float, cards: int = 1, step: float = 138) -> pygame.Rect:
        """A place for ``cards`` table-size cards side by side (exactly card-sized)."""
        r = self.r(x, y, 1, 1)
        return pygame.Rect(r.x, r.y, self.px(step) * (cards - 1) + self.card_w, self.card_h)

    def zones(self) -> dict[str, pygame.Rect]:
        """Named rectangles: opponent row, centre row, own row, hand row, side panel."""
        return self._zones

    @cached_property
    def _zones(self) -> dict[str, pygame.Rect]:
        if self.multi:
            return self._multi_zones()
        return {
            # opponent (top)
            "opp_info": self.r(12, 12, 280, 236),
            "opp_field": self.r(304, 12, 1232, 236),
            # centre
            "explorers": self.slot(24, 276),
            "trade_row": self.slot(196, 276, cards=5),
            "trade_deck": self.slot(908, 276),
            "scrap": self.slot(1052, 276),
            "pools": self.r(1200, 262, 336, 200),
            # own side
            "my_info": self.r(12, 496, 280, 236),
            "my_field": self.r(304, 496, 1232, 236),
            "my_deck": self.slot(24, 846),
            "my_discard": self.slot(164, 846),
            "hand": self.r(320, 760, 1200, 310),
            # side panel
            "seats": self.r(1552, 12, 356, 112),
            "log": self.r(1552, 132, 356, 640),
            "buttons": self.r(1552, 784, 356, 284),
            "prompt": self.r(196, 236, 1330, 500),
        }

    def _multi_zones(self) -> dict[str, pygame.Rect]:
        """3–6 seats: the other seats as compact panels across a taller top strip, the
        rest of the table 64 px lower, the seat list taller."""
        seats_h = 40 + 26 * self.seats
        return {
            "others": self.r(12, 12, 1524, 304),
            "explorers": self.slot(24, 340),
            "trade_row": self.slot(196, 340, cards=5),
            "trade_deck": self.slot(908, 340),
            "scrap": self.slot(1052, 340),
            "pools": self.r(1200, 326, 336, 200),
            "my_info": self.r(12, 556, 280, 236),
            "my_field": self.r(304, 556, 1232, 236),
            "my_deck": self.slot(24, 886),
            "my_discard": self.slot(164, 886),
            "hand": self.r(320, 800, 1200, 270),
            "seats": self.r(1552, 12, 356, seats_h),
            "log": self.r(1552, 20 + seats_h, 356, 752 - seats_h),
            "buttons": self.r(1552, 784, 356, 284),
            "prompt": self.r(196, 300, 1330, 500),
        }

    PANEL_HEADER = 58

    @cached_property
    def panels(self) -> list[pygame.Rect]:
        """One rect per other seat, left to right (clockwise from the bottom seat's left).
        With ``rows == 2``: a cell per seat, the viewer's own included, row-major (the
        top row first); which seat sits in which cell is the table's business."""
        if not self.multi:
            return []
        strip = self.zones()["others"]
        gap = self.px(10)
        if self.rows == 2:
            cols = -(-(self.others + 1) // 2)
            w = (strip.w - gap * (cols - 1)) / cols
            h = (strip.h - gap) // 2
            return [pygame.Rect(round(strip.x + c * (w + gap)), strip.y + r * (h + gap),
                                round(w), h) for r in range(2) for c in range(cols)]
        weights = [self.first_weight] + [1] * (self.others - 1)
        unit = (strip.w - gap * (self.others - 1)) / sum(weights)
        out, x = [], strip.x
        for wt in weights:
            w = round(unit * wt)
            out.append(pygame.Rect(x, strip.y, w, strip.h))
            x += w + gap
        return out

    def panel_cards(self, panel: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Cards in a seat panel: rows of small cards under the header, two rows deep
        (one in a short panel); beyond what the rows hold without overlap, cards overlap
        within their row."""
        if n <= 0:
            return []
        pad = self.px(6)
        top = panel.y + self.px(self.PANEL_HEADER)
        rows = 2 if panel.bottom - top >= self.px(160) else 1
        h = (panel.bottom - top - (rows + 1) * pad) // rows
        w = round(h / CARD_RATIO)
        fit = max(1, (panel.w - pad) // (w + pad))
        per_row = max(fit, -(-n // rows))
        step = w + pad if per_row <= fit else max(self.px(14), (panel.w - 2 * pad - w) //
                                                   max(per_row - 1, 1))
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            out.append(pygame.Rect(panel.x + pad + c * step, top + pad + r * (h + pad), w, h))
        return out

    # -------------------------------------------------------------- card placement

    def field_cards(self, field: pygame.Rect, label: bool) -> pygame.Rect:
        """The strip of a field row where cards sit: below its label (if any), above the
        ability chips."""
        top = self.px(28 if label else 8)
        return pygame.Rect(field.x + self.px(8), field.y + top, field.w - self.px(16),
                           self.card_h)

    def row(self, area: pygame.Rect, n: int, w: int, h: int, gap: int | None = None
            ) -> list[pygame.Rect]:
        """n cards left to right in ``area``, overlapping when they do not fit."""
        if n <= 0:
            return []
        gap = self.px(12) if gap is None else gap
        step = w + gap
        if n > 1 and (n - 1) * step + w > area.w:
            step = max(self.px(18), (area.w - w) // (n - 1))
        y = area.y + max(0, (area.h - h) // 2)
        return [pygame.Rect(area.x + i * step, y, w, h) for i in range(n)]

    def fan(self, area: pygame.Rect, n: int) -> list[tuple[pygame.Rect, float]]:
        """A hand fanned along a shallow arc: (rect, tilt in degrees) per card."""
        if n <= 0:
            return []
        w, h = self.hand_w, self.hand_h
        step = min(w + self.px(10), (area.w - w) // max(n - 1, 1)) if n > 1 else 0
        total = step * (n - 1) + w
        x0 = area.centerx - total // 2
        out = []
        mid = (n - 1) / 2
        for i in range(n):
            off = i - mid
            tilt = -off * min(3.0, 14.0 / max(n, 1))
            dy = round(abs(off) ** 1.6 * self.px(6))
            out.append((pygame.Rect(x0 + i * step, area.y + self.px(40) + dy, w, h), tilt))
        return out
