"""Learn to play Arcs: the lesson on the real table.

The Arcs table scene plays the lesson's game (a fixed seed, see game.arcs.lesson); this
scene adds the instruction box over the status lines and the move log (the strip under
the map and the board, left of the action list: no target is ever in it), the gold frame
on the step's target and on the row of the action it expects, lets through only that
action (anything else gets "Not yet" in the box and changes nothing), plays the rival
(the normal bot) at a readable pace while the box explains, and remembers the step
reached: Leave (or Esc) saves it, and opening the lesson again replays the script up to
that step.  Once the last step is done the game goes on as a normal one against the
computer.  Undo is off and nothing is saved.
"""

from __future__ import annotations

import pygame

from game.arcs.data import load_arcs_rules
from game.arcs.lesson import GAME, WORDS, ArcsLessons, Runner
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import HUMAN, ArcsSession, ArcsSetup
from game.ui.lesson.scene import LessonSceneMixin
from game.ui.lesson.session import LessonSessionMixin


class LessonSession(LessonSessionMixin, ArcsSession):
    """The lesson's game: the rival (and, in a "chapter" stretch, the learner's seat
    too) follows the runner; no autosave, no undo, no emergency save."""


class ArcsLessonScene(LessonSceneMixin, ArcsTableScene):
    GAME = GAME
    WORDS = WORDS

    def __init__(self, app, lesson_id: str = "", fresh: bool = False):
        self.rules = load_arcs_rules()
        self.adapter = ArcsLessons(self.rules)
        super().__init__(app, self.start_lesson(app, lesson_id, fresh))

    def lesson_session(self, state, runner: Runner, names: tuple[str, str]) -> LessonSession:
        setup = ArcsSetup((HUMAN, "normal"), names, self.lesson.seed, state.setup_card,
                          False, self.lesson.first)
        return LessonSession(setup, state, runner)

    # ------------------------------------------------------------------ building

    def _build_panel(self) -> None:
        super()._build_panel()
        self.reveal_row()

    def step_changed(self) -> None:
        self.shown_key = None  # the panel again: the lit row follows the step
        super().step_changed()

    def box_rect(self) -> pygame.Rect:
        """Under the map and the board (the status lines and the log), left of the
        actions: every target is on the map, the board or the action column."""
        lay = self.lay
        top = max(lay.map.bottom, lay.board.bottom)
        gap = self.px(4)
        return pygame.Rect(gap, top + gap, lay.actions_x - 2 * gap,
                           self.app.size[1] - top - 2 * gap)

    # ------------------------------------------------------------------ targets

    def expected_row(self) -> pygame.Rect | None:
        """The action list's row of the action the step expects (None: not listed)."""
        action = self.expected()
        button = next((b for b, a in self.action_buttons.items() if a == action), None)
        return button.rect.copy() if button is not None and action is not None else None

    def reveal_row(self) -> None:
        """Scroll the action list so the expected action's row is in view."""
        action = self.expected()
        scroller = getattr(self, "scroller", None)
        if action is None or not self.action_buttons or scroller is None:
            return
        # the scrolled rows (the bar's end actions are never scrolled away)
        inside = scroller.get_container()
        rows = [a for b, a in self.action_buttons.items() if b.ui_container is inside]
        if action not in rows or scroller.vert_scroll_bar is None:
            return
        area = scroller.rect
        span = self.row_span(action)  # rows are as tall as their wrapped labels
        if span is None:
            return
        top, step, total = span
        if top + step > area.h:
            scroller.vert_scroll_bar.set_scroll_from_start_percentage(
                min(1.0, max(0.0, (top - area.h / 2) / total)))
            scroller.update(0.0)

    def blocker(self) -> tuple[int, int] | None:
        """A chapter's scoring over the map waits for its Continue (the check clicks it)."""
        if self.chapter_show is not None and self.chapter_button is not None:
            return self.chapter_button.rect.center
        return None

    def target_rect(self) -> pygame.Rect | None:
        """Where the step's ``target`` is now (None: not on the screen)."""
        step = self.runner.step
        if step is None or not step.target:
            return None
        head, _, rest = step.target.partition(":")
        if head == "actions":
            return self.lay.list.copy()
        if self.hits is None:
            return None
        kind = {"play_area": "play_area"}.get(head, head)
        found = [h for h in self.hits.hits if h.kind == kind and (
            not rest or h.ident == rest or (head == "court" and str(h.index) == rest))]
        if not found:
            return None
        rect = found[0].rect.unionall([h.rect for h in found[1:]]) if not rest \
            else found[0].rect
        return rect.copy()
