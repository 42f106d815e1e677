"""Forbidden Stars' screens around the table, with synthetic events: the setup starts a
game with the chosen seats, levels, factions, seed and board, and refuses bad choices;
Load lists Forbidden Stars saves a page at a time (damaged ones with their reason, not
openable) and opens one; the game-over screen names the winners and each seat's figures;
Continue finds the newest unfinished Forbidden Stars autosave; the crash handler makes a
Forbidden Stars emergency save.  Every screen is drawn in both languages."""

from __future__ import annotations

import os

import pygame
import pytest

from game import games, i18n
from game.forbidden_stars import saves
from game.forbidden_stars.ai.base import LEVELS
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.saves import snapshot
from game.forbidden_stars.ui.scenes.game_over import FsGameOverScene, figures
from game.forbidden_stars.ui.scenes.load import FsLoadScene, describe, faction_short
from game.forbidden_stars.ui.scenes.setup import FsSetupScene, kind_label
from game.forbidden_stars.ui.session import HUMAN, RANDOM_FACTION, FsSession, FsSetup
from game.ui import routes
from game.ui.crash import write_report
from game.ui.save_list import ROWS
from game.ui.scenes.menu import MenuScene
from tests.test_ui_walk import click_at, guarded, no_crash, press_key


@pytest.fixture
def fs_app(app, tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(folder))
    games.all_games.cache_clear()
    yield app
    games.all_games.cache_clear()
    i18n.set_language("en")


@pytest.fixture
def tables(monkeypatch):
    """The table route recorded instead of built: (route, session) per push (the table
    scene is another module's; these tests end where the shell hands over)."""
    pushed: list[tuple[str, FsSession]] = []
    real = routes.make

    def make(app, name, *args, **kwargs):
        if name == "forbidden_stars.table":
            pushed.append((name, args[0]))
            return MenuScene(app)  # a stand-in: any scene
        return real(app, name, *args, **kwargs)

    monkeypatch.setattr(routes, "make", make)
    return pushed


def open_setup(app) -> FsSetupScene:
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("forbidden_stars:new_game").center)
    guarded(app, n=2)
    assert isinstance(app.top, FsSetupScene)
    return app.top


def finished(seed: int = 3, players: int = 3) -> FsSession:
    session = FsSession(FsSetup(("random",) * players, ("Anna", "Boris", "Vera", "Gleb")[
        :players], seed=seed), bot_delay=0, autosave=False)
    while not session.over:
        session.step_bots(1.0)
    return session


def played(n: int = 40, seed: int = 2) -> FsSession:
    session = FsSession(FsSetup((HUMAN, "random"), ("Anna", "Boris"), ("orks", "eldar"),
                                seed=seed), bot_delay=0, autosave=False)
    while len(session.state.log) < n:
        session.step_bots(1.0) or session.choose(session.legal()[0])
    return session


# ---------------------------------------------------------------------- setup


def test_setup_starts_a_game_with_the_chosen_seats_factions_and_seed(fs_app, tmp_path,
                                                                    tables):
    app = fs_app
    scene = open_setup(app)
    scene.set_count(3)
    assert len(scene.kind_dd) == 3 and len(scene.faction_dd) == 3
    scene.set_kind(1, LEVELS[0])
    scene.set_kind(2, LEVELS[-1])
    scene.set_faction(0, "chaos")
    scene.set_faction(2, "eldar")
    scene.name_entries[0].set_text("Anna")
    scene.seed_entry.set_text("4242")
    click_at(app, scene.switch_button.rect.center)
    assert scene.switch_button.text == i18n.t("fs_shell.setup.board_build")
    click_at(app, scene.start.rect.center)
    assert [name for name, _ in tables] == ["forbidden_stars.table"]
    session = tables[0][1]
    assert session.setup.seats == (HUMAN, LEVELS[0], LEVELS[-1])
    assert session.names[0] == "Anna" and session.config.seed == 4242
    factions = [p.faction for p in session.state.players]
    assert factions[0] == "chaos" and factions[2] == "eldar" and len(set(factions)) == 3
    assert not session.config.quick_setup and session.state.step == "setup"
    no_crash(app, tmp_path / "saves")


def test_setup_reads_its_dropdowns_and_refuses_bad_choices(fs_app, tables):
    app = fs_app
    scene = open_setup(app)
    kinds = [kind_label(k) for k in (HUMAN, *LEVELS)]
    assert scene.kind_dd[1].selected_option[0] in kinds
    scene.set_faction(0, "orks")
    scene.set_faction(1, "orks")
    click_at(app, scene.start.rect.center)
    assert tables == [] and "Orks" in scene.error
    scene.set_faction(1, RANDOM_FACTION)
    scene.seed_entry.set_text("-5")
    click_at(app, scene.start.rect.center)
    assert tables == [] and scene.error == i18n.t("fs_shell.setup.bad_seed")
    scene.seed_entry.set_text("")
    scene.name_entries[1].set_text("   ")
    click_at(app, scene.start.rect.center)
    assert tables == [] and scene.error == i18n.t("fs_shell.setup.bad_name", n=2)
    scene.name_entries[1].set_text("Boris")
    click_at(app, scene.start.rect.center)
    session = tables[0][1]
    assert session.state.players[0].faction == "orks" and session.config.quick_setup
    assert session.names == ("Player 1", "Boris")


