"""The main menu: Continue, then each game the shell hosts with its own entries (new
game, adventures, load …), then the shell's Settings and Quit.

The menu knows games only through :mod:`game.games`: a game's section is its title and
the entries it lists."""

from __future__ import annotations

import pygame
import pygame_gui

from game import __version__, games, i18n
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.scenes.overlays import SettingsScene

SHELL_ITEMS = ("settings", "quit")


class MenuScene(Scene):
    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.actions: dict[str, object] = {}
        self.headers: list[tuple[str, int]] = []  # (game title, y of the reference layout)
        # (not ``self.resume``: that name is the Scene hook the app calls on popping back)
        self.continue_save = games.latest_continue()
        rows: list[tuple[str, str]] = []  # (kind, key): "button" or "header"
        if self.continue_save is not None:
            rows.append(("button", "continue_game"))
        sections = games.all_games()
        for game in sections:
            if len(sections) > 1:
                rows.append(("header", game.id))
            for entry in game.menu_entries():
                key = entry.key if len(sections) == 1 else f"{game.id}:{entry.key}"
                rows.append(("button", key))
                self.actions[key] = entry.open
        rows += [("button", key) for key in SHELL_ITEMS]
        buttons = sum(kind == "button" for kind, _ in rows)
        step, h = (86, 74) if buttons > 7 else (96, 78)
        y = 300 if buttons > 7 else 330
        first = True
        for kind, key in rows:
            if kind == "header":
                self.headers.append((games.get(key).title(i18n.language()), y))
                y += 48
                continue
            label = i18n.t(f"menu.{key.rsplit(':', 1)[-1]}")
            oid = "#primary_button" if first else None
            self.buttons[mk(self.rect(760, y, 400, h), label, self.ui, object_id=oid)] = key
            first = False
            y += step

    def resume(self) -> None:
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.choose(next(iter(self.buttons.values())))

    def choose(self, key: str) -> None:
        if key == "continue_game" and self.continue_save is not None:
            game, info = self.continue_save
            game.open_save(self.app, info.path)
        elif key in self.actions:
            self.actions[key](self.app)
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "quit":
            self.app.running = False

    def button_rect(self, key: str) -> pygame.Rect:
        for el, k in self.buttons.items():
            if k == key:
                return el.rect
        raise KeyError(key)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        title = fonts.text(i18n.t("menu.title"), self.px(96), palette.WHITE, bold=True)
        surface.blit(title, title.get_rect(midbottom=self.rect(960, 205, 0, 0).topleft))
        sections = games.all_games()
        if len(sections) == 1:  # one game: its name under the title
            sub = fonts.text(sections[0].title(i18n.language()), self.px(30), palette.MUTED)
            surface.blit(sub, sub.get_rect(midtop=self.rect(960, 222, 0, 0).topleft))
        for text, y in self.headers:
            s = fonts.text(text, self.px(28), palette.MUTED, bold=True)
            surface.blit(s, s.get_rect(midbottom=self.rect(960, y + 40, 0, 0).topleft))
        ver = fonts.text(f"v{__version__}", self.px(16), palette.VERSION)
        surface.blit(ver, ver.get_rect(bottomright=self.rect(1900, 1066, 0, 0).topleft))
