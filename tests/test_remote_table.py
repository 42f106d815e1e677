"""The table drives the phones' server (issue 23, slice 2): remote seats chosen in setup,
the server opened with the table and closed with it, phones' moves applied, each change
pushed, the big screen never drawing a phone seat's hand, the Join screen's QR codes,
saves keeping the remote seats, and the fallback when phones cannot join.

The table runs headless on this thread; a phone is a real WebSocket client
(tests/remote_game.py) on 127.0.0.1, interleaved with the table's frames.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import aiohttp
import pygame
import pygame_gui
import pytest
from PIL import Image

from game import i18n
from game.remote import qr_matrix
from game.settings import Settings
from game.star_realms.saves import load_game, save_game
from game.star_realms.ui import card_images
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import HUMAN, REMOTE, GameSetup, SeatSetup, Session
from game.star_realms.ui.table.phones import BIND_ENV, PORT_ENV, QUIET
from game.ui.crash import handle_crash
from game.ui.main import make_app
from tests.remote_game import Phone
from tests.scene import DB

FRAMES = 4000  # a bound on frames waited for something (a hang fails, it never passes)


@pytest.fixture
def here(monkeypatch):
    """The table's server on 127.0.0.1, any free port."""
    monkeypatch.setenv(BIND_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")


def session_of(*kinds: str, seed: int = 4, first: int = 0) -> Session:
    names = ("Anna", "Boris", "Vera")
    sets = ("core",) if len(kinds) == 2 else ("core", "frontiers")
    setup = GameSetup(sets=sets, seats=[SeatSetup(names[i], k) for i, k in enumerate(kinds)],
                      seed=seed, first=first, format="duel" if len(kinds) == 2 else "ffa")
    return Session.start(DB, setup)


def frame(app, events=()) -> None:
    app.frame(list(events) + pygame.event.get(), 1 / 60)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def open_table(app, session: Session) -> TableScene:
    t = app.push(TableScene(app, session))
    frame(app)
    return t


def never_shows_phone_hands(t: TableScene) -> None:
    """The model the table draws holds no remote seat's hand, and no sprite, ghost or
    clickable card is one of those cards."""
    s = t.session
    for seat in s.remote:
        real = set(s.state.seats[seat].hand)
        assert t.model.seats[seat].hand == ()
        drawn = {sp.iid for sp in t.sprites.values()} | {g.iid for g in t.ghosts}
        assert not (drawn | set(t.card_rects)) & real, "a phone's hand on the big screen"


async def pump(app, t: TableScene, done: Callable[[], bool]) -> None:
    """Table frames (checking the hand rule each time) until ``done``; the phones'
    sockets are served while it sleeps between frames."""
    for _ in range(FRAMES):
        if done():
            return
        frame(app)
        never_shows_phone_hands(t)
        await asyncio.sleep(0.002)
    raise AssertionError("the table never got there")


async def newest(phone: Phone) -> dict:
    """The phone's newest state frame once nothing more is waiting."""
    while True:
        try:
            await phone.recv(timeout=0.2)
        except TimeoutError:
            assert phone.state is not None
            return phone.state


def in_play(frame_: dict, seat: int) -> list[int]:
    return [c["iid"] for c in frame_["model"]["seats"][seat]["in_play"]]


# ------------------------------------------------------------------ setup


def test_setup_offers_a_phone_for_people_and_the_game_records_it(big_app):
    scene = big_app.push(SetupScene(big_app))
    frame(big_app)
    label = i18n.t("remote.controller")
    assert label in [o[0] if isinstance(o, tuple) else o for o in scene.ctrl[0].options_list]
    scene.ctrl[0].selected_option = (label, label)
    setup = scene.read()
    assert [s.controller for s in setup.seats] == [REMOTE, scene.default_ai]
    assert scene.phones_chosen()
    session = Session.start(DB, setup)
    assert session.remote == [0] and session.state.config.seats[0].controller == REMOTE
    assert 0 not in session.players  # a phone's seat is never a computer player
    session.close()


# ------------------------------------------------------------------ playing


def test_a_phone_plays_a_turn_and_the_table_follows(big_app, here):
    session = session_of(REMOTE, "normal")
    t = open_table(big_app, session)
    assert session.host is not None and t.join_open  # the codes first
    frame(big_app, [key(pygame.K_j)])
    assert not t.join_open
    url = session.remote_urls()[0]

    async def play() -> None:
        phone = await Phone.open(url + "/ws")
        await phone.until("state")
        await pump(big_app, t, lambda: session.remote_status()[0].connected)
        ident = next(a for a in phone.actions() if a.startswith("play:"))
        card = int(ident.split(":c")[1])
        await phone.act(ident)
        await pump(big_app, t, lambda: card in session.state.seats[0].in_play)
        assert card in [c.iid for c in t.model.seats[0].in_play]  # drawn in play
        assert card in in_play(await newest(phone), 0)  # and the phone was told
        turn = session.state.turn
        await phone.act("end_turn")
        await pump(big_app, t, lambda: session.state.turn >= turn + 2 and session.acting == 0)
        state = await newest(phone)
        assert state["model"]["acting"] == 0 and len(state["model"]["seats"][0]["hand"]) == 5
        await phone.close()

    asyncio.run(play())
    assert t.me == 0 and not t.my_turn()  # nobody plays at this screen


def test_a_move_no_longer_legal_when_the_table_reads_it_is_rejected(big_app, here):
    session = session_of(REMOTE, "normal")
    t = open_table(big_app, session)

    async def play() -> None:
        phone = await Phone.open(session.remote_urls()[0] + "/ws")
        await phone.until("state")
        ident = next(a for a in phone.actions() if a.startswith("play:"))
        await phone.act(ident)
        await phone.until("accepted")  # queued for the table, not read yet
        assert t.act(session.find("end_turn", 0))  # the turn ends before it is read
        frame(big_app)  # the table reads it now
        error = await phone.until("error")
        assert error["id"] == ident
        assert int(ident.split(":c")[1]) not in session.state.seats[0].in_play
        await phone.close()

    asyncio.run(play())


def test_with_a_person_here_and_one_on_a_phone_only_the_curtainless_local_hand_shows(
        big_app, here):
    session = session_of(HUMAN, REMOTE)
    t = open_table(big_app, session)
    frame(big_app, [key(pygame.K_ESCAPE)])  # Esc closes the Join screen first
    assert not t.join_open and big_app.top is t

    async def play() -> None:
        phone = await Phone.open(session.remote_urls()[1] + "/ws")
        await phone.until("state")
        assert t.my_turn() and session.curtain is None
        frame(big_app, [key(pygame.K_p)])  # play all, at the table
        played = list(session.state.seats[0].in_play)
        assert played and sorted(in_play(await newest(phone), 0)) == sorted(played)
        rev = phone.state["rev"]
        frame(big_app, [key(pygame.K_u)])  # undo the last card
        state = await newest(phone)
        assert state["rev"] > rev and sorted(in_play(state, 0)) == sorted(played[:-1])
        frame(big_app, [key(pygame.K_e)])
        frame(big_app, [key(pygame.K_RETURN)])  # "end the turn anyway?"
        await pump(big_app, t, lambda: session.acting == 1)
        assert session.curtain is None and t.me == 0  # the phone plays; no curtain
        await newest(phone)
        for ident in [a for a in phone.actions() if a.startswith("play:")]:
            await phone.act(ident)
            await pump(big_app, t, lambda i=ident: int(i.split(":c")[1])
                       in session.state.seats[1].in_play)
            await newest(phone)
        await phone.act("end_turn")
        await pump(big_app, t, lambda: session.acting == 0)
        await phone.close()

    asyncio.run(play())
    assert t.my_turn()


# ------------------------------------------------------------------ closing


def test_quitting_to_the_menu_closes_the_server(big_app, here):
    session = session_of(REMOTE, "normal")
    t = open_table(big_app, session)
    url = session.remote_urls()[0]

    async def play() -> None:
        phone = await Phone.open(url + "/ws")
        await phone.until("state")
        frame(big_app, [key(pygame.K_ESCAPE)])  # the Join screen
        frame(big_app, [key(pygame.K_ESCAPE)])  # the pause menu
        pause = big_app.top
        quit_button = next(b for b, k in pause.buttons.items() if k == "quit_to_menu")
        frame(big_app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                           ui_element=quit_button)])
        frame(big_app, [key(pygame.K_RETURN)])  # yes, quit
        assert big_app.top is not t and not hasattr(big_app.top, "session")
        bye = await phone.until("bye")
        assert bye["reason"] == "closed"
        await phone.close()
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(url)

    asyncio.run(play())
    assert session.host is None


