"""Geometry and hit-testing: where each zone, seat and card is drawn, the
sprites that glide between them, and what lies under the pointer."""

from __future__ import annotations

import pygame

from game.star_realms.engine.events import Event, Move, Zone
from game.star_realms.engine.state import HIDDEN
from game.star_realms.ui.layout import CARD_RATIO
from game.star_realms.ui.sprites import CardSprite
from game.star_realms.ui.table.host import TableHost

# The books' Emperor seating, seen from team A's side, 0-based (001: «Команда Б: Игрок 4,
# Игрок 5, Игрок 6 / Игровая зона / Команда А: Игрок 3, Игрок 2, Игрок 1»): two facing
# rows, player 1 across from player 6, 2 from 5, 3 from 4.
FACING_ROWS = ((3, 4, 5), (2, 1, 0))


class PlacementMixin(TableHost):
    """Where things are on the table, and what is under the pointer."""

    def facing_cells(self) -> list[int]:
        """Emperor (a two-row layout): the seat in each cell, row-major.  The viewer's
        team is the bottom row and the other team faces it; for team B the book's
        diagram is turned round."""
        top, bottom = FACING_ROWS
        if self.me in top:
            top, bottom = bottom[::-1], top[::-1]
        return [*top, *bottom]

    def own_cell(self) -> pygame.Rect | None:
        """Where the viewer sits in a two-row layout (None elsewhere)."""
        if self.layout.rows != 2:
            return None
        return self.layout.panels[self.facing_cells().index(self.me)]

    @property
    def opponents(self) -> list[int]:
        """Every other seat, clockwise from the bottom seat's left (teammates too); in a
        two-row layout, in the order of its cells."""
        m = self.model
        n = len(m.seats)
        if self.layout.rows == 2:
            return [s for s in self.facing_cells() if s != self.me]
        others = [(self.me + k) % n for k in range(1, n)]
        boss = m.boss
        if boss is not None and boss.seat in others:  # an adventure's boss comes first
            others.remove(boss.seat)
            others.insert(0, boss.seat)
        return others

    def panel_of(self, seat: int) -> pygame.Rect | None:
        """A seat's compact panel (3–6 seats), or None in a duel."""
        others = self.opponents
        if not self.layout.multi or seat not in others:
            return None
        if self.layout.rows == 2:
            return self.layout.panels[self.facing_cells().index(seat)]
        return self.layout.panels[others.index(seat)]

    def zone_rect(self, zone: Zone) -> pygame.Rect:
        """Where a (possibly hidden) engine zone is drawn, for cards moving in or out."""
        z = self.layout.zones()
        name = zone.name
        seat = zone.seat if zone.seat is not None else -1
        if name == "boss" and self.boss_view is not None:  # a boss pile
            return self.boss_view.areas()[1]
        mine = seat == self.me
        if name in ("trade_deck", "explorers", "scrap"):
            return z[name]
        if name == "trade_row":
            return z["trade_row"]
        panel = self.panel_of(seat)
        if panel is not None:
            return panel
        if name == "deck":
            return z["my_deck"] if mine else z["opp_info"]
        if name == "discard":
            return z["my_discard"] if mine else self.opp_discard_rect()
        if name == "hand":
            return z["hand"] if mine else z["opp_info"]
        return z["my_field"] if mine else z["opp_field"]

    def shows_mate_hand(self, seat: int) -> bool:
        """Does ``seat``'s panel show its hand face up: a teammate in a format whose team
        plays its turns together (Hydra, co-op adventures), whose cards the team plays?"""
        m = self.model
        s = m.seats[seat]
        return (seat != self.me and s.hand_visible and s.team == m.seats[self.me].team
                and self.view.format.team_turns)

    def mate_of(self, iid: int) -> int | None:
        """The teammate (of the team turn being played) whose card in hand or in play
        ``iid`` is, if any."""
        for seat in self.session.mates():
            s = self.seat_model(seat)
            if any(c.iid == iid for c in (*s.hand, *s.in_play, *s.bases, *s.heroes)):
                return seat
        return None

    def seat_area_at(self, pos: tuple[int, int]) -> int | None:
        """The other seat whose panel (or, in a duel, info box) is at ``pos``."""
        if self.layout.multi:
            for seat in self.opponents:
                if self.panel_of(seat).collidepoint(pos):
                    return seat
            return None
        if self.opponents and self.layout.zones()["opp_info"].collidepoint(pos):
            return self.opponents[0]
        return None

    def discard_icon(self, seat: int) -> pygame.Rect:
        """Where to click to browse another seat's discard pile."""
        panel = self.panel_of(seat)
        if panel is None:
            return self.opp_discard_rect()
        lay = self.layout
        w = lay.px(30)
        return pygame.Rect(panel.right - w - lay.px(8), panel.y + lay.px(8), w, round(w * 1.4))

    def opp_discard_rect(self) -> pygame.Rect:
        info = self.layout.zones()["opp_info"]
        w = min(self.layout.px(62), round((info.h - self.layout.px(20)) / 1.397))
        return pygame.Rect(info.right - w - self.layout.px(10), info.bottom - round(w * 1.397)
                           - self.layout.px(10), w, round(w * 1.397))

    def combat_rect(self) -> pygame.Rect:
        p = self.layout.zones()["pools"]
        return pygame.Rect(p.x, p.centery + self.layout.px(4), p.w, p.h // 2 - self.layout.px(4))

    def trade_rect(self) -> pygame.Rect:
        p = self.layout.zones()["pools"]
        return pygame.Rect(p.x, p.y, p.w, p.h // 2 - self.layout.px(4))

    def placements(self) -> list[tuple[tuple, int, pygame.Rect, str, float]]:
        """(sprite key, card, rect, zone, tilt) for every face-up card on the table,
        worked out again only when the position, viewer or layout changes."""
        key = (self.session.position(), id(self.layout), self.app.size)
        cached = getattr(self, "_placed", None)
        if cached is None or cached[0] != key:
            cached = self._placed = (key, self._placements())
        return [(k, iid, r.copy(), zone, tilt) for k, iid, r, zone, tilt in cached[1]]

    def _placements(self) -> list[tuple[tuple, int, pygame.Rect, str, float]]:
        m = self.model
        ids = self._iids
        lay = self.layout
        z = lay.zones()
        cw, ch = lay.card_w, lay.card_h
        out: list[tuple[tuple, int, pygame.Rect, str, float]] = []
        # trade row, by slot
        step = lay.trade_step
        for i, slot in enumerate(m.supply.trade_row):
            if slot.card is not None:
                iid = slot.card.iid
                r = pygame.Rect(z["trade_row"].x + i * step, z["trade_row"].y, cw, ch)
                out.append((("card", iid), iid, r, "trade_row", 0.0))
        if m.supply.explorer is not None:
            top = m.supply.explorer.iid
            out.append((("card", top), top, z["explorers"].copy(),
                        "explorers", 0.0))
        if m.supply.scrap:
            top = m.supply.scrap[-1].iid
            out.append((("card", top), top, z["scrap"].copy(), "scrap", 0.0))
        me = m.seats[self.me]
        field = ids(me.bases + me.heroes + me.in_play)  # (heroes wait beside the bases)
        mine = lay.field_cards(z["my_field"], label=True)
        for iid, r in zip(field, lay.row(mine, len(field), cw, ch), strict=True):
            out.append((("card", iid), iid, r, "my_field", 0.0))
        if me.discard:
            top = me.discard[-1].iid
            out.append((("card", top), top, z["my_discard"].copy(),
                        "my_discard", 0.0))
        hand = ids(me.hand)
        for iid, (r, tilt) in zip(hand, lay.fan(z["hand"], len(hand)), strict=True):
            out.append((("card", iid), iid, r, "hand", tilt))
        if self.boss_view is not None:
            boss = m.seats[m.boss.seat]
            cards = ids(boss.bases + boss.heroes + boss.in_play)
            for iid, r in zip(cards, self.boss_view.card_rects(len(cards)), strict=True):
                out.append((("card", iid), iid, r, "panel" if lay.multi else "opp_field", 0.0))
        if lay.multi:
            for o in self.opponents:
                if m.boss is not None and o == m.boss.seat:
                    continue
                panel = self.panel_of(o)
                cards = ids(m.seats[o].bases + m.seats[o].heroes + m.seats[o].in_play)
                hand = ids(m.seats[o].hand) if self.shows_mate_hand(o) else []
                rects = lay.panel_cards(panel, len(cards) + len(hand))
                for iid, r in zip(cards + hand, rects, strict=True):
                    zone = "mate_hand" if iid in hand else "panel"
                    out.append((("card", iid), iid, r, zone, 0.0))
            return out
        if self.boss_view is not None:
            return out
        for o in self.opponents[:1]:
            opp = m.seats[o]
            field = ids(opp.bases + opp.heroes + opp.in_play)
            ow = lay.opp_card_w
            oh = round(ow * CARD_RATIO)
            theirs = lay.field_cards(z["opp_field"], label=False, h=oh)
            for iid, r in zip(field, lay.row(theirs, len(field), ow, oh), strict=True):
                out.append((("card", iid), iid, r, "opp_field", 0.0))
            if opp.discard:
                top = opp.discard[-1].iid
                out.append((("card", top), top, self.opp_discard_rect(),
                            "opp_discard", 0.0))
        return out

    @staticmethod
    def _iids(cards) -> list[int]:
        return [c.iid for c in cards]

    def sync_sprites(self) -> None:
        now = self.app.clock_ms
        speed = self.speed
        wanted = self.placements()
        keys = set()
        for key, iid, rect, zone, tilt in wanted:
            keys.add(key)
            sprite = self.sprites.get(key)
            if sprite is None:
                origin = self.origin_of(iid, rect)
                sprite = CardSprite(key, iid, origin.copy(), zone=zone, tilt=tilt)
                self.sprites[key] = sprite
            sprite.zone, sprite.tilt = zone, tilt
            if self.drag is not None and self.drag.iid == iid and self.drag.kind != "combat":
                continue
            sprite.move_to(rect, now, speed)
        for key in list(self.sprites):
            if key not in keys:
                del self.sprites[key]
        self.ghosts = [g for g in self.ghosts if g.moving(now)]
        self.card_rects = {s.iid: s.current(now) for s in self.sprites.values()}

    def origin_of(self, iid: int, rect: pygame.Rect) -> pygame.Rect:
        """Where a card that just became visible comes from (its last move's source)."""
        for ev in reversed(self.session.last_events):
            if isinstance(ev, Move) and ev.card == iid:
                src = self.zone_rect(ev.src)
                return pygame.Rect(src.centerx - rect.w // 2, src.centery - rect.h // 2,
                                   rect.w, rect.h)
        return rect

    def spawn_ghosts(self, events: list[Event]) -> None:
        """Cards moving into a pile glide there even though only the top card stays."""
        now = self.app.clock_ms
        speed = self.speed
        if speed <= 0:
            return
        for ev in events:
            if not isinstance(ev, Move):
                continue
            iid, dst = ev.card, ev.dst
            sprite = self.sprites.get(("card", iid))
            start = sprite.current(now) if sprite is not None else None
            if start is None:
                continue
            target = self.zone_rect(dst)
            end = pygame.Rect(target.centerx - start.w // 2, target.centery - start.h // 2,
                              start.w, start.h)
            ghost = CardSprite(("ghost", iid, len(self.ghosts)), iid, start.copy(),
                               face_up=dst.name not in ("deck", "hand") or
                               (dst == Zone("hand", self.me)
                                and not self.session.is_remote(self.me)))
            ghost.move_to(end, now, speed)
            ghost.ghost = True
            self.ghosts.append(ghost)

    def card_under(self, pos: tuple[int, int]) -> int | None:
        if self.prompt is not None:
            hit = self.prompt.card_at(pos)
            if hit is not None:
                return hit if hit != HIDDEN else None
        hit = None
        for iid, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                hit = iid  # later sprites are drawn on top; keep the last hit
        if hit is None and self.boss_view is not None:
            hit = self.boss_view.card_at(pos)
        if hit is None:  # a mission or gambit row of the viewer's box (its card zooms)
            dealt = self.dealt_at(pos)
            hit = dealt[0] if dealt is not None else None
        return hit

    def sprite_zone(self, iid: int) -> str:
        sprite = self.sprites.get(("card", iid))
        return sprite.zone if sprite else ""
