"""The table's card and text size settings: saved, migrated from schema 2, checked."""

import json

from game.settings import SCHEMA, TABLE_SIZES, Settings, load_settings, save_settings


def test_defaults_are_normal():
    s = Settings()
    assert s.card_size == 1.0 == s.text_size and 1.0 in TABLE_SIZES


def test_a_schema_2_file_is_migrated_to_normal_sizes(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 2, "volume": 0.4, "boss_pace": "slow"}))
    settings, problems = load_settings(path)
    assert problems == []
    assert (settings.card_size, settings.text_size) == (1.0, 1.0)
    assert settings.volume == 0.4 and settings.boss_pace == "slow"
    save_settings(settings, path)
    data = json.loads(path.read_text())
    assert data["schema"] == SCHEMA >= 3
    assert data["card_size"] == 1.0 and data["text_size"] == 1.0


def test_a_schema_1_file_goes_through_both_migrations(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "mute": True}))
    settings, problems = load_settings(path)
    assert problems == [] and settings.mute and settings.boss_pace == "normal"
    assert settings.card_size == 1.0 == settings.text_size


def test_sizes_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(card_size=TABLE_SIZES[-1], text_size=TABLE_SIZES[0]), path)
    settings, problems = load_settings(path)
    assert problems == []
    assert (settings.card_size, settings.text_size) == (TABLE_SIZES[-1], TABLE_SIZES[0])


def test_bad_sizes_fall_back_without_crashing(tmp_path):
    path = tmp_path / "settings.json"
    for bad in (7.5, "huge", True, None, -1):
        path.write_text(json.dumps({"schema": SCHEMA, "card_size": bad, "text_size": bad,
                                    "volume": 0.2}))
        settings, problems = load_settings(path)
        assert (settings.card_size, settings.text_size) == (1.0, 1.0), bad
        assert settings.volume == 0.2 and problems, bad
