"""Issue 36, items 6 and 8: autosaves are kept per game in progress, not per game type
(starting one game never deletes another unfinished game's autosaves), Load shows each
game once at its latest point with its older points one click away, and Load lists
saves only (not the records file).  Real files in a temp saves folder."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game import save_files
from game.forbidden_stars import saves as fs_saves
from game.forbidden_stars.ui.scenes.load import FsLoadScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.saves_folder import KEEP_AUTOSAVES, KEEP_TOTAL
from game.star_realms import saves as sr_saves
from game.star_realms.ui.scenes.load import LoadScene
from game.star_realms.ui.session import GameSetup, SeatSetup, Session
from tests.scene import DB
from tests.test_saves import random_game
from tests.test_ui_walk import click_at, guarded


@pytest.fixture
def folder(saves_folder: Path) -> Path:
    return saves_folder


def fs_game(seed: int = 5) -> FsSession:
    # two sessions of this very setup have one configuration: only their uid differs
    return FsSession(FsSetup(("random", "random"), ("A", "B"), seed=seed), bot_delay=0)


def play_turns(session: FsSession, turns: int) -> None:
    """Let the bots play until ``turns`` more autosaves were written (or the game ends)."""
    start = len(session.state.log or ())
    written = 0
    while written < turns and not session.over:
        assert session.step_bots(1.0)
        written += session.engine.turn_ended(session.state, session.state.log[-1].seat)
    assert len(session.state.log) > start and not session.save_error


def points_of(folder: Path, fmt, uid: str, kind: str = "autosave") -> list[Path]:
    return [p for p in save_files.save_files(fmt, folder, (kind,))
            if save_files.game_uid(json.loads(p.read_text()), fmt.game_id) == uid]


def test_two_games_of_one_type_interleaving_keep_each_others_autosaves(folder):
    first, second = fs_game(), fs_game()  # the same seed and seats: two games still
    assert first.uid != second.uid
    play_turns(first, KEEP_AUTOSAVES + 3)
    newest_first = save_files.save_files(fs_saves.FORMAT, folder, ("autosave",))[0]
    for _ in range(3):  # the second game starts and plays; the first goes on; and so on
        play_turns(second, KEEP_AUTOSAVES + 1)  # more than a type's old five
        assert newest_first.exists()  # never removed by the other game
        play_turns(first, 2)
        newest_first = save_files.save_files(fs_saves.FORMAT, folder, ("autosave",))[0]
    a = points_of(folder, fs_saves.FORMAT, first.uid)
    b = points_of(folder, fs_saves.FORMAT, second.uid)
    assert len(a) == KEEP_AUTOSAVES and len(b) == KEEP_AUTOSAVES  # each its own five
    # the first game's latest point loads back into the same game, and goes on as it
    loaded = FsSession.from_save(a[0], bot_delay=0)
    assert loaded.uid == first.uid and loaded.state.log == first.state.log
    play_turns(loaded, 1)
    assert len(points_of(folder, fs_saves.FORMAT, first.uid)) == KEEP_AUTOSAVES
    assert len(points_of(folder, fs_saves.FORMAT, second.uid)) == KEEP_AUTOSAVES


def test_a_finished_game_keeps_its_final_point_and_the_total_is_bounded(folder):
    fmt = fs_saves.FORMAT
    base = {"magic": fmt.magic, "schema": fmt.schema, "game": fmt.game_id,
            "kind": "autosave", "config": {}}

    def autosave(uid: str, over: bool = False) -> Path:
        doc = {**base, save_files.UID_FIELD: uid, "summary": {"over": over}}
        path = save_files.save_document(fmt, doc, "autosave", folder)
        time.sleep(0.002)  # names sort by the millisecond
        return path

    for _ in range(4):
        autosave("done")
    final = autosave("done", over=True)
    assert points_of(folder, fmt, "done") == [final]  # its older points went
    newest = {}
    games = [f"g{i}" for i in range(KEEP_TOTAL // KEEP_AUTOSAVES + 3)]
    for _ in range(KEEP_AUTOSAVES):
        for uid in games:
            newest[uid] = autosave(uid)
    files = save_files.save_files(fmt, folder, ("autosave",))
    assert len(files) == KEEP_TOTAL  # the total is bounded ...
    assert all(path.exists() for path in newest.values())  # ... never by a newest point
    assert not final.exists()  # a finished game's final point went first


def test_star_realms_games_keep_their_own_autosaves_and_old_saves_still_group(folder):
    one, two = random_game(5, 40), random_game(6, 40)
    uid = save_files.new_game_uid()
    for _ in range(KEEP_AUTOSAVES + 2):
        sr_saves.autosave(one, uid=uid)
        sr_saves.autosave(two)  # no uid given: its configuration's
        time.sleep(0.002)
    assert len(points_of(folder, sr_saves.FORMAT, uid)) == KEEP_AUTOSAVES
    assert len(points_of(folder, sr_saves.FORMAT, sr_saves.derived_uid(two.config))) == 5
    # a save from before saves named their game: grouped by its configuration
    old = json.loads(points_of(folder, sr_saves.FORMAT, uid)[0].read_text())
    del old[save_files.UID_FIELD]
    legacy = folder / "autosave-19990101-000000-000.json"
    legacy.write_text(json.dumps(old))
    info = next(i for i in sr_saves.list_saves(folder, DB) if i.path == legacy)
    assert info.game == sr_saves.derived_uid(one.config) and not info.error
    state, found = sr_saves.load_with_uid(DB, legacy)
    assert found == info.game and state.config == one.config
    # a game started from a setup is a game of its own, whatever its seed
    setup = GameSetup(seats=[SeatSetup("Ann"), SeatSetup("Bot", "greedy")], seed=1)
    assert Session.start(DB, setup).uid != Session.start(DB, setup).uid


def test_load_lists_one_row_per_game_with_older_points_one_click_away(app, folder):
    first, second = fs_game(), fs_game()
    play_turns(first, 3)
    play_turns(second, 2)
    first.save("manual")
    app.push(FsLoadScene(app))
    guarded(app, n=2)
    scene = app.top
    heads = list(scene.rows.values())
    assert [i.game for i in heads] == [first.uid, second.uid]  # newest game first
    assert heads[0].kind == "manual"  # the first game at its latest point
    toggles = {uid: btn for btn, uid in scene.toggles.items()}
    assert "Earlier (3)" in toggles[first.uid].text
    click_at(app, toggles[first.uid].rect.center)
    shown = list(scene.rows.values())
    assert [i.game for i in shown] == [first.uid] * 4 + [second.uid]
    assert [i.kind for i in shown[1:4]] == ["autosave"] * 3
    click_at(app, next(b for b, u in scene.toggles.items() if u == first.uid).rect.center)
    assert len(scene.rows) == 2  # closed again


def test_load_lists_saves_only(app, folder):
    path = sr_saves.save_game(random_game(2, 20))
    (folder / "records.json").write_text(json.dumps({"magic": "star-realms-records",
                                                     "schema": 1, "games": []}))
    (folder / "notes.json").write_text("{not json")
    renamed = folder / "my-best-game.json"  # a save renamed by hand is still one
    renamed.write_bytes(path.read_bytes())
    listed = [i.path.name for i in sr_saves.list_saves(folder, DB)]
    assert sorted(listed) == sorted([path.name, renamed.name])
    app.push(LoadScene(app))
    guarded(app)
    texts = [b.text for b in app.top.rows] + [b.text for b in app.top.toggles]
    assert not any("records" in t or "notes" in t or "not a save" in t for t in texts)
