"""Where every zone of the table sits, for any window size.

The table is laid out for the window it is in, not scaled from a fixed picture: the
side panel (seats, log, buttons) takes a strip on the right, and the card size is the
largest that lets the trade row (explorers, five cards, trade deck, scrap heap) fit the
width and the three card rows (trade row, own cards in play, hand) plus the other
seats' strip fit the height — so the trade row and the viewer's own cards get the room
first, a window of any shape is filled (no black bars), and more seats mean a taller
strip for them and slightly smaller cards.  One player's adventure boss sits in that
strip like a duel's opponent (its big card, its cards in play at the opponent's size,
its piles), so its table reads as well as a duel's.  ``scale`` (the 1920×1080 reference)
sizes margins and text; ``card_scale`` and ``text_scale`` are the player's "Card size"
and "Text size" settings.  The seat being viewed sits at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from game.settings import TABLE_SIZES

CARD_RATIO = 88 / 63
REF_W, REF_H = 1920, 1080
# The other seats' strip at the top, at least (reference px): a duel's opponent row
# (its info box and cards in play with their chips), the compact panels of 3–6 seats,
# the two facing rows of Emperor, and one player's boss (its big card, its cards in play
# with their chips, its piles).
TOP_MIN = {"duel": 190, "multi": 200, "rows": 220, "boss": 210}
PILE_MIN = 0.6  # the trade row's piles may shrink to this share of a card to let cards grow
# Fixed heights around the three card rows (reference px): the margins, the trade row's
# labels, the field's label and chips, the hand's room to arc.
ROW_OVERHEAD = 182
# The hand sits partly below the window's bottom edge (a card raised by the pointer
# shows whole, and zooms): at "Normal" this share of a hand card, which buys every card
# on the table ~10 % more width (docs/art.md, "The minimum"); larger "Card size"
# settings sink it further, up to HAND_SINK_MOST, instead of squeezing the other seats'
# strip — a larger setting never makes anything smaller (issue 39, item 5).
HAND_SINK = 0.3
HAND_SINK_PER_STEP = 1.25  # more sink per unit of "Card size" above Normal
HAND_SINK_MOST = 0.55
# The pools' numbers (trade, combat) are drawn at most this large (reference px, with
# "Text size"), and the hand never sinks so far that their boxes get too short for it.
POOL_FONT = 54
# The persistent turn marker at the top of the side panel (reference px, with "Text size")
TURN_MARKER_FONT = 34


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    others: int = 1  # seats besides the one at the bottom: 1 = a duel's layout
    seats: int = 2
    first_weight: int = 1  # an adventure's boss takes a wider first panel
    rows: int = 1  # 2: the seats as two facing rows of three (Emperor), viewer's row too
    card_scale: float = 1.0  # the "Card size" setting
    text_scale: float = 1.0  # the "Text size" setting

    @property
    def multi(self) -> bool:
        return self.others > 1

    @property
    def kind(self) -> str:
        """Which top strip: "duel", "multi" (3–6 seats' panels), "rows" (Emperor) or
        "boss" (one player against an adventure's boss)."""
        if self.rows == 2:
            return "rows"
        if self.multi:
            return "multi"
        return "boss" if self.first_weight > 1 else "duel"

    @cached_property
    def scale(self) -> float:
        return min(self.width / REF_W, self.height / REF_H)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect on the 1920×1080 reference, scaled and centred (dialogs, banners)."""
        s = self.scale
        ox = (self.width - REF_W * s) / 2
        oy = (self.height - REF_H * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def fs(self, v: float) -> int:
        """A text size (or a distance that follows text) with the "Text size" setting."""
        return max(8, round(v * self.scale * self.text_scale))

    # -------------------------------------------------------------- card sizes

    @cached_property
    def _frame(self) -> dict[str, int]:
        """The side panel, the main area and the card width (see the module doc).  The card
        width follows the "Card size" setting only (never the text size), the other seats'
        strip never gives way to it: larger cards sink the hand further instead."""
        m = self.px(12)
        side_w = max(self.px(356), round(self.width * 0.17))
        main_w = self.width - side_w - 3 * m
        g, big = self.px(12), self.px(24)
        by_width = int((main_w - 5 * g - 2 * big) / (5 + 3 * PILE_MIN))
        room = self.height - self.px(TOP_MIN[self.kind]) - self._fixed_h()
        fit = room / ((3 - HAND_SINK) * CARD_RATIO)

        def most_for(scale: float) -> float:
            sink = min(HAND_SINK_MOST, HAND_SINK + max(0.0, scale - 1) * HAND_SINK_PER_STEP)
            return room / ((3 - sink) * CARD_RATIO)

        # the pools beside the hand keep room for their numbers at the largest text size
        # (2 rows of the pool font and padding): the hand's top stays above that line
        big_text = round(POOL_FONT * self.scale * TABLE_SIZES[-1])
        pools_need = 2 * (big_text + self.px(12)) + self.px(16)
        header = max(self.px(self.PANEL_HEADER), round(self.PANEL_HEADER * self.scale
                                                        * TABLE_SIZES[-1]))
        top_most = self.px(TOP_MIN[self.kind]) + (2 if self.rows == 2 else 1) * (
            header - self.px(self.PANEL_HEADER))
        pools_fit = (self.height - top_most - self._fixed_h() + self.px(6) - pools_need) / 2
        most = min(most_for(self.card_scale), pools_fit / CARD_RATIO)
        normal = min(by_width, fit)
        card = min(by_width, int(most), round(normal * self.card_scale))
        # (the largest card the settings give: the trade row's piles make room for it)
        biggest = min(by_width, int(min(most_for(TABLE_SIZES[-1]), pools_fit / CARD_RATIO)),
                      round(normal * TABLE_SIZES[-1]))
        # the own deck and discard piles fit that same least hand row (label and badge)
        pile = min(self.px(122), (pools_need - self.px(48)) / CARD_RATIO)
        return {"m": m, "side_w": side_w, "main_w": main_w, "g": g, "big": big,
                "card": max(self.px(40), card), "pile": int(pile),
                "normal": round(normal * CARD_RATIO), "biggest": max(self.px(40), biggest)}

    def _fixed_h(self) -> int:
        """Everything from the window's top to the bottom of a hand card that is neither a
        card nor the other seats' strip: margins, labels, the field's chips."""
        px = self.px
        return (3 * px(12) - px(4) + px(24) + px(18) + px(12) + px(26) + px(38) + px(12)
                + px(6))

    @property
    def top_min(self) -> int:
        """The other seats' strip at least: its reference height, grown with the seat
        panels' header rows by the "Text size" setting, so their cards keep their size."""
        rows = 2 if self.rows == 2 else 1  # (Emperor: two rows of panels, two headers)
        return self.px(TOP_MIN[self.kind]) + rows * (self.panel_header
                                                     - self.px(self.PANEL_HEADER))

    @property
    def hand_sunk(self) -> int:
        """How much of a hand card lies below the window's bottom edge (0 when it fits)."""
        return self._zones_and_sink[1]

    @property
    def hand_raise(self) -> int:
        """How far the card under the pointer rises out of the hand: whole into view."""
        return self.px(34) + self.hand_sunk

    @property
    def card_w(self) -> int:
        return self._frame["card"]

    @property
    def card_h(self) -> int:
        return round(self.card_w * CARD_RATIO)

    @property
    def hand_w(self) -> int:
        return self.card_w

    @property
    def hand_h(self) -> int:
        return round(self.hand_w * CARD_RATIO)

    @property
    def trade_step(self) -> int:
        """From one trade row slot to the next."""
        return self.card_w + self._frame["g"]

    @property
    def opp_card_w(self) -> int:
        """A duel opponent's (or one player's boss's) cards in play: as large as their row
        allows, with their ability chips under them."""
        field = self.zones()["opp_field"]
        h = field.h - self.px(8) - self.px(38)
        return max(self.px(30), min(self.card_w, round(h / CARD_RATIO)))

    @property
    def zoom_w(self) -> int:
        return max(self.px(440), min(round(self.card_w * 2.4), round(self.height * 0.62
                                                                     / CARD_RATIO)))

    # -------------------------------------------------------------- zones

    def zones(self) -> dict[str, pygame.Rect]:
        """Named rectangles: other seats' strip, trade row, own row, hand row, side panel."""
        return self._zones

    @cached_property
    def _zones(self) -> dict[str, pygame.Rect]:
        return self._zones_and_sink[0]

    @cached_property
    def _zones_and_sink(self) -> tuple[dict[str, pygame.Rect], int]:
        f = self._frame
        m, g, big, c = f["m"], f["g"], f["big"], f["card"]
        ch = round(c * CARD_RATIO)
        px = self.px
        x0, main_w = m, f["main_w"]
        label = px(24)
        field_h = px(26) + ch + px(38)
        hand_h = px(8) + ch + px(24)
        # the other seats' strip takes what the rows leave (at least top_min); a hand
        # card's bottom sits px(34) above the window's edge, or below it when the rows
        # need the room (the hand sinks, see HAND_SINK)
        # (as tall as Normal cards leave it whatever the card size, so that smaller cards
        # never give it room that larger ones take back; they leave a gap under it)
        top_h = max(self.top_min, self.height - px(34) - self._fixed_h() - 3 * f["normal"])
        sink = max(0, top_h + self._fixed_h() + 3 * ch - self.height)
        gap = max(0, self.height - px(34) - top_h - self._fixed_h() - 3 * ch)
        row_y = m + top_h + 2 * m - px(4) + label + gap
        field_y = row_y + ch + px(18) + g
        hand_y = field_y + field_h + g
        seen_h = min(hand_h, self.height - hand_y)  # the hand's area inside the window
        left_w = px(280)
        z: dict[str, pygame.Rect] = {}
        if self.multi:
            z["others"] = pygame.Rect(x0, m, main_w, top_h)
        else:
            z["opp_info"] = pygame.Rect(x0, m, left_w, top_h)
            z["opp_field"] = pygame.Rect(x0 + left_w + g, m, main_w - left_w - g, top_h)
        # the trade row, centred in the main area; its three piles give way to the cards
        pw = min(c, (main_w - 5 * f["biggest"] - 5 * g - 2 * big) // 3)
        ph = round(pw * CARD_RATIO)
        py = row_y + ch - ph
        row_w = 5 * c + 3 * pw + 5 * g + 2 * big
        x = x0 + max(0, (main_w - row_w) // 2)
        z["explorers"] = pygame.Rect(x, py, pw, ph)
        x += pw + big
        z["trade_row"] = pygame.Rect(x, row_y, 5 * c + 4 * g, ch)
        x += 5 * c + 4 * g + big
        z["trade_deck"] = pygame.Rect(x, py, pw, ph)
        z["scrap"] = pygame.Rect(x + pw + g, py, pw, ph)
        # own side: info and cards in play, then piles, hand and pools
        z["my_info"] = pygame.Rect(x0, field_y, left_w, field_h)
        z["my_field"] = pygame.Rect(x0 + left_w + g, field_y, main_w - left_w - g, field_h)
        pile_w = min(c, (left_w - 3 * g) // 2, f["pile"])
        pile_h = round(pile_w * CARD_RATIO)
        pile_y = hand_y + max(label, (seen_h - pile_h - px(22)) // 2)
        z["my_deck"] = pygame.Rect(x0 + g, pile_y, pile_w, pile_h)
        z["my_discard"] = pygame.Rect(x0 + 2 * g + pile_w, pile_y, pile_w, pile_h)
        pools_w = max(px(300), c + px(120))
        z["pools"] = pygame.Rect(x0 + main_w - pools_w, hand_y + px(8), pools_w,
                                 min(hand_h - px(34), seen_h - px(16)))
        hand_x = x0 + left_w + g
        z["hand"] = pygame.Rect(hand_x, hand_y, z["pools"].x - g - hand_x, seen_h)
        # side panel
        sx = x0 + main_w + m
        side_w = f["side_w"]
        seats_h = (40 + 26 * self.seats if self.multi else 112) * self.scale * self.text_scale
        seats_h = round(max(seats_h, px(112)))
        buttons_h = px(284)
        # the persistent turn marker (whose turn, or which team's) tops the side panel,
        # clear of every card
        z["turn"] = pygame.Rect(sx, m, side_w, self.fs(TURN_MARKER_FONT) + self.fs(18) + px(22))
        z["seats"] = pygame.Rect(sx, z["turn"].bottom + px(8), side_w, seats_h)
        log_y = z["seats"].bottom + px(8)
        z["log"] = pygame.Rect(sx, log_y, side_w, self.height - m - buttons_h - px(12) - log_y)
        z["buttons"] = pygame.Rect(sx, self.height - m - buttons_h, side_w, buttons_h)
        z["prompt"] = pygame.Rect(x0 + px(184), row_y - px(40), main_w - px(194),
                                  min(px(500), hand_y - row_y + px(40)))
        return z, sink

    @property
    def panel_header(self) -> int:
        """A seat panel's title rows (name, authority and counts), with the text size."""
        return max(self.px(self.PANEL_HEADER), self.fs(self.PANEL_HEADER))

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
        top = panel.y + self.panel_header
        rows = 2 if panel.bottom - top >= self.px(160) else 1
        h = max(self.px(20), (panel.bottom - top - (rows + 1) * pad) // rows)
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

    def field_cards(self, field: pygame.Rect, label: bool, h: int | None = None
                    ) -> pygame.Rect:
        """The strip of a field row where cards sit: below its label (if any), above the
        ability chips."""
        top = min(self.px(8) + self.fs(18), self.px(34)) if label else self.px(8)
        return pygame.Rect(field.x + self.px(8), field.y + top, field.w - self.px(16),
                           self.card_h if h is None else h)

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
            dy = min(self.px(16), round(abs(off) ** 1.6 * self.px(4)))
            out.append((pygame.Rect(x0 + i * step, area.y + self.px(6) + dy, w, h), tilt))
        return out
