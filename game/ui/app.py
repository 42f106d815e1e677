"""The window, the scene stack and the main loop."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import math
import os
import sys
import traceback
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import APP_ID, PRODUCT_NAME, i18n
from game.resources import assets_dir
from game.settings import Settings, load_settings, save_settings
from game.ui.crash import CrashScene, handle_crash
from game.ui.dialogs import sized_theme
from game.ui.icon import window_icon
from game.ui.scene import Scene
from game.ui.sound import SoundBoard

REFERENCE = (1920, 1080)  # layouts are designed at this size and scaled
MIN_SIZE = (1280, 720)
REDRAWS = 3  # draws of one frame whose scenes change the stack while drawing
CLEARED = (0, 0, 0)  # under a frame drawn again: nothing of the scenes drawn before

# pygame-gui warns when a font size is first used; sizes here follow the window size.
warnings.filterwarnings("ignore", message="Finding font with id")
warnings.filterwarnings("ignore", message=".*font.*not already loaded")


# A line of the theme's font (Noto Sans) is 1.5 × its size; an open drop-down's items
# get that and a margin.  pygame-gui's own item height is a fixed 20 px, which cut each
# item's text in half once the font grew with the window (issue 39, item 8).
LINE_HEIGHT = 1.5
ITEM_MARGIN = 0.3
OPTIONS_LIST = "drop_down_menu.#drop_down_options_list"  # pygame-gui's id of an open list


def list_item_height(font_size: int) -> int:
    """The height of an open drop-down's item for text of ``font_size``."""
    return math.ceil(font_size * (LINE_HEIGHT + ITEM_MARGIN))


def _scaled_theme(theme: dict, factor: float) -> dict:
    out = copy.deepcopy(theme)
    for block in out.values():
        if isinstance(block, dict) and isinstance(block.get("font"), dict):
            size = int(block["font"].get("size", 20))
            block["font"]["size"] = str(max(9, round(size * factor)))
    # the drop-down sizes its open list by its own misc data, the list its items by
    # the list's (an element of the id below): both follow the drop-down's font
    menu = out.setdefault("drop_down_menu", {})
    font = menu.get("font") or out.get("defaults", {}).get("font", {})
    item = str(list_item_height(int(font.get("size", 20))))
    menu.setdefault("misc", {})["list_item_height"] = item
    out.setdefault(OPTIONS_LIST, {}).setdefault("misc", {})["list_item_height"] = item
    return out


