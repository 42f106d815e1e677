"""What anyone on the network may take from the phone server (issue 36, items 18-19).

The server listens on the LAN, so any device there can reach it, seat link or not.
This module bounds what such a device gets:

* **connections**: at most ``per_address`` from one address and ``total`` in all, and
  never more than half the process's file handles (:func:`fd_budget`), so autosaves,
  fonts and sounds always find one.  When all are taken, the oldest connection with no
  request in flight (a half-open or idle one) makes room; beyond that a new one is
  refused (closed at once);
* **time**: a connection must send a whole request head within ``header_timeout``
  seconds of connecting, or of its first byte after a reply; an HTTP connection with
  nothing in flight is closed after ``idle_timeout``.  A WebSocket is in flight all its
  life: its heartbeat (``server.HEARTBEAT``) finds a phone that went away;
* **words**: a bad request gets a bare ``400 Bad Request`` (never its own bytes back);
  what the server logs (refusals, bad requests, errors) is one line with no traceback,
  at most once per ``log_every`` seconds per kind and address (:class:`QuietLog`); no
  reply names the server's software or version;
* **frames**: a client's WebSocket frame that is not masked (RFC 6455, 5.1) closes the
  socket with 1002 (protocol error), unread.

aiohttp (``constraints.txt``) has none of these: it keeps a silent connection for an
hour, answers a bad request with the request and logs its traceback, accepts unmasked
frames and sends ``Server: Python/x aiohttp/y``.  :class:`Connection` is its
``RequestHandler`` with the limits; :class:`GuardedSite` listens with it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, cast

from aiohttp import web

_log = logging.getLogger("game.remote")

HEADER_TIMEOUT = 10.0  # seconds to send a request's head (a phone needs well under one)
IDLE_TIMEOUT = 30.0  # an HTTP connection with nothing in flight (a browser reconnects)
MAX_PER_ADDRESS = 20  # a phone's page opens about five
MAX_CONNECTIONS = 200
LOG_EVERY = 60.0  # one line per kind and address a minute
LOG_LINES = 60  # … and no more than this many lines a minute in all
BACKLOG = 1024  # a flood must not fill the queue the kernel keeps for us (SYN dropped: 1 s)


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (tests use short ones)."""

    header_timeout: float = HEADER_TIMEOUT
    idle_timeout: float = IDLE_TIMEOUT
    per_address: int = MAX_PER_ADDRESS
    total: int = MAX_CONNECTIONS
    log_every: float = LOG_EVERY


def fd_budget() -> int | None:
    """How many connections the process can afford: half its file-handle limit (the
    other half stays for saves, assets and the rest), or None where there is no such
    limit to read."""
    try:
        import resource  # lazy: POSIX only
    except ImportError:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else max(1, soft // 2)


class QuietLog:
    """Log lines that a stranger can cause: at most one per ``every`` seconds for each
    (kind, address), and at most :data:`LOG_LINES` in any such period in all.  A line
    says how many like it were left out since the last one."""

    def __init__(self, every: float, lines: int = LOG_LINES,
                 clock: Callable[[], float] = time.monotonic):
        self.every, self.lines, self.clock = every, lines, clock
        self._last: dict[tuple[str, str], float] = {}
        self._skipped: dict[tuple[str, str], int] = {}
        self._window, self._said = -math.inf, 0

    def say(self, kind: str, address: str, text: str, *,
            exc_info: BaseException | None = None) -> bool:
        """Log ``text`` (a warning) unless one of its kind from ``address`` was logged
        less than ``every`` seconds ago; True when it was logged."""
        now = self.clock()
        key = (kind, address)
        if now - self._window >= self.every:
            self._window, self._said = now, 0
            if len(self._last) > 4096:  # many addresses: forget the ones gone quiet
                self._last = {k: t for k, t in self._last.items() if now - t < self.every}
        if now - self._last.get(key, -math.inf) < self.every or self._said >= self.lines:
            self._skipped[key] = self._skipped.get(key, 0) + 1
            return False
        self._last[key] = now
        self._said += 1
        skipped = self._skipped.pop(key, 0)
        more = f" ({skipped} more like it not logged)" if skipped else ""
        _log.warning("phone server: %s%s", text, more, exc_info=exc_info)
        return True


class Guard:
    """The connections of one server (touched only on its event loop's thread)."""

    def __init__(self, limits: Limits):
        self.limits = limits
        budget = fd_budget()
        self.total = limits.total if budget is None else min(limits.total, budget)
        self.log = QuietLog(limits.log_every)
        self.refused = 0  # connections refused (for tests and the curious)
        self._open: dict[Connection, None] = {}  # oldest first
        self._by_address: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._open)

    def admit(self, conn: Connection) -> bool:
        """Count a new connection in, making room if need be; False: refuse it."""
        address = conn.address
        why = ""
        if self._by_address.get(address, 0) >= self.limits.per_address:
            why = f"more than {self.limits.per_address} connections from one address"
        elif len(self._open) >= self.total:
            idle = next((c for c in self._open if not c.busy), None)
            if idle is None:
                why = f"all {self.total} connections are in use"
            else:
                idle.drop()
        if why:
            self.refused += 1
            self.log.say("refused", address, f"refused connections from {address}: {why}")
            return False
        self._open[conn] = None
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return True

    def leave(self, conn: Connection) -> None:
        if self._open.pop(conn, False) is None:
            left = self._by_address[conn.address] - 1
            if left:
                self._by_address[conn.address] = left
            else:
                del self._by_address[conn.address]


