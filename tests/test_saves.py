"""Saves: exact round trips, hostile files refused with a reason, atomic writes, undo."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.star_realms import saves
from game.star_realms.ai import RandomBot
from game.star_realms.engine import GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.events import Move
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.engine.undo import can_undo, undo
from game.star_realms.saves import SaveError, load_document, parse_document, to_document
from tests.scene import DB

ROOT = Path(__file__).resolve().parent.parent


def random_game(seed: int, steps: int, sets=("frontiers", "colony_wars")):
    state = new_game(DB, GameConfig(sets=sets, seed=seed, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "hard"))))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(steps):
        if state.is_over:
            break
        seat = acting_seat(state)
        apply(state, bots[seat].choose(state, legal_actions(state)))
    return state


def roundtrip(state, **kw):
    doc = json.loads(json.dumps(to_document(state)))
    return load_document(DB, doc, **kw)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), steps=st.integers(0, 400))
def test_save_then_load_is_identity(seed, steps):
    state = random_game(seed, steps)
    for kw in ({}, {"verify": False}):
        loaded = roundtrip(state, **kw)
        assert snapshot(loaded) == snapshot(state)
        assert loaded.actions() == state.actions()
        assert [s.controller for s in loaded.config.seats] == ["human", "hard"]


def test_a_loaded_game_goes_on_exactly_like_the_original():
    state = random_game(3, 120)
    loaded = roundtrip(state)
    for a, b in ((state, RandomBot(9)), (loaded, RandomBot(9))):
        for _ in range(200):
            if a.is_over:
                break
            apply(a, b.choose(a, legal_actions(a)))
    assert snapshot(state) == snapshot(loaded)


# ------------------------------------------------------------------ hostile input

GOOD = json.dumps(to_document(random_game(11, 150))).encode()


def expect_save_error(data: bytes) -> None:
    try:
        load_document(DB, parse_document(data))
    except SaveError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_saves_raise_only_save_error(data):
    blob = bytearray(GOOD)
    kind = data.draw(st.sampled_from(["flip", "truncate", "delete", "swap"]))
    if kind == "flip":
        for _ in range(data.draw(st.integers(1, 8))):
            i = data.draw(st.integers(0, len(blob) - 1))
            blob[i] ^= 1 << data.draw(st.integers(0, 7))
        expect_save_error(bytes(blob))
    elif kind == "truncate":
        expect_save_error(bytes(blob[:data.draw(st.integers(0, len(blob) - 1))]))
    else:
        doc = json.loads(GOOD)
        node = doc
        path = []
        while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                            else list(range(len(node)))))
            path.append(key)
            node = node[key]
        if not path:
            return
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if kind == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(st.sampled_from(
                [None, True, -1, 10**30, 1.5, "x", [], {}, [[[]]], "\u202e"]))
        expect_save_error(json.dumps(doc).encode())


@pytest.mark.parametrize("data,reason", [
    (b"", "not valid JSON"),
    (b"\xff\xfe garbage", "not UTF-8"),
    (b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    (b'{"magic": "star-realms-table-save", "schema": 99}', "newer version"),
    (b'{"magic": "star-realms-table-save", "schema": 0}', "cannot be read by this version"),
    (b'{"magic": "something-else", "schema": 1}', "not a Starfold save"),
    (b'{"magic": "star-realms-table-save", "schema": 1, "config": {"seed": 1e999}}',
     "number out of range"),
    (b'{"magic": "star-realms-table-save", "schema": 1, "seed": ' + b"9" * 5000 + b"}",
     "not valid JSON"),
])
def test_specific_hostile_files(data, reason):
    with pytest.raises(SaveError, match=reason):
        load_document(DB, parse_document(data))


def test_unknown_cards_and_illegal_actions_are_refused():
    doc = json.loads(GOOD)
    doc["config"]["sets"] = ["frontiers", "nonesuch"]
    with pytest.raises(SaveError, match="unknown card set"):
        load_document(DB, doc)
    doc = json.loads(GOOD)
    doc["actions"][5] = {"kind": "buy", "seat": 0, "card": 5000}
    with pytest.raises(SaveError, match="not legal"):
        load_document(DB, doc)
    doc = json.loads(GOOD)
    doc["snapshot"]["cards"][0] = "death_star"
    with pytest.raises(SaveError, match="does not match"):
        load_document(DB, doc)


def test_an_older_schema_is_migrated(monkeypatch):
    doc = json.loads(GOOD)
    doc["schema"] = 0
    doc["game_config"] = doc.pop("config")  # pretend schema 0 called it that

    def zero_to_one(d):
        d["config"] = d.pop("game_config")
        return d

    monkeypatch.setitem(saves.MIGRATIONS, 0, zero_to_one)
    state = load_document(DB, parse_document(json.dumps(doc).encode()))
    assert state.log_len == len(doc["actions"])


def test_saves_never_execute_anything():
    source = (ROOT / "game" / "star_realms" / "saves.py").read_text() + \
        (ROOT / "game" / "settings.py").read_text()
    for banned in ("pickle", "eval(", "exec(", "yaml", "marshal"):
        assert banned not in source


# ------------------------------------------------------------------ files


def test_autosaves_rotate_and_resume(tmp_path):
    state = random_game(5, 60)
    for _ in range(7):
        saves.autosave(state, tmp_path, keep=5)
        time.sleep(0.002)
    assert len(list(tmp_path.glob("autosave-*.json"))) == 5
    latest = saves.latest_unfinished_autosave(tmp_path)
    assert latest is not None and latest.kind == "autosave"
    assert snapshot(saves.load_game(DB, latest.path)) == snapshot(state)


def test_an_ended_game_is_not_offered_to_continue(tmp_path):
    state = random_game(5, 60)
    saves.autosave(state, tmp_path)
    time.sleep(0.01)
    ended = random_game(5, 100_000)
    assert ended.is_over
    saves.autosave(ended, tmp_path)
    assert saves.latest_unfinished_autosave(tmp_path) is None


def test_list_shows_damaged_saves_with_a_reason(tmp_path):
    saves.save_game(random_game(1, 30), folder=tmp_path)
    (tmp_path / "manual-19990101-000000-000.json").write_text("{oops")
    (tmp_path / "broken.json").write_text("{oops")  # not named as a save: not a save
    infos = saves.list_saves(tmp_path)
    assert len(infos) == 2
    broken = next(i for i in infos if i.path.name.startswith("manual-1999"))
    good = next(i for i in infos if not i.path.name.startswith("manual-1999"))
    assert broken.error and not good.error
    assert good.summary["seats"][0]["name"] == "Ann" and good.summary["format"] == "duel"


def test_saves_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    assert saves.saves_dir() == tmp_path
    monkeypatch.delenv("STAR_REALMS_SAVES_DIR")
    assert saves.saves_dir() == ROOT / "saves"  # a source checkout keeps them beside the game


KILLER = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
from game import settings
from game.star_realms import saves
from tests.test_saves import random_game
real_replace = os.replace
def stuck(src, dst):
    print("WRITTEN", flush=True)  # data written and fsynced, not yet renamed
    time.sleep(60)
settings.os.replace = stuck
saves.write_save(random_game(2, 300), __import__("pathlib").Path(sys.argv[2]), "autosave")
"""


