"""Learn to play Arcs (issue 37 item 13): the script checked by validate-rules, the
headless check from the menu in both languages, "Not yet" for anything else, and leaving
and resuming at the same step.  The lesson core is game/ui/lesson/, Arcs' side
game/arcs/lesson.py and game/arcs/ui/scenes/lesson.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import i18n
from game.arcs.data import load_arcs_rules
from game.arcs.game import GAME
from game.arcs.lesson import ArcsLessons, check_script, load_script
from game.commands.tutorial import check_arcs
from game.ui.lesson.check import play_lesson
from game.ui.lesson.progress import load_progress, save_step
from game.ui.lesson.runner import replay
from game.ui.lesson.session import LessonSessionMixin
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
RULES = load_arcs_rules()


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    return broken_rules(tmp_path, "arcs", old, new)


def test_the_script_is_valid_and_rehearses():
    assert check_script(RULES) == []
    lesson = load_script(RULES)[0]
    # every topic of the item has its step (the rulebook's words are in the step texts)
    kinds = {p.kind for s in lesson.steps for p in s.patterns}
    assert {"lead", "declare", "move", "jump", "battle", "tax", "place", "influence",
            "secure", "build", "surpass", "copy", "pivot", "pass_initiative",
            "done"} <= kinds


@pytest.mark.parametrize(("old", "new", "line"), [
    ('expect = ["lead card=aggression_2"]', 'expect = ["lead card=aggression_3"]',
     "rules/arcs/lesson.toml:first_chapter/lead:expect: no legal action matches "
     "'lead card=aggression_3'"),
    ('target = "system:G4"', 'target = "system:G9"',
     "rules/arcs/lesson.toml:first_chapter/move:target: no system 'G9' on the map"),
    ('expect = ["pass_initiative"]', 'expect = ["pass_it_on"]',
     "rules/arcs/lesson.toml:first_chapter/pass:expect: unknown action kind 'pass_it_on'"),
    ('id = "tax"\n', 'id = "tax"\nwait = 3\n',
     "rules/arcs/lesson.toml:first_chapter/tax:wait: unknown field"),
])
def test_validate_rules_names_the_broken_step(tmp_path, old, new, line):
    rules = _broken(tmp_path, old, new)
    assert any(e.startswith(line) for e in check_script(RULES, rules))


def test_a_step_without_words_is_reported(tmp_path):
    rules = _broken(tmp_path, 'id = "the_end"', 'id = "the_very_end"')
    errors = check_script(RULES, rules)
    assert ("rules/arcs/lesson.toml:first_chapter/the_very_end:words: no en text "
            "arcs_lesson.first_chapter.the_very_end.text") in errors


def test_validate_rules_command_fails_on_a_broken_arcs_lesson(tmp_path, capsys):
    rules = _broken(tmp_path, 'target = "system:G4"', 'target = "system:G9"')
    validate_command_fails(rules, capsys, "first_chapter/move:target")


def test_the_same_lesson_plays_the_same_every_time():
    lesson = load_script(RULES)[0]
    ad = ArcsLessons(RULES)
    a, _ = replay(lesson, ad, len(lesson.steps))
    b, _ = replay(lesson, ad, len(lesson.steps))
    assert a.log == b.log and a.chapter == 2  # the first chapter played out and scored


def test_a_damaged_progress_file_reads_as_no_progress(tmp_path):
    path = tmp_path / "lessons-arcs.json"
    path.write_text("{not json", encoding="utf-8")
    assert load_progress("arcs", path) == {}
    path.write_text(json.dumps({"magic": "lesson-progress", "schema": 1,
                                "game": "forbidden_stars", "lessons": {"x": 1}}),
                    encoding="utf-8")
    assert load_progress("arcs", path) == {}  # another game's file
    save_step("arcs", "first_chapter", 7, path)
    assert load_progress("arcs", path) == {"first_chapter": 7}


def _open_from_menu(app):
    return open_from_menu(app, "arcs")


def test_learn_to_play_is_among_arcs_entries(app):
    learn_opens_the_lesson(app, GAME.menu_entries(), "arcs", "ArcsLessonScene")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_not_yet_for_anything_else(app, lang):
    i18n.set_language(lang)
    driver, _, table = _open_from_menu(app)
    play_lesson(driver, table, until="lead")
    log = list(table.session.state.log)
    wrong = next(b for b, a in table.action_buttons.items()
                 if a.kind == "lead" and a.card != "aggression_2")
    driver.click(wrong.rect.center)
    assert table.session.state.log == log and table.runner.step.id == "lead"
    do = i18n.t("arcs_lesson.first_chapter.lead.do")
    assert table.hint == i18n.t("tutorial.not_yet", what=do)
    assert do in " ".join(table.box.hint)  # shown in the box, in the player's language
    # the lit row is the one the step wants, and clicking it goes on
    driver.click(table.expected_row().center)
    assert table.runner.step.id == "declare" and table.hint == ""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_slot_step_places_the_taxed_resource(app, lang):
    """«Когда вы берёте или получаете ресурс, поместите его в свою пустую ячейку ресурса.
    При этом вы можете перераспределить ресурсы в ячейках, но вы должны сбросить те, для
    которых нет места.» (RU p.17)  The taxed Psionic waits for the learner's choice of
    slot; the step says so in the player's language and lights a ``place`` row."""
    i18n.set_language(lang)
    # Opened at the step as a learner who left there would (saved progress): the lesson
    # replays its fixed game to the step, which leave-and-resume below proves is the game
    # clicked through, and the whole click-through is the slow headless check's.  Clicking
    # through to it here took ~30 s a language for no assertion of this test's.
    lesson = load_script(RULES)[0]
    save_step("arcs", lesson.id, [s.id for s in lesson.steps].index("slot"))
    driver, _, table = _open_from_menu(app)
    assert table.runner.step.id == "slot"
    driver.frames(2)  # the rows and the box follow the step, as play_lesson lets them
    state = table.session.state
    assert state.incoming == [(0, "psionic")]  # the choice is the learner's, not made
    before = list(state.players[0].resources)
    assert "ячейк" in i18n.t("arcs_lesson.first_chapter.slot.text", "ru")
    assert "slot" in i18n.t("arcs_lesson.first_chapter.slot.text", "en")
    row = next(b for b, a in table.action_buttons.items() if a.kind == "place")
    assert table.expected_row() == row.rect
    # the row reads the slot by its raid cost, in this language, in words only
    assert i18n.t("arcs.act.place", lang, resource="", keys="").split()[0] in row.text
    driver.click(row.rect.center)
    assert table.runner.step.id == "influence_again" and state.incoming == []
    placed = [i for i, (x, y) in enumerate(zip(before, state.players[0].resources,
                                               strict=True)) if x != y]
    assert len(placed) == 1 and state.players[0].resources[placed[0]] == "psionic"
    assert before[placed[0]] == ""  # into an empty slot: the held ones stay where they were


def test_leave_and_resume_at_the_same_step(app):
    leave_and_resume(app, "arcs", "first_chapter", until="tax")


def test_the_lesson_keeps_no_save_and_no_undo(app, saves_folder):
    session = nothing_kept_but_the_step(app, saves_folder, "arcs", until="tax")
    assert super(LessonSessionMixin, session).can_undo()  # Arcs' own session would undo


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_check_plays_the_whole_lesson(tmp_path, monkeypatch, lang):
    steps = len(load_script(RULES)[0].steps)
    check_plays_whole(check_arcs, lang, "first_chapter", steps, tmp_path, monkeypatch)


def test_a_script_the_engine_cannot_play_is_said_on_the_menu(app, monkeypatch):
    line = ("rules/arcs/lesson.toml:first_chapter/lead:expect: no legal action matches "
            "'lead card=aggression_3'")
    broken_script_said_on_menu(app, monkeypatch, ArcsLessons, "arcs", line)
