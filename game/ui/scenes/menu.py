"""The main menu: Continue, then each game the shell hosts with its own entries (new
game, adventures, load …), then the shell's Settings, About and Quit.

The menu knows games only through :mod:`game.games`: a game's section is its title and
the entries it lists."""

from __future__ import annotations

import pygame
import pygame_gui

from game import __version__, games, i18n, save_files
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.scenes.about import AboutScene
from game.ui.scenes.overlays import SettingsScene

SHELL_ITEMS = ("settings", "about", "quit")
SEPARATOR = " · "  # between a game's name and its expansions in a title


def heading_lines(text: str, size: int, width: int) -> tuple[list[str], int]:
    """A game's title in at most two lines of ``width`` and the text size to draw them:
    broken only between its parts ("Star Realms · Frontiers · Colony Wars": the name,
    then the expansions), never leaving a "·" at a line's end; the size shrinks a little
    (to ¾) when the expansions' line is too long; else it is wrapped by words."""
    if fonts.font(size, True).size(text)[0] <= width:
        return [text], size
    name, *rest = text.split(SEPARATOR)
    tail = SEPARATOR.join(rest)
    for smaller in range(size, max(9, size * 3 // 4) - 1, -1):
        font = fonts.font(smaller, True)
        if rest and max(font.size(name)[0], font.size(tail)[0]) <= width:
            return [name, tail], smaller
    return fonts.wrap(text, size, width, bold=True)[:2], size


class MenuScene(Scene):
    error = ""  # why Continue could not open its save (shown until the menu is left)

    def build(self) -> None:
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self.actions: dict[str, object] = {}
        # (game title, centre x, y of the reference layout) over each game's column
        self.headers: list[tuple[str, float, float]] = []
        # (not ``self.resume``: that name is the Scene hook the app calls on popping back)
        self.continue_save = games.latest_continue()
        sections = games.all_games()
        self.first = True
        if len(sections) == 1:
            self._one_column(sections[0])
        else:
            self._columns(sections)

    def _button(self, key: str, x: float, y: float, w: float, h: float) -> None:
        label = i18n.t(f"menu.{key.rsplit(':', 1)[-1]}")
        oid = "#primary_button" if self.first else None
        el = pygame_gui.elements.UIButton(self.rect(x, y, w, h), label, self.ui, object_id=oid)
        self.buttons[el] = key
        self.first = False

    def _one_column(self, game) -> None:
        """One game: Continue, its entries, Settings, About and Quit in one column."""
        keys = ["continue_game"] if self.continue_save is not None else []
        for entry in game.menu_entries():
            keys.append(entry.key)
            self.actions[entry.key] = entry.open
        keys += list(SHELL_ITEMS)
        step, h = (86, 74) if len(keys) > 7 else (96, 78)
        y = 300 if len(keys) > 7 else 330
        for key in keys:
            self._button(key, 760, y, 400, h)
            y += step

    def _columns(self, sections) -> None:
        """Several games: Continue on top, a column per game under its title (keys
        ``<game id>:<entry>``), then Settings, About and Quit side by side below them all —
        it fits 1080 reference pixels however many entries a game lists (up to 7: a
        closer spacing for more than 6)."""
        most = max(len(g.menu_entries()) for g in sections)
        w, gap, step, h = (400, 60, 80, 68) if most <= 6 else (400, 60, 74, 64)
        y = 262
        if self.continue_save is not None:
            self._button("continue_game", 760, y, 400, h)
            y += step + 10
        n = len(sections)
        left = 960 - (n * w + (n - 1) * gap) / 2
        bottom = y
        for i, game in enumerate(sections):
            x = left + i * (w + gap)
            self.headers.append((game.title(i18n.language()), x + w / 2, y))
            cy = y + 84  # room for a title on two lines
            for entry in game.menu_entries():
                key = f"{game.id}:{entry.key}"
                self.actions[key] = entry.open
                self._button(key, x, cy, w, h)
                cy += step
            bottom = max(bottom, cy)
        bw = 300  # the shell's buttons, in one row centred under the columns
        x0 = 960 - (len(SHELL_ITEMS) * bw + (len(SHELL_ITEMS) - 1) * gap) / 2
        for j, key in enumerate(SHELL_ITEMS):
            self._button(key, x0 + j * (bw + gap), bottom + 20, bw, h)

    def resume(self) -> None:
        self.error = ""
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.choose(next(iter(self.buttons.values())))

    def choose(self, key: str) -> None:
        if key == "continue_game" and self.continue_save is not None:
            game, info = self.continue_save
            why = game.open_save(self.app, info.path)
            if why:  # say why, and offer the next save that loads instead
                save_files.refused(info.path, why)
                self.error = i18n.t("menu.continue_failed", why=why)
                self.rebuild()
        elif key in self.actions:
            self.actions[key](self.app)
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "about":
            self.app.push(AboutScene(self.app))
        elif key == "quit":
            self.app.running = False

    def button_rect(self, key: str) -> pygame.Rect:
        """The button of ``key``; an entry key without a game id ("new_game") names the
        first game that lists it (Star Realms' when several games have one)."""
        for el, k in self.buttons.items():
            if k == key:
                return el.rect
        for el, k in self.buttons.items():
            if k.rsplit(":", 1)[-1] == key:
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
        for text, x, y in self.headers:  # a game's title over its column, wrapped to it
            lines, size = heading_lines(text, self.px(26), self.px(440))
            top = self.rect(x, y + (36 if len(lines) == 1 else 0), 0, 0).top
            for line in lines:
                s = fonts.text(line, size, palette.MUTED, bold=True)
                surface.blit(s, s.get_rect(midtop=(self.rect(x, 0, 0, 0).left, top)))
                top += self.px(36)
        if self.error:
            top = self.rect(960, 1000, 0, 0).top
            for line in fonts.wrap(self.error, self.px(22), self.px(1500), bold=True)[:2]:
                e = fonts.text(line, self.px(22), palette.RED, bold=True)
                surface.blit(e, e.get_rect(midtop=(self.rect(960, 0, 0, 0).left, top)))
                top += self.px(30)
        ver = fonts.text(f"v{__version__}", self.px(16), palette.VERSION)
        surface.blit(ver, ver.get_rect(bottomright=self.rect(1900, 1066, 0, 0).topleft))