def test_kill_during_autosave_leaves_the_previous_save(tmp_path):
    path = tmp_path / "autosave-1.json"
    first = random_game(1, 80)
    saves.write_save(first, path, "autosave")
    proc = subprocess.Popen([sys.executable, "-c", KILLER, str(ROOT), str(path)],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout.readline().strip() == "WRITTEN"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert snapshot(saves.load_game(DB, path)) == snapshot(first)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers  # the half-done write is there, but never read as a save
    assert [i.path.name for i in saves.list_saves(tmp_path)] == ["autosave-1.json"]


# ------------------------------------------------------------------ undo


def test_undo_is_exact_and_stops_at_reveals():
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=4, first=0))
    me = state.seats[0]
    before = snapshot(state)
    apply(state, legal_actions(state)[0])  # play a card: nothing revealed
    assert can_undo(state)
    assert snapshot(undo(state)) == before
    for _ in list(me.hand):
        if state.pending is None:
            apply(state, next(x for x in legal_actions(state) if x.kind == "play"))
    explorer = next(a for a in legal_actions(state) if a.kind == "buy" and a.card in
                    state.explorers)
    mid = snapshot(state)
    apply(state, explorer)  # from the face-up Explorer pile: nothing revealed
    assert can_undo(state) and snapshot(undo(state)) == mid
    state = undo(state)
    row = next(a for a in legal_actions(state) if a.kind == "buy" and a.card in
               state.trade_row)
    apply(state, row)  # the row refills from the trade deck: a reveal
    assert not can_undo(state)
    apply(state, next(x for x in legal_actions(state) if x.kind == "end_turn"))
    assert not can_undo(state)  # a new turn: no way back
    with pytest.raises(ValueError):
        undo(state)


