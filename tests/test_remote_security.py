"""The phone server's security and bad input, on 127.0.0.1 (issue 23): a seat is told
only its own model, unknown tokens get 403, and a message that is not a legal move of
the token's seat at the model's revision gets an error and changes nothing."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from game.remote import RemoteHost
from game.star_realms.engine.rng import Rng
from game.star_realms.phone import phone_model
from tests.remote_game import Phone, faces_shown, hidden_from, iids_in, run, served
from tests.scene import KINDS, played
from tests.test_view_secrets import redeal_hidden


async def get(url: str) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as http, http.get(url) as resp:
        await resp.read()
        return resp.status, dict(resp.headers)


def check_no_leak(frame: dict, state, seat: int) -> None:
    """A frame tells ``seat`` no hidden card: no instance, and words only for the card
    faces its model shows."""
    assert not iids_in(frame) & hidden_from(state, seat)
    if frame["t"] == "state":
        payload = frame["model"]
        assert payload["viewer"] == seat == frame["seat"]
        shown = faces_shown({k: v for k, v in payload.items() if k != "text"})
        for words in payload["text"].values():
            assert set(words["cards"]) <= shown


def test_unknown_tokens_get_403_and_only_the_pages_files_are_served():
    with served() as game:
        base = game.url(0).rsplit("/seat/", 1)[0]
        assert run(get(game.url(0)))[0] == 200
        assert run(get(base + "/seat/not-a-token"))[0] == 403
        assert run(get(base + "/seat/" + game.url(0).rsplit("/", 1)[1][:-1]))[0] == 403
        assert run(get(base + "/seat/not-a-token/ws"))[0] == 403
        status, headers = run(get(base + "/phone/phone.js"))
        assert status == 200 and headers["Referrer-Policy"] == "no-referrer"
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        for path in ("/phone/..%2F..%2Fpyproject.toml", "/phone/index.py", "/",
                     "/phone/../../rules"):
            assert run(get(base + path))[0] == 404, path

        async def foreign_origin() -> int:
            async with aiohttp.ClientSession() as http:
                try:
                    await http.ws_connect(game.ws_url(0), origin="http://evil.example")
                except aiohttp.WSServerHandshakeError as exc:
                    return exc.status
            return 101

        assert run(foreign_origin()) == 403


def test_each_seat_is_sent_only_its_own_model_while_playing():
    with served("remote,remote") as game:
        async def play() -> None:
            phones = [await Phone.open(game.ws_url(s)) for s in (0, 1)]
            for p in phones:
                await p.until("state")
            for _ in range(60):  # whole turns of both seats
                if game.session.over:
                    break
                seat = game.session.acting
                p = phones[seat]
                ids = p.actions()
                choice = next((i for i in ids if i.startswith(("play:", "buy:", "attack"))),
                              ids[-1])
                await p.act(choice)
                assert (await p.until("accepted"))["id"] == choice
                assert game.step()
                for q in phones:
                    frame = await q.until("state")
                    check_no_leak(frame, game.session.state, q.state["seat"])
            assert game.session.state.turn > 4
            for p in phones:
                for frame in p.frames:
                    assert frame.get("seat", p.state["seat"]) == p.state["seat"]
                await p.close()

        run(play())


@pytest.mark.parametrize("kind", KINDS)
def test_a_phones_model_is_the_same_whatever_the_seat_cannot_see(kind):
    """The strong check of test_view_secrets, for what a phone is sent: the same game
    with every hidden card dealt again gives the same payload, words included."""
    for n in range(3):
        state = played(kind, n, 35)
        for seat in range(len(state.seats)):
            other = redeal_hidden(state, seat, Rng(n + 7))
            assert phone_model(state, seat) == phone_model(other, seat)


def bad_messages(rev: int, others_id: str) -> list[tuple[str, str]]:
    good = {"v": 1, "t": "act", "rev": rev, "id": "end_turn"}
    return [
        ("x" * 5000, "too_big"),
        ("{", "not_json"),
        ("null", "bad_message"),
        (json.dumps({**good, "v": 0}), "bad_version"),
        (json.dumps({**good, "t": "eval"}), "bad_message"),
        (json.dumps({**good, "seat": 0}), "bad_message"),  # no naming another seat
        (json.dumps({**good, "id": "__import__('os')"}), "bad_message"),
        (json.dumps({**good, "rev": rev + 1}), "stale"),
        (json.dumps({**good, "rev": rev - 1}), "stale"),
        (json.dumps({**good, "id": others_id}), "not_legal"),  # the acting seat's move
        (json.dumps({**good, "id": "buy:c1"}), "not_legal"),
    ]


def test_bad_and_wrong_seat_messages_get_errors_and_change_nothing():
    with served("remote,remote") as game:
        before = game.snapshot()

        async def attack() -> None:
            acting = game.session.acting
            idle = 1 - acting
            mover, waiter = await Phone.open(game.ws_url(acting)), await Phone.open(
                game.ws_url(idle))
            await mover.until("state")
            await waiter.until("state")
            assert waiter.actions() == [] and mover.actions()
            for phone, others in ((waiter, mover.actions()[0]), (mover, "play:c999")):
                for text, code in bad_messages(phone.state["rev"], others):
                    await phone.send(text)
                    frame = await phone.until("error")
                    assert frame["code"] == code, text
                await phone.ws.send_bytes(b"\x00\x01")
                assert (await phone.until("error"))["code"] == "binary"
            assert game.host.poll() == []
            game.step(0.05)
            assert game.snapshot() == before
            await mover.close()
            await waiter.close()

        run(attack())


def test_a_replayed_move_is_refused():
    with served("remote,remote") as game:
        async def replay() -> None:
            phone = await Phone.open(game.ws_url(game.session.acting))
            await phone.until("state")
            rev, first = phone.state["rev"], phone.actions()[0]
            await phone.act(first)
            await phone.until("accepted")
            await phone.act(first, rev)  # the same message again, before the game moved
            assert (await phone.until("error"))["code"] == "stale"
            assert game.step()
            await phone.until("state")
            log_len = game.session.state.log_len
            await phone.act(first, rev)  # and after it
            assert (await phone.until("error"))["code"] == "stale"
            game.step(0.05)
            assert game.session.state.log_len == log_len
            await phone.close()

        run(replay())


def test_a_flood_is_throttled_and_the_seat_still_plays():
    with served("remote,remote", rate=1e-9, burst=5) as game:
        before = game.snapshot()

        async def flood() -> None:
            phone = await Phone.open(game.ws_url(1 - game.session.acting))
            await phone.until("state")
            for _ in range(300):
                await phone.act("end_turn")
            codes = []
            while "throttled" not in codes:
                codes.append((await phone.until("error"))["code"])
            assert codes.count("not_legal") == 5  # the burst was read, the rest dropped
            await phone.close()
            # the connection is per page: a reload gets a fresh allowance
            phone = await Phone.open(game.ws_url(1 - game.session.acting))
            await phone.until("state")
            await phone.act("end_turn")
            assert (await phone.until("error"))["code"] == "not_legal"
            await phone.close()

        run(flood())
        game.step(0.05)
        assert game.snapshot() == before


def test_a_move_the_game_no_longer_allows_is_rejected_and_may_be_replaced():
    """The server checks ids against the model; the game has the last word."""
    with RemoteHost({0: "Ann"}, bind="127.0.0.1") as host:
        async def talk() -> None:
            phone = await Phone.open(host.urls()[0] + "/ws")
            host.push({0: {"actions": [{"id": "end_turn"}, {"id": "play:c3"}],
                           "targets": []}})
            await phone.until("state")
            await phone.act("end_turn")
            await phone.until("accepted")
            moves = await asyncio.to_thread(host.poll, 5.0)
            assert [(m.seat, m.action_id) for m in moves] == [(0, "end_turn")]
            host.reject(0, "end_turn")
            assert (await phone.until("error")) == {"v": 1, "t": "error", "code": "rejected",
                                                    "id": "end_turn"}
            await phone.act("play:c3")  # same revision, another move: allowed again
            await phone.until("accepted")
            assert [m.action_id for m in await asyncio.to_thread(host.poll, 5.0)] == ["play:c3"]
            await phone.close()

        run(talk())


def test_status_reconnect_replacement_and_close():
    host = RemoteHost({0: "Ann", 2: "Bob"}, bind="127.0.0.1")
    try:
        assert {s: st.connected for s, st in host.status().items()} == {0: False, 2: False}
        host.push({0: {"actions": [], "turn": 1}, 2: {"actions": [], "turn": 1},
                   1: {"actions": [], "secret": "not a remote seat"}})

        async def talk() -> None:
            first = await Phone.open(host.urls()[0] + "/ws")
            state = await first.until("state")
            assert state["seat"] == 0 and "secret" not in json.dumps(state)
            while not host.status()[0].connected:
                await asyncio.sleep(0.01)
            assert not host.status()[2].connected
            second = await Phone.open(host.urls()[0] + "/ws")  # a reload: resumes
            assert (await second.until("state"))["rev"] == state["rev"]
            assert (await first.until("bye"))["reason"] == "replaced"
            await first.close()
            await second.close()
            while host.status()[0].connected:
                await asyncio.sleep(0.01)
            assert host.status()[0].ever_connected

        run(talk())
        url = host.urls()[2]
        host.close()
        with pytest.raises(aiohttp.ClientConnectionError):
            run(get(url))
    finally:
        host.close()
