"""The headless host's board picture for Arcs and Forbidden Stars phones (issue 37 item 14,
issue 38 item 16): «в режиме host телефон видит только номера систем / не видит
позиций отрядов — играет вслепую».  The host draws the public board with the table's own
renderer after every change and serves it at ``/seat/<token>/board.png``; the phones are
told each new version.  The Chromium half is tests/test_host_board_browser.py."""

from __future__ import annotations

import asyncio
import io
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest
from PIL import Image

from game.commands.host import BoardDrawer, TableHostLoop, make_table_session
from game.remote import RemoteHost
from game.ui.board_picture import MAX_WIDTH, BoardPictures, png_bytes, surface_png
from game.ui.log_panel import PUBLIC
from game.ui.table_session import REMOTE
from tests.remote_game import Phone
from tests.test_arcs_ui_table import _redeal as arcs_redeal
from tests.test_fs_undo import redeal as fs_redeal
from tests.test_remote_table_games import host_args, play_some, session_of

GAMES = ("arcs", "forbidden_stars")
# the table's base size bounded to MAX_WIDTH, then cut to what is drawn (issue 38 polish)
SIZES = {"arcs": (MAX_WIDTH, 900), "forbidden_stars": (1400, 1080)}


def fits(size: tuple[int, int], game: str) -> bool:
    """A picture of the board: within the bounded table, and most of its width."""
    w, h = SIZES[game]
    return 0.9 * w <= size[0] <= w and 0.5 * h <= size[1] <= h


@pytest.fixture(autouse=True)
def _fonts() -> None:
    """The renderers draw text: another test on this worker may have quit pygame."""
    pygame.font.init()


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), b""


