"""Learn to play Forbidden Stars: the lesson on the real table.

The Forbidden Stars table scene plays the lesson's game (a fixed seed, see
game.forbidden_stars.lesson); this scene draws the table a little smaller and puts the
instruction box in the strip under it (no target is ever there: targets are on the map,
the faction sheets, the hand and the action list at the right), frames the step's target
and the row of the action it expects, lets through only that action (anything else gets
"Not yet" in the box and changes nothing), plays the rival (the normal bot) at a readable
pace while the box explains, and remembers the step reached: Leave (or Esc) saves it, and
opening the lesson again replays the script up to that step.  Once the last step is done
the game goes on as a normal one against the computer.  Undo is off and nothing is saved.
"""

from __future__ import annotations

import pygame

from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.lesson import GAME, WORDS, FsLessons, Runner
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.ui.lesson.scene import LessonSceneMixin
from game.ui.lesson.session import LessonSessionMixin

BOX_H = 270  # the box's strip under the table, in the 1920×1080 reference layout


class LessonSession(LessonSessionMixin, FsSession):
    """The lesson's game: the rival (and, in a "chapter" stretch — the refresh — the
    learner's seat too) follows the runner; no autosave, no undo, no emergency save."""


class FsLessonScene(LessonSceneMixin, FsTableScene):
    GAME = GAME
    WORDS = WORDS

    def __init__(self, app, lesson_id: str = "", fresh: bool = False):
        self.rules = load_fs_rules()
        self.adapter = FsLessons(self.rules)
        super().__init__(app, self.start_lesson(app, lesson_id, fresh))

    def lesson_session(self, state, runner: Runner, names: tuple[str, str]) -> LessonSession:
        setup = FsSetup((HUMAN, "normal"), names, state.config.factions, self.lesson.seed,
                        True, self.lesson.first)
        return LessonSession(setup, state, runner)

    # ------------------------------------------------------------------ building

    def step_changed(self) -> None:
        self.table_key = None  # the table's size follows the lesson (smaller while on)
        super().step_changed()
        if self.runner.finished:
            self.build()

    def esc_leaves(self) -> bool:
        return super().esc_leaves() and not self.legend_open

    def table_area(self) -> pygame.Rect:
        """The table a strip shorter while the lesson runs: the box goes under it."""
        if not self.lesson_on:
            return super().table_area()
        area = super().table_area()  # the map's region of the table's layout
        return pygame.Rect(area.x, area.y, area.w, area.h - self.px(BOX_H))

    def box_rect(self) -> pygame.Rect:
        area, gap = self.lay.map, self.px(6)
        return pygame.Rect(area.x + gap, area.bottom - self.px(BOX_H) + gap, area.w - 2 * gap,
                           self.px(BOX_H) - 2 * gap)

    # ------------------------------------------------------------------ targets

    def expected_index(self) -> int:
        action = self.expected()
        if action is None:
            return -1
        wanted = action.to_json()
        return next((i for i, e in enumerate(self.entries()) if e["action"] == wanted), -1)

    def expected_row(self) -> pygame.Rect | None:
        """The action list's row of the action the step expects (None: not listed or
        not drawn yet); the list is scrolled to bring it into view."""
        index = self.expected_index()
        if index < 0:
            return None
        row = next((r for r, i in self.list_rows if i == index), None)
        if row is None or row.h < self.tpx(12):
            self.reveal_row(index)
            return None
        return row.copy()

    def reveal_row(self, index: int) -> None:
        """Scroll the action list so row ``index`` is in view (drawn at the next frame)."""
        if not self.list_rows:
            return
        first, last = min(i for _, i in self.list_rows), max(i for _, i in self.list_rows)
        step = max(r.h for r, _ in self.list_rows) + self.tpx(6)
        if index >= last:  # (the last drawn row may be cut by the list's bottom)
            self.list_scroll += (index - last + 1) * step
        elif index < first:
            self.list_scroll = max(0, self.list_scroll - (first - index) * step)

    def busy(self) -> bool:
        """The panel not yet rebuilt for the last change (nothing here animates)."""
        return self._panel_key() != self.shown_key

    def blocker(self) -> tuple[int, int] | None:
        """A combat's result card over the map waits for a click (the check clicks it)."""
        if self.session.combats.shown is not None and self.result_card.rect.w > 0:
            return self.result_card.rect.center
        return None

    def target_rect(self) -> pygame.Rect | None:
        """Where the step's ``target`` is now (None: not on the screen)."""
        step = self.runner.step
        if step is None or not step.target:
            return None
        head, _, rest = step.target.partition(":")
        if head == "actions":
            return self.lay.list.copy() if self.my_turn() else None
        if self.hits is None or self.panel is not None:
            return None  # the combat panel covers the map
        kind = "order" if head == "hand" else head
        found = [h for h in self.hits.hits if h.kind == kind and (not rest or h.ident == rest)]
        if not found:
            return None
        return found[0].rect.unionall([h.rect for h in found[1:]]).copy()
