"""Forbidden Stars at the table: the shown seat's model drawn (the tile map, the faction
sheets, its order tokens), played on the map (game.forbidden_stars.ui.table_input) with
every legal action also listed on the right, numbered (keys 1–9, 0), worded by
game.forbidden_stars.labels.  During a combat the combat panel (game.forbidden_stars.ui.
combat_view) covers the map and takes the clicks (its choices stay in the list too); a
retreat is chosen on the map.

Computer seats act after a short pause (session.step_bots); between two human seats a
curtain asks to pass the screen, so hidden orders and cards stay secret; Esc opens the
pause menu (game/ui/table_pause.py), F1 the rules reference; the player's UI scale setting
sizes the text and buttons.  Where everything goes follows the window and the board
(game.forbidden_stars.ui.table_layout, :attr:`FsTableScene.lay`).  The game's end
opens ``forbidden_stars.game_over``.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.forbidden_stars.engine.state import Action
from game.forbidden_stars.labels import told
from game.forbidden_stars.ui.combat_model import build_combat_model
from game.forbidden_stars.ui.combat_result import lines_for
from game.forbidden_stars.ui.combat_view import CombatPanel, ResultCard
from game.forbidden_stars.ui.log_text import refresh_card_lines, refresh_shown
from game.forbidden_stars.ui.map_legend import combat_face, draw_legend, tip_face, tip_text
from game.forbidden_stars.ui.model import model_of
from game.forbidden_stars.ui.session import FsSession
from game.forbidden_stars.ui.style import faction_colour
from game.forbidden_stars.ui.style import fit as style_fit
from game.forbidden_stars.ui.table_input import DIGITS, ENTER, TableInput
from game.forbidden_stars.ui.table_layout import (
    HEADING,
    STATUS,
    STATUS_LINES,
    STATUS_SMALL,
    FsLayout,
    for_model,
    has_cards,
    sheet_title,
)
from game.forbidden_stars.ui.table_view import (
    draw_board,
    draw_list,
    draw_refresh_card,
    legend_button_size,
)
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

REFERENCE = "forbidden_stars.reference"
# the combat panel is laid out for about this size at scale 1; wider than it needs, so
# its side columns' lines keep clear of the round slots in the map's narrower column
PANEL_BASE = (1250, 720)

routes.register(REFERENCE, "game.forbidden_stars.ui.scenes.reference:FsReferenceScene")


class FsTableScene(TableCurtain, TablePhones, TableLog, TableInput, Scene):
    def __init__(self, app, session: FsSession):
        self.session = session
        self.open_phones()  # before choosing whom to show: phone seats may fall back here
        self.viewer = session.screen_seat
        self.curtain: int | None = None
        self.shown_key: tuple | None = None
        self.table_key: tuple | None = None
        self.table_surface: pygame.Surface | None = None
        self._lay: tuple[tuple, FsLayout] | None = None
        self.model_key: tuple | None = None
        self._status_cache: tuple[tuple, list] | None = None  # _status_texts'
        self._model: dict[str, Any] = {}
        self.list_rows: list[tuple[pygame.Rect, int]] = []  # the drawn list's rows
        self.list_scroll = 0
        self.list_height = 0
        self.list_hover = -1
        self.ready: pygame_gui.elements.UIButton | None = None
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.panel: Any = None  # the combat panel, made when a combat is shown
        self.result_card = ResultCard()  # a finished combat's result, until clicked
        self.refresh_rect = pygame.Rect(0, 0, 0, 0)  # the refresh card (issue 38 item 6)
        self.refresh_closed = 0  # the round whose refresh card was clicked away
        self.hits = None
        # the map explained (issue 38 items 1, 3): the legend (key L or its button), a
        # hover's tooltip, a card's right-click zoom
        self.legend_open = False
        self.legend_button = pygame.Rect(0, 0, 0, 0)
        self.card_zoom = CardZoom()
        self.status_line = ""
        self.finished = False
        self.autosave_notice = AutosaveNotice()  # a failed autosave: words, then a marker
        self.log_panel = LogPanel(self._seat_colour)
        self.reset_input()
        super().__init__(app)
        self._follow_acting(first=True)

    # ------------------------------------------------------------ who is shown
    # (TableCurtain: the side drawn and the hot-seat curtain)

    def my_turn(self) -> bool:
        s = self.session
        return (not s.over and self.curtain is None and s.is_human(s.acting)
                and s.acting == self.viewer)

    def model(self) -> dict[str, Any]:
        """The shown seat's model (game.forbidden_stars.ui.model), rebuilt on a change."""
        s = self.session
        lang = i18n.language()
        key = (id(s.state), len(s.state.log or ()), self.viewer, lang, s.acting)
        if key != self.model_key:
            legal = s.legal() if s.acting == self.viewer else []
            self._model = model_of(s.view(self.viewer), self.viewer, s.acting, legal, lang,
                                   s.names)
            self.model_key = key
        return self._model

    def combat_model(self) -> Any:
        """The combat as the shown seat sees it, or None (none under way, or a retreat:
        that is chosen on the map)."""
        if self.curtain is not None or self.model()["combat"] is None:
            return None
        s = self.session
        legal = s.legal() if self.my_turn() else []
        if legal and all(a.kind == "retreat" for a in legal):
            return None
        return build_combat_model(s.view(self.viewer), self.viewer, legal, i18n.language(),
                                  s.names)

    @property
    def lay(self) -> FsLayout:
        """Where things go in this window for the shown board (issue 38 item 10)."""
        model = self.model()
        app = self.app
        lang = i18n.language()
        key = (app.size, app.text_scale, app.settings.text_size, model["rows"],
               model["cols"], len(model["players"]), lang,
               tuple(e["label"] for e in model["actions"]),  # the list's height
               tuple(map(has_cards, model["players"])),  # the sheets' heights
               tuple((sheet_title(model, p, lang), p["faction_name"])  # and their titles
                     for p in model["players"]),
               tuple(self._status_texts(model)), bool(self.session.remote),
               self.phone_notice)  # the status box's height
        if self._lay is None or self._lay[0] != key:
            base = for_model(*app.size, model, app.text_scale, app.settings.text_size,
                             lang=lang)
            lines = self._status_lines(model, base)
            self._lay = (key, for_model(*app.size, model, app.text_scale,
                                        app.settings.text_size, lines, lang))
        return self._lay[1]

    def _status_texts(self, model: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """The status box's small lines' texts: the prompt, a note, the last move (kept
        until the model or the note changes: the last move's words take a player view,
        and the layout asks for them several times a frame)."""
        key = (self.model_key, self.status_line, self.my_turn())
        if self._status_cache is not None and self._status_cache[0] == key:
            return self._status_cache[1]
        texts = [(model["prompt"], palette.SOFT)] if self.my_turn() else []
        if self.status_line:
            texts.append((self.status_line, palette.GOLD))
        if last := self.last_text():
            texts.append((i18n.t("fs_table.last", text=last), palette.MUTED))
        self._status_cache = (key, texts)
        return texts

    def _status_lines(self, model: dict[str, Any], lay: FsLayout) -> int:
        """The small lines the status box needs (each text up to two), so the list and
        the log start under the words, not under a fixed box (issue 38); the whole box
        while phones are listed in it."""
        s = self.session
        if s.remote or self.phone_notice:
            return STATUS_LINES
        width = lay.status.w - self.px(8)
        small = lay.fs(STATUS_SMALL)
        return sum(min(2, len(fonts.wrap(text, small, width)))
                   for text, _c in self._status_texts(model))

    # ------------------------------------------------------------ building

    def build(self) -> None:
        self.shown_key = None
        self.table_key = None
        self.panel = None
        self._build_panel()

    def _panel_key(self) -> tuple:
        s = self.session
        return (id(s.state), len(s.state.log or ()), s.acting, self.curtain, self.viewer)

    def _build_panel(self) -> None:
        self.ui.clear_and_reset()
        self.reset_input()
        self.ready = None
        self.shown_key = self._panel_key()
        s = self.session
        el = pygame_gui.elements
        lay = self.lay
        undo = self.curtain is None and s.can_undo()
        n = 2 + undo + (s.host is not None)  # the row shares its width among those shown
        self.rules_button = el.UIButton(lay.top_button(0, n), i18n.t("fs_table.rules"),
                                        self.ui)
        self.menu_button = el.UIButton(lay.top_button(1, n), i18n.t("fs_table.menu"),
                                       self.ui)
        self.undo_button = el.UIButton(lay.top_button(2, n), i18n.t("fs_table.undo"),
                                       self.ui) if undo else None
        self.build_phones_button(lay.top_button(n - 1, n), self.ui)
        if self.curtain is not None:
            self.ready = el.UIButton(self.rect(610, 560, 700, 80),
                                     i18n.t("fs_table.ready", name=s.names[self.curtain]),
                                     self.ui, object_id="#primary_button")
            return
        self.list_scroll = 0

    # ------------------------------------------------------------ per frame

    def on_event(self, event: pygame.event.Event) -> None:
        if self.card_zoom.handle(event):  # open: it has the pointer and the keys
            return
        if self.phones_event(event):
            return
        if self.curtain is None and self._explain_event(event):
            return
        if self.curtain is None and self.log_panel.wheel(event, pygame.mouse.get_pos()):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.refresh_rect.collidepoint(event.pos):  # the refresh read: closed
            self.refresh_closed = refresh_shown(self.session.state, self.viewer)
            return
        if self.result_card.clicked(event):  # the combat result read: closed
            self.session.combats.close()
            return
        if self._combat_event(event):
            return
        if self._list_event(event) or self.handle_input(event):
            return
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_F1) or (
                pressed and event.ui_element is self.rules_button is not None):
            self.open_reference()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (
                pressed and event.ui_element is self.menu_button is not None):
            self.app.push(TablePauseScene(self.app, self))
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_z
              and event.mod & pygame.KMOD_CTRL) or (
                pressed and event.ui_element is self.undo_button is not None):
            self.undo()
        elif pressed and event.ui_element is self.ready is not None:
            self.lift_curtain()

    def _explain_event(self, event: pygame.event.Event) -> bool:
        """The legend (L, its button; Esc or a click closes it) and a right click's zoom
        of the card under the pointer (a combat card, an order upgrade, a Scheme)."""
        key = event.type == pygame.KEYDOWN
        if key and event.key == pygame.K_l and not self.modal():
            self.legend_open = not self.legend_open
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.legend_button.collidepoint(event.pos):
            self.legend_open = not self.legend_open
            return True
        if self.legend_open:
            if (key and event.key == pygame.K_ESCAPE) or event.type == pygame.MOUSEBUTTONDOWN:
                self.legend_open = False
                return True
            return key
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            lang = i18n.language()
            card = self.panel.card_at(event.pos) if self.panel is not None else None
            if card is not None:
                self.card_zoom.open(combat_face(card[0], card[1], lang))
                return True
            tip = self.hits.tip_at(event.pos) if self.hits is not None else None
            if tip is not None and tip.kind in ("upgrade", "scheme"):
                self.card_zoom.open(tip_face(self.model(), tip, lang))
                return True
        return False

    def _list_event(self, event: pygame.event.Event) -> bool:
        """The list of legal actions: a click takes one, the wheel scrolls it."""
        if event.type == pygame.MOUSEMOTION:
            self.list_hover = next((i for r, i in self.list_rows
                                    if r.collidepoint(event.pos)), -1)
            return False
        if self.modal() or not self.my_turn():
            return False
        if event.type == pygame.MOUSEWHEEL and self.list_rows:
            view = self.lay.list
            if view.collidepoint(pygame.mouse.get_pos()):
                most = max(0, self.list_height - view.h)
                self.list_scroll = max(0, min(most, self.list_scroll - event.y * self.tpx(60)))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, i in self.list_rows:
                if rect.collidepoint(event.pos):
                    entries = self.entries()
                    if i < len(entries):
                        self.take(entries[i])
                    return True
        return False

    def _combat_event(self, event: pygame.event.Event) -> bool:
        """While the combat panel shows, it takes the pointer first; while a combat card
        is chosen, the number keys pick a card of the hand and Enter plays it."""
        if self.panel is None or not self.my_turn() or self.modal():
            return False
        if event.type == pygame.KEYDOWN:
            if not self.panel_keys() or event.key not in (*DIGITS, *ENTER):
                return False
        elif event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                pygame.MOUSEMOTION):
            return False
        cm = self.combat_model()
        if cm is None:
            return False
        action = self.panel.handle(event, cm)
        if action is None:
            return event.type == pygame.KEYDOWN
        if action in self.session.legal():
            self.play(action)
        return True

    def panel_keys(self) -> bool:
        """The combat panel has the number keys (its hand of combat cards to choose)."""
        if self.panel is None:
            return False
        cm = self.combat_model()
        return cm is not None and bool(cm.card_plays)

    def play(self, action: Action) -> None:
        """A human's choice: the action goes to the engine through the session."""
        self.session.choose(action)
        self._follow_acting()

    def undo(self) -> bool:
        done = self.session.undo()  # refused (nothing happens) past the undo floor
        if done:
            self.shown_key = None
            self.status_line = ""  # what it said was about the undone move
        return done

    def open_reference(self) -> None:
        self.app.push(routes.make(self.app, REFERENCE))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.finished:
            return
        s = self.session
        if self.pump_phones():
            self._follow_acting()
        if self.curtain is None and not self.modal() and s.step_bots(dt):
            self._follow_acting()
        self.autosave_notice.update(s.autosave_status, self.app.clock_ms)
        if s.over:
            self.finished = True
            self.app.replace(routes.make(self.app, "forbidden_stars.game_over", s))
            return
        if self._panel_key() != self.shown_key:
            self._build_panel()

    # ------------------------------------------------------------ drawing

    def table_area(self) -> pygame.Rect:
        """Where the map is drawn (and the combat panel, a result or the refresh card
        over it); the lesson scene leaves a strip under it for its instruction box."""
        return self.lay.map

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(palette.TABLE_BG)
        if self.curtain is not None:  # nothing of the last table stays clickable
            self.list_rows = []
            self.hits = None
            self.result_card.hide()
            self._draw_curtain(surface)
            self.draw_join(surface, self.px)
            return
        area = self.table_area()
        lang = i18n.language()
        model = self.model()
        lit, picked = self.lit(), self.picked()
        ui_scale = self.app.settings.ui_scale
        lay = self.lay
        key = (self.model_key, lay, tuple(area), frozenset(lit), frozenset(picked), ui_scale)
        if key != self.table_key or self.table_surface is None:
            self.table_surface = pygame.Surface(surface.get_size())
            self.table_surface.fill(palette.TABLE_BG)
            self.hits = draw_board(self.table_surface, model, lay, lit, picked, lang, area)
            self.table_key = key
        surface.blit(self.table_surface, (0, 0))
        cm = self.combat_model()
        if cm is not None:
            rect = area
            if self.panel is None or self.panel.rect != rect:
                fit = min(rect.w / PANEL_BASE[0], rect.h / PANEL_BASE[1])
                self.panel = CombatPanel(rect, fit * self.app.settings.ui_scale)
            self.panel.draw(surface, cm)
        else:
            self.panel = None
        self._draw_result(surface, area, cm is None)
        self._draw_status(surface, model)
        self.draw_log(surface)
        self.draw_join(surface, self.px)
        top = self.lay.top
        self.autosave_notice.draw(surface, self.session.autosave_status, self.app.clock_ms,
                                  self.px, (top.right - self.px(10), top.bottom))

    def draw(self, surface: pygame.Surface) -> None:
        """Over everything, the widgets included: the legend, a tooltip, a zoom."""
        super().draw(surface)
        if self.curtain is not None:
            self.legend_button = pygame.Rect(0, 0, 0, 0)
            return
        area = self.table_area()
        model = self.model()
        lang = i18n.language()
        self._draw_legend_button(surface)
        if self.card_zoom.is_open:
            self.card_zoom.draw(surface, self.app.text_scale)
        elif self.legend_open:
            draw_legend(surface, area, model, self.app.text_scale, lang)
        elif not self.modal() and self.app.top is self:  # not under the pause menu
            self._draw_tip(surface, model, lang)

    def _draw_legend_button(self, surface: pygame.Surface) -> None:
        """"L · Legend" in the top right corner of the round's box (right of the map)."""
        lay = self.lay
        size = lay.tpx(16)
        text = fonts.text(i18n.t("fs_map.legend_key"), size, palette.WHITE, True)
        pad = max(4, size // 3)
        self.legend_button = pygame.Rect((0, 0), legend_button_size(lay))
        self.legend_button.topright = (lay.header.right - self.px(8),
                                       lay.header.y + self.px(6))
        lit = self.legend_open or self.legend_button.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(surface, palette.PANEL_HI if lit else palette.PANEL,
                         self.legend_button, border_radius=pad)
        pygame.draw.rect(surface, palette.GOLD, self.legend_button, 2, border_radius=pad)
        surface.blit(text, text.get_rect(center=self.legend_button.center))

    def _draw_tip(self, surface: pygame.Surface, model: dict[str, Any], lang: str) -> None:
        """The words of the map symbol (or sheet card) under the pointer, beside it; not
        through the combat panel or a result card."""
        pos = pygame.mouse.get_pos()
        if self.hits is None or (self.panel is not None and self.panel.contains(pos)) or \
                self.result_card.rect.collidepoint(pos) or self.refresh_rect.collidepoint(pos):
            return
        tip = self.hits.tip_at(pos)
        if tip is None:
            return
        title, kind, body = tip_text(model, tip, lang)
        if not (title or body):
            return
        lay = tooltip_layout(title, kind, body, pos, surface.get_rect(), self.tpx(20),
                             self.tpx(520), avoid=tip.rect)
        draw_tooltip(surface, lay)

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect, shown: bool) -> None:
        """The oldest combat result not closed yet, over the map (not over a combat)."""
        result = self.session.combats.shown
        self.refresh_rect = pygame.Rect(0, 0, 0, 0)
        if result is None or not shown:
            self.result_card.hide()
            if shown:
                self._draw_refresh(surface, area)
            return
        lang = i18n.language()
        fit = min(area.w / PANEL_BASE[0], area.h / PANEL_BASE[1])
        # public facts only: the real state serves for the rules and area names
        lines = lines_for(self.session.state, result, self.session.names, lang)
        self.result_card.draw(surface, area, fit * self.app.settings.ui_scale, lines, lang)

    def _draw_refresh(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The refresh phase's steps as they happen, over the map (log_text words them)."""
        shown = refresh_shown(self.session.state, self.viewer)
        if not shown or shown == self.refresh_closed:
            return
        lang = i18n.language()
        lines = refresh_card_lines(self.session.move_log(self.log_viewer(), lang), lang)
        if lines:
            fit = min(area.w / PANEL_BASE[0], area.h / PANEL_BASE[1])
            self.refresh_rect = draw_refresh_card(
                surface, area, fit * self.app.settings.ui_scale,
                i18n.t("fs_refresh.title", lang, n=shown), lines,
                i18n.t("fs_refresh.close", lang))

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        name = self.session.names[self.curtain] if self.curtain is not None else ""
        t = fonts.text(i18n.t("fs_table.curtain", name=name), self.tpx(52), palette.WHITE,
                       bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 440, 0, 0).topleft))
        h = fonts.text(i18n.t("fs_table.curtain_hint", name=name), self.tpx(26),
                       palette.MUTED)
        surface.blit(h, h.get_rect(midtop=self.rect(960, 470, 0, 0).topleft))

    def _seat_colour(self, seat: int) -> tuple[int, int, int]:
        players = self.session.state.players
        return faction_colour(players[seat].faction if 0 <= seat < len(players) else "")

    def draw_log(self, surface: pygame.Surface) -> None:
        """The move log under the action list, or in its place while the viewer waits
        (issue 38: a bot's turn leaves a trace)."""
        lang = i18n.language()
        lines = self.session.move_log(self.log_viewer(), lang)
        size = log_text_size(self.app.text_scale, self.app.settings.text_size)
        rect = self.lay.log if self.my_turn() else self.lay.waiting_log
        self.log_panel.draw(surface, rect, lines, size, i18n.t("move_log.title", lang))

    def _draw_status(self, surface: pygame.Surface, model: dict[str, Any]) -> None:
        """Whose turn, the prompt, a note and the last move in the status box (what
        does not fit gives way, the latest first), then the list of legal actions."""
        s = self.session
        lay = self.lay
        box = lay.status
        if not s.humans and not s.remote:
            line = i18n.t("fs_table.watching")
        elif self.my_turn():
            line = i18n.t("fs_table.your_turn", name=s.names[s.acting])
        elif s.over:
            line = model["prompt"]
        else:
            line = i18n.t("fs_table.waiting", name=s.names[s.acting])
        at = (box.x + self.px(4), box.y + self.px(2))
        width = box.w - self.px(8)
        bottom = self._lines(surface, line, lay.fs(STATUS), palette.WHITE, at, width, 1,
                             True)
        small = lay.fs(STATUS_SMALL)
        line_h = fonts.font(small).get_height()
        texts = self._status_texts(model)
        needs = [min(2, len(fonts.wrap(text, small, width))) for text, _c in texts]
        for i, (text, colour) in enumerate(texts):  # each leaves the next ones theirs
            most = min(needs[i], (box.bottom - bottom) // line_h - sum(needs[i + 1:]))
            if most > 0:
                bottom = self._lines(surface, text, small, colour, (at[0], bottom), width,
                                     most)
        bottom = self.draw_phone_lines(surface, (at[0], bottom + self.px(4)), self.tpx(18))
        if s.is_remote(self.viewer):  # its orders and cards are on the phone
            self._lines(surface, i18n.t("remote.hand_on_phone", name=s.names[self.viewer]),
                        lay.fs(16), palette.MUTED, (at[0], bottom + self.px(4)), width, 2)
        self.list_rows = []
        if self.my_turn():
            head = fonts.text(style_fit(i18n.t("fs_table.actions"), lay.tpx(HEADING),
                                        lay.heading.w), lay.tpx(HEADING), palette.SOFT, True)
            surface.blit(head, lay.heading.topleft)
            labels = [e["label"] for e in model["actions"]]
            self.list_rows, self.list_height = draw_list(
                surface, lay.list, labels, self.list_scroll,
                self.app.text_scale * self.app.settings.text_size, self.list_hover,
                numbered=not self.panel_keys())

    def _lines(self, surface: pygame.Surface, text: str, px: int,
               colour: tuple[int, int, int], at: tuple[int, int], width: int, most: int,
               bold: bool = False) -> int:
        """Up to ``most`` wrapped lines of ``text`` (``px`` pixels) from ``at``; returns
        the bottom."""
        x, y = at
        lines = fonts.wrap(text, px, width, bold)
        for i, line in enumerate(lines[:most]):
            if i == most - 1 and len(lines) > most:
                line = style_fit(" ".join(lines[i:]), px, width, bold)
            t = fonts.text(line, px, colour, bold)
            surface.blit(t, (x, y))
            y += t.get_height()
        return y

    def last_text(self) -> str:
        """The last action in words; a rival's choice that may name a secret is only
        named by its player."""
        s = self.session
        if s.last is None:
            return ""
        _seat, action = s.last
        return told(s.view(self.viewer), self.viewer, action, s.names, i18n.language())