def test_the_window_close_box_closes_the_server(big_app, here, monkeypatch):
    """The close box ends the main loop (App.run), and the game's server goes with it."""
    session = session_of(REMOTE, "normal")
    open_table(big_app, session)
    host = session.host
    assert host is not None
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests keep the display
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    big_app.run()
    assert not big_app.running and session.host is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", host.port), timeout=5).close()


def test_a_crash_closes_the_server(big_app, here):
    session = session_of(REMOTE, REMOTE)
    open_table(big_app, session)
    host = session.host
    assert host is not None
    handle_crash(big_app, RuntimeError("boom"))
    assert session.host is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", host.port), timeout=5).close()


# ------------------------------------------------------------------ saves


def test_a_save_keeps_the_remote_seats_and_a_loaded_game_serves_them_again(
        big_app, here, tmp_path):
    session = session_of(HUMAN, REMOTE, "normal")
    session.apply(session.legal()[0])
    path = save_game(session.state, folder=tmp_path)
    session.close()
    loaded = Session.resume(DB, load_game(DB, path))
    assert loaded.remote == [1] and loaded.local == [0] and set(loaded.players) == {2}
    t = open_table(big_app, loaded)
    assert loaded.host is not None and t.join_open and list(loaded.remote_urls()) == [1]


