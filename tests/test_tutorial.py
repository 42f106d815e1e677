"""Learn to play: the script data, its check, the lessons played through synthetic input
in both languages, the gate on unexpected actions, leaving and resuming, the menu."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pygame
import pytest

from game import i18n
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.setup import SetupError
from game.star_realms.game import GAME
from game.star_realms.tutorial import TutorialError, check_script, load_script, replay
from game.star_realms.tutorial.progress import load_progress, progress_path, save_step
from game.star_realms.ui.tutorial_check import Driver, gesture, play_lesson
from game.ui import routes
from game.ui.scenes.menu import MenuScene
from tests.conftest import ROOT
from tests.scene import DB


def lesson(lid: str):
    return next(x for x in load_script(DB) if x.id == lid)


# ------------------------------------------------------------------ the data


def test_the_script_validates_and_every_lesson_is_listed():
    assert check_script(DB) == []
    assert [x.id for x in load_script(DB)] == ["first_duel", "free_for_all", "boss_turn"]
    assert GAME.check_data() == []


def _broken(tmp_path, old: str, new: str):
    text = (ROOT / "rules" / "tutorial.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "tutorial.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_a_broken_script_names_file_lesson_step_and_field(tmp_path):
    bad = _broken(tmp_path, 'expect = ["buy ram"]', 'expect = ["buy rom"]')
    assert check_script(DB, bad) == [
        "rules/tutorial.toml:first_duel/buy_ram:expect[0]: unknown card 'rom'"]
    bad = _broken(tmp_path, 'target = "row:ram"', 'target = "shelf:ram"')
    assert check_script(DB, bad) == [
        "rules/tutorial.toml:first_duel/buy_ram:target: unknown target 'shelf:ram'"]
    bad = _broken(tmp_path, 'id = "welcome"\ntarget = "my_info"\nnext = true',
                  'id = "welcome"\ntarget = "my_info"\nnext = true\nrival = ["end_turn"]')
    assert check_script(DB, bad) == [
        "rules/tutorial.toml:first_duel/welcome:mode: give exactly one of next, expect, rival"]
    bad = _broken(tmp_path, 'id = "factions"', 'id = "no_words"')
    errors = check_script(DB, bad)
    assert "rules/tutorial.toml:first_duel/no_words:text: no en text " \
           "'tutorial.first_duel.no_words.text' (game/i18n/en/tutorial.toml)" in errors
    with pytest.raises(TutorialError):
        load_script(DB, bad)


def test_the_rehearsal_catches_a_step_the_game_cannot_play(tmp_path):
    # a good pattern, but the Blob Fighter is not in the trade row at that point
    bad = _broken(tmp_path, 'expect = ["buy ram"]', 'expect = ["buy blob_fighter"]')
    assert check_script(DB, bad) == [
        "rules/tutorial.toml:first_duel/buy_ram:expect: no legal action matches "
        "'buy blob_fighter'"]


def test_validate_rules_includes_the_lessons(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    _broken(tmp_path / "rules", 'expect = ["buy ram"]', 'expect = ["buy rom"]')
    env = {**os.environ, "STAR_REALMS_RULES_DIR": str(tmp_path / "rules")}
    done = subprocess.run([sys.executable, "-m", "game", "validate-rules"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "rules/tutorial.toml:first_duel/buy_ram:expect[0]: unknown card 'rom'" in done.stderr


def test_stacked_decks_put_the_named_cards_on_top_and_normal_games_are_unchanged():
    seats = (SeatConfig("A"), SeatConfig("B"))
    plain = GameConfig(sets=("core",), seats=seats, seed=5, first=0)
    a, b = new_game(DB, plain), new_game(DB, plain)
    assert a.trade_row == b.trade_row and a.seats[0].hand == b.seats[0].hand
    stacked = GameConfig(sets=("core",), seats=seats, seed=5, first=0, options=(
        ("stack", {"trade": ["ram", "cutter"], "decks": [["viper", "viper"]]}),))
    st = new_game(DB, stacked)
    assert [st.cards[i].id for i in st.trade_row[:2]] == ["ram", "cutter"]
    assert [st.cards[i].id for i in st.seats[0].hand[:2]] == ["viper", "viper"]
    with pytest.raises(SetupError, match="no 'viper' left"):
        new_game(DB, GameConfig(sets=("core",), seats=seats, seed=5, first=0, options=(
            ("stack", {"decks": [["viper", "viper", "viper"]]}),)))


# ------------------------------------------------------------------ the whole check


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_check_command_plays_every_lesson(tmp_path, lang):
    env = {**os.environ, "STAR_REALMS_CONFIG_DIR": str(tmp_path / "config"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "tutorial", "--check", "--lang", lang],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    for lid in ("first_duel", "free_for_all", "boss_turn"):
        assert f"{lid}: {len(lesson(lid).steps)} steps OK ({lang})" in done.stdout
    assert not (tmp_path / "config" / "tutorial.json").exists()  # progress is scratch


def test_the_check_fails_with_the_step_on_stderr(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    # the step still rehearses, but the box would cover nothing: a target not on screen
    _broken(tmp_path / "rules", 'id = "trade_pool"\ntarget = "trade_pool"',
            'id = "trade_pool"\ntarget = "field:ram"')
    env = {**os.environ, "STAR_REALMS_RULES_DIR": str(tmp_path / "rules"),
           "STAR_REALMS_CONFIG_DIR": str(tmp_path / "config"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "tutorial", "--check", "--lesson",
                           "first_duel"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 1
    assert ("tutorial check failed: first_duel/trade_pool: the target 'field:ram' is not "
            "on the screen") in done.stderr


# ------------------------------------------------------------------ on the table


def open_lesson(app, lid: str, fresh: bool = False):
    table = app.push(routes.make(app, "star_realms.tutorial", lid, fresh))
    Driver(app).frames(3)
    return table


def play_until(driver: Driver, table, step_id: str) -> None:
    """Play the lesson by synthetic input until ``step_id`` is the current step."""
    play_lesson(driver, table, until=step_id)
    assert table.runner.step.id == step_id


def test_an_unexpected_action_gets_the_hint_and_changes_nothing(app):
    table = open_lesson(app, "first_duel", fresh=True)
    driver = Driver(app)
    play_until(driver, table, "buy_ram")
    state = table.session.state
    before = (state.log_len, list(state.seats[0].discard))
    pod = next(s.card.iid for s in table.model.supply.trade_row if s.card.id == "trade_pod")
    from game.star_realms.engine.state import Action

    gesture(driver, table, Action("buy", 0, card=pod))  # the Trade Pod, not the Ram
    assert (state.log_len, list(state.seats[0].discard)) == before
    assert table.runner.step.id == "buy_ram"
    hint = i18n.t("tutorial.not_yet", what=i18n.t("tutorial.first_duel.buy_ram.do"))
    assert hint in [t[0] for t in table.toasts]
    table.undo()  # no undo while a lesson runs
    assert state.log_len == before[0]


def test_show_me_does_the_step(app):
    table = open_lesson(app, "first_duel", fresh=True)
    driver = Driver(app)
    play_until(driver, table, "play_scout")
    driver.click(table.box_buttons["show_me"].rect.center)
    assert table.runner.step.id == "trade_pool"
    assert table.session.state.seats[0].trade == 1


def test_leave_and_resume_continue_at_the_same_step(app):
    table = open_lesson(app, "first_duel", fresh=True)
    driver = Driver(app)
    play_until(driver, table, "buy_explorer")
    at = table.runner.index
    actions = [a.to_json() for a in table.session.state.actions()]
    driver.click(table.box_buttons["leave"].rect.center)
    assert app.top is not table
    assert load_progress()["first_duel"] == at
    doc = json.loads(progress_path().read_text(encoding="utf-8"))
    assert doc["magic"] == "star-realms-tutorial" and doc["schema"] == 1
    again = open_lesson(app, "first_duel")
    assert again.runner.index == at and again.runner.step.id == "buy_explorer"
    assert [a.to_json() for a in again.session.state.actions()] == actions
    state, _ = replay(lesson("first_duel"), DB, at)
    assert state.log_len == again.session.state.log_len
    play_lesson(driver, again)  # and it plays on to the end from there
    assert again.runner.finished and load_progress()["first_duel"] == len(again.lesson.steps)
    restarted = open_lesson(app, "first_duel")  # a finished lesson starts over
    assert restarted.runner.index == 0


def test_a_damaged_progress_file_reads_as_no_progress(tmp_path):
    path = tmp_path / "tutorial.json"
    path.write_text("{not json", encoding="utf-8")
    assert load_progress(path) == {}
    path.write_text(json.dumps({"magic": "other", "schema": 1, "lessons": {"x": 1}}),
                    encoding="utf-8")
    assert load_progress(path) == {}
    save_step("first_duel", 4, path)
    save_step("boss_turn", 2, path)
    assert load_progress(path) == {"first_duel": 4, "boss_turn": 2}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_menu_opens_the_lessons_and_back(app, lang):
    i18n.set_language(lang)
    assert [e.key for e in GAME.menu_entries()][:2] == ["new_game", "learn"]
    assert i18n.t("menu.learn") == {"en": "Learn to play", "ru": "Обучение"}[lang]
    driver = Driver(app)
    menu = app.push(MenuScene(app))
    driver.frames(2)
    driver.click(menu.button_rect("learn").center)
    listing = app.top
    assert type(listing).__name__ == "LessonsScene"
    driver.click(listing.button_of("free_for_all").center)
    assert getattr(app.top, "lesson", None) is not None and app.top.lesson.id == "free_for_all"
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0)])
    assert app.top is listing  # Esc leaves the lesson (its progress saved)
    driver.click(listing.back.rect.center)
    assert app.top is menu
