"""The boss-turn pace setting: saved with the others, migrated from schema 1, checked."""

import json

from game.settings import BOSS_PACES, SCHEMA, Settings, load_settings, save_settings


def test_pace_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(boss_pace="step"), path)
    assert json.loads(path.read_text())["boss_pace"] == "step"
    assert load_settings(path) == (Settings(boss_pace="step"), [])


def test_a_schema_1_file_is_migrated_to_the_old_pace(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "volume": 0.3, "language": "ru"}))
    settings, problems = load_settings(path)
    assert problems == [] and settings.boss_pace == "normal"
    assert settings.volume == 0.3 and settings.language == "ru"
    save_settings(settings, path)
    assert json.loads(path.read_text())["schema"] == SCHEMA >= 2


def test_an_unknown_pace_falls_back_with_a_reason(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": SCHEMA, "boss_pace": "glacial", "volume": 0.2}))
    settings, problems = load_settings(path)
    assert settings.boss_pace == "normal" and settings.volume == 0.2
    assert problems and "boss_pace" in problems[0]
    path.write_text(json.dumps({"schema": SCHEMA, "boss_pace": 3}))
    settings, problems = load_settings(path)
    assert settings.boss_pace == "normal" and "boss_pace must be text" in problems


def test_every_pace_is_valid():
    for pace in BOSS_PACES:
        assert Settings(boss_pace=pace).validated()[1] == []
