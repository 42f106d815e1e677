"""Addresses and QR codes for the seat links."""

from __future__ import annotations

import io
import socket

import segno


def lan_address() -> str:
    """This machine's address on the local network (the interface of its default
    route), or 127.0.0.1 when it has none.  A UDP "connect" sends no packet: it only
    asks the system which interface it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def resolve_bind(bind: str) -> tuple[str, str]:
    """(address to listen on, address the links name) for ``--bind``: ``lan`` (the
    default: the LAN interface only), ``0.0.0.0`` (every interface; links name the LAN
    address) or an explicit address such as ``127.0.0.1``."""
    if bind in ("", "lan"):
        address = lan_address()
        return address, address
    if bind in ("0.0.0.0", "::"):
        return bind, lan_address()
    return bind, bind


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with half-block characters, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code's modules (True = dark), quiet zone excluded: the table draws it."""
    return [[bool(m) for m in row] for row in segno.make(url, error="m").matrix]
