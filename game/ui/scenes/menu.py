"""The main menu."""

from __future__ import annotations

import pygame
import pygame_gui

from game import __version__, i18n
from game.ui import fonts
from game.ui.backdrop import starfield
from game.ui.scene import Scene


class MenuScene(Scene):
    def build(self) -> None:
        from game.star_realms.saves import latest_unfinished_autosave, tidy

        mk = pygame_gui.elements.UIButton
        self.buttons = {}
        from game.star_realms.data import load_rules

        tidy()  # what a killed game left behind: temp files, one autosave too many
        # (not ``self.resume``: that name is the Scene hook the app calls on popping back)
        self.continue_save = latest_unfinished_autosave(db=load_rules())
        items = ["new_game", "adventures", "campaign", "load", "settings", "rules", "quit"]
        if self.continue_save is not None:
            items.insert(0, "continue_game")
        top, step, h = (330, 86, 74) if len(items) > 7 else (340, 96, 78)
        for i, key in enumerate(items):
            r = self.rect(760, top + i * step, 400, h)
            oid = "#primary_button" if key == items[0] else None
            self.buttons[mk(r, i18n.t(f"menu.{key}"), self.ui, object_id=oid)] = key

    def resume(self) -> None:
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.choose(next(iter(self.buttons.values())))

    def choose(self, key: str) -> None:
        from game.star_realms.ui.scenes.setup import SetupScene
        from game.ui.scenes.overlays import RulesScene, SettingsScene

        if key == "new_game":
            self.app.push(SetupScene(self.app))
        elif key == "continue_game" and self.continue_save is not None:
            from game.star_realms.ui.scenes.load import open_save

            open_save(self.app, self.continue_save.path)
        elif key == "adventures":
            from game.star_realms.ui.scenes.adventures import AdventuresScene

            self.app.push(AdventuresScene(self.app))
        elif key == "campaign":
            from game.star_realms.ui.scenes.campaign import CampaignListScene

            self.app.push(CampaignListScene(self.app))
        elif key == "load":
            from game.star_realms.ui.scenes.load import LoadScene

            self.app.push(LoadScene(self.app))
        elif key == "settings":
            self.app.push(SettingsScene(self.app))
        elif key == "rules":
            self.app.push(RulesScene(self.app))
        elif key == "quit":
            self.app.running = False

    def button_rect(self, key: str) -> pygame.Rect:
        for el, k in self.buttons.items():
            if k == key:
                return el.rect
        raise KeyError(key)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        title = fonts.text(i18n.t("menu.title"), self.px(96), (236, 242, 255), bold=True)
        surface.blit(title, title.get_rect(midbottom=self.rect(960, 250, 0, 0).topleft))
        sub = fonts.text(i18n.t("menu.subtitle"), self.px(30), (150, 170, 210))
        surface.blit(sub, sub.get_rect(midtop=self.rect(960, 270, 0, 0).topleft))
        ver = fonts.text(f"v{__version__}", self.px(16), (100, 115, 150))
        surface.blit(ver, ver.get_rect(bottomright=self.rect(1900, 1066, 0, 0).topleft))
