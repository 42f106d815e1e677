"""Where Arcs' table puts things in a window of any size (issue 37 item 8).

Three columns fill the window: the map (with the status lines under it), the board (the
chapter, ambitions, Power track, court, this round, the players and the hand, with the
move log under it) and the actions (the Rules and Phones buttons, the scrolled list of
legal actions and, fixed at the bottom, the bar with whatever ends the step — Done,
Pass, Go on, Stop — and Undo).  The map and the board are drawn at their reference sizes
(``MAP_BASE``, ``BOARD_BASE``) and scaled into their rects, so their text grows with the
window; "Text size" grows the status lines and the log, never at the map's or the
board's cost (the columns do not depend on it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

# the smallest text the board draws (card names, suits, counts, the Power track): at the
# layout's board scale it must stay over docs/art.md's minimum (tests/test_arcs_layout_sizes)
BOARD_TEXT_MIN = 12

MAP_BASE = (1060, 1080)  # map_view draws the Reach in this rect
BOARD_BASE = (858, 1080)  # the board beside it (table_view.BOARD_RIGHT and its margins)
REFERENCE = (1920, 1080)
MAP_SHARE, BOARD_SHARE = 0.45, 0.35  # of the width; the action column has the rest
STATUS_MIN = 170  # reference px under the map for the status lines, at least
LOG_MIN = 200  # reference px under the board for the move log, at least
TOP_H = 64  # the Rules / Phones buttons' row
HEADING_H = 40  # "Your actions"
BUTTON_H, GAP = 42, 4  # a row of the list or the bar (times the UI text scale)
END_H = 68  # the bar's end actions: two lines of the buttons' 22-px bold font each
# the kinds that end a step: always in the bar, never scrolled away
END_KINDS = ("done", "pass_initiative", "proceed", "stop", "forgo", "keep_roll", "keep")
BAR_ENDS = 2  # end actions side by side in the bar (more go to the list)


@dataclass(frozen=True)
class ArcsLayout:
    """Rects in window pixels for a ``width``×``height`` window; ``text_scale`` is the
    app's (window scale times the UI scale setting), ``text_size`` the table's setting."""

    width: int
    height: int
    text_scale: float = 1.0
    text_size: float = 1.0

    @property
    def scale(self) -> float:
        return min(self.width / REFERENCE[0], self.height / REFERENCE[1])

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def tpx(self, v: float) -> int:
        """Controls (buttons): the UI text scale."""
        return round(v * self.text_scale)

    def fs(self, v: float) -> int:
        """Status text: the UI text scale and the table's text size."""
        return max(9, round(v * self.text_scale * self.text_size))

    @cached_property
    def _columns(self) -> tuple[int, int, float]:
        """(map column width, action column width, board scale)."""
        w, h = self.width, self.height
        act_w = round(w * (1 - MAP_SHARE - BOARD_SHARE))
        board_k = min(w * BOARD_SHARE / BOARD_BASE[0],
                      (h - self.px(LOG_MIN)) / BOARD_BASE[1])
        board_w = round(BOARD_BASE[0] * board_k)
        return w - act_w - board_w, act_w, board_k

    @property
    def board_scale(self) -> float:
        return self._columns[2]

    @property
    def map_scale(self) -> float:
        map_w = self._columns[0]
        return min(map_w / MAP_BASE[0], (self.height - self.px(STATUS_MIN)) / MAP_BASE[1])

    @cached_property
    def map(self) -> pygame.Rect:
        k = self.map_scale
        w, h = round(MAP_BASE[0] * k), round(MAP_BASE[1] * k)
        return pygame.Rect((self._columns[0] - w) // 2, 0, w, h)

    @cached_property
    def status(self) -> pygame.Rect:
        top = self.map.bottom
        return pygame.Rect(0, top, self._columns[0], self.height - top)

    @cached_property
    def board(self) -> pygame.Rect:
        k = self.board_scale
        return pygame.Rect(self._columns[0], 0, round(BOARD_BASE[0] * k),
                           round(BOARD_BASE[1] * k))

    @cached_property
    def log(self) -> pygame.Rect:
        b = self.board
        gap = self.px(8)
        return pygame.Rect(b.x + gap, b.bottom + gap, b.w - 2 * gap,
                           self.height - b.bottom - 2 * gap)

    @property
    def actions_x(self) -> int:
        return self.width - self._columns[1]

    @cached_property
    def top(self) -> pygame.Rect:
        return pygame.Rect(self.actions_x, 0, self._columns[1], self.px(TOP_H))

    def top_button(self, i: int) -> pygame.Rect:
        """The ``i``-th button of the top row from the right (0: Rules, 1: Phones)."""
        t = self.top
        w = (t.w - self.px(30)) // 2  # all the row has: «Правила (F1)» was cut at 1280×720
        return pygame.Rect(t.right - self.px(10) - (i + 1) * w - i * self.px(10),
                           t.y + self.px(10), w, t.h - self.px(18))

    @cached_property
    def heading(self) -> pygame.Rect:
        return pygame.Rect(self.actions_x, self.top.bottom, self._columns[1],
                           max(self.fs(HEADING_H), self.tpx(HEADING_H)))

    @property
    def row_h(self) -> int:
        return self.tpx(BUTTON_H)

    @property
    def end_h(self) -> int:
        return self.tpx(END_H)

    @property
    def row_step(self) -> int:
        return self.tpx(BUTTON_H + GAP)

    @cached_property
    def bar(self) -> pygame.Rect:
        """The fixed bar: the step's end actions on its first row (room for their labels
        on two lines each), Undo on its second."""
        pad = self.px(8)
        h = self.end_h + self.row_step + 2 * pad
        return pygame.Rect(self.actions_x, self.height - h, self._columns[1], h)

    @cached_property
    def list(self) -> pygame.Rect:
        top = self.heading.bottom
        return pygame.Rect(self.actions_x, top, self._columns[1], self.bar.y - top)

    def inner(self, r: pygame.Rect) -> pygame.Rect:
        """A region less its margins (where its buttons go)."""
        m = self.px(10)
        return pygame.Rect(r.x + m, r.y, r.w - 2 * m, r.h)

    def end_buttons(self, n: int) -> list[pygame.Rect]:
        """``n`` (1 or 2) end-action buttons side by side on the bar's first row."""
        b = self.inner(self.bar)
        gap = self.px(8)
        w = (b.w - gap * (n - 1)) // max(1, n)
        y = self.bar.y + self.px(8)
        return [pygame.Rect(b.x + i * (w + gap), y, w, self.end_h) for i in range(n)]

    @cached_property
    def undo(self) -> pygame.Rect:
        b = self.inner(self.bar)
        gap = self.row_step - self.row_h
        return pygame.Rect(b.x, self.bar.y + self.px(8) + self.end_h + gap, b.w // 2,
                           self.row_h)

    def regions(self) -> dict[str, pygame.Rect]:
        """The regions that tile the window (none overlaps another)."""
        return {"map": self.map, "status": self.status, "board": self.board,
                "log": self.log, "top": self.top, "heading": self.heading,
                "list": self.list, "bar": self.bar}

    def board_rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect of the board's reference canvas in window pixels."""
        k, b = self.board_scale, self.board
        return pygame.Rect(round(b.x + x * k), round(b.y + y * k), round(w * k),
                           round(h * k))


def reference_rect(r: pygame.Rect) -> tuple[int, int, int, int]:
    """A rect of the 1920×1080 layout as the reference tuple ``Scene.rect`` takes."""
    return (r.x, r.y, r.w, r.h)
