"""Game over: who won, after how many turns, and what next."""

from __future__ import annotations

import contextlib

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts
from game.ui.scenes.overlays import Overlay, shade


class GameOverScene(Overlay):
    def __init__(self, app, session):
        self.session = session
        state = session.state
        self.adventure = state.boss is not None
        self.victory = False
        if self.adventure and state.winners and state.boss.seat not in state.winners:
            self.victory = True
            if any(session.is_human(s) for s in state.winners):
                from game.progress import record_win

                with contextlib.suppress(OSError):  # a lost record must not lose the game
                    record_win(state.config.format, state.format.difficulty, state.turn)
        super().__init__(app)

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.buttons = {}
        for i, key in enumerate(("new_game", "look", "menu")):
            oid = "#primary_button" if key == "new_game" else None
            r = self.rect(560 + i * 280, 640, 260, 86)
            self.buttons[mk(r, i18n.t(f"gameover.{key}"), self.ui, object_id=oid)] = key

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        key = self.buttons[event.ui_element]
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.setup import SetupScene

        if key == "look":
            self.app.pop()
        elif key == "new_game":
            self.session.close()
            self.app.reset_to(MenuScene(self.app))
            self.app.push(SetupScene(self.app))
        elif key == "menu":
            self.session.close()
            self.app.reset_to(MenuScene(self.app))

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        state = self.session.state
        winners = state.winners or ()
        if self.adventure:
            title = i18n.t("gameover.victory" if self.victory else "gameover.defeat")
        elif winners:
            names = ", ".join(state.seats[w].name for w in winners)
            title = i18n.t("gameover.winner", names=names)
        else:
            title = i18n.t("gameover.draw")
        t = fonts.text(title, self.px(72), (255, 214, 102), bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 470, 0, 0).topleft))
        sub = fonts.text(i18n.t("gameover.turns", n=state.turn), self.px(30), (190, 205, 235))
        surface.blit(sub, sub.get_rect(midtop=self.rect(960, 500, 0, 0).topleft))
