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
from game.arcs.ui.scenes.reference import ArcsReferenceScene
from game.arcs.ui.session import ArcsSession
from game.arcs.ui.style import fit, seat_colour
from game.arcs.ui.table_input import TableInput
from game.arcs.ui.table_layout import BAR_ENDS, END_KINDS, REFERENCE, ArcsLayout, reference_rect
from game.arcs.ui.table_moments import TableMoments
from game.arcs.ui.table_view import draw_regions
from game.ui import fonts, palette, routes
from game.ui.autosave_notice import AutosaveNotice
from game.ui.backdrop import starfield
from game.ui.card_zoom import CardZoom
from game.ui.curtain import TableCurtain
from game.ui.log_panel import LogPanel, TableLog, log_text_size
from game.ui.phones import TablePhones
from game.ui.scene import Scene
from game.ui.table_pause import TablePauseScene
from game.ui.tooltip import draw_tooltip, tooltip_layout
from game.ui.wrapped_button import row_height, wrapped_button

# The regions of the 1920×1080 layout (game.arcs.ui.table_layout), for the lesson and the
# tests that take reference rects; the scene itself lays out for its window (``lay``).
_REF = ArcsLayout(*REFERENCE)
TABLE = reference_rect(_REF.map)  # the map
BOARD = reference_rect(_REF.board)
PANEL = reference_rect(_REF.list)  # the scrolled action list
BAR = reference_rect(_REF.bar)  # Done / Pass / Go on and Undo: never scrolled away
STATUS = reference_rect(_REF.status)
LOG = reference_rect(_REF.log)
UNDO = reference_rect(_REF.undo)
ROUND_ZONE = (8, 384, 842, 150)  # this round's area in the board's canvas (table_view)