def test_setup_back_by_button_and_escape(fs_app):
    app = fs_app
    open_setup(app)
    click_at(app, app.top.back.rect.center)
    assert isinstance(app.top, MenuScene)
    click_at(app, app.top.button_rect("forbidden_stars:new_game").center)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1


def test_start_opens_the_real_table(fs_app, tmp_path):
    app = fs_app
    scene = open_setup(app)
    scene.seed_entry.set_text("7")
    click_at(app, scene.start.rect.center)
    guarded(app, n=3)
    assert type(app.top).__name__ == "FsTableScene" and app.top.session.config.seed == 7
    no_crash(app, tmp_path / "saves")


# ---------------------------------------------------------------------- load


def test_load_lists_forbidden_stars_saves_and_opens_one(fs_app, tmp_path, tables):
    app = fs_app
    folder = tmp_path / "saves"
    first = played()
    path = first.save("manual")
    (folder / "forbidden_stars-manual-29990101-000000-000.json").write_text(
        "{", encoding="utf-8")
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("forbidden_stars:load").center)
    scene = app.top
    assert isinstance(scene, FsLoadScene) and len(scene.rows) == 2
    damaged = next(b for b, info in scene.rows.items() if info.error)
    assert not damaged.is_enabled and "not valid JSON" in damaged.text
    good = next(b for b, info in scene.rows.items() if not info.error)
    assert good.text.startswith(i18n.t("fs_shell.saves.kind_manual"))
    assert "Anna (Orks)" in good.text and "Boris (Eldar)" in good.text
    click_at(app, good.rect.center)
    assert [name for name, _ in tables] == ["forbidden_stars.table"]
    opened = tables[0][1]
    assert opened.source == path and snapshot(opened.state) == snapshot(first.state)


def test_load_pages_through_many_saves_and_back(fs_app, tmp_path):
    app = fs_app
    session = played(10)
    for _ in range(ROWS + 2):
        session.save("manual")
    app.push(MenuScene(app))
    app.push(routes.make(app, "forbidden_stars.load"))
    guarded(app, n=2)
    scene = app.top
    assert len(scene.rows) == 1  # one game, at its latest point: the others one click away
    click_at(app, next(iter(scene.toggles)).rect.center)
    assert len(scene.rows) == ROWS and not scene.prev.is_enabled and scene.next.is_enabled
    click_at(app, scene.next.rect.center)
    assert scene.page == 1 and len(scene.rows) == 2 and not scene.next.is_enabled
    click_at(app, scene.prev.rect.center)
    assert scene.page == 0 and len(scene.rows) == ROWS
    click_at(app, scene.back.rect.center)
    assert isinstance(app.top, MenuScene)
    no_crash(app, tmp_path / "saves")


def test_a_save_that_fails_on_opening_says_why_and_stays(fs_app, tmp_path):
    app = fs_app
    path = played().save("manual")
    app.push(MenuScene(app))
    app.push(routes.make(app, "forbidden_stars.load"))
    guarded(app, n=2)
    scene = app.top
    path.write_text(path.read_text(encoding="utf-8").replace('"kind":"place"',
                                                             '"kind":"explode"', 1),
                    encoding="utf-8")
    click_at(app, next(iter(scene.rows)).rect.center)
    assert app.top is scene and "unknown kind" in scene.error


def test_describe_reads_in_both_languages(fs_app, tmp_path):
    played().save("manual")
    rules = load_fs_rules()
    info = saves.list_saves(tmp_path / "saves", rules)[0]
    i18n.set_language("ru")
    text = describe(info, rules)
    assert text.startswith("Сохранение") and "Орки" in text and "раунд" in text
    assert faction_short(rules, "eldar") == "Эльдары"
    i18n.set_language("en")
    assert faction_short(rules, "space_marines") == "Space Marines"
    assert faction_short(rules, "unknown") == "unknown"


# ---------------------------------------------------------------------- game over


