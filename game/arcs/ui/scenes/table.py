"""Arcs at the table: the shown seat's view (draw_table), played on the map and with
cards — systems, pieces and court cards are clicked, hand cards dragged onto the round's
area (game.arcs.ui.table_input), the legal targets lit, a battle's dice and a chapter's
scoring shown (game.arcs.ui.table_moments).  The legal actions stay listed on the right
as a compact numbered fallback (keys 1–9, 0).  Computer seats act after a short pause;
between two human seats a curtain asks to pass the screen so hands stay secret; Esc
pauses, F1 opens the rules reference.

Every input is one action of :func:`legal_actions` (or the reason there is none),
labelled from its fields and the data's names (game.arcs.ui.labels), applied through
the session.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.arcs.engine.state import Action
from game.arcs.ui.hits import HitMap
from game.arcs.ui.labels import action_label, action_labels, masked
from game.arcs.ui.picking import AREA_KINDS, of_kind
from game.arcs.ui.scenes.load import save_now
from game.arcs.ui.scenes.reference import ArcsReferenceScene
from game.arcs.ui.session import ArcsSession
from game.arcs.ui.style import seat_colour
from game.arcs.ui.table_input import TableInput
from game.arcs.ui.table_moments import TableMoments
from game.arcs.ui.table_view import draw_table
from game.ui import fonts, palette, routes
from game.ui.autosave_notice import AutosaveNotice
from game.ui.backdrop import starfield
from game.ui.log_panel import LogPanel, TableLog, log_text_size
from game.ui.phones import TablePhones
from game.ui.scene import Scene
from game.ui.scenes.overlays import Overlay, shade

TABLE = (0, 0, 1360, 765)  # the drawn table, 16:9, in the reference layout
PANEL = (1370, 70, 540, 1000)  # the action buttons
STATUS = (20, 780, 660, 280)  # its texts are clipped here: the move log is beside them
LOG = (690, 772, 660, 298)  # the move log, under the map at its right (game.ui.log_panel)
UNDO = (440, 1000, 220, 60)  # under the status lines, clear of the phones' names
BUTTON_H, GAP = 42, 4
AREA_BUTTONS = (1190, 280, 160, 30)  # seize / declare / pass, by the round's area
RULES_BUTTON = (1750, 12, 160, 44)
PHONES_BUTTON = (1580, 12, 160, 44)


class ArcsTableScene(TablePhones, TableLog, TableMoments, TableInput, Scene):
    TABLE = TABLE
    CHAPTER_BOX = (250, 150, 860, 470)

    def __init__(self, app, session: ArcsSession):
        self.session = session
        self.open_phones()  # before choosing whom to show: phone seats may fall back here
        self.viewer = session.screen_seat
        # two or more humans: the first to act sees the curtain too
        self.curtain: int | None = None
        self.shown_key: tuple | None = None
        self.table_key: tuple | None = None
        self.table_surface: pygame.Surface | None = None
        self.action_buttons: dict[pygame_gui.elements.UIButton, Action] = {}
        self.ready: pygame_gui.elements.UIButton | None = None
        self.area_buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.chapter_button: pygame_gui.elements.UIButton | None = None
        self.hits: HitMap | None = None
        self.status_line = ""
        self.finished = False
        self.autosave_notice = AutosaveNotice()  # a failed autosave: words, then a marker
        self.log_panel = LogPanel(seat_colour)
        self.reset_input()
        self.reset_moments()
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
        return (len(s.state.log or ()), s.acting, self.curtain, self.viewer, self.busy(),
                self.chapter_show is None)

    def _build_panel(self) -> None:
        self.ui.clear_and_reset()
        self.action_buttons = {}
        self.area_buttons = {}
        self.chapter_button = None
        self.reset_input()
        self.ready = None
        self.shown_key = self._panel_key()
        s = self.session
        el = pygame_gui.elements
        self.rules_button = el.UIButton(self.rect(*RULES_BUTTON), i18n.t("arcs.ref.button"),
                                        self.ui)
        self.build_phones_button(self.rect(*PHONES_BUTTON), self.ui)
        # Undo (game.arcs.engine.undo): only while the acting human may take an action back
        self.undo_button = el.UIButton(self.rect(*UNDO), i18n.t(
            "arcs.saves.undo"), self.ui) if self.curtain is None and s.can_undo() else None
        if self.curtain is not None:
            name = s.names[self.curtain]
            self.ready = el.UIButton(self.rect(760, 560, 400, 80),
                                     i18n.t("arcs.play.ready", name=name), self.ui,
                                     object_id="#primary_button")
            return
        if self.chapter_show is not None:
            x, y, w, h = self.CHAPTER_BOX
            self.chapter_button = el.UIButton(self.rect(x + w - 330, y + h - 76, 300, 56),
                                              i18n.t("arcs.chapter.continue"), self.ui,
                                              object_id="#primary_button")
        if s.over or not s.is_human(s.acting) or s.acting != self.viewer or self.busy():
            return
        legal = s.legal()
        view = s.view(self.viewer)
        labels = action_labels(view, legal, s.names, i18n.language())
        area = self.rect(*PANEL)
        box = el.UIScrollingContainer(area, self.ui, allow_scroll_x=False)
        step, h = self.tpx(BUTTON_H + GAP), self.tpx(BUTTON_H)
        width = area.w - self.px(24)
        for i, (action, label) in enumerate(zip(legal, labels, strict=True)):
            key = f"{(i + 1) % 10}. " if i < 10 else ""  # the number key that takes it
            b = el.UIButton(pygame.Rect(0, i * step, width, h), key + label, self.ui,
                            container=box, tool_tip_text=label)
            self.action_buttons[b] = action
        bx, by, bw, bh = AREA_BUTTONS
        for kind in AREA_KINDS:
            if of_kind(legal, kind):
                b = el.UIButton(self.rect(bx, by, bw, bh), i18n.t(f"arcs.area.{kind}"),
                                self.ui)
                self.area_buttons[b] = kind
                by += bh + 4
        box.set_scrollable_area_dimensions((width, max(len(legal) * step, 1)))
        self.scroller = box

    # ------------------------------------------------------------ per frame

    def on_event(self, event: pygame.event.Event) -> None:
        if self.phones_event(event):
            return
        if self.curtain is None and self.log_panel.wheel(event, pygame.mouse.get_pos()):
            return
        if self.chapter_show is not None and self._chapter_event(event):
            return
        if self.handle_input(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_reference()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (
                self.rules_button, *self.area_buttons):
            if event.ui_element is self.rules_button:
                self.open_reference()
            else:
                kind = self.area_buttons[event.ui_element]
                self.pick(of_kind(self.legal_now(), kind), "")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(ArcsPauseScene(self.app, self))
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_z
              and event.mod & pygame.KMOD_CTRL) or (
                event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.undo_button is not None):
            self.session.undo()  # refused (nothing happens) past the undo floor
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ready:
                self.lift_curtain()
            elif event.ui_element in self.action_buttons:
                self.play(self.action_buttons[event.ui_element])

    def play(self, action: Action) -> None:
        """A human's click: the action goes to the engine through the session."""
        self.session.choose(action)
        self.after_apply()
        self._follow_acting()

    def open_reference(self) -> None:
        self.app.push(ArcsReferenceScene(self.app))

    def _chapter_event(self, event: pygame.event.Event) -> bool:
        """While a chapter's scoring shows: Continue, Enter or Esc closes it."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_ESCAPE, pygame.K_SPACE):
            return self.dismiss_chapter()
        if (event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.chapter_button is not None):
            return self.dismiss_chapter()
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            return
        s = self.session
        self.tick_moments(dt)
        if self.pump_phones():  # a phone's move, animated as any other
            self.after_apply()
            self._follow_acting()
        if not self.busy() and s.step_bots(dt):
            self.after_apply()
            self._follow_acting()
        self.autosave_notice.update(s.autosave_status, self.app.clock_ms)
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
            self.draw_join(surface, self.px)
            return
        key = (len(s.state.log or ()), self.viewer, area.size, i18n.language())
        if key != self.table_key or self.table_surface is None:
            self.table_surface = pygame.Surface(area.size)
            hits = draw_table(self.table_surface, s.view(self.viewer), self.viewer, s.names,
                              i18n.language())
            self.hits = hits.scaled(1.0, area.topleft)
            self.table_key = key
        surface.blit(self.table_surface, area.topleft)
        self.draw_marks(surface)
        self.draw_dice_moment(surface)
        self.draw_chapter(surface)
        self._draw_status(surface)
        self.draw_log(surface)
        self.draw_join(surface, self.px)
        # under the map, left of the log: the panel's buttons cover the top right
        self.autosave_notice.draw(surface, s.autosave_status, self.app.clock_ms, self.px,
                                  self.rect(LOG[0] - 10, TABLE[3] + 14, 0, 0).topleft)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The move log beside the status lines (issue 37: bot turns leave a trace)."""
        lang = i18n.language()
        lines = self.session.move_log(self.log_viewer(), lang)
        size = log_text_size(self.app.text_scale, self.app.settings.text_size)
        self.log_panel.draw(surface, self.rect(*LOG), lines, size,
                            i18n.t("move_log.title", lang))

    def _draw_status(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect(*STATUS).clip(clip))  # never over the move log
        try:
            self._draw_status_lines(surface)
        finally:
            surface.set_clip(clip)
        head = fonts.text(i18n.t("arcs.play.actions"), self.tpx(28), palette.SOFT, bold=True)
        surface.blit(head, self.rect(PANEL[0], 24, 0, 0).topleft)

    def _draw_status_lines(self, surface: pygame.Surface) -> None:
        s = self.session
        x, y, w, _ = STATUS
        lang = i18n.language()
        if not s.humans and not s.remote:
            line = i18n.t("arcs.play.watching")
        elif s.is_human(s.acting):
            line = i18n.t("arcs.play.your_turn", name=s.names[s.acting])
        else:
            line = i18n.t("arcs.play.waiting", name=s.names[s.acting])
        t = fonts.text(line, self.tpx(30), palette.WHITE, bold=True)
        surface.blit(t, self.rect(x, y, 0, 0).topleft)
        if self.status_line:  # what a click did not do, or what to click next
            t = fonts.text(self.status_line, self.tpx(24), palette.GOLD)
            surface.blit(t, self.rect(x, y + 44, 0, 0).topleft)
        if s.last is not None:
            seat, action = s.last
            action = masked(action, self.viewer)  # a rival's face-down card: secret
            # worded from the game before it: a secured or ransacked court card is named,
            # not the card that refilled its slot (issue 37 item 5)
            label = action_label(s.view_before(self.viewer), action, s.names, lang)
            text = f"{s.names[seat]}: {label}"
            t = fonts.text(i18n.t("arcs.play.last", text=text), self.tpx(24), palette.SOFT)
            surface.blit(t, self.rect(x, y + 84, 0, 0).topleft)
        bottom = self.draw_phone_lines(surface, self.rect(x, y + 124, 0, 0).topleft,
                                       self.tpx(22))
        if s.is_remote(self.viewer):  # the hand drawn is backs: it is on the phone
            t = fonts.text(i18n.t("remote.hand_on_phone", name=s.names[self.viewer]),
                           self.tpx(20), palette.MUTED)
            surface.blit(t, (self.rect(x, 0, 0, 0).x, bottom + self.px(4)))
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
        self.save_button = mk(self.rect(760, 640, 400, 86), i18n.t("arcs.saves.save"), self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.resume_button:
            self.app.pop()
        elif event.ui_element is self.save_button:  # the button then says how it went
            self.save_button.set_text(save_now(self.table.session))
        elif event.ui_element is self.quit_button:
            self.table.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("arcs.play.pause"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 360, 0, 0).topleft))