class App:
    """Owns the window and the stack of scenes; ``frame()`` runs one tick."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 save_settings_on_change: bool = True):
        # The window class / app id (read by SDL when the video system starts): without it a
        # desktop names the window after the script (``__main__.py`` from source) and
        # cannot match it to the menu entry, whose StartupWMClass is the app id.
        # `import pygame` under X11 already set the X11 one to the script's name (argv[0]:
        # "starfold" frozen, "__main__.py" from source), so that value is replaced too; a
        # value the user chose is kept.
        for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
            if os.environ.get(hint, "") in ("", os.path.basename(sys.argv[0])):
                os.environ[hint] = APP_ID
        pygame.init()
        if settings is None:
            settings, problems = load_settings()
            self.settings_problems = problems
        else:
            self.settings_problems = []
        self.settings = settings
        self.persist_settings = save_settings_on_change
        # options given at launch for this run only (game.ui.main): fields → (stored, given)
        self.launched: dict[tuple[str, ...], tuple[tuple, tuple]] = {}
        i18n.set_language(settings.language or i18n.system_language())
        size = size or (settings.window_width, settings.window_height)
        self.fullscreen = False
        pygame.display.set_icon(window_icon())  # before the window opens, as SDL asks
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(PRODUCT_NAME)
        with (assets_dir() / "theme.json").open(encoding="utf-8") as fh:
            self._theme = json.load(fh)
        self.sound = SoundBoard(settings)
        self.stack: list[Scene] = []
        self.running = True
        self.clock_ms = 0.0  # time since start, advanced by frame(); animations use it
        self.opening: Path | None = None  # a save being opened (see game.ui.crash)
        if settings.fullscreen:
            self.toggle_fullscreen()

    # ------------------------------------------------------------------ geometry

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """Table scale: the reference layout fitted into the window."""
        w, h = self.size
        return min(w / REFERENCE[0], h / REFERENCE[1])

    @property
    def text_scale(self) -> float:
        """Text and controls: the table scale times the player's UI scale setting."""
        return self.scale * self.settings.ui_scale

    def ui_manager(self) -> pygame_gui.UIManager:
        theme = _scaled_theme(self._theme, self.text_scale)
        # a table's prompts and dialogs: their text follows its "Text size" setting too
        theme.update(sized_theme(self._theme, self.text_scale * self.settings.text_size))
        return pygame_gui.UIManager(self.size, theme, enable_live_theme_updates=False)

    # ------------------------------------------------------------------ scenes

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.top is not None:
            self.top.release_keyboard()  # its widgets get no keys while covered
            self.top.pause()
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        return scene

    def reset_to(self, scene: Scene) -> Scene:
        while self.stack:
            self.stack.pop().exit()
        return self.push(scene)

    # ------------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        language_changed = (settings.language or i18n.system_language()) != i18n.language()
        scale_changed = settings.ui_scale != self.settings.ui_scale
        self.settings = settings
        i18n.set_language(settings.language or i18n.system_language())
        self.sound.configure(settings)
        if settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if language_changed or scale_changed:
            for scene in self.stack:
                scene.rebuild()
        self.store_settings(settings)

    def store_settings(self, settings: Settings) -> None:
        """Keep and save settings that change nothing on screen (a remembered setup):
        unlike :meth:`apply_settings`, the language, sound and window are left alone."""
        self.settings = settings
        if self.persist_settings:
            try:
                save_settings(self.settings_to_save(settings))
            except OSError as exc:
                self.settings_problems.append(f"settings not saved: {exc}")

    def settings_to_save(self, settings: Settings) -> Settings:
        """What is written to disk: a launch option (``--lang``, ``--size`` …) is stored
        as it was before, unless the player has changed it since — then theirs is kept."""
        kept: dict[str, Any] = {}
        for fields, (stored, given) in list(self.launched.items()):
            if tuple(getattr(settings, f) for f in fields) == given:
                kept.update(zip(fields, stored, strict=True))
            else:
                del self.launched[fields]
        return dataclasses.replace(settings, **kept) if kept else settings

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = self.settings.window_width, self.settings.window_height
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.settings.fullscreen = self.fullscreen
        self._resized()

    def _resized(self) -> None:
        for scene in self.stack:
            scene.rebuild()

    # ------------------------------------------------------------------ loop

    def frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One tick: route events, update the top scene, draw the visible stack."""
        self.clock_ms += dt * 1000
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                w, h = max(event.w, MIN_SIZE[0] // 2), max(event.h, MIN_SIZE[1] // 2)
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self.settings.window_width, self.settings.window_height = w, h
                self._resized()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.top is not None:
                self.top.handle(event)
        if self.top is not None:
            self.top.update(dt)
        self.draw(self.screen)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible stack as it stands when the frame is presented (issue 38
        item 9): a scene that changes the stack while drawing (a push, a replace) left
        the frame showing a scene that was no longer current, so the new composition is
        drawn again over a cleared surface (a few times at most: a scene that replaces
        itself on every draw cannot hang the loop)."""
        for attempt in range(REDRAWS):
            shown = list(self.stack)
            if attempt:
                surface.fill(CLEARED)
            self._draw_visible(surface)
            if self.stack == shown:
                return

    def _draw_visible(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        visible = self.stack[max(start, 0):]
        for i in range(len(visible) - 1, 0, -1):
            if visible[i].covers_overlays:  # e.g. Settings over the pause menu
                visible = [visible[0], *visible[i:]]
                break
        for scene in visible:
            scene.draw(surface)

    def guarded_frame(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """A frame that survives an unexpected error: the player gets a report, an
        emergency save and a dialog instead of a vanished window.  A second error while
        showing that dialog is not caught again."""
        try:
            self.frame(events, dt)
        except Exception as exc:
            if isinstance(self.top, CrashScene):
                raise
            handle_crash(self, exc)
            # the failed frame is half drawn (a scene no longer on the stack) or still
            # the last one: what is presented is the menu with the crash dialog
            self.screen.fill(CLEARED)
            self.draw(self.screen)

    def close_sessions(self) -> None:
        """Every game on the stack leaves the screen: its computer players stop and its
        phones' server closes (the window's close box, Quit, or a crash)."""
        for scene in self.stack:
            session = getattr(scene, "session", None)
            if session is None:
                continue
            try:
                session.close()
            except Exception:  # reported, but one broken game must not keep others open
                traceback.print_exc()

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running and self.stack:
            dt = clock.tick(60) / 1000.0
            self.guarded_frame(pygame.event.get(), dt)
            pygame.display.flip()
        self.close_sessions()
        if self.persist_settings:
            with contextlib.suppress(OSError):
                save_settings(self.settings_to_save(self.settings))
        pygame.quit()
