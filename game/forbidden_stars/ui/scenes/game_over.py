"""The end of a Forbidden Stars game (RB p.6 «Победа в игре»): the winner or winners, and
per seat its faction, objective tokens (the victory condition: as many as there are
players, else the most after round 8) and key figures — materiel, units, structures and
worlds held at the end; New game (the setup) or Back to the menu."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game import i18n
from game.forbidden_stars.engine.state import State
from game.forbidden_stars.ui.session import FsSession
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

COLUMNS = ("player", "faction", "objectives", "materiel", "units", "structures", "worlds")
X = (150, 470, 1000, 1200, 1380, 1540, 1720)  # each column's left edge (reference layout)


@dataclass(frozen=True)
class SeatFigures:
    seat: int
    name: str
    faction: str  # in the player's language
    objectives: int
    materiel: int
    units: int
    structures: int
    worlds: int
    won: bool


def figures(state: State, names, lang: str | None = None) -> list[SeatFigures]:
    """Every seat's figures at the end, the winners first, then by objective tokens."""
    topo = state.topology
    out = []
    for p in state.players:
        held = [a for a, s in state.owner.items() if s == p.seat]
        worlds = [a for a in held if topo is not None and a in topo.areas
                  and topo.areas[a].area.kind == "world"]
        out.append(SeatFigures(
            p.seat, names[p.seat], i18n.card_name(state.rules.factions[p.faction], lang),
            p.objectives, p.materiel, sum(state.unit_count(a) for a in held),
            sum(len(state.structures.get(w, ())) for w in worlds), len(worlds),
            p.seat in state.winners))
    return sorted(out, key=lambda f: (not f.won, -f.objectives, f.seat))


class FsGameOverScene(Scene):
    def __init__(self, app, session: FsSession):
        self.session = session
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        self.new_game = el.UIButton(self.rect(1000, 920, 400, 80),
                                    i18n.t("fs_shell.over.new_game"), self.ui,
                                    object_id="#primary_button")
        self.back = el.UIButton(self.rect(520, 920, 400, 80), i18n.t("fs_shell.over.menu"),
                                self.ui)

    def on_event(self, event: pygame.event.Event) -> None:
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        key = event.key if event.type == pygame.KEYDOWN else None
        if pressed is self.back or key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))
        elif pressed is self.new_game:
            self.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))
            self.app.push(routes.make(self.app, "forbidden_stars.setup"))

    def headline(self) -> str:
        st, names = self.session.state, self.session.names
        if not st.winners:
            return i18n.t("fs_shell.over.no_winner")
        if len(st.winners) == 1:
            return i18n.t("fs_shell.over.winner", name=names[st.winners[0]])
        return i18n.t("fs_shell.over.winners", names=", ".join(names[w] for w in st.winners))

    def rows(self) -> list[SeatFigures]:
        return figures(self.session.state, self.session.names)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        st = self.session.state
        t = fonts.text(i18n.t("fs_shell.over.title"), self.px(64), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 180, 0, 0).topleft))
        w = fonts.text(self.headline(), self.px(40), palette.GOLD, bold=True)
        surface.blit(w, w.get_rect(midtop=self.rect(960, 210, 0, 0).topleft))
        rounds = st.rules.constants["rounds"]
        for i, line in enumerate((i18n.t("fs_shell.over.round", n=min(st.round, rounds),
                                         total=rounds),
                                  i18n.t("fs_shell.over.goal", n=st.n, players=st.n))):
            c = fonts.text(line, self.px(24), palette.MUTED)
            surface.blit(c, c.get_rect(midtop=self.rect(960, 280 + i * 36, 0, 0).topleft))
        for key, x in zip(COLUMNS, X, strict=True):
            h = fonts.text(i18n.t(f"fs_shell.over.{key}"), self.px(22), palette.MUTED)
            surface.blit(h, h.get_rect(bottomleft=self.rect(x, 420, 0, 0).topleft))
        for i, f in enumerate(self.rows()):
            y = 470 + i * 90
            colour = palette.GOLD if f.won else palette.SOFT
            cells = (f.name, f.faction, f.objectives, f.materiel, f.units, f.structures,
                     f.worlds)
            for j, (value, x) in enumerate(zip(cells, X, strict=True)):
                if j == 1:  # a faction's name may take two lines
                    self._lines(surface, str(value), x, y, X[2] - x - 30, colour)
                    continue
                text = fonts.text(str(value), self.px(30), colour, bold=f.won and j == 0)
                surface.blit(text, text.get_rect(midleft=self.rect(x, y, 0, 0).topleft))

    def _lines(self, surface: pygame.Surface, value: str, x: float, y: float, width: float,
               colour) -> None:
        lines = fonts.wrap(value, self.px(22), self.px(width))[:2]
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * 28
            s = fonts.text(line, self.px(22), colour)
            surface.blit(s, s.get_rect(midleft=self.rect(x, y + dy, 0, 0).topleft))
