"""The list of saved games: format, seats, turn and date; damaged saves say why."""

from __future__ import annotations

from pathlib import Path

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.engine.cards import CardDB
from game.star_realms.saves import SaveError, SaveInfo, list_saves, load_with_uid
from game.star_realms.ui import campaign_flow
from game.ui import routes
from game.ui.save_list import ROWS, SaveListScene

__all__ = ["ROWS", "LoadScene", "describe", "format_label", "open_save"]


def format_label(fmt: str, db: CardDB | None = None) -> str:
    """A save's format in the player's language: a format's name, "Campaign", or the
    adventure's name (the save stores only the id)."""
    if f"format.{fmt}" in i18n.strings(i18n.language()):
        return i18n.t(f"format.{fmt}")
    if fmt == "campaign":
        return i18n.t("campaign.title")
    adventure = db.adventures.get(fmt) if db is not None else None
    return adventure.name(i18n.language()) if adventure is not None else fmt


def describe(info, db: CardDB | None = None) -> str:
    if info.error:
        return f"{info.path.name} — {i18n.t('load.damaged', why=info.error)}"
    s = info.summary
    seats = " · ".join(seat["name"] for seat in s.get("seats", []))
    status = i18n.t("load.over") if s.get("over") else i18n.t("load.turn", n=s.get("turn", 0))
    when = info.saved_at.replace("T", " ")[:16]
    fmt = format_label(s.get("format", "?"), db)
    return f"{i18n.t('load.kind_' + info.kind)} · {when} · {fmt} · {seats} · {status}"


def open_save(app, path: Path) -> str:
    """Load a save onto the table; returns "" or the reason it failed (nothing is lost)."""
    db = load_rules()
    try:
        state, uid = load_with_uid(db, path)
    except SaveError as exc:
        return str(exc)
    # Until the table stands, a crash is blamed on this file (see game.ui.crash).
    app.opening = path
    session = campaign_flow.resume_session(db, state)  # a campaign game finds its campaign
    session.source = path
    session.uid = uid  # its autosaves go on as points of the same game
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "star_realms.table", session))
    app.opening = None
    return ""


class LoadScene(SaveListScene):
    strings = "load"

    def __init__(self, app):
        self.db = load_rules()
        super().__init__(app)

    def load_saves(self) -> list[SaveInfo]:
        return list_saves(db=self.db)

    def describe(self, info: SaveInfo) -> str:
        return describe(info, self.db)

    def open(self, path: Path) -> str:
        return open_save(self.app, path)
