"""Issue 36 item 12: a save is refused by its size before it is parsed, and a list or
Continue reads only a save's small fields — for all three games.

The limits come from the largest real saves: long seeded games of random bots (the
longest games any seat plays), measured below; each game accepts about 10× its largest.
A 31 MB file of ``{}`` objects cost 1.6 GB and 7 CPU-seconds in the menu's Continue check
before; here its cost is asserted by tracemalloc's peak, not by the clock.

The fault suite at the end damages real saves of every game (truncated, swapped types,
deep nesting, byte flips, reordered or missing fields, oversized) and sends each file
through the Load list, Continue, the game's loader and ``replay --verify``: the list
never calls damaged a file that loads, and the command and the loader agree.
"""

from __future__ import annotations

import copy
import json
import random
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game import games, save_header
from game.arcs import saves as arcs_saves
from game.arcs.ai import make_player as arcs_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.setup import new_game as arcs_new_game
from game.arcs.engine.state import GameConfig as ArcsConfig
from game.arcs.sim import play as arcs_play
from game.forbidden_stars import saves as fs_saves
from game.forbidden_stars.ai import make_player as fs_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.setup import new_game as fs_new_game
from game.forbidden_stars.engine.state import GameConfig as FSConfig
from game.forbidden_stars.sim import play as fs_play
from game.star_realms import saves as sr_saves
from game.star_realms.ai.base import make_player as sr_player
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.sim import play as sr_play
from tests.scene import DB
from tests.test_arcs_saves import paths_of, set_at
from tests.test_save_faults import run_replay as _run_replay

MB = 2**20


@dataclass(frozen=True)
class Kit:
    """One game's save functions, as a test drives them."""

    id: str
    saves: ModuleType
    prefix: str
    load: Callable[[Path], Any]
    listed: Callable[[Path], list]
    latest: Callable[[Path], Any]


def _kits() -> list[Kit]:
    arcs, fs = load_arcs_rules(), load_fs_rules()
    return [
        Kit("star_realms", sr_saves, "", lambda p: sr_saves.load_game(DB, p),
            lambda f: sr_saves.list_saves(f, DB),
            lambda f: sr_saves.latest_unfinished_autosave(f, DB)),
        Kit("arcs", arcs_saves, arcs_saves.PREFIX, lambda p: arcs_saves.load_game(p, rules=arcs),
            lambda f: arcs_saves.list_saves(f, arcs),
            lambda f: arcs_saves.latest_unfinished_autosave(f, arcs)),
        Kit("forbidden_stars", fs_saves, fs_saves.PREFIX,
            lambda p: fs_saves.load_game(p, rules=fs), lambda f: fs_saves.list_saves(f, fs),
            lambda f: fs_saves.latest_unfinished_autosave(f, fs)),
    ]


KITS = _kits()


def as_json(doc: dict) -> dict:
    return json.loads(json.dumps(doc))


@cache
def long_save(game: str, short: bool = False) -> dict[str, Any]:
    """The largest save measured for each game (issue 36): random bots at the most
    seats — a 6-seat Star Realms free-for-all, 4-player Arcs with Leaders & Lore,
    4-player Forbidden Stars whose players build the board; ``short``: a few turns."""
    if game == "star_realms":
        n = 2 if short else 6
        config = GameConfig(sets=("frontiers", "colony_wars"), format="duel" if short
                            else "ffa", seed=0, seats=tuple(SeatConfig(f"Random {i + 1}",
                                                                       "random")
                                                            for i in range(n)))
        state = sr_play(new_game(DB, config), [sr_player("random", i) for i in range(n)],
                        max_turns=6 if short else 1000, undo=True)
        return as_json(sr_saves.to_document(state, "autosave"))
    if game == "arcs":
        n = 3 if short else 4
        state = arcs_play(arcs_new_game(load_arcs_rules(), ArcsConfig(n, 2, leaders=True)),
                          [arcs_player("random", 2 + i) for i in range(n)],
                          **({"max_actions": 60} if short else {}))
        seats = arcs_saves.Seats(tuple(f"P{i + 1}" for i in range(n)), ("human",) * n)
        return as_json(arcs_saves.to_document(state, seats, "autosave"))
    n = 3 if short else 4
    rules = load_fs_rules()
    factions = tuple(sorted(rules.factions))[:n]  # as the setup screen names them
    state = fs_play(fs_new_game(rules, FSConfig(n, 1, factions, quick_setup=short)),
                    [fs_player("random", 1 + i) for i in range(n)],
                    **({"max_actions": 60} if short else {}))
    seats = fs_saves.Seats(tuple(f"P{i + 1}" for i in range(n)), ("human",) * n)
    return as_json(fs_saves.to_document(state, seats, "autosave"))


def compact(doc: Any) -> bytes:
    return json.dumps(doc, separators=(",", ":")).encode()


def run_replay(path: Path, *flags: str, capsys) -> tuple[int, str, str]:
    """`python -m game replay` in this process; Arcs' and Forbidden Stars' refusals leave
    by SystemExit(2), as a command may."""
    try:
        return _run_replay(path, *flags, capsys=capsys)
    except SystemExit as exc:
        out = capsys.readouterr()
        return int(exc.code or 0), out.out, out.err


