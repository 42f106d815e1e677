"""Arcs' setup: 2–4 seats, each with its name and a human or a computer level, who holds
the initiative (a random seat, as the book has it, or a chosen one), Leaders & Lore on or
off (``GameConfig.leaders``: a draft of leaders and lore opens the game) and the seed
(blank: a new random game); Start sits the players at the table, Back (or Esc) returns.
The names, seed and first-player choice work as Forbidden Stars' (game.ui.setup_choices).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.arcs.ui.session import BOT_LEVELS, HUMAN, RANDOM_FIRST, REMOTE, ArcsSession, ArcsSetup
from game.save_files import NAME_FORBIDDEN
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.setup_choices import MAX_NAME, SetupRefused, first_labels, seat_names, seed_from

KINDS = (HUMAN, REMOTE, *BOT_LEVELS)  # REMOTE: a person on a phone (docs/remote.md)
COUNTS = (2, 3, 4)
MAX_SEATS = 4
KEYS = "arcs.setup"
CHOICE = "#arcs_setup_choice"  # the dropdowns (their rows' height is themed here)

__all__ = ["ArcsSetupScene", "SetupRefused", "kind_label"]


def kind_label(kind: str) -> str:
    return i18n.t("remote.controller" if kind == REMOTE else f"arcs.setup.{kind}")


class ArcsSetupScene(Scene):
    def __init__(self, app, seed: int | None = None):
        self.count = 2
        self.kinds = [HUMAN, *["normal"] * (MAX_SEATS - 1)]
        self.names = [i18n.t("arcs.setup.seat", n=i + 1) for i in range(MAX_SEATS)]
        self.first = RANDOM_FIRST  # «Выдайте маркер инициативы случайному игроку»
        self.leaders = False
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""
        super().__init__(app)

    @property
    def seed(self) -> int | None:
        """The typed seed (None: blank, a new random game)."""
        text = self.seed_text.strip()
        return int(text) if text.isascii() and text.isdigit() else None

    @seed.setter
    def seed(self, value: int | None) -> None:
        self.seed_text = "" if value is None else str(value)
        if hasattr(self, "seed_entry"):
            self.seed_entry.set_text(self.seed_text)

    # ------------------------------------------------------------ widgets

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        # this scene's own manager: its lists' rows as tall as its scaled text needs
        ui.get_theme().update_theming({f"{CHOICE}.#drop_down_options_list": {"misc": {
            "list_item_height": str(max(20, self.px(44)))}}})
        self.count_dd = el.UIDropDownMenu([str(n) for n in COUNTS], str(self.count),
                                          self.rect(470, 190, 200, 56), ui, object_id=CHOICE)
        firsts = first_labels(self.count, KEYS)
        self.first = self.first if self.first < self.count else RANDOM_FIRST
        by_value = {v: k for k, v in firsts.items()}
        self.first_dd = el.UIDropDownMenu(list(firsts), by_value[self.first],
                                          self.rect(1270, 190, 560, 56), ui, object_id=CHOICE)
        labels = [kind_label(k) for k in KINDS]
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.seat_dd: list[pygame_gui.elements.UIDropDownMenu] = []
        for i in range(self.count):
            y = 330 + i * 90
            name = el.UITextEntryLine(self.rect(470, y, 400, 56), ui)
            name.set_text_length_limit(MAX_NAME)
            name.set_forbidden_characters(NAME_FORBIDDEN)
            name.set_text(self.names[i])
            self.name_entries.append(name)
            self.seat_dd.append(el.UIDropDownMenu(labels, kind_label(self.kinds[i]),
                                                  self.rect(890, y, 420, 56), ui,
                                                  object_id=CHOICE))
        self.leaders_button = el.UIButton(self.rect(470, 720, 840, 56),
                                          self._leaders_text(), ui)
        self.seed_entry = el.UITextEntryLine(self.rect(470, 800, 300, 56), ui)
        self.seed_entry.set_text_length_limit(10)
        self.seed_entry.set_text(self.seed_text)
        self.start = el.UIButton(self.rect(1510, 920, 320, 80), i18n.t("arcs.setup.start"),
                                 ui, object_id="#primary_button")
        self.back = el.UIButton(self.rect(90, 920, 320, 80), i18n.t("arcs.setup.back"), ui)

    def _leaders_text(self) -> str:
        return i18n.t("arcs.setup.leaders_on" if self.leaders else "arcs.setup.leaders_off")

    @staticmethod
    def _picked(dd) -> str:
        pick = dd.selected_option
        return pick[0] if isinstance(pick, tuple) else pick

    def read(self) -> None:
        """The widgets' values into the scene's choices."""
        self.count = int(self._picked(self.count_dd))
        labels = {kind_label(k): k for k in KINDS}
        for i, dd in enumerate(self.seat_dd):
            self.names[i] = self.name_entries[i].get_text()
            self.kinds[i] = labels.get(self._picked(dd), self.kinds[i])
        self.first = first_labels(MAX_SEATS, KEYS).get(self._picked(self.first_dd),
                                                        self.first)
        self.seed_text = self.seed_entry.get_text()

    # ------------------------------------------------------------ choices

    def toggle_leaders(self) -> None:
        self.read()
        self.leaders = not self.leaders
        self.leaders_button.set_text(self._leaders_text())

    def set_count(self, n: int) -> None:
        self.count = n
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.rebuild()

    def set_first(self, seat: int) -> None:
        """``seat`` holds the initiative (RANDOM_FIRST: a random seat, by the seed)."""
        self.first = seat
        self.rebuild()

    def make_setup(self) -> ArcsSetup:
        """The setup the choices describe (:class:`SetupRefused` says what is wrong)."""
        n = self.count
        names = seat_names(self.names[:n], KEYS)
        seed = seed_from(self.seed_text, KEYS)
        first = self.first if self.first < n else RANDOM_FIRST
        return ArcsSetup(tuple(self.kinds[:n]), names, seed, leaders=self.leaders,
                         first=first)

    def start_game(self) -> None:
        try:
            setup = self.make_setup()
        except SetupRefused as exc:
            self.error = str(exc)
            return
        self.error = ""
        self.app.replace(routes.make(self.app, "arcs.table", ArcsSession(setup)))

    # ------------------------------------------------------------ events and drawing

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            old = self.count
            self.read()
            if self.count != old:
                self.set_count(self.count)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.read()
                self.start_game()
            elif event.ui_element is self.leaders_button:
                self.toggle_leaders()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def _label(self, surface: pygame.Surface, key: str, x: float, y: float,
               anchor: str = "midright", colour=palette.SOFT, size: int = 26, **kw) -> None:
        s = fonts.text(i18n.t(key, **kw), self.px(size), colour)
        surface.blit(s, s.get_rect(**{anchor: self.rect(x, y, 0, 0).topleft}))

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("arcs.setup.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 150, 0, 0).topleft))
        self._label(surface, "arcs.setup.players", 450, 218)
        self._label(surface, "arcs.setup.first", 1250, 218)
        for key, x in (("name", 470), ("controller", 890)):
            self._label(surface, f"arcs.setup.{key}", x, 300, "midleft", palette.MUTED, 22)
        for i in range(self.count):
            self._label(surface, "arcs.setup.seat", 450, 358 + i * 90, n=i + 1)
        self._label(surface, "arcs.setup.seed", 450, 828)
        self._label(surface, "arcs.setup.seed_hint", 790, 828, "midleft", palette.MUTED, 22)
        if self.error:
            e = fonts.text(self.error, self.px(24), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 880, 0, 0).topleft))
