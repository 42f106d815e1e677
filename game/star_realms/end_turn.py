"""What ending the turn now would leave unused: the one rule behind the desktop's
"End the turn anyway?" and the phone's (issue 39, item 14: the phone never asked, and
its players lost trade and combat they had forgotten)."""

from __future__ import annotations

from game import i18n
from game.star_realms.model import TableModel

# the lines of the question, in the order they are listed (game/i18n: table.waste_*)
WASTE_KEYS = ("table.waste_trade", "table.waste_combat", "table.waste_hand",
              "table.waste_abilities")


def wasted(model: TableModel) -> list[tuple[str, int]]:
    """(i18n key, count) of each thing the viewer's turn would leave unused: trade and
    combat left in its pools (in a team turn the team's), cards still in the hands of
    the seats taking the turn, abilities it may still use (scrapping is never a waste).
    Empty when nothing would be lost."""
    members = [s.seat for s in model.seats if s.seat in model.turn_members and s.alive]
    hands = members if model.viewer in members else [model.viewer]
    out = [("table.waste_trade", model.pools.spend_trade),
           ("table.waste_combat", model.pools.spend_combat),
           ("table.waste_hand", sum(model.seats[s].hand_count for s in hands)),
           ("table.waste_abilities",
            sum(1 for a in model.actions if a.kind == "use" and a.slot != "scrap"))]
    return [(key, n) for key, n in out if n]


def confirm_lines(model: TableModel, lang: str | None = None) -> list[str]:
    """The question as lines ("End the turn anyway?", then one per waste), or [] when
    ending the turn loses nothing."""
    waste = wasted(model)
    if not waste:
        return []
    what = "<br>".join(i18n.t(key, lang, n=n) for key, n in waste)
    return i18n.t("table.confirm_end", lang, what=what).split("<br>")
