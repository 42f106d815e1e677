"""The pause menu over a game's table (Esc), once for the three games: Resume, Save,
Undo (while the table may take an action back), Settings, Rules and Quit to menu, which
asks first and autosaves so Continue resumes the game.

A table gives it ``session`` (``save``, ``autosave``, ``over``, ``close``,
``can_undo``), ``undo()`` and ``open_reference()``.  A game changes a step by overriding
it (Star Realms saves through its own files and opens its own rules page)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette, routes
from game.ui.dialogs import Dialog, answer, confirm_dialog
from game.ui.scenes.overlays import Overlay, shade
from game.ui.table_session import os_reason

BUTTON_H = 80  # reference pixels (1920×1080), as every menu's buttons
BUTTON_STEP = 100
TITLE_GAP = 40  # between the title's foot and the first button


class TablePauseScene(Overlay):
    """Resume / Save / Undo / Settings / Rules / Quit to menu over ``table``."""

    def __init__(self, app: Any, table: Any) -> None:
        self.table = table
        self.confirm: Dialog | None = None  # "Quit to menu?"
        self.message = ""  # how the last save went, wrapped under the buttons
        self.message_rect = pygame.Rect(0, 0, 0, 0)  # its panel, as last drawn
        super().__init__(app)

    # ------------------------------------------------------------ buttons

    def keys(self) -> list[str]:
        """The buttons, top to bottom (``pause.<key>`` words them)."""
        undo = ["undo"] if self.undo_offered() else []
        return ["resume", "save", *undo, "settings", "rules", "quit_to_menu"]

    def undo_offered(self) -> bool:
        return bool(self.table.session.can_undo())

    def first_top(self) -> int:
        """The first button's top: the column centred on the reference screen."""
        n = len(self.keys())
        return 540 - (n * BUTTON_STEP - (BUTTON_STEP - BUTTON_H)) // 2 + TITLE_GAP

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        top = self.first_top()
        for i, key in enumerate(self.keys()):
            oid = "#primary_button" if key == "resume" else None
            r = self.rect(760, top + i * BUTTON_STEP, 400, BUTTON_H)
            self.buttons[mk(r, i18n.t(f"pause.{key}"), self.ui, object_id=oid)] = key
        self.confirm = None

    def button(self, key: str) -> pygame_gui.elements.UIButton:
        return next(b for b, k in self.buttons.items() if k == key)

    @property
    def resume_button(self) -> pygame_gui.elements.UIButton:
        return self.button("resume")

    @property
    def save_button(self) -> pygame_gui.elements.UIButton:
        return self.button("save")

    @property
    def quit_button(self) -> pygame_gui.elements.UIButton:
        return self.button("quit_to_menu")

    # ------------------------------------------------------------ events

    def on_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:  # the question takes the keys (Esc included) and clicks
            yes = answer(self.confirm, event)
            if yes is not None or not self.confirm.alive():
                self.confirm = None
            if yes:
                self.quit_to_menu()
            return
        super().on_event(event)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        if key == "resume":
            self.app.pop()
        elif key == "save":
            self.save()
        elif key == "undo":
            self.table.undo()  # refused (nothing happens) past the undo floor
            self.app.pop()
        elif key == "settings":
            self.app.push(routes.make(self.app, "settings"))
        elif key == "rules":
            self.open_rules()
        elif key == "quit_to_menu":
            self.ask_quit()

    def save(self) -> None:
        """A manual save; the words under the buttons say how it went (a file name can
        be long: they wrap to the window)."""
        try:
            path = self.table.session.save("manual")
        except OSError as exc:
            self.message = i18n.t("pause.save_failed", why=os_reason(exc))
        else:
            self.message = i18n.t("pause.saved", name=path.name)

    def open_rules(self) -> None:
        self.table.open_reference()

    def ask_quit(self) -> None:
        """Quitting asks first, and saves the position so Continue can resume it."""
        session = self.table.session
        why = "" if session.over else session.autosave()
        text = (i18n.t("pause.quit_over") if session.over
                else i18n.t("pause.quit_failed", why=why) if why
                else i18n.t("pause.quit_saved"))
        self.confirm = confirm_dialog(self.ui, self.rect(660, 380, 600, 320), text,
                                      i18n.t("pause.quit_to_menu"), i18n.t("pause.quit"),
                                      sized=self.app.settings.text_size)

    def quit_to_menu(self) -> None:
        self.table.session.close()
        self.app.reset_to(routes.make(self.app, "menu"))

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("pause.title"), self.px(56), palette.WHITE, bold=True)
        top = self.first_top() - TITLE_GAP // 2
        surface.blit(t, t.get_rect(midbottom=self.rect(960, top, 0, 0).topleft))
        if self.message:
            self.draw_message(surface)

    def draw_message(self, surface: pygame.Surface) -> None:
        """How the save went, under the buttons, on a panel of its own: the table's text
        showed through the veil and crossed it."""
        size = self.px(26)
        bottom = self.first_top() + len(self.buttons) * BUTTON_STEP
        box = self.rect(260, bottom, 1400, 0)
        lines = [fonts.text(line, size, palette.SOFT)
                 for line in fonts.wrap(self.message, size, box.w)]
        step = fonts.line_step(size)
        pad = self.px(12)
        width = max(m.get_width() for m in lines) + 2 * pad
        panel = pygame.Rect(0, box.y - pad, width, len(lines) * step + 2 * pad)
        panel.centerx = box.centerx
        pygame.draw.rect(surface, palette.DIALOG, panel, border_radius=pad)
        pygame.draw.rect(surface, palette.EDGE, panel, 1, border_radius=pad)
        self.message_rect = panel
        for i, m in enumerate(lines):
            surface.blit(m, m.get_rect(midtop=(box.centerx, box.y + i * step)))
