"""The words for another seat's dealt cards — United's missions and the Gambit set's
gambits — as the table's seat box and the phone page both show them: how many are
secret and the names of those revealed ("Missions: 1 done (Rule) · 2 secret",
"Gambits: Energy Shield · 1 face down").  Only what the seat's model shows is named."""

from __future__ import annotations

from collections.abc import Callable

from game import i18n
from game.star_realms.model import CardModel, SeatModel


def dealt_summaries(seat: SeatModel, name: Callable[[CardModel], str],
                    lang: str | None = None) -> list[str]:
    """One line for the seat's missions and one for its gambits (none for a game
    without them); ``name`` gives a shown card's name in ``lang``."""
    def names(cards: tuple[CardModel, ...]) -> str:
        return ", ".join(name(c) for c in cards)

    out = []
    if seat.missions is not None:
        done = names(seat.missions.done)
        out.append(i18n.t("missions.summary", lang, done=len(seat.missions.done), names=done,
                          secret=seat.missions.secret) if done
                   else i18n.t("missions.summary_none", lang, secret=seat.missions.secret))
    if seat.gambits is not None:
        up, secret = names(seat.gambits.up), seat.gambits.secret
        key = ("summary_up" if secret else "summary_all_up") if up else (
            "summary" if secret else "summary_spent")
        out.append(i18n.t(f"gambits.{key}", lang, names=up, secret=secret))
    return out
