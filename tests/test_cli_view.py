"""`python -m game view`: a bot game played to a turn, one seat's model printed."""

import json

import pytest

from game.cli import build_parser, main


def view(capsys, *args):
    parsed = build_parser().parse_args(["view", *args])
    code = parsed.func(parsed)
    out, err = capsys.readouterr()
    return code, out, err


def test_duel_json(capsys):
    code, out, err = view(capsys, "--seed", "3", "--turn", "4", "--seat", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["game"], data["format"], data["turn"], data["viewer"]) == (
        "star_realms", "duel", 4, 1)
    assert len(data["seats"]) == 2 and data["seats"][0]["hand"] == []
    assert data["seats"][1]["hand_visible"]


def test_four_seat_ffa(capsys):
    code, out, err = view(capsys, "--format", "ffa", "--players", "4", "--seed", "7",
                          "--turn", "5", "--seat", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "ffa" and data["turn"] == 5 and len(data["seats"]) == 4
    assert all(s["controller"] == "greedy" for s in data["seats"])
    acting = data["acting"]
    assert (data["actions"] != []) == (acting == 1)
    # the readable summary of the same position
    code, out, _ = view(capsys, "--format", "ffa", "--players", "4", "--seed", "7", "--turn",
                        "5", "--seat", "1")
    assert code == 0
    assert out.startswith("ffa · turn 5 · viewer seat 1")
    assert "your hand:" in out and "trade row:" in out


def test_adventure(capsys):
    code, out, err = view(capsys, "--adventure", "defy_the_empire", "--players", "1",
                          "--difficulty", "novice", "--seed", "2", "--turn", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["adventure"] == "defy_the_empire" and data["difficulty"] == "novice"
    assert data["boss"]["seat"] == 1 and data["seats"][1]["role"] == "boss"


@pytest.mark.parametrize("args, message", [
    (["--players", "0"], "--players must be at least 1"),
    (["--players", "3", "--seats", "greedy,greedy"], "not both"),
    (["--turn", "0"], "--turn must be at least 1"),
    (["--seat", "2"], "--seat must be 0–1"),
    (["--format", "nope"], "unknown format"),
    (["--adventure", "nope"], "unknown adventure"),
    (["--seats", "greedy,wizard"], "unknown player"),
    (["--format", "emperor", "--players", "4"], "emperor is for 6 players"),
])
def test_bad_options_exit_2_with_one_line(capsys, args, message):
    code = main(["view", *args])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
