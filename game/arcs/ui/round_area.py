"""Arcs' table, "This round": the round's played cards with their seats and modes, the
action discard beside the title, and during a Leaders & Lore draft the face-up rows of
leaders and lore instead.  A mixin of the table's drawing class
(:mod:`game.arcs.ui.table_view`), which supplies the surface, the view, the hit map and the
card drawing it uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.state import DRAFT, HIDDEN
from game.arcs.ui import style
from game.arcs.ui.card_text import lead_zeroed
from game.arcs.ui.table_layout import BOARD_TEXT_MIN
from game.ui import fonts, palette

if TYPE_CHECKING:
    from game.arcs.engine.state import State
    from game.arcs.ui.hits import HitMap

# "This round": a small card's height, its least width and the gap after it (four cards
# stay left of the scene's "Seize…" / "Declare…" buttons at the area's right, ~599 px)
ROUND_CARD_H, ROUND_CARD_MIN_W, ROUND_GAP = 84, 72, 12
ROUND_TITLE, ROUND_AMBITION, ROUND_CAPTION = 13, 13, 14  # its words' sizes (bold, regular)
ROUND_PAD = 12  # px the band's edge and the card's border take from a title's width

def round_card_width(lang: str, rules: ArcsRules) -> int:
    """A "This round" card's width: as wide as its longest suit title and ambition in
    ``lang`` (issue 37: «Руково…» was cut from a fixed 72 px; «Проектирование» needs 132).
    Five cards and their captions (four seats and one seize) fit the 842-px area."""
    title = fonts.font(ROUND_TITLE, True)
    ambition = fonts.font(ROUND_AMBITION)
    widest = max([title.size(i18n.card_name(s, lang))[0] for s in rules.suits.values()]
                 + [ambition.size(i18n.card_name(a, lang))[0]
                    for a in rules.ambitions.values()])
    return max(ROUND_CARD_MIN_W, widest + ROUND_PAD)


class RoundArea:
    """The "This round" area's drawing; the table class supplies what is declared here."""

    s: pygame.Surface
    v: State
    hits: HitMap
    names: list[str]
    lang: str
    rules: ArcsRules

    if TYPE_CHECKING:
        def t(self, key: str, **kw: object) -> str: ...
        def name_of(self, thing: object) -> str: ...
        def zone(self, rect: pygame.Rect, title: str = "") -> None: ...
        def card_back(self, rect: pygame.Rect, pattern: bool = True) -> None: ...
        def card_face(self, rect: pygame.Rect, card_id: str, small: bool = False,
                      zero: bool = False) -> None: ...


    def round(self, r: pygame.Rect) -> None:
        v = self.v
        # the draft leaves one leader and one lore face up: the rows go once it is over
        if v.step == DRAFT:
            self.draft(r)
            return
        self.zone(r, self.t("round"))
        self.hits.add("play_area", "", r)
        self.discard_pile(r)
        x = r.x + 12
        y = r.y + 28
        cw, ch = round_card_width(self.lang, self.rules), ROUND_CARD_H
        step = cw + ROUND_GAP
        if not v.plays and not v.seize_cards:
            style.label(self.s, self.t("no_plays"), 17, palette.DIM, topleft=(x, y + 30))
        for i, (seat, card, mode) in enumerate(v.plays):
            rect = pygame.Rect(x, y, cw, ch)
            # over the play area: hover and right click read the card (a face-down one
            # reads nothing); a drop still goes to the area (table_input)
            self.hits.add("played", card, rect, seat=seat, index=i)
            if card == HIDDEN:
                self.card_back(rect)
            else:  # a declared lead card's number is covered by the zero marker
                zero = mode == "lead" and card == v.lead and lead_zeroed(v)
                self.card_face(rect, card, small=True, zero=zero)
            # a player's own name may be long: only it gives way (the hover names the seat)
            cap = style.fit(self.names[seat], ROUND_CAPTION, step - 17, True)
            pygame.draw.circle(self.s, style.seat_colour(seat), (x + 5, rect.bottom + 11), 5)
            style.label(self.s, cap, ROUND_CAPTION, palette.WHITE, True,
                        topleft=(x + 13, rect.bottom + 2))
            style.label(self.s, style.fit(self.t(mode), 13, step - 4), 13, palette.MUTED,
                        topleft=(x + 2, rect.bottom + 19))
            x += step
        for seat, card in v.seize_cards:
            rect = pygame.Rect(x, y, cw, ch)
            self.hits.add("played", card, rect, seat=seat, index=-1)
            self.card_back(rect)
            pygame.draw.circle(self.s, style.seat_colour(seat), (x + 5, rect.bottom + 11), 5)
            style.label(self.s, style.fit(self.t("seize"), ROUND_CAPTION, step - 17, True),
                        ROUND_CAPTION, palette.GOLD, True, topleft=(x + 13, rect.bottom + 2))
            x += step

    def discard_pile(self, r: pygame.Rect) -> None:
        """The action discard, face down («стопку сброса действий, лежащую на поле лицевой
        стороной вниз»): a small back and its count beside the area's title."""
        title_w = fonts.font(17, True).size(self.t("round"))[0]
        back = pygame.Rect(r.x + 10 + title_w + 24, r.y + 5, 14, 18)
        self.card_back(back, pattern=False)
        text = f"{i18n.t('arcs.card.discard', self.lang)}: {len(self.v.action_discard)}"
        lab = style.label(self.s, text, 15, palette.MUTED, midleft=(back.right + 6,
                                                                     back.centery))
        self.hits.add("discard", "", back.union(lab))

    def draft(self, r: pygame.Rect) -> None:
        """Leaders & Lore: the face-up rows still to be drafted."""
        self.zone(r, self.t("draft"))
        rows = [("leader", self.v.draft_leaders, self.rules.leaders),
                ("lore", self.v.draft_lore, self.rules.lore)]
        row_h = (r.h - 30) // 2
        for j, (what, ids, pool) in enumerate(rows):
            y = r.y + 26 + j * (row_h + 2)
            label = style.label(self.s, self.t(what), 15, palette.MUTED, True,
                                midleft=(r.x + 10, y + row_h // 2))
            x = r.x + 10 + max(label.w, 70) + 8
            n = max(1, len(ids))
            w = min(170, (r.right - 8 - x - 6 * (n - 1)) // n)
            by_id = {c.id: c for c in pool}
            for card_id in ids:
                box = pygame.Rect(x, y, w, row_h - 2)
                colour = palette.GOLD if what == "leader" else style.VOX
                pygame.draw.rect(self.s, palette.PANEL, box, border_radius=6)
                pygame.draw.rect(self.s, colour, box, 2, border_radius=6)
                card = by_id.get(card_id)
                text = self.name_of(card) if card is not None else card_id
                self.box_name(box, text)
                self.hits.add("draft", card_id, box)
                x += w + 6

    def box_name(self, box: pygame.Rect, text: str) -> None:
        """A draft card's name, centred in ``box``: on one line at 15 px, else on two lines
        at the largest size from 15 down to BOARD_TEXT_MIN that holds every word («Пожиратель
        топл…», «Самонаводящиес…» were cut); only a word wider than the box at the least
        size is cut."""
        for size in range(15, BOARD_TEXT_MIN - 1, -1):
            lines = fonts.wrap(text, size, box.w - 10, True)
            if len(lines) <= 2 and all(fonts.font(size, True).size(ln)[0] <= box.w - 10
                                       for ln in lines) and fonts.block_height(
                                           len(lines), size, True) <= box.h - 4:
                break
        if len(lines) > 2:  # the rest goes on the second line, cut with an ellipsis
            lines = [lines[0], " ".join(lines[1:])]
        lines = [style.fit(ln, size, box.w - 10, True) for ln in lines]
        step = fonts.line_step(size)
        top = box.centery - fonts.block_height(len(lines), size, True) // 2
        for i, line in enumerate(lines):
            style.label(self.s, line, size, palette.WHITE, True,
                        midtop=(box.centerx, top + i * step))
