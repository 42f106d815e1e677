"""The Forbidden Stars combat panel: :class:`CombatPanel` draws a
:class:`~game.forbidden_stars.ui.combat_model.CombatModel` over the table and turns input
into one of its legal actions (combat_input.py).

Both sides' units (health, morale, routed ones tipped over), dice with their faces,
combat tokens and totals; the round track and the card slots (a row per side, a column per
round: face-up cards readable, a rival's face-down card as its back); this seat's hand of
up to five cards (name, icons, both abilities) to drag onto the lit slot; the results of
the last action; the other choices as buttons; the prompt.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.forbidden_stars.engine.state import Action
from game.forbidden_stars.ui import dice_view, style
from game.forbidden_stars.ui.combat_input import PanelInput
from game.forbidden_stars.ui.combat_layout import (
    Layout,
    layout,
    pending_lines,
    pending_px,
    unit_row_height,
)
from game.forbidden_stars.ui.combat_model import CardInfo, CombatModel, SideModel, UnitRow
from game.forbidden_stars.ui.combat_text import t
from game.ui import fonts, palette
from game.ui.palette import RGB
from game.ui.tooltip import draw_tooltip, tooltip_layout

PANEL: RGB = (16, 20, 34)
PANEL_EDGE: RGB = (70, 84, 120)
ZONE: RGB = (26, 32, 52)
CARD: RGB = (232, 226, 210)
CARD_INK: RGB = (24, 22, 30)
CARD_MAIN: RGB = (206, 226, 200)  # the green area
CARD_UNIT: RGB = (226, 208, 184)  # the brown area
CARD_BACK: RGB = (64, 40, 96)
LIT: RGB = (120, 220, 255)
PICKED: RGB = (255, 214, 102)
DAMAGE: RGB = (255, 110, 100)


class CombatPanel:
    """The combat overlay at ``rect``; ``scale`` 1.0 suits a 1280x720 window."""

    def __init__(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.input = PanelInput()
        self._shown: list[tuple[pygame.Rect, CardInfo, str]] = []  # face-up cards drawn
        self._named: list[tuple[pygame.Rect, str]] = []  # totals named on hover

    def layout(self, model: CombatModel) -> Layout:
        return layout(self.rect, self.scale, model)

    def handle(self, event: pygame.event.Event, model: CombatModel) -> Action | None:
        """The legal action the event means, or None."""
        return self.input.handle(event, model, self.layout(model))

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def card_at(self, pos: tuple[int, int]) -> tuple[CardInfo, str] | None:
        """The face-up card (and its faction) drawn under ``pos`` at the last frame, for
        a right-click zoom (issue 38 item 3)."""
        return next(((c, f) for r, c, f in reversed(self._shown) if r.collidepoint(pos)),
                    None)

    # ------------------------------------------------------------------ drawing

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def text(self, surface: pygame.Surface, value: str, pos: tuple[int, int], size: int,
             colour: RGB, bold: bool = False, width: int = 0, centre: bool = False,
             right: bool = False, exact: int = 0) -> pygame.Rect:
        """``value`` at ``size`` reference px (``exact`` px when given), made smaller then
        cut to ``width`` when one is given."""
        size = exact or self.px(size)
        if width:
            size = self._shrunk(size, bold, lambda px: fonts.font(px, bold).size(value)[0]
                                <= width)
            value = style.fit(value, size, width, bold)
        img = fonts.text(value, size, colour, bold)
        r = img.get_rect()
        if centre:
            r.midtop = pos
        elif right:
            r.topright = pos
        else:
            r.topleft = pos
        surface.blit(img, r)
        return r

    @staticmethod
    def _shrunk(size: int, bold: bool, fits: Callable[[int], bool]) -> int:
        """A text a little too long for its box is set a little smaller (to 4/5 of its
        size, never under 9 px) before it is cut (issue 38 item 5)."""
        least = max(9, size * 4 // 5)
        while size > least and not fits(size):
            size -= 1
        return size

    def para(self, surface: pygame.Surface, value: str, rect: pygame.Rect, size: int,
             colour: RGB, bold: bool = False) -> int:
        """Wrapped text inside ``rect`` (the last line fitting ends in «…» when it is cut);
        returns the y below it."""
        size_px = self._shrunk(self.px(size), bold, lambda px: len(
            fonts.wrap(value, px, rect.w, bold)) * fonts.font(px, bold).get_linesize() <= rect.h)
        line_h = fonts.font(size_px, bold).get_linesize()
        lines = fonts.wrap(value, size_px, rect.w, bold)
        room = max(0, rect.h // line_h)
        if len(lines) > room and room:
            lines = lines[:room]
            lines[-1] = style.fit(lines[-1] + " …", size_px, rect.w, bold)
            if not lines[-1].endswith("…"):
                lines[-1] = style.fit(lines[-1][:-2] + "…", size_px, rect.w, bold)
        y = rect.y
        for line in lines[:room]:
            surface.blit(fonts.text(line, size_px, colour, bold), (rect.x, y))
            y += line_h
        return y

    def draw(self, surface: pygame.Surface, model: CombatModel) -> None:
        lay = self.layout(model)
        self._shown = []
        self._named = []  # (rect, words): totals drawn as symbol and number, named on hover
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=self.px(8))
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, 2, border_radius=self.px(8))
        self._header(surface, model, lay)
        for side in model.sides:
            self._side(surface, model, side, lay)
        self._slots(surface, model, lay)
        self._results(surface, model, lay)
        self._hand(surface, model, lay)
        self._choices(surface, model, lay)
        self.text(surface, model.prompt, lay.prompt.topleft, 16, palette.GOLD, bold=True,
                  width=lay.prompt.w)
        self._zoom(surface, model)
        self._name_hovered(surface)
        self._dragged(surface, model, lay)

    def _header(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        h = lay.header
        self.text(surface, model.title, (h.x, h.y + self.px(2)), 21, palette.WHITE,
                  bold=True, width=h.w * 38 // 100)
        # the round track: three pips, the current one lit
        pip = self.px(24)
        track_w = 3 * pip + 2 * self.px(8)
        x0 = h.centerx - track_w // 2
        label = t("round", model.lang, n=model.round, total=model.rounds)
        self.text(surface, label, (x0 - self.px(10), h.y + self.px(5)), 16, palette.SOFT,
                  right=True)
        for i in range(model.rounds):
            r = pygame.Rect(x0 + i * (pip + self.px(8)), h.y + self.px(4), pip, pip)
            done = i + 1 < model.round
            now = i + 1 == model.round
            fill = PICKED if now else (90, 96, 120) if done else ZONE
            pygame.draw.ellipse(surface, fill, r)
            pygame.draw.ellipse(surface, PANEL_EDGE, r, 2)
            self.text(surface, str(i + 1), (r.centerx, r.y + self.px(2)), 14,
                      CARD_INK if now else palette.TEXT, bold=True, centre=True)
        self.text(surface, model.phase_text, (h.right, h.y + self.px(5)), 16, palette.TEXT,
                  right=True, width=h.w * 34 // 100)

    # ------------------------------------------------------------- one side

    def _side(self, surface: pygame.Surface, model: CombatModel, side: SideModel,
              lay: Layout) -> None:
        col = lay.columns[side.role]
        colour = style.faction_colour(side.faction)
        pygame.draw.rect(surface, ZONE, col, border_radius=self.px(6))
        edge = PICKED if model.acting == side.seat else style.darker(colour, 0.8)
        pygame.draw.rect(surface, edge, col, 2, border_radius=self.px(6))
        x, w = col.x + self.px(8), col.w - 2 * self.px(8)  # the same padding both sides
        y = col.y + self.px(4)
        role = t(side.role, model.lang)
        who = f"{role}: {side.name}" + (f" ({t('you', model.lang)})" if side.me else "")
        self.text(surface, who, (x, y), 17, palette.WHITE, bold=True, width=w)
        y += self.px(24)
        name = side.faction_name  # without its chapter or clan when that does not fit
        if fonts.font(max(9, self.px(15) * 4 // 5), True).size(name)[0] > w:
            name = name.split(" (")[0]
        self.text(surface, name, (x, y), 15, colour, bold=True, width=w)
        y += self.px(28)
        # dice: one row of up to eight
        size = min(self.px(32), (w - 7 * self.px(4)) // 8)
        if side.dice:
            dice_view.draw_dice(surface, side.dice, (x, y), size, self.px(4), 8)
        else:
            self.text(surface, t("no_dice", model.lang), (x, y + self.px(6)), 14,
                      palette.DIM)
        y += self.px(44)
        # totals: attack, defence, morale with their symbols, inside the column's padding
        # («Мораль 6» touched the edge): set smaller, then closer, when they are too wide
        totals = [(face, t(key, model.lang, n=n)) for face, key, n in (
            ("bolter", "attack", side.attack), ("shield", "defence", side.defence),
            ("morale", "morale", side.morale))]

        def words(px: int) -> int:
            return sum(self.px(17) + fonts.font(px, True).size(s)[0] for _, s in totals)

        def fits(px: int) -> bool:
            return words(px) + 2 * self.px(10) <= w

        size = self._shrunk(self.px(14), True, fits)
        named = [words_ for _, words_ in totals]
        short = not fits(size)
        if short:  # a narrow column (Russian, a small window): the symbol and its number,
            # as the cardboard shows them; hovering one names it in words
            totals = [(face, str(n)) for face, n in (
                ("bolter", side.attack), ("shield", side.defence), ("morale", side.morale))]
            size = self._shrunk(self.px(14), True, fits)
        space = max(self.px(3), min(self.px(10), (w - words(size)) // 2))
        tx = x
        for (face, words_), whole in zip(totals, named, strict=True):
            dice_view.symbol(surface, face, (tx + self.px(7), y + self.px(10)), self.px(7))
            lab = self.text(surface, words_, (tx + self.px(17), y), 14, palette.WHITE,
                            bold=True, width=x + w - tx - self.px(17), exact=size)
            if short:
                self._named.append((pygame.Rect(tx, y, lab.right - tx, lab.h), whole))
            tx = lab.right + space
        y += self.px(24)
        # combat tokens
        label = self.text(surface, t("tokens", model.lang) + ":", (x, y + self.px(4)), 14,
                          palette.SOFT, width=w)
        tx = label.right + self.px(8)
        if not side.tokens:
            self.text(surface, t("no_tokens", model.lang), (tx, y + self.px(4)), 14,
                      palette.DIM, width=max(1, x + w - tx))
        for face, n in sorted(side.tokens.items()):
            r = self.px(11)
            if tx + 2 * r + self.px(30) > x + w:  # no room for another inside the column
                break
            dice_view.draw_token(surface, face, (tx + r, y + self.px(13)), r)
            lab = self.text(surface, f"×{n}", (tx + 2 * r + self.px(3), y + self.px(4)), 15,
                            palette.WHITE, bold=True, width=x + w - tx - 2 * r - self.px(3))
            tx = lab.right + self.px(10)
        y += self.px(30)
        reinf = t("reinforcements_routed", model.lang, n=side.reinf,
                  routed=side.reinf_routed) if side.reinf_routed else \
            t("reinforcements", model.lang, n=side.reinf)
        self.text(surface, reinf, (x, y), 14, palette.SOFT, width=w)
        y += self.px(22)
        hand = t("hand_count", model.lang, n=side.hand_count)
        self.text(surface, hand, (x, y), 14, palette.SOFT, width=w)
        y += self.px(22)
        units = self.text(surface, t("units", model.lang), (x, y), 14, palette.DIM, bold=True,
                          width=w)
        if side.damage_due:  # on the units' title line, clear of the faction's name
            self.text(surface, t("damage_due", model.lang, n=side.damage_due),
                      (col.right - self.px(8), y), 14, DAMAGE, bold=True, right=True,
                      width=col.right - self.px(16) - units.right)
        for row in side.units:
            r = lay.units.get((side.seat, row.group))
            if r is not None:
                self._unit(surface, model, side, row, r)

    def _unit(self, surface: pygame.Surface, model: CombatModel, side: SideModel,
              row: UnitRow, r: pygame.Rect) -> None:
        colour = style.faction_colour(side.faction)
        can = row.action is not None
        hover = can and r.collidepoint(self.input.hover)
        pygame.draw.rect(surface, (44, 54, 84) if hover else (32, 38, 60), r,
                         border_radius=self.px(4))
        if can:
            pygame.draw.rect(surface, LIT, r, 2, border_radius=self.px(4))
        icon = r.h // 2 - self.px(2)
        centre = (r.x + self.px(6) + icon, r.centery)
        if row.bastion:
            style.structure(surface, pygame.Rect(centre[0] - icon, centre[1] - icon,
                                                 2 * icon, 2 * icon), "bastion", colour)
        elif row.token:
            style.asset(surface, "reinforcement", centre, icon)
        else:
            style.unit(surface, centre, icon, colour, row.ship, row.routed)
        x = centre[0] + icon + self.px(6)
        sx = r.right - self.px(6)
        for value, kind in ((row.morale, "morale"), (row.health, "health")):
            lab = self.text(surface, str(value), (sx, r.y + self.px(3)), 14, palette.WHITE,
                            bold=True, right=True)
            icon_at = (lab.x - self.px(9), r.centery)
            if kind == "health":
                dice_view.heart(surface, icon_at, self.px(6))
            else:
                dice_view.symbol(surface, "morale", icon_at, self.px(7))
            sx = lab.x - self.px(22)
        right = pygame.Rect(sx, r.y, 0, 0)
        name = f"{row.name} ×{row.count}" if row.count > 1 else row.name
        if row.routed:
            name += f" ({t('routed', model.lang)})"
        self.text(surface, name, (x, r.y + self.px(3)), 14,
                  palette.DIM if row.routed else palette.WHITE, width=right.x - x - self.px(6))

    # ------------------------------------------------------------- cards

    def _slots(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        for i, r in enumerate(lay.round_labels):
            now = i + 1 == model.round
            self.text(surface, t("slot", model.lang, n=i + 1), (r.centerx, r.y), 15,
                      PICKED if now else palette.DIM, bold=now, centre=True)
        for side in model.sides:
            cards: list[CardInfo | None] = list(side.played)
            if side.has_chosen:
                cards.append(side.chosen)  # None: a rival's card, face down
            for i in range(3):
                r = lay.slots[(side.role, i)]
                if i < len(cards):
                    card = cards[i]
                    if card is None:
                        self._back(surface, model, r)
                    else:
                        self._shown.append((r, card, side.faction))
                        self._card(surface, model, card, r, small=True,
                                   faction=side.faction,
                                   tag="" if i < len(side.played) else t("chosen", model.lang))
                elif r is lay.drop:
                    self._drop(surface, model, r)
                else:
                    pygame.draw.rect(surface, ZONE, r, border_radius=self.px(6))
                    pygame.draw.rect(surface, (40, 48, 74), r, 1, border_radius=self.px(6))

    def _drop(self, surface: pygame.Surface, model: CombatModel, r: pygame.Rect) -> None:
        d = self.input.drag
        over = d is not None and d.moved and r.collidepoint(d.pos)
        pygame.draw.rect(surface, (30, 52, 70) if over else ZONE, r, border_radius=self.px(6))
        pygame.draw.rect(surface, LIT, r, 3 if over else 2, border_radius=self.px(6))
        # centred in the slot, with the slot's height to wrap into (a fixed two-line box
        # cut «Перетащите карту сюда» in a narrow slot)
        text, size, w = t("slot_drop", model.lang), self.px(15), r.w - self.px(20)
        h = len(fonts.wrap(text, size, w, True)) * fonts.font(size, True).get_linesize()
        top = max(r.y + self.px(6), r.centery - h // 2)
        self.para(surface, text, pygame.Rect(r.x + self.px(10), top, w, r.bottom - top), 15,
                  LIT, bold=True)

    def _back(self, surface: pygame.Surface, model: CombatModel, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, CARD_BACK, r, border_radius=self.px(6))
        pygame.draw.rect(surface, (150, 120, 200), r, 2, border_radius=self.px(6))
        inner = r.inflate(-self.px(16), -self.px(16))
        pygame.draw.rect(surface, (96, 66, 140), inner, 2, border_radius=self.px(4))
        self.text(surface, t("face_down", model.lang), (r.centerx, r.centery - self.px(9)),
                  14, palette.WHITE, bold=True, centre=True)

    def _card(self, surface: pygame.Surface, model: CombatModel, card: CardInfo,
              r: pygame.Rect, small: bool, faction: str, tag: str = "",
              playable: bool = False, picked: bool = False, number: int = 0,
              body: int = 0) -> None:
        """A combat card: its name on the faction's band, its icons, the green main
        ability and the brown unit ability with the unit types it needs."""
        body = body or (12 if small else 13)
        pygame.draw.rect(surface, CARD, r, border_radius=self.px(6))
        band = pygame.Rect(r.x, r.y, r.w, self.px(22 if small else 24))
        pygame.draw.rect(surface, style.faction_colour(faction), band,
                         border_top_left_radius=self.px(6), border_top_right_radius=self.px(6))
        name_x = r.x + self.px(6)
        if number:
            badge = pygame.Rect(r.x + self.px(4), r.y + self.px(3), self.px(18), self.px(18))
            pygame.draw.rect(surface, CARD_INK, badge, border_radius=self.px(4))
            self.text(surface, str(number), (badge.centerx, badge.y), 13, palette.WHITE,
                      bold=True, centre=True)
            name_x = badge.right + self.px(5)
        icon_r = self.px(7 if small else 8)
        icons_w = len(card.icons) * (2 * icon_r + self.px(2))
        self.text(surface, card.name, (name_x, band.y + self.px(2)), 13 if small else 14,
                  CARD_INK, bold=True, width=r.right - name_x - icons_w - self.px(8))
        for k, face in enumerate(card.icons):
            cx = r.right - self.px(6) - icon_r - k * (2 * icon_r + self.px(2))
            dice_view.symbol(surface, face, (cx, band.centery), icon_r)
        y = band.bottom + self.px(3)
        inner_w = r.w - self.px(10)
        rest = r.bottom - self.px(4) - y
        unit_text = f"{card.units}: {card.unit}" if card.unit else ""
        unit_h = 0
        if unit_text:
            # the two areas share the height by the lines they need
            need_main = len(fonts.wrap(card.main or "—", self.px(body), inner_w - self.px(2)))
            need_unit = len(fonts.wrap(unit_text, self.px(body), inner_w - self.px(2)))
            unit_h = rest * need_unit // (need_main + need_unit)
            line = fonts.font(self.px(body)).get_linesize() + self.px(4)
            unit_h = max(min(unit_h, rest - line), min(line, rest // 2))
        main_box = pygame.Rect(r.x + self.px(3), y, r.w - self.px(6), rest - unit_h)
        pygame.draw.rect(surface, CARD_MAIN, main_box, border_radius=self.px(3))
        self.para(surface, card.main or "—", pygame.Rect(main_box.x + self.px(3),
                  main_box.y + self.px(2), inner_w - self.px(2), main_box.h - self.px(3)),
                  body, CARD_INK)
        if unit_text:
            unit_box = pygame.Rect(r.x + self.px(3), main_box.bottom + self.px(2),
                                   r.w - self.px(6), unit_h - self.px(2))
            pygame.draw.rect(surface, CARD_UNIT, unit_box, border_radius=self.px(3))
            self.para(surface, unit_text, pygame.Rect(unit_box.x + self.px(3),
                      unit_box.y + self.px(2), inner_w - self.px(2), unit_box.h - self.px(3)),
                      body, CARD_INK)
        if tag:
            self.text(surface, tag, (r.right - self.px(4), r.bottom - self.px(18)), 12,
                      (90, 60, 130), bold=True, right=True)
        if picked:
            pygame.draw.rect(surface, PICKED, r.inflate(self.px(4), self.px(4)), 3,
                             border_radius=self.px(7))
        elif playable:
            pygame.draw.rect(surface, LIT, r.inflate(self.px(2), self.px(2)), 2,
                             border_radius=self.px(7))

    def _hand(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        me = model.mine
        s = lay.strip
        if me is None:
            return
        title = f"{t('hand', model.lang)} ({len(me.hand)})"
        self.text(surface, title, (s.x, s.y), 14, palette.SOFT, bold=True)
        d = self.input.drag
        for i, (card, r) in enumerate(zip(me.hand, lay.hand, strict=False)):
            if d is not None and d.moved and d.index == i:
                pygame.draw.rect(surface, ZONE, r, border_radius=self.px(6))
                pygame.draw.rect(surface, LIT, r, 1, border_radius=self.px(6))
                continue
            self._shown.append((r, card, me.faction))
            self._card(surface, model, card, r, small=r.w < self.px(200), faction=me.faction,
                       playable=card.action is not None, picked=i == self.input.selected,
                       number=i + 1)

    def _name_hovered(self, surface: pygame.Surface) -> None:
        """A total shown as symbol and number, named in words under the pointer."""
        hit = next((words for r, words in self._named if r.collidepoint(self.input.hover)),
                   None)
        if hit is None:
            return
        lay = tooltip_layout(hit, "", "", self.input.hover, self.rect, self.px(16),
                             self.px(260), least=12)
        draw_tooltip(surface, lay)

    def _zoom(self, surface: pygame.Surface, model: CombatModel) -> None:
        """The face-up card under the pointer, drawn larger beside it to be read."""
        if self.input.drag is not None:
            return
        pos = self.input.hover
        hit = next(((r, c, f) for r, c, f in self._shown if r.collidepoint(pos)), None)
        if hit is None:
            return
        r, card, faction = hit
        big = pygame.Rect(0, 0, self.px(330), self.px(300))
        big.midbottom = (r.centerx, r.y - self.px(6))
        if big.y < self.rect.y:
            big.midtop = (r.centerx, r.bottom + self.px(6))
        big.clamp_ip(self.rect)
        if big.colliderect(r):  # no room above or below: beside it
            big.midleft = (r.right + self.px(6), r.centery)
            if big.right > self.rect.right:
                big.midright = (r.x - self.px(6), r.centery)
            big.clamp_ip(self.rect)
        shadow = big.move(self.px(4), self.px(4))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=self.px(8))
        self._card(surface, model, card, big, small=False, faction=faction, body=16)

    def _dragged(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        d = self.input.drag
        me = model.mine
        if d is None or not d.moved or me is None or d.index >= len(me.hand):
            return
        r = lay.hand[d.index].copy()
        r.topleft = (d.pos[0] - d.offset[0], d.pos[1] - d.offset[1])
        self._card(surface, model, me.hand[d.index], r, small=r.w < self.px(200),
                   faction=me.faction, picked=True)

    # ------------------------------------------------------------- choices, results

    def _choices(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        box = lay.choices_box
        if box is None:
            return
        pygame.draw.rect(surface, ZONE, box, border_radius=self.px(6))
        x = box.x + self.px(6)
        if lay.pending is not None:
            self._pending(surface, model, lay.pending)
        else:
            self.text(surface, t("choices", model.lang), (x, box.y + self.px(3)), 14,
                      palette.SOFT, bold=True)
        labels = [c.label for c in model.choices] + [name for _, name, _ in model.retreats]
        for label, r in zip(labels, lay.choices, strict=False):
            hover = r.collidepoint(self.input.hover)
            pygame.draw.rect(surface, (54, 70, 110) if hover else (38, 48, 78), r,
                             border_radius=self.px(5))
            pygame.draw.rect(surface, LIT, r, 1, border_radius=self.px(5))
            self.text(surface, label, (r.x + self.px(8), r.y + self.px(5)), 14,
                      palette.WHITE, width=r.w - self.px(14))

    def _pending(self, surface: pygame.Surface, model: CombatModel, r: pygame.Rect) -> None:
        """The effect waiting for a choice, whole: the layout gave it the lines it needs
        at ``pending_px`` (never set smaller to fit, as ``para`` would)."""
        size = pending_px(self.scale)
        step = fonts.font(size).get_linesize()
        for i, line in enumerate(pending_lines(model.pending_text, self.scale, r.w)):
            surface.blit(fonts.text(line, size, palette.TEXT), (r.x, r.y + i * step))

    def _results(self, surface: pygame.Surface, model: CombatModel, lay: Layout) -> None:
        r = lay.results
        pygame.draw.rect(surface, ZONE, r, border_radius=self.px(6))
        x, y = r.x + self.px(8), r.y + self.px(4)
        self.text(surface, t("results", model.lang), (x, y), 14, palette.SOFT, bold=True)
        y += self.px(19)
        lines = list(model.results)
        if model.damage_left:
            lines.insert(0, t("damage_left", model.lang, n=model.damage_left))
        for line in lines[: max(0, (r.bottom - y) // self.px(18))]:
            self.text(surface, line, (x, y), 14, palette.TEXT, width=r.w - self.px(16))
            y += self.px(18)


def unit_rows_fit(lay: Layout, model: CombatModel) -> bool:
    """Every unit row has room in its column (the tests check the layout)."""
    return all((s.seat, u.group) in lay.units for s in model.sides for u in s.units) and \
        unit_row_height(lay.scale) > 0


class ResultCard:
    """A finished combat's result over the table (combat_result.py words it): the
    winner, the morale comparison when it decided, both sides' losses, retreats and the
    world and structures captured; it stays until clicked, the game going on beneath."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (empty: hidden)

    def clicked(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
            self.rect.collidepoint(event.pos)

    def hide(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float,
             lines: list[str], lang: str) -> pygame.Rect:
        """The card at the top of ``area`` (the map), sized for ``lines``."""
        def px(v: float) -> int:
            return max(1, round(v * scale))

        width = min(area.w - px(40), px(780))
        pad, size, title = px(16), px(18), px(24)
        body = [(row, i == 0) for i, line in enumerate(lines)
                for row in fonts.wrap(line, size, width - 2 * pad, i == 0)]
        line_h = fonts.font(size).get_linesize()
        height = pad + fonts.font(title, True).get_linesize() + px(6) + \
            len(body) * line_h + px(8) + fonts.font(px(15)).get_linesize() + pad
        self.rect = pygame.Rect(area.centerx - width // 2, area.y + px(24), width,
                                min(height, area.h - px(48)))
        shadow = self.rect.move(px(4), px(5))
        pygame.draw.rect(surface, (6, 8, 14), shadow, border_radius=px(10))
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=px(10))
        pygame.draw.rect(surface, PICKED, self.rect, 2, border_radius=px(10))
        x, y = self.rect.x + pad, self.rect.y + pad
        head = fonts.text(t("result.title", lang), title, palette.WHITE, True)
        surface.blit(head, (x, y))
        y += head.get_height() + px(6)
        hint = fonts.text(t("result.close", lang), px(15), palette.MUTED)
        last = self.rect.bottom - pad - hint.get_height() - px(8)
        for row, first in body:
            if y + line_h > last:
                break
            surface.blit(fonts.text(row, size, palette.GOLD if first else palette.TEXT,
                                    first), (x, y))
            y += line_h
        surface.blit(hint, (self.rect.right - pad - hint.get_width(),
                            self.rect.bottom - pad - hint.get_height()))
        return self.rect
