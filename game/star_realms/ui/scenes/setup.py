"""New game: format, number of players, card sets, seats (a person at the table, a person
on a phone, or an AI level), who starts."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.save_files import NAME_FORBIDDEN, seat_name
from game.star_realms.campaign import store
from game.star_realms.campaign.flow import LEGACY_SETS, legacy_options
from game.star_realms.data import load_rules
from game.star_realms.engine import missions
from game.star_realms.engine.formats import FORMATS
from game.star_realms.engine.setup import LEGACY_DECK_SEATS, SetupError
from game.star_realms.ui.seat_kinds import controllers
from game.star_realms.ui.session import HUMAN, PEOPLE, REMOTE, GameSetup, SeatSetup, Session
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.dialogs import close_open_list, picked_text
from game.ui.scene import Scene

SETS = ("core", "frontiers", "colony_wars", "crisis", "united", "promos")
DEFAULT_SETS = ("core",)  # a quick duel: the Core Set, as a new box is played
FORMAT_ORDER = ("duel", "ffa", "hunter", "hunter_first_blood", "hydra2", "hydra3", "emperor",
                "raid")
GAME_ID = "star_realms"  # its entry in the settings' remembered setups
NAME_LENGTH = 18  # a seat's name field


def finished_campaigns() -> list:
    """Campaigns whose top-up is done: their legacy decks may be played in any format."""
    try:
        infos = store.list_campaigns(load_rules())
    except OSError:
        return []
    return [i.campaign for i in infos if i.campaign is not None and i.campaign.finished]


def set_label(sid: str) -> str:
    """A set's tick-box label: its name and how many trade cards it brings."""
    db = load_rules()
    n = sum(c.copies for c in db.set_cards(sid))
    return i18n.t("setup.set_with_count", name=i18n.t(f"set.{sid}"), n=n)


def has_starters(sets: tuple[str, ...]) -> bool:
    """Whether the sets bring Scouts and Vipers (the Crisis packs bring none)."""
    db = load_rules()
    return any(db.sets[sid].scouts for sid in sets)


def seat_counts(fmt: str) -> list[int]:
    f = FORMATS[fmt]
    return list(range(f.min_seats, f.max_seats + 1))


