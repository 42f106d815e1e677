"""Forbidden Stars saves: the round trip (quick setup and a board the players built), every
refusal (one line, only SaveError), the three games never reading each other's files,
pruning and Continue's choice, the replay/view commands, the shared save-file kit, and a
fuzz over real saves (truncated, garbled, wrong-typed)."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import save_files
from game.arcs import saves as arcs_saves
from game.cli import main
from game.forbidden_stars import saves
from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine import rules as fs_rules
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.saves import SaveError, Seats, snapshot
from game.games import get as get_game
from game.games import save_owner
from game.saves_folder import mark_crashed
from game.star_realms import saves as sr_saves

RULES = load_fs_rules()
FACTIONS = ("orks", "eldar", "chaos", "space_marines")


def played(players: int = 3, seed: int = 4, actions: int | None = 120,
           quick: bool = True) -> State:
    """A game of random bots, ``actions`` actions in (None: to the end)."""
    config = GameConfig(players, seed, FACTIONS[:players], quick_setup=quick)
    state = new_game(RULES, config)
    bots = [make_player("random", seed * 10 + i) for i in range(players)]
    while state.step != OVER and (actions is None or len(state.log) < actions):
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    return state


def seats_for(n: int) -> Seats:
    return Seats(("Anna", "Boris", "Vera", "Gleb")[:n], ("human", "random", "random",
                                                          "human")[:n])


def doc_of(state: State, kind: str = "manual") -> dict[str, Any]:
    return json.loads(json.dumps(saves.to_document(state, seats_for(state.n), kind)))


def write(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


BASE = played(3, 4, 120)
SEATS3 = seats_for(3)


# ---------------------------------------------------------------------- round trip


@pytest.mark.parametrize("players,quick", [(2, True), (3, False), (4, True)])
def test_a_save_loads_back_to_the_same_game(tmp_path, players, quick):
    state = played(players, 9, 150, quick)
    path = saves.save_game(state, seats_for(players), "manual", tmp_path)
    assert path.name.startswith("forbidden_stars-manual-") and path.suffix == ".json"
    loaded = saves.load_game(path)
    assert snapshot(loaded.state) == snapshot(state)
    assert loaded.state.log == state.log and loaded.seats == seats_for(players)
    assert loaded.state.config == state.config and loaded.kind == "manual"
    # the replayed game goes on exactly as the original: same legal actions, same views
    assert legal_actions(loaded.state) == legal_actions(state)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["magic"] == saves.MAGIC and doc["game"] == "forbidden_stars"
    assert doc["config"]["factions"] == list(FACTIONS[:players])
    assert doc["config"]["quick_setup"] is quick
    info = saves.list_saves(tmp_path, RULES)[0]
    assert info.error == "" and info.summary["actions"] == len(state.log)
    assert [s["faction"] for s in info.summary["seats"]] == list(FACTIONS[:players])


def test_a_finished_game_round_trips_and_says_it_is_over(tmp_path):
    state = played(2, 6, None)
    assert state.step == OVER and state.winners
    path = saves.save_game(state, seats_for(2), "autosave", tmp_path)
    loaded = saves.load_game(path)
    assert loaded.state.winners == state.winners and loaded.state.step == OVER
    info = saves.list_saves(tmp_path)[0]
    assert info.summary["over"] and info.summary["winners"] == state.winners
    assert not info.unfinished


def test_the_snapshot_digest_sees_a_hidden_change():
    other = BASE.clone()
    other.players[0].combat_deck.reverse()
    assert snapshot(other) != snapshot(BASE) and snapshot(BASE.clone()) == snapshot(BASE)


def test_the_action_kinds_list_is_in_step_with_the_reducer():
    assert set(saves.ACTION_KINDS) == set(fs_rules._HANDLERS)
    assert len(saves.ACTION_KINDS) == len(set(saves.ACTION_KINDS))


def test_each_game_door_names_its_save_magic():
    assert get_game("forbidden_stars").save_magic == saves.MAGIC
    assert len({saves.MAGIC, arcs_saves.MAGIC, sr_saves.MAGIC}) == 3
    assert len({saves.GAME_ID, arcs_saves.GAME_ID, sr_saves.GAME_ID}) == 3


# ---------------------------------------------------------------------- refusals


def refused(doc: Any, tmp_path: Path) -> str:
    with pytest.raises(SaveError) as err:
        saves.load_game(write(tmp_path / "x.json", doc))
    message = str(err.value)
    assert "\n" not in message and message
    return message


def test_an_illegal_action_refuses_the_save_naming_it(tmp_path):
    doc = doc_of(BASE)
    i = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "place")
    doc["actions"][i]["target"] = "no_such_system"
    assert refused(doc, tmp_path) == (
        f"action {i + 1} (place) is not legal when replayed: the save is damaged or was "
        "made with other rules")


def test_an_action_after_the_end_is_refused(tmp_path):
    doc = doc_of(played(2, 6, None))
    doc["actions"].append(doc["actions"][-1])
    assert "after the game was already over" in refused(doc, tmp_path)


def test_the_snapshot_is_compared_only_when_verifying(tmp_path):
    doc = doc_of(BASE)
    doc["snapshot"]["digest"] = "0" * 64
    assert "snapshot does not match" in refused(doc, tmp_path)
    loaded = saves.load_game(tmp_path / "x.json", verify=False)
    assert snapshot(loaded.state) == snapshot(BASE)
    del doc["snapshot"]
    assert "no snapshot" in refused(doc, tmp_path)


@pytest.mark.parametrize("change,words", [
    (lambda d: d["config"].update(players=5), "config.players"),
    (lambda d: d["config"].update(players=1), "config.players"),
    (lambda d: d["config"].update(seed=-1), "config.seed"),
    (lambda d: d["config"].update(seed=True), "config.seed"),
    (lambda d: d["config"].update(factions=["orks", "orks", "eldar"]), "config.factions"),
    (lambda d: d["config"].update(factions=["orks", "eldar"]), "config.factions"),
    (lambda d: d["config"].update(factions=["orks", "eldar", "tau"]), "config.factions"),
    (lambda d: d["config"].update(factions="orks"), "config.factions"),
    (lambda d: d["config"].update(quick_setup="yes"), "config.quick_setup"),
    (lambda d: d["config"]["seats"].pop(), "one seat per player"),
    (lambda d: d["config"]["seats"][1].update(controller="hal"), "unknown controller"),
    (lambda d: d["config"]["seats"][0].update(name="a\x07b"), "no valid name"),
    (lambda d: d["config"]["seats"][0].update(name=" "), "no valid name"),
    (lambda d: d["config"]["seats"][0].update(name="x" * 41), "no valid name"),
    (lambda d: d["config"].update(extra=1), "unknown fields"),
    (lambda d: d.update(config=[]), "config is missing"),
    (lambda d: d["actions"][0].update(kind="explode"), "unknown kind"),
    (lambda d: d["actions"][0].update(seat=3), "no valid seat"),
    (lambda d: d["actions"][0].update(seat="0"), "no valid seat"),
    (lambda d: d["actions"][0].update(card=7), "invalid card"),
    (lambda d: d["actions"][0].update(extra=None), "invalid extra"),
    (lambda d: d["actions"][0].update(source="x" * 201), "invalid source"),
    (lambda d: d["actions"][0].update(why="x"), "unknown fields"),
    (lambda d: d["actions"].__setitem__(0, "place"), "not an object"),
    (lambda d: d.update(actions={}), "actions must be a list"),
    (lambda d: d.update(schema=saves.SCHEMA + 1), "newer version"),
    (lambda d: d.update(schema="1"), "schema"),
    (lambda d: d.update(game="chess"), "another game than Forbidden Stars"),
    (lambda d: d.update(magic="x", game="arcs"), "another game ('arcs')"),
    (lambda d: d.update(magic="x"), "not a Forbidden Stars save"),
])
def test_every_field_is_checked(tmp_path, change, words):
    doc = doc_of(BASE)
    change(doc)
    assert words in refused(doc, tmp_path)


def test_files_that_are_no_save_at_all(tmp_path):
    assert "not valid JSON" in refused("{", tmp_path)
    assert "not a JSON object" in refused("[1]", tmp_path)
    assert "nested too deeply" in refused("[" * 100 + "]" * 100, tmp_path)
    assert "not UTF-8" in refused_bytes(b"\xff\xfe{}", tmp_path)
    with pytest.raises(SaveError, match="no such file"):
        saves.load_game(tmp_path / "missing.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load_game(tmp_path / "dir.json")


def refused_bytes(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "b.json"
    path.write_bytes(data)
    with pytest.raises(SaveError) as err:
        saves.load_game(path)
    return str(err.value)


# ---------------------------------------------------------------------- three games, one folder


def test_the_games_never_read_each_others_saves(tmp_path):
    from tests.test_arcs_saves import BASE as ARCS_BASE
    from tests.test_arcs_saves import SEATS3 as ARCS_SEATS
    from tests.test_arcs_saves import star_realms_state

    fs_path = saves.save_game(BASE, SEATS3, "autosave", tmp_path)
    arcs_path = arcs_saves.save_game(ARCS_BASE, ARCS_SEATS, "autosave", tmp_path)
    sr_path = sr_saves.save_game(star_realms_state(), "autosave", tmp_path)
    assert save_owner(fs_path) == "forbidden_stars"
    assert save_owner(arcs_path) == "arcs" and save_owner(sr_path) == "star_realms"
    with pytest.raises(SaveError, match="another game \\('arcs'\\), not Forbidden Stars"):
        saves.load_game(arcs_path)
    with pytest.raises(SaveError, match="another game \\('star_realms'\\)"):
        saves.load_game(sr_path)
    with pytest.raises(arcs_saves.SaveError, match="another game \\('forbidden_stars'\\)"):
        arcs_saves.load_game(fs_path)
    with pytest.raises(sr_saves.SaveError):
        sr_saves.load_game(__import__("tests.scene", fromlist=["DB"]).DB, fs_path)
    # each game's Continue and Load see only its own files
    assert saves.latest_unfinished_autosave(tmp_path, RULES).path == fs_path
    assert arcs_saves.latest_unfinished_autosave(tmp_path).path == arcs_path
    assert [i.path for i in saves.list_saves(tmp_path, RULES)] == [fs_path]
    assert [i.path for i in arcs_saves.list_saves(tmp_path)] == [arcs_path]
    assert [i.path for i in sr_saves.list_saves(tmp_path)] == [sr_path]
    # pruning one game's autosaves leaves the others alone
    saves.save_game(BASE, SEATS3, "autosave", tmp_path, keep=0)
    assert arcs_path.exists() and sr_path.exists() and not fs_path.exists()


def test_autosaves_and_emergency_saves_are_pruned_to_five(tmp_path):
    for _ in range(7):
        for kind in saves.KINDS:
            saves.save_game(BASE, SEATS3, kind, tmp_path)
    names = [p.name for p in tmp_path.iterdir()]
    assert sum(n.startswith("forbidden_stars-autosave-") for n in names) == 5
    assert sum(n.startswith("forbidden_stars-emergency-") for n in names) == 5
    assert sum(n.startswith("forbidden_stars-manual-") for n in names) == 7
    with pytest.raises(ValueError):
        saves.save_game(BASE, SEATS3, "other", tmp_path)
    # tidy prunes what a killed game left: one too many
    extra = write(tmp_path / "forbidden_stars-autosave-19990101-000000-000.json",
                  doc_of(BASE, "autosave"))
    saves.tidy(tmp_path)
    assert not extra.exists()


def test_continue_offers_the_newest_unfinished_autosave_only(tmp_path):
    assert saves.latest_unfinished_autosave(tmp_path / "none") is None
    saves.save_game(BASE, SEATS3, "manual", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # manual saves are not
    first = saves.save_game(BASE, SEATS3, "autosave", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path).path == first
    damaged = write(tmp_path / "forbidden_stars-autosave-29990101-000000-000.json", "{")
    assert saves.latest_unfinished_autosave(tmp_path).path == first  # damaged: skipped
    damaged.unlink()
    mark_crashed([first.name], tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # no crash loop
    saves.save_game(played(2, 6, None), seats_for(2), "autosave", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # that game ended


def test_the_load_list_shows_damaged_files_with_their_reason(tmp_path):
    good = saves.save_game(BASE, SEATS3, "manual", tmp_path)
    write(tmp_path / "forbidden_stars-manual-19990101-000000-000.json", "{")
    write(tmp_path / "forbidden_stars-manual-19990101-000000-001.json",
          {**doc_of(BASE), "summary": 3})
    bad_config = doc_of(BASE)
    bad_config["config"]["factions"] = ["tau"] * 3
    write(tmp_path / "forbidden_stars-manual-19990101-000000-002.json", bad_config)
    infos = {i.path.name: i for i in saves.list_saves(tmp_path, RULES)}
    assert infos[good.name].error == ""
    # a summary is shown, never needed to load: a file without one loads, so the list
    # does not call it damaged (issue 36 item 17: one verdict for both)
    no_summary = infos.pop("forbidden_stars-manual-19990101-000000-001.json")
    assert no_summary.error == "" and no_summary.summary == saves._safe_summary({})
    errors = sorted(i.error for n, i in infos.items() if n != good.name)
    assert len(errors) == 2 and all(errors) and any("JSON" in e for e in errors)
    assert any("config.factions" in e for e in errors)


# ---------------------------------------------------------------------- commands


def test_replay_and_view_commands_on_a_forbidden_stars_save(tmp_path, capsys):
    path = saves.save_game(BASE, SEATS3, "manual", tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: forbidden_stars, 3 players, round ")
    assert "snapshot verified" in out and "Anna (orks)" in out
    assert main(["replay", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "forbidden_stars" and info["actions"] == len(BASE.log)
    assert main(["view", str(path), "--seat", "1", "--json"]) == 0
    model = json.loads(capsys.readouterr().out)
    assert model["seat"] == 1 and model["round"] == BASE.round
    assert main(["view", str(path), "--seat", "2"]) == 0
    assert capsys.readouterr().out.startswith("forbidden_stars · round ")
    assert main(["view", str(path), "--seat", "5"]) == 2
    assert "--seat must be 0–2" in capsys.readouterr().err


def test_commands_refuse_a_bad_forbidden_stars_save_in_one_line(tmp_path, capsys):
    doc = doc_of(BASE)
    doc["actions"][3]["kind"] = "explode"
    path = write(tmp_path / "bad.json", doc)
    for command in (["replay", str(path)], ["view", str(path)]):
        with pytest.raises(SystemExit) as code:
            main(command)
        assert code.value.code == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "unknown kind" in err


# ---------------------------------------------------------------------- the shared kit


def test_the_save_file_kit_names_the_game_in_its_refusals(tmp_path):
    class Oops(Exception):
        pass

    fmt = save_files.SaveFormat("m-save", "ugame", "Umbrella", 1, 1000, Oops, "u-")
    doc = {"magic": "m-save", "schema": 1, "game": "ugame", "summary": {"over": False},
           "kind": "autosave"}
    path = save_files.save_document(fmt, doc, "autosave", tmp_path)
    assert path.name.startswith("u-autosave-")
    assert save_files.read_document(fmt, path) == doc
    with pytest.raises(Oops, match="not an Umbrella save"):
        save_files.parse_document(fmt, b'{"magic": "x"}')
    with pytest.raises(Oops, match="larger than"):
        save_files.parse_document(fmt, b" " * 1001)
    info = save_files.read_info(fmt, path, dict)
    assert info.kind == "autosave" and info.unfinished
    found = save_files.latest_unfinished(fmt, lambda p: save_files.read_info(fmt, p, dict),
                                         tmp_path)
    assert found is not None and found.path == path
    assert save_files.list_saves(fmt, lambda p: save_files.read_info(fmt, p, dict),
                                 tmp_path / "nowhere") == []


# ---------------------------------------------------------------------- fuzz


def paths_of(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:3]):  # a few items of each list
            out += paths_of(v, (*prefix, i))
    return out


def set_at(doc: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


SWAPS: list[Any] = [None, True, 0, -1, 2**64, 1.5, "", "x" * 300, [], {}, [None],
                    {"": None}, "place", "orks", 10**6]


def fuzz_cases(rng: random.Random, base: dict[str, Any], n: int) -> list[bytes]:
    raw = json.dumps(base).encode()
    paths = [p for p in paths_of(base) if p]
    cases = []
    for i in range(n):
        how = i % 4
        if how == 0:  # truncated
            cases.append(raw[:rng.randrange(len(raw))])
        elif how == 1:  # a field swapped for a value of another type
            doc = copy.deepcopy(base)
            set_at(doc, rng.choice(paths), rng.choice(SWAPS))
            cases.append(json.dumps(doc).encode())
        elif how == 2:  # a field removed
            doc = copy.deepcopy(base)
            path = rng.choice(paths)
            holder = doc
            for key in path[:-1]:
                holder = holder[key]
            if isinstance(holder, dict):
                del holder[path[-1]]
            else:
                holder.pop(path[-1])
            cases.append(json.dumps(doc).encode())
        else:  # garbled bytes
            data = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            cases.append(bytes(data))
    return cases


FUZZ_CASES = 240


def test_fuzzed_saves_load_or_are_refused_with_save_error(tmp_path):
    base = doc_of(played(3, 11, 60), "autosave")
    rng = random.Random(5)
    outcomes = {"loaded": 0, "refused": 0}
    path = tmp_path / "forbidden_stars-autosave-fuzz.json"
    for data in fuzz_cases(rng, base, FUZZ_CASES):
        path.write_bytes(data)
        try:
            loaded = saves.load_game(path, rules=RULES)
        except SaveError as exc:
            assert "\n" not in str(exc)
            outcomes["refused"] += 1
        else:  # whatever loads replays to its snapshot exactly
            assert snapshot(loaded.state) == json.loads(data)["snapshot"]
            outcomes["loaded"] += 1
        listed = saves.list_saves(tmp_path, RULES)  # the Load list never raises
        assert len(listed) == 1
        saves.latest_unfinished_autosave(tmp_path, RULES)  # nor does Continue
    assert outcomes["refused"] > 150 and outcomes["loaded"] > 0, outcomes


def test_the_save_file_kit_is_shell_code():
    """game.save_files loads no game package and no pygame (the import-linter contract
    covers the games; this covers pygame too)."""
    code = ("import sys, game.save_files; print(sorted(m for m in sys.modules if "
            "m.startswith(('pygame', 'game.star_realms', 'game.arcs', "
            "'game.forbidden_stars'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent, check=True)
    assert out.stdout.strip() == "[]"


def test_a_save_verifies_in_another_process_with_other_string_hashes(tmp_path):
    """The snapshot digest does not depend on set or dict order (hash randomisation)."""
    path = saves.save_game(BASE, SEATS3, "manual", tmp_path)
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"],
                         capture_output=True, text=True, env=env,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0 and "snapshot verified" in out.stdout, out.stderr


def test_the_saves_command_lists_every_games_saves(tmp_path, monkeypatch, capsys):
    """`python -m game saves --json` shows the whole folder: each game's saves, named by
    game, with the round (Forbidden Stars) or turn where a save has one."""
    from tests.test_arcs_saves import BASE as ARCS_BASE
    from tests.test_arcs_saves import SEATS3 as ARCS_SEATS
    from tests.test_arcs_saves import star_realms_state

    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    fs_path = saves.save_game(BASE, SEATS3, "manual", tmp_path)
    arcs_path = arcs_saves.save_game(ARCS_BASE, ARCS_SEATS, "manual", tmp_path)
    sr_path = sr_saves.save_game(star_realms_state(), "manual", tmp_path)
    assert main(["saves", "--json"]) == 0
    rows = {r["file"]: r for r in json.loads(capsys.readouterr().out)["saves"]}
    assert {r["game"] for r in rows.values()} == {"star_realms", "arcs", "forbidden_stars"}
    assert rows[fs_path.name]["turn"] == BASE.round and rows[fs_path.name]["error"] == ""
    assert rows[fs_path.name]["seats"] == list(SEATS3.names)
    assert rows[arcs_path.name]["game"] == "arcs" and rows[sr_path.name]["game"] == "star_realms"
