"""United: Missions at the table: the viewer's secret missions in its seat box (one row
each, "Reveal" on those whose objective is met), the others' as a count and the names
of those revealed.  Drawing only: whether a mission may be revealed is the model's
``claim:c<iid>`` action (engine.missions decides it)."""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.ui.table.style import DIM, GOLD, GREEN, TEXT, ZONE_EDGE, icon


class MissionsMixin:
    """Needs the table scene's ``model``, ``layout``, ``session`` and ``label``."""

    # (row, mission iid, action id to reveal it or "") — filled as the rows are drawn,
    # read by the pointer (a click reveals, a hover zooms the mission card)
    mission_rects: list[tuple[pygame.Rect, int, str]]

    def claim_ids(self) -> dict[int, str]:
        """The viewer's missions it may reveal now: mission iid → action id."""
        return {a.card: a.id for a in self.model.actions if a.kind == "claim"}

    def mission_summary(self, seat: int) -> str:
        """"Missions: 1 done (Rule) · 2 secret" for a seat's box ("" without missions)."""
        m = self.model.seats[seat].missions
        if m is None:
            return ""
        names = ", ".join(i18n.card_name(self.session.card_def(c.face_key()))
                          for c in m.done)
        return i18n.t("missions.summary", done=len(m.done), names=names, secret=m.secret) \
            if names else i18n.t("missions.summary_none", secret=m.secret)

    def draw_missions(self, surface: pygame.Surface, r: pygame.Rect, seat: int,
                      top: int) -> None:
        """The viewer's missions as rows between ``top`` and the bottom of its box."""
        self.mission_rects = []
        m = self.model.seats[seat].missions
        if m is None:
            return
        lay = self.layout
        pad = lay.px(10)
        rows = [(c, False) for c in m.cards] + [(c, True) for c in m.done]
        if not rows:
            return
        room = r.bottom - pad - top
        row_h = max(lay.px(14), min(lay.fs(30), room // len(rows) - lay.px(3)))
        claims = self.claim_ids()
        y = r.bottom - pad - len(rows) * (row_h + lay.px(3))
        size = max(8, round(row_h * 0.62))
        for card, done in rows:
            row = pygame.Rect(r.x + pad, y, r.w - 2 * pad, row_h)
            ident = "" if done else claims.get(card.iid, "")
            edge = GOLD if ident else (GREEN if done else ZONE_EDGE)
            pygame.draw.rect(surface, (24, 30, 48), row, border_radius=lay.px(5))
            pygame.draw.rect(surface, edge, row, lay.px(2) if ident else 1,
                             border_radius=lay.px(5))
            surface.blit(icon("mission", size), (row.x + lay.px(4), row.centery - size // 2))
            name = i18n.card_name(self.session.card_def(card.face_key()))
            tag = i18n.t("missions.done") if done else (i18n.t("missions.claim") if ident
                                                          else "")
            x = row.x + size + lay.px(8)
            tag_w = 0
            if tag:
                at = self.label(surface, tag, row.right - lay.px(6), row.centery,
                                max(8, round(row_h * 0.55)), GREEN if done else GOLD,
                                "midright", True)
                tag_w = at.w + lay.px(10)
            fs = self.fitting(name, max(8, round(row_h * 0.58)), row.right - x - tag_w)
            self.label(surface, name, x, row.centery, fs, TEXT if ident or done else DIM,
                       "midleft", bool(ident))
            self.mission_rects.append((row, card.iid, ident))
            y += row_h + lay.px(3)

    def mission_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """(mission iid, its reveal action id or "") of the row under the pointer."""
        for rect, iid, ident in getattr(self, "mission_rects", ()):
            if rect.collidepoint(pos):
                return iid, ident
        return None