def role_hint(fmt: str, seat: int, n: int) -> str:
    """What a seat is in its format (team, emperor/admiral, boss/raider)."""
    f = FORMATS[fmt]
    if fmt == "emperor":
        team = "AB"[seat // 3]
        role = i18n.t("table.emperor" if seat in (1, 4) else "table.admiral")
        return f"{i18n.t('table.team', team=team)} · {role}"
    if fmt == "raid":
        return i18n.t("table.boss" if seat == 0 else "table.raider")
    if f.team_turns:
        return i18n.t("table.team", team="AB"[seat % 2])
    return ""


def _default_name(name: str, n: int) -> str | None:
    """The current language's word for a default seat name in any language ("Computer"
    remembered in English opens as «Компьютер» in Russian); None for a player's own."""
    for key, params in (("setup.default_player", {}), ("setup.default_ai", {}),
                        ("setup.seat_n", {"n": n})):
        if any(name == i18n.t(key, lang, **params) for lang in i18n.LANGUAGES):
            return i18n.t(key, **params)
    return None


def remembered_setup(stored: Any, kinds: list[str], default_ai: str) -> GameSetup | None:
    """The last setup from the settings, each value checked against this screen's
    choices: an unknown format or seat count gives None (the defaults), unknown sets are
    dropped (none left, or no box: the Core Set), an unknown seat kind becomes the
    default computer, a name that is no name becomes "Player N"."""
    if not isinstance(stored, dict) or stored.get("format") not in FORMAT_ORDER:
        return None
    fmt = stored["format"]
    seats_in = stored.get("seats")
    if not isinstance(seats_in, list) or len(seats_in) not in seat_counts(fmt):
        return None
    sets = tuple(sid for sid in SETS if sid in (stored.get("sets") or ()))
    if not sets or not has_starters(sets):
        sets = DEFAULT_SETS
    seats = []
    for i, pair in enumerate(seats_in):
        name, kind = pair if isinstance(pair, list) and len(pair) == 2 else ("", "")
        name = (seat_name(name) or "").strip()[:NAME_LENGTH]
        name = _default_name(name, i + 1) or name or i18n.t("setup.seat_n", n=i + 1)
        seats.append(SeatSetup(name, kind if kind in kinds else default_ai))
    return GameSetup(sets=sets, seats=seats, format=fmt,
                     first=0 if fmt in ("emperor", "raid") else None)


class SetupScene(Scene):
    def __init__(self, app, setup: GameSetup | None = None):
        # a person may play a seat from a phone (game.remote); a computer never does
        self.kinds = [HUMAN, REMOTE, *(k for k in controllers() if k != HUMAN)]
        self.default_ai = "normal" if "normal" in self.kinds else self.kinds[-1]
        # the last choices (issue 39): sets, format and seats as the last game began
        self.setup = setup or remembered_setup(
            app.settings.last_setup.get(GAME_ID), self.kinds, self.default_ai) or GameSetup(
            sets=DEFAULT_SETS,
            seats=[SeatSetup(i18n.t("setup.default_player"), HUMAN),
                   SeatSetup(i18n.t("setup.default_ai"), self.default_ai)])
        self.neighbour_only = False
        self.missions = False  # United: Missions (three secret missions each)
        self.gambits = False  # the Gambit set (two face-down gambits each)
        self.error = ""
        self.legacy = finished_campaigns()  # campaigns whose legacy deck may be used
        self.deck: str | None = None  # None: the chosen sets; else a campaign id
        self.legacy_decks = False  # the Empire's and the Federation's starting decks
        super().__init__(app)

    def label_for(self, kind: str) -> str:
        if kind in PEOPLE:
            return i18n.t("setup.human" if kind == HUMAN else "remote.controller")
        return i18n.t(f"ai.{kind}")

    # ------------------------------------------------------------ building

    def build(self) -> None:
        ui = self.ui
        el = pygame_gui.elements
        fmt = self.setup.format
        names = [i18n.t(f"format.{f}") for f in FORMAT_ORDER]
        self.format_dd = el.UIDropDownMenu(names, i18n.t(f"format.{fmt}"),
                                           self.rect(300, 230, 520, 56), ui)
        counts = [str(c) for c in seat_counts(fmt)]
        self.count_dd = el.UIDropDownMenu(counts, str(len(self.setup.seats)),
                                          self.rect(300, 360, 200, 56), ui)
        if len(counts) == 1:
            self.count_dd.disable()
        self.set_boxes = {}
        self.deck_dd = None
        self.decks_box = None
        y0, dy = 486, 46  # three boxes above "Who starts" (y 630)
        if self.legacy:
            y0, dy = 498, 42
            labels = list(self.deck_labels())
            current = next(k for k, v in self.deck_labels().items() if v == self.deck)
            self.deck_dd = el.UIDropDownMenu(labels, current, self.rect(300, 436, 520, 52), ui)
        for i, sid in enumerate(SETS):  # three a column: the packs beside the boxes
            x, y = 300 + (i // 3) * 330, y0 + (i % 3) * dy
            box = el.UICheckBox(self.rect(x, y, 36, 36), set_label(sid), ui)
            if sid in self.setup.sets:
                box.set_state(True)
            self.set_boxes[box] = sid
            if self.deck is not None:
                box.hide()
        # United: Missions and the Gambit set, under "Who starts" (the sets fill two
        # columns; the players' column grows down to y 900)
        self.missions_box = el.UICheckBox(self.rect(630, 742, 36, 36),
                                          i18n.t("missions.setup"), ui)
        self.missions_box.set_state(self.missions)
        self.gambits_box = el.UICheckBox(self.rect(300, 742, 36, 36),
                                         i18n.t("gambits.setup"), ui)
        self.gambits_box.set_state(self.gambits)
        if self.deck is not None:
            self.decks_box = el.UICheckBox(self.rect(300, y0, 36, 36),
                                           i18n.t("setup.legacy_decks"), ui)
            self.decks_box.set_state(self.legacy_decks and fmt in LEGACY_DECK_SEATS)
            if fmt not in LEGACY_DECK_SEATS:
                self.decks_box.disable()
        firsts = [i18n.t("setup.random")] + [s.name for s in self.setup.seats]
        current = firsts[0] if self.setup.first is None else firsts[
            min(self.setup.first + 1, len(firsts) - 1)]
        self.first = el.UIDropDownMenu(firsts, current, self.rect(300, 670, 520, 56), ui)
        if fmt in ("emperor", "raid"):
            self.first.disable()  # player 1 (the boss in a Raid) always starts
        self.option_box = None
        if fmt == "emperor":
            self.option_box = el.UICheckBox(self.rect(300, 790, 36, 36),
                                            i18n.t("setup.neighbour_transfer"), ui)
            self.option_box.set_state(self.neighbour_only)
        self.names = []
        self.ctrl = []
        labels = [self.label_for(k) for k in self.kinds]
        for i, seat in enumerate(self.setup.seats):
            y = 230 + i * 92
            name = el.UITextEntryLine(self.rect(960, y, 300, 56), ui)
            name.set_forbidden_characters(NAME_FORBIDDEN)
            name.set_text(seat.name)
            name.set_text_length_limit(NAME_LENGTH)
            self.names.append(name)
            start = self.label_for(seat.controller) if seat.controller in self.kinds else labels[0]
            self.ctrl.append(el.UIDropDownMenu(labels, start, self.rect(1280, y, 300, 56), ui))
        self.start = el.UIButton(self.rect(1280, 900, 300, 80), i18n.t("setup.start"), ui,
                                 object_id="#primary_button")
        self.back = el.UIButton(self.rect(300, 900, 320, 80), i18n.t("setup.back"), ui)
        self.check()

    def deck_labels(self) -> dict[str, str | None]:
        """The trade deck choice: the ticked sets, or a finished campaign's legacy deck."""
        out: dict[str, str | None] = {i18n.t("setup.deck_sets"): None}
        for c in self.legacy:
            label = i18n.t("setup.deck_legacy", name=c.name)
            while label in out:
                label += " ·"
            out[label] = c.id
        return out

    def legacy_campaign(self):
        return next((c for c in self.legacy if c.id == self.deck), None)

    def check(self) -> None:
        """Say (and prevent) what cannot be played: no set, or only packs without a box.
        (Scouts and Vipers come per seat whatever the sets: a screen has no box limits.)"""
        sets = tuple(sid for box, sid in self.set_boxes.items() if box.get_state())
        if self.deck is not None:  # the legacy deck brings its own sets and starters
            self.error = self.missions_problem()
        elif not sets:
            self.error = i18n.t("setup.need_a_set")
        elif not has_starters(sets):
            self.error = i18n.t("setup.need_starters")
        else:
            self.error = self.missions_problem()
        if self.error:
            self.start.disable()
        else:
            self.start.enable()

    def missions_problem(self) -> str:
        """Why the ticked missions cannot be played here ("" when they can or are off):
        at most four players (engine.missions).  (Gambits have no such limit: every
        format of this screen deals two to each of its seats, engine.gambits.)"""
        if not self.missions:
            return ""
        fmt, n = self.setup.format, len(self.setup.seats)
        if missions.check_setup(fmt, fmt not in FORMATS, n, len(load_rules().missions())):
            return i18n.t("missions.too_many_seats")  # (the only one this screen can meet)
        return ""

    # ------------------------------------------------------------ reading

    def read_seats(self) -> list[SeatSetup]:
        labels = {self.label_for(k): k for k in self.kinds}
        seats = []
        for i, (name, dd) in enumerate(zip(self.names, self.ctrl, strict=True)):
            # a name that shows nothing (zero-width characters) is no name either
            text = (seat_name(name.get_text().strip()) or "").strip() or i18n.t(
                "setup.seat_n", n=i + 1)
            seats.append(SeatSetup(text, labels[picked_text(dd)]))
        return seats

    def read(self) -> GameSetup:
        sets = tuple(sid for box, sid in self.set_boxes.items() if box.get_state())
        seats = self.read_seats()
        pick = picked_text(self.first)
        options = [i18n.t("setup.random")] + [s.name for s in self.setup.seats]
        first = None if pick == options[0] or pick not in options else options.index(pick) - 1
        extra: tuple = (("emperor_transfer", "neighbour"),) if self.neighbour_only else ()
        if self.missions:
            extra += (("missions", True),)
        if self.gambits:
            extra += (("gambits", True),)
        legacy = self.legacy_campaign()
        if legacy is not None:
            sets = LEGACY_SETS
            decks = self.legacy_decks and self.setup.format in LEGACY_DECK_SEATS
            extra += legacy_options(legacy, decks)
        return GameSetup(sets=sets, seats=seats, first=first,
                         seed=int(time.time() * 1000) & 0xFFFFFFFF, format=self.setup.format,
                         options=extra)

    def change_format(self, fmt: str, count: int | None = None) -> None:
        seats = self.read_seats()
        counts = seat_counts(fmt)
        n = count if count in counts else (len(seats) if len(seats) in counts else counts[0])
        while len(seats) < n:
            seats.append(SeatSetup(i18n.t("setup.seat_n", n=len(seats) + 1), self.default_ai))
        seats = seats[:n]
        sets = tuple(sid for box, sid in self.set_boxes.items() if box.get_state())
        self.setup = GameSetup(sets=sets or DEFAULT_SETS, seats=seats, format=fmt,
                               first=self.setup.first if fmt not in ("emperor", "raid") else 0)
        self.rebuild()

    # ------------------------------------------------------------ input

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.format_dd:
                names = {i18n.t(f"format.{f}"): f for f in FORMAT_ORDER}
                self.change_format(names[picked_text(self.format_dd)])
            elif event.ui_element is self.count_dd:
                self.change_format(self.setup.format, int(picked_text(self.count_dd)))
            elif event.ui_element is self.deck_dd and self.deck_dd is not None:
                self.deck = self.deck_labels().get(picked_text(self.deck_dd))
                self.change_format(self.setup.format, len(self.setup.seats))
            elif event.ui_element in self.ctrl:
                self.rename_default(self.ctrl.index(event.ui_element))
                self.check()  # (a phone's seat cannot play missions or gambits)
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if event.ui_element is self.option_box:
                self.neighbour_only = self.option_box.get_state()
            elif event.ui_element is self.decks_box and self.decks_box is not None:
                self.legacy_decks = self.decks_box.get_state()
            elif event.ui_element is self.missions_box:
                self.missions = self.missions_box.get_state()
            elif event.ui_element is self.gambits_box:
                self.gambits = self.gambits_box.get_state()
            self.check()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.app.pop()
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
              and not close_open_list(self.ui)):  # Esc over an open list folds only it
            self.app.pop()

    def phones_chosen(self) -> bool:
        """Does some seat play from a phone (the table will show its QR code)?"""
        labels = {self.label_for(k): k for k in self.kinds}
        return any(labels.get(picked_text(dd)) == REMOTE for dd in self.ctrl)

    def rename_default(self, i: int) -> None:
        """A seat switched from a computer to a person drops the default name "Computer"
        (else the hot-seat curtain would say "Pass the screen to Computer")."""
        labels = {self.label_for(k): k for k in self.kinds}
        name = self.names[i]
        computer = {i18n.t("setup.default_ai", lang) for lang in i18n.LANGUAGES}
        person = labels.get(picked_text(self.ctrl[i])) in PEOPLE
        if person and name.get_text().strip() in computer:
            name.set_text(i18n.t("setup.seat_n", n=i + 1))

    def begin(self, setup: GameSetup | None = None) -> None:
        setup = setup or self.read()
        if not setup.sets:
            self.error = i18n.t("setup.need_a_set")
            return
        try:
            session = Session.start(load_rules(), setup)
        except SetupError as exc:
            self.error = str(exc)
            return
        self.remember(setup)
        self.app.replace(routes.make(self.app, "star_realms.table", session))

    def remember(self, setup: GameSetup) -> None:
        """Keep this game's choices for the next setup (the ticked sets, not a legacy
        deck's: the deck choice is made anew each time)."""
        ticked = [sid for box, sid in self.set_boxes.items() if box.get_state()]
        entry = {"format": setup.format, "sets": ticked or list(setup.sets),
                 "seats": [[s.name, s.controller] for s in setup.seats]}
        self.app.store_settings(self.app.settings.with_setup(GAME_ID, entry))

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        white, dim = palette.WHITE, palette.MUTED
        t = fonts.text(i18n.t("setup.title"), self.px(56), white, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 80, 0, 0).topleft))
        for key, y in (("setup.format", 190), ("setup.players", 320), ("setup.sets", 450),
                       ("setup.first", 630), ("setup.seats", 190)):
            if key == "setup.sets" and self.legacy:
                continue  # the trade deck choice stands in its place
            x = 960 if key == "setup.seats" else 300
            s = fonts.text(i18n.t(key), self.px(26), dim, bold=True)
            surface.blit(s, self.rect(x, y, 0, 0).topleft)
        fmt = self.setup.format
        n = len(self.setup.seats)
        for i in range(n):
            hint = role_hint(fmt, i, n)
            if hint:
                h = fonts.text(hint, self.px(17), dim)
                surface.blit(h, self.rect(1600, 248 + i * 92, 0, 0).topleft)
        if self.phones_chosen():
            hint = fonts.text(i18n.t("remote.setup_hint"), self.px(17), dim)
            surface.blit(hint, self.rect(960, 230 + n * 92, 0, 0).topleft)
        about = fonts.text(i18n.t(f"format_about.{fmt}"), self.px(19), dim)
        surface.blit(about, self.rect(300, 850, 0, 0).topleft)
        if self.error:
            e = fonts.text(self.error, self.px(22), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 1000, 0, 0).topleft))
