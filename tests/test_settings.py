"""Settings: defaults, round trip, and bad files that never crash or lose the game."""

import json

from game.settings import SCHEMA, Settings, load_settings, save_settings


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(language="ru", ui_scale=1.25, animation_speed=2.0, volume=0.3, mute=True,
                 auto_apply=False)
    save_settings(s, path)
    loaded, problems = load_settings(path)
    assert loaded == s and problems == []
    assert json.loads(path.read_text())["schema"] == SCHEMA


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "nope.json") == (Settings(), [])


def test_corrupt_file_gives_defaults_and_a_reason(tmp_path):
    path = tmp_path / "settings.json"
    for junk in (b"{not json", b"\xff\xfe\x00", b"[1, 2]", b""):
        path.write_bytes(junk)
        settings, problems = load_settings(path)
        assert settings == Settings() and problems


def test_wrong_types_and_ranges_fall_back_per_field(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "xx", "ui_scale": 99, "volume": "loud",
                                "mute": "yes", "animation_speed": 3.0, "fullscreen": True,
                                "unknown": 1, "window_width": 1e300}))
    s, problems = load_settings(path)
    assert s.language == "" and s.ui_scale == 1.0 and s.volume == 0.7 and s.mute is False
    assert s.animation_speed == 1.0 and s.fullscreen is True
    assert len(problems) >= 5


def test_writes_are_atomic(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(volume=0.1), path)
    save_settings(Settings(volume=0.2), path)
    assert load_settings(path)[0].volume == 0.2
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp files left
