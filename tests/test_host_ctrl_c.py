"""Ctrl+C always stops the host (game/commands/host.py).  Python drops a
KeyboardInterrupt raised inside a weakref callback or a ``__del__`` ("Exception ignored
in …"): CI saw hosts that then never stopped.  The Ctrl+C handler also sets
``STOPPING``, which the host loops read between steps, and the host raises the interrupt
again at a safe point: it autosaves and says so."""

from __future__ import annotations

import argparse
import contextlib
import signal
import threading

import pytest

from game.commands import host


def make_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    host.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["host", *argv])


@pytest.fixture
def ctrl_c(monkeypatch):
    monkeypatch.setattr(host, "STOP_GRACE", 3600.0)  # the watchdog must not end pytest
    host.STOPPING.clear()
    yield
    for timer in host.WATCHDOGS:
        timer.cancel()
    host.WATCHDOGS.clear()
    host.STOPPING.clear()


def test_ctrl_c_sets_the_flag_and_starts_the_watchdog(ctrl_c):
    with pytest.raises(KeyboardInterrupt):
        host.on_ctrl_c(signal.SIGINT, None)
    assert host.STOPPING.is_set()
    assert host.WATCHDOGS and host.WATCHDOGS[-1].daemon and host.WATCHDOGS[-1].is_alive()


def test_a_dropped_interrupt_still_stops_the_host_with_an_autosave(ctrl_c, tmp_path,
                                                                    monkeypatch, capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    args = make_args(["--game", "forbidden_stars", "--seats", "remote,greedy",
                      "--bind", "127.0.0.1", "--port", "0", "--no-qr"])

    def drop_it() -> None:  # Ctrl+C lands where Python ignores the exception
        with contextlib.suppress(KeyboardInterrupt):
            host.on_ctrl_c(signal.SIGINT, None)

    threading.Timer(1.0, drop_it).start()
    assert host.run(args) == 130
    assert "stopped (autosaved)" in capsys.readouterr().err
    assert list(tmp_path.glob("forbidden_stars-autosave-*.json"))
