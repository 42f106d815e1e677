"""What a device on the network can hold of the phone server (issue 36, item 18): a
connection that sends no whole request head in time, or sits idle after a reply, is
closed; connections are capped per address and in all (the oldest idle one makes room);
a refusal is logged once per address a minute; and a flood of idle sockets against a
host limited to 1,024 file handles leaves the page served and the autosaves written.
Raw sockets on 127.0.0.1 (and, as flooding "devices", other 127.x addresses: all
loopback on Linux)."""

from __future__ import annotations

import logging
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.remote import RemoteHost
from game.remote.guard import Guard, Limits
from tests.test_server_protocol_faults import (
    MODEL,
    Frames,
    act,
    connect,
    frame,
    get,
    http_head,
    seat_path,
    ws_open,
)

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")  # 127.0.0.2 … reach 127.0.0.1 without setup
needs_loopback_range = pytest.mark.skipif(not LINUX, reason="127.0.0.x sources: Linux")


def closed_within(sock: socket.socket, seconds: float) -> float | None:
    """How long until the server closed ``sock`` (None: still open after ``seconds``)."""
    started = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return time.monotonic() - started


def hosted(seats: int = 1, **limits: float) -> RemoteHost:
    host = RemoteHost({s: f"Seat {s}" for s in range(seats)}, bind="127.0.0.1",
                      limits=Limits(**limits))
    host.push(dict.fromkeys(range(seats), MODEL))
    return host


def test_a_connection_that_sends_no_whole_request_head_is_closed_in_time():
    with hosted(header_timeout=0.5, idle_timeout=30) as host:
        silent = connect(host.port)
        slow = connect(host.port)
        slow.sendall(b"GET " + seat_path(host).encode() + b" HTTP/1.1\r\n")
        started = time.monotonic()
        for _ in range(8):  # a header byte now and then does not buy more time
            time.sleep(0.1)
            try:
                slow.sendall(b"X")
            except OSError:
                break
        waited = closed_within(slow, 5.0)
        assert waited is not None and time.monotonic() - started < 2.0
        assert closed_within(silent, 5.0) is not None
        assert get(host.port, seat_path(host))[0] == 200  # a prompt request is served


def test_an_idle_connection_is_closed_but_a_websocket_is_not():
    with hosted(header_timeout=0.5, idle_timeout=1.0) as host:
        ws, rest = ws_open(host.port, seat_path(host) + "/ws")
        frames = Frames(ws, rest)
        rev = frames.text()["rev"]
        keep = connect(host.port)
        keep.sendall(f"GET {seat_path(host)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        status, headers, _ = http_head(keep)
        assert status == 200 and headers.get("connection", "").lower() != "close"
        waited = closed_within(keep, 5.0)  # keep-alive, then idle: closed …
        assert waited is not None and 0.5 < waited < 3.0, waited
        time.sleep(1.0)  # … the WebSocket, past both timeouts, still plays
        ws.sendall(frame(1, act(rev, "end_turn")))
        assert frames.text()["t"] == "accepted"
        ws.close()


@needs_loopback_range
def test_connections_from_one_address_are_capped_and_refusals_logged_once(caplog):
    caplog.set_level(logging.WARNING, logger="game.remote")
    with hosted(header_timeout=30, per_address=3, total=50) as host:
        held = [connect(host.port, "127.0.0.2") for _ in range(3)]
        time.sleep(0.2)
        for _ in range(10):
            extra = connect(host.port, "127.0.0.2")
            assert closed_within(extra, 2.0) is not None  # refused at once
            extra.close()
        assert all(closed_within(s, 0.2) is None for s in held)  # the three stay
        assert get(host.port, seat_path(host))[0] == 200  # another address is served
        held.pop().close()
        time.sleep(0.2)
        assert get(host.port, seat_path(host), source="127.0.0.2")[0] == 200
        said = [r.getMessage() for r in caplog.records]
        assert said == ["phone server: refused connections from 127.0.0.2: more than 3 "
                        "connections from one address"], said
        for s in held:
            s.close()


def test_when_all_connections_are_taken_the_oldest_idle_one_makes_room():
    with hosted(4, header_timeout=30, per_address=100, total=4) as host:
        idle = [connect(host.port) for _ in range(4)]
        time.sleep(0.2)
        assert get(host.port, seat_path(host))[0] == 200
        assert closed_within(idle[0], 2.0) is not None  # the oldest made room
        assert all(closed_within(s, 0.1) is None for s in idle[1:])
        for s in idle:
            s.close()
        time.sleep(0.2)
        # four WebSockets are in flight all their lives: nothing makes room for a fifth
        sockets = [ws_open(host.port, url.split(str(host.port), 1)[1] + "/ws")
                   for url in host.urls().values()]
        extra = connect(host.port)
        assert closed_within(extra, 2.0) is not None
        newest = Frames(*sockets[-1])
        rev = newest.text()["rev"]
        newest.sock.sendall(frame(1, act(rev, "end_turn")))
        assert newest.text()["t"] == "accepted"
        for s, _ in sockets:
            s.close()


def test_connections_never_take_more_than_half_the_file_handles(monkeypatch):
    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, 4096))
    assert Guard(Limits()).total == 128
    monkeypatch.setattr(resource, "getrlimit", lambda which: (4096, 4096))
    assert Guard(Limits()).total == 200


