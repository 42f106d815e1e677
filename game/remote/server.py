"""The LAN server for phones: aiohttp on an event loop in a background thread.

The game loop (pygame table or the headless ``host`` command) owns the game and stays
single-threaded; it drives a :class:`RemoteHost`:

* ``push(models_by_seat)`` after every change — each remote seat's model (plain JSON
  data).  The server stamps it with a new revision and sends it to that seat only;
* ``poll()`` each frame — the moves phones sent, as ``RemoteMove(seat, action_id)``,
  each already checked against the actions that seat's model offered at that revision
  (the game still maps it with its ``find_action`` and calls ``reject`` if it no longer
  fits);
* ``status()`` — who is connected (for the big screen), ``urls()`` — the seat links
  (for the QR codes), ``close()`` — with the game;
* ``set_board(version, pictures)`` — the headless host's public board as PNG bytes per
  language (game.ui.board_picture): served at ``/seat/<token>/board.png?lang=…`` and
  announced to every seat by a ``board`` frame with its version.

Between the two threads there are only a :class:`queue.SimpleQueue` (moves to the game),
``loop.call_soon_threadsafe`` (models and rejections to the server) and a lock-guarded
status snapshot: the server never touches the game's state.

What a stranger on the network may take from the server (connections, time, log lines)
is bounded by :mod:`game.remote.guard`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import secrets
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from aiohttp import WSMsgType, web

from game import resources
from game.remote import protocol
from game.remote.guard import BACKLOG, Guard, GuardedSite, Limits, in_flight, no_banner
from game.remote.net import resolve_bind

PHONE_FILES = {"phone.css": "text/css", "phone.js": "text/javascript"}
BOARD_MAX_BYTES = 8 * 1024 * 1024  # a board picture larger than this is not kept (a bug)
PAGE = "index.html"
# Headers of every page: the token is in the URL, so no referrer; nothing from elsewhere.
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; "
                                "connect-src 'self'; img-src 'self' data:; "
                                "base-uri 'none'; form-action 'none'"),
}
RATE = 20.0  # messages (and pings) a second a phone may send on average (a person taps far less)
BURST = 40  # … and at once
HEARTBEAT = 15.0  # seconds between pings: a phone that locked shows as gone soon


class RemoteMove(NamedTuple):
    seat: int
    action_id: str


@dataclass(frozen=True, slots=True)
class SeatStatus:
    seat: int
    name: str
    connected: bool
    ever_connected: bool


class _Bucket:
    """A token bucket: ``rate`` a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass
class _Seat:
    """One remote seat, touched only on the server's thread."""

    seat: int
    name: str
    token: str
    rev: int = 0
    frame: str = ""  # the latest "state" frame
    offer: protocol.Offer = protocol.NO_OFFER
    sent: bool = False  # a move was accepted at this revision (a second one is a replay)
    ws: web.WebSocketResponse | None = None
    ever: bool = False
    sockets: set[web.WebSocketResponse] = field(default_factory=set)


