"""Game over: who won, after how many turns, the game's story (authority over time,
cards acquired, damage dealt, the turning point) and the player's record in this format
at this difficulty; then what next."""

from __future__ import annotations

import contextlib

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign.flow import how_won
from game.star_realms.progress import record_win
from game.star_realms.records import Record, add_result, difficulty_of
from game.star_realms.ui.campaign_flow import back_to_campaign, on_game_over
from game.star_realms.ui.record_text import record_line
from game.star_realms.ui.story import Story, game_story
from game.star_realms.ui.story_chart import draw_chart, draw_table, panel, turning_text
from game.ui import fonts, palette, routes
from game.ui.scenes.overlays import Overlay, shade

BUTTONS_Y = 930


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
        self.story: Story | None = game_story(session.db, state)
        self.record_text, self.record_problem = self.record_result()
        super().__init__(app)

    def record_result(self) -> tuple[str, str]:
        """Count this game in the local profile (when people played it and it has an
        outcome); the sentence to show, and why it could not be counted ("" if it was)."""
        session, state = self.session, self.session.state
        people = [s for s in range(len(state.seats)) if session.is_human(s)]
        if not people or state.winners is None:
            return "", ""
        cfg = state.config
        difficulty = difficulty_of(list(session.controllers),
                                   state.format.difficulty if self.adventure else None)
        won = any(w in people for w in state.winners)
        # the same finished game opened again (a save, "look at the table") counts once
        key = f"{cfg.seed}:{cfg.format}:{state.log_len}"
        records, problem = add_result(cfg.format, difficulty, won, state.turn, key)
        if problem:
            return "", problem
        rec = records.get(cfg.format, {}).get(difficulty, Record())
        return record_line(cfg.format, difficulty, rec), ""

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.buttons = {}
        keys = ("campaign", "look", "menu") if self.campaign else ("new_game", "look", "menu")
        for i, key in enumerate(keys):
            oid = "#primary_button" if i == 0 else None
            r = self.rect(560 + i * 280, BUTTONS_Y, 260, 86)
            if self.campaign:  # a wider first button
                r = self.rect(440, BUTTONS_Y, 460, 86) if i == 0 else self.rect(
                    640 + i * 290, BUTTONS_Y, 260, 86)
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
        t = fonts.text(title, self.px(64), palette.GOLD, bold=True)
        if t.get_width() > self.px(1800):
            w = self.px(1800)
            t = pygame.transform.smoothscale(t, (w, t.get_height() * w // t.get_width()))
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 120, 0, 0).topleft))
        turns = i18n.t("gameover.turns", n=state.turn)
        if self.campaign and len(winners) == 1:
            turns = f"{i18n.t('campaign.how_victory.' + how_won(state))} · {turns}"
        sub = fonts.text(turns, self.px(28), palette.SOFT)
        surface.blit(sub, sub.get_rect(midtop=self.rect(960, 132, 0, 0).topleft))
        self.draw_story(surface)
        if self.error:
            e = fonts.text(self.error, self.px(24), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 1030, 0, 0).topleft))

    def draw_story(self, surface: pygame.Surface) -> None:
        """The chart on the left; on the right the table, then the turning point and the
        player's record under it (a duel's short table leaves them the room)."""
        lines: list[tuple[str, int, tuple, bool]] = []  # text, size, colour, bold
        if self.story is None:
            s = fonts.text(i18n.t("story.unavailable"), self.px(22), palette.MUTED)
            surface.blit(s, s.get_rect(midtop=self.rect(960, 400, 0, 0).topleft))
            x, y, width = self.rect(960, 0, 0, 0).x, self.rect(0, 800, 0, 0).y, 1700
            center = True
        else:
            draw_chart(surface, self.rect(100, 200, 1040, 520), self.story, self.px)
            y = draw_table(surface, self.rect(1170, 200, 650, 520), self.story,
                           self.px) + self.px(20)
            x, width, center = self.rect(1170, 0, 0, 0).x, 650 - 32, False
            point = turning_text(self.story)
            if point:
                lines.append((point, 26, palette.GOLD, True))
        for text, color in ((self.record_text, palette.GREEN),
                            (i18n.t("records.not_counted", why=self.record_problem)
                             if self.record_problem else "", palette.RED)):
            if text:
                lines.append((text, 22, color, False))
        rendered = [fonts.text(line, self.px(size), color, bold=bold)
                    for text, size, color, bold in lines
                    for line in fonts.wrap(text, self.px(size), self.px(width), bold=bold)[:3]]
        if not rendered:
            return
        gap = self.px(6)
        if not center:  # a panel of its own, as the table's, over the dimmed log
            h = sum(r.get_height() + gap for r in rendered) + self.px(24)
            panel(surface, pygame.Rect(x, y, self.px(width + 32), h), self.px(12))
            x, y = x + self.px(16), y + self.px(12)
        for r in rendered:
            surface.blit(r, r.get_rect(midtop=(x, y)) if center else r.get_rect(topleft=(x, y)))
            y += r.get_height() + gap
