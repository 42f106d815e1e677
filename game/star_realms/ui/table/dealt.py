"""The cards dealt beside a player's deck at the table — United's secret missions and
the Gambit set's gambits: the viewer's as rows at the bottom of its seat box (a mission
with "Reveal" once its objective is met, a face-down gambit with "Reveal" in the
viewer's main phase, a face-up gambit marked so), the others' as summary lines (how many
are secret, the names of those revealed).  Drawing only: whether a card may be revealed
is the model's ``claim:c<iid>`` or ``gambit:c<iid>`` action (engine.missions and
engine.gambits decide it)."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game import i18n
from game.star_realms.dealt_text import dealt_summaries
from game.star_realms.model import CardModel
from game.star_realms.ui.table.host import TableHost
from game.star_realms.ui.table.style import DIM, GOLD, GREEN, TEXT, ZONE_EDGE, icon


class Row(NamedTuple):
    card: CardModel
    icon: str  # "mission" | "gambit"
    ident: str  # the action id revealing it now ("" for none)
    tag: str  # the word on the right when it cannot be revealed now ("Done", "Face up")


class DealtMixin(TableHost):
    """Needs the table scene's ``model``, ``layout``, ``session`` and ``label``."""

    # (row, card iid, action id to reveal it or "") — filled as the rows are drawn, read
    # by the pointer (a click reveals, a hover zooms the card)
    dealt_rects: list[tuple[pygame.Rect, int, str]]

    def reveal_ids(self) -> dict[int, str]:
        """The viewer's missions and gambits it may reveal now: iid → action id."""
        return {a.card: a.id for a in self.model.actions if a.kind in ("claim", "gambit")}

    def _name(self, card: CardModel) -> str:
        return i18n.card_name(self.session.card_def(card.face_key()))

    def dealt_summaries(self, seat: int) -> list[str]:
        """"Missions: 1 done (Rule) · 2 secret", "Gambits: Energy Shield · 1 face down"
        for another seat's box (none without missions or gambits)."""
        return dealt_summaries(self.model.seats[seat], self._name)

    def dealt_rows(self, seat: int) -> list[Row]:
        s = self.model.seats[seat]
        ids = self.reveal_ids()
        rows: list[Row] = []
        if s.missions is not None:
            rows += [Row(c, "mission", ids.get(c.iid, ""), "") for c in s.missions.cards]
            rows += [Row(c, "mission", "", i18n.t("missions.done")) for c in s.missions.done]
        if s.gambits is not None:
            rows += [Row(c, "gambit", ids.get(c.iid, ""), "") for c in s.gambits.cards]
            rows += [Row(c, "gambit", "", i18n.t("gambits.up")) for c in s.gambits.up]
        return rows

    def draw_dealt(self, surface: pygame.Surface, r: pygame.Rect, seat: int,
                   top: int) -> None:
        """The viewer's missions and gambits as rows between ``top`` and the bottom of
        its box."""
        self.dealt_rects = []
        rows = self.dealt_rows(seat)
        if not rows:
            return
        lay = self.layout
        pad = lay.px(10)
        room = r.bottom - pad - top
        row_h = max(lay.px(14), min(lay.fs(30), room // len(rows) - lay.px(3)))
        y = r.bottom - pad - len(rows) * (row_h + lay.px(3))
        size = max(8, round(row_h * 0.62))
        for row_data in rows:
            card, ident, done = row_data.card, row_data.ident, bool(row_data.tag)
            row = pygame.Rect(r.x + pad, y, r.w - 2 * pad, row_h)
            edge = GOLD if ident else (GREEN if done else ZONE_EDGE)
            pygame.draw.rect(surface, (24, 30, 48), row, border_radius=lay.px(5))
            pygame.draw.rect(surface, edge, row, lay.px(2) if ident else 1,
                             border_radius=lay.px(5))
            surface.blit(icon(row_data.icon, size),
                         (row.x + lay.px(4), row.centery - size // 2))
            name = self._name(card)
            reveal = "missions.claim" if row_data.icon == "mission" else "gambits.reveal"
            tag = row_data.tag or (i18n.t(reveal) if ident else "")
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
            self.dealt_rects.append((row, card.iid, ident))
            y += row_h + lay.px(3)

    def dealt_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """(card iid, its reveal action id or "") of the row under the pointer."""
        for rect, iid, ident in getattr(self, "dealt_rects", ()):
            if rect.collidepoint(pos):
                return iid, ident
        return None
