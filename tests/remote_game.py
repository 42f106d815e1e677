"""A Star Realms game served to phones on 127.0.0.1, for the remote tests and the bench:
the headless host's session and loop, a WebSocket client, and what a seat must never
learn (the real state's hidden cards)."""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import aiohttp

from game.commands.host import HostLoop, make_session
from game.remote import RemoteHost
from game.star_realms.saves import to_document


def options(seats: str = "remote,remote", fmt: str = "duel", seed: int = 1,
            sets: str = "core", missions: bool = False,
            gambits: bool = False) -> argparse.Namespace:
    return argparse.Namespace(game="star_realms", sets=sets, seats=seats, format=fmt,
                              seed=seed, max_turns=1000, adventure="", difficulty="veteran",
                              names="", load="", missions=missions, gambits=gambits)


class Served:
    """A session, its remote host and loop; ``step`` runs the game loop in the caller's
    thread, ``start``/``stop`` in a background one (the test then reads the game only
    after ``stop``)."""

    def __init__(self, seats: str = "remote,remote", fmt: str = "duel", seed: int = 1,
                 missions: bool = False, gambits: bool = False, **host_options: Any):
        made = make_session(options(seats, fmt, seed, missions=missions, gambits=gambits))
        assert not isinstance(made, str), made
        self.session, self.remote = made
        self.host = RemoteHost({s: self.session.name(s) for s in self.remote},
                               bind="127.0.0.1", **host_options)
        self.loop = HostLoop(self.session, self.remote, self.host, ai_delay=0.0,
                             say=lambda text: None)
        self.loop.push()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def url(self, seat: int) -> str:
        return self.host.urls()[seat]

    def ws_url(self, seat: int) -> str:
        return self.url(seat) + "/ws"

    def step(self, wait: float = 0.5) -> bool:
        return self.loop.step(wait)

    def start(self) -> None:
        self._thread = threading.Thread(target=self.loop.run, args=(self._stop,), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            assert not self._thread.is_alive()
            self._thread = None
        self._stop.clear()

    def snapshot(self) -> str:
        """The whole game as a save document (seed, actions, everything but the time)."""
        doc = to_document(self.session.state)
        del doc["saved_at"]
        return json.dumps(doc, sort_keys=True)

    def close(self) -> None:
        self.stop()
        self.host.close()
        self.session.close()


@contextmanager
def served(*args: Any, **kwargs: Any) -> Iterator[Served]:
    game = Served(*args, **kwargs)
    try:
        yield game
    finally:
        game.close()


def hidden_from(state: Any, seat: int) -> set[int]:
    """Card instances ``seat`` must never be told of: other hands it may not see, and
    every deck below its publicly known top cards; and the trade deck."""
    fmt = state.format
    out: set[int] = set(state.trade_deck)
    for s in state.seats:
        if s.index != seat and not fmt.sees_hand(state, seat, s.index):
            out.update(s.hand)
        out.update(s.deck[:len(s.deck) - s.known_top])
    return out


def iids_in(doc: Any) -> set[int]:
    """Every ``iid`` a message carries, wherever it is."""
    found: set[int] = set()

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == "iid" and isinstance(v, int):
                    found.add(v)
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(doc)
    return found


def faces_shown(model: dict) -> set[str]:
    """The card faces a model shows (the keys its words may have)."""
    faces: set[str] = set()

    def walk(obj: Any) -> None:
        if isinstance(obj, dict):
            if "iid" in obj and "id" in obj:
                cid = obj.get("copy_of") or obj["id"]
                up = obj.get("copy_upgrade") if obj.get("copy_of") else obj.get("upgrade")
                faces.add(f"{cid}|{up}" if up else cid)
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            for v in obj:
                walk(v)

    walk(model)
    return faces


class Phone:
    """One seat's WebSocket, as the page uses it."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse):
        self.http, self.ws = http, ws
        self.frames: list[dict] = []
        self.state: dict | None = None

    @classmethod
    async def open(cls, url: str) -> Phone:
        http = aiohttp.ClientSession()
        try:
            ws = await http.ws_connect(url, max_msg_size=0)
        except BaseException:
            await http.close()
            raise
        return cls(http, ws)

    async def recv(self, timeout: float = 10.0) -> dict:
        msg = await self.ws.receive(timeout=timeout)
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        frame = json.loads(msg.data)
        self.frames.append(frame)
        if frame["t"] == "state":
            self.state = frame
        return frame

    async def until(self, kind: str, timeout: float = 10.0) -> dict:
        while True:
            frame = await self.recv(timeout)
            if frame["t"] == kind:
                return frame

    async def send(self, payload: Any) -> None:
        await self.ws.send_str(payload if isinstance(payload, str) else json.dumps(payload))

    async def act(self, ident: str, rev: int | None = None) -> None:
        assert self.state is not None
        await self.send({"v": 1, "t": "act", "rev": self.state["rev"] if rev is None else rev,
                         "id": ident})

    def actions(self) -> list[str]:
        assert self.state is not None
        return [a["id"] for a in self.state["model"]["actions"]]

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()


def run(coro: Any) -> Any:
    return asyncio.run(coro)