class MaskedFrames:
    """Stands before aiohttp's WebSocket parser and passes it the client's bytes while
    every frame is masked, as RFC 6455 (5.1) requires of a client.  At the first frame
    that is not, it passes one frame with a reserved bit set instead, which the parser
    must refuse (5.2): aiohttp then answers what came before, in order, and closes
    with 1002 (protocol error); the unmasked frame and all after it are never read.
    It reads only the frame heads (2-14 bytes, held back until whole) and counts the
    payloads past."""

    # FIN + RSV2 + text, masked, no payload
    REFUSED = bytes([0x80 | 0x20 | 0x1, 0x80]) + b"\0\0\0\0"

    def __init__(self, parser: Any, refused: Callable[[], None]):
        self.parser, self.refused = parser, refused
        self._held = b""  # a frame head that has not all come yet
        self._left = 0  # payload bytes of the current frame still to come
        self._bad = False

    def feed_eof(self) -> None:
        self.parser.feed_eof()

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        if self._bad:
            return False, b""
        data = self._held + data
        self._held = b""
        pos, end = 0, len(data)
        while pos < end:
            if self._left:
                step = min(self._left, end - pos)
                self._left -= step
                pos += step
                continue
            if end - pos >= 2 and not (data[pos + 1] & 0x80):
                self._bad = True
                self.refused()
                return self.parser.feed_data(data[:pos] + self.REFUSED)
            size = data[pos + 1] & 0x7F if end - pos >= 2 else 0
            need = 2 + {126: 2, 127: 8}.get(size, 0) + 4
            if end - pos < need:
                self._held, data = data[pos:], data[:pos]
                break
            if size == 126:
                size = struct.unpack_from("!H", data, pos + 2)[0]
            elif size == 127:
                size = struct.unpack_from("!Q", data, pos + 2)[0]
            pos += need
            self._left = size
        return self.parser.feed_data(data)


