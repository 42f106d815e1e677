"""Four leftovers of playing the shared table screens in a real window, fixed:

1. Star Realms' rules page had no title, unlike the Arcs and Forbidden Stars references;
2. Star Realms' table drew the hovered hand card raised under the pause menu;
3. the Arcs and Forbidden Stars setups opened on their defaults every time: they now keep
   the last choices (seats, names, who starts, their options) as Star Realms' setup does,
   across reopening the screen and a restart, and a damaged stored value falls back;
4. Forbidden Stars' seat sheet cut a long faction name (Chaos, in Russian) at 1280×720.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.scenes.setup import FsSetupScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import RANDOM_FACTION, FsSession, FsSetup
from game.forbidden_stars.ui.table_layout import CARD, NAME, sheet_title
from game.settings import SCHEMA, Settings, load_settings
from game.star_realms.ui.scenes.overlays import PauseScene, RulesScene
from game.ui import fonts
from game.ui.main import make_app
from game.ui.scenes.menu import MenuScene
from game.ui.setup_choices import RANDOM_FIRST
from tests.scene import Scene
from tests.test_ui_table import table as sr_table
from tests.test_ui_walk import guarded, press_key

SIZES = ((1280, 720), (1920, 1080))


# ------------------------------------------------------------ 1: the rules page's title


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_star_realms_rules_page_has_a_title_clear_of_the_text(make_table_app, monkeypatch,
                                                              size, lang):
    app = make_table_app(size=size, lang=lang)
    scene = app.push(RulesScene(app))
    guarded(app, n=2)
    drawn: list[str] = []
    real = fonts.text

    def spy(text, *a, **k):
        drawn.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(fonts, "text", spy)
    app.screen.fill((0, 0, 0))
    scene.draw_scene(app.screen)
    title = i18n.t("rules.title", lang)
    assert title in drawn and "rules.title" not in title  # before: no title at all
    r = scene.title_rect()
    assert app.screen.get_rect().contains(r)  # whole, in the window
    shown = pygame.transform.average_color(app.screen, r)
    assert max(shown[:3]) > 20  # drawn there: white letters over the veil (else ~0)
    assert r.bottom <= scene.box.rect.top  # above the text, not over it
    assert scene.box.rect.bottom <= scene.close.rect.top  # the text above Close


# ------------------------------------------------------------ 2: hover under the pause menu


def test_star_realms_hand_card_is_not_raised_under_the_pause_menu(big_app, monkeypatch):
    t = sr_table(big_app, Scene(hand=["scout", "viper"]))
    iid = next(s.iid for s in t.sprites.values() if s.zone == "hand")
    lifted: list[int] = []
    real = t.draw_sprite

    def spy(surface, sprite, now, raised: bool = False) -> None:
        if raised:
            lifted.append(sprite.iid)
        real(surface, sprite, now, raised)

    monkeypatch.setattr(t, "card_under", lambda pos: iid)  # the pointer stays on it
    monkeypatch.setattr(t, "draw_sprite", spy)
    t.hover = (iid, big_app.clock_ms)
    big_app.draw(big_app.screen)
    assert lifted == [iid]  # the table alone: the hovered card rises
    big_app.push(PauseScene(big_app, t))
    guarded(big_app)
    lifted.clear()
    big_app.draw(big_app.screen)
    assert t.hover is not None and lifted == []  # before: raised under "Paused"


# ------------------------------------------------------------ 3: remembered setups

GAMES = {"arcs": ArcsSetupScene, "forbidden_stars": FsSetupScene}


def choose(app, cls):
    """Open the game's setup over the menu and make choices unlike its defaults: three
    seats, seat 2 a hard computer, seat 3 a person named «Ольга» who starts, the switch
    flipped and (Forbidden Stars) seat 1 playing Chaos."""
    app.push(MenuScene(app))
    setup = app.push(cls(app, seed=99))
    setup.set_count(3)
    setup.set_kind(1, "hard")
    setup.set_kind(2, "human")
    setup.name_entries[2].set_text("Ольга")
    setup.read()
    setup.set_first(2)
    setup.toggle()
    if cls is FsSetupScene:
        setup.set_faction(0, "chaos")
    return setup


def assert_chosen(setup) -> None:
    assert setup.count == 3 and len(setup.name_entries) == 3
    assert setup.kinds[:3] == ["human", "hard", "human"]
    assert setup.name_entries[2].get_text() == "Ольга"
    assert setup.name_entries[0].get_text() == i18n.t(f"{setup.keys}.seat", n=1)
    assert setup.first == 2
    assert setup.seed_text == ""  # the seed is not kept: a new game each time
    if isinstance(setup, FsSetupScene):
        assert not setup.quick and setup.factions[:3] == ["chaos", RANDOM_FACTION,
                                                          RANDOM_FACTION]
    else:
        assert setup.leaders


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_reopens_on_the_last_choices(make_table_app, game):
    app = make_table_app()
    cls = GAMES[game]
    choose(app, cls)
    press_key(app, pygame.K_ESCAPE)  # leave it
    assert isinstance(app.top, MenuScene)
    again = app.push(cls(app))
    assert_chosen(again)  # before: two seats, the defaults


@pytest.mark.parametrize("game", GAMES)
def test_the_setup_keeps_the_choices_of_a_started_game_across_a_restart(
        tmp_path, monkeypatch, game):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    settings = replace(Settings(), language="en", animation_speed=0.0)
    app = make_app(size=(1280, 720), settings=settings, persist=True)
    cls = GAMES[game]
    setup = choose(app, cls)
    setup.kinds[2] = "normal"  # no hot seat: the table opens on no curtain
    setup.start_game()
    assert setup.error == "" and not isinstance(app.top, cls)
    for scene in app.stack:
        if hasattr(scene, "session"):
            scene.session.close()
    stored = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert stored["schema"] == SCHEMA and stored["last_setup"][game]["seats"][2][0] == "Ольга"
    loaded, problems = load_settings()  # the next start of the game
    assert problems == []
    i18n.set_language("ru")
    try:
        app2 = make_app(size=(1280, 720), settings=replace(loaded, language="ru"),
                        persist=False)
        again = app2.push(cls(app2))
        assert again.kinds[:3] == ["human", "hard", "normal"] and again.first == 2
        assert again.name_entries[2].get_text() == "Ольга"
        # "Player 1" kept in English opens as «Игрок 1» in Russian
        assert again.name_entries[0].get_text() == i18n.t(f"{again.keys}.seat", "ru", n=1)
    finally:
        i18n.set_language("en")


DAMAGED = {  # each stored value this screen cannot use
    "seats": [["", "wizard"], ["Bob\u202e", "normal "], ["   ", "hard"]],
    "options": {"first": 9, "leaders": "yes", "quick": 3,
                "factions": ["nope", "orks", "orks"]},
}


@pytest.mark.parametrize("game", GAMES)
def test_damaged_remembered_values_fall_back_to_the_defaults(tmp_path, monkeypatch, game):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": SCHEMA, "language": "en",
                                "last_setup": {game: DAMAGED}}), encoding="utf-8")
    loaded, _ = load_settings(path)
    assert loaded.last_setup[game] == DAMAGED  # the right shape: the screen checks values
    app = make_app(size=(1280, 720), settings=replace(loaded, animation_speed=0.0),
                   persist=False)
    cls = GAMES[game]
    setup = app.push(cls(app))
    guarded(app)
    assert setup.count == 3  # the count was fine
    assert setup.kinds[:3] == ["human", "normal", "hard"]  # unknown kinds: the defaults
    assert [e.get_text() for e in setup.name_entries] == [
        i18n.t(f"{setup.keys}.seat", n=i + 1) for i in range(3)]  # no name: the default
    assert setup.first == RANDOM_FIRST
    if cls is FsSetupScene:
        assert setup.quick and setup.factions[:3] == [RANDOM_FACTION, "orks", RANDOM_FACTION]
    else:
        assert not setup.leaders


@pytest.mark.parametrize(("bad", "dropped"), [
    ("not a setup", True), ({"seats": "two"}, True),
    ({"seats": [["A", "human"], ["B", "hard"]], "options": {"first": 10**9}}, True),
    ({"seats": [["A", "human"], ["B", "hard"]], "options": ["leaders"]}, True),
    ({"seats": [["A", "human"], ["B", "hard"]], "surprise": 1}, True),
    ({"seats": [["A", "human"]] * 9}, False)])  # the right shape, a count never offered
def test_a_remembered_setup_of_the_wrong_shape_opens_on_the_defaults(tmp_path, monkeypatch,
                                                                     bad, dropped):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": SCHEMA, "last_setup": {"arcs": bad}}),
                    encoding="utf-8")
    loaded, problems = load_settings(path)
    # the settings forget a setup of the wrong shape (and say so); the screen, a count
    # it does not offer
    assert ("arcs" not in loaded.last_setup) == dropped
    assert any("last_setup" in p for p in problems) == dropped
    app = make_app(size=(1280, 720), settings=replace(loaded, language="en"), persist=False)
    setup = app.push(ArcsSetupScene(app))
    assert setup.count == 2 and setup.kinds[:2] == ["human", "normal"] and not setup.leaders
    assert setup.name_entries[0].get_text() == "Player 1"


# ------------------------------------------------------------ 4: a long faction name


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players", [2, 4])
def test_forbidden_stars_sheet_shows_a_long_faction_name_whole(make_table_app, monkeypatch,
                                                              lang, players):
    app = make_table_app(size=(1280, 720), lang=lang)
    names = ("Анастасия", "Boris", "Vera", "Gleb")[:players]
    factions = ("chaos", "space_marines", "eldar", "orks")[:players]
    kinds = ("human",) + ("normal",) * (players - 1)
    session = FsSession(FsSetup(kinds, names, factions, seed=7, first=0), bot_delay=0.0,
                        autosave=False)
    scene = app.push(FsTableScene(app, session))
    app.frame([], 0.0)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = style.label

    def spy(surface, value, size, colour, bold=False, **anchor):
        rect = real(surface, value, size, colour, bold, **anchor)
        drawn.append((value, size, rect))
        return rect

    monkeypatch.setattr(style, "label", spy)
    scene.table_surface = None  # drawn anew (not the picture of the last frame)
    app.draw(app.screen)
    lay, model = scene.lay, scene.model()
    for i, p in enumerate(model["players"]):
        sheet = lay.sheet(i)
        box = pygame.Rect(sheet.x + lay.px(12), sheet.y, lay.title_w, sheet.h)  # its pads
        for text, base in ((p["faction_name"], CARD), (sheet_title(model, p, lang), NAME)):
            hits = [(size, r) for value, size, r in drawn if value == text]
            assert hits, f"{text!r} is cut"  # before: «Космодесант Хаоса (Пожирател…»
            size, rect = hits[0]
            assert size == lay.tpx(base) >= 9  # not shrunk (docs/art.md: 9 px at least)
            assert box.contains(rect), (text, rect, box)