class ArcsTableScene(TableCurtain, TablePhones, TableLog, TableMoments, TableInput, Scene):
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
        self.status_cut = False  # a status line had to be cut (no room under the map)
        self.finished = False
        self.autosave_notice = AutosaveNotice()  # a failed autosave: words, then a marker
        self.log_panel = LogPanel(seat_colour)
        self.card_zoom = CardZoom()  # a right click on a card (issue 37 item 1)
        self.reset_input()
        self.reset_moments()
        super().__init__(app)
        self._follow_acting(first=True)  # (TableCurtain: who is shown)

    # ------------------------------------------------------------ layout

    @property
    def lay(self) -> ArcsLayout:
        """The layout for the window as it is now (issue 37 item 8)."""
        key = (self.app.size, self.app.text_scale, self.app.settings.text_size)
        if getattr(self, "_lay_key", None) != key:
            self._lay = ArcsLayout(*self.app.size, self.app.text_scale,
                                   self.app.settings.text_size)
            self._lay_key = key
        return self._lay

    @property
    def TABLE(self) -> tuple[float, float, float, float]:  # TableMoments reads it
        """The drawn table covers the window: ``rect(*TABLE)`` is the window's rect."""
        s = self.app.scale
        w, h = self.app.size
        return (-(w - 1920 * s) / 2 / s, -(h - 1080 * s) / 2 / s, w / s, h / s)

    def map_centre(self) -> tuple[int, int]:
        return self.lay.map.center

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
        self.row_spans: list[tuple[Action, int, int]] = []
        self.chapter_button = None
        self.reset_input()
        self.ready = None
        self.shown_key = self._panel_key()
        s = self.session
        el = pygame_gui.elements
        lay = self.lay
        k = self.app.text_scale
        self.rules_button = wrapped_button(lay.top_button(0), i18n.t("arcs.ref.button"),
                                           self.ui, k, centred=True)
        self.build_phones_button(lay.top_button(1), self.ui)
        # Undo (game.arcs.engine.undo): only while the acting human may take an action back
        self.undo_button = el.UIButton(lay.undo, i18n.t(
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
        keyed = [(f"{(i + 1) % 10}. " if i < 10 else "", a, label)  # its number key
                 for i, (a, label) in enumerate(zip(legal, labels, strict=True))]
        # whatever ends the step sits in the fixed bar, never at the bottom of a long
        # scrolled list (issue 37 item 8); the rest scroll
        ends = [k for k in keyed if k[1].kind in END_KINDS][:BAR_ENDS]
        rows = [k for k in keyed if k not in ends]
        area = lay.inner(lay.list)
        box = el.UIScrollingContainer(area, self.ui, allow_scroll_x=False)
        gap = lay.row_step - lay.row_h
        width = area.w - self.px(14)
        # a row is as tall as its whole label wrapped (issue 37 item 7: pygame-gui cut it)
        top = 0
        for key, action, label in rows:
            h = row_height(key + label, width, k, lay.row_h)
            b = wrapped_button(pygame.Rect(0, top, width, h), key + label, self.ui, k,
                               container=box, tool_tip_text=label)
            self.action_buttons[b] = action
            self.row_spans.append((action, top, h))
            top += h + gap
        for rect, (key, action, label) in zip(lay.end_buttons(len(ends)), ends, strict=True):
            b = wrapped_button(rect, key + label, self.ui, k, tool_tip_text=label,
                               object_id="#primary_button", centred=True)
            self.action_buttons[b] = action
        zone = lay.board_rect(*ROUND_ZONE)
        bw = self.px(190)
        by = zone.y + self.px(24)
        for kind in AREA_KINDS:
            if kind in END_KINDS or not of_kind(legal, kind):
                continue  # passing the initiative is in the bar
            text = i18n.t(f"arcs.area.{kind}")
            bh = row_height(text, bw, k, self.tpx(34), max_lines=2)
            b = wrapped_button(pygame.Rect(zone.right - bw - self.px(6), by, bw, bh), text,
                               self.ui, k, centred=True)
            self.area_buttons[b] = kind
            by += bh + self.px(4)
        box.set_scrollable_area_dimensions((width, max(top, 1)))
        self.scroller = box

    def row_span(self, action: Action) -> tuple[int, int, int] | None:
        """(top, height, total height) of ``action``'s row in the scrolled list (None:
        not in it) — rows are as tall as their wrapped labels (the lesson scrolls to one)."""
        spans = getattr(self, "row_spans", [])
        total = sum(h for _, _, h in spans) + (len(spans) - 1) * (
            self.lay.row_step - self.lay.row_h)
        return next(((top, h, max(1, total)) for a, top, h in spans if a == action), None)

    # ------------------------------------------------------------ per frame

    def on_event(self, event: pygame.event.Event) -> None:
        if self.card_zoom.handle(event):  # open: it has the pointer and the keys
            return
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
            self.app.push(TablePauseScene(self.app, self))
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_z
              and event.mod & pygame.KMOD_CTRL) or (
                event.type == pygame_gui.UI_BUTTON_PRESSED
                and event.ui_element is self.undo_button is not None):
            self.undo()
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

    def undo(self) -> bool:
        done = self.session.undo()  # refused (nothing happens) past the undo floor
        if done:
            self.status_line = ""  # what it said ("Cancelled.") was about the undone move
        return done

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
        lay = self.lay
        key = (len(s.state.log or ()), self.viewer, lay, i18n.language())
        if key != self.table_key or self.table_surface is None:
            # the whole window: the map and the board in their rects (table_layout)
            self.table_surface = pygame.Surface(surface.get_size())
            self.table_surface.fill(palette.TABLE_BG)
            self.hits = draw_regions(self.table_surface, s.view(self.viewer), self.viewer,
                                     lay.map, lay.board, s.names, i18n.language())
            self.table_key = key
        surface.blit(self.table_surface, (0, 0))
        self.draw_marks(surface)
        self.draw_dice_moment(surface)
        self.draw_chapter(surface)
        self._draw_status(surface)
        self.draw_log(surface)
        self.draw_join(surface, self.px)
        # under the map, at the status lines' right
        st = lay.status
        self.autosave_notice.draw(surface, s.autosave_status, self.app.clock_ms, self.px,
                                  (st.centerx, st.y + self.px(14)))

    def draw(self, surface: pygame.Surface) -> None:
        """The card under the pointer, and a card's zoom, go over the action buttons."""
        super().draw(surface)
        if self.curtain is not None:
            return
        if self.card_zoom.is_open:
            self.card_zoom.draw(surface, self.app.text_scale)
        elif self.drag is None and not self.modal() and self.app.top is self:
            self.draw_card_tip(surface)  # not under the pause menu, Settings or the rules

    def draw_card_tip(self, surface: pygame.Surface) -> None:
        """What the card under the pointer says, beside it (game.ui.tooltip)."""
        hit = self.hover
        face = self.card_at(hit.rect.center) if hit is not None else None
        if hit is None or face is None:
            return
        pos = pygame.mouse.get_pos() if hit.rect.collidepoint(pygame.mouse.get_pos()) \
            else hit.rect.center
        lay = tooltip_layout(face.title, face.kind, face.body, pos, surface.get_rect(),
                             self.tpx(22), self.tpx(560), avoid=hit.rect)
        draw_tooltip(surface, lay, face.accent)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The move log beside the status lines (issue 37: bot turns leave a trace)."""
        lang = i18n.language()
        lines = self.session.move_log(self.log_viewer(), lang)
        size = log_text_size(self.app.text_scale, self.app.settings.text_size)
        self.log_panel.draw(surface, self.lay.log, lines, size,
                            i18n.t("move_log.title", lang))

    def _draw_status(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.lay.status.clip(clip))  # never over the board or the list
        try:
            self._draw_status_lines(surface)
        finally:
            surface.set_clip(clip)
        lay = self.lay
        head = fonts.text(i18n.t("arcs.play.actions"), lay.fs(28), palette.SOFT, bold=True)
        surface.blit(head, head.get_rect(midleft=(lay.heading.x + self.px(12),
                                                  lay.heading.centery)))

    def _draw_status_lines(self, surface: pygame.Surface) -> None:
        """Under the map: whose move, what a click did not do, the last move, the phones;
        each line cut to the map's width (the whole of it is in the log)."""
        s = self.session
        lay = self.lay
        box = lay.status
        x, y = box.x + self.px(20), box.y + self.px(10)
        room = box.w - self.px(40)
        lang = i18n.language()
        self.status_cut = False

        def line(text: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> None:
            # wrapped while the box has room (issue 37 item 7), cut only past its bottom
            nonlocal y
            lines = fonts.wrap(text, size, room, bold)
            for i, part in enumerate(lines):
                last = i == len(lines) - 1 or y + 2 * round(size * 1.45) > box.bottom
                if not last:
                    shown = part
                else:
                    shown = fit(" ".join(lines[i:]), size, room, bold)
                    self.status_cut |= shown != " ".join(lines[i:])
                surface.blit(fonts.text(shown, size, colour, bold=bold), (x, y))
                y += round(size * 1.45)
                if last:
                    break

        if not s.humans and not s.remote:
            head = i18n.t("arcs.play.watching")
        elif s.is_human(s.acting):
            head = i18n.t("arcs.play.your_turn", name=s.names[s.acting])
        else:
            head = i18n.t("arcs.play.waiting", name=s.names[s.acting])
        line(head, lay.fs(30), palette.WHITE, True)
        if self.status_line:  # what a click did not do, or what to click next
            line(self.status_line, lay.fs(24), palette.GOLD)
        if s.last is not None:
            seat, action = s.last
            action = masked(action, self.viewer)  # a rival's face-down card: secret
            # worded from the game before it: a secured or ransacked court card is named,
            # not the card that refilled its slot (issue 37 item 5)
            label = action_label(s.view_before(self.viewer), action, s.names, lang)
            line(i18n.t("arcs.play.last", text=f"{s.names[seat]}: {label}"), lay.fs(24),
                 palette.SOFT)
        bottom = self.draw_phone_lines(surface, (x, y), lay.fs(22))
        if s.is_remote(self.viewer):  # the hand drawn is backs: it is on the phone
            t = fonts.text(i18n.t("remote.hand_on_phone", name=s.names[self.viewer]),
                           lay.fs(20), palette.MUTED)
            surface.blit(t, (x, bottom + self.px(4)))
