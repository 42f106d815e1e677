"""Game over: who won, after how many turns, and what next."""

from __future__ import annotations

import contextlib

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign.flow import how_won
from game.star_realms.progress import record_win
from game.star_realms.ui.campaign_flow import back_to_campaign, on_game_over
from game.ui import fonts, palette, routes
from game.ui.scenes.overlays import Overlay, shade


class GameOverScene(Overlay):
    def __init__(self, app, session):
        self.session = session
        state = session.state
        self.adventure = state.boss is not None
        self.campaign = state.config.format == "campaign"
        self.error = ""
        if self.campaign:
            on_game_over(session)
        self.victory = False
        if self.adventure and state.winners and state.boss.seat not in state.winners:
            self.victory = True
            if any(session.is_human(s) for s in state.winners):
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
        if key == "campaign":
            self.error = back_to_campaign(self.app, self.session)
        elif key == "look":
            self.app.pop()
        elif key == "new_game":
            self.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))
            self.app.push(routes.make(self.app, "star_realms.setup"))
        elif key == "menu":
            self.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))

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
        t = fonts.text(title, self.px(72), palette.GOLD, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 470, 0, 0).topleft))
        turns = i18n.t("gameover.turns", n=state.turn)
        if self.campaign and len(winners) == 1:
            turns = f"{i18n.t('campaign.how_victory.' + how_won(state))} · {turns}"
        sub = fonts.text(turns, self.px(30), palette.SOFT)
        surface.blit(sub, sub.get_rect(midtop=self.rect(960, 500, 0, 0).topleft))
        if self.error:
            e = fonts.text(self.error, self.px(24), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 760, 0, 0).topleft))
