"""What a phone shows for one Star Realms seat: the seat's presentation model plus its
words, in English and Russian, so the page needs no card database.

The words cover only what the model shows: the cards it holds (by face: ``id`` or
``id|sticker``), the other seats' missions and gambits (how many are secret, the names
of those revealed), the question's title and options, the refusals of its attack targets,
the public log, the labels of the page's buttons (game/i18n keys), and the question
End turn asks first when it would waste something (the desktop's rule, end_turn.py).  Nothing is
looked up by a card the model does not show, so the words cannot tell a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game import i18n
from game.star_realms import card_text
from game.star_realms.dealt_text import dealt_summaries
from game.star_realms.end_turn import confirm_lines
from game.star_realms.engine.cards import USE_ORDER
from game.star_realms.engine.state import Action, State
from game.star_realms.model import CardModel, TableModel, build_model, cards_by_iid

if TYPE_CHECKING:  # (only its type: the table's session imports this module)
    from game.star_realms.ui.log_text import LogLine

LOG_LINES = 40  # the log's tail a phone shows
# The game's own strings the page labels things with.
STRING_KEYS = ("table.play_all", "table.attack_all", "table.end_turn", "table.undo",
               "table.attack", "table.cancel", "prompt.done", "prompt.skip", "prompt.yes",
               "prompt.no", "prompt.rules", "resource.trade", "resource.combat",
               "resource.authority", "kind.ship", "kind.base", "kind.outpost", "kind.hero",
               "kind.event", "kind.mission", "kind.gambit", "missions.title", "missions.claim",
               "missions.done", "gambits.title", "gambits.reveal", "gambits.up",
               *(f"slot.{s}" for s in USE_ORDER),
               *(f"faction.{f}" for f in ("blob", "machine_cult", "star_empire",
                                          "trade_federation", "unaligned")))


def _label(text: str) -> str:
    """A string as the page shows it: alone on a button or after "·", so it starts with a
    capital (the desktop's "scrap ability" is written for the middle of a sentence)."""
    return text[:1].upper() + text[1:]


def face(card: CardModel) -> str:
    """The key of a card's words: its definition and sticker (a copy's, for a copy)."""
    cid, sticker = card.face_key()
    return f"{cid}|{sticker}" if sticker else cid


def phone_model(state: State, seat: int, legal: Sequence[Action] | None = None,
                log: Sequence[LogLine] = ()) -> dict[str, Any]:
    """The seat's TableModel JSON plus ``"text": {"en": …, "ru": …}``, its words."""
    models = {lang: build_model(state, seat, legal, lang=lang) for lang in i18n.LANGUAGES}
    return {**models["en"].to_json(),
            "text": {lang: _words(state, m, log, lang) for lang, m in models.items()}}


def _words(state: State, model: TableModel, log: Sequence[LogLine],
           lang: str) -> dict[str, Any]:
    cards: dict[str, dict[str, Any]] = {}
    for iid, card in cards_by_iid(model).items():
        key = face(card)
        if key not in cards:
            d = state.copy_of[iid] if card.copy_of and iid in state.copy_of else state.cards[iid]
            cards[key] = {"name": i18n.card_name(d, lang),
                          "lines": [[card_text.slot_label(slot, lang), text]
                                    for slot, text in card_text.card_lines(d, lang)]}
    names = {str(s.seat): s.name for s in model.seats}
    out: dict[str, Any] = {
        "cards": cards,
        # another seat's missions and gambits: how many secret, the revealed by name
        "dealt": {str(s.seat): lines for s in model.seats if s.seat != model.viewer and (
            lines := dealt_summaries(s, lambda c: cards[face(c)]["name"], lang))},
        "strings": {k: _label(i18n.t(k, lang)) for k in STRING_KEYS},
        "log": [line.render(state, lang) for line in log[-LOG_LINES:]],
        "reasons": {f"{t.kind}:{t.seat}:{t.card}": i18n.t(f"why.{t.reason}", lang,
                                                           **t.params)
                    for t in model.targets if t.reason},
        # "End the turn anyway?" and what it would leave unused ([]: it just ends)
        "end_confirm": confirm_lines(model, lang),
    }
    q = model.question
    if q is not None:
        source = cards.get(face(q.source), {}).get("name") if q.source is not None else None
        params = dict(q.params)
        if "zones" in params:
            params["where"] = ", ".join(i18n.t(f"zone.{z}", lang) for z in params.pop("zones"))
        if q.prompt == "prompt.owed_discard" and not q.candidates:
            params["n"] = 0
        title = i18n.t(q.prompt, lang, **params)
        out["prompt"] = f"{source or i18n.t('prompt.rules', lang)}: {title}"
        options = {}
        for c in q.candidates:
            if c.seat >= 0:
                options[c.action] = names.get(str(c.seat), str(c.seat))
            elif q.purpose == "may":
                yes_no = i18n.t("prompt.yes" if c.index == 0 else "prompt.no", lang)
                options[c.action] = f"{yes_no}: {c.text}" if c.text else yes_no
            elif c.text:
                options[c.action] = c.text
            elif c.sticker:
                options[c.action] = c.sticker
        out["options"] = options
    return out
