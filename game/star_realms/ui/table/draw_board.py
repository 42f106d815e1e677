"""Drawing the board: the cached background, piles, cards, seat boxes and panels,
pools and the seat list — all from the model and the viewer's player view."""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.engine.state import HIDDEN
from game.star_realms.ui.layout import TURN_MARKER_FONT
from game.star_realms.ui.log_text import named_in_plural, plural_verb
from game.star_realms.ui.session import PEOPLE
from game.star_realms.ui.sprites import CardSprite
from game.star_realms.ui.table.effects import banner_text
from game.star_realms.ui.table.host import TableHost
from game.star_realms.ui.table.style import (
    BG,
    DIM,
    GOLD,
    GREEN,
    HILITE,
    RED,
    TEAM_COLORS,
    TEXT,
    ZONE,
    ZONE_EDGE,
    icon,
)
from game.ui import fonts


class BoardMixin(TableHost):
    """The table itself: zones, piles, cards, seats and pools."""

    def background(self) -> pygame.Surface:
        """The parts of the table that never change, drawn once per window size."""
        size = self.app.size
        if getattr(self, "_bg_size", None) != (size, self.layout):  # a new size or setting
            bg = pygame.Surface(size)
            bg.fill(BG)
            lay = self.layout
            z = lay.zones()
            names = ["my_info", "my_field", "seats", "log"]
            if not lay.multi:
                names += ["opp_info", "opp_field"]
            rects = [z[n] for n in names] + lay.panels
            for rect in rects:
                pygame.draw.rect(bg, ZONE, rect, border_radius=lay.px(10))
                pygame.draw.rect(bg, ZONE_EDGE, rect, 1, border_radius=lay.px(10))
            self._bg, self._bg_size = bg, (size, self.layout)
        return self._bg

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))
        z = self.layout.zones()
        now = self.app.clock_ms
        self.draw_drop_hints(surface)
        self.draw_piles(surface)
        self.draw_info(surface, z["my_info"], self.me, mine=True)
        if self.layout.multi:
            for seat in self.opponents:
                self.draw_panel(surface, seat)
            if self.own_cell() is not None:
                self.draw_own_cell(surface)
        elif self.boss_view is not None:
            self.boss_view.draw_info(surface, z["opp_info"])
        elif self.opponents:
            self.draw_info(surface, z["opp_info"], self.opponents[0], mine=False)
        if self.boss_view is not None:
            self.boss_view.draw_piles(surface)
        self.draw_pools(surface)
        self.draw_hand_note(surface)
        self.draw_seats(surface)
        self.draw_log(surface)
        # cards: static first, hand last, moving cards above everything
        sprites = sorted(self.sprites.values(), key=lambda s: (s.zone == "hand", s.moving(now)))
        # the hovered hand card rises only while the table is on top (not under the pause
        # menu, Settings or the rules, which the pointer is really over)
        hovered = self.hover[0] if self.hover and self.app.top is self else None
        for sprite in sprites:
            if self.drag is not None and sprite.iid == self.drag.iid and self.drag.kind != "combat":
                continue
            self.draw_sprite(surface, sprite, now, raised=sprite.zone == "hand"
                             and sprite.iid == hovered)
            if sprite.zone == "mate_hand":  # a teammate's hand card: the team may play it
                pygame.draw.rect(surface, GOLD, sprite.current(now), self.layout.px(2),
                                 border_radius=self.layout.px(4))
        for ghost in self.ghosts:
            self.draw_sprite(surface, ghost, now)
        self.draw_chips(surface)
        if self.prompt is not None:
            pass  # drawn after the UI (it sits on a panel)
        if self.drag is not None:
            if self.drag.kind == "combat" and self.drag.moved:
                self.dim_illegal_targets(surface)
            self.draw_drag(surface)
            self.draw_refusal_hint(surface)
        self.draw_turn_marker(surface)

    def draw_turn_marker(self, surface: pygame.Surface) -> None:
        """Always shown, large (issue 39, item 7): whose turn it is — "Your turn", "Anna's
        turn", or the team's in a team turn — and under it what the table waits for."""
        lay = self.layout
        r = lay.zones()["turn"]
        m = self.model
        mine = self.my_turn() and not m.over
        pygame.draw.rect(surface, ZONE, r, border_radius=lay.px(10))
        pygame.draw.rect(surface, GOLD if mine else ZONE_EDGE, r, lay.px(3),
                         border_radius=lay.px(10))
        if m.over:
            return
        pad = lay.px(12)
        title = banner_text(self)
        if self.has_teams():  # a team's colour band, as on its seats' panels
            band = TEAM_COLORS[m.seats[m.active].team % len(TEAM_COLORS)]
            pygame.draw.rect(surface, band, (r.x, r.y, lay.px(10), r.h),
                             border_top_left_radius=lay.px(10),
                             border_bottom_left_radius=lay.px(10))
        at = self.label(surface, title, r.x + pad + lay.px(6), r.y + lay.px(8),
                        self.fitting(title, lay.fs(TURN_MARKER_FONT), r.w - 2 * pad, True),
                        GOLD if mine else TEXT, "topleft", True)
        s = self.session
        if self.my_turn():
            note = i18n.t("table.your_decision") if m.question is not None else ""
        elif not s.is_human(s.acting):
            key = plural_verb("table.thinking") if named_in_plural(self.view, s.acting) \
                else "table.thinking"
            note = i18n.t(key, name=s.name(s.acting))
        else:
            note = i18n.t("table.turn_of", name=s.name(s.acting))
        if note:
            self.label(surface, note, at.x, at.bottom + lay.px(2),
                       self.fitting(note, lay.fs(18), r.w - 2 * pad), DIM, "topleft")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        if self.session.curtain is not None:
            self.draw_curtain(surface)
        self.ui.draw_ui(surface)
        if self.prompt is not None and self.session.curtain is None:
            self.prompt.draw(surface)
        if self.amount_panel is not None:
            self.draw_amount(surface)
        self.draw_zoom(surface)
        self.draw_toasts(surface)
        self.draw_join(surface)

    def face(self, iid: int, width: int) -> pygame.Surface:
        if iid == HIDDEN:
            return self.images.back(width)
        shown = self.session.shown_card(iid)
        if shown is None:  # not on the viewer's table (yet): face down
            return self.images.back(width)
        return self.images.face(self.session.card_def(shown.face_key()), width)

    def draw_sprite(self, surface: pygame.Surface, sprite: CardSprite, now: float,
                    raised: bool = False) -> None:
        rect = sprite.current(now)
        img = self.face(sprite.iid, rect.w) if sprite.face_up else self.images.back(rect.w)
        if img.get_height() != rect.h:
            img = pygame.transform.smoothscale(img, rect.size)
        if raised:  # (whole into view, also when the hand sinks below the edge)
            rect = rect.move(0, -self.layout.hand_raise)
        elif sprite.tilt:
            # keyed on the face surface itself (kept alive in the value), so a placeholder
            # frame is never reused once the real face has arrived
            key = (id(img), round(sprite.tilt, 1))
            entry = self._turned.get(key)
            if entry is None or entry[0] is not img:
                if len(self._turned) > 200:
                    self._turned.clear()
                entry = self._turned[key] = (img, pygame.transform.rotozoom(img, sprite.tilt,
                                                                            1.0))
            turned = entry[1]
            img = turned
            rect = img.get_rect(center=rect.center)
        surface.blit(img, rect)
        iid = sprite.iid
        shown = self.session.shown_card(iid) if sprite.zone in ("my_field", "opp_field") else None
        if shown is not None and shown.copy_of:
            tag = fonts.text("⧉ " + i18n.card_name(self.session.card_def(shown.face_key())),
                             self.layout.px(15),
                             HILITE, bold=True)
            surface.blit(tag, (rect.x, rect.y - tag.get_height()))

    def draw_piles(self, surface: pygame.Surface) -> None:
        lay = self.layout
        z = lay.zones()
        m = self.model
        supply = m.supply
        me = m.seats[self.me]
        small = lay.fs(17)
        for name, count, label in (
                ("trade_deck", supply.trade_deck_count, "table.trade_deck"),
                ("my_deck", me.deck_count, "table.deck")):
            r = z[name]
            if count:
                surface.blit(self.images.back(r.w), r)
            else:
                pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
            self.count_badge(surface, r, count)
            self.label(surface, i18n.t(label), r.centerx, r.y - lay.px(4), small)
        for name, count, label in (
                ("explorers", supply.explorers_count, "table.explorers"),
                ("scrap", len(supply.scrap), "table.scrap_heap"),
                ("my_discard", len(me.discard), "table.discard")):
            r = z[name]
            pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
            self.label(surface, i18n.t(label), r.centerx, r.y - lay.px(4), small)
            if count:
                self.count_badge(surface, r, count, after=True)
        self.label(surface, i18n.t("table.trade_row"), z["trade_row"].centerx,
                   z["trade_row"].y - lay.px(4), small)
        for i, slot in enumerate(supply.trade_row):
            if slot.card is None:
                r = pygame.Rect(z["trade_row"].x + i * lay.trade_step, z["trade_row"].y,
                                lay.card_w, lay.card_h)
                pygame.draw.rect(surface, ZONE_EDGE, r, 1, border_radius=lay.px(8))
        self.label(surface, i18n.t("table.your_ships_and_bases"), z["my_field"].x + lay.px(10),
                   z["my_field"].y + lay.px(4), small, align="topleft")

    def count_badge(self, surface: pygame.Surface, r: pygame.Rect, n: int,
                    after: bool = False) -> None:
        lay = self.layout
        t = fonts.text(str(n), lay.fs(20), (255, 255, 255), bold=True)
        box = t.get_rect()
        box.inflate_ip(lay.px(12), lay.px(4))
        box.midbottom = (r.centerx, r.bottom + lay.px(4)) if not after else (
            r.centerx, r.bottom + lay.px(22))
        pygame.draw.rect(surface, (20, 28, 48), box, border_radius=lay.px(9))
        pygame.draw.rect(surface, ZONE_EDGE, box, 1, border_radius=lay.px(9))
        surface.blit(t, t.get_rect(center=box.center))

    @staticmethod
    def fitting(text: str, size: int, width: int, bold: bool = False) -> int:
        """``size``, or smaller (not below 8 px) so that ``text`` is at most ``width`` wide."""
        while size > 8 and fonts.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def label(self, surface, text, x, y, size, color=DIM, align="midbottom", bold=False):
        t = fonts.text(text, size, color, bold)
        r = t.get_rect(**{align: (x, y)})
        surface.blit(t, r)
        return r

    def draw_info(self, surface: pygame.Surface, r: pygame.Rect, seat: int, mine: bool) -> None:
        lay = self.layout
        m = self.model
        s = m.seats[seat]
        pad = lay.px(12)
        k = min(1.0, r.h / lay.fs(196))  # a short box (a duel's top row) draws smaller

        def f(v: float) -> int:
            return max(8, round(lay.fs(v) * k))

        acting = self.session.acting == seat and not m.over
        if acting:
            pygame.draw.rect(surface, GOLD, r, lay.px(3), border_radius=lay.px(10))
        self.label(surface, s.name, r.x + pad, r.y + pad, f(24), TEXT, "topleft", True)
        tag = [self.role_of(seat)] if self.role_of(seat) else []
        if self.has_teams():
            team = "AB"[s.team % 2] if len(self.teams()) == 2 else str(s.team + 1)
            tag.insert(0, i18n.t("table.team", team=team))
            band = TEAM_COLORS[s.team % len(TEAM_COLORS)]
            pygame.draw.rect(surface, band, (r.x, r.y, r.w, lay.px(6)),
                             border_top_left_radius=lay.px(10),
                             border_top_right_radius=lay.px(10))
        if tag:
            self.label(surface, " · ".join(tag), r.right - pad, r.y + pad + lay.px(6), f(16),
                       DIM, "topright")
        surface.blit(icon("authority", f(40)), (r.x + pad, r.y + f(54)))
        self.label(surface, str(s.authority), r.x + pad + f(50), r.y + f(48),
                   f(44), GREEN, "topleft", True)
        line_y = r.y + f(104)
        info = [i18n.t("table.hand_count", n=s.hand_count),
                i18n.t("table.deck_count", n=s.deck_count),
                i18n.t("table.discard_count", n=len(s.discard))]
        if s.pending_discard:
            info.append(i18n.t("table.owes_discard", n=s.pending_discard))
        if not mine:  # United: the others' missions; gambits: counted, names revealed
            info += self.dealt_summaries(seat)
        # a phone's seat: its connection is one more line ("phone: connected")
        phone = self.phone_state(seat) is not None
        # the lines close up (and shrink) to stay inside a short box
        rows = len(info) + phone
        step = max(lay.px(10), min(f(24), (r.bottom - lay.px(6) - line_y) // rows))
        # (beside the opponent's discard pile, a long line shrinks to pass it)
        room = (self.opp_discard_rect().x if not mine else r.right) - pad - (r.x + pad)
        for i, line in enumerate(info):
            self.label(surface, line, r.x + pad, line_y + i * step,
                       self.fitting(line, min(f(18), step), room), DIM, "topleft")
        end = line_y + len(info) * step
        if phone:  # as tall as a line and no wider than the others may be
            self.draw_phone_line(surface, seat, r.x + pad, end, min(f(20), step), room)
            end += step
        if mine:
            self.draw_dealt(surface, r, seat, end)
        if not mine:
            # the opponent's hand, face down
            n = s.hand_count
            w = max(8, round(lay.px(40) * min(k, (self.opp_discard_rect().y - r.y - pad)
                                              / lay.px(60))))
            x0 = r.right - pad - w - (n - 1) * lay.px(12)
            for i in range(n):
                surface.blit(self.images.back(w), (x0 + i * lay.px(12), r.y + pad))
            if not s.discard:
                pygame.draw.rect(surface, ZONE_EDGE, self.opp_discard_rect(), 1,
                                 border_radius=lay.px(6))
            if not s.alive:
                self.label(surface, i18n.t("table.out"), r.centerx, r.centery, lay.px(40), RED,
                           "center", True)

    def draw_phone_line(self, surface: pygame.Surface, seat: int, x: int, y: int, h: int,
                        room: int) -> None:
        """"📱 phone: connected" in a seat box, ``h`` px tall, at most ``room`` wide: where
        that is too long (Russian, beside the opponent's discard pile) the glyph stands
        for the word "phone" and the status alone is shrunk to fit."""
        mark = self.phone_mark(seat, h)
        state = self.phone_state(seat)
        if mark is None or state is None:
            return
        if mark.get_width() <= room:
            surface.blit(mark, (x, y))
            return
        glyph = self.phone_mark(seat, h, words=False)
        assert glyph is not None
        surface.blit(glyph, (x, y))
        words, color = state
        left = x + glyph.get_width() + max(2, h // 3)
        size = self.fitting(words, max(9, h * 4 // 5), x + room - left)
        self.label(surface, words, left, y + h // 2, size, color, "midleft")

    def draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        """A compact seat panel: team band, name, authority, hand/deck/discard counts."""
        lay = self.layout
        r = self.panel_of(seat)
        m = self.model
        s = m.seats[seat]
        pad = lay.px(8)
        band = TEAM_COLORS[s.team % len(TEAM_COLORS)] if self.has_teams() else ZONE_EDGE
        pygame.draw.rect(surface, band, (r.x, r.y, r.w, lay.px(6)),
                         border_top_left_radius=lay.px(10), border_top_right_radius=lay.px(10))
        if self.session.acting == seat and not m.over:
            pygame.draw.rect(surface, GOLD, r, lay.px(3), border_radius=lay.px(10))
        title = self.panel_title(seat)
        room = self.discard_icon(seat).x - lay.px(30) - r.x - pad  # (and a phone's mark)
        at = self.label(surface, title, r.x + pad, r.y + lay.px(9),
                        self.fitting(title, lay.fs(17), room, True), TEXT, "topleft", True)
        mark = self.phone_mark(seat, lay.fs(18), words=False)
        if mark is not None:  # a phone's seat: its glyph coloured by the connection
            surface.blit(mark, (at.right + lay.px(8), at.y))
        auth = str(s.authority) if s.shows_authority else "—"
        boss = m.boss is not None and seat == m.boss.seat
        if self.boss_view is not None and boss:
            counter = self.boss_view.counter_text()
            if counter:
                self.label(surface, counter, r.right - lay.px(50), r.y + lay.fs(36),
                           lay.fs(15), GOLD, "topright", True)
        self.label(surface, auth, r.x + pad + lay.fs(26), r.y + lay.fs(31), lay.fs(22),
                   GREEN if s.alive else RED, "topleft", True)
        surface.blit(icon("authority", lay.fs(20)), (r.x + pad, r.y + lay.fs(33)))
        counts = i18n.t("table.counts", hand=s.hand_count, deck=s.deck_count,
                        discard=len(s.discard))
        if s.missions is not None:  # United: missions done / still secret
            counts += " · " + i18n.t("missions.short", done=len(s.missions.done),
                                     secret=s.missions.secret)
        if s.gambits is not None:  # gambits face up / face down
            counts += " · " + i18n.t("gambits.short", up=len(s.gambits.up),
                                     secret=s.gambits.secret)
        d = self.discard_icon(seat)
        if not boss or m.boss.has_deck:
            x = r.x + pad + lay.fs(80)
            self.label(surface, counts, x, r.y + lay.fs(36),
                       self.fitting(counts, lay.fs(14), d.x - lay.px(6) - x), DIM, "topleft")
        if s.pending_discard:
            self.label(surface, i18n.t("table.owes_short", n=s.pending_discard),
                       d.x - lay.px(6), r.y + lay.px(12), lay.fs(14), RED, "topright", True)
        if s.discard:
            surface.blit(self.face(s.discard[-1].iid, d.w), d)
        else:
            pygame.draw.rect(surface, ZONE_EDGE, d, 1, border_radius=lay.px(4))
        if not s.alive:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 150))
            surface.blit(veil, r)
            self.label(surface, i18n.t("table.out"), r.centerx, r.centery, lay.px(36), RED,
                       "center", True)

    def panel_title(self, seat: int) -> str:
        """"Name · team A · emperor" for a seat panel."""
        s = self.model.seats[seat]
        name = s.name
        if self.has_teams():
            team = "AB"[s.team % 2] if len(self.teams()) == 2 else str(s.team + 1)
            name = f"{name}  · {i18n.t('table.team', team=team)}"
        role = self.role_of(seat)
        if role:
            name = f"{name} · {role}"
        return name

    def draw_own_cell(self, surface: pygame.Surface) -> None:
        """A two-row layout (Emperor): the viewer's own place in its team's row, only its
        title (its cards are at the bottom of the screen)."""
        lay = self.layout
        r = self.own_cell()
        s = self.model.seats[self.me]
        band = TEAM_COLORS[s.team % len(TEAM_COLORS)] if self.has_teams() else ZONE_EDGE
        pygame.draw.rect(surface, band, (r.x, r.y, r.w, lay.px(6)),
                         border_top_left_radius=lay.px(10), border_top_right_radius=lay.px(10))
        if self.session.acting == self.me and not self.model.over:
            pygame.draw.rect(surface, GOLD, r, lay.px(3), border_radius=lay.px(10))
        pad = lay.px(8)
        self.label(surface, self.panel_title(self.me), r.x + pad, r.y + lay.px(9), lay.fs(17),
                   DIM, "topleft", True)
        self.label(surface, str(s.authority), r.x + pad + lay.fs(26), r.y + lay.fs(31),
                   lay.fs(22), GREEN if s.alive else RED, "topleft", True)
        surface.blit(icon("authority", lay.fs(20)), (r.x + pad, r.y + lay.fs(33)))

    def teams(self) -> list[int]:
        return sorted({s.team for s in self.model.seats})

    def has_teams(self) -> bool:
        """Team tags matter in team formats, not against an adventure's boss (the model's
        ``show_teams``)."""
        return self.model.show_teams

    def role_of(self, seat: int) -> str:
        role = self.seat_model(seat).role
        return i18n.t(f"table.{role}") if role else ""

    def team_leftover(self, pool: str) -> int:
        """Hydra: what teammates left in their pools (the model's ``pools.team_*``)."""
        pools = self.model.pools
        return pools.team_trade if pool == "trade" else pools.team_combat

    def team_pool_members(self) -> list[int]:
        """The seats whose trade and combat the viewer's pools add up (a team turn the
        viewer takes part in: Hydra, a co-op adventure), [] otherwise."""
        members = self.model.turn_members
        if not self.view.format.team_turns or len(members) < 2 or self.me not in members:
            return []
        return sorted(members)

    def draw_pools(self, surface: pygame.Surface) -> None:
        lay = self.layout
        me = self.model.pools
        # in a team turn the figure is what the team may spend together (the members'
        # shares are in the pool's tooltip), never just the viewer's own part of it
        for rect, value, icon_name, color, key in (
                (self.trade_rect(), me.spend_trade, "trade", GOLD, "resource.trade"),
                (self.combat_rect(), me.spend_combat, "combat", RED, "resource.combat")):
            pygame.draw.rect(surface, ZONE, rect, border_radius=lay.px(12))
            edge = color if value else ZONE_EDGE
            pygame.draw.rect(surface, edge, rect, lay.px(2), border_radius=lay.px(12))
            side = min(rect.h - lay.px(24), rect.w // 3)
            img = icon(icon_name, side)
            surface.blit(img, (rect.x + lay.px(12), rect.centery - side // 2))
            self.label(surface, str(value), rect.x + side + lay.px(24), rect.centery,
                       min(lay.fs(54), rect.h - lay.px(8)), color, "midleft", True)
            self.label(surface, i18n.t(key), rect.right - lay.px(12), rect.y + lay.px(8),
                       lay.fs(20), DIM, "topright")
            if self.team_pool_members():  # Hydra: the members' pools pay together
                self.label(surface, i18n.t("table.team_total"), rect.right - lay.px(12),
                           rect.bottom - lay.px(8), lay.fs(15), color, "bottomright", True)
        if me.spend_combat and self.my_turn():
            # under the box where the window has room for it; at larger card sizes the
            # hand sinks under the edge and there is none: the box's red edge and its
            # tooltip ("Drag it onto an opponent…") still say it
            r = self.combat_rect()
            size = lay.fs(15)
            if r.bottom + lay.px(22) + size // 2 <= surface.get_height():
                self.label(surface, i18n.t("table.drag_combat"), r.centerx,
                           r.bottom + lay.px(22), size, DIM)

    def draw_seats(self, surface: pygame.Surface) -> None:
        lay = self.layout
        r = lay.zones()["seats"]
        m = self.model
        y = r.y + lay.px(10)
        title = i18n.t("table.turn_n", n=m.turn)
        self.label(surface, title, r.x + lay.px(12), y, lay.fs(18), DIM, "topleft")
        y += lay.fs(26)
        for s in m.seats:
            acting = s.seat == self.session.acting
            color = GOLD if acting else TEXT
            if acting:  # a small arrow (the font has no ▶)
                cy = y + lay.fs(12)
                x0 = r.x + lay.px(10)
                pygame.draw.polygon(surface, GOLD, [(x0, cy - lay.px(6)), (x0, cy + lay.px(6)),
                                                    (x0 + lay.px(9), cy)])
            ctrl = self.session.controllers[s.seat]
            # the level's word alone: «Компьютер 2 [Компьютер: жадный]» overran the box
            who = "" if ctrl in PEOPLE else f"  [{i18n.t('ai_level.' + ctrl)}]"
            at = self.label(surface, f"{s.name}{who}", r.x + lay.px(26), y, lay.fs(19), color,
                            "topleft")
            mark = self.phone_mark(s.seat, lay.fs(18), words=False)
            if mark is not None:  # a phone's seat: its glyph coloured by the connection
                surface.blit(mark, (at.right + lay.px(10), y + lay.px(3)))
            # Dimensional Horror has no authority
            auth = str(s.authority) if s.shows_authority else "—"
            self.label(surface, auth, r.right - lay.px(14), y, lay.fs(19),
                       GREEN if s.alive else RED, "topright", True)
            y += lay.fs(24)
