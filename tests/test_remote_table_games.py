"""Arcs and Forbidden Stars from phones (issue 23): the session serves its remote seats,
a phone's payload carries nothing of what the seat may not see, a move names the
position it was offered at, and the headless host plays either game from phones."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from game import i18n
from game.arcs.data import load_arcs_rules
from game.arcs.ui.labels import SECRET_KINDS as ARCS_SECRET
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.commands.host import TableHostLoop, make_table_session
from game.forbidden_stars import labels as fs_labels
from game.forbidden_stars.labels import SECRET_KINDS as FS_SECRET
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.remote import protocol
from game.ui.table_session import REMOTE, parse_remote_id, remote_id
from tests.remote_game import Phone
from tests.test_arcs_ui_table import _redeal as arcs_redeal
from tests.test_fs_undo import redeal as fs_redeal

GAMES = ("arcs", "forbidden_stars")


def session_of(game: str, seats: tuple[str, ...], seed: int = 3) -> Any:
    names = tuple(f"P{i + 1}" for i in range(len(seats)))
    if game == "arcs":
        return ArcsSession(ArcsSetup(seats, names, seed), bot_delay=0.0, autosave=False)
    return FsSession(FsSetup(seats, names, seed=seed), bot_delay=0.0, autosave=False)


def play_some(session: Any, actions: int, seed: int) -> Iterator[Any]:
    """Play ``actions`` actions (the remote seats at random among their phone's ids, the
    bots as at the table), yielding the session before each."""
    rng = random.Random(seed)
    for _ in range(actions):
        if session.over:
            return
        yield session
        seat = session.acting
        if session.is_remote(seat):
            ids = [a["id"] for a in session.phone_payload(seat)["actions"]]
            assert ids, "the acting phone seat is offered nothing"
            action = session.find_remote(seat, rng.choice(ids))
            assert action is not None
            session._apply(action)
        else:
            assert session.step_bots(1.0)


def test_remote_ids_name_a_position_and_an_index():
    assert parse_remote_id(remote_id(12, 3)) == (12, 3)
    assert protocol.ID_RE.fullmatch(remote_id(10**8, 999))
    for bad in ("act:c1", "act:c1:i", "act:cx:i1", "play:c1:i1", "act:c1:i1:x",
                "act:c1234567890:i1", ""):
        assert parse_remote_id(bad) is None


@pytest.mark.parametrize("game", GAMES)
def test_remote_seats_are_neither_bots_nor_played_at_the_screen(game):
    s = session_of(game, (REMOTE, "greedy", "human"))
    try:
        assert s.remote == [0] and s.humans == [2] and s.screen_seat == 2
        assert set(s.bots) == {1}  # no computer player for a phone seat
        while not s.is_remote(s.acting):
            if s.is_human(s.acting):
                s.choose(s.legal()[0])
            else:
                assert s.step_bots(1.0)
        assert not s.step_bots(10.0)  # the phone's turn: nobody here acts for it
        # the big screen's view of a phone seat is the public one
        view = s.view(0)
        assert all(c in ("?", ) for c in getattr(view.players[0], "hand", ["?"]))
    finally:
        s.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_move_for_a_position_the_game_left_is_refused(game):
    s = session_of(game, (REMOTE, "greedy"))
    try:
        while not s.is_remote(s.acting):
            assert s.step_bots(1.0)
        ids = [a["id"] for a in s.phone_payload(0)["actions"]]
        assert s.find_remote(1, ids[0]) is None  # another seat's
        assert s.find_remote(0, "act:c0:i99999") is None  # no such index
        stale = ids[0]
        s._apply(s.find_remote(0, stale))
        assert s.find_remote(0, stale) is None  # that position is gone
    finally:
        s.close()


def arcs_hand_names(state: Any, seat: int) -> set[str]:
    rules = load_arcs_rules()
    names = {c.id: (c.name_en, c.name_ru) for c in rules.action_cards}
    out: set[str] = set()
    for p in state.players:
        if p.index != seat and not (state.peek and state.peek[0] == seat
                                    and state.peek[1] == p.index):
            for c in p.hand:
                out.update(names[c])
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_arcs_phone_payload_is_the_same_with_every_hidden_card_dealt_otherwise(players):
    seats = (REMOTE,) * players
    s = session_of("arcs", seats, seed=players)
    checked = 0
    try:
        for i, session in enumerate(play_some(s, 160, players)):
            if i % 9:
                continue
            state = session.state
            for seat in range(players):
                mine = session.phone_payload(seat)
                other = arcs_redeal(state, seat, i + seat)
                session.state = other
                try:
                    assert session.phone_payload(seat) == mine
                finally:
                    session.state = state
                text = json.dumps({k: v for k, v in mine["text"]["en"].items() if k != "log"},
                                  ensure_ascii=False)
                ru = json.dumps({k: v for k, v in mine["text"]["ru"].items() if k != "log"},
                                ensure_ascii=False)
                for name in arcs_hand_names(state, seat):
                    assert name not in text and name not in ru, (seat, name)
                checked += 1
    finally:
        s.close()
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_forbidden_stars_phone_payload_is_the_same_with_its_secrets_dealt_otherwise(
        players):
    s = session_of("forbidden_stars", (REMOTE,) * players, seed=players)
    rng = random.Random(players)
    checked = 0
    try:
        for i, session in enumerate(play_some(s, 400, players)):
            if i % 13:
                continue
            state = session.state
            for seat in range(players):
                mine = session.phone_payload(seat)
                session.state = fs_redeal(state, seat, rng)
                try:
                    assert session.phone_payload(seat) == mine
                finally:
                    session.state = state
                checked += 1
    finally:
        s.close()
    assert checked > 40


def test_the_phone_log_never_names_a_rivals_face_down_card():
    """The phone's log is the table's move log (game.ui.log_panel): the lines of a
    rival's face-down copy or seizing card never name it; its own do."""
    s = session_of("arcs", (REMOTE, REMOTE, REMOTE), seed=5)
    seen = named = 0
    try:
        for session in play_some(s, 400, 5):
            log = (session.state.log or [])[-30:]
            for seat in range(3):
                lines = session.phone_payload(seat)["text"]
                rules = session.state.rules
                for lang in ("en", "ru"):
                    # the phone lists the last lines of the table's own log
                    assert lines[lang]["log"] == [
                        line.text for line in session.move_log(seat, lang)[-30:]]
                    told = session.move_book.by_action(seat, lang)[-len(log):] if log else []
                    for action, entry in zip(log, told, strict=True):
                        if action.kind in ARCS_SECRET and action.card:
                            card = next(c for c in rules.action_cards if c.id == action.card)
                            text = " ".join(line.text for line in entry)
                            if action.seat != seat:
                                assert card.name_en not in text and card.name_ru not in text
                                seen += 1
                            else:
                                named += card.name_en in text or card.name_ru in text
    finally:
        s.close()
    assert seen > 10 and named > 5


