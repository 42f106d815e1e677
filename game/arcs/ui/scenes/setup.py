"""Arcs' setup (the shell's :class:`~game.ui.setup_screen.SetupScreen`): 2–4 seats, each
with its name and a human or a computer level, who holds the initiative (a random seat,
as the book has it — «Выдайте маркер инициативы случайному игроку» — or a chosen one),
Leaders & Lore on or off (``GameConfig.leaders``: a draft of leaders and lore opens the
game) and the seed (blank: a new random game)."""

from __future__ import annotations

from typing import Any

from game import i18n
from game.arcs.ui.session import BOT_LEVELS, HUMAN, RANDOM_FIRST, REMOTE, ArcsSession, ArcsSetup
from game.ui.setup_choices import SetupRefused, seat_names, seed_from
from game.ui.setup_screen import SetupScreen

KINDS = (HUMAN, REMOTE, *BOT_LEVELS)  # REMOTE: a person on a phone (docs/remote.md)
KEYS = "arcs.setup"

__all__ = ["ArcsSetupScene", "SetupRefused", "kind_label"]


def kind_label(kind: str) -> str:
    return i18n.t("remote.controller" if kind == REMOTE else f"arcs.setup.{kind}")


class ArcsSetupScene(SetupScreen):
    keys = KEYS
    choice_id = "#arcs_setup_choice"
    route = "arcs.table"
    game_id = "arcs"
    kinds_offered = KINDS

    def __init__(self, app, seed: int | None = None):
        self.leaders = False
        super().__init__(app, seed)

    def kind_label(self, kind: str) -> str:
        return kind_label(kind)

    def switch_text(self) -> str:
        return i18n.t("arcs.setup.leaders_on" if self.leaders else "arcs.setup.leaders_off")

    def flip_switch(self) -> None:
        self.leaders = not self.leaders

    def kept_options(self) -> dict[str, Any]:
        return {"leaders": self.leaders}

    def recall_options(self, options: dict[str, Any]) -> None:
        leaders = options.get("leaders")
        self.leaders = leaders if isinstance(leaders, bool) else False

    def make_setup(self) -> ArcsSetup:
        n = self.count
        names = seat_names(self.names[:n], KEYS)
        seed = seed_from(self.seed_text, KEYS)
        first = self.first if self.first < n else RANDOM_FIRST
        return ArcsSetup(tuple(self.kinds[:n]), names, seed, leaders=self.leaders,
                         first=first)

    def make_session(self, setup: ArcsSetup) -> ArcsSession:
        return ArcsSession(setup)
