"""A campaign's hub: the scenario track, both vaults, the neighbours' favour and what to
do next (open the envelope, continue the game, the top-up, the legacy decks)."""

from __future__ import annotations

import contextlib

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign import flow, store
from game.star_realms.campaign.model import Campaign, CampaignError
from game.star_realms.data import load_rules
from game.star_realms.engine.campaign_def import SCENARIOS
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.campaign_flow import continue_game, game_path, load_campaign, status_text
from game.ui import palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene


class CampaignHubScene(Scene):
    """The scenario track, both vaults, the neighbours' favour and what to do next."""

    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.cid = cid
        self.error = ""
        self.c: Campaign | None = None
        self.reload()
        super().__init__(app)

    def reload(self) -> None:
        try:
            self.c = load_campaign(self.db, self.cid)
        except CampaignError as exc:
            self.c = None
            self.error = i18n.t("campaign.damaged", why=str(exc))

    def resume(self) -> None:
        self.reload()
        self.rebuild()

    @property
    def in_progress(self) -> bool:
        c = self.c
        return c is not None and not c.played_all and bool(c.game) and game_path(
            c.game).is_file()

    def actions(self) -> list[str]:
        """The hub's buttons besides Back, most important first."""
        c = self.c
        if c is None:
            return []
        if not c.played_all:
            return ["continue"] if self.in_progress else ["envelope"]
        out = [] if c.topup_done else ["topup"]
        if c.topup_done:
            out.append("legacy")
        return out

    def build(self) -> None:
        el = pygame_gui.elements
        self.back = el.UIButton(self.rect(40, 960, 300, 86), i18n.t("campaign.back"), self.ui)
        self.buttons = {}
        for i, key in enumerate(self.actions()):
            r = self.rect(1480 - i * 440, 960, 400, 86)
            oid = "#primary_button" if i == 0 else None
            self.buttons[el.UIButton(r, i18n.t(f"campaign.action.{key}"), self.ui,
                                     object_id=oid)] = key

    def button(self, key: str):
        return next(b for b, k in self.buttons.items() if k == key)

    def act(self, key: str) -> None:
        c = self.c
        if c is None:
            return
        if key == "envelope":
            self.app.push(routes.make(self.app, "star_realms.envelope", c.id))
        elif key == "continue":
            why = continue_game(self.app, c, self.db)
            if why:
                self.error = i18n.t("campaign.cannot_continue", why=why)
                c.game = ""  # the envelope restarts the scenario
                with contextlib.suppress(OSError):
                    store.save(c)
                self.rebuild()
        elif key == "topup":
            self.app.push(routes.make(self.app, "star_realms.campaign_topup", c.id))
        elif key == "legacy":
            self.app.push(routes.make(self.app, "star_realms.campaign_end", c.id))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element in self.buttons:
                self.act(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.actions():
                self.act(self.actions()[0])

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=9), (0, 0))
        c = self.c
        if c is None:
            cv.blit_text(surface, self.error, self.rect(960, 480, 0, 0).topleft, self.px(28),
                         cv.RED, True, "center", max_w=self.px(1800))
            return
        cv.blit_text(surface, c.name, self.rect(960, 12, 0, 0).topleft, self.px(48), cv.WHITE,
                     True, "midtop", max_w=self.px(1800))
        win = flow.winner(c, self.db)
        if win is not None:
            p = c.players[c.player_of(win)]
            score = " : ".join(str(c.vp(q.faction, self.db)) for q in c.players)
            text = i18n.t("campaign.campaign_won", name=p.name, faction=cv.faction(win),
                          score=score)
            r = cv.blit_text(surface, text, self.rect(960, 74, 0, 0).topleft, self.px(30),
                             cv.GOLD, True, "midtop")
            surface.blit(cv.emblem(win, self.px(36)), (r.x - self.px(46), r.y))
        else:
            cv.blit_text(surface, status_text(c, self.db), self.rect(960, 74, 0, 0).topleft,
                         self.px(28), cv.DIM, True, "midtop")
        self.draw_track(surface, c)
        for i, p in enumerate(c.players):
            self.draw_vault(surface, c, p, self.rect(720 + i * 590, 124, 570, 680))
        self.draw_favours(surface, c, self.rect(720, 818, 1160, 96))
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 922, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop", max_w=self.px(1840))

    def track_rect(self, n: int) -> pygame.Rect:
        return self.rect(40, 124 + (n - 1) * 66, 650, 60)

    def draw_track(self, surface: pygame.Surface, c: Campaign) -> None:
        results = {r.scenario: r for r in c.results}
        for n in range(1, SCENARIOS + 1):
            r = self.track_rect(n)
            sc = self.db.campaign.scenario(n)
            done = n in results
            nxt = n == c.scenario
            fill = cv.PANEL_HI if nxt else cv.PANEL
            edge = cv.GOLD if nxt else cv.EDGE
            cv.box(surface, r, self.px(10), fill, edge, self.px(3) if nxt else 1)
            color = cv.WHITE if done or nxt else cv.FAINT
            cx = r.x + self.px(32)
            pygame.draw.circle(surface, edge if nxt else (cv.EDGE if done else cv.TRACK_AHEAD),
                               (cx, r.centery), self.px(21))
            cv.blit_text(surface, str(n), (cx, r.centery), self.px(24),
                         cv.ON_GOLD if nxt else color, True, "center")
            if done:
                res = results[n]
                t = cv.blit_text(surface, cv.how(res.how), (r.right - self.px(12), r.centery),
                                 self.px(20), cv.TEXT, anchor="midright")
                surface.blit(cv.emblem(res.winner, self.px(38)),
                             (t.x - self.px(46), r.centery - self.px(19)))
                end = t.x - self.px(56)
            elif nxt:
                tag = "campaign.in_progress" if self.in_progress else "campaign.next_tag"
                t = cv.blit_text(surface, i18n.t(tag), (r.right - self.px(14), r.centery),
                                 self.px(20), cv.GOLD, True, "midright")
                end = t.x - self.px(10)
            else:
                t = cv.blit_text(surface, i18n.t("campaign.vp_short", n=sc.vp.points),
                                 (r.right - self.px(14), r.centery), self.px(20), cv.FAINT,
                                 anchor="midright")
                end = t.x - self.px(10)
            cv.blit_text(surface, cv.loc(sc, "name"), (r.x + self.px(66), r.centery),
                         self.px(24), color, done or nxt, "midleft",
                         max_w=end - r.x - self.px(66))

    def draw_vault(self, surface: pygame.Surface, c: Campaign, p, r: pygame.Rect) -> None:
        db = self.db
        cv.box(surface, r, self.px(14), palette.PANEL_DEEP, cv.palette_edge(p.faction), self.px(2))
        pad = self.px(18)
        x, y = r.x + pad, r.y + pad
        surface.blit(cv.emblem(p.faction, self.px(64)), (x, y))
        cv.blit_text(surface, p.name, (x + self.px(78), y - self.px(4)), self.px(34), cv.WHITE,
                     True, max_w=self.px(300))
        cv.blit_text(surface, f"{cv.faction(p.faction)} · {cv.controller(p.controller)}",
                     (x + self.px(78), y + self.px(40)), self.px(20),
                     cv.faction_color(p.faction))
        vp = c.vp(p.faction, db)
        cv.blit_text(surface, i18n.t("campaign.vp_total", n=vp), (r.right - pad, y),
                     self.px(44), cv.GOLD, True, "topright")
        y += self.px(96)
        won = [res for res in c.results if res.winner == p.faction]
        cv.blit_text(surface, i18n.t("campaign.vp_cards"), (x, y), self.px(22), cv.DIM, True)
        y += self.px(32)
        grid_top = r.bottom - self.px(250)
        if not won:
            cv.blit_text(surface, i18n.t("campaign.none"), (x, y), self.px(22), cv.FAINT)
        avail = grid_top - y - self.px(8)
        cols = 1 if len(won) * self.px(30) <= avail else 2
        rows = max(1, -(-len(won) // cols))
        line_h = min(self.px(30), avail // rows)
        size = min(self.px(23), round(line_h * 0.78))
        col_w = (r.w - 2 * pad) // cols
        for k, res in enumerate(won):
            cx = x + (k // rows) * col_w
            cy = y + (k % rows) * line_h
            right = cx + col_w - (self.px(24) if cols > 1 else 0)
            vpc = db.campaign.scenario(res.scenario).vp
            cv.blit_text(surface, f"{res.scenario}. {cv.loc(vpc, 'name')}", (cx, cy), size,
                         cv.TEXT, max_w=right - cx - self.px(30))
            cv.blit_text(surface, str(vpc.points), (right, cy), size, cv.GOLD, True,
                         "topright")
        # stickers left: one mini-grid per sheet held, a cell per row (its cost)
        y = grid_top
        cv.blit_text(surface, i18n.t("campaign.stickers_left"), (x, y), self.px(22), cv.DIM,
                     True, max_w=r.w - 2 * pad)
        cv.blit_text(surface, i18n.t("campaign.upgraded_n", n=c.upgrades_by(p.faction)),
                     (x, y + self.px(30)), self.px(22), cv.TEXT, True)
        y += self.px(66)
        left = flow.stickers_left(c, db, p.faction)
        col_w = (r.w - 2 * pad) // 4
        for k, sheet in enumerate(db.campaign.sheets):
            cx = x + k * col_w
            held = sheet.number in left
            cv.blit_text(surface, i18n.t("campaign.sheet_short", n=cv.roman(sheet.number)),
                         (cx, y), self.px(19), cv.TEXT if held else cv.FAINT, True)
            for j, cost in enumerate(sheet.costs):
                cell = pygame.Rect(cx, y + self.px(26) + j * self.px(25), col_w - self.px(14),
                                   self.px(22))
                if not held:  # the envelope with this sheet is not open yet
                    cv.box(surface, cell, self.px(4), cv.SPENT, cv.SPENT_EDGE)
                    continue
                unused = cost in left[sheet.number]
                fill = cv.STICKER_FREE if unused else cv.STICKER_USED
                cv.box(surface, cell, self.px(4), fill, cv.EDGE if unused else cv.STICKER_USED_EDGE)
                cv.blit_text(surface, str(cost), cell.center, self.px(17),
                             cv.WHITE if unused else cv.FAINT, unused, "center")
                if not unused:  # used: struck through
                    pygame.draw.line(surface, cv.FAINT, (cell.x + self.px(8), cell.centery),
                                     (cell.right - self.px(8), cell.centery), max(1, self.px(2)))

    def draw_favours(self, surface: pygame.Surface, c: Campaign, r: pygame.Rect) -> None:
        cv.box(surface, r, self.px(14), palette.PANEL_DEEP, cv.EDGE)
        pad = self.px(18)
        cv.blit_text(surface, i18n.t("campaign.favours"), (r.x + pad, r.y + self.px(10)),
                     self.px(22), cv.DIM, True)
        col = (r.w - 2 * pad) // 3
        for i, nb in enumerate(CAMPAIGN_FACTIONS):
            # each neighbour keeps to its third of the panel: emblem, name → emblem, name
            x = r.x + pad + i * col
            right = x + col - self.px(16)
            y = r.y + self.px(44)
            cy = y + self.px(18)
            surface.blit(cv.emblem(nb, self.px(36)), (x, y))
            x += self.px(42)
            t = cv.blit_text(surface, cv.faction(nb), (x, cy), self.px(22),
                             cv.faction_color(nb), True, "midleft",
                             max_w=(right - x) * 45 // 100)
            x = t.right + self.px(10)
            cv.arrow(surface, (x, cy), self.px(22), cv.DIM)
            x += self.px(32)
            to = c.favours.get(nb)
            if to is None:
                cv.blit_text(surface, i18n.t("campaign.nobody"), (x, cy), self.px(22),
                             cv.FAINT, anchor="midleft", max_w=right - x)
            else:
                surface.blit(cv.emblem(to, self.px(32)), (x, y + self.px(2)))
                x += self.px(38)
                cv.blit_text(surface, c.players[c.player_of(to)].name, (x, cy), self.px(22),
                             cv.TEXT, True, "midleft", max_w=right - x)
