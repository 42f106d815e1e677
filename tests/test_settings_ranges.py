"""Issue 36 item 11: every setting is type- and range-checked, whatever the file holds.

A hand-edited (or damaged) settings.json must never stop the game: a 401-digit number, a
number too large for a float, a string where a number belongs, null, a list — each bad
field falls back to its own default, the others are kept, and the reason is logged."""

from __future__ import annotations

import json
import logging
from dataclasses import fields
from pathlib import Path

import pytest

from game import settings
from game.settings import Settings, load_settings

HUGE = "9" * 401  # int("9" * 401) does not fit a float: float() raises OverflowError
# JSON text (not Python values): written into the file as they stand
BAD_NUMBERS = [HUGE, "-" + HUGE, "1" + "0" * 400, "1e999", "-1e999", "1e-999999", '"1.0"',
               "null", "true", "[]", "{}", '"x"', "0.0000001", "1e308"]
NUMERIC = ("ui_scale", "volume", "card_size", "text_size", "animation_speed",
           "window_width", "window_height")


def write_raw(path: Path, pairs: dict[str, str]) -> Path:
    """A settings file with these fields as raw JSON text (so a 401-digit number or
    1e999 reaches the reader as it is, not as Python rounded it)."""
    body = ", ".join(f'"{k}": {v}' for k, v in pairs.items())
    path.write_text("{" + body + "}", encoding="utf-8")
    return path


def valid(s: Settings) -> bool:
    """Every field of the right type and in its range or among its choices."""
    clean, problems = s.validated()
    return clean == s and not problems


@pytest.mark.parametrize("name", ["ui_scale", "volume", "card_size"])
def test_a_401_digit_number_falls_back_alone(tmp_path, name, caplog):
    """The issue's three fields: the game started with OverflowError before."""
    path = write_raw(tmp_path / "settings.json", {name: HUGE, "mute": "true",
                                                   "window_width": "1600"})
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        loaded, problems = load_settings(path)
    assert getattr(loaded, name) == getattr(Settings(), name)
    assert loaded.mute is True and loaded.window_width == 1600  # the good ones are kept
    assert len(problems) == 1 and problems[0].startswith(name)
    assert len(problems[0]) < 120  # the number is not printed whole
    assert problems[0] in caplog.text  # and it is logged


def test_every_bad_value_in_every_field_falls_back_to_its_default(tmp_path):
    """The fault table: each numeric field × each bad value, and every field × values of
    every wrong type; counts asserted (and printed) so the report can quote them."""
    defaults = Settings()
    cases = refused = kept = 0
    for name in NUMERIC:
        for text in BAD_NUMBERS:
            path = write_raw(tmp_path / "settings.json", {name: text})
            loaded, problems = load_settings(path)
            cases += 1
            assert valid(loaded), (name, text, loaded)
            if problems:
                assert getattr(loaded, name) == getattr(defaults, name), (name, text)
                refused += 1
            else:  # e.g. 1e-999999 is 0.0: a real (if odd) volume, kept as it is
                assert getattr(loaded, name) == float(text), (name, text)
                kept += 1
    wrong = ['"x"', "null", "1.5", "[1]", '{"a": 1}', "true", HUGE, '""']
    for f in fields(Settings):
        for text in wrong:
            path = write_raw(tmp_path / "settings.json", {f.name: text})
            loaded, problems = load_settings(path)
            cases += 1
            assert valid(loaded), (f.name, text, loaded)
            if problems:
                refused += 1
                assert getattr(loaded, f.name) == getattr(defaults, f.name)
            else:
                kept += 1  # e.g. volume 1.5 is out of range, but true for fullscreen is fine
                assert getattr(loaded, f.name) == json.loads(text)
    print(f"\nsettings faults: {cases} cases, {refused} refused with a reason, "
          f"{kept} kept as valid values, 0 bad")
    assert cases == len(NUMERIC) * len(BAD_NUMBERS) + len(fields(Settings)) * len(wrong)
    assert refused >= cases - 20 and kept == cases - refused


def test_a_number_too_large_for_a_float_is_one_bad_field_not_a_bad_file(tmp_path):
    """1e999 used to refuse the whole file ("a number out of range"): every other setting
    was lost with it."""
    path = write_raw(tmp_path / "settings.json", {"volume": "1e999", "language": '"ru"',
                                                   "ui_scale": "1.5"})
    loaded, problems = load_settings(path)
    assert loaded.language == "ru" and loaded.ui_scale == 1.5 and loaded.volume == 0.7
    assert len(problems) == 1 and problems[0].startswith("volume")


def test_decimals_read_as_the_same_floats_as_before(tmp_path):
    path = write_raw(tmp_path / "settings.json", {"volume": "0.7", "ui_scale": "1.1",
                                                   "card_size": "0.85", "text_size": "1.2"})
    loaded, problems = load_settings(path)
    assert not problems
    assert (loaded.volume, loaded.ui_scale, loaded.card_size, loaded.text_size) == \
        (0.7, 1.1, 0.85, 1.2)
    assert all(type(getattr(loaded, n)) is float for n in ("volume", "ui_scale"))


def test_validated_never_raises_on_settings_built_in_code():
    odd = Settings(ui_scale=int(HUGE), volume="loud", window_width=None,  # type: ignore
                   card_size=float("nan"), text_size=[1.0], mute=1)  # type: ignore
    clean, problems = odd.validated()
    assert clean == Settings() and len(problems) == 6


def test_the_game_starts_with_such_a_settings_file(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path))
    write_raw(tmp_path / "settings.json", {n: HUGE for n in NUMERIC})
    from game.ui.main import make_app

    app = make_app(size=(640, 360), persist=False)  # reads that file and starts
    assert app.settings == Settings()
    assert len(app.settings_problems) == len(NUMERIC)
    assert settings.settings_path() == tmp_path / "settings.json"
