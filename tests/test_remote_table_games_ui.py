"""Arcs and Forbidden Stars at the big screen with seats on phones (issue 23): the setup
offers "Human, on a phone", the table opens the server and shows the Join codes, a phone
plays and the table follows, the big screen never draws a phone seat's hand, saves keep
the phone seats, and no network falls back to playing at the screen."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.arcs.engine.state import HIDDEN
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.forbidden_stars.ui.scenes.setup import FsSetupScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.ui.phones import BIND_ENV, PORT_ENV
from game.ui.table_session import REMOTE
from tests.remote_game import Phone

FRAMES = 4000
SHOTS = os.environ.get("STAR_REALMS_SHOTS")  # a folder: write the screenshots there


@pytest.fixture
def here(monkeypatch, tmp_path):
    monkeypatch.setenv(BIND_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))


def frame(app, events=()) -> None:
    app.frame(list(events) + pygame.event.get(), 1 / 60)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def open_game(app, game: str, seats: tuple[str, ...], seed: int = 5):
    names = ("Anna", "Boris", "Vera", "Gleb")[: len(seats)]
    if game == "arcs":
        session = ArcsSession(ArcsSetup(seats, names, seed), bot_delay=0.0)
        scene = app.push(ArcsTableScene(app, session))
    else:
        session = FsSession(FsSetup(seats, names, seed=seed), bot_delay=0.0)
        scene = app.push(FsTableScene(app, session))
    frame(app)
    return scene, session


def no_phone_hand_drawn(scene, session) -> None:
    """What the table draws from holds no phone seat's secrets: its view is the public
    one, and the hand the Arcs table shows for it is all backs."""
    for seat in session.remote:
        view = session.view(seat)
        if isinstance(scene, ArcsTableScene):
            assert all(c == HIDDEN for c in view.players[seat].hand)
        else:
            assert HIDDEN in view.players[seat].orders or not sum(
                view.players[seat].orders.values())


async def pump(app, scene, session, done: Callable[[], bool]) -> None:
    for _ in range(FRAMES):
        if done():
            return
        frame(app)
        no_phone_hand_drawn(scene, session)
        await asyncio.sleep(0.002)
    raise AssertionError("the table never got there")


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_a_phone_plays_and_the_table_follows(big_app, here, game, tmp_path):
    scene, session = open_game(big_app, game, (REMOTE, "greedy"))
    assert session.host is not None and scene.join.open  # the codes first
    frame(big_app)
    assert sorted(scene.join.codes) == [0]
    if SHOTS:
        pygame.image.save(big_app.screen, str(Path(SHOTS) / f"{game}-join.png"))
    frame(big_app, [key(pygame.K_j)])
    assert not scene.join.open
    frame(big_app, [key(pygame.K_j)])  # J opens it again
    assert scene.join.open
    frame(big_app, [key(pygame.K_ESCAPE)])
    assert not scene.join.open and big_app.top is scene  # Esc closed it, no pause
    url = session.remote_urls()[0]

    async def play() -> int:
        phone = await Phone.open(url + "/ws")
        try:
            await phone.until("state")
            await pump(big_app, scene, session, lambda: session.remote_status()[0].connected)
            moves = 0
            while moves < 4:
                await pump(big_app, scene, session,
                           lambda: session.acting == 0 and not session.over)
                while True:  # the newest model, once the bots are done
                    try:
                        await phone.recv(timeout=0.2)
                    except TimeoutError:
                        break
                ids = phone.actions()
                if not ids:
                    continue
                before = len(session.state.log)
                await phone.act(ids[-1])
                await pump(big_app, scene, session,
                           lambda b=before: len(session.state.log) > b)
                moves += 1
            return moves
        finally:
            await phone.close()

    assert asyncio.run(play()) == 4
    assert sum(1 for a in session.state.log if a.seat == 0) >= 4
    if SHOTS:
        frame(big_app)
        pygame.image.save(big_app.screen, str(Path(SHOTS) / f"{game}-table.png"))
    # the table takes no input for the phone's seat: nothing to click there
    if isinstance(scene, ArcsTableScene):
        assert not scene.action_buttons or session.acting != 0
    session.close()
    assert session.host is None


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_no_network_seats_the_phone_players_here(big_app, monkeypatch, tmp_path, game):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv(BIND_ENV, raising=False)
    monkeypatch.setattr("game.remote.lan_address", lambda: "127.0.0.1")
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        scene, session = open_game(big_app, game, (REMOTE, REMOTE))
        try:
            assert session.host is None and not scene.join.open
            assert scene.phone_notice == i18n.t("remote.no_network")
            assert session.humans == [0, 1] and session.remote == []
            assert scene.curtain is not None  # two people at one screen: the curtain
            assert session.setup.seats == (REMOTE, REMOTE)  # the save still says phones
        finally:
            session.close()
            big_app.pop()
    i18n.set_language("en")


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_a_save_keeps_the_phone_seats_and_a_loaded_game_serves_them(big_app, here, game):
    scene, session = open_game(big_app, game, (REMOTE, "greedy"))
    first = session.remote_urls()[0]
    path = session.save()
    session.close()
    big_app.pop()
    loaded = (ArcsSession if game == "arcs" else FsSession).from_save(path, bot_delay=0.0)
    assert loaded.setup.seats == (REMOTE, "greedy") and loaded.remote == [0]
    scene = big_app.push((ArcsTableScene if game == "arcs" else FsTableScene)(big_app, loaded))
    frame(big_app)
    try:
        assert loaded.host is not None and scene.join.open
        assert loaded.remote_urls()[0] != first  # new links for a new sitting
    finally:
        loaded.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_setups_offer_a_phone_seat(big_app, monkeypatch, tmp_path, lang):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    i18n.set_language(lang)
    try:
        label = i18n.t("remote.controller")
        arcs = big_app.push(ArcsSetupScene(big_app, seed=3))
        frame(big_app)
        assert label in [o[0] if isinstance(o, tuple) else o
                         for o in arcs.kind_dd[0].options_list]
        arcs.set_kind(0, REMOTE)
        assert arcs.make_setup().seats[0] == REMOTE
        big_app.pop()
        fs = big_app.push(FsSetupScene(big_app))
        frame(big_app)
        assert label in [o[0] if isinstance(o, tuple) else o
                         for o in fs.kind_dd[0].options_list]
        fs.set_kind(0, REMOTE)
        fs.read()
        assert fs.kinds[0] == REMOTE
    finally:
        i18n.set_language("en")