class RemoteHost:
    """A server for the remote seats of one game; it listens from construction to
    :meth:`close`.  ``seats``: seat → player name.  ``bind``: ``"lan"`` (default),
    ``"0.0.0.0"`` or an address (tests: ``"127.0.0.1"``); ``port`` 0 picks a free one;
    ``limits``: connections and timeouts (:class:`game.remote.guard.Limits`)."""

    def __init__(self, seats: Mapping[int, str], *, bind: str = "lan", port: int = 0,
                 rate: float = RATE, burst: int = BURST, phone_dir: Path | None = None,
                 limits: Limits | None = None):
        if not seats:
            raise ValueError("a RemoteHost needs at least one remote seat")
        self._listen, self._public = resolve_bind(bind)
        self._rate, self._burst = rate, burst
        # The page's three files, read once: a request then holds no file handle.
        folder = phone_dir or resources.assets_dir() / "phone"
        self._files: dict[str, bytes] = {}
        for name in (PAGE, *PHONE_FILES):
            with contextlib.suppress(OSError):
                self._files[name] = (folder / name).read_bytes()
        self._guard = Guard(limits or Limits())
        self._seats = {s: _Seat(s, name, secrets.token_urlsafe(16))
                       for s, name in sorted(seats.items())}
        self._by_token = {st.token: st for st in self._seats.values()}
        self._moves: queue.SimpleQueue[RemoteMove] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._status = {s: SeatStatus(s, st.name, False, False)
                        for s, st in self._seats.items()}
        self._rev = 0
        # the latest board picture: (version, PNG bytes by language); the server's thread's
        self._board: tuple[int, dict[str, bytes]] = (0, {})
        self._closed = False
        self._loop = asyncio.new_event_loop()
        self._loop.set_exception_handler(self._loop_error)
        self._runner: web.AppRunner | None = None
        self.port = 0
        started = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._serve, args=(port, started, failure),
                                        name="remote-host", daemon=True)
        self._thread.start()
        started.wait()
        if failure:
            self._thread.join()
            raise failure[0]

    # ------------------------------------------------------------ the game's side

    def urls(self) -> dict[int, str]:
        """Each remote seat's link (its QR code's text)."""
        host = f"[{self._public}]" if ":" in self._public else self._public
        return {s: f"http://{host}:{self.port}/seat/{st.token}"
                for s, st in self._seats.items()}

    def push(self, models_by_seat: Mapping[int, Mapping[str, Any]]) -> None:
        """Send each listed remote seat its new model (other seats' are ignored).  The
        models are serialised here, so the caller may change its objects afterwards."""
        if self._closed:
            return
        frames = {}
        self._rev += 1
        for seat, model in models_by_seat.items():
            if seat in self._seats:
                frames[seat] = (protocol.encode("state", rev=self._rev, seat=seat,
                                                model=model), protocol.offer_of(model))
        self._loop.call_soon_threadsafe(self._install, self._rev, frames)

    def set_board(self, version: int, pictures: Mapping[str, bytes]) -> None:
        """The public board's picture ``version`` (PNG bytes by language): phones fetch
        it at their seat's ``board.png`` and are told its version; an older version than
        the one served is ignored.  Any thread may call this."""
        if self._closed:
            return
        kept = {lang: bytes(png) for lang, png in pictures.items()
                if len(png) <= BOARD_MAX_BYTES}
        if kept:
            self._loop.call_soon_threadsafe(self._install_board, version, kept)

    def board_version(self) -> int:
        """The version of the board picture served now (0: none yet)."""
        return self._board[0]

    def poll(self, timeout: float = 0.0) -> list[RemoteMove]:
        """The moves received since the last poll, oldest first; waits up to ``timeout``
        seconds for the first one."""
        out: list[RemoteMove] = []
        try:
            out.append(self._moves.get(timeout=timeout) if timeout > 0
                       else self._moves.get_nowait())
            while True:
                out.append(self._moves.get_nowait())
        except queue.Empty:
            pass
        return out

    def reject(self, seat: int, action_id: str) -> None:
        """The game refused a polled move (no longer legal): tell the phone, and let it
        send another at the same revision."""
        if not self._closed:
            self._loop.call_soon_threadsafe(self._rejected, seat, action_id)

    def status(self) -> dict[int, SeatStatus]:
        with self._lock:
            return dict(self._status)

    def close(self) -> None:
        """Say goodbye to every phone and stop listening (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._loop.is_running():
            future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
            with contextlib.suppress(Exception):
                future.result(timeout=5)
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def __enter__(self) -> RemoteHost:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ the server's thread

    def _serve(self, port: int, started: threading.Event,
               failure: list[BaseException]) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._start(port))
        except BaseException as exc:  # e.g. the port is taken: raised in the caller
            failure.append(exc)
            started.set()
            self._loop.close()
            return
        started.set()
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's own complaints (e.g. ``accept`` out of file handles, once a
        second): one quiet line each, not a traceback each."""
        exc = context.get("exception")
        what = type(exc).__name__ if exc is not None else context.get("message", "?")
        # a traceback only for what may be our own bug, not for the network's doing
        self._guard.log.say("loop", "", f"event loop: {context.get('message', '')} ({what})",
                            exc_info=None if isinstance(exc, OSError) else exc)

    async def _start(self, port: int) -> None:
        app = web.Application(client_max_size=protocol.MAX_MESSAGE_CHARS,
                              middlewares=[in_flight])
        app.on_response_prepare.append(no_banner)
        app.router.add_get("/seat/{token}", self._page)
        app.router.add_get("/seat/{token}/ws", self._socket)
        app.router.add_get("/seat/{token}/board.png", self._board_png)
        app.router.add_get("/phone/{name}", self._asset)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        # Our own listening socket: port 0 then tells which free port it got.
        sock = socket.socket(socket.AF_INET6 if ":" in self._listen else socket.AF_INET,
                             socket.SOCK_STREAM)
        try:
            if os.name == "posix":  # a restart may take the port back at once
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self._listen, port))
            sock.listen(BACKLOG)
            sock.setblocking(False)
        except OSError:
            sock.close()
            await self._runner.cleanup()
            raise
        self.port = int(sock.getsockname()[1])
        await GuardedSite(self._runner, sock, self._guard).start()

    async def _shutdown(self) -> None:
        for st in self._seats.values():
            for ws in list(st.sockets):
                with contextlib.suppress(Exception):
                    await ws.send_str(protocol.encode("bye", reason="closed"))
                    await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _seat_of(self, request: web.Request) -> _Seat:
        token = request.match_info.get("token", "")
        # Compare against every token in constant time: a wrong guess learns nothing.
        found = None
        for known, st in self._by_token.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                found = st
        if found is None:
            raise web.HTTPForbidden(text="unknown seat", headers=SECURITY_HEADERS)
        return found

    def _file(self, name: str, kind: str) -> web.Response:
        body = self._files.get(name)
        if body is None:
            raise web.HTTPNotFound()
        return web.Response(body=body, headers={
            **SECURITY_HEADERS, "Content-Type": f"{kind}; charset=utf-8"})

    async def _page(self, request: web.Request) -> web.StreamResponse:
        self._seat_of(request)
        return self._file(PAGE, "text/html")

    async def _board_png(self, request: web.Request) -> web.StreamResponse:
        """The board picture for a seat's page: only with a seat's token, 404 without
        one or before the first picture; ``?lang=`` picks the language (else the first)."""
        try:
            self._seat_of(request)
        except web.HTTPForbidden:
            raise web.HTTPNotFound(headers=SECURITY_HEADERS) from None
        version, pictures = self._board
        if not pictures:
            raise web.HTTPNotFound(headers=SECURITY_HEADERS)
        lang = request.query.get("lang", "")
        body = pictures.get(lang) or next(iter(pictures.values()))
        return web.Response(body=body, headers={
            **SECURITY_HEADERS, "Content-Type": "image/png",
            "X-Board-Version": str(version)})

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in PHONE_FILES:  # a fixed list: no path ever reaches the disk
            raise web.HTTPNotFound()
        return self._file(name, PHONE_FILES[name])

    def _origins(self, request: web.Request) -> set[str]:
        """The origins of our own page: the address the links name, and the one this
        connection actually reached, never the Host header (any page can choose that
        one by pointing its own name at this address)."""
        hosts = {self._public}
        local = request.transport.get_extra_info("sockname") if request.transport else None
        if local:
            hosts.add(str(local[0]).removeprefix("::ffff:"))  # IPv4 on a dual-stack socket
        out = set()
        for host in hosts:
            name = f"[{host}]" if ":" in host else host
            out.add(f"http://{name}:{self.port}".lower())
            if self.port == 80:  # a browser leaves out the default port
                out.add(f"http://{name}".lower())
        return out

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        st = self._seat_of(request)
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in self._origins(request):
            raise web.HTTPForbidden(text="wrong origin")  # another site's page
        # autoping off: a ping is answered here, through the same throttle as a message
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, autoping=False,
                                   max_msg_size=protocol.MAX_FRAME_BYTES)
        await ws.prepare(request)
        old = st.ws
        st.ws = ws  # the newest page of a seat wins (a reload, a second tab)
        st.sockets.add(ws)
        st.ever = True
        self._publish()
        if old is not None and not old.closed:
            with contextlib.suppress(Exception):
                await old.send_str(protocol.encode("bye", reason="replaced"))
                await old.close()
        if st.frame:
            await ws.send_str(st.frame)
        if self._board[0]:
            await ws.send_str(protocol.encode("board", version=self._board[0]))
        bucket = _Bucket(self._rate, self._burst)
        told_throttled = 0.0
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    if not bucket.take():
                        # Dropped unread; said at most once a second, so a flood gets
                        # no flood back.
                        now = time.monotonic()
                        if now - told_throttled >= 1.0:
                            told_throttled = now
                            await ws.send_str(protocol.error("throttled"))
                        continue
                    reply = self._receive(st, ws, msg.data)
                    await ws.send_str(reply)
                elif msg.type == WSMsgType.BINARY:
                    if bucket.take():
                        await ws.send_str(protocol.error("binary"))
                elif msg.type == WSMsgType.PING:
                    if bucket.take():  # a flood of pings gets no flood of pongs
                        await ws.pong(msg.data)
                elif msg.type == WSMsgType.PONG:
                    continue  # the heartbeat's answer (any frame already reset it)
                else:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            st.sockets.discard(ws)
            if st.ws is ws:
                st.ws = None
            self._publish()
        return ws

    def _receive(self, st: _Seat, ws: web.WebSocketResponse, text: str) -> str:
        """One message of a seat's current page: the reply frame; an accepted move goes
        to the game's queue."""
        if ws is not st.ws:
            return protocol.error("stale")  # a replaced page
        try:
            act = protocol.parse_client(text)
        except protocol.ProtocolError as exc:
            return protocol.error(exc.code)
        if act.rev != st.rev or st.sent:
            return protocol.error("stale", act.id)
        if not st.offer.allows(act.id):
            return protocol.error("not_legal", act.id)
        st.sent = True
        self._moves.put(RemoteMove(st.seat, act.id))
        return protocol.encode("accepted", rev=act.rev, id=act.id)

    def _install(self, rev: int, frames: Mapping[int, tuple[str, protocol.Offer]]) -> None:
        for seat, (frame, offer) in frames.items():
            st = self._seats[seat]
            st.rev, st.frame, st.offer, st.sent = rev, frame, offer, False
            if st.ws is not None and not st.ws.closed:
                self._loop.create_task(self._send(st.ws, frame))

    def _install_board(self, version: int, pictures: dict[str, bytes]) -> None:
        if version <= self._board[0]:
            return  # a late picture of an older position
        self._board = (version, pictures)
        frame = protocol.encode("board", version=version)
        for st in self._seats.values():
            if st.ws is not None and not st.ws.closed:
                self._loop.create_task(self._send(st.ws, frame))

    def _rejected(self, seat: int, action_id: str) -> None:
        st = self._seats.get(seat)
        if st is None:
            return
        st.sent = False
        if st.ws is not None and not st.ws.closed:
            self._loop.create_task(self._send(st.ws, protocol.error("rejected", action_id)))

    @staticmethod
    async def _send(ws: web.WebSocketResponse, frame: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(frame)

    def _publish(self) -> None:
        snapshot = {s: SeatStatus(s, st.name, st.ws is not None, st.ever)
                    for s, st in self._seats.items()}
        with self._lock:
            self._status = snapshot

