"""The move log of a table game (Arcs, Forbidden Stars): every action of the game in
words, as one seat may read it, kept up with the game and drawn as a scrollable panel.

:class:`MoveLog` replays the game's action log from its start (the engines are
deterministic: a save stores the actions, not the words) and asks the game's
:class:`Teller` to word each action from the states around it — per viewing seat and per
language, through that seat's player view, so what a seat may not see is never worded
for it.  The phone page and the big screen read the same lines
(:meth:`game.ui.table_session.TableSession.move_log`).

:class:`LogPanel` draws the lines in a rect: wrapped, headings in gold, each line of a
seat with a swatch of its colour; the mouse wheel over it scrolls, and it follows the
newest line unless the player has scrolled up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.ui import fonts, palette

RGB = tuple[int, int, int]
PUBLIC = -1  # the seat whose player view shows only what everyone sees
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls
MAX_LINES = 400  # the newest lines the panel keeps (the phones get the last 30)
LOG_TEXT = 20  # the log's text size in the 1920×1080 reference layout
# The projector minimum (docs/art.md: 8-px card text at 1920×1080): the log is read from
# across a room as well, so its text never goes below 12 px, whatever the window.
MIN_TEXT = 12


@dataclass(frozen=True)
class LogLine:
    """One line of the log in one language: ``seat`` whose (its colour), or -1."""

    text: str
    seat: int = -1
    heading: bool = False


Told = dict[tuple[int, str], tuple[LogLine, ...]]  # (viewer, language) → lines


class Teller(Protocol):
    """A game's wording of its actions (a fresh one per replay: it may count rounds)."""

    def start(self, state: Any) -> Told:
        """The lines before the first action (the first heading), per viewer/language."""

    def tell(self, state: Any, action: Any, apply: Callable[[Any, Any], None],
             word: bool = True) -> Told:
        """Apply ``action`` to ``state`` with ``apply`` and word it, per viewer and
        language, from the viewers' player views before and after it (``word`` False:
        only follow the game, e.g. its round count; the words are not needed)."""


class MoveLog:
    """The game's log in words, kept up with its action log by replaying it.

    ``new_game()`` is the game at its start, ``apply`` the engine's reducer and
    ``teller()`` a new :class:`Teller`.  :meth:`sync` follows the real game: new actions
    are replayed and worded; an undo (the log shorter, or different at its end) drops the
    words of the actions taken back and replays the rest once more actions come."""

    def __init__(self, new_game: Callable[[], Any], apply: Callable[[Any, Any], None],
                 teller: Callable[[], Teller]) -> None:
        self._new_game = new_game
        self._apply = apply
        self._teller_of = teller
        self._actions: list[Any] = []  # the actions worded so far
        self._told: list[Told] = []  # the first entry: the heading before them
        self._replay: Any = None  # the game after _actions (None: replay when needed)
        self._teller: Teller | None = None
        self._cache: dict[tuple[int, str], list[LogLine]] = {}

    def sync(self, log: Sequence[Any]) -> None:
        """Follow the game whose action log is ``log``."""
        n = len(self._actions)
        if self._told and n == len(log) and (n == 0 or log[-1] == self._actions[-1]):
            return  # nothing new (checked each frame: kept cheap)
        keep = 0  # the actions still the same (an undo takes back the last ones)
        while keep < min(n, len(log)) and log[keep] == self._actions[keep]:
            keep += 1
        if keep < n:
            del self._actions[keep:]
            del self._told[keep + 1:]
            self._replay = None
        if self._replay is None:
            self._restart()
        assert self._teller is not None
        for action in log[keep:]:
            self._told.append(self._teller.tell(self._replay, action, self._apply))
            self._actions.append(action)
        self._cache.clear()

    def _restart(self) -> None:
        """A fresh replay up to the actions worded so far (their words are kept)."""
        self._replay = self._new_game()
        self._teller = self._teller_of()
        start = self._teller.start(self._replay)
        if not self._told:
            self._told.append(start)
        for action in self._actions:  # already worded: only followed
            self._teller.tell(self._replay, action, self._apply, word=False)

    def by_action(self, viewer: int, lang: str) -> list[tuple[LogLine, ...]]:
        """The lines of each action in turn (the headings before the first left out)."""
        return [told.get((viewer, lang), ()) for told in self._told[1:]]

    def lines(self, viewer: int, lang: str) -> list[LogLine]:
        """Every line ``viewer`` may read, oldest first, in ``lang``."""
        key = (viewer, lang)
        found = self._cache.get(key)
        if found is None:
            found = [line for told in self._told for line in told.get(key, ())]
            self._cache[key] = found
        return found


