"""Forbidden Stars' saved games: a list of them a page at a time (kind, date, each seat
with its faction and objective tokens, round; a damaged save says why and cannot be
opened) and opening one onto the table.  The list itself is the shell's
(game.ui.save_list)."""

from __future__ import annotations

from pathlib import Path

from game import i18n
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.saves import SaveError, SaveInfo, list_saves
from game.forbidden_stars.ui.session import FsSession
from game.ui import routes
from game.ui.save_list import SaveListScene


def faction_short(rules: FSRules, fid: str) -> str:
    """A faction's name short enough for a row: without the part in brackets, and only
    its first word when longer than two («Эльдары рукотворного мира Иянден» → «Эльдары»)."""
    faction = rules.factions.get(fid)
    if faction is None:
        return fid
    words = i18n.card_name(faction).split(" (")[0].split()
    return " ".join(words if len(words) <= 2 else words[:1])


def describe(info: SaveInfo, rules: FSRules) -> str:
    if info.error:
        return f"{info.path.name} — {i18n.t('fs_shell.saves.damaged', why=info.error)}"
    s = info.summary
    seats = " · ".join(f"{seat['name']} ({faction_short(rules, seat['faction'])}) "
                       f"{seat['objectives']}" for seat in s.get("seats", []))
    status = (i18n.t("fs_shell.saves.over") if s.get("over")
              else i18n.t("fs_shell.saves.round", n=s.get("round", 0)))
    when = info.saved_at.replace("T", " ")[:16]
    return f"{i18n.t('fs_shell.saves.kind_' + info.kind)} · {when} · {seats} · {status}"


def open_save(app, path: Path) -> str:
    """Load a save onto the table; returns "" or the reason it failed (nothing is lost)."""
    try:
        session = FsSession.from_save(path)
    except SaveError as exc:
        return str(exc)
    # Until the table stands, a crash is blamed on this file (see game.ui.crash).
    app.opening = path
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "forbidden_stars.table", session))
    app.opening = None
    return ""


class FsLoadScene(SaveListScene):
    strings = "fs_shell.saves"

    def __init__(self, app):
        self.rules = load_fs_rules()
        super().__init__(app)

    def load_saves(self) -> list[SaveInfo]:
        return list_saves(rules=self.rules)

    def describe(self, info: SaveInfo) -> str:
        return describe(info, self.rules)

    def open(self, path: Path) -> str:
        return open_save(self.app, path)
