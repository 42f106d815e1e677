"""Arcs saves: the round trip, every refusal (one line, only SaveError), the two games
never reading each other's files, pruning and Continue's choice, the replay/view
commands, and a small fuzz over a real save."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.arcs import saves
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine import rules as arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import OVER, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.saves import SCHEMA, SaveError, Seats
from game.cli import main
from game.games import get as get_game
from game.games import save_owner
from game.saves_folder import mark_crashed
from game.star_realms import saves as sr_saves
from game.star_realms.ai import GreedyBot
from game.star_realms.engine import GameConfig as SRConfig
from game.star_realms.engine import SeatConfig
from game.star_realms.engine import new_game as sr_new_game
from game.star_realms.sim import play as sr_play
from tests.scene import DB

RULES = load_arcs_rules()
SEATS3 = Seats(("Anna", "Boris", "Vera"), ("human", "normal", "greedy"))


def played(players: int = 3, seed: int = 4, actions: int | None = 120,
           leaders: bool = False, setup_card: str = "") -> State:
    """A game of normal bots, ``actions`` actions in (None: to the end)."""
    state = new_game(RULES, GameConfig(players, seed, setup_card, leaders))
    bots = [make_player("normal", seed * 10 + i) for i in range(players)]
    while state.step != OVER and (actions is None or len(state.log) < actions):
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    return state


def seats_for(n: int) -> Seats:
    return Seats(("Anna", "Boris", "Vera", "Gleb")[:n], ("human", "normal", "greedy",
                                                          "random")[:n])


def doc_of(state: State, kind: str = "manual") -> dict[str, Any]:
    return json.loads(json.dumps(saves.to_document(state, seats_for(state.n), kind)))


def write(path: Path, doc: Any) -> Path:
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


BASE = played(3, 4, 120, leaders=True)


# ---------------------------------------------------------------------- round trip


@pytest.mark.parametrize("players,leaders,card", [(2, False, ""), (3, True, ""),
                                                   (4, False, "mixed_up_4p")])
def test_a_save_loads_back_to_the_same_game(tmp_path, players, leaders, card):
    cards = [c.id for c in RULES.setup_cards if c.players == players]
    card = card if card in cards else ""
    state = played(players, 9, 150, leaders, card)
    path = saves.save_game(state, seats_for(players), "manual", tmp_path)
    assert path.name.startswith("arcs-manual-") and path.suffix == ".json"
    loaded = saves.load_game(path)
    assert snapshot(loaded.state) == snapshot(state)
    assert loaded.state.log == state.log and loaded.kind == "manual"
    assert loaded.seats == seats_for(players)
    assert loaded.state.config == state.config
    # the game goes on identically after loading
    for s in (state, loaded.state):
        bots = [make_player("random", i) for i in range(players)]
        for _ in range(30):
            if s.step == OVER:
                break
            seat = acting_seat(s)
            apply(s, bots[seat].choose(player_view(s, seat), legal_actions(s)))
    assert snapshot(loaded.state) == snapshot(state)


def test_a_finished_game_round_trips_and_says_it_is_over(tmp_path):
    state = played(2, 6, None)
    path = saves.save_game(state, seats_for(2), "autosave", tmp_path)
    info = saves.list_saves(tmp_path)[0]
    assert info.summary["over"] and not info.unfinished and info.kind == "autosave"
    assert snapshot(saves.load_game(path).state) == snapshot(state)


def test_the_action_kinds_list_is_in_step_with_the_reducer():
    assert set(saves.ACTION_KINDS) == set(arcs_rules._HANDLERS)
    assert len(saves.ACTION_KINDS) == len(set(saves.ACTION_KINDS))


def test_each_game_door_names_its_save_magic():
    assert get_game("arcs").save_magic == saves.MAGIC != sr_saves.MAGIC
    assert get_game("star_realms").save_magic == sr_saves.MAGIC
    assert saves.GAME_ID != sr_saves.GAME_ID


# ---------------------------------------------------------------------- refusals


def refused(doc: Any, tmp_path: Path) -> str:
    with pytest.raises(SaveError) as err:
        saves.load_game(write(tmp_path / "x.json", doc))
    message = str(err.value)
    assert "\n" not in message and message
    return message


def test_an_illegal_action_refuses_the_save_naming_it(tmp_path):
    doc = doc_of(BASE)
    i = next(i for i, a in enumerate(doc["actions"]) if a["kind"] == "lead")
    doc["actions"][i]["card"] = "no_such_card"
    assert refused(doc, tmp_path) == (
        f"action {i + 1} (lead) is not legal when replayed: the save is damaged or was "
        "made with other rules")


def test_an_action_after_the_end_is_refused(tmp_path):
    state = played(2, 6, None)
    doc = doc_of(state)
    doc["actions"].append(doc["actions"][-1])
    assert "after the game was already over" in refused(doc, tmp_path)


def test_the_snapshot_is_compared_only_when_verifying(tmp_path):
    doc = doc_of(BASE)
    doc["snapshot"]["chapter"] = 99
    assert "snapshot does not match" in refused(doc, tmp_path)
    loaded = saves.load_game(tmp_path / "x.json", verify=False)
    assert snapshot(loaded.state) == snapshot(BASE)
    del doc["snapshot"]
    assert "no snapshot" in refused(doc, tmp_path)


@pytest.mark.parametrize("change,words", [
    (lambda d: d["config"].update(players=5), "config.players"),
    (lambda d: d["config"].update(seed=-1), "config.seed"),
    (lambda d: d["config"].update(seed=True), "config.seed"),
    (lambda d: d["config"].update(setup_card="nowhere"), "no setup card"),
    (lambda d: d["config"].update(leaders="yes"), "config.leaders"),
    (lambda d: d["config"]["seats"].pop(), "one seat per player"),
    (lambda d: d["config"]["seats"][1].update(controller="hal"), "unknown controller"),
    (lambda d: d["config"]["seats"][0].update(name="a\x07b"), "no valid name"),
    (lambda d: d["config"]["seats"][0].update(name=" "), "no valid name"),
    (lambda d: d["config"].update(extra=1), "unknown fields"),
    (lambda d: d["actions"][0].update(kind="explode"), "unknown kind"),
    (lambda d: d["actions"][0].update(seat=3), "no valid seat"),
    (lambda d: d["actions"][0].update(index=1.0), "invalid index"),
    (lambda d: d["actions"][0].update(fresh=-2), "invalid fresh"),
    (lambda d: d["actions"][0].update(card=7), "invalid card"),
    (lambda d: d["actions"][0].update(source="x" * 201), "invalid source"),
    (lambda d: d["actions"][0].update(why="x"), "unknown fields"),
    (lambda d: d.update(actions={}), "actions must be a list"),
    (lambda d: d.update(schema=SCHEMA + 1), "newer version"),
    (lambda d: d.update(schema="1"), "schema"),
    (lambda d: d.update(game="chess"), "another game than Arcs"),
    (lambda d: d.update(magic="x", game="chess"), "another game ('chess')"),
    (lambda d: d.update(magic="x"), "not an Arcs save"),
])
def test_every_field_is_checked(tmp_path, change, words):
    doc = doc_of(BASE)
    change(doc)
    assert words in refused(doc, tmp_path)


def test_files_that_are_no_save_at_all(tmp_path):
    assert "not valid JSON" in refused("{", tmp_path)
    assert "not a JSON object" in refused("[1]", tmp_path)
    assert "nested too deeply" in refused("[" * 100 + "]" * 100, tmp_path)
    with pytest.raises(SaveError, match="no such file"):
        saves.load_game(tmp_path / "missing.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="not a regular file"):
        saves.load_game(tmp_path / "dir.json")


# ---------------------------------------------------------------------- two games, one folder


def star_realms_state():
    config = SRConfig(sets=("frontiers",), seed=3, seats=(SeatConfig("P0", "human"),
                                                          SeatConfig("P1", "greedy")))
    return sr_play(sr_new_game(DB, config), [GreedyBot(1), GreedyBot(2)], max_turns=4)


def test_the_games_never_read_each_others_saves(tmp_path):
    arcs_path = saves.save_game(BASE, SEATS3, "autosave", tmp_path)
    sr_path = sr_saves.save_game(star_realms_state(), "autosave", tmp_path)
    # Arcs refuses a Star Realms save by name, and Star Realms an Arcs save
    with pytest.raises(SaveError, match="another game \\('star_realms'\\), not Arcs"):
        saves.load_game(sr_path)
    with pytest.raises(sr_saves.SaveError, match="not a Starfold save"):
        sr_saves.load_game(DB, arcs_path)
    # each game's Continue sees only its own autosave
    assert saves.latest_unfinished_autosave(tmp_path, RULES).path == arcs_path
    assert sr_saves.latest_unfinished_autosave(tmp_path, DB).path == sr_path
    # each game lists only its own files: the other game's save is not shown as damaged
    assert [i.path for i in saves.list_saves(tmp_path, RULES)] == [arcs_path]
    assert [(i.path, i.error) for i in sr_saves.list_saves(tmp_path, DB)] == [(sr_path, "")]
    assert save_owner(arcs_path) == "arcs" and save_owner(sr_path) == "star_realms"
    # a damaged file is nobody's: a game lists it (with its reason) only under its names
    broken = write(tmp_path / "broken.json", "{")
    assert save_owner(broken) is None
    assert [i for i in sr_saves.list_saves(tmp_path, DB) if i.path == broken] == []
    broken.unlink()
    # pruning one game's autosaves (after each of them) leaves the other's alone
    sr_state = star_realms_state()
    for _ in range(6):
        sr_saves.save_game(sr_state, "autosave", tmp_path)
    assert arcs_path.exists() and not sr_path.exists()  # the oldest of six went
    for _ in range(6):
        saves.save_game(BASE, SEATS3, "autosave", tmp_path)
    assert not arcs_path.exists()
    assert len(list(tmp_path.glob("autosave-*.json"))) == 5
    assert len(list(tmp_path.glob(saves.PREFIX + "autosave-*.json"))) == 5


def test_autosaves_and_emergency_saves_are_pruned_to_five(tmp_path):
    for _ in range(7):
        saves.save_game(BASE, SEATS3, "autosave", tmp_path)
        saves.save_game(BASE, SEATS3, "emergency", tmp_path)
        saves.save_game(BASE, SEATS3, "manual", tmp_path)
    names = [p.name for p in tmp_path.iterdir()]
    assert sum(n.startswith("arcs-autosave-") for n in names) == 5
    assert sum(n.startswith("arcs-emergency-") for n in names) == 5
    assert sum(n.startswith("arcs-manual-") for n in names) == 7
    with pytest.raises(ValueError):
        saves.save_game(BASE, SEATS3, "other", tmp_path)


def test_continue_offers_the_newest_unfinished_autosave_only(tmp_path):
    assert saves.latest_unfinished_autosave(tmp_path / "none") is None
    saves.save_game(BASE, SEATS3, "manual", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # manual saves are not
    first = saves.save_game(BASE, SEATS3, "autosave", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path).path == first
    damaged = write(tmp_path / "arcs-autosave-29990101-000000-000.json", "{")
    assert saves.latest_unfinished_autosave(tmp_path).path == first  # damaged: skipped
    damaged.unlink()
    mark_crashed([first.name], tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # no crash loop
    saves.save_game(played(2, 6, None), seats_for(2), "autosave", tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None  # that game ended


# ---------------------------------------------------------------------- commands


def test_replay_and_view_commands_on_an_arcs_save(tmp_path, capsys):
    path = saves.save_game(BASE, SEATS3, "manual", tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: arcs, 3 players, {BASE.setup_card}, chapter ")
    assert out.rstrip().endswith("snapshot verified") and "120 actions" in out
    assert main(["replay", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "arcs" and info["actions"] == 120 and info["verified"] is False
    assert [s["name"] for s in info["seats"]] == list(SEATS3.names)
    assert main(["view", str(path), "--seat", "1", "--json"]) == 0
    model = json.loads(capsys.readouterr().out)
    assert model["seat"] == 1 and model["hand"] == BASE.players[1].hand
    assert main(["view", str(path), "--seat", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("arcs · chapter ") and "viewer seat 2" in text and "Vera" in text
    assert main(["view", str(path), "--seat", "3"]) == 2
    assert capsys.readouterr().err.strip() == "--seat must be 0–2 for 3 seats"


def test_commands_refuse_a_bad_arcs_save_in_one_line(tmp_path, capsys):
    doc = doc_of(BASE)
    doc["snapshot"]["chapter"] = 99
    path = write(tmp_path / "bad.json", doc)
    assert main(["replay", str(path)]) == 0  # not compared without --verify
    assert "snapshot not compared" in capsys.readouterr().out
    for args in (["replay", str(path), "--verify"], ["view", str(path)]):
        with pytest.raises(SystemExit) as exit_:
            main(args)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "snapshot does not match" in err


def test_star_realms_saves_still_replay_and_now_view(tmp_path, capsys):
    path = sr_saves.save_game(star_realms_state(), "manual", tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: duel, turn ")
    assert main(["view", str(path), "--seat", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["viewer"] == 1
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


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
                    {"": None}, "lead", 10**6]


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
        elif how == 2:  # deep nesting somewhere
            doc = copy.deepcopy(base)
            depth = rng.choice((20, 40, 5000))
            set_at(doc, rng.choice(paths), json.loads("[" * min(depth, 900) +
                                                      "]" * min(depth, 900)))
            cases.append(json.dumps(doc).encode() if depth <= 900 else
                         raw[:-1] + b',"deep":' + b"[" * depth + b"]" * depth + b"}")
        else:  # byte flips
            data = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            cases.append(bytes(data))
    return cases


def test_fuzzed_saves_load_or_are_refused_with_save_error(tmp_path):
    base = doc_of(played(3, 11, 60, leaders=True), "autosave")
    rng = random.Random(5)
    outcomes = {"loaded": 0, "refused": 0}
    path = tmp_path / "arcs-autosave-fuzz.json"
    for data in fuzz_cases(rng, base, 240):
        path.write_bytes(data)
        try:
            loaded = saves.load_game(path)
        except SaveError as exc:
            assert "\n" not in str(exc)
            outcomes["refused"] += 1
        else:  # whatever loads replays to its snapshot exactly
            assert snapshot(loaded.state) == json.loads(data)["snapshot"]
            outcomes["loaded"] += 1
        saves.list_saves(tmp_path, RULES)  # the Load screen's listing never raises
    assert outcomes["refused"] > 150 and outcomes["loaded"] > 0, outcomes
