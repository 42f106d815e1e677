"""Forbidden Stars' setup: 2–4 seats, each a human or a computer level (its name and its
faction — one of the four, each at most once, or drawn at random), the first player (drawn
at random as the book has it, or a chosen seat), the seed, and whether the players build
the board themselves (RB p.16) or it is laid out at random (quick setup); Start sits the
players at the table, Back (or Esc) returns to the menu.  Names, seed and first player
work as Arcs' (game.ui.setup_choices)."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.forbidden_stars.ai.base import LEVELS
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.ui.session import (
    HUMAN,
    RANDOM_FACTION,
    RANDOM_FIRST,
    REMOTE,
    FsSession,
    FsSetup,
)
from game.save_files import NAME_FORBIDDEN
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.setup_choices import (
    MAX_NAME,
    MAX_SEED,
    SetupRefused,
    first_labels,
    seat_names,
    seed_from,
)

KINDS = (HUMAN, REMOTE, *LEVELS)  # REMOTE: a person on a phone (docs/remote.md)
COUNTS = (2, 3, 4)
MAX_SEATS = 4
KEYS = "fs_shell.setup"
CHOICE = "#fs_setup_choice"  # the dropdowns (their rows' height is themed here)

__all__ = ["MAX_NAME", "MAX_SEED", "FsSetupScene", "SetupRefused", "kind_label"]


def kind_label(kind: str) -> str:
    if kind == HUMAN:
        return i18n.t("fs_shell.setup.human")
    if kind == REMOTE:
        return i18n.t("remote.controller")
    key = f"fs_shell.level.{kind}"
    level = i18n.t(key) if key in i18n.strings("en") else kind
    return i18n.t("fs_shell.setup.computer", level=level)


class FsSetupScene(Scene):
    def __init__(self, app, seed: int | None = None):
        self.rules = load_fs_rules()
        self.count = 2
        bot = "normal" if "normal" in LEVELS else LEVELS[-1]
        self.kinds = [HUMAN, *[bot] * (MAX_SEATS - 1)]
        self.names = [i18n.t("fs_shell.setup.seat", n=i + 1) for i in range(MAX_SEATS)]
        self.factions = [RANDOM_FACTION] * MAX_SEATS
        self.quick = True
        self.first = RANDOM_FIRST  # «вытяните один наугад» (RB p.3)
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""
        super().__init__(app)

    # ------------------------------------------------------------ widgets

    def faction_labels(self) -> dict[str, str]:
        """Label → faction id (RANDOM_FACTION for «random»), in the player's language."""
        out = {i18n.t("fs_shell.setup.random_faction"): RANDOM_FACTION}
        for fid in sorted(self.rules.factions):
            out[i18n.card_name(self.rules.factions[fid])] = fid
        return out

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
        kinds = [kind_label(k) for k in KINDS]
        factions = self.faction_labels()
        by_id = {v: k for k, v in factions.items()}
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_dd: list[pygame_gui.elements.UIDropDownMenu] = []
        self.faction_dd: list[pygame_gui.elements.UIDropDownMenu] = []
        for i in range(self.count):
            y = 330 + i * 90
            name = el.UITextEntryLine(self.rect(470, y, 400, 56), ui)
            name.set_text_length_limit(MAX_NAME)
            name.set_forbidden_characters(NAME_FORBIDDEN)
            name.set_text(self.names[i])
            self.name_entries.append(name)
            self.kind_dd.append(el.UIDropDownMenu(kinds, kind_label(self.kinds[i]),
                                                  self.rect(890, y, 360, 56), ui,
                                                  object_id=CHOICE))
            self.faction_dd.append(el.UIDropDownMenu(list(factions),
                                                     by_id[self.factions[i]],
                                                     self.rect(1270, y, 560, 56), ui,
                                                     object_id=CHOICE))
        self.board_button = el.UIButton(self.rect(470, 720, 1360, 56), self._board_text(), ui)
        self.seed_entry = el.UITextEntryLine(self.rect(470, 800, 300, 56), ui)
        self.seed_entry.set_text_length_limit(10)
        self.seed_entry.set_text(self.seed_text)
        self.start = el.UIButton(self.rect(1510, 920, 320, 80), i18n.t("fs_shell.setup.start"),
                                 ui, object_id="#primary_button")
        self.back = el.UIButton(self.rect(90, 920, 320, 80), i18n.t("fs_shell.setup.back"), ui)

    def _board_text(self) -> str:
        return i18n.t("fs_shell.setup.board_quick" if self.quick
                      else "fs_shell.setup.board_build")

    @staticmethod
    def _picked(dd) -> str:
        pick = dd.selected_option
        return pick[0] if isinstance(pick, tuple) else pick

    def read(self) -> None:
        """The widgets' values into the scene's choices."""
        self.count = int(self._picked(self.count_dd))
        kinds = {kind_label(k): k for k in KINDS}
        factions = self.faction_labels()
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
            self.kinds[i] = kinds.get(self._picked(self.kind_dd[i]), self.kinds[i])
            self.factions[i] = factions.get(self._picked(self.faction_dd[i]),
                                            self.factions[i])
        self.first = first_labels(MAX_SEATS, KEYS).get(self._picked(self.first_dd),
                                                        self.first)
        self.seed_text = self.seed_entry.get_text()

    # ------------------------------------------------------------ choices

    def set_count(self, n: int) -> None:
        self.count = n
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.rebuild()

    def set_faction(self, seat: int, faction: str) -> None:
        self.factions[seat] = faction
        self.rebuild()

    def set_first(self, seat: int) -> None:
        """``seat`` plays first (RANDOM_FIRST: drawn by the seed)."""
        self.first = seat
        self.rebuild()

    def toggle_board(self) -> None:
        self.read()
        self.quick = not self.quick
        self.board_button.set_text(self._board_text())

    def make_setup(self) -> FsSetup:
        """The setup the choices describe (:class:`SetupRefused` says what is wrong)."""
        n = self.count
        names = seat_names(self.names[:n], KEYS)
        chosen = [f for f in self.factions[:n] if f != RANDOM_FACTION]
        for f in chosen:
            if chosen.count(f) > 1:
                name = i18n.card_name(self.rules.factions[f])
                raise SetupRefused(i18n.t("fs_shell.setup.same_faction", faction=name))
        seed = seed_from(self.seed_text, KEYS)
        first = self.first if self.first < n else RANDOM_FIRST
        return FsSetup(tuple(self.kinds[:n]), names, tuple(self.factions[:n]), seed,
                       quick_setup=self.quick, first=first)

    def start_game(self) -> None:
        try:
            setup = self.make_setup()
        except SetupRefused as exc:
            self.error = str(exc)
            return
        self.error = ""
        self.app.replace(routes.make(self.app, "forbidden_stars.table", FsSession(setup)))

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
            elif event.ui_element is self.board_button:
                self.toggle_board()
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
        t = fonts.text(i18n.t("fs_shell.setup.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 150, 0, 0).topleft))
        self._label(surface, "fs_shell.setup.players", 450, 218)
        for key, x in (("name", 470), ("controller", 890), ("faction", 1270)):
            self._label(surface, f"fs_shell.setup.{key}", x, 300, "midleft", palette.MUTED, 22)
        for i in range(self.count):
            self._label(surface, "fs_shell.setup.seat", 450, 358 + i * 90, n=i + 1)
        self._label(surface, "fs_shell.setup.seed", 450, 828)
        self._label(surface, "fs_shell.setup.seed_hint", 790, 828, "midleft", palette.MUTED, 22)
        self._label(surface, "fs_shell.setup.first", 1250, 218)
        if self.error:
            e = fonts.text(self.error, self.px(24), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 880, 0, 0).topleft))