# ------------------------------------------------------------------ cannot listen


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_taken_port_is_said_and_the_phone_seats_play_here(big_app, monkeypatch, lang):
    i18n.set_language(lang)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        monkeypatch.setenv(BIND_ENV, "127.0.0.1")
        monkeypatch.setenv(PORT_ENV, str(port))
        session = session_of(REMOTE, REMOTE)
        t = open_table(big_app, session)
    assert session.host is None and not t.join_open and t.join_button is None
    key_, params = session.remote_problem
    said = i18n.t(key_, **params)
    assert str(port) in said and said in [text for text, _, _ in t.toasts]
    assert ("порт" in said) == (lang == "ru")
    assert session.remote == [] and session.local == [0, 1]  # played here instead
    assert session.curtain == 0 and t.btn_curtain is not None  # hot seat, as any
    frame(big_app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=t.btn_curtain)])
    frame(big_app, [key(pygame.K_p)])
    frame(big_app, [key(pygame.K_e)])
    frame(big_app, [key(pygame.K_RETURN)])
    assert session.acting == 1 and session.curtain == 1  # hot seat, with the curtain
    assert session.state.config.seats[1].controller == REMOTE  # the save still says so


def test_no_local_network_is_said_and_the_game_plays(big_app, monkeypatch):
    monkeypatch.delenv(BIND_ENV, raising=False)
    monkeypatch.setattr("game.remote.lan_address", lambda: "127.0.0.1")
    session = session_of(REMOTE, "normal")
    t = open_table(big_app, session)
    assert session.host is None and session.remote_problem == ("remote.no_network", {})
    assert i18n.t("remote.no_network") in [text for text, _, _ in t.toasts]
    assert t.my_turn()  # the seat is played at the table now
    assert any(line.key == "remote.no_network" for line in session.log)


