"""A yes/no question in a pygame-gui window, worded entirely in the player's language
and answered by the keyboard too (Enter confirms, Esc cancels)."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n

Dialog = pygame_gui.windows.UIConfirmationDialog


def confirm_dialog(ui: pygame_gui.UIManager, rect: pygame.Rect, text: str, title: str,
                   action: str) -> Dialog:
    """A blocking confirmation window with the buttons ``action`` and Cancel."""
    dialog = Dialog(rect, text, ui, window_title=title, action_short_name=action,
                    blocking=True)
    # pygame-gui words its own Cancel button (in English unless told otherwise)
    dialog.cancel_button.set_text(i18n.t("common.cancel"))
    return dialog


def confirm_key(dialog: Dialog, event: pygame.event.Event) -> bool | None:
    """A key pressed while ``dialog`` is open: True to confirm (Enter), False to cancel
    (Esc) — the dialog is closed either way — or None for any other event."""
    if event.type != pygame.KEYDOWN:
        return None
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        dialog.kill()
        return True
    if event.key == pygame.K_ESCAPE:
        dialog.kill()
        return False
    return None
