"""Arcs' saved games: a list of them (kind, date, seats and their Power, chapter; a
damaged save says why and cannot be opened), opening one onto the table, and saving
from the pause overlay."""

from __future__ import annotations

from pathlib import Path

from game import i18n
from game.arcs.data import load_arcs_rules
from game.arcs.saves import SaveError, SaveInfo, list_saves
from game.arcs.ui.session import ArcsSession
from game.ui import routes
from game.ui.save_list import ROWS, SaveListScene

__all__ = ["ROWS", "ArcsLoadScene", "describe", "open_save"]


def describe(info: SaveInfo) -> str:
    if info.error:
        return f"{info.path.name} — {i18n.t('arcs.saves.damaged', why=info.error)}"
    s = info.summary
    seats = " · ".join(f"{seat['name']} {seat['power']}" for seat in s.get("seats", []))
    status = (i18n.t("arcs.saves.over") if s.get("over")
              else i18n.t("arcs.saves.chapter", n=s.get("chapter", 0)))
    when = info.saved_at.replace("T", " ")[:16]
    return f"{i18n.t('arcs.saves.kind_' + info.kind)} · {when} · {seats} · {status}"


def open_save(app, path: Path) -> str:
    """Load a save onto the table; returns "" or the reason it failed (nothing is lost)."""
    try:
        session = ArcsSession.from_save(path)
    except SaveError as exc:
        return str(exc)
    # Until the table stands, a crash is blamed on this file (see game.ui.crash).
    app.opening = path
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "arcs.table", session))
    app.opening = None
    return ""


class ArcsLoadScene(SaveListScene):
    strings = "arcs.saves"

    def load_saves(self) -> list[SaveInfo]:
        return list_saves(rules=load_arcs_rules())

    def describe(self, info: SaveInfo) -> str:
        return describe(info)

    def open(self, path: Path) -> str:
        return open_save(self.app, path)
