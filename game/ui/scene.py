"""Scenes on the stack: each handles events, updates and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.dialogs import dialog_open

if TYPE_CHECKING:
    from game.ui.app import App

# The mouse's own events; pygame-gui's (a button pressed…) still reach a scene under a
# dialog, which tells its own elements from the dialog's.
POINTER_EVENTS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                            pygame.MOUSEWHEEL})


class Scene:
    """Base scene.  ``overlay`` scenes draw over the scenes below them (which stay
    frozen: only the top scene receives events and updates).  An overlay that
    ``covers_overlays`` (Settings) hides the other overlays under it, so a menu below
    does not show through its veil."""

    overlay = False
    covers_overlays = False

    def __init__(self, app: App):
        self.app = app
        self.ui: pygame_gui.UIManager = app.ui_manager()
        self.built = False

    # -------------------------------------------------------------- lifecycle

    def enter(self) -> None:
        if not self.built:
            self.build()
            self.built = True

    def exit(self) -> None:
        self.release_keyboard()
        self.ui.clear_and_reset()

    def release_keyboard(self) -> None:
        """Unfocus this scene's widgets.  A focused text entry turns key repeat on and
        only its unfocusing turns it off: one dropped with its scene or its manager kept
        every held key repeating in every later scene (issue 36)."""
        self.ui.set_focus_set(None)

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def build(self) -> None:
        """Create UI elements for the current window size and language."""

    def rebuild(self) -> None:
        self.release_keyboard()
        self.ui = self.app.ui_manager()
        self.build()
        self.built = True

    # -------------------------------------------------------------- per frame

    def handle(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)
        if event.type in POINTER_EVENTS and dialog_open(self.ui):
            return  # a dialog on top owns the mouse: nothing under it reacts to a click
        self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        """Scene-specific input (after pygame-gui saw the event)."""

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        self.ui.draw_ui(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Everything that is not a pygame-gui element."""

    # -------------------------------------------------------------- helpers

    def px(self, value: float) -> int:
        """A length of the 1920×1080 reference layout in window pixels."""
        return round(value * self.app.scale)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A reference-layout rect centred in the window (extra space is split evenly)."""
        s = self.app.scale
        ww, wh = self.app.size
        ox = (ww - 1920 * s) / 2
        oy = (wh - 1080 * s) / 2
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))
