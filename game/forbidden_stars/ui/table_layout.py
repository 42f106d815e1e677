"""Where Forbidden Stars' table puts things in a window of any size (issue 38 item 10).

Two columns fill the window.  The map, the main way to act, takes the left one and as
much of the width as the board's shape can use (``MAP_MAX`` of it at most); a board
taller than wide is drawn turned a quarter (map_view.Geometry), so its tiles are sized
by the window's long side.  When the map leaves a strip of eight log lines under it, the
move log goes there.  The right column holds, top to bottom: the buttons (Rules, Menu,
Undo, Phones), the round box, one compact sheet per faction (its figures in one row
where they fit, its cards line only when it has cards, its faction under its name when
the two do not fit one line whole), the viewer's order tokens (two
rows of two), the status lines (whose turn, the prompt, the last move: as many as the
scene counts), "What you may do" and the numbered list of legal actions (the fallback
to the map), and the log when it is not under the map.

Lengths: ``scale`` fits the 1920×1080 reference into the window, ``text_scale`` is the
app's (``scale`` times the UI scale setting) and sizes the map's and the sheets' text;
``text_size`` (the table's "Text size") grows the status lines, the list and the log,
never at the map's or the sheets' cost (their rects do not depend on it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import pygame

from game import i18n
from game.ui import fonts

REFERENCE = (1920, 1080)
MAP_MAX = 0.68  # of the width: the right column keeps the rest
# reference px under the map worth giving the move log: eight lines; a shorter strip
# (2 players at 16:9) leaves the log to the column, where a short list gives it more
UNDER_MIN = 260
LOG_SIDE = 0.35  # of what the list and the log share, when the log is in the column
BUTTON_H = 44  # a top button (times the text scale)
PAD = 8  # reference px between the column's boxes
# the sheets' and the round box's fonts (reference px, times the text scale)
NAME, LABEL, VALUE, CARD = 19, 13, 18, 15
HEAD = (22, 18, 16)  # the round box: the round, the phase, whose turn
HAND_TITLE, TOKEN_R = 16, 15
STATUS, STATUS_SMALL, STATUS_LINES = 24, 18, 4  # the status lines (times the text size)
STATUS_MOST = 6  # small lines: the prompt, a note and the last move, two each
HEADING = 20
ROW = 18  # the action list's text (times the text size)
STAT_GAP = 12  # reference px between two figures of a sheet's one-row stats
STATS = ("materiel", "objectives", "command", "orders", "combat_deck", "events")
# the widest figures a sheet shows (the one-row stats must hold them whole)
STAT_SAMPLE = ("99", "9/9", "9", "9", "99 + 99", "99")
TITLE_GAP = 10  # reference px between a sheet's name and its faction on one line


def line(size: int, bold: bool = True) -> int:
    return fonts.font(size, bold).get_height()


@dataclass(frozen=True)
class FsLayout:
    """Rects in window pixels for a ``width``×``height`` window showing a board of
    ``rows``×``cols`` tiles (as the engine has it) and ``players`` faction sheets."""

    width: int
    height: int
    text_scale: float = 1.0
    text_size: float = 1.0
    rows: int = 3
    cols: int = 4
    players: int = 4
    # the action list's labels: the list takes their height and the log the rest of the
    # column (issue 38: a short list left an empty gap over a two-line log); None: the
    # list keeps all but the log's share
    labels: tuple[str, ...] | None = None
    # the status box's small lines (the prompt, a note, the last move): the scene
    # counts them, so no empty gap sits over the list
    status_lines: int = STATUS_LINES
    # which sheets have a line of assets, upgrades or a Scheme (None: all)
    cards: tuple[bool, ...] | None = None
    lang: str | None = None  # the stats' words (None: the app's language)
    # which sheets show the faction on a line of its own under the name: the two do not
    # fit one line whole ("Космодесант Хаоса (Пожиратели миров)" at 1280×720); None: none
    faction_below: tuple[bool, ...] | None = None
    # which sheets show the faction's short name ("Пожиратели миров"): the whole one fits
    # neither beside the name nor under it (the column is full); None: none
    faction_short: tuple[bool, ...] | None = None

    @property
    def scale(self) -> float:
        return min(self.width / REFERENCE[0], self.height / REFERENCE[1])

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def tpx(self, v: float) -> int:
        """The map's, the sheets' and the buttons' text: the UI text scale."""
        return max(9, round(v * self.text_scale))

    def fs(self, v: float) -> int:
        """The status lines, the list and the log: the text scale and the text size."""
        return max(9, round(v * self.text_scale * self.text_size))

    @property
    def shape(self) -> tuple[int, int]:
        """The board's rows and columns as drawn: landscape (turned when taller)."""
        r, c = max(1, self.rows), max(1, self.cols)
        return (min(r, c), max(r, c))

    @cached_property
    def tile(self) -> float:
        r, c = self.shape
        return min(self.height / r, self.width * MAP_MAX / c)

    @cached_property
    def map(self) -> pygame.Rect:
        """The map: the left column, as tall as the tiles (the window when no log fits
        under it); map_view centres the tiles in it."""
        r, c = self.shape
        h = round(self.tile * r)
        if self.height - h < self.px(UNDER_MIN):
            h = self.height
        return pygame.Rect(0, 0, round(self.tile * c), h)

    def board(self, area: pygame.Rect | None = None) -> pygame.Rect:
        """Where the tiles go in the map's region: a margin for a storm on the board's
        edge, whose band overhangs the tiles."""
        m = max(3, self.px(7))
        return (self.map if area is None else area).inflate(-2 * m, -2 * m)

    @property
    def log_under(self) -> bool:
        return self.map.h < self.height

    @property
    def side_x(self) -> int:
        return self.map.right

    @property
    def side_w(self) -> int:
        return self.width - self.map.right

    def _box(self, y: int, h: int) -> pygame.Rect:
        m = self.px(PAD)
        return pygame.Rect(self.side_x + m, y, self.side_w - 2 * m, h)

    @cached_property
    def top(self) -> pygame.Rect:
        """The buttons' row."""
        return pygame.Rect(self.side_x, 0, self.side_w, self.tpx(BUTTON_H) + self.px(12))

    def top_button(self, i: int, n: int = 4) -> pygame.Rect:
        """The ``i``-th of ``n`` buttons side by side in the top row."""
        t = self.top
        gap = self.px(8)
        w = (t.w - (n + 1) * gap) // n
        return pygame.Rect(t.x + gap + i * (w + gap), t.y + self.px(6), w,
                           self.tpx(BUTTON_H))

    @cached_property
    def header(self) -> pygame.Rect:
        """The round box: the round, the phase, whose turn (and the legend's button)."""
        h = sum(line(self.tpx(v)) for v in HEAD) + self.px(10)
        return self._box(self.top.bottom, h)

    @cached_property
    def stat_words(self) -> tuple[str, ...]:
        """The six figures' labels when they fit one row of a sheet (the whole words,
        else the short ones; each figure's whole word is on hover), else () for two
        rows of three with the whole words.  Measured with the widest figures, so a
        row never cuts; issue 38: two rows per sheet left the log 1 line at 4 players."""
        lang = self.lang or i18n.language()
        sheet_w = self._box(0, 0).w - self.px(18)  # table_view's pads
        gap = self.px(STAT_GAP)
        label, value = fonts.font(self.tpx(CARD - 2), False), fonts.font(self.tpx(VALUE))
        for suffix in ("", "_short"):
            words = tuple(i18n.t(f"fs_table.{k}{suffix}", lang) for k in STATS)
            need = sum(label.size(w)[0] + self.px(4) + value.size(v)[0]
                       for w, v in zip(words, STAT_SAMPLE, strict=True))
            if need + gap * (len(STATS) - 1) <= sheet_w:
                return words
        return ()

    def sheet_height(self, i: int) -> int:
        """Sheet ``i``: the name and faction, the figures (one row or two), the line of
        its cards when it has any."""
        cards = self.cards is None or i >= len(self.cards) or self.cards[i]
        return (self.sheet_h - (0 if cards else line(self.tpx(CARD), False))
                + (line(self.tpx(CARD), False) if self.faction_under(i) else 0))

    def faction_under(self, i: int) -> bool:
        """Does sheet ``i`` show its faction on a line of its own, under the name?"""
        return self.faction_below is not None and i < len(self.faction_below) \
            and self.faction_below[i]

    def short_faction(self, i: int) -> bool:
        """Does sheet ``i`` show its faction's short name (the whole one on hover)?"""
        return self.faction_short is not None and i < len(self.faction_short) \
            and self.faction_short[i]

    @property
    def title_w(self) -> int:
        """The room of a sheet's name line (table_view's pads: 12 left, 6 right)."""
        return self._box(0, 0).w - self.px(18)

    def title_fits(self, title: str, faction: str) -> bool:
        """Whether a sheet's name and its faction fit one line, both whole (else its
        faction goes under it, or its short name is tried)."""
        name_w = fonts.font(self.tpx(NAME), True).size(title)[0]  # drawn bold
        faction_w = fonts.font(self.tpx(CARD), False).size(faction)[0]
        return name_w + self.px(TITLE_GAP) + faction_w <= self.title_w

    @property
    def sheet_h(self) -> int:
        """A sheet with a line of cards."""
        rows = 1 if self.stat_words else 2
        return (line(self.tpx(NAME)) + rows * line(self.tpx(VALUE))
                + line(self.tpx(CARD), False) + self.px(12))

    @cached_property
    def sheets(self) -> pygame.Rect:
        """The faction sheets, one under another."""
        gap = self.px(PAD) // 2
        h = sum(self.sheet_height(i) for i in range(self.players)) \
            + max(0, self.players - 1) * gap
        return self._box(self.header.bottom + gap, h)

    def sheet(self, i: int) -> pygame.Rect:
        gap = self.px(PAD) // 2
        s = self.sheets
        y = s.y + sum(self.sheet_height(j) + gap for j in range(i))
        return pygame.Rect(s.x, y, s.w, self.sheet_height(i))

    @property
    def token_r(self) -> int:
        return self.tpx(TOKEN_R)

    @cached_property
    def hand(self) -> pygame.Rect:
        """The viewer's order tokens: a title and two rows of two (a row of four
        cuts the longer names at 1280×720)."""
        h = line(self.tpx(HAND_TITLE)) + 2 * (2 * self.token_r + self.px(6)) + self.px(10)
        return self._box(self.sheets.bottom + self.px(PAD) // 2, h)

    @cached_property
    def status(self) -> pygame.Rect:
        n = max(0, min(STATUS_MOST, self.status_lines))
        h = line(self.fs(STATUS)) + n * line(self.fs(STATUS_SMALL), False) + self.px(8)
        return self._box(self.hand.bottom + self.px(PAD) // 2, h)

    @cached_property
    def heading(self) -> pygame.Rect:
        return self._box(self.status.bottom, line(self.tpx(HEADING)) + self.px(4))

    @cached_property
    def _rest(self) -> pygame.Rect:
        """Under the heading to the window's bottom: the list (and the log)."""
        top = self.heading.bottom
        return self._box(top, self.height - self.px(PAD) // 2 - top)

    @cached_property
    def list(self) -> pygame.Rect:
        r = self._rest
        if self.log_under:
            return r
        return pygame.Rect(r.x, r.y, r.w, r.h - self.log.h - self.px(PAD))

    @cached_property
    def log(self) -> pygame.Rect:
        """The move log: under the map, or at the column's bottom."""
        m = self.px(PAD)
        if self.log_under:
            # a storm on the board's bottom edge overhangs the map by half its band
            return pygame.Rect(m, self.map.bottom + m, self.map.w - 2 * m,
                               self.height - self.map.bottom - m - m // 2)
        r = self._rest
        # the list keeps three rows before the log takes its share
        h = max(0, min(round(r.h * LOG_SIDE), r.h - 3 * self.row_h - self.px(PAD)))
        if self.labels is not None:  # and the rows a shorter list leaves free
            h = max(h, r.h - self.list_need - self.px(PAD))
        return pygame.Rect(r.x, r.bottom - h, r.w, h)

    @cached_property
    def list_need(self) -> int:
        """The height of the list of ``labels`` as table_view.draw_list draws it: rows
        of up to two wrapped lines, a gap under each."""
        tk = self.text_scale * self.text_size
        size = max(10, round(ROW * tk))
        line_h = fonts.font(size).get_linesize()
        pad = max(3, round(6 * tk))
        text_w = self._rest.w - fonts.font(size, True).size("00.")[0] - 4 * pad
        return sum(min(2, len(fonts.wrap(label, size, text_w))) * line_h + 3 * pad
                   for label in self.labels or ())

    @property
    def waiting_log(self) -> pygame.Rect:
        """The log while the viewer waits: in the list's place too (a bot's moves)."""
        return self.log if self.log_under else self.list.union(self.log)

    @property
    def row_h(self) -> int:
        """An action row of one line."""
        size = self.fs(ROW)
        return fonts.font(size).get_linesize() + 2 * max(3, round(6 * self.text_scale))

    def regions(self) -> dict[str, pygame.Rect]:
        """The regions that tile the window (none overlaps another)."""
        return {"map": self.map, "top": self.top, "header": self.header,
                "sheets": self.sheets, "hand": self.hand, "status": self.status,
                "heading": self.heading, "list": self.list, "log": self.log}


def has_cards(player: dict) -> bool:
    """Whether a sheet shows a line of assets, order upgrades or a face-up Scheme."""
    return bool(player.get("assets") or player.get("upgrades") or player.get("schemes"))


def sheet_title(model: dict[str, Any], player: dict[str, Any], lang: str | None = None) -> str:
    """A sheet's name line: the seat's name, "you" for the viewer, "first player"."""
    name = player["name"]
    if player["seat"] == model.get("seat"):
        name += " · " + i18n.t("fs_table.you", lang)
    if player["seat"] == model.get("first"):
        name += " · " + i18n.t("fs_table.first", lang)
    return name


def for_model(width: int, height: int, model: dict, text_scale: float | None = None,
              text_size: float = 1.0, status_lines: int = STATUS_LINES,
              lang: str | None = None) -> FsLayout:
    """The layout of ``model``'s board, players and legal actions in a
    ``width``×``height`` window."""
    scale = min(width / REFERENCE[0], height / REFERENCE[1])
    players = model.get("players", ())
    lay = FsLayout(width, height, scale if text_scale is None else text_scale, text_size,
                   model.get("rows", 3) or 3, model.get("cols", 4) or 4,
                   max(1, len(players)),
                   tuple(e["label"] for e in model.get("actions", ())), status_lines,
                   tuple(has_cards(p) for p in players) if players else None, lang)
    if not players:
        return lay
    # (a sketch of a model, as some tests give, names no seat: nothing to measure)
    wanted = [i for i, p in enumerate(players) if "name" in p and "faction_name" in p
              and not lay.title_fits(sheet_title(model, p, lang), p["faction_name"])]
    below = [False] * len(players)
    for i in wanted:  # a line each, while the list under them keeps three rows
        below[i] = True
        tried = replace(lay, faction_below=tuple(below))
        if tried._rest.h < 3 * tried.row_h:
            below[i] = False  # (a huge UI scale: the column is full)
            break
        lay = tried
    # the rest show their faction's short name, which is never longer than the whole
    short = tuple(i in wanted and not below[i] and bool(players[i].get("faction_short"))
                  for i in range(len(players)))
    return replace(lay, faction_short=short) if any(short) else lay
