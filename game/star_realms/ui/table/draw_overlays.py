"""Drawing over the board: the log, ability chips, drop hints and refused targets,
the dragged card or combat, the turn banner, zoom, amount dialog, curtain, toasts."""

from __future__ import annotations

import pygame

from game import i18n
from game.star_realms.engine.state import HIDDEN
from game.star_realms.ui.log_text import TURN_HEADERS
from game.star_realms.ui.table.host import TableHost
from game.star_realms.ui.table.style import (
    AMOUNT_FONT,
    AMOUNT_HINT_FONT,
    DIM,
    GOLD,
    GREEN,
    HILITE,
    HOVER_ZOOM_MS,
    RED,
    TEXT,
    TOAST_BAD,
    TOAST_GOOD,
    ZONE_EDGE,
    icon,
)
from game.ui import fonts


def place_hint(size: tuple[int, int], avoid: pygame.Rect, bounds: pygame.Rect,
                gap: int) -> pygame.Rect:
    """A box of ``size`` centred over ``avoid`` (the dragged combat), above it when it
    fits in ``bounds``, else below it, else wherever it fits; always wholly inside
    ``bounds``, ``gap`` off its edges when there is room (clamped as a whole, frame
    included)."""
    inner = bounds.inflate(-2 * gap, -2 * gap)
    if inner.w < size[0] or inner.h < size[1]:
        inner = bounds
    box = pygame.Rect((0, 0), size)
    box.midbottom = (avoid.centerx, avoid.top - gap)
    if box.top < inner.top:
        box.midtop = (avoid.centerx, avoid.bottom + gap)
    return box.clamp(inner)