def peak_of(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` and the peak of memory it allocated, in MB (tracemalloc)."""
    tracemalloc.start()
    try:
        result = fn()
        peak = tracemalloc.get_traced_memory()[1] / MB
    finally:
        tracemalloc.stop()
    return result, peak


# ---------------------------------------------------------------------- the limits


def test_limits_are_about_ten_times_the_largest_real_save(tmp_path):
    sizes = {}
    for kit in KITS:
        data = compact(long_save(kit.id))
        sizes[kit.id] = len(data)
        limit = kit.saves.MAX_BYTES
        assert 10 * len(data) <= limit <= 20 * len(data), (kit.id, len(data), limit)
        path = tmp_path / f"{kit.prefix}manual-20260101-000000-000.json"
        path.write_bytes(data)
        kit.load(path)  # the largest real save loads (and verifies) under its limit
    print("\nlargest real saves (bytes):", sizes,
          {k.id: k.saves.MAX_BYTES for k in KITS})
    # the sniffer that tells whose a file is reads what the most generous game accepts
    assert max(k.saves.MAX_BYTES for k in KITS) <= games.SNIFF_BYTES


def write_braces(path: Path, size: int) -> Path:
    """The issue's file: ``{}`` objects, ``size`` bytes, written without holding them."""
    with path.open("wb") as fh:
        fh.write(b"[")
        chunk = b"{}," * (MB // 3)
        left = size - 2
        while left > len(chunk):
            fh.write(chunk)
            left -= len(chunk)
        fh.write(b"{}," * (left // 3 - 1) + b"{}]")
    return path


def test_a_31_mb_file_of_braces_is_refused_unread_by_list_and_continue(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    for kit in KITS:
        write_braces(tmp_path / f"{kit.prefix}autosave-20260101-000000-000.json", 31 * MB)
    infos, peak = peak_of(lambda: [i for kit in KITS for i in kit.listed(tmp_path)]
                          + [kit.latest(tmp_path) for kit in KITS]
                          + [games.latest_continue()]
                          + [games.save_owner(p) for p in tmp_path.iterdir()])
    listed = [i for i in infos if hasattr(i, "error")]
    assert len(listed) >= 3 and all("larger than" in i.error for i in listed), listed
    assert all(i is None for i in infos if not hasattr(i, "error"))  # no Continue, no owner
    print(f"\nlist + Continue + owner of three 31 MB files: peak {peak:.2f} MB")
    assert peak < 4, f"{peak:.1f} MB: the file was read, not refused by its size"


def test_replay_and_saves_refuse_it_unread(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    from game.commands import saves as saves_command

    paths = [write_braces(tmp_path / f"{kit.prefix}manual-20260101-000000-000.json",
                          31 * MB) for kit in KITS]
    run_replay(paths[0], "--verify", capsys=capsys)  # rules loaded and cached first
    for path in paths:
        (code, _, err), peak = peak_of(lambda p=path: run_replay(p, "--verify",
                                                                 capsys=capsys))
        assert code == 2 and "larger than" in err and err.count("\n") == 1
        assert peak < 4, f"replay {path.name}: {peak:.1f} MB"
    import argparse

    code, peak = peak_of(lambda: saves_command.run(argparse.Namespace(json=True)))
    rows = json.loads(capsys.readouterr().out)["saves"]
    assert code == 0 and rows and all("larger than" in r["error"] for r in rows)
    assert peak < 4, f"saves: {peak:.1f} MB"


def test_a_big_save_is_listed_from_its_first_kilobytes(tmp_path):
    """A real save padded to nearly its game's limit (whitespace is valid JSON): the list
    reads its small fields from the file's start; loading reads and verifies it all."""
    for kit in KITS:
        doc = long_save(kit.id)
        data = compact(doc)
        pad = kit.saves.MAX_BYTES - len(data) - 1024
        padded = data.replace(b'"actions":[', b'"actions":' + b" " * pad + b"[", 1)
        assert save_header.PREFIX_BYTES < len(padded) <= kit.saves.MAX_BYTES
        path = tmp_path / kit.id / f"{kit.prefix}autosave-20260101-000000-000.json"
        path.parent.mkdir()
        path.write_bytes(padded)
        (info,), peak = peak_of(lambda f=path.parent, k=kit: k.listed(f))
        assert info.error == "" and info.kind == "autosave"
        assert info.summary == kit.saves._safe_summary(doc["summary"])
        # a whole read holds the file twice (bytes and text) and every object in it
        _, whole = peak_of(lambda p=path, k=kit: k.saves.read_document(p))
        assert peak < whole / 3, f"{kit.id}: {peak:.2f} MB to list one save, {whole:.2f} whole"
        print(f"\n{kit.id}: listing a {len(padded) / MB:.2f} MB save: peak {peak:.3f} MB "
              f"(reading it whole: {whole:.2f} MB)")
        latest = kit.latest(path.parent)  # Continue: these long games ended
        assert latest is None if doc["summary"]["over"] else latest.path == path
        kit.load(path)  # and it is a real save: it loads and verifies


def reordered(doc: dict, first: tuple[str, ...]) -> dict:
    return {**{k: doc[k] for k in first}, **{k: v for k, v in doc.items() if k not in first}}


def test_a_save_with_its_fields_in_another_order_lists_as_it_loads(tmp_path):
    """No writer of ours puts the log first; a hand-edited file may: it is read whole."""
    for kit in KITS:
        doc = reordered(long_save(kit.id), ("snapshot", "actions"))
        path = tmp_path / kit.id / f"{kit.prefix}manual-20260101-000000-000.json"
        path.parent.mkdir()
        path.write_bytes(compact(doc))
        assert len(compact(doc)) > save_header.PREFIX_BYTES
        (info,) = kit.listed(path.parent)
        assert info.error == "" and info.summary == kit.saves._safe_summary(doc["summary"])
        kit.load(path)


# ---------------------------------------------------------------------- the fault suite

SWAPS: list[Any] = [None, True, 0, -1, 2**64, 1.5, "", "x" * 300, [], {}, [None], "\x00",
                    "\ud800", 10**400]


def damage(rng: random.Random, base: dict, limit: int) -> bytes:
    """One damaged file: what a disk, a crash, a person or an attacker does to a save."""
    raw = compact(base)
    how = rng.choice(["truncate", "swap", "swap", "top", "nest", "flip", "order", "drop",
                      "oversize", "pad"])
    doc = copy.deepcopy(base)
    if how == "truncate":
        return raw[:rng.randrange(len(raw))]
    if how == "swap":  # anywhere, but often in the small fields the list reads
        small = [p for p in paths_of({k: doc[k] for k in doc if k not in
                                      ("actions", "snapshot")}) if p]
        path = rng.choice(small if rng.random() < 0.6 else [p for p in paths_of(doc) if p])
        set_at(doc, path, rng.choice(SWAPS))
        return json.dumps(doc).encode()
    if how == "top":  # a top-level field swapped or gone
        key = rng.choice(list(doc))
        if rng.random() < 0.5:
            del doc[key]
        else:
            doc[key] = rng.choice(SWAPS)
        return compact(doc)
    if how == "nest":
        depth = rng.choice((40, 5000))
        return raw.replace(b'"summary":', b'"summary":' + b"[" * depth + b"]" * depth
                           + b',"s2":', 1)
    if how == "flip":
        data = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if how == "order":
        keys = list(doc)
        rng.shuffle(keys)
        return compact({k: doc[k] for k in keys})
    if how == "drop":
        doc.pop(rng.choice(["summary", "config", "kind", "saved_at", "snapshot", "game"]))
        return compact(doc)
    if how == "oversize":  # just over the game's limit, in the log
        return raw.replace(b'"actions":[', b'"actions":[' + b" " * (limit - len(raw) + 1), 1)
    # pad: a big, valid file (its small fields come from the prefix), maybe one bad byte
    data = raw.replace(b'"actions":[', b'"actions":[' + b" " * (limit // 2), 1)
    if rng.random() < 0.5:
        i = rng.randrange(len(data) - 1000, len(data))
        data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    return data


CASES = 40  # per game and base (short and long): 240 in all


@pytest.mark.parametrize("kit", KITS, ids=[k.id for k in KITS])
def test_damaged_saves_get_one_verdict_from_list_continue_load_and_replay(kit, tmp_path,
                                                                          capsys, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    rng = random.Random(36)
    counts = {"refused": 0, "loaded": 0, "listed, refused on the full check": 0, "bad": 0}
    for short in (True, False):
        base = long_save(kit.id, short)
        for case in range(CASES):
            folder = tmp_path / f"{int(short)}-{case}"
            folder.mkdir()
            path = folder / f"{kit.prefix}autosave-20260101-000000-000.json"
            path.write_bytes(damage(rng, base, kit.saves.MAX_BYTES))
            infos = [i for i in kit.listed(folder) if i.path == path]
            assert len(infos) == 1, (path, infos)
            info = infos[0]
            assert "\n" not in info.error
            latest = kit.latest(folder)
            code, out, err = run_replay(path, "--verify", capsys=capsys)
            assert code in (0, 2) and "Traceback" not in err, err
            try:
                kit.load(path)
            except kit.saves.SaveError as exc:
                assert "\n" not in str(exc) and code == 2, (path, exc, out)
                if info.error:
                    counts["refused"] += 1
                    assert latest is None  # Continue never offers a damaged file
                else:  # a list cannot replay: a tampered log shows when it is opened
                    counts["listed, refused on the full check"] += 1
                continue
            # it loads: the list must not call it damaged, the command must agree
            if info.error or code != 0:
                counts["bad"] += 1
                pytest.fail(f"{path.name}: loads, but list says {info.error!r}, "
                            f"replay says {code} {err!r}")
            counts["loaded"] += 1
            if info.unfinished:  # Continue offers what the list shows unfinished
                assert latest is not None and latest.path == path
    print(f"\n{kit.id} save faults: {2 * CASES} files, {counts}")
    assert counts["bad"] == 0 and counts["refused"] > CASES // 2 and counts["loaded"] > 0
