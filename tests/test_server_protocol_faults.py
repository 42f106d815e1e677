"""The phone server against a hostile client on 127.0.0.1 (issue 36, item 19): a
malformed request gets a bare 400 and at most one log line without a traceback; no
reply names the server's software; an unmasked client frame closes the WebSocket with
1002; pings count against the throttle; the Origin is compared with the address
actually served, not with the Host header.  Raw sockets, so nothing is tidied up by a
client library on the way."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import struct
import time

import aiohttp
import pytest

from game.remote import RemoteHost
from game.remote.server import BURST, RATE
from tests.remote_game import run

MODEL = {"actions": [{"id": "end_turn"}, {"id": "play:c3"}]}


# ---------------------------------------------------------------------- a raw client


def connect(port: int, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def read_all(sock: socket.socket, limit: float = 5.0) -> bytes:
    """Everything until the server closes (or ``limit`` seconds pass)."""
    sock.settimeout(limit)
    out = b""
    try:
        while chunk := sock.recv(65536):
            out += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return out


def http_head(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read a reply's status line and headers; (status, headers, what came after)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, f"closed before a reply's head: {data!r}"
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, rest


def get(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """One GET on a fresh connection (closed after): status, headers, body."""
    with connect(port, source) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Connection: close\r\n\r\n".encode())
        status, headers, rest = http_head(sock)
        return status, headers, rest + read_all(sock)


def ws_open(port: int, path: str, extra: str = "", source: str = "127.0.0.1"
            ) -> tuple[socket.socket, bytes]:
    """A WebSocket handshake by hand; the socket and the bytes after the 101's head."""
    sock = connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 f"Sec-WebSocket-Version: 13\r\n{extra}\r\n".encode())
    status, _, rest = http_head(sock)
    assert status == 101
    return sock, rest


def frame(opcode: int, payload: bytes, masked: bool = True) -> bytes:
    """One final frame as a client sends it (RFC 6455: masked), or unmasked."""
    n = len(payload)
    head = bytes([0x80 | opcode])
    bit = 0x80 if masked else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 65536:
        head += bytes([bit | 126]) + struct.pack("!H", n)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", n)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


class Frames:
    """Reads the server's (unmasked) frames off a raw socket."""

    def __init__(self, sock: socket.socket, buffered: bytes = b""):
        self.sock, self.buf = sock, buffered

    def _need(self, n: int) -> bool:
        while len(self.buf) < n:
            try:
                chunk = self.sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                return False
            if not chunk:
                return False
            self.buf += chunk
        return True

    def next(self, timeout: float = 5.0) -> tuple[int, bytes] | None:
        """(opcode, payload), or None when the socket closed or went quiet."""
        self.sock.settimeout(timeout)
        if not self._need(2):
            return None
        size, at = self.buf[1] & 0x7F, 2
        if size == 126:
            if not self._need(4):
                return None
            size, at = struct.unpack_from("!H", self.buf, 2)[0], 4
        elif size == 127:
            if not self._need(10):
                return None
            size, at = struct.unpack_from("!Q", self.buf, 2)[0], 10
        if not self._need(at + size):
            return None
        opcode, payload = self.buf[0] & 0x0F, self.buf[at:at + size]
        self.buf = self.buf[at + size:]
        return opcode, payload

    def text(self, timeout: float = 5.0) -> dict:
        got = self.next(timeout)
        assert got is not None and got[0] == 1, got
        return json.loads(got[1])


def act(rev: int, ident: str) -> bytes:
    return json.dumps({"v": 1, "t": "act", "rev": rev, "id": ident}).encode()


@pytest.fixture
def host():
    with RemoteHost({0: "Ann"}, bind="127.0.0.1") as served:
        served.push({0: MODEL})
        yield served


def seat_path(host: RemoteHost) -> str:
    return "/seat/" + host.urls()[0].rsplit("/", 1)[1]


# ---------------------------------------------------------------------- bad requests

SECRET = "SECRET-0123"  # in every bad request: a reply must never carry it back
BAD_REQUESTS = [
    f"GET / HTTP/1.1\r\nHost: x\r\nBad {SECRET} Line\r\n\r\n",
    f"GET /{SECRET}\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
    f"G{SECRET}T / HTTP/1.1\r\nHost: x\r\n\r\n",
    f"GET / HTTP/9.{SECRET}\r\nHost: x\r\n\r\n",
    f"GET /{SECRET}{'a' * 9000} HTTP/1.1\r\nHost: x\r\n\r\n",
    f"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: {SECRET}\r\n\r\n",
    "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + SECRET + "\r\n\r\n",  # TLS on HTTP
]


def test_a_malformed_request_gets_a_bare_400_and_one_quiet_log_line(host, caplog):
    caplog.set_level(logging.DEBUG)
    for _ in range(5):
        for request in BAD_REQUESTS:
            with connect(host.port) as sock:
                sock.sendall(request.encode("latin-1"))
                reply = read_all(sock)
            assert reply.startswith(b"HTTP/1.") and b" 400 " in reply.split(b"\r\n")[0]
            head, _, body = reply.partition(b"\r\n\r\n")
            assert body == b"400 Bad Request", (request[:40], reply)
            assert SECRET.encode() not in reply
            assert b"server:" not in head.lower() and b"python" not in reply.lower()
    assert get(host.port, seat_path(host))[0] == 200  # the server is unharmed
    # 35 bad requests from one address: one line (a minute per address), no traceback
    assert not [r for r in caplog.records if r.exc_info or r.exc_text]
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "bad request from 127.0.0.1" in said[0], said
    assert SECRET not in said[0]


