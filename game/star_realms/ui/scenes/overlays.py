"""Star Realms overlays: the pause menu, the rules reference and the card browser."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.saves import save_game
from game.ui import fonts, palette
from game.ui.rules_reference import draw_title, scroll_by_key, title_rect
from game.ui.scenes.overlays import Overlay, shade
from game.ui.table_pause import TablePauseScene


class PauseScene(TablePauseScene):
    """The shell's pause menu; a Star Realms game saves through its own files (the
    table tells how it went) and has its own rules page."""

    def save(self) -> None:
        try:
            save_game(self.table.session.state, uid=self.table.session.uid)
            self.table.toast(i18n.t("table.saved"), good=True)
        except OSError as exc:
            self.table.toast(i18n.t("table.save_failed", why=exc.strerror or str(exc)))
        self.app.pop()

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app))


class RulesScene(Overlay):
    """Star Realms' rules page: a title over the scrolling text, laid out as the other
    games' references are (game.ui.rules_reference): the title ends at y 96, the text
    starts at 110."""

    def build(self) -> None:
        self.box = pygame_gui.elements.UITextBox(i18n.t("rules.text"),
                                                 self.rect(360, 110, 1200, 810), self.ui)
        self.close = pygame_gui.elements.UIButton(self.rect(760, 940, 400, 80),
                                                  i18n.t("common.close"), self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if scroll_by_key(self.box, event):  # the keys scroll it, as the other games' do
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close:
            self.app.pop()

    def title_rect(self) -> pygame.Rect:
        """Where the title is drawn (window pixels), as the other references draw theirs."""
        return title_rect(self, i18n.t("rules.title"))

    def draw_scene(self, surface: pygame.Surface) -> None:
        draw_title(self, surface, i18n.t("rules.title"))


class BrowseScene(Overlay):
    """Look through a pile (a discard pile, the scrap heap, an ally's hand).  With
    ``actions`` (Emperor transfers), clicking a card offers what can be done with it."""

    def __init__(self, app, table, title: str, cards: list[int], actions=None):
        self.table = table
        self.title = title
        self.cards = cards
        self.actions = actions
        self.selected: int | None = None
        self.action_buttons: dict = {}
        super().__init__(app)

    def build(self) -> None:
        self.close = pygame_gui.elements.UIButton(self.rect(760, 980, 400, 76),
                                                  i18n.t("common.close"), self.ui)
        self.action_buttons = {}
        if self.actions is not None and self.selected is not None:
            for i, (label, action) in enumerate(self.actions(self.selected)):
                btn = pygame_gui.elements.UIButton(self.rect(1180, 900 - i * 84, 420, 76),
                                                   label, self.ui, object_id="#primary_button")
                self.action_buttons[btn] = action

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close:
                self.app.pop()
            elif event.ui_element in self.action_buttons:
                action = self.action_buttons[event.ui_element]
                if self.table.act(action):
                    self.cards.remove(action.card)
                self.selected = None
                self.rebuild()
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.actions is not None):
            for rect, iid in self.grid():
                if rect.collidepoint(event.pos):
                    self.selected = iid
                    self.rebuild()
                    return

    def grid(self) -> list[tuple[pygame.Rect, int]]:
        n = len(self.cards)
        w = 150 if n <= 20 else 120 if n <= 36 else 96
        per_row = max(1, 1760 // (w + 12))
        out = []
        for i, iid in enumerate(self.cards):
            r, c = divmod(i, per_row)
            out.append((self.rect(80 + c * (w + 12), 120 + r * (w * 1.4 + 12), w, w * 1.397),
                        iid))
        return out

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(f"{self.title} — {len(self.cards)}", self.px(40), palette.WHITE, True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 100, 0, 0).topleft))
        if not self.cards:
            e = fonts.text(i18n.t("table.empty"), self.px(30), palette.MUTED)
            surface.blit(e, e.get_rect(center=self.rect(960, 500, 0, 0).topleft))
        mouse = pygame.mouse.get_pos()
        zoom = None
        for rect, iid in self.grid():
            surface.blit(self.table.face(iid, rect.w), rect)
            if iid == self.selected:
                pygame.draw.rect(surface, palette.GOLD, rect.inflate(8, 8), 4,
                                 border_radius=self.px(8))
            if rect.collidepoint(mouse):
                zoom = iid
        if zoom is not None:
            img = self.table.face(zoom, self.px(440))
            r = img.get_rect(bottomright=surface.get_rect().bottomright)
            surface.blit(img, r.move(-self.px(20), -self.px(110)))