def test_the_forbidden_stars_phone_log_names_a_rivals_hidden_choice_only_by_player():
    """A rival's placed order is told by the system it went on, any other hidden choice
    by its player only (the phone's log is the table's move log)."""
    s = session_of("forbidden_stars", (REMOTE, REMOTE), seed=2)
    seen = 0
    try:
        for session in play_some(s, 300, 2):
            log = (session.state.log or [])[-30:]
            for seat in range(2):
                lines = session.phone_payload(seat)["text"]["en"]["log"]
                assert lines == [line.text for line in session.move_log(seat, "en")[-30:]]
                told = session.move_book.by_action(seat, "en")[-len(log):] if log else []
                for action, entry in zip(log, told, strict=True):
                    if action.seat != seat and action.kind in FS_SECRET:
                        name = session.names[action.seat]
                        if action.kind == "place":
                            system = fs_labels.system_name(session.state, action.target, "en")
                            want = i18n.t("fs_log.secret_place", "en", name=name,
                                          system=system)
                        elif action.kind == "storm":
                            # the storm's move is public (RB p.6), the card whose icon
                            # moved it is not, unless that card was the deck's top card,
                            # shown because its owner drew none
                            text = entry[0].text
                            # this refresh's draws: the latest "Events: …" line before it
                            whole = session.move_book.by_action(seat, "en")
                            at = len(whole) - len(told) + told.index(entry)
                            draws = next(e.text for ent in reversed(whole[:at]) for e in ent
                                         if e.text.startswith("Events: each player draws"))
                            shown = f"{name} 0" in draws.split(": ")[-1].split(", ")
                            assert text.startswith("Warp storm:")
                            assert shown or i18n.t("fs_refresh.their_card", "en") in text
                            seen += 1
                            continue
                        elif entry[0].text.startswith("Event: "):
                            # an event card is played face up: the book reveals it then
                            seen += 1
                            continue
                        elif entry[0].text.startswith(f"{name} makes a choice for "):
                            # a choice a face-up event asks for: the card is public, what
                            # its player chose is not told
                            assert entry[0].text == i18n.t(
                                "fs_refresh.card_secret", "en", name=name,
                                card=entry[0].text.removeprefix(f"{name} makes a choice for "))
                            seen += 1
                            continue
                        else:
                            want = i18n.t("fs_table.secret_choice", "en", name=name)
                        assert entry[0].text == want
                        seen += 1
    finally:
        s.close()
    assert seen > 10


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_payload_is_in_both_languages(game):
    s = session_of(game, (REMOTE, "greedy"))
    try:
        for session in play_some(s, 60, 1):
            p = session.phone_payload(0)
            assert set(p["text"]) == {"en", "ru"}
            en, ru = p["text"]["en"], p["text"]["ru"]
            assert set(en["actions"]) == set(ru["actions"]) == {a["id"] for a in p["actions"]}
            assert en["title"] != ru["title"]
            assert len(json.dumps(p)) < 64 * 1024  # well inside a frame
    finally:
        s.close()


# ---------------------------------------------------------------------- over the network