class Connection(web.RequestHandler):
    """aiohttp's connection handler with the guard's limits (one per TCP connection)."""

    def __init__(self, guard: Guard, manager: web.Server, **kwargs: Any):
        super().__init__(manager, **kwargs)
        self.guard = guard
        self.address = ""
        self.busy = 0  # requests in flight; a WebSocket is one for all its life
        self._link: asyncio.Transport | None = None  # kept: aiohttp drops its own on close
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # (asyncio types the argument as the base class; a TCP server's is a Transport)
        link = cast(asyncio.Transport, transport)
        peer = link.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        if not self.guard.admit(self):
            link.abort()  # unread and unanswered: it costs a file handle for a moment
            return
        self._link = link
        super().connection_made(transport)
        self._expire_in(self.guard.limits.header_timeout)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._link is None:
            return  # refused: aiohttp never saw it
        self.guard.leave(self)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self.busy and data:  # a request's first bytes: its head must come soon
            self._expire_in(self.guard.limits.header_timeout, sooner_only=True)
        super().data_received(data)

    def begin(self) -> None:
        """A request's head has come and its handler runs."""
        self.busy += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def end(self) -> None:
        """Its handler returned (its reply is being sent)."""
        self.busy -= 1
        if not self.busy:
            self._expire_in(self.guard.limits.idle_timeout)

    def drop(self) -> None:
        """Close the connection now, unanswered (it made room for a newer one)."""
        self.guard.leave(self)
        if self._link is not None:
            self._link.abort()

    def _expire_in(self, seconds: float, sooner_only: bool = False) -> None:
        loop = self._loop
        when = loop.time() + seconds
        if self._timer is not None:
            if sooner_only and self._timer.when() <= when:
                return
            self._timer.cancel()
        self._timer = loop.call_at(when, self._expire)

    def _expire(self) -> None:
        self._timer = None
        if self._link is not None:
            self._link.abort()  # close() would wait for a peer that does not read

    # -------------------------------------------------------- words and frames

    def log_exception(self, *args: Any, **kw: Any) -> None:
        exc = kw.get("exc_info")
        self.guard.log.say("error", self.address, f"error with {self.address}: "
                           f"{type(exc).__name__ if exc else args[0] if args else '?'}")

    def handle_error(self, request: web.BaseRequest, status: int = 500,
                     exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """A bad request (or a failed handler): a bare reply that never repeats the
        request, and one quiet line (a traceback only for the server's own failure)."""
        if status >= 500:
            self.guard.log.say("error", self.address, f"error {status} answering "
                               f"{self.address}", exc_info=exc)
        else:
            self.guard.log.say("bad", self.address, f"bad request from {self.address} "
                               f"({type(exc).__name__ if exc else status})")
        if request.writer.output_size > 0:  # as aiohttp: a reply had begun, drop it
            raise ConnectionError("a reply was already under way")
        return bare_reply(status)

    def set_parser(self, parser: Any, data_received_cb: Callable[[], None] | None = None
                   ) -> None:
        # (aiohttp types the parser as its WebSocketReader; MaskedFrames wraps one and
        # offers the same feed_data)
        super().set_parser(MaskedFrames(parser, self._unmasked),  # type: ignore[arg-type]
                           data_received_cb)

    def _unmasked(self) -> None:
        self.guard.log.say("unmasked", self.address,
                           f"closed a WebSocket of {self.address}: unmasked frame")


class _Bare(web.Response):
    """A reply with no ``Server`` header.  Routed replies lose it in the application's
    ``on_response_prepare`` (:func:`no_banner`); a request too bad to be routed has no
    such hook, so its reply drops the header itself."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        self.headers.popall("Server", None)


def bare_reply(status: int) -> web.Response:
    phrase = HTTPStatus(status).phrase
    reply = _Bare(status=status, text=f"{status} {phrase}",
                  headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})
    reply.force_close()
    return reply


async def no_banner(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: aiohttp names Python's and its own version in
    ``Server``; a stranger learns nothing from us."""
    response.headers.popall("Server", None)


@web.middleware
async def in_flight(request: web.Request, handler: Any) -> web.StreamResponse:
    """Marks the connection busy while a handler runs (no timeout then), and answers an
    aiohttp ``400`` (a bad WebSocket handshake) without the request's words."""
    conn = request.protocol if isinstance(request.protocol, Connection) else None
    if conn is not None:
        conn.begin()
    try:
        return await handler(request)
    except web.HTTPBadRequest as exc:
        if conn is not None:
            conn.guard.log.say("bad", conn.address, f"bad request from {conn.address} "
                               f"({type(exc).__name__})")
        raise web.HTTPBadRequest(text="400 Bad Request") from None
    finally:
        if conn is not None:
            conn.end()


class GuardedSite(web.BaseSite):
    """Listens on an already bound socket with :class:`Connection` handlers."""

    __slots__ = ("_guard", "_sock")

    def __init__(self, runner: web.AppRunner, sock: Any, guard: Guard):
        super().__init__(runner, backlog=BACKLOG)
        self._sock, self._guard = sock, guard

    @property
    def name(self) -> str:
        return f"guarded {self._sock.getsockname()!r}"

    async def start(self) -> None:
        await super().start()
        loop = asyncio.get_running_loop()
        manager = self._runner.server
        assert manager is not None
        idle = self._guard.limits.idle_timeout

        def connection() -> Connection:
            return Connection(self._guard, manager, loop=loop, keepalive_timeout=idle,
                              access_log=None)

        self._server = await loop.create_server(connection, sock=self._sock,
                                                backlog=self._backlog)
