"""Issue 39, items 3, 8 and 11 (the menu heading): Star Realms' setup.

3. A screen has no box limits: Scouts and Vipers are dealt per seat whatever sets are
   chosen, for 2–6 seats in every format (a 4-player free-for-all with the Core Set
   alone was refused: "4 seats need 32 scouts … add another set").  Packs without a box
   (Crisis, United) are still no game alone.  The setup remembers the last choices
   (sets, format, seats) in the settings, each value checked when it is read back.
8. An open drop-down's items are as tall as their text at every window size and UI
   scale (pygame-gui's fixed 20 px cut the text in half at 1920×1080).
11. The menu heading "Star Realms · Frontiers · Colony Wars" breaks between its parts.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pygame_gui
import pytest

from game import i18n
from game.settings import SCHEMA, Settings, load_settings, save_settings
from game.star_realms.engine import FORMATS, GameConfig, SeatConfig, SetupError, new_game
from game.star_realms.ui.scenes.setup import GAME_ID, SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui import fonts
from game.ui.main import make_app
from game.ui.scenes.menu import MenuScene, heading_lines
from tests.scene import DB
from tests.test_ui_table import click, frame

BOXES = ("core", "frontiers", "colony_wars")
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))


def seats(n: int) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(f"P{i + 1}") for i in range(n))


# ---------------------------------------------------------------- 3: no box limits


def test_a_four_player_free_for_all_with_the_core_set_alone_starts():
    """The issue's case: it said "4 seats need 32 scouts but the chosen sets have 16"."""
    state = new_game(DB, GameConfig(sets=("core",), seats=seats(4), format="ffa", seed=1))
    for seat in state.seats:
        ids = [state.cards[i].id for i in seat.deck + seat.hand]
        assert (ids.count("scout"), ids.count("viper")) == (8, 2)


@pytest.mark.parametrize("box", BOXES)
def test_every_format_and_seat_count_starts_with_any_one_box(box):
    built = 0
    for fid, fmt in FORMATS.items():
        for n in range(fmt.min_seats, fmt.max_seats + 1):
            state = new_game(DB, GameConfig(sets=(box,), seats=seats(n), format=fid, seed=n))
            assert len(state.seats) == n
            built += 1
    assert built >= 20  # duel, four 3–6 formats, two Hydras, the Emperor: all of them


@pytest.mark.parametrize("packs", [("crisis",), ("united",), ("crisis", "promos")])
def test_packs_without_a_box_are_still_no_game(packs):
    with pytest.raises(SetupError, match="no box among the sets") as err:
        new_game(DB, GameConfig(sets=packs, seats=seats(2), seed=1))
    assert packs[0] in str(err.value)  # it names the sets chosen


def untick_all_but(setup: SetupScene, keep: tuple[str, ...]) -> None:
    for box, sid in setup.set_boxes.items():
        box.set_state(sid in keep)


def test_the_screen_starts_six_players_with_the_core_set_alone(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    setup.change_format("ffa", 6)
    assert setup.setup.sets == ("core",)  # no expansion ticked behind the player's back
    setup = app.top
    untick_all_but(setup, ("core",))
    setup.check()
    assert setup.error == "" and setup.start.is_enabled
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.session.state.config.sets == ("core",) and len(table.session.state.seats) == 6


# ---------------------------------------------------------------- 3: remembered choices


def start_from_screen(app, fmt: str, n: int, sets: tuple[str, ...], kinds: list[str]):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    setup.change_format(fmt, n)
    setup = app.top
    untick_all_but(setup, sets)
    labels = {k: setup.label_for(k) for k in setup.kinds}
    for dd, kind in zip(setup.ctrl, kinds, strict=True):
        dd.selected_option = (labels[kind], labels[kind])
    setup.names[2].set_text("Ольга")
    setup.check()
    click(app, setup.start.rect.center)
    assert isinstance(app.top, TableScene)


def test_the_setup_opens_on_the_last_games_choices_after_a_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path))
    settings = replace(Settings(), language="en", animation_speed=0.0)
    app = make_app(size=(1280, 720), settings=settings, persist=True)
    kinds = ["human", "easy", "human", "hard"]
    start_from_screen(app, "hunter", 4, ("core", "frontiers"), kinds)
    for scene in app.stack:
        if hasattr(scene, "session"):
            scene.session.close()
    stored = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert stored["schema"] == SCHEMA and stored["last_setup"][GAME_ID]["format"] == "hunter"

    loaded, problems = load_settings()  # the next start of the game
    assert not problems
    again = make_app(size=(1280, 720), settings=replace(loaded, language="ru"), persist=False)
    setup = again.push(SetupScene(again))
    assert setup.setup.format == "hunter" and setup.setup.sets == ("core", "frontiers")
    assert [s.controller for s in setup.setup.seats] == kinds
    names = [s.name for s in setup.setup.seats]
    # the default names speak the language of now; a player's own name stays
    assert names[2] == "Ольга" and names[0] == i18n.t("setup.default_player", "ru")
    assert {sid for b, sid in setup.set_boxes.items() if b.get_state()} == {"core", "frontiers"}
    assert len(setup.ctrl) == 4
    i18n.set_language("en")


BAD = [
    {"format": "nonsense", "sets": ["core"], "seats": [["A", "human"], ["B", "easy"]]},
    {"format": "emperor", "sets": ["core"], "seats": [["A", "human"], ["B", "easy"]]},
    {"format": "duel", "sets": [], "seats": []},
]


