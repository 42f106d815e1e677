"""What the Arcs table shows over the drawn view: the legal targets lit, the hovered
system, a move's picked source, the card being dragged (what the card under the pointer
says is the scene's: game.arcs.ui.card_text), a battle's dice for a moment
after the roll, and the end of a chapter with its scoring.  All of it comes from the
seat's view and the events of the last action (``view.events``: the engine's record of
what one ``apply`` did), never from the real game.

Mixed into :class:`game.arcs.ui.scenes.table.ArcsTableScene` with
:class:`game.arcs.ui.table_input.TableInput`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.events import ChapterEnd, GameOver, Rolled, Scored
from game.arcs.ui.dice_view import draw_tray
from game.arcs.ui.hits import Hit
from game.arcs.ui.labels import name
from game.arcs.ui.log_text import intercept_hits, roll_steps, rolled_title
from game.ui import fonts, palette

if TYPE_CHECKING:
    from game.arcs.ui.hits import HitMap
    from game.arcs.ui.session import ArcsSession
    from game.arcs.ui.table_input import Drag

DICE_MOMENT = 2.6  # seconds the roll and what it does show before the hits are assigned
WATCH_CHAPTER = 4.0  # seconds a chapter's scoring shows when only computers play
LIT = (120, 230, 140)
HOVER = (255, 255, 255)
SOURCE = palette.GOLD


@dataclass
class RollShow:
    """A roll on screen: who rolled what, then each result's consequence in the book's
    order as (kind, words) (game.arcs.ui.log_text.roll_steps: the log's own words)."""

    seat: int
    faces: tuple[tuple[str, int], ...]
    title: str
    steps: list[tuple[str, str]]


@dataclass
class ChapterShow:
    chapter: int
    scored: list[Scored] = field(default_factory=list)
    power: list[int] = field(default_factory=list)
    timer: float = WATCH_CHAPTER


class TableMoments:
    """Marks over the table and the moments that pause it (see the module docstring)."""

    # what the table scene it is mixed into gives (ArcsTableScene, TableInput, Scene)
    session: ArcsSession
    viewer: int
    hits: HitMap | None
    hover: Hit | None
    source: str | None
    drag: Drag | None
    table_surface: pygame.Surface | None
    CHAPTER_BOX: tuple[int, int, int, int]
    lit: Callable[[], set[tuple[str, str]]]
    map_centre: Callable[[], tuple[int, int]]
    px: Callable[[float], int]
    tpx: Callable[[float], int]
    rect: Callable[[float, float, float, float], pygame.Rect]

    if TYPE_CHECKING:
        @property
        def TABLE(self) -> tuple[float, float, float, float]: ...

    def reset_moments(self) -> None:
        self.dice: RollShow | None = None
        self.dice_timer = 0.0
        self.defender = -1  # the last battle's defender seen (a roll may end the battle)
        self.chapter_show: ChapterShow | None = None

    # ------------------------------------------------------------------ the moments

    def after_apply(self) -> None:
        """Look at what the last action did (its events, as this seat may see them)."""
        view = self.session.view(self.viewer)
        scored = [e for e in view.events if isinstance(e, Scored)]
        if view.battle is not None:
            self.defender = view.battle.defender
        names = self.session.names
        lang = i18n.language()
        for e in view.events:
            if isinstance(e, Rolled):
                defender = (names[self.defender] if 0 <= self.defender < len(names)
                            else i18n.t("arcs.battle.the_defender", lang))
                self.dice = RollShow(e.seat, e.dice, rolled_title(e, names[e.seat], lang),
                                     roll_steps(e, names[e.seat], defender,
                                                intercept_hits(view, e), lang))
                self.dice_timer = DICE_MOMENT
            elif isinstance(e, ChapterEnd) and not any(
                    isinstance(g, GameOver) for g in view.events):
                self.chapter_show = ChapterShow(e.chapter, scored,
                                                [p.power for p in view.players])
                self.dice_timer = 0.0  # the chapter's scoring goes over any dice

    def tick_moments(self, dt: float) -> None:
        if self.dice_timer > 0:
            self.dice_timer = max(0.0, self.dice_timer - dt)
        c = self.chapter_show
        if c is not None and not self.session.humans:
            c.timer -= dt
            if c.timer <= 0:
                self.chapter_show = None

    def busy(self) -> bool:
        """The dice or the scoring are on screen for a human: the table waits."""
        if not self.session.humans:
            return False
        return self.dice_timer > 0 or self.chapter_show is not None

    def dismiss_chapter(self) -> bool:
        if self.chapter_show is None:
            return False
        self.chapter_show = None
        return True

    # ------------------------------------------------------------------ drawing

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Rings on the legal targets, the hovered thing and the picked source."""
        if self.hits is None:
            return
        lit = self.lit()
        width = max(2, self.px(3))
        for hit in self.hits.hits:
            key = (hit.kind, str(hit.index) if hit.kind == "court" else hit.ident)
            if hit.kind == "system" and hit.ident == self.source:
                pygame.draw.circle(surface, SOURCE, hit.rect.center, hit.rect.w // 2 + width * 2,
                                   width + 1)
            elif key in lit:
                if hit.round:
                    pygame.draw.circle(surface, LIT, hit.rect.center,
                                       hit.rect.w // 2 + width * 2, width)
                else:
                    pygame.draw.rect(surface, LIT, hit.rect.inflate(width * 2, width * 2),
                                     width, border_radius=self.px(6))
        h = self.hover
        if h is not None and h.kind in ("system", "court", "ambition", "draft", "hand",
                                        "leader", "lore", "guild", "played", "discard"):
            if h.round:
                pygame.draw.circle(surface, HOVER, h.rect.center, h.rect.w // 2 + 2, 2)
            else:
                pygame.draw.rect(surface, HOVER, h.rect.inflate(4, 4), 2,
                                 border_radius=self.px(6))
        d = self.drag
        if d is not None and d.moved and self.table_surface is not None:
            for area in self.hits.find("play_area"):
                pygame.draw.rect(surface, LIT, area.rect, width + 1, border_radius=self.px(8))
            table = self.rect(*self.TABLE)
            src = d.origin.move(-table.x, -table.y).clip(self.table_surface.get_rect())
            ghost = self.table_surface.subsurface(src).copy()
            ghost.set_alpha(210)
            surface.blit(ghost, d.pos)

    def draw_dice_moment(self, surface: pygame.Surface) -> None:
        if self.dice is None or self.dice_timer <= 0:
            return
        view = self.session.view(self.viewer)
        assert view.rules is not None
        show = self.dice
        cx, cy = self.map_centre()  # the middle of the map (the scene's layout)
        tray = draw_tray(surface, view.rules, show.faces, (cx, cy - self.px(70)),
                         i18n.language(), size=self.px(70))
        title = fonts.text(show.title, self.tpx(30), palette.WHITE, bold=True)
        back = title.get_rect(midbottom=(tray.centerx, tray.y - self.px(6))).inflate(16, 6)
        pygame.draw.rect(surface, (10, 12, 22), back, border_radius=8)
        surface.blit(title, title.get_rect(center=back.center))
        # what each result does, in the book's order, under the dice; an intercept (the
        # defender striking back) stands out: it is the one a player overlooks
        size = self.tpx(22)
        width = max(tray.w, self.px(720))
        rows = [fonts.text(line, size, palette.GOLD if kind == "intercept" else palette.TEXT,
                           bold=kind == "intercept")
                for kind, text in show.steps for line in fonts.wrap(text, size, width)]
        box = pygame.Rect(0, 0, max(tray.w, *(r.get_width() for r in rows)) + self.px(24),
                          sum(r.get_height() for r in rows) + self.px(16))
        box.midtop = (tray.centerx, tray.bottom + self.px(6))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (10, 12, 22), box, border_radius=8)
        pygame.draw.rect(surface, palette.EDGE, box, 1, border_radius=8)
        y = box.y + self.px(8)
        for r in rows:
            surface.blit(r, (box.x + self.px(12), y))
            y += r.get_height()

    def draw_chapter(self, surface: pygame.Surface) -> None:
        c = self.chapter_show
        if c is None:
            return
        s = self.session
        view = s.view(self.viewer)
        assert view.rules is not None
        lang = i18n.language()
        box = self.rect(*self.CHAPTER_BOX)
        pygame.draw.rect(surface, (12, 16, 30), box, border_radius=self.px(12))
        pygame.draw.rect(surface, palette.GOLD, box, 2, border_radius=self.px(12))
        y = box.y + self.px(16)
        t = fonts.text(i18n.t("arcs.chapter.ends", n=c.chapter), self.tpx(36), palette.GOLD,
                       bold=True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += t.get_height() + self.px(14)
        lines = [i18n.t("arcs.chapter.scored", name=s.names[e.seat],
                        ambition=name(view.rules, e.ambition, lang),
                        place=i18n.t(f"arcs.chapter.place_{min(e.place, 3)}"), power=e.power)
                 for e in c.scored] or [i18n.t("arcs.chapter.none")]
        for line in lines:
            t = fonts.text(line, self.tpx(24), palette.TEXT)
            surface.blit(t, (box.x + self.px(30), y))
            y += t.get_height() + self.px(4)
        y += self.px(12)
        order = sorted(range(len(c.power)), key=lambda i: -c.power[i])
        for i in order:
            t = fonts.text(i18n.t("arcs.chapter.power", name=s.names[i], n=c.power[i]),
                           self.tpx(24), palette.WHITE, bold=True)
            surface.blit(t, (box.x + self.px(30), y))
            y += t.get_height() + self.px(2)


def ability_text(rules: ArcsRules | None, hit: Hit) -> tuple[str, str, str] | None:
    """(name, "Leader" or "Lore", what it does) for a hit on a leader or lore card's
    name (kinds ``leader``, ``lore``, or ``draft``), else None."""
    if rules is None or hit.kind not in ("leader", "lore", "draft"):
        return None
    for kind, pool in (("leader", rules.leaders), ("lore", rules.lore)):
        for card in pool:
            if card.id == hit.ident:
                return (i18n.card_name(card), i18n.t(f"arcs.ability.{kind}"),
                        i18n.t(f"arcs.ability.{card.id}"))
    return None
