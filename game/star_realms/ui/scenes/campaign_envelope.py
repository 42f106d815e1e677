"""The envelope of the next scenario: its story, rules, new components and the first
player's choice; Play starts its game."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign import bots, flow, store
from game.star_realms.data import load_rules
from game.star_realms.engine.campaign import make_format
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.campaign_flow import load_campaign, play_scenario
from game.star_realms.ui.session import HUMAN
from game.ui.backdrop import starfield
from game.ui.scene import Scene


class EnvelopeScene(Scene):
    """The next scenario: its story, rules, new components, the first player's choice."""

    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.cid = cid
        self.error = ""
        self.c = load_campaign(self.db, cid)
        c = self.c
        self.sc = flow.current(c, self.db)
        self.side = flow.side(c, self.db)
        self.first = c.players[c.player_of(flow.first_faction(c))]
        self.ai_chose = False
        if flow.needs_choice(c, self.db) and self.first.controller != HUMAN:
            flow.choose(c, self.db, bots.pick_option(c, self.db))
            self.ai_chose = True
            self.save()
        elif flow.choice(c, self.db) is not None and self.first.controller != HUMAN:
            self.ai_chose = True
        self.option_rects: list[tuple[pygame.Rect, str]] = []
        self.sheet = next((s for s in self.db.campaign.sheets if s.scenario == self.sc.number),
                          None)  # a new sticker sheet comes in this envelope
        super().__init__(app)

    def save(self) -> None:
        try:
            store.save(self.c)
        except OSError as exc:
            self.error = i18n.t("campaign.save_failed", why=exc.strerror or str(exc))

    @property
    def choice(self):
        return flow.choice(self.c, self.db)

    def build(self) -> None:
        el = pygame_gui.elements
        story_h = 230 if self.sheet is not None else 320
        self.story = el.UITextBox(cv.loc(self.side, "story"),
                                  self.rect(60, 150, 860, story_h), self.ui,
                                  object_id="#story_box")
        self.back = el.UIButton(self.rect(60, 960, 300, 86), i18n.t("campaign.back"), self.ui)
        self.play = el.UIButton(self.rect(1480, 960, 400, 86), i18n.t("campaign.play"), self.ui,
                                object_id="#primary_button")
        self.sync_play()

    def sync_play(self) -> None:
        if flow.needs_choice(self.c, self.db):
            self.play.disable()
        else:
            self.play.enable()

    def pick(self, option: str) -> None:
        if self.ai_chose:
            return
        flow.choose(self.c, self.db, option)
        self.save()
        self.sync_play()

    def start(self) -> None:
        if flow.needs_choice(self.c, self.db):
            return
        play_scenario(self.app, self.c, self.db)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.play:
                self.start()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, oid in self.option_rects:
                if rect.collidepoint(event.pos):
                    self.pick(oid)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif self.choice is not None and pygame.K_1 <= event.key <= pygame.K_9:
                k = event.key - pygame.K_1
                if k < len(self.choice.options):
                    self.pick(self.choice.options[k].id)

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=13), (0, 0))
        c, db, sc = self.c, self.db, self.sc
        title = i18n.t("campaign.scenario_title", n=sc.number, name=cv.loc(sc, "name"))
        cv.blit_text(surface, title, self.rect(960, 14, 0, 0).topleft, self.px(52), cv.WHITE,
                     True, "midtop", max_w=self.px(1800))
        fac = flow.first_faction(c)
        sub = i18n.t("campaign.side_line", faction=cv.faction(fac), name=self.first.name)
        r = cv.blit_text(surface, sub, self.rect(980, 86, 0, 0).topleft, self.px(28),
                         cv.faction_color(fac), True, "midtop")
        surface.blit(cv.emblem(fac, self.px(40)), (r.x - self.px(50), r.y - self.px(2)))
        self.draw_left(surface, c, db, sc)
        self.draw_right(surface, c, db)
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1050, 0, 0).topleft, self.px(22),
                         cv.RED, True, "midtop")

    def draw_left(self, surface, c, db, sc) -> None:
        x = self.rect(60, 0, 0, 0).x
        w = self.px(860)
        y = self.story.rect.bottom + self.px(14)
        cv.blit_text(surface, i18n.t("campaign.teaches"), (x, y), self.px(24), cv.DIM, True)
        y = cv.blit_wrapped(surface, cv.loc(sc, "teaches"), x, y + self.px(32), w,
                            self.px(24), cv.TEXT, line_h=self.px(31), max_lines=3)
        y += self.px(8)
        surface.blit(cv.emblem("unaligned", self.px(30)), (x, y))
        cv.blit_text(surface, cv.vp_line(db, sc.number), (x + self.px(40), y), self.px(26),
                     cv.GOLD, True, max_w=w - self.px(40))
        y += self.px(46)
        if self.sheet is not None:
            self.draw_sheet(surface, self.sheet,
                            pygame.Rect(x, y, w, self.rect(0, 940, 0, 0).y - y))

    def draw_sheet(self, surface, sheet, r: pygame.Rect) -> None:
        """A new sticker sheet: its five rows, the ship and the base sticker of each (as
        each faction would read it: the sheets are the same, the effects may differ)."""
        db = self.db
        t = cv.blit_text(surface, i18n.t("campaign.new_sheet", name=cv.loc(sheet, "name")),
                         (r.x, r.y), self.px(24), cv.DIM, True)
        cv.blit_text(surface, i18n.t("campaign.slot_short.legend"), (r.right, t.centery),
                     self.px(18), cv.DIM, anchor="midright",
                     max_w=r.right - t.right - self.px(24))
        cost_w = self.px(48)
        col_w = (r.w - cost_w) // 2
        head_y = r.y + self.px(34)
        for k, kind in enumerate(("ship", "base")):
            cv.blit_text(surface, i18n.t(f"campaign.sheet_col.{kind}"),
                         (r.x + cost_w + k * col_w + self.px(8), head_y), self.px(19), cv.DIM,
                         True, max_w=col_w - self.px(16))
        top = head_y + self.px(26)
        row_h = max(self.px(30), (r.bottom - top) // 5)
        size = self.px(20)
        em = self.px(20)
        for j, cost in enumerate(sheet.costs):
            cell = pygame.Rect(r.x, top + j * row_h, r.w, row_h - self.px(4))
            cv.box(surface, cell, self.px(6), cv.CELL, cv.EDGE)
            cv.blit_text(surface, str(cost), (r.x + cost_w // 2, cell.centery), self.px(26),
                         cv.GOLD, True, "center")
            for k, kind in enumerate(("ship", "base")):
                st = db.campaign.stickers.get(f"s{sheet.number}c{cost}{kind}")
                if st is None:
                    continue
                cx = r.x + cost_w + k * col_w + self.px(8)
                avail = col_w - self.px(16)
                texts = {f: cv.effects_text(st.effects[f]) for f in PLAYER_FACTIONS}
                slot = i18n.t(f"campaign.slot_short.{st.slot}")
                if len(set(texts.values())) == 1:
                    t = cv.blit_text(surface, slot, (cx, cell.centery), size, cv.DIM, True,
                                     "midleft")
                    cv.blit_text(surface, texts[PLAYER_FACTIONS[0]],
                                 (t.right + self.px(8), cell.centery), size, cv.TEXT,
                                 anchor="midleft", max_w=cx + avail - t.right - self.px(8))
                    continue
                t = cv.blit_text(surface, slot, (cx, cell.y + cell.h // 4), size, cv.DIM, True,
                                 "midleft")
                ex = t.right + self.px(8)
                for i, f in enumerate(PLAYER_FACTIONS):
                    ly = cell.y + cell.h * (1 + 2 * i) // 4
                    surface.blit(cv.emblem(f, em), (ex, ly - em // 2))
                    cv.blit_text(surface, texts[f], (ex + em + self.px(6), ly), self.px(19),
                                 cv.faction_color(f), anchor="midleft",
                                 max_w=cx + avail - ex - em - self.px(6))

    def draw_right(self, surface, c, db) -> None:
        x = self.rect(980, 0, 0, 0).x
        w = self.px(880)
        y = self.rect(0, 150, 0, 0).y
        spec = cv.game_spec(c, db)
        cv.blit_text(surface, i18n.t("campaign.rules"), (x, y), self.px(26), cv.DIM, True)
        y += self.px(38)
        lines = cv.rules_in_force(c, db, self.side.rules, spec)
        ch = self.choice
        if ch is not None and c.pending_choice:
            picked = next(o for o in ch.options if o.id == c.pending_choice)
            lines += cv.rules_in_force(c, db, picked.rules, spec)
        if not lines:
            lines = [(i18n.t("campaign.no_rules"), True)]
        for text, active in lines:
            y = self.bullet(surface, text, x, y, w, self.px(25),
                            cv.TEXT if active else cv.FAINT, cv.GOLD if active else cv.FAINT)
        y += self.px(6)
        y = self.draw_start(surface, c, db, x, y, w)
        y = self.draw_favours(surface, c, db, x, y + self.px(4), w) + self.px(14)
        self.option_rects = []
        if ch is None:
            return
        cv.blit_text(surface, cv.loc(ch, "prompt"), (x, y), self.px(28), cv.WHITE, True,
                     max_w=w)
        y += self.px(40)
        if self.ai_chose:
            who = i18n.t("campaign.ai_chose", name=self.first.name)
        else:
            who = i18n.t("campaign.you_choose", name=self.first.name)
        cv.blit_text(surface, who, (x, y), self.px(22), cv.GOLD if self.ai_chose else cv.DIM,
                     True, max_w=w)
        y += self.px(34)
        n = len(ch.options)
        gap = self.px(16)
        tile_w = (w - gap * (n - 1)) // n
        bottom = self.rect(0, 940, 0, 0).y
        mouse = pygame.mouse.get_pos()
        for i, opt in enumerate(ch.options):
            r = pygame.Rect(x + i * (tile_w + gap), y, tile_w, bottom - y)
            chosen = opt.id == c.pending_choice
            hot = r.collidepoint(mouse) and not self.ai_chose
            fill = cv.CHOSEN if chosen else (cv.PANEL_HI if hot else cv.PANEL)
            cv.box(surface, r, self.px(12), fill, cv.GOLD if chosen else cv.EDGE,
                   self.px(3) if chosen else 1)
            self.draw_option(surface, opt, i, r, spec, chosen)
            if not self.ai_chose:
                self.option_rects.append((r, opt.id))

    def bullet(self, surface, text, x, y, w, size, color, dot) -> int:
        line_h = round(size * 1.28)
        pygame.draw.circle(surface, dot, (x + self.px(8), y + line_h // 2), self.px(5))
        return cv.blit_wrapped(surface, text, x + self.px(24), y, w - self.px(24), size, color,
                               line_h=line_h) + self.px(4)

    def draw_option(self, surface, opt, i, r: pygame.Rect, spec, chosen: bool) -> None:
        """One answer: its name, its text, whose favour it wins, the rules it adds."""
        c, db = self.c, self.db
        pad = self.px(14)
        inner = r.w - 2 * pad
        y = cv.blit_wrapped(surface, f"{i + 1}. {cv.loc(opt, 'name')}", r.x + pad, r.y + pad,
                            inner, self.px(26), cv.WHITE, True, line_h=self.px(32), max_lines=2)
        extra = []  # (text, faction emblem or None)
        if opt.favour is not None:
            neighbour, to = opt.favour
            if to == "none":
                extra.append((i18n.t("campaign.option_favour_none",
                                     neighbour=cv.faction(neighbour)), neighbour))
            else:
                first = flow.first_faction(c)
                f = first if to == "first" else flow.other(first)
                extra.append((i18n.t("campaign.option_favour", neighbour=cv.faction(neighbour),
                                     name=c.players[c.player_of(f)].name), neighbour))
        for text, _active in cv.rules_in_force(c, db, opt.rules, spec):
            extra.append((text, None))
        reserve = len(extra) * self.px(56) + (self.px(34) if chosen else 0)
        lines_fit = max(1, (r.bottom - y - reserve - pad) // self.px(28))
        y = cv.blit_wrapped(surface, cv.loc(opt, "text"), r.x + pad, y + self.px(6), inner,
                            self.px(22), cv.TEXT, line_h=self.px(28), max_lines=lines_fit)
        y += self.px(8)
        for text, fac in extra:
            if fac is not None:
                surface.blit(cv.emblem(fac, self.px(26)), (r.x + pad, y))
                y = cv.blit_wrapped(surface, text, r.x + pad + self.px(34), y + self.px(1),
                                    inner - self.px(34), self.px(21), cv.GOLD, True,
                                    line_h=self.px(27), max_lines=2) + self.px(2)
            else:
                y = self.bullet(surface, text, r.x + pad, y, inner, self.px(21), cv.TEXT,
                                cv.GOLD)
        if chosen:
            cv.blit_text(surface, i18n.t("campaign.chosen"), (r.right - pad, r.bottom - pad),
                         self.px(22), cv.GOLD, True, "bottomright")

    def draw_favours(self, surface, c, db, x, y, w) -> int:
        """The neighbours' favour this game is played with (the rules name it)."""
        favours = flow.favours_after_choice(c, db)
        parts = []
        for nb in CAMPAIGN_FACTIONS:
            to = favours.get(nb)
            who = c.players[c.player_of(to)].name if to else i18n.t("campaign.nobody")
            parts.append(f"{cv.faction(nb)}: {who}")
        text = f"{i18n.t('campaign.favours')} — " + " · ".join(parts)
        return cv.blit_wrapped(surface, text, x, y, w, self.px(22), cv.DIM, line_h=self.px(30))

    def draw_start(self, surface, c, db, x, y, w) -> int:
        """Each player's starting authority and hand under the rules shown."""
        try:
            fmt = make_format(db, (("campaign", flow.spec(c, db)),))
        except (ValueError, KeyError):
            return y
        _, life = fmt.life_pools(2)
        first = c.player_of(flow.first_faction(c))
        hands = fmt.opening_hands(2, first)
        parts = [i18n.t("campaign.start_of", name=p.name, a=life[i], h=hands[i])
                 for i, p in enumerate(c.players)]
        return cv.blit_wrapped(surface, " · ".join(parts), x, y, w, self.px(22), cv.DIM,
                               line_h=self.px(30))
