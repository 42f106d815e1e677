"""Learn to play Forbidden Stars (issue 38 item 15): the script checked by validate-rules,
the headless check from the menu in both languages, "Not yet" for anything else, and
leaving and resuming at the same step.  The lesson core is game/ui/lesson/, Forbidden
Stars' side game/forbidden_stars/lesson.py and game/forbidden_stars/ui/scenes/lesson.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.commands.tutorial import check_fs
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.game import GAME
from game.forbidden_stars.lesson import FsLessons, check_script, load_script
from game.ui.lesson.check import play_lesson
from game.ui.lesson.runner import replay
from tests.lesson_kit import (
    broken_rules,
    broken_script_said_on_menu,
    check_plays_whole,
    learn_opens_the_lesson,
    leave_and_resume,
    nothing_kept_but_the_step,
    open_from_menu,
    validate_command_fails,
)

ROOT = Path(__file__).resolve().parents[1]
RULES = load_fs_rules()
FILE = "rules/forbidden_stars/lesson.toml"


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    return broken_rules(tmp_path, "forbidden_stars", old, new)


def test_the_script_is_valid_and_rehearses():
    assert check_script(RULES) == []
    lesson = load_script(RULES)[0]
    # every topic of the item has its step: orders placed and stacked, the top order
    # revealed and resolved, Deploy, Dominate, Strategize, an Advance into a combat, the
    # refresh (the storm) and the objectives
    expected = [str(p) for s in lesson.steps for p in s.patterns]
    for wanted in ("place card=advance target=t12a", "place card=dominate target=t10a",
                   "reveal target=t10a", "resolve", "build card=city",
                   "combat card=sm_veteran_scouts", "ground", "move target=t12a.1",
                   "reinforce", "play", "storm"):
        assert wanted in expected
    state, _ = replay(lesson, FsLessons(RULES), len(lesson.steps))
    assert state.round == 2 and state.players[0].objectives == 1  # the round played out


@pytest.mark.parametrize(("old", "new", "line"), [
    ('expect = ["place card=advance target=t12a"]', 'expect = ["place card=advance target=t1b"]',
     f"{FILE}:first_round/place_advance:expect: no legal action matches "
     "'place card=advance target=t1b'"),
    ('target = "area:t12a.1"', 'target = "area:t99a.1"',
     f"{FILE}:first_round/move:target: no area 't99a.1' on the lesson's board"),
    ('expect = ["storm"]', 'expect = ["blow"]',
     f"{FILE}:first_round/storm:expect: unknown action kind 'blow'"),
    ('id = "deploy"\n', 'id = "deploy"\nwait = 3\n',
     f"{FILE}:first_round/deploy:wait: unknown field"),
])
def test_validate_rules_names_the_broken_step(tmp_path, old, new, line):
    rules = _broken(tmp_path, old, new)
    errors = check_script(RULES, rules)
    assert any(e.startswith(line) for e in errors), errors


def test_a_step_without_words_is_reported(tmp_path):
    rules = _broken(tmp_path, 'id = "the_end"', 'id = "the_very_end"')
    assert (f"{FILE}:first_round/the_very_end:words: no ru text "
            "fs_lesson.first_round.the_very_end.text") in check_script(RULES, rules)


def test_validate_rules_command_fails_on_a_broken_fs_lesson(tmp_path, capsys):
    rules = _broken(tmp_path, 'target = "area:t12a.1"', 'target = "area:t99a.1"')
    validate_command_fails(rules, capsys, "first_round/move:target")


def _open_from_menu(app):
    return open_from_menu(app, "forbidden_stars")


def test_learn_to_play_is_among_fs_entries(app):
    learn_opens_the_lesson(app, GAME.menu_entries(), "forbidden_stars", "FsLessonScene")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_not_yet_for_anything_else(app, lang):
    i18n.set_language(lang)
    driver, _, table = _open_from_menu(app)
    play_lesson(driver, table, until="place_advance")
    log = list(table.session.state.log)
    entries = table.entries()
    wrong = next(i for i, e in enumerate(entries) if e["action"]["card"] == "deploy")
    row = next(r for r, i in table.list_rows if i == wrong)
    driver.click(row.center)
    assert table.session.state.log == log and table.runner.step.id == "place_advance"
    do = i18n.t("fs_lesson.first_round.place_advance.do")
    assert table.hint == i18n.t("tutorial.not_yet", what=do)
    assert do.split()[0] in " ".join(table.box.hint)  # shown in the box, in the language
    driver.click(table.expected_row().center)  # the lit row is the one the step wants
    assert table.runner.step.id != "place_advance" and table.hint == ""
    assert table.session.state.log[len(log)].card == "advance"


def test_leave_and_resume_at_the_same_step(app):
    leave_and_resume(app, "forbidden_stars", "first_round", until="strategize")


def test_the_lesson_keeps_no_save_and_no_undo(app, saves_folder):
    nothing_kept_but_the_step(app, saves_folder, "forbidden_stars", until="strategize")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_check_plays_the_whole_lesson(tmp_path, monkeypatch, lang):
    steps = len(load_script(RULES)[0].steps)
    check_plays_whole(check_fs, lang, "first_round", steps, tmp_path, monkeypatch)


def test_a_script_the_engine_cannot_play_is_said_on_the_menu(app, monkeypatch):
    line = f"{FILE}:first_round/place_advance:expect: no legal action matches 'x'"
    broken_script_said_on_menu(app, monkeypatch, FsLessons, "forbidden_stars", line)