def log_text_size(text_scale: float, text_size: float) -> int:
    """The log's font size: the table's text scale and "Text size" setting, never
    under the projector minimum."""
    return max(MIN_TEXT, round(LOG_TEXT * text_scale * text_size))


@dataclass
class _Row:
    surface: pygame.Surface
    colour: RGB | None  # the seat's swatch, on an entry's first row


class LogPanel:
    """A scrollable log drawn in a rect (see the module docstring).  ``colours`` gives
    a seat's colour; ``scroll`` counts rows scrolled up from the newest."""

    def __init__(self, colours: Callable[[int], RGB]) -> None:
        self.colours = colours
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._key: tuple | None = None  # the text size and width the rows are wrapped to
        self._rows: list[_Row] = []
        self._first: LogLine | None = None  # the first and last lines laid out, and how
        self._last: LogLine | None = None  # many: is the log given the same one grown?
        self._laid = 0
        self._fit = 0

    def _layout(self, lines: Sequence[LogLine], size: int, width: int) -> list[_Row]:
        rows = []
        swatch = max(6, size // 2)
        text_w = max(10, width - swatch - size // 2)
        for line in lines:
            colour = palette.GOLD if line.heading else palette.TEXT
            first = True
            for part in fonts.wrap(line.text, size, text_w, line.heading):
                rows.append(_Row(fonts.text(part, size, colour, line.heading),
                                 self.colours(line.seat) if first and line.seat >= 0
                                 else None))
                first = False
        return rows

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[LogLine],
             size: int, title: str = "") -> None:
        """The newest lines that fit (or older ones, scrolled), under ``title``."""
        self.rect = pygame.Rect(rect)
        pygame.draw.rect(surface, palette.TABLE_ZONE, rect, border_radius=max(2, size // 3))
        pad = max(4, size // 3)
        top = rect.y + pad
        if title:
            head = fonts.text(title, size, palette.SOFT, True)
            surface.blit(head, (rect.x + pad, top))
            top += fonts.line_step(size)
        cut = max(0, len(lines) - MAX_LINES)
        lines = lines[cut - cut % 100:]  # the oldest dropped a hundred at a time
        key = (size, rect.w)
        first = lines[0] if lines else None
        n = self._laid
        if (key == self._key and first is self._first and 0 < n <= len(lines)
                and lines[n - 1] is self._last):
            if n < len(lines):  # the same log grown: only its new lines are wrapped
                new = self._layout(lines[n:], size, rect.w - 2 * pad)
                self._rows.extend(new)
                if self.scroll:  # scrolled up: the rows read stay in place
                    self.scroll += len(new)
        else:  # another log (language, viewer, an undo) or another size
            self._rows = self._layout(lines, size, rect.w - 2 * pad)
            if key != self._key:
                self.scroll = 0
        self._key, self._first, self._laid = key, first, len(lines)
        self._last = lines[-1] if lines else None
        step = fonts.line_step(size)
        self._fit = max(1, (rect.bottom - pad - top) // step)
        self.scroll = max(0, min(self.scroll, len(self._rows) - self._fit))
        end = len(self._rows) - self.scroll
        shown = self._rows[max(0, end - self._fit):end]
        swatch = max(6, size // 2)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for i, row in enumerate(shown):
            y = top + i * step
            if row.colour is not None:
                pygame.draw.rect(surface, row.colour, (rect.x + pad, y + (step - swatch) // 2,
                                                       swatch, swatch))
            surface.blit(row.surface, (rect.x + pad + swatch + size // 2, y))
        if self.scroll:  # older lines above the newest: say that more are below
            mark = fonts.text("▼", size, palette.GOLD, True)
            surface.blit(mark, mark.get_rect(bottomright=(rect.right - pad,
                                                          rect.bottom - pad)))
        surface.set_clip(clip)

    @property
    def rows(self) -> int:
        """The wrapped rows of the log as last drawn."""
        return len(self._rows)

    @property
    def fit(self) -> int:
        """How many rows the panel shows at once."""
        return self._fit

    def wheel(self, event: pygame.event.Event, pos: tuple[int, int]) -> bool:
        """The mouse wheel over the panel scrolls it (up: older lines); True if it did."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.collidepoint(pos):
            return False
        most = max(0, len(self._rows) - self._fit)
        self.scroll = max(0, min(most, self.scroll + event.y * WHEEL_ROWS))
        return True


class TableLog:
    """Whose move log a game's table shows (mixed into the Arcs and Forbidden Stars
    table scenes, which hold ``session``, ``viewer`` and ``curtain``)."""

    session: Any
    viewer: int
    curtain: Any

    def log_viewer(self) -> int:
        """The seat shown (a phone's seat: the public one, its secrets are on the
        phone), the public one while a curtain is up."""
        if self.curtain is not None or self.session.is_remote(self.viewer):
            return PUBLIC
        return self.viewer