def test_undo_is_greyed_after_a_draw():
    for seed in range(40):
        state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seed=seed, first=0))
        bot = RandomBot(seed)
        while not state.is_over and state.turn < 12:
            before = state.undo_barrier
            apply(state, bot.choose(state, legal_actions(state)))
            drew = any(isinstance(e, Move) and e.src.name == "deck" and e.dst.name == "hand"
                       for e in state.events)
            if drew:
                assert state.undo_barrier > before and not can_undo(state)


# ------------------------------------------------------------------ command line


def run(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_simulate_save_and_replay_verify(tmp_path):
    out = tmp_path / "s.json"
    res = run("simulate", "--games", "1", "--seed", "7", "--stop-at-turn", "6", "--save",
              str(out), "--seats", "greedy,random")
    assert res.returncode == 0, res.stderr
    ok = run("replay", str(out), "--verify", "--json")
    assert ok.returncode == 0, ok.stderr
    info = json.loads(ok.stdout)
    assert info["turn"] == 6 and info["verified"] is True
    doc = json.loads(out.read_text())
    doc["snapshot"]["life"][0] += 1  # tampered
    out.write_text(json.dumps(doc))
    bad = run("replay", str(out), "--verify")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    missing = run("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    (tmp_path / "file").write_text("")
    unwritable = run("simulate", "--games", "1", "--save", str(tmp_path / "file" / "x.json"))
    assert unwritable.returncode == 2 and "Traceback" not in unwritable.stderr


@pytest.mark.parametrize("fmt,seats,options", [
    ("ffa", 3, ()), ("hydra2", 4, ()), ("emperor", 6, (("emperor_transfer", "team"),)),
    ("raid", 3, ()), ("dimensional_horror", 2, (("difficulty", "veteran"),)),
    ("automatons", 3, (("difficulty", "expert"),)),
])
def test_every_format_and_adventure_round_trips(fmt, seats, options):
    """Every action kind a format can log (transfer, boss_step, mulligan, strike...) is
    readable again: a random game of each format saves and loads exactly."""
    ctrls = ["random"] * seats
    if fmt in DB.adventures:
        ctrls[-1] = "boss"
    state = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), format=fmt, seed=5,
                                    options=options,
                                    seats=tuple(SeatConfig(f"P{i}", c)
                                                for i, c in enumerate(ctrls))))
    bot = RandomBot(5)
    for _ in range(600):
        if state.is_over:
            break
        apply(state, bot.choose(state, legal_actions(state)))
    loaded = roundtrip(state)
    assert snapshot(loaded) == snapshot(state)


def test_save_action_kinds_cover_the_reducer():
    import inspect

    from game.star_realms.engine import rules

    src = inspect.getsource(rules.apply)
    import re

    kinds = set(re.findall(r'kind == "(\w+)"', src)) | set(
        re.findall(r'kind in \("(\w+)",\)', src))
    assert kinds <= set(saves.ACTION_KINDS), kinds - set(saves.ACTION_KINDS)
