"""Who the big screen shows, for the tables of Arcs and Forbidden Stars: the acting
human's side; with two or more people at the screen, a curtain first ("Pass the screen
to …"), lifted by the one whose turn it is, so no one sees another's hand."""

from __future__ import annotations

from typing import Any


class TableCurtain:
    """A table's ``viewer`` (whose side is drawn) and ``curtain`` (the seat the screen
    waits for, or None).  The table has ``session`` and ``shown_key`` (its drawing's
    cache key, cleared when the side shown changes)."""

    session: Any
    viewer: int
    curtain: int | None
    shown_key: Any

    def _follow_acting(self, first: bool = False) -> None:
        s = self.session
        acting = s.acting
        if not s.is_human(acting) or (acting == self.viewer and not first):
            return
        if len(s.humans) >= 2 and (first or acting != self.viewer):
            self.curtain = acting
        else:
            self.viewer = acting

    def lift_curtain(self) -> None:
        if self.curtain is not None:
            self.viewer = self.curtain
            self.curtain = None
            self.shown_key = None
