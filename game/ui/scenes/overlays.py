"""Overlays drawn over the scene below (the base class and its veil) and the shell's
Settings; a game's own overlays (pause, rules, card browser) live in its package."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame
import pygame_gui

from game import i18n
from game.settings import ANIMATION_SPEEDS, TABLE_SIZES
from game.ui import fonts, palette
from game.ui.dialogs import picked_text
from game.ui.scene import Scene

SHADE = palette.SHADE


def shade(surface: pygame.Surface) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(SHADE)
    surface.blit(veil, (0, 0))


class Overlay(Scene):
    overlay = True

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.on_overlay_event(event)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        """Events other than Escape."""


class SettingsScene(Overlay):
    covers_overlays = True  # opened from a pause menu, that menu must not show through

    def build(self) -> None:
        s = self.app.settings
        el = pygame_gui.elements
        ui = self.ui
        langs: list[str | tuple[str, str]] = [i18n.t("settings.system")]
        langs += [i18n.LANGUAGE_NAMES[c] for c in i18n.LANGUAGES]
        current = (i18n.t("settings.system") if not s.language
                   else i18n.LANGUAGE_NAMES[s.language])
        x, w = 900, 520
        self.rows: list[tuple[str, int]] = []

        def row(key: str) -> pygame.Rect:
            y = 190 + len(self.rows) * 64
            self.rows.append((key, y))
            return self.rect(x, y, w, 56)

        def box(key: str) -> pygame.Rect:
            """A check box at the start of its row (sized in the reference layout, so it
            stays square at any window size)."""
            row(key)
            return self.rect(x, self.rows[-1][1] + 8, 40, 40)

        self.language = el.UIDropDownMenu(langs, current, row("language"), ui)
        self.fullscreen = el.UICheckBox(box("fullscreen"), "", ui)
        self.fullscreen.set_state(self.app.fullscreen)
        self.scale = el.UIHorizontalSlider(row("ui_scale"), s.ui_scale, (0.75, 1.5), ui,
                                           click_increment=0.05)
        speeds = self.speed_names()
        self.speed = el.UIDropDownMenu(
            speeds, speeds[ANIMATION_SPEEDS.index(s.animation_speed)], row("animation"), ui)
        self.volume = el.UIHorizontalSlider(row("volume"), s.volume, (0.0, 1.0), ui,
                                            click_increment=0.05)
        self.mute = el.UICheckBox(box("mute"), "", ui)
        self.mute.set_state(s.mute)
        self.auto = el.UICheckBox(box("auto_apply"), "", ui)
        self.auto.set_state(s.auto_apply)
        sizes = self.size_names()
        self.card_size = el.UIDropDownMenu(
            sizes, sizes[TABLE_SIZES.index(s.card_size)], row("card_size"), ui)
        self.text_size = el.UIDropDownMenu(
            sizes, sizes[TABLE_SIZES.index(s.text_size)], row("text_size"), ui)
        self.autoplay_hand = el.UICheckBox(box("autoplay_hand"), "", ui)
        self.autoplay_hand.set_state(s.autoplay_hand)
        self.auto_ally = el.UICheckBox(box("auto_ally"), "", ui)
        self.auto_ally.set_state(s.auto_ally)
        self.close = el.UIButton(self.rect(760, 900, 400, 80), i18n.t("common.close"), ui,
                                 object_id="#primary_button")

    @staticmethod
    def speed_names() -> list[str | tuple[str, str]]:
        return [i18n.t(f"settings.speed_{i}") for i in range(len(ANIMATION_SPEEDS))]

    @staticmethod
    def size_names() -> list[str | tuple[str, str]]:
        return [i18n.t(f"settings.size_{i}") for i in range(len(TABLE_SIZES))]

    @staticmethod
    def picked(menu: pygame_gui.elements.UIDropDownMenu,
               names: Sequence[str | tuple[str, str]], values: tuple, default):
        pick = picked_text(menu)
        return values[names.index(pick)] if pick in names else default

    def read(self):
        s = self.app.settings
        pick = picked_text(self.language)
        names = {i18n.LANGUAGE_NAMES[c]: c for c in i18n.LANGUAGES}
        speed = picked_text(self.speed)
        speeds = self.speed_names()
        return replace(
            s, language=names.get(pick, ""), fullscreen=self.fullscreen.get_state(),
            ui_scale=round(float(self.scale.get_current_value()), 2),
            animation_speed=ANIMATION_SPEEDS[speeds.index(speed)] if speed in speeds else 1.0,
            volume=round(float(self.volume.get_current_value()), 2),
            mute=self.mute.get_state(), auto_apply=self.auto.get_state(),
            card_size=self.picked(self.card_size, self.size_names(), TABLE_SIZES, 1.0),
            text_size=self.picked(self.text_size, self.size_names(), TABLE_SIZES, 1.0),
            autoplay_hand=self.autoplay_hand.get_state(), auto_ally=self.auto_ally.get_state())

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close:
            self.app.pop()
            return
        if event.type in (pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_CHECK_BOX_CHECKED,
                          pygame_gui.UI_CHECK_BOX_UNCHECKED):
            old, new = self.app.settings, self.read()
            self.app.apply_settings(new)
            if (old.card_size, old.text_size) != (new.card_size, new.text_size):
                for scene in self.app.stack:  # the table lays itself out again at once
                    scene.rebuild()
        elif event.type == pygame.MOUSEBUTTONUP:
            new = self.read()
            if (new.ui_scale, new.volume) != (self.app.settings.ui_scale,
                                              self.app.settings.volume):
                self.app.apply_settings(new)

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("settings.title"), self.px(52), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 160, 0, 0).topleft))
        for key, y in self.rows:
            s = fonts.text(i18n.t(f"settings.{key}"), self.px(26), palette.SOFT)
            surface.blit(s, s.get_rect(midright=self.rect(860, y + 28, 0, 0).topleft))
        value = f"{self.scale.get_current_value():.2f}×"
        v = fonts.text(value, self.px(22), palette.MUTED)
        _, y = self.rows[2]
        surface.blit(v, v.get_rect(midleft=self.rect(1440, y + 28, 0, 0).topleft))