# ---------------------------------------------------------------------- the flood

FLOOD = 1_100  # idle sockets: 100 from one address, then 20 from each of 50 others


def flood_source(i: int) -> str:
    """The first 100 sockets pass the cap of one address; the rest pass the total."""
    return "127.0.0.2" if i < 100 else f"127.0.0.{3 + (i - 100) // 20}"


def _limit_files() -> None:  # in the host's child process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def autosaves(folder: Path) -> set[tuple[str, int]]:
    return {(p.name, p.stat().st_mtime_ns) for p in folder.glob("*autosave*.json")}


@pytest.mark.slow
@needs_loopback_range
def test_a_flood_of_idle_sockets_leaves_the_page_served_and_autosaves_written(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < FLOOD + 200:
        if hard != resource.RLIM_INFINITY and hard < FLOOD + 200:
            pytest.skip(f"this test opens {FLOOD} sockets; the file limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (FLOOD + 200, hard))
    saves = tmp_path / "saves"
    env = dict(os.environ, STAR_REALMS_SAVES_DIR=str(saves),
               STAR_REALMS_CONFIG_DIR=str(tmp_path / "config"),
               STAR_REALMS_CACHE_DIR=str(tmp_path / "cache"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as err_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "game", "host", "--bind", "127.0.0.1", "--port", "0",
             "--seats", "remote,greedy", "--seed", "3", "--ai-delay", "0", "--no-qr"],
            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=err_file,
            preexec_fn=_limit_files)
    flood: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        line = ""
        while " (seat 1): " not in line:
            line = proc.stdout.readline()
            assert line, "the host stopped before printing its link"
        url = line.split(": ", 1)[1].strip()
        port = int(url.split(":")[2].split("/")[0])
        path = "/seat/" + url.rsplit("/", 1)[1]
        time.sleep(1.0)  # the first autosave
        before = autosaves(saves)
        assert before
        started = time.monotonic()
        for i in range(FLOOD):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.settimeout(5)
            s.bind((flood_source(i), 0))
            s.connect(("127.0.0.1", port))
            flood.append(s)
        opened = time.monotonic() - started
        # the page, from an address of its own, while every socket is still held
        status, _, body = get(port, path)
        assert status == 200 and b"phone.js" in body
        files = len(os.listdir(f"/proc/{proc.pid}/fd"))
        assert files < 400, files  # never near the 1,024 limit
        # play two turns by phone: each new turn is autosaved
        sock, rest = ws_open(port, path + "/ws")
        frames = Frames(sock, rest)
        turns = 0
        while turns < 2:
            state = frames.text(10.0)
            if state["t"] != "state" or state["model"].get("acting") != 0:
                continue
            ids = [a["id"] for a in state["model"]["actions"]]
            if "end_turn" in ids:
                sock.sendall(frame(1, act(state["rev"], "end_turn")))
                turns += 1
        deadline = time.monotonic() + 10
        while autosaves(saves) <= before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert autosaves(saves) - before, "no autosave written during the flood"
        assert time.monotonic() - started < 9.0  # all of it before the flood times out
        sock.close()
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
        assert proc.returncode == 130
    finally:
        for s in flood:
            s.close()
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    said = errors.read_text()
    # the one address over its cap is told once; no traceback, nothing failed
    assert "Traceback" not in said and "could not autosave" not in said, said[:2000]
    assert said.count("refused connections from 127.0.0.2:") == 1, said[:2000]
    assert len(said) < 5_000, len(said)
    print(f"{FLOOD} sockets in {opened:.2f} s; the host held {files} files; "
          f"its stderr: {len(said)} bytes")
