"""The setup screen the table games share (Arcs, Forbidden Stars): the number of seats,
each seat's name and who plays it (a person here, a person on a phone, a computer level),
who starts (drawn at random as the rulebooks have it, or a chosen seat), the seed (blank:
a new random game), one game-wide switch (a button that toggles) and, where a game has
one, a second choice per seat (a column of dropdowns); Start sits the players at the
table, Back (or Esc) returns.  A game supplies its words (``keys``, the section of
:mod:`game.ui.setup_choices`' messages too), its seat kinds and their labels, its switch,
its extra column, and the session its table takes.

The screen opens on the last choices (``Settings.last_setup[game_id]``, as Star Realms'
setup does): kept when a game starts and when the screen is left, each value checked when
read back — an unknown seat kind, a name that is no name, a seat that does not exist or a
damaged option falls back to its default (never an error).  The seed is not kept: blank
means a new game each time."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.save_files import NAME_FORBIDDEN
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.dialogs import close_open_list, picked_text
from game.ui.scene import Scene
from game.ui.setup_choices import (
    MAX_NAME,
    RANDOM_FIRST,
    SetupRefused,
    first_labels,
    name_ok,
)
from game.ui.table_session import HUMAN

COUNTS = (2, 3, 4)
MAX_SEATS = 4
ROW_Y = 330  # the first seat's row (reference pixels); each next one 90 lower


class SetupScreen(Scene):
    keys = ""  # the game's setup section: title, players, first, name, controller, seat, …
    choice_id = ""  # the dropdowns' theme id (their rows' height is themed here)
    route = ""  # the table's route
    game_id = ""  # its entry in the settings' remembered setups
    kinds_offered: tuple[str, ...] = ()
    kind_width = 420  # the controller column's width (reference pixels)
    switch_width = 840

    def __init__(self, app: Any, seed: int | None = None) -> None:
        self.count = 2
        bot = "normal" if "normal" in self.kinds_offered else self.kinds_offered[-1]
        self.kinds = [HUMAN, *[bot] * (MAX_SEATS - 1)]
        self.names = [i18n.t(f"{self.keys}.seat", n=i + 1) for i in range(MAX_SEATS)]
        self.first = RANDOM_FIRST  # the rulebooks draw the first player
        self.seed_text = "" if seed is None else str(seed)
        self.error = ""
        self.recall(app.settings.last_setup.get(self.game_id))
        super().__init__(app)

    # ------------------------------------------------------------ the game's part

    def kind_label(self, kind: str) -> str:
        raise NotImplementedError

    def switch_text(self) -> str:
        """The game-wide switch's words (it says its state)."""
        raise NotImplementedError

    def flip_switch(self) -> None:
        raise NotImplementedError

    def build_column(self, i: int, y: int) -> None:
        """A game's own widgets of seat ``i``'s row (at ``y``), beside its controller."""

    def read_column(self, i: int) -> None:
        """A game's own widgets of seat ``i`` into its choices."""

    def make_setup(self) -> Any:
        """The setup the choices describe (:class:`SetupRefused` says what is wrong)."""
        raise NotImplementedError

    def make_session(self, setup: Any) -> Any:
        raise NotImplementedError

    def kept_options(self) -> dict[str, Any]:
        """A game's own choices to remember (ids, true/false, small numbers)."""
        return {}

    def recall_options(self, options: dict[str, Any]) -> None:
        """A game's own remembered choices back, each checked (a bad one: the default)."""

    # ------------------------------------------------------------ remembered choices

    def remembered(self) -> dict[str, Any]:
        """The choices as the settings keep them (see Settings.last_setup)."""
        seats = [[self.names[i], self.kinds[i]] for i in range(self.count)]
        return {"seats": seats, "options": {"first": self.first, **self.kept_options()}}

    def remember(self) -> None:
        self.app.store_settings(self.app.settings.with_setup(self.game_id, self.remembered()))

    def recall(self, stored: Any) -> None:
        """The last choices back over the defaults; only what checks out is taken: a
        seat count this screen does not offer drops the whole entry (defaults)."""
        if not isinstance(stored, dict):
            return
        seats = stored.get("seats")
        if not isinstance(seats, list) or len(seats) not in COUNTS:
            return
        self.count = len(seats)
        for i, pair in enumerate(seats):
            name, kind = pair if isinstance(pair, list) and len(pair) == 2 else ("", "")
            if kind in self.kinds_offered:
                self.kinds[i] = kind
            self.names[i] = self._recalled_name(name, i + 1)
        options = stored.get("options")
        options = options if isinstance(options, dict) else {}
        first = options.get("first")
        if (isinstance(first, int) and not isinstance(first, bool)
                and RANDOM_FIRST <= first < self.count):
            self.first = first
        self.recall_options(options)

    def _recalled_name(self, name: Any, n: int) -> str:
        """A remembered name as the field shows it: "Player 2" kept in English opens as
        «Игрок 2» in Russian; one a seat could not be named is the default."""
        default = i18n.t(f"{self.keys}.seat", n=n)
        if not isinstance(name, str):
            return default
        name = name.strip()
        if any(name == i18n.t(f"{self.keys}.seat", lang, n=n) for lang in i18n.LANGUAGES):
            return default
        return name if name_ok(name) and not set(name) & set(NAME_FORBIDDEN) else default

    # ------------------------------------------------------------ the typed seed

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
        ui.get_theme().update_theming({f"{self.choice_id}.#drop_down_options_list": {
            "misc": {"list_item_height": str(max(20, self.px(44)))}}})
        self.count_dd = el.UIDropDownMenu([str(n) for n in COUNTS], str(self.count),
                                          self.rect(470, 190, 200, 56), ui,
                                          object_id=self.choice_id)
        firsts = first_labels(self.count, self.keys)
        self.first = self.first if self.first < self.count else RANDOM_FIRST
        by_value = {v: k for k, v in firsts.items()}
        self.first_dd = el.UIDropDownMenu(list(firsts), by_value[self.first],
                                          self.rect(1270, 190, 560, 56), ui,
                                          object_id=self.choice_id)
        labels: list[str | tuple[str, str]] = [self.kind_label(k) for k in self.kinds_offered]
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_dd: list[pygame_gui.elements.UIDropDownMenu] = []
        for i in range(self.count):
            y = ROW_Y + i * 90
            name = el.UITextEntryLine(self.rect(470, y, 400, 56), ui)
            name.set_text_length_limit(MAX_NAME)
            name.set_forbidden_characters(NAME_FORBIDDEN)
            name.set_text(self.names[i])
            self.name_entries.append(name)
            self.kind_dd.append(el.UIDropDownMenu(labels, self.kind_label(self.kinds[i]),
                                                  self.rect(890, y, self.kind_width, 56), ui,
                                                  object_id=self.choice_id))
            self.build_column(i, y)
        self.switch_button = el.UIButton(self.rect(470, 720, self.switch_width, 56),
                                         self.switch_text(), ui)
        self.seed_entry = el.UITextEntryLine(self.rect(470, 800, 300, 56), ui)
        self.seed_entry.set_text_length_limit(10)
        self.seed_entry.set_text(self.seed_text)
        self.start = el.UIButton(self.rect(1510, 920, 320, 80), i18n.t(f"{self.keys}.start"),
                                 ui, object_id="#primary_button")
        self.back = el.UIButton(self.rect(90, 920, 320, 80), i18n.t(f"{self.keys}.back"), ui)

    def read(self) -> None:
        """The widgets' values into the scene's choices."""
        self.count = int(picked_text(self.count_dd))
        labels = {self.kind_label(k): k for k in self.kinds_offered}
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
            self.kinds[i] = labels.get(picked_text(self.kind_dd[i]), self.kinds[i])
            self.read_column(i)
        self.first = first_labels(MAX_SEATS, self.keys).get(picked_text(self.first_dd),
                                                             self.first)
        self.seed_text = self.seed_entry.get_text()

    # ------------------------------------------------------------ choices

    def toggle(self) -> None:
        self.read()
        self.flip_switch()
        self.switch_button.set_text(self.switch_text())

    def set_count(self, n: int) -> None:
        self.count = n
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.rebuild()

    def set_first(self, seat: int) -> None:
        """``seat`` starts (RANDOM_FIRST: drawn by the seed)."""
        self.first = seat
        self.rebuild()

    def start_game(self) -> None:
        try:
            setup = self.make_setup()
        except SetupRefused as exc:
            self.error = str(exc)
            return
        self.error = ""
        self.remember()
        self.app.replace(routes.make(self.app, self.route, self.make_session(setup)))

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
            elif event.ui_element is self.switch_button:
                self.toggle()
            elif event.ui_element is self.back:
                self.leave()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
              and not close_open_list(self.ui)):  # Esc over an open list folds only it
            self.leave()

    def leave(self) -> None:
        """Back: the choices made so far are kept for the next visit too."""
        self.read()
        self.remember()
        self.app.pop()

    def label(self, surface: pygame.Surface, key: str, x: float, y: float,
              anchor: str = "midright", colour: Any = palette.SOFT, size: int = 26,
              **kw: Any) -> None:
        s = fonts.text(i18n.t(f"{self.keys}.{key}", **kw), self.px(size), colour)
        surface.blit(s, s.get_rect(**{anchor: self.rect(x, y, 0, 0).topleft}))

    def headings(self) -> tuple[tuple[str, int], ...]:
        """The columns' headings over the seats: (key, x)."""
        return (("name", 470), ("controller", 890))

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t(f"{self.keys}.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 150, 0, 0).topleft))
        self.label(surface, "players", 450, 218)
        self.label(surface, "first", 1250, 218)
        for key, x in self.headings():
            self.label(surface, key, x, 300, "midleft", palette.MUTED, 22)
        for i in range(self.count):
            self.label(surface, "seat", 450, 358 + i * 90, n=i + 1)
        self.label(surface, "seed", 450, 828)
        self.label(surface, "seed_hint", 790, 828, "midleft", palette.MUTED, 22)
        if self.error:
            e = fonts.text(self.error, self.px(24), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 880, 0, 0).topleft))