@pytest.mark.parametrize("stored", BAD)
def test_a_remembered_setup_this_screen_cannot_play_opens_the_defaults(app, stored):
    app.settings.last_setup = {GAME_ID: stored}
    setup = app.push(SetupScene(app))
    assert setup.setup.format == "duel" and setup.setup.sets == ("core",)
    assert [s.controller for s in setup.setup.seats] == ["human", setup.default_ai]


def test_unknown_sets_and_seat_kinds_fall_back_one_by_one(app):
    app.settings.last_setup = {GAME_ID: {
        "format": "ffa", "sets": ["crisis", "no_such_set"],
        "seats": [["A", "human"], ["\u200b", "godlike"], ["C", "remote"]]}}
    setup = app.push(SetupScene(app))
    assert setup.setup.format == "ffa"
    assert setup.setup.sets == ("core",)  # Crisis alone has no box: the Core Set
    assert [s.controller for s in setup.setup.seats] == ["human", setup.default_ai, "remote"]
    assert setup.setup.seats[1].name == i18n.t("setup.seat_n", n=2)  # no name that shows


@pytest.mark.parametrize("raw", [
    '"x"', "[1]", "null", '{"star_realms": 5}',
    '{"star_realms": {"format": "ffa", "seats": [["A", 7]]}}',
    '{"star_realms": {"format": "ffa", "extra": 1}}',
    '{"star_realms": {"sets": ["' + "x" * 500 + '"]}}'])
def test_a_damaged_remembered_setup_is_forgotten_with_a_reason(tmp_path, raw):
    path = tmp_path / "settings.json"
    path.write_text('{"schema": 5, "volume": 0.5, "last_setup": ' + raw + "}",
                    encoding="utf-8")
    loaded, problems = load_settings(path)
    assert loaded.last_setup == {} and loaded.volume == 0.5
    assert len(problems) == 1 and problems[0].startswith("last_setup")


def test_a_good_game_entry_is_kept_beside_a_damaged_one(tmp_path):
    good = {"format": "duel", "sets": ["core"], "seats": [["A", "human"], ["B", "easy"]]}
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 5, "last_setup": {"star_realms": good,
                                                            "arcs": [1]}}), encoding="utf-8")
    loaded, problems = load_settings(path)
    assert loaded.last_setup == {"star_realms": good} and len(problems) == 1


def test_a_schema_4_settings_file_still_loads_and_is_written_back_as_5(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 4, "volume": 0.3, "auto_ally": True}),
                    encoding="utf-8")
    loaded, problems = load_settings(path)
    assert not problems and loaded.volume == 0.3 and loaded.last_setup == {}
    save_settings(loaded, path)
    assert json.loads(path.read_text(encoding="utf-8"))["schema"] == 5 == SCHEMA


# ---------------------------------------------------------------- 8: drop-down items


def open_items(dd: pygame_gui.elements.UIDropDownMenu) -> list:
    dd.current_state.finish()
    dd.current_state = dd.menu_states["expanded"]
    dd.current_state.start()
    listing = dd.current_state.options_selection_list
    return list(listing.item_list_container.elements)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_every_open_drop_down_item_is_as_tall_as_its_text(tmp_path, monkeypatch, size, lang):
    """Measured before the fix at 1920×1080: items 20 px, text 22/30/45 px at UI scale
    0.75/1/1.5 (cut in half at the default); after: items 27/36/54 px."""
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path))
    checked = 0
    for ui_scale in (0.75, 1.0, 1.5):
        settings = replace(Settings(), language=lang, ui_scale=ui_scale)
        app = make_app(size=size, settings=settings, persist=False)
        setup = app.push(SetupScene(app))
        setup.change_format("ffa", 4)
        setup = app.top
        for dd in [setup.format_dd, setup.count_dd, setup.first, *setup.ctrl]:
            for item in open_items(dd):
                text = item.text if isinstance(item.text, str) else str(item.text)
                need = item.font.get_rect(text).height
                assert item.rect.height >= need, (size, ui_scale, text, item.rect, need)
                checked += 1
            dd.current_state.finish()
            dd.current_state = dd.menu_states["closed"]
            dd.current_state.start()
        pygame.quit()
    assert checked > 50
    i18n.set_language("en")


# ---------------------------------------------------------------- 11: the heading


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_the_menu_heading_breaks_between_its_parts(make_table_app, size, lang):
    app = make_table_app(size=size, lang=lang)
    menu = app.push(MenuScene(app))
    frame(app)
    title = i18n.t("games.star_realms", lang)
    assert any(text == title for text, _, _ in menu.headers)
    lines, size_px = heading_lines(title, menu.px(26), width := menu.px(440))
    assert " · ".join(lines) == title and size_px >= menu.px(26) * 3 // 4
    assert lines[0] == title.split(" · ")[0]  # the game's name alone on the first line
    for line in lines:
        assert not line.endswith("·") and not line.startswith("·")
        assert fonts.font(size_px, True).size(line)[0] <= width
    if lang == "en":
        assert lines == ["Star Realms", "Frontiers · Colony Wars"]


def test_a_short_title_stays_on_one_line():
    pygame.init()
    assert heading_lines("Arcs", 26, 440) == (["Arcs"], 26)

