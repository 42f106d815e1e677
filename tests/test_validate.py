"""The validator kit (game/validate.py) shared by the rules loaders, saves and campaigns."""

import pytest

from game import validate
from game.validate import Errors


def test_need_int_reports_missing_wrong_type_and_range_with_the_field_path():
    e = Errors()
    assert validate.need_int({}, "cost", e, 0, 20, path="card:") == 0
    assert validate.need_int({"cost": "3"}, "cost", e, 1, 20) == 1
    assert validate.need_int({"cost": True}, "cost", e, 0, 20) == 0
    assert validate.need_int({"cost": 99}, "cost", e, 0, 20) == 0
    assert validate.need_int({"cost": 5}, "cost", e, 0, 20) == 5
    assert validate.need_int({}, "copies", e, 1, 30, default=2) == 2
    assert e == ["card:cost: missing required field",
                 "cost: expected a whole number, got str",
                 "cost: expected a whole number, got bool",
                 "cost: 99 is out of range 0..20"]


def test_typed_getters_fall_back_and_record():
    e = Errors()
    assert validate.need_str({"name": "  "}, "name", e) == ""
    assert validate.need_str({"name": " Ann "}, "name", e, strip=True) == "Ann"
    assert validate.need_str({}, "story", e, what="text") == ""
    assert validate.need_bool({"outpost": 1}, "outpost", e) is False
    assert validate.need_choice("x", "type", e, ("ship", "base")) == "ship"
    assert validate.need_list({}, "factions", e, "expected a list") == []
    assert validate.need_table({"a": 1}, "p", e, {"b": True}) == {"a": 1}
    validate.unknown_fields({"id": 1, "oops": 2}, {"id"}, e)
    assert e == ["name: expected a non-empty string",
                 "story: expected a non-empty text",
                 "outpost: expected true or false",
                 "type: unknown value 'x' (expected one of: ship, base)",
                 "factions: expected a list",
                 "p.a: unknown parameter (allowed: b)",
                 "p.b: missing required parameter",
                 "oops: unknown field"]


def test_errors_under_prefixes_file_and_item():
    inner = Errors()
    inner.add("cost", "bad")
    outer = Errors()
    outer.under("rules/frontiers.toml:scout", inner)
    assert outer == ["rules/frontiers.toml:scout:cost: bad"]


def test_need_raises_the_callers_error_and_the_predicates():
    class Boom(Exception):
        pass

    validate.need(True, "fine", Boom)
    with pytest.raises(Boom, match="seat 1 is damaged"):
        validate.need(False, "seat 1 is damaged", Boom)
    assert validate.is_int(3, 0, 3) and not validate.is_int(True, 0, 3)
    assert not validate.is_int(4, 0, 3) and not validate.is_int(3.0, 0, 3)
    assert validate.is_text("Ann", 40) and not validate.is_text("", 40)
    assert validate.is_text("", 40, blank=True) and not validate.is_text("x" * 41, 40)
