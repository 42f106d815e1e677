"""Shown instead of the menu when ``rules/`` is invalid: every problem, and Quit.

Nothing else can work without the card data (every scene loads it), so this is the
only scene on the stack and its one way out is quitting.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene

# A text box with thousands of lines builds slowly and nobody reads past a screenful;
# the full list goes to stderr as well.
MAX_SHOWN = 60


WHERE_COLOUR = "#FFC870"  # the file:card:field part, so each entry's start stands out


def error_markup(errors: list[str], limit: int = MAX_SHOWN) -> str:
    """The errors as pygame-gui text: ``file:card:field`` coloured, a blank line between.

    Messages may contain ``<`` and ``&`` (``{ faction = <neighbour> }``), which the
    text box would read as markup, so they are escaped.
    """
    rows = []
    for line in errors[:limit]:
        where, sep, message = line.partition(": ")
        if sep:
            rows.append(f"<font color='{WHERE_COLOUR}'>{html.escape(where, quote=False)}"
                        f"</font>: {html.escape(message, quote=False)}")
        else:
            rows.append(html.escape(line, quote=False))
    if len(errors) > limit:
        rows.append(f"<i>{html.escape(i18n.t('rules_error.more', n=len(errors) - limit))}</i>")
    return "<br><br>".join(rows)


class RulesErrorScene(Scene):
    def __init__(self, app, errors: list[str], folder: str):
        self.errors = list(errors)
        self.folder = folder
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        intro = html.escape(i18n.t("rules_error.text", folder=self.folder), quote=False)
        self.intro = el.UITextBox(intro, self.rect(260, 170, 1400, 110), self.ui)
        self.box = el.UITextBox(error_markup(self.errors), self.rect(260, 300, 1400, 580),
                                self.ui)
        self.quit = el.UIButton(self.rect(760, 920, 400, 86), i18n.t("rules_error.quit"),
                                self.ui, object_id="#primary_button")

    def on_event(self, event: pygame.event.Event) -> None:
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.quit
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        if pressed or escape:
            self.app.running = False

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("rules_error.title"), self.px(52), palette.ALARM, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 150, 0, 0).topleft))