def host_args(game: str, seats: str, **kw: Any) -> argparse.Namespace:
    base = {"game": game, "seats": seats, "names": "", "seed": 4, "load": "",
            "ai_delay": 0.0}
    return argparse.Namespace(**{**base, **kw})


@contextmanager
def hosted(game: str, seats: str = "remote,greedy") -> Iterator[Any]:
    session = make_table_session(host_args(game, seats))
    assert not isinstance(session, str), session
    session.autosaves = False
    assert session.open_remote("127.0.0.1", 0)
    loop = TableHostLoop(session, say=lambda text: None)
    stop = threading.Event()
    thread = threading.Thread(target=loop.run, args=(stop,), daemon=True)
    thread.start()
    try:
        yield session
    finally:
        stop.set()
        thread.join(10)
        session.close()


async def _play_from_a_phone(url: str, moves: int) -> list[dict]:
    phone = await Phone.open(url + "/ws")
    got = []
    try:
        done = 0
        while done < moves:
            frame = await phone.until("state", timeout=20)
            got.append(frame)
            ids = phone.actions()
            if frame["model"]["over"]:
                break
            if not ids:
                continue
            # a made-up id and another position's are refused by the server
            await phone.act("act:c999999:i0")
            assert (await phone.until("error"))["code"] == "not_legal"
            await phone.act(ids[0])
            assert (await phone.until("accepted"))["id"] == ids[0]
            done += 1
        got.append(await phone.until("state", timeout=20))  # the last move, applied
    finally:
        await phone.close()
    return got


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_plays_moves_over_the_network_and_sees_only_its_seat(game):
    with hosted(game) as session:
        url = session.remote_urls()[0]
        frames = asyncio.run(_play_from_a_phone(url, 6))
        assert len(frames) >= 6
        assert all(f["seat"] == 0 and f["model"]["viewer"] == 0 for f in frames)
        assert all(f["model"]["layout"] == "list" for f in frames)
        revs = [f["rev"] for f in frames]
        assert revs == sorted(revs) and len(set(revs)) == len(revs)
    assert sum(1 for a in session.state.log if a.seat == 0) >= 6


def test_the_host_refuses_bad_seats_for_arcs_and_forbidden_stars():
    for game in GAMES:
        assert "no remote seat" in make_table_session(host_args(game, "greedy,normal"))
        assert "2 to 4" in make_table_session(host_args(game, "remote"))
        assert "unknown seat kind" in make_table_session(host_args(game, "remote,boss"))
        assert "names" in make_table_session(host_args(game, "remote,greedy", names="A"))


async def _flood(session: Any, rng: random.Random, count: int) -> None:
    urls = session.remote_urls()
    phones = [await Phone.open(urls[s] + "/ws") for s in sorted(urls)]
    try:
        for phone in phones:
            await phone.until("state")
        acting = session.acting
        offered = phones[acting].actions()
        changes = session.changes
        for _ in range(count):
            phone = phones[rng.randrange(len(phones))]
            rev = phone.state["rev"]
            pick = rng.randrange(6)
            if pick == 0:  # an offered id from the seat that does not act
                msg = {"v": 1, "t": "act", "rev": rev, "id": rng.choice(offered)}
                phone = phones[1 - acting]
            elif pick == 1:  # another position's id
                msg = {"v": 1, "t": "act", "rev": rev,
                       "id": remote_id(changes + rng.randrange(1, 50), 0)}
            elif pick == 2:  # an index past the list
                msg = {"v": 1, "t": "act", "rev": rev,
                       "id": remote_id(changes, len(offered) + rng.randrange(100))}
            elif pick == 3:  # a replay of an old revision
                msg = {"v": 1, "t": "act", "rev": rev - rng.randrange(1, 5),
                       "id": rng.choice(offered)}
            elif pick == 4:
                msg = {"v": 1, "t": "act", "rev": rev, "id": f"act:c{changes}:i-1"}
            else:
                await phone.send("x" * rng.randrange(1, 3000))
                await phone.until("error")
                continue
            await phone.send(msg)
            reply = await phone.until("error")
            assert reply["code"] in ("not_legal", "stale", "bad_message", "too_big"), reply
        # still playable: the acting seat's real move goes through
        await phones[acting].act(offered[0])
        assert (await phones[acting].until("accepted"))["id"] == offered[0]
        await phones[acting].until("state")
    finally:
        for phone in phones:
            await phone.close()


@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_bad_messages_change_nothing_and_the_game_goes_on(game):
    session = make_table_session(host_args(game, "remote,remote"))
    assert not isinstance(session, str)
    session.autosaves = False
    assert session.open_remote("127.0.0.1", 0, rate=1e9, burst=10**9)
    loop = TableHostLoop(session, say=lambda text: None)
    stop = threading.Event()
    thread = threading.Thread(target=loop.run, args=(stop,), daemon=True)
    before = len(session.state.log or ())
    thread.start()
    try:
        asyncio.run(_flood(session, random.Random(7), 2500))
    finally:
        stop.set()
        thread.join(10)
        session.close()
    assert len(session.state.log) == before + 1  # only the one real move