def test_a_bad_websocket_handshake_is_not_echoed(host):
    with connect(host.port) as sock:
        sock.sendall(f"GET {seat_path(host)}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                     f"Sec-WebSocket-Key: {SECRET}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                     .encode())
        status, headers, rest = http_head(sock)
        body = rest + read_all(sock, 1.0)
    assert status == 400 and SECRET.encode() not in body and "server" not in headers


def test_no_reply_names_the_servers_software(host):
    for path, status in ((seat_path(host), 200), ("/phone/phone.js", 200),
                         ("/phone/phone.css", 200), ("/seat/nobody", 403),
                         ("/nothing", 404)):
        got, headers, body = get(host.port, path)
        assert got == status, path
        assert "server" not in headers and b"aiohttp" not in body, (path, headers)
    sock, _ = ws_open(host.port, seat_path(host) + "/ws")
    sock.close()

    async def upgraded() -> dict:
        async with aiohttp.ClientSession() as http, http.ws_connect(
                f"http://127.0.0.1:{host.port}{seat_path(host)}/ws") as ws:
            return dict(ws._response.headers)  # the 101's headers

    assert "Server" not in run(upgraded())


def test_the_page_is_served_whole(host):
    status, headers, body = get(host.port, seat_path(host))
    assert status == 200 and b"phone.js" in body
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-security-policy"].startswith("default-src 'none'")
    status, headers, body = get(host.port, "/phone/phone.js")
    assert status == 200 and len(body) == int(headers["content-length"]) > 1000


# ---------------------------------------------------------------------- frames


def test_an_unmasked_frame_closes_the_websocket_with_1002(host):
    sock, rest = ws_open(host.port, seat_path(host) + "/ws")
    frames = Frames(sock, rest)
    rev = frames.text()["rev"]
    # two good (masked) frames and an unmasked one in a single write: the first two
    # are answered, the third is never read
    sock.sendall(frame(1, act(rev + 9, "end_turn")) + frame(1, b"x" * 300)
                 + frame(1, act(rev, "end_turn"), masked=False))
    assert frames.text()["code"] == "stale"
    assert frames.text()["code"] == "not_json"
    got = frames.next()
    assert got is not None and got[0] == 8, got  # Close …
    assert struct.unpack("!H", got[1][:2])[0] == 1002  # … protocol error
    assert frames.next(2.0) is None  # and the connection is gone
    sock.close()
    assert host.poll(0.3) == []  # the unmasked move never reached the game


def test_masked_frames_of_every_length_form_and_split_anyhow_are_read(host):
    sock, rest = ws_open(host.port, seat_path(host) + "/ws")
    frames = Frames(sock, rest)
    rev = frames.text()["rev"]
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for byte in frame(1, act(rev, "end_turn")):  # one byte per write: heads split
        sock.send(bytes([byte]))
        time.sleep(0.002)
    assert frames.text()["t"] == "accepted"
    assert host.poll(1.0) == [(0, "end_turn")]
    sock.sendall(frame(1, b"{" * 2000))  # a 16-bit length
    assert frames.text()["code"] == "too_big"
    sock.sendall(frame(1, b"[" * 70_000))  # a 64-bit length, over the frame limit
    got = frames.next()
    assert got is not None and got[0] == 8
    assert struct.unpack("!H", got[1][:2])[0] == 1009  # too big, not "unmasked"
    sock.close()


def test_pings_are_counted_by_the_throttle(host):
    sock, rest = ws_open(host.port, seat_path(host) + "/ws")
    frames = Frames(sock, rest)
    rev = frames.text()["rev"]
    sock.sendall(frame(9, b"one"))
    assert frames.next() == (10, b"one")  # a ping is answered
    started = time.monotonic()
    sock.sendall(frame(9, b"p" * 100) * 20_000)
    pongs = 0
    while (got := frames.next(1.0)) is not None:
        assert got[0] == 10
        pongs += 1
    elapsed = time.monotonic() - started
    # 20,000 pings (2 MB of pongs) before; now the burst and what the rate refills
    assert pongs <= BURST + RATE * elapsed + 2, (pongs, elapsed)
    time.sleep(0.5)  # the allowance refills: the page still plays
    sock.sendall(frame(1, act(rev, "end_turn")))
    while (reply := frames.text()).get("t") != "accepted":
        assert reply.get("code") == "throttled", reply
    sock.close()


# ---------------------------------------------------------------------- origin


@pytest.mark.parametrize(("host_header", "origin", "status"), [
    (None, None, 101),  # not a browser: the token is all it needs
    (None, "http://127.0.0.1:{port}", 101),  # our page
    ("evil.example:{port}", "http://127.0.0.1:{port}", 101),
    ("evil.example:{port}", "http://evil.example:{port}", 403),  # DNS rebinding
    ("localhost:{port}", "http://localhost:{port}", 403),
    (None, "http://127.0.0.1:1", 403),  # another port is another site
    (None, "null", 403),
])
def test_the_origin_is_compared_with_the_address_served(host, host_header, origin,
                                                         status):
    headers = {}
    if host_header:
        headers["Host"] = host_header.format(port=host.port)
    if origin:
        headers["Origin"] = origin.format(port=host.port)

    async def handshake() -> int:
        async with aiohttp.ClientSession() as http:
            try:
                ws = await http.ws_connect(
                    f"http://127.0.0.1:{host.port}{seat_path(host)}/ws", headers=headers)
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status
            await ws.close()
            return 101

    assert run(handshake()) == status
