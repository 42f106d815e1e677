"""Fuzz: 1,200 damaged saves (truncated, type-swapped, huge, deeply nested, unicode edge
cases, tampered snapshots and logs) made from real saves of several formats.  Each one
goes through `replay --verify`, the game's Load path, the Load screen and — when it
loads — the table's first frame.  Every case is either refused with a one-line reason,
or loads a game that replays to its snapshot exactly; nothing crashes or hangs."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest

from game import games
from game.star_realms import saves
from game.star_realms.ai import GreedyBot
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.saves import SaveError
from game.star_realms.sim import BossPilot, play
from game.star_realms.ui.scenes.load import LoadScene, open_save
from game.star_realms.ui.scenes.table import TableScene
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_save_faults import run_replay
from tests.test_ui_table import frame

CASES_PER_CHUNK = 100
CHUNKS = 12  # 1,200 cases


def base_saves() -> list[dict[str, Any]]:
    """Real saves a few turns into a duel, a 4-seat free-for-all, Hydra and an adventure."""
    out = []
    specs = [("duel", ("frontiers",), 2, ()), ("ffa", ("frontiers", "colony_wars"), 4, ()),
             ("hydra2", ("frontiers",), 4, ()),
             ("automatons", ("frontiers",), 3, (("difficulty", "novice"),))]
    for k, (fmt, sets, n, options) in enumerate(specs):
        kinds = ["human"] + ["greedy"] * (n - 1)
        if options:
            kinds[-1] = "boss"
        config = GameConfig(sets=sets, format=fmt, seed=100 + k, options=options, seats=tuple(
            SeatConfig(f"P{i}", c) for i, c in enumerate(kinds)))
        bots = [BossPilot() if c == "boss" else GreedyBot(k + i) for i, c in enumerate(kinds)]
        state = play(new_game(DB, config), bots, max_turns=5 + k)
        out.append(json.loads(json.dumps(saves.to_document(state, "autosave"))))
    return out


BASES = base_saves()

WEIRD_TEXT = ["\ud800", "\udc00x", "a\x00b", "\u202eevil", "e\u0301\u0301\u0301", "😀" * 20,
              "\ufeff", "\u0000", "\x1b[2J", "x" * 100_000, "", " ", "\n\n", "\uffff",
              "Ж" * 41, "\U0010ffff"]
SWAPS: list[Any] = [None, True, False, 0, -1, 2**64, -(2**70), 1.5, 1e308, "", "x", [], {},
                    [None], {"": None}, "frontiers", 10**6]


def paths_of(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            out += paths_of(v, (*prefix, i))
    return out


def set_at(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return doc


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def damage(rnd: random.Random, base: dict) -> bytes:
    """One damaged file, by one of the kinds of damage a disk, a crash or a person does."""
    doc = copy.deepcopy(base)
    kind = rnd.choice(["truncate", "swap", "swap", "huge", "nest", "text", "text", "snapshot",
                       "snapshot", "actions", "bytes", "extra"])
    if kind == "truncate":
        data = json.dumps(doc).encode()
        return data[:rnd.randrange(len(data))]
    if kind == "swap":
        path = rnd.choice(paths_of(doc))
        return json.dumps(set_at(doc, path, rnd.choice(SWAPS))).encode()
    if kind == "huge":
        where = rnd.choice([("config", "seats", 0, "name"), ("summary", "seats", 0, "name"),
                            ("actions",), ("snapshot", "trade_deck"), ("config", "sets")])
        value = rnd.choice(["x" * 2_000_000, list(range(300_000)), [{"kind": "end_turn",
                            "seat": 0}] * 50_000])
        return json.dumps(set_at(doc, where, value)).encode()
    if kind == "nest":
        path = rnd.choice(paths_of(doc))
        depth = rnd.choice([20, 40, 100, 1000, 50_000])
        text = json.dumps(set_at(doc, path, "@@NEST@@"))
        return text.replace('"@@NEST@@"', "[" * depth + "]" * depth).encode()
    if kind == "text":
        path = rnd.choice([p for p in paths_of(doc) if p] or [("kind",)])
        return json.dumps(set_at(doc, path, rnd.choice(WEIRD_TEXT))).encode()
    if kind == "snapshot":
        snap = doc["snapshot"]
        how = rnd.choice(["life", "index", "null", "format", "sets", "seed", "drop", "inf",
                          "swap_cards", "winners"])
        if how == "life":
            snap["life"] = [999] * len(snap["life"])
        elif how == "index":
            zone = rnd.choice(["trade_row", "trade_deck", "explorers"])
            if snap[zone]:
                snap[zone][rnd.randrange(len(snap[zone]))] = rnd.choice([-5, 10**6, 10**30])
        elif how == "null":
            snap["stack"] = [None] * 3
        elif how == "format":
            doc["config"]["format"] = rnd.choice(["ffa", "hunter", "raid", "emperor", "duel"])
        elif how == "sets":
            doc["config"]["sets"] = rnd.choice([["colony_wars"], ["frontiers", "colony_wars"]])
        elif how == "seed":
            doc["config"]["seed"] = rnd.randrange(2**64)
        elif how == "drop":
            snap.pop(rnd.choice(list(snap)))
        elif how == "inf":
            return json.dumps(doc).replace('"turn":', '"turn":1e999,"t":', 1).encode()
        elif how == "swap_cards":
            cards = snap["cards"]
            i, j = rnd.randrange(len(cards)), rnd.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
        else:
            snap["winners"] = [0]
        return json.dumps(doc).encode()
    if kind == "actions":
        acts = doc["actions"]
        how = rnd.choice(["drop", "dup", "card", "seat", "kind", "shuffle", "append"])
        i = rnd.randrange(len(acts)) if acts else 0
        if acts and how == "drop":
            del acts[i]
        elif acts and how == "dup":
            acts.insert(i, acts[i])
        elif acts and how == "card":
            acts[i]["card"] = rnd.randrange(-2, 400)
        elif acts and how == "seat":
            acts[i]["seat"] = rnd.randrange(0, 6)
        elif acts and how == "kind":
            acts[i]["kind"] = rnd.choice(saves.ACTION_KINDS)
        elif how == "shuffle":
            rnd.shuffle(acts)
        else:
            acts.append({"kind": "end_turn", "seat": rnd.randrange(6)})
        return json.dumps(doc).encode()
    if kind == "bytes":
        data = bytearray(json.dumps(doc).encode())
        for _ in range(rnd.randint(1, 8)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
        prefix = rnd.choice([b"", b"\xef\xbb\xbf", b"\xc0\xaf", b"\x00"])
        return prefix + bytes(data)
    # extra: harmless-looking fields and shown-only fields changed
    doc[rnd.choice(["saved_at", "app_version", "kind", "zzz"])] = rnd.choice(SWAPS + WEIRD_TEXT)
    return json.dumps(doc).encode()


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_damaged_saves_are_refused_or_load_consistently(chunk, app, tmp_path, monkeypatch,
                                                       capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    # `replay` checks every game's rules files before it reads the save; they are the
    # same files for all the cases, so they are checked once a chunk, not once a case
    # (the saves are what is damaged here; test_bad_rules_start breaks the rules files).
    monkeypatch.setattr(games, "data_errors", cache(games.data_errors))
    rnd = random.Random(9000 + chunk)
    loaded = refused = 0
    for case in range(CASES_PER_CHUNK):
        base = BASES[case % len(BASES)]
        path = tmp_path / f"manual-2026010{chunk % 10}-{case:06d}.json"  # (autosaves get pruned)
        path.write_bytes(damage(rnd, base))
        # 1. the command line
        code, out, err = run_replay(path, "--verify", capsys=capsys)
        assert code in (0, 2), (path, code, err)
        if code == 2:
            assert err.count("\n") == 1 and "Traceback" not in err, err
        else:
            assert "snapshot verified" in out
        # 2. the game's own Load path
        try:
            state = saves.load_game(DB, path)
        except SaveError as exc:
            assert "\n" not in str(exc)
            assert code == 2, f"{path.name}: the CLI accepted what Load refused"
            refused += 1
            continue
        assert code == 0
        doc = saves.read_document(path)
        assert snapshot(state) == doc["snapshot"]  # loaded consistently: nothing unchecked
        loaded += 1
    # 3. the Load screen lists all of them (damaged ones with their reason), every page
    app.push(MenuScene(app))
    screen = app.push(LoadScene(app))
    assert len(screen.saves) == CASES_PER_CHUNK
    for page in range((CASES_PER_CHUNK + 7) // 8):
        screen.page = page
        screen.rebuild()
        frame(app)
    # 4. whatever loads opens on the table and draws its first frame
    for info in screen.saves:
        if info.error:
            continue
        why = open_save(app, info.path)
        if why:
            continue  # refused on the full check: fine, it said why
        assert isinstance(app.top, TableScene)
        frame(app)
        app.top.session.close()
        app.reset_to(MenuScene(app))
    assert loaded + refused == CASES_PER_CHUNK and refused > CASES_PER_CHUNK // 2
