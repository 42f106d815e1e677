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
        self.campaign = state.config.format == "campaign"
        self.error = ""
        if self.campaign:
            from game.star_realms.ui.scenes.campaign import on_game_over

            on_game_over(session)
        self.victory = False
        if self.adventure and state.winners and state.boss.seat not in state.winners:
            self.victory = True
            if any(session.is_human(s) for s in state.winners):
                from game.star_realms.progress import record_win

                with contextlib.suppress(OSError):  # a lost record must not lose the game
                    record_win(state.config.format, state.format.difficulty, state.turn)
        super().__init__(app)

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.buttons = {}
        keys = ("campaign", "look", "menu") if self.campaign else ("new_game", "look", "menu")
        for i, key in enumerate(keys):
            oid = "#primary_button" if i == 0 else None
            r = self.rect(560 + i * 280, 640, 260, 86)
            if self.campaign:  # a wider first button
                r = self.rect(440, 640, 460, 86) if i == 0 else self.rect(
                    640 + i * 290, 640, 260, 86)
            self.buttons[mk(r, i18n.t(f"gameover.{key}"), self.ui, object_id=oid)] = key

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if (self.campaign and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.choose("campaign")
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return
        self.choose(self.buttons[event.ui_element])

    def choose(self, key: str) -> None:
        from game.star_realms.ui.scenes.setup import SetupScene
        from game.ui.scenes.menu import MenuScene

        if key == "campaign":
            from game.star_realms.ui.scenes.campaign import back_to_campaign

            self.error = back_to_campaign(self.app, self.session)
        elif key == "look":
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
        turns = i18n.t("gameover.turns", n=state.turn)
        if self.campaign and len(winners) == 1:
            from game.star_realms.campaign.flow import how_won

            turns = f"{i18n.t('campaign.how_victory.' + how_won(state))} · {turns}"
        sub = fonts.text(turns, self.px(30), (190, 205, 235))
        surface.blit(sub, sub.get_rect(midtop=self.rect(960, 500, 0, 0).topleft))
        if self.error:
            e = fonts.text(self.error, self.px(24), (255, 120, 110), bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 760, 0, 0).topleft))
