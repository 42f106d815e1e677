"""The phone protocol: JSON text frames over one WebSocket per seat (version 1).

The server sends a seat only that seat's model; a phone sends back only the id of one
of the actions that model offered.  Everything a phone sends is untrusted: it is
bounded (:data:`MAX_MESSAGE_CHARS`), parsed without eval or pickle, checked against the
schema below, and then against the actions the seat's latest model offered at that
revision.  Whatever fails gets an ``error`` frame and changes nothing.

Client → server (the only message)::

    {"v": 1, "t": "act", "rev": <int, the model's revision>, "id": <an action id>}

Server → client::

    {"v": 1, "t": "state", "rev": n, "seat": s, "model": {...}}  a new model (its own seat's)
    {"v": 1, "t": "accepted", "rev": n, "id": "..."}              the move went to the game
    {"v": 1, "t": "error", "code": "...", "id": "..."}            refused; nothing changed
    {"v": 1, "t": "bye", "reason": "closed" | "replaced"}         the socket is closing
    {"v": 1, "t": "board", "version": n}                         a new board picture (host
                                                                  mode): GET board.png

Error codes: ``too_big``, ``not_json``, ``bad_message`` (not the schema),
``bad_version``, ``stale`` (another revision, or a move already sent at this one: a
replay), ``not_legal`` (no action of this seat's model), ``throttled`` (too many
messages), ``rejected`` (the game found the move no longer legal), ``binary``.

A model is the game's presentation model as JSON (``game.games.Game.build_model``): its
``actions`` list the legal ids; an attack listed at its largest amount (``…:x5``) may be
sent at any amount its target's ``min``..``max`` allow (``…:x3``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_MESSAGE_CHARS = 1024  # an act is under 120; anything longer is refused unread
MAX_FRAME_BYTES = 64 * 1024  # aiohttp closes a socket sending more than this (1009)
MAX_ID_CHARS = 96
MAX_REV = 2**53  # what a JavaScript number holds exactly
# "play:c12", "use:c12:ally", "attack_player:t2:x5", "choose:i1", "stop", "end_turn" …
ID_RE = re.compile(r"[a-z_]{1,24}(?::[A-Za-z0-9_]{1,24}){0,6}")

ERROR_CODES = ("too_big", "not_json", "bad_message", "bad_version", "stale", "not_legal",
               "throttled", "rejected", "binary")


class ProtocolError(Exception):
    """A client message that is refused; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Act:
    rev: int
    id: str


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_client(text: str) -> Act:
    """The one message a phone may send, validated; raises :class:`ProtocolError`."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError("too_big")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("not_json") from None
    if not isinstance(doc, dict):
        raise ProtocolError("bad_message")
    if doc.get("v") != VERSION or not _is_int(doc.get("v")):
        raise ProtocolError("bad_version")
    if set(doc) != {"v", "t", "rev", "id"} or doc["t"] != "act":
        raise ProtocolError("bad_message")
    rev, ident = doc["rev"], doc["id"]
    if not _is_int(rev) or not 0 <= rev < MAX_REV:
        raise ProtocolError("bad_message")
    if not isinstance(ident, str) or len(ident) > MAX_ID_CHARS or not ID_RE.fullmatch(ident):
        raise ProtocolError("bad_message")
    return Act(rev, ident)


@dataclass(frozen=True, slots=True)
class Offer:
    """What a seat may send at one revision: the model's action ids, and the attacks
    that may be sent at a smaller amount (id without ``:xN`` → allowed range)."""

    ids: frozenset[str]
    amounts: Mapping[str, tuple[int, int]]

    def allows(self, ident: str) -> bool:
        if ident in self.ids:
            return True
        head, sep, amount = ident.rpartition(":x")
        if not sep or not amount.isdigit() or len(amount) > 6:
            return False
        bounds = self.amounts.get(head)
        return bounds is not None and bounds[0] <= int(amount) <= bounds[1]


NO_OFFER = Offer(frozenset(), {})


def offer_of(model: Mapping[str, Any]) -> Offer:
    """The ids a seat's model offers (its ``actions``; its ``targets``' amounts)."""
    ids = frozenset(str(a["id"]) for a in model.get("actions", ()) if a.get("id"))
    amounts: dict[str, tuple[int, int]] = {}
    for t in model.get("targets", ()):
        action = t.get("action", "")
        head, sep, _ = action.rpartition(":x")
        if action in ids and sep and t.get("legal"):
            amounts[head] = (int(t.get("min", 0)), int(t.get("max", 0)))
    return Offer(ids, amounts)


def encode(kind: str, **fields: Any) -> str:
    """A server frame (compact JSON)."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False)


def error(code: str, ident: Any = "") -> str:
    """An ``error`` frame; the id is echoed only when it is a well-formed id."""
    safe = ident if isinstance(ident, str) and ID_RE.fullmatch(ident) else ""
    return encode("error", code=code, id=safe)