# ------------------------------------------------------------------ the Join screen


def test_the_join_screen_draws_each_code_crisp_with_its_quiet_zone(big_app, here):
    session = session_of(REMOTE, REMOTE)
    t = open_table(big_app, session)
    frame(big_app)
    assert t.join_open and sorted(t.join_codes) == [0, 1]
    shot = Image.frombytes("RGB", big_app.screen.get_size(),
                           pygame.image.tobytes(big_app.screen, "RGB"))
    for seat, rect in t.join_codes.items():
        matrix = qr_matrix(session.remote_urls()[seat])
        n = len(matrix) + 2 * QUIET
        module = rect.w // n
        assert rect.w == rect.h == module * n and module >= 12  # big: read from metres
        for y in range(n):
            for x in range(n):
                inside = QUIET <= x < n - QUIET and QUIET <= y < n - QUIET
                dark = inside and matrix[y - QUIET][x - QUIET]
                box = (rect.x + x * module, rect.y + y * module,
                       rect.x + (x + 1) * module, rect.y + (y + 1) * module)
                colours = shot.crop(box).getcolors()
                assert colours == [(module * module, (0, 0, 0) if dark else (255, 255, 255))]
    frame(big_app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                       pos=t.join_close_rect.center)])
    assert not t.join_open
    frame(big_app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=t.join_button)])
    assert t.join_open  # the Phones button opens it again


# ------------------------------------------------------------------ screenshots


def take_screenshots(out: Path, bind: str = "127.0.0.1") -> list[Path]:
    """The big screen at 1920×1080 in both languages: the Join screen with two codes,
    and the table a few moves in with the connection marks (Anna's phone connected,
    Boris's joined and left).  ``bind``: where the server listens (the docs' pictures
    use the LAN address; tests 127.0.0.1)."""
    out.mkdir(parents=True, exist_ok=True)
    settings = replace(Settings(), language="en", animation_speed=0.0, auto_apply=False)
    app = make_app(size=(1920, 1080), settings=settings, persist=False)
    session = session_of(REMOTE, REMOTE, seed=9)
    session.open_remote(bind, 0)
    t = open_table(app, session)
    shots = []

    def shoot(name: str) -> None:
        for lang in ("en", "ru"):
            app.apply_settings(replace(app.settings, language=lang))
            for _ in range(3):  # the faces asked for while drawing load in the background
                frame(app)
                card_images.for_app(app).wait()
            frame(app)
            path = out / f"table-{name}-{lang}.png"
            pygame.image.save(app.screen, str(path))
            shots.append(path)

    async def play() -> None:
        shoot("join")
        frame(app, [key(pygame.K_j)])
        urls = session.remote_urls()
        boris = await Phone.open(urls[1] + "/ws")
        await boris.until("state")
        await pump(app, t, lambda: session.remote_status()[1].connected)
        await boris.close()
        anna = await Phone.open(urls[0] + "/ws")
        await anna.until("state")
        await pump(app, t, lambda: session.remote_status()[0].connected
                   and not session.remote_status()[1].connected)
        for ident in [a for a in anna.actions() if a.startswith("play:")]:
            await anna.act(ident)
            await pump(app, t, lambda i=ident: int(i.split(":c")[1])
                       in session.state.seats[0].in_play)
            await newest(anna)
        buy = next((a for a in anna.actions() if a.startswith("buy:")), None)
        if buy is not None:
            await anna.act(buy)
            await pump(app, t, lambda: int(buy.split(":c")[1]) in session.state.seats[0].discard)
        shoot("playing")
        await anna.close()

    try:
        asyncio.run(play())
    finally:
        session.close()
        i18n.set_language("en")
    return shots


def test_screenshots_are_full_hd(big_app, tmp_path):
    shots = take_screenshots(tmp_path)
    assert len(shots) == 4
    for path in shots:
        with Image.open(path) as img:
            assert img.size == (1920, 1080), path


if __name__ == "__main__":
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "."), "lan"):
        print(shot)