def test_game_over_names_the_winners_and_each_seats_figures(fs_app, tmp_path):
    app = fs_app
    session = finished()
    app.push(MenuScene(app))
    app.push(routes.make(app, "forbidden_stars.game_over", session))
    guarded(app, n=2)
    scene = app.top
    assert isinstance(scene, FsGameOverScene)
    winners = session.state.winners
    assert winners and scene.headline() in (
        i18n.t("fs_shell.over.winner", name=session.names[winners[0]]),
        i18n.t("fs_shell.over.winners", names=", ".join(session.names[w] for w in winners)))
    rows = scene.rows()
    assert [r.seat for r in rows][:len(winners)] == sorted(winners, key=lambda w: (
        -session.state.players[w].objectives, w))
    assert all(r.won == (r.seat in winners) for r in rows)
    for r in rows:
        p = session.state.players[r.seat]
        assert (r.objectives, r.materiel) == (p.objectives, p.materiel)
    st = session.state
    assert sum(r.units for r in rows) == sum(st.unit_count(a) for a in st.owner)
    assert sum(r.structures for r in rows) == sum(len(v) for v in st.structures.values())
    assert all(r.worlds > 0 for r in rows if r.structures)  # structures stand on worlds
    click_at(app, scene.new_game.rect.center)
    assert isinstance(app.top, FsSetupScene) and len(app.stack) == 2
    assert session.closed
    no_crash(app, tmp_path / "saves")


def test_game_over_back_to_the_menu_and_no_winner(fs_app):
    app = fs_app
    session = finished(5, 2)
    session.state.winners = []
    app.push(MenuScene(app))
    app.push(routes.make(app, "forbidden_stars.game_over", session))
    guarded(app, n=2)
    assert app.top.headline() == i18n.t("fs_shell.over.no_winner")
    click_at(app, app.top.back.rect.center)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    session = finished(6, 4)
    session.state.winners = [0, 2]
    rows = figures(session.state, session.names, "ru")
    assert [r.won for r in rows[:2]] == [True, True]
    app.push(routes.make(app, "forbidden_stars.game_over", session))
    assert "Anna" in app.top.headline() and "Vera" in app.top.headline()
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


# ---------------------------------------------------------------------- continue, crash


def test_continue_opens_the_newest_unfinished_forbidden_stars_autosave(fs_app, tmp_path,
                                                                       tables):
    app = fs_app
    session = played(30)
    old = session.save("autosave")
    session.step_bots(1.0) or session.choose(session.legal()[0])
    newest = session.save("autosave")
    os.utime(old, (os.path.getmtime(newest) - 10,) * 2)
    finished_path = finished().save("manual")  # a manual save is never Continue
    assert finished_path.exists()
    info = games.get("forbidden_stars").continue_save()
    assert info is not None and info.path == newest
    app.push(MenuScene(app))
    guarded(app, n=2)
    game, found = app.top.continue_save
    assert game.id == "forbidden_stars" and found.path == newest
    click_at(app, app.top.button_rect("continue_game").center)
    opened = tables[-1][1]
    assert opened.source == newest and snapshot(opened.state) == snapshot(session.state)
    # an ended game is not offered, and hides nothing of another game in progress
    over = finished()
    over.save("autosave")
    assert games.get("forbidden_stars").continue_save().path == newest


def test_the_crash_handler_makes_a_forbidden_stars_emergency_save(fs_app, tmp_path):
    app = fs_app
    session = played(30)
    app.push(MenuScene(app))
    app.push(routes.make(app, "forbidden_stars.game_over", session))  # holds the session
    report, saved = write_report(RuntimeError("boom"), app)
    assert report is not None and saved is not None
    assert saved.name.startswith("forbidden_stars-emergency-")
    assert snapshot(saves.load_game(saved).state) == snapshot(session.state)
    assert '"game": "forbidden_stars"' in report.read_text(encoding="utf-8")


# ---------------------------------------------------------------------- drawn in both languages


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_screen_draws_in_both_languages(fs_app, tmp_path, lang):
    app = fs_app
    i18n.set_language(lang)
    app.settings.language = lang
    played().save("manual")
    session = finished()
    surface = pygame.Surface(app.size)
    for route, args in (("forbidden_stars.setup", ()), ("forbidden_stars.load", ()),
                        ("forbidden_stars.game_over", (session,))):
        app.reset_to(MenuScene(app))
        scene = app.push(routes.make(app, route, *args))
        guarded(app, n=2)
        surface.fill((0, 0, 0))
        scene.draw(surface)
        assert pygame.transform.average_color(surface)[:3] != (0, 0, 0)
    setup = FsSetupScene(app)
    app.push(setup)
    setup.set_count(4)
    assert all(i18n.t("fs_shell.setup.seat", n=i + 1) == setup.names[i] for i in range(4))
    assert kind_label(HUMAN) == i18n.t("fs_shell.setup.human")
    no_crash(app, tmp_path / "saves")


def test_the_setup_lists_open_with_rows_tall_enough_to_read(fs_app):
    """The theme's list rows are 20 px whatever the text size: this scene's are taller."""
    app = fs_app
    scene = open_setup(app)
    dd = scene.faction_dd[1]
    click_at(app, dd.rect.center)
    guarded(app, n=3)
    listed = dd.current_state.options_selection_list
    assert listed is not None and listed.rect.height >= 5 * scene.px(40)
