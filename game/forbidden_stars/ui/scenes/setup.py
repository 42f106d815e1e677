"""Forbidden Stars' setup (the shell's :class:`~game.ui.setup_screen.SetupScreen`): 2–4
seats, each a human or a computer level (its name and its faction — one of the four, each
at most once, or drawn at random), the first player (drawn at random as the book has it —
«вытяните один наугад» (RB p.3) — or a chosen seat), the seed, and whether the players
build the board themselves (RB p.16) or it is laid out at random (quick setup)."""

from __future__ import annotations

from typing import Any

import pygame_gui

from game import i18n
from game.forbidden_stars.ai.base import LEVELS
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.ui.session import (
    HUMAN,
    RANDOM_FACTION,
    RANDOM_FIRST,
    REMOTE,
    FsSession,
    FsSetup,
)
from game.ui.dialogs import picked_text
from game.ui.setup_choices import MAX_NAME, MAX_SEED, SetupRefused, seat_names, seed_from
from game.ui.setup_screen import MAX_SEATS, SetupScreen

KINDS = (HUMAN, REMOTE, *LEVELS)  # REMOTE: a person on a phone (docs/remote.md)
KEYS = "fs_shell.setup"

__all__ = ["MAX_NAME", "MAX_SEED", "FsSetupScene", "SetupRefused", "kind_label"]


def kind_label(kind: str) -> str:
    if kind == HUMAN:
        return i18n.t("fs_shell.setup.human")
    if kind == REMOTE:
        return i18n.t("remote.controller")
    key = f"fs_shell.level.{kind}"
    level = i18n.t(key) if key in i18n.strings("en") else kind
    return i18n.t("fs_shell.setup.computer", level=level)


class FsSetupScene(SetupScreen):
    keys = KEYS
    choice_id = "#fs_setup_choice"
    route = "forbidden_stars.table"
    game_id = "forbidden_stars"
    kinds_offered = KINDS
    kind_width = 360
    switch_width = 1360

    def __init__(self, app, seed: int | None = None):
        self.rules = load_fs_rules()
        self.factions = [RANDOM_FACTION] * MAX_SEATS
        self.quick = True
        self.faction_dd: list[pygame_gui.elements.UIDropDownMenu] = []
        super().__init__(app, seed)

    def kind_label(self, kind: str) -> str:
        return kind_label(kind)

    def faction_labels(self) -> dict[str, str]:
        """Label → faction id (RANDOM_FACTION for «random»), in the player's language."""
        out = {i18n.t("fs_shell.setup.random_faction"): RANDOM_FACTION}
        for fid in sorted(self.rules.factions):
            out[i18n.card_name(self.rules.factions[fid])] = fid
        return out

    def headings(self) -> tuple[tuple[str, int], ...]:
        return (*super().headings(), ("faction", 1270))

    def build(self) -> None:
        self.faction_dd = []
        super().build()

    def build_column(self, i: int, y: int) -> None:
        factions = self.faction_labels()
        by_id = {v: k for k, v in factions.items()}
        self.faction_dd.append(pygame_gui.elements.UIDropDownMenu(
            list(factions), by_id[self.factions[i]], self.rect(1270, y, 560, 56), self.ui,
            object_id=self.choice_id))

    def read_column(self, i: int) -> None:
        factions = self.faction_labels()
        self.factions[i] = factions.get(picked_text(self.faction_dd[i]), self.factions[i])

    def switch_text(self) -> str:
        return i18n.t("fs_shell.setup.board_quick" if self.quick
                      else "fs_shell.setup.board_build")

    def flip_switch(self) -> None:
        self.quick = not self.quick

    def kept_options(self) -> dict[str, Any]:
        return {"quick": self.quick, "factions": self.factions[:self.count]}

    def recall_options(self, options: dict[str, Any]) -> None:
        quick = options.get("quick")
        self.quick = quick if isinstance(quick, bool) else True
        factions = options.get("factions")
        if not isinstance(factions, list):
            return
        for i, f in enumerate(factions[:MAX_SEATS]):
            # an unknown faction, or one an earlier seat already has: drawn at random
            known = isinstance(f, str) and f in self.rules.factions
            self.factions[i] = f if known and f not in self.factions[:i] else RANDOM_FACTION

    def set_faction(self, seat: int, faction: str) -> None:
        self.factions[seat] = faction
        self.rebuild()

    def make_setup(self) -> FsSetup:
        n = self.count
        names = seat_names(self.names[:n], KEYS)
        chosen = [f for f in self.factions[:n] if f != RANDOM_FACTION]
        for f in chosen:
            if chosen.count(f) > 1:
                name = i18n.card_name(self.rules.factions[f])
                raise SetupRefused(i18n.t("fs_shell.setup.same_faction", faction=name))
        seed = seed_from(self.seed_text, KEYS)
        first = self.first if self.first < n else RANDOM_FIRST
        return FsSetup(tuple(self.kinds[:n]), names, tuple(self.factions[:n]), seed,
                       quick_setup=self.quick, first=first)

    def make_session(self, setup: FsSetup) -> FsSession:
        return FsSession(setup)