class OverlayMixin(TableHost):
    """What is drawn over the board."""

    def log_surfaces(self, width: int) -> list[pygame.Surface]:
        """The log wrapped to the panel, re-rendered only when it grows or the language,
        size or viewer changes (it is the most expensive thing to draw)."""
        key = (len(self.session.log), i18n.language(), width, self.me,
               self.layout.text_scale)
        if getattr(self, "_log_key", None) == key:
            return self._log_lines
        self._log_key = key
        self._log_lines = self._render_log(width)
        return self._log_lines

    def _render_log(self, width: int) -> list[pygame.Surface]:
        lay = self.layout
        size = max(12, lay.fs(16))
        out = []
        for line in self.session.log[-200:]:
            text = line.render(self.view)
            header = line.key in TURN_HEADERS
            color = GOLD if header else (TEXT if line.seat == self.me else DIM)
            out.extend(self.wrap(text, size, color, width, bold=header))
        return out

    def wrap(self, text: str, size: int, color, width: int, bold=False) -> list[pygame.Surface]:
        return [fonts.text(line, size, color, bold)
                for line in fonts.wrap(text, size, width, bold) if line]

    def draw_log(self, surface: pygame.Surface) -> None:
        lay = self.layout
        r = lay.zones()["log"]
        pad = lay.px(10)
        lines = self.log_surfaces(r.w - 2 * pad)
        line_h = max(15, lay.fs(20))
        fit = (r.h - 2 * pad) // line_h
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - fit))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - fit):end]
        clip = surface.get_clip()
        surface.set_clip(r)
        for i, s in enumerate(shown):
            surface.blit(s, (r.x + pad, r.y + pad + i * line_h))
        surface.set_clip(clip)

    def chip_states(self, iid: int) -> list[tuple[str, str]]:
        """(slot, state) for a card in play: available, used, waiting (ally) or
        not_usable — the model's chips."""
        return [(c.slot, c.state) for c in self.model.chips if c.card == iid]

    def draw_chips(self, surface: pygame.Surface) -> None:
        """Under each card in play: which abilities are available, used, or waiting."""
        lay = self.layout
        self.chip_rects = []
        self.chip_spots: dict[tuple[int, str], pygame.Rect] = {}  # (card, slot) → chip
        size = lay.px(28)
        gap = lay.px(4)
        my_turn = self.my_turn() and not self.asking()
        owners = [self.me] if self.layout.multi else [self.me, *self.opponents[:1]]
        for seat in owners:
            s = self.model.seats[seat]
            active = seat == self.model.active
            for card in s.bases + s.heroes + s.in_play:
                iid = card.iid
                rect = self.card_rects.get(iid)
                if rect is None:
                    continue
                states = [(c.slot, c.state, c.action) for c in self.model.chips
                          if c.card == iid]
                x = rect.x
                y = rect.bottom + lay.px(3)
                for slot, st, ident in states:
                    chip = pygame.Rect(x, y, size, size)
                    is_ship = self.session.card_def(card.face_key()).is_ship
                    name = {"primary": "ship" if is_ship else "base",
                            "ally": "ally", "second_ally": "ally",
                            "double_ally": "double_ally",
                            "upgrade_ally": "ally", "scrap": "scrap"}[slot]
                    bg = {"available": (46, 84, 60), "used": (40, 44, 56)}.get(
                        st, (30, 36, 52)) if active else (30, 36, 52)
                    pygame.draw.rect(surface, bg, chip, border_radius=lay.px(6))
                    edge = GREEN if st == "available" and active else ZONE_EDGE
                    pygame.draw.rect(surface, edge, chip, 1, border_radius=lay.px(6))
                    img = icon(name, size - lay.px(6))
                    if st != "available" or not active:
                        img = img.copy()
                        img.set_alpha(90)
                    surface.blit(img, (x + lay.px(3), y + lay.px(3)))
                    if st == "used" and active:
                        self.label(surface, "✓", chip.right - lay.px(2), chip.bottom + lay.px(2),
                                   lay.px(16), GREEN, "bottomright", True)
                    action = None
                    if my_turn and seat == self.me and ident:
                        action = self.session.find(ident)
                    self.chip_rects.append((chip, action, slot))
                    self.chip_spots[(iid, slot)] = chip
                    x += size + gap

    def draw_drop_hints(self, surface: pygame.Surface) -> None:
        """While dragging a card: outline where it may go, under the board (combat's
        targets are veiled over it: :meth:`dim_illegal_targets`)."""
        if self.drag is None or not self.drag.moved:
            return
        lay = self.layout
        z = lay.zones()
        targets: list[pygame.Rect] = []
        if self.drag.kind in ("hand", "mate_hand"):
            targets = [z["my_field"]]
        elif self.drag.kind == "supply":
            targets = [z["my_discard"]]
        elif self.drag.kind == "play":
            targets = [z["scrap"]]
        elif self.drag.kind == "discard":
            targets = [self.panel_of(t) for t in self.transfer_targets() if self.panel_of(t)]
        elif self.drag.kind == "combat":
            return  # veiled over the board by dim_illegal_targets (draw_scene)
        for r in targets:
            pygame.draw.rect(surface, HILITE, r.inflate(lay.px(10), lay.px(10)), lay.px(3),
                             border_radius=lay.px(12))

    def target_reasons(self) -> list[tuple[pygame.Rect, str | None]]:
        """(rect, reason) for every seat area and base a combat drop could hit; reason
        None means a legal target."""
        out: list[tuple[pygame.Rect, str | None]] = []
        for t in self.model.targets:
            if t.kind == "player":
                rect = self.panel_of(t.seat) or self.layout.zones()["opp_info"]
            elif t.kind == "base":
                rect = self.card_rects.get(t.card)
            else:
                continue  # boss strikes: the tentacles are their own drop zones
            if rect is not None:
                out.append((rect, None if t.legal else self.reason_text(t)))
        return out

    def dim_illegal_targets(self, surface: pygame.Surface) -> None:
        """Veil every seat and base combat may not hit and outline the ones it may.
        Drawn over the board (panel words and bases included, so the veil really dims
        them) but under the dragged combat; the reason is drawn last, by
        :meth:`draw_refusal_hint`."""
        lay = self.layout
        mouse = pygame.mouse.get_pos()
        self.refusal = None
        for rect, reason in self.target_reasons():
            if reason is None:
                pygame.draw.rect(surface, HILITE, rect.inflate(lay.px(8), lay.px(8)), lay.px(3),
                                 border_radius=lay.px(10))
            else:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((0, 0, 0, 140))
                surface.blit(veil, rect)
                if rect.collidepoint(mouse):
                    self.refusal = reason

    def draw_refusal_hint(self, surface: pygame.Surface) -> None:
        """Why the target under the dragged combat refuses it, on top of everything, next
        to the combat disc and wholly inside the window (a protected player's panel sits
        at the top edge, where a box above the cursor used to be cut off)."""
        self.refusal_rect = None
        reason = self.refusal
        if not reason or self.drag is None or self.drag.kind != "combat" or not self.drag.moved:
            return
        lay = self.layout
        size, pad = lay.px(18), lay.px(8)
        bounds = surface.get_rect()
        lines = [fonts.text(line, size, (255, 255, 255), True)
                 for line in fonts.wrap(reason, size, bounds.w - 4 * pad, True) if line]
        if not lines:
            return
        w = max(x.get_width() for x in lines) + 2 * pad
        h = sum(x.get_height() for x in lines) + pad
        disc = pygame.Rect(self.drag.pos, (lay.px(110), lay.px(110)))  # see draw_drag
        box = place_hint((w, h), disc, bounds, lay.px(6))
        pygame.draw.rect(surface, (110, 36, 36), box, border_radius=pad)
        y = box.y + pad // 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()
        self.refusal_rect = box

    def draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        assert d is not None
        lay = self.layout
        if d.kind == "combat":
            n = self.model.pools.spend_combat  # (in a team turn: the team's)
            r = pygame.Rect(d.pos, (lay.px(110), lay.px(110)))
            pygame.draw.circle(surface, (120, 30, 30), r.center, r.w // 2)
            pygame.draw.circle(surface, RED, r.center, r.w // 2, lay.px(3))
            self.label(surface, str(n), r.centerx, r.centery, lay.px(44), (255, 255, 255),
                       "center", True)
            return
        rect = self.card_rects.get(d.iid, d.origin)
        img = self.face(d.iid, rect.w)
        surface.blit(img, d.pos)

    def zoomed(self) -> int | None:
        """The card shown enlarged now (clicked, or hovered long enough), if any."""
        if self.app.top is not self:
            return None  # under a menu or dialog: no card zoom left over on top of it
        iid = self.zoom_sticky
        if iid is None and self.hover is not None and self.drag is None:
            hid, since = self.hover
            if self.app.clock_ms - since >= HOVER_ZOOM_MS:
                iid = hid
        return None if iid is None or iid == HIDDEN else iid

    def draw_zoom(self, surface: pygame.Surface) -> None:
        iid = self.zoomed()
        if iid is None:
            return
        lay = self.layout
        w = lay.zoom_w
        img = self.face(iid, w)
        anchor = self.card_rects.get(iid)
        r = img.get_rect()
        if anchor is not None:
            r.midleft = (anchor.right + lay.px(16), anchor.centery)
            if r.right > surface.get_width():
                r.midright = (anchor.x - lay.px(16), anchor.centery)
        else:
            r.center = surface.get_rect().center
        r.clamp_ip(surface.get_rect())
        shadow = r.inflate(lay.px(16), lay.px(16))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=lay.px(16))
        surface.blit(img, r)

    def draw_amount(self, surface: pygame.Surface) -> None:
        p = self.amount_panel
        assert p is not None
        lay = self.layout
        r = p["rect"]
        n = int(p["slider"].get_current_value())
        name = self.session.name(p["target"])
        text = i18n.t("table.attack_amount", name=name, n=n)
        pad = lay.px(16)
        size = self.fitting(text, lay.fs(AMOUNT_FONT), r.w - 2 * pad, True)
        self.label(surface, text, r.centerx, r.y + 2 * pad, size, TEXT, "midtop", True)
        p["slider"].draw(surface)
        hint_size = lay.fs(AMOUNT_HINT_FONT)
        y = p["hint_y"]
        for line in p["hint"]:
            self.label(surface, line, r.centerx, y, hint_size, DIM, "midtop")
            y += fonts.line_step(hint_size)

    def draw_curtain(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.fill((6, 8, 16))
        seat = self.session.curtain
        assert seat is not None
        self.label(surface, i18n.t("table.curtain", name=self.session.name(seat)),
                   surface.get_width() // 2, lay.r(0, 520, 1920, 1).y, lay.px(44), TEXT,
                   "midbottom", True)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        lay = self.layout
        y = lay.r(0, 740, 1, 1).y
        for text, _, good in self.toasts:
            t = fonts.text(text, lay.px(24), (255, 255, 255), True)
            box = t.get_rect(midbottom=(lay.zones()["my_field"].centerx, y))
            bg = box.inflate(lay.px(28), lay.px(14))
            pygame.draw.rect(surface, TOAST_GOOD if good else TOAST_BAD, bg,
                             border_radius=lay.px(10))
            surface.blit(t, box)
            y -= bg.h + lay.px(6)
