"""Arcs at the table: the shown seat's view (draw_table) with its legal actions as
buttons on the right; computer seats act after a short pause; between two human seats a
curtain asks to pass the screen so hands stay secret; Esc pauses.

Every button is one action of :func:`legal_actions`, labelled from its fields and the
data's names (game.arcs.ui.labels); clicking it applies that action through the session.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.arcs.engine.state import HIDDEN, Action
from game.arcs.ui.labels import action_label, action_labels
from game.arcs.ui.session import ArcsSession
from game.arcs.ui.table_view import draw_table
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.scenes.overlays import Overlay, shade

TABLE = (0, 0, 1360, 765)  # the drawn table, 16:9, in the reference layout
PANEL = (1370, 70, 540, 1000)  # the action buttons
STATUS = (20, 790, 1330, 270)
BUTTON_H, GAP = 50, 6


class ArcsTableScene(Scene):
    def __init__(self, app, session: ArcsSession):
        self.session = session
        humans = session.humans
        self.viewer = humans[0] if humans else 0
        # two or more humans: the first to act sees the curtain too
        self.curtain: int | None = None
        self.shown_key: tuple | None = None
        self.table_key: tuple | None = None
        self.table_surface: pygame.Surface | None = None
        self.action_buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.ready: pygame_gui.elements.UIButton | None = None
        self.finished = False
        super().__init__(app)
        self._follow_acting(first=True)

    # ------------------------------------------------------------ who is shown

    def _follow_acting(self, first: bool = False) -> None:
        s = self.session
        acting = s.acting
        if not s.is_human(acting) or (acting == self.viewer and not first):
            return
        if len(s.humans) >= 2 and (first or acting != self.viewer):
            self.curtain = acting
        else:
            self.viewer = acting

    def lift_curtain(self) -> None:
        if self.curtain is not None:
            self.viewer = self.curtain
            self.curtain = None
            self.shown_key = None

    # ------------------------------------------------------------ building

    def build(self) -> None:
        self.shown_key = None
        self.table_key = None
        self._build_panel()

    def _panel_key(self) -> tuple:
        s = self.session
        return (len(s.state.log or ()), s.acting, self.curtain, self.viewer)

    def _build_panel(self) -> None:
        self.ui.clear_and_reset()
        self.action_buttons = {}
        self.ready = None
        self.shown_key = self._panel_key()
        s = self.session
        el = pygame_gui.elements
        if self.curtain is not None:
            name = s.names[self.curtain]
            self.ready = el.UIButton(self.rect(760, 560, 400, 80),
                                     i18n.t("arcs.play.ready", name=name), self.ui,
                                     object_id="#primary_button")
            return
        if s.over or not s.is_human(s.acting) or s.acting != self.viewer:
            return
        legal = s.legal()
        view = s.view(self.viewer)
        labels = action_labels(view, legal, s.names, i18n.language())
        area = self.rect(*PANEL)
        box = el.UIScrollingContainer(area, self.ui, allow_scroll_x=False)
        step, h = self.px(BUTTON_H + GAP), self.px(BUTTON_H)
        width = area.w - self.px(24)
        for i, (action, label) in enumerate(zip(legal, labels, strict=True)):
            b = el.UIButton(pygame.Rect(0, i * step, width, h), label, self.ui, container=box,
                            tool_tip_text=label)
            self.action_buttons[b] = action
        box.set_scrollable_area_dimensions((width, max(len(legal) * step, 1)))
        self.scroller = box

    # ------------------------------------------------------------ per frame

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(ArcsPauseScene(self.app, self))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ready:
                self.lift_curtain()
            elif event.ui_element in self.action_buttons:
                self.play(self.action_buttons[event.ui_element])

    def play(self, action: Action) -> None:
        """A human's click: the action goes to the engine through the session."""
        self.session.choose(action)
        self._follow_acting()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            return
        s = self.session
        if s.step_bots(dt):
            self._follow_acting()
        if s.over:
            self.finished = True
            self.app.replace(routes.make(self.app, "arcs.game_over", s))
            return
        if self._panel_key() != self.shown_key:
            self._build_panel()

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(palette.TABLE_BG)
        area = self.rect(*TABLE)
        s = self.session
        if self.curtain is not None:
            surface.blit(starfield(surface.get_size()), (0, 0))
            name = s.names[self.curtain]
            t = fonts.text(i18n.t("arcs.play.curtain", name=name), self.px(52), palette.WHITE,
                           bold=True)
            surface.blit(t, t.get_rect(midbottom=self.rect(960, 440, 0, 0).topleft))
            h = fonts.text(i18n.t("arcs.play.curtain_hint", name=name), self.px(26),
                           palette.MUTED)
            surface.blit(h, h.get_rect(midtop=self.rect(960, 470, 0, 0).topleft))
            return
        key = (len(s.state.log or ()), self.viewer, area.size, i18n.language())
        if key != self.table_key or self.table_surface is None:
            self.table_surface = pygame.Surface(area.size)
            draw_table(self.table_surface, s.view(self.viewer), self.viewer, s.names,
                       i18n.language())
            self.table_key = key
        surface.blit(self.table_surface, area.topleft)
        self._draw_status(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        s = self.session
        x, y, w, _ = STATUS
        lang = i18n.language()
        if not s.humans:
            line = i18n.t("arcs.play.watching")
        elif s.is_human(s.acting):
            line = i18n.t("arcs.play.your_turn", name=s.names[s.acting])
        else:
            line = i18n.t("arcs.play.waiting", name=s.names[s.acting])
        t = fonts.text(line, self.px(30), palette.WHITE, bold=True)
        surface.blit(t, self.rect(x, y, 0, 0).topleft)
        if s.last is not None:
            seat, action = s.last
            if action.kind in ("copy", "seize") and seat != self.viewer:
                action = action._replace(card=HIDDEN)  # played face down: secret
            text = f"{s.names[seat]}: {action_label(s.view(self.viewer), action, s.names, lang)}"
            t = fonts.text(i18n.t("arcs.play.last", text=text), self.px(24), palette.SOFT)
            surface.blit(t, self.rect(x, y + 50, 0, 0).topleft)
        head = fonts.text(i18n.t("arcs.play.actions"), self.px(28), palette.SOFT, bold=True)
        surface.blit(head, self.rect(PANEL[0], 24, 0, 0).topleft)
        del w


class ArcsPauseScene(Overlay):
    def __init__(self, app, table: ArcsTableScene):
        self.table = table
        super().__init__(app)

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.resume_button = mk(self.rect(760, 400, 400, 86), i18n.t("arcs.play.resume"),
                                self.ui, object_id="#primary_button")
        self.quit_button = mk(self.rect(760, 520, 400, 86), i18n.t("arcs.play.quit_to_menu"),
                              self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.resume_button:
            self.app.pop()
        elif event.ui_element is self.quit_button:
            self.table.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("arcs.play.pause"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 360, 0, 0).topleft))