def wait_until(what: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out")


@contextmanager
def hosted_with_board(game: str, seats: str = "remote,greedy", **kw: Any) -> Iterator[Any]:
    """The host's loop as ``python -m game host`` runs it, board pictures included
    (``kw``: more of the host's options, e.g. ``names``)."""
    session = make_table_session(host_args(game, seats, **kw))
    assert not isinstance(session, str), session
    session.autosaves = False
    assert session.open_remote("127.0.0.1", 0)
    loop = TableHostLoop(session, say=lambda text: None, board=BoardDrawer(session, game))
    stop = threading.Event()
    thread = threading.Thread(target=loop.run, args=(stop,), daemon=True)
    thread.start()
    try:
        yield session
    finally:
        stop.set()
        thread.join(10)
        session.close()


def test_png_bytes_decode_to_the_same_pixels():
    surface = pygame.Surface((37, 11))
    for x in range(37):
        for y in range(11):
            surface.set_at((x, y), (x * 7 % 256, y * 23 % 256, (x * y) % 256))
    with Image.open(io.BytesIO(surface_png(surface))) as img:
        assert img.size == (37, 11) and img.mode == "RGB"
        assert img.tobytes() == pygame.image.tobytes(surface, "RGB")
    with pytest.raises(ValueError):
        png_bytes(b"\0" * 5, (2, 1))


def test_a_wide_picture_is_bounded_and_a_newer_one_replaces_it():
    published: list[tuple[int, dict[str, bytes]]] = []
    pictures = BoardPictures(lambda v, p: published.append((v, dict(p))), max_width=200,
                             background=False)
    colours = {"en": (200, 0, 0), "ru": (0, 0, 200)}

    def draw(lang: str) -> pygame.Surface:
        s = pygame.Surface((1000, 500))
        s.fill(colours[lang])
        return s

    assert pictures.update(1, draw)
    assert not pictures.update(1, draw)  # the same position: nothing drawn again
    colours["en"] = (0, 200, 0)
    assert pictures.update(2, draw)
    assert [v for v, _ in published] == [1, 2]
    for lang, colour in colours.items():
        with Image.open(io.BytesIO(published[-1][1][lang])) as img:
            assert img.size == (200, 100)
            # (smoothscale may round a channel by a step or two)
            assert all(abs(a - b) <= 3 for a, b in zip(img.getpixel((10, 10)), colour,
                                                       strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_route_serves_a_png_that_changes_with_each_action(game):
    with hosted_with_board(game) as session:
        url = session.remote_urls()[0]
        status, headers, first = wait_until(lambda: (got := fetch(url + "/board.png?lang=en"))
                                            [0] == 200 and got)
        assert headers["Content-Type"] == "image/png"
        assert headers["Cache-Control"] == "no-store"
        with Image.open(io.BytesIO(first)) as img:
            assert fits(img.size, game), img.size
        version = int(headers["X-Board-Version"])
        _, _, ru = fetch(url + "/board.png?lang=ru")
        assert ru != first  # the board's words in the page's language

        async def act_and_hear_the_board() -> dict:
            phone = await Phone.open(url + "/ws")
            try:
                await phone.until("state", timeout=20)
                while not phone.actions():
                    await phone.until("state", timeout=20)
                await phone.act(phone.actions()[0])
                while True:  # the picture of the position after it (at least)
                    frame = await phone.until("board", timeout=20)
                    if frame["version"] > version:
                        return frame
            finally:
                await phone.close()

        told = asyncio.run(act_and_hear_the_board())
        status, headers, after = fetch(url + "/board.png?lang=en")
        assert status == 200
        assert int(headers["X-Board-Version"]) >= told["version"] > version
        assert after != first
        with Image.open(io.BytesIO(after)) as img:
            assert fits(img.size, game), img.size


def test_only_a_seat_token_gets_the_picture_and_none_before_the_first():
    with RemoteHost({0: "Anna"}, bind="127.0.0.1") as host:
        url = host.urls()[0]
        assert fetch(url + "/board.png")[0] == 404  # no picture yet
        png = surface_png(pygame.Surface((8, 4)))
        host.set_board(1, {"en": png})
        wait_until(lambda: host.board_version() == 1)
        status, headers, body = fetch(url + "/board.png?lang=xx")  # unknown: the first
        assert (status, body) == (200, png)
        assert headers["Cache-Control"] == "no-store"
        base = url.rsplit("/", 1)[0]
        for bad in ("nope", "A" * 22, url.rsplit("/", 1)[1][:-1] + "x"):
            assert fetch(f"{base}/{bad}/board.png")[0] == 404
        host.set_board(1, {"en": b"older"})  # not newer than the one served: ignored
        host.set_board(3, {"en": png + b""})
        wait_until(lambda: host.board_version() == 3)
        host.set_board(2, {"en": b"late"})
        time.sleep(0.2)
        assert host.board_version() == 3 and fetch(url + "/board.png")[2] == png


def _picture(session: Any, game: str) -> bytes:
    """What the host draws: the game's hook on the PUBLIC view."""
    if game == "arcs":
        from game.arcs.ui.phone import board_surface
    else:
        from game.forbidden_stars.ui.phone import board_surface
    view = session.engine.player_view(session.state, PUBLIC)
    return pygame.image.tobytes(board_surface(view, session.acting, list(session.names),
                                              "en"), "RGB")


def _seat_picture(session: Any, game: str, seat: int) -> bytes:
    """The same table drawn for ``seat`` (its own hand and orders in it)."""
    view = session.engine.player_view(session.state, seat)
    if game == "arcs":
        from game.arcs.ui.table_view import BASE, draw_table

        surface = pygame.Surface(BASE)
        draw_table(surface, view, seat, list(session.names), "en")
    else:
        from game.forbidden_stars.ui.model import model_of
        from game.forbidden_stars.ui.table_view import BASE as FS_BASE
        from game.forbidden_stars.ui.table_view import draw_table as fs_draw

        surface = pygame.Surface(FS_BASE)
        fs_draw(surface, model_of(view, seat, session.acting, [], "en", list(session.names)),
                lang="en")
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_is_the_public_view_whatever_the_hidden_deal(game):
    """The rules' secrets — «карты в руке держатся в тайне», «приказы выкладываются
    рубашкой вверх» — stay secret: every hidden card and face-down order dealt otherwise
    draws the same picture, though a seat's own view of the same redeal differs."""
    s = session_of(game, (REMOTE, REMOTE, REMOTE), seed=5)
    rng = random.Random(5)
    checked = differed = 0
    try:
        for i, session in enumerate(play_some(s, 90 if game == "arcs" else 160, 5)):
            if i % 15:
                continue
            state = session.state
            public = _picture(session, game)
            mine = _seat_picture(session, game, 0)
            other = (arcs_redeal(state, PUBLIC, i) if game == "arcs"
                     else fs_redeal(state, PUBLIC, rng))
            session.state = other
            try:
                assert _picture(session, game) == public, i
                differed += _seat_picture(session, game, 0) != mine
            finally:
                session.state = state
            checked += 1
    finally:
        s.close()
    assert checked >= 5
    assert differed  # the redeal did change what a seat sees: the test can tell


def test_a_renderer_that_fails_stops_the_pictures_not_the_game():
    session = make_table_session(host_args("arcs", "remote,greedy"))
    assert not isinstance(session, str)
    session.autosaves = False
    said: list[str] = []
    board = BoardDrawer(session, "arcs", background=False)

    def broken(*args: Any) -> pygame.Surface:
        raise KeyError("no such system")

    board.surface_of = broken
    loop = TableHostLoop(session, say=said.append, board=board)
    try:
        assert loop.step(wait=0.0)
        assert loop.board is None and any("board pictures" in line for line in said)
        assert loop.step(wait=0.0)
    finally:
        session.close()
