"""A yes/no question in a pygame-gui window, worded entirely in the player's language
and answered by the keyboard too (Enter confirms, Esc cancels).

A game table whose text follows a size setting (Star Realms' "Text size") asks with a
*sized* dialog: its title, text and buttons use the theme's ``SIZED_DIALOG`` fonts (the
theme's own times that setting, see ``sized_theme``) and the window is laid out for
them — as tall as its text, buttons as tall as their words — and kept inside the
window.  Buttons of the class ``SIZED`` (a prompt's) follow the same setting."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game import i18n

Dialog = pygame_gui.windows.UIConfirmationDialog

SIZED = "@sized_text"  # a button class whose text follows the table's "Text size"
SIZED_DIALOG = "#sized_dialog"  # a confirmation dialog whose text follows it
CLOSE_FONT = 14  # pygame-gui's close button (its own symbol font), before scaling


def _font(block: dict, scale: float) -> dict:
    font = dict(block["font"])
    font["size"] = str(max(9, round(int(font.get("size", 20)) * scale)))
    return font


def sized_theme(theme: dict, scale: float) -> dict:
    """Theme blocks for text that follows a size setting, from the unscaled ``theme``:
    ``scale`` is the window's text scale times the setting.  Buttons of the class
    ``SIZED``; the ``SIZED_DIALOG`` window's title bar, text and buttons."""
    button = _font(theme["button"], scale)
    text = _font(theme["text_box"], scale)
    title_h = max(28, round(int(button["size"]) * 1.6))
    return {
        SIZED: {"font": button},
        SIZED_DIALOG: {"misc": {"title_bar_height": str(title_h)}},
        f"{SIZED_DIALOG}.button": {"font": button},
        f"{SIZED_DIALOG}.text_box": {"font": text},
        f"{SIZED_DIALOG}.#close_button": {"font": {"name": "fira_code_symbols", "size": str(
            max(14, round(CLOSE_FONT * scale)))}},
    }


def confirm_dialog(ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, title: str,
                   action: str, sized: float | None = None) -> Dialog:
    """A blocking confirmation window with the buttons ``action`` and Cancel.  With
    ``sized`` (the table's "Text size" setting) it is a sized dialog (see the module
    doc): ``rect`` grows about its centre by that factor, then to hold its text."""
    if sized is None:
        dialog = Dialog(rect, text, ui, window_title=title, action_short_name=action,
                        blocking=True)
        # pygame-gui words its own Cancel button (in English unless told otherwise)
        dialog.cancel_button.set_text(i18n.t("common.cancel"))
        return dialog
    screen = pygame.Rect((0, 0), ui.window_resolution)
    rect = pygame.Rect(rect).inflate(round(rect.w * (sized - 1)), round(rect.h * (sized - 1)))
    rect.w = min(rect.w, screen.w)
    dialog = Dialog(rect.clamp(screen), text, ui, window_title=title,
                    action_short_name=action, blocking=True,
                    object_id=ObjectID(SIZED_DIALOG, None))
    _lay_out(dialog, text, action, rect.center, screen)
    return dialog


def _lay_out(dialog: Dialog, text: str, action: str, centre: tuple[int, int],
             screen: pygame.Rect) -> None:
    """Replace pygame-gui's fixed 30-px buttons and text box by ones sized for the
    dialog's fonts; the window as tall as that needs (within the screen), centred."""
    ui = dialog.ui_manager
    font = dialog.cancel_button.font
    assert font is not None  # (a built button has its theme's font)
    line = font.size("Ag")[1]
    pad = max(6, line // 2)
    btn_h = line + pad
    labels = (i18n.t("common.cancel"), action)
    widths = [font.size(t)[0] + 2 * pad for t in labels]
    for old in (dialog.cancel_button, dialog.confirm_button, dialog.confirmation_text):
        old.kill()
    inner_w = dialog.get_container().get_size()[0]
    box = pygame_gui.elements.UITextBox(text, pygame.Rect(pad // 2, pad // 2, inner_w - pad,
                                                          -1), ui, container=dialog)
    chrome = dialog.rect.h - dialog.get_container().get_size()[1]  # title bar and borders
    want = chrome + box.rect.h + btn_h + 3 * pad
    height = min(want, screen.h)
    dialog.set_dimensions((dialog.rect.w, height))
    dialog.set_position(_centred(dialog.rect.size, centre, screen))
    inner_w, inner_h = dialog.get_container().get_size()
    if box.rect.h > inner_h - btn_h - 2 * pad:  # a screen too short: the text scrolls
        box.set_dimensions((inner_w - pad, inner_h - btn_h - 2 * pad))
    y = inner_h - pad - btn_h
    x = inner_w - pad
    buttons = []
    for label, w, oid in zip(labels, widths, ("#cancel_button", "#confirm_button"),
                             strict=True):
        x -= w
        buttons.append(pygame_gui.elements.UIButton(pygame.Rect(x, y, w, btn_h), label, ui,
                                                    container=dialog, object_id=oid))
        x -= pad
    dialog.cancel_button, dialog.confirm_button = buttons
    dialog.confirmation_text = box


def _centred(size: tuple[int, int], centre: tuple[int, int], screen: pygame.Rect
             ) -> tuple[int, int]:
    r = pygame.Rect((0, 0), size)
    r.center = centre
    return r.clamp(screen).topleft


def answer(dialog: Dialog, event: pygame.event.Event) -> bool | None:
    """What ``event`` answers ``dialog``: True to confirm (its action button clicked, its
    "confirmed" event, Enter), False to cancel (Cancel, its close button, Esc) — the
    dialog is closed either way — or None for any other event.

    A click answers at once, on the button's own press: pygame-gui closes the dialog
    then and only posts its "confirmed" event for a later frame, so a scene that waited
    for that event saw a dead dialog first and took the click for a cancel."""
    yes: bool | None = None
    element = getattr(event, "ui_element", None)
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                      pygame.K_ESCAPE):
        yes = event.key != pygame.K_ESCAPE
    elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is dialog.confirm_button:
        yes = True
    elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is not None and element in (
            dialog.cancel_button, dialog.close_window_button):
        yes = False
    elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element is dialog:
        yes = True
    elif event.type == pygame_gui.UI_WINDOW_CLOSE and element is dialog:
        yes = False
    if yes is not None and dialog.alive():
        dialog.kill()
    return yes


def dialog_open(ui: pygame_gui.UIManager) -> bool:
    """Is a blocking window (a confirmation dialog) open in ``ui``?"""
    return any(getattr(w, "is_blocking", False) and w.alive()
               for w in ui.get_window_stack().get_full_stack())


def close_open_list(ui: pygame_gui.UIManager) -> bool:
    """Fold every drop-down list open in ``ui``; True when one was open.  A screen's Esc
    asks this first, so Esc over an open list closes the list, not the screen (with the
    choices made on it)."""
    folded = False
    for element in ui.get_sprite_group().sprites():
        if (isinstance(element, pygame_gui.elements.UIDropDownMenu)
                and element.current_state is element.menu_states["expanded"]):
            element.current_state.should_transition = True  # pygame-gui folds it next tick
            folded = True
    return folded


def picked_text(menu: pygame_gui.elements.UIDropDownMenu) -> str:
    """A drop-down's picked text (pygame-gui gives a (text, id) pair or the text)."""
    pick = menu.selected_option
    return pick[0] if isinstance(pick, tuple) else pick
