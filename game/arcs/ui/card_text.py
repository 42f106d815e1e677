"""What an Arcs card says, for the hover box and the right-click zoom (game.ui.tooltip,
game.ui.card_zoom): court guild and vox cards (the texts in game/i18n/*/arcs_cards.toml),
leaders and lore (arcs.ability), action cards (their suit's actions, pips and ambition,
and the Zero marker on a declared lead card) and the face-down action discard.

Everything is read from the seat's player view and the hit the table drew, so a card the
seat may not see (``HIDDEN``: a rival's hand, copy or seize card) gives nothing.
"""

from __future__ import annotations

from game import i18n
from game.arcs.engine.state import HIDDEN, State
from game.arcs.ui import style
from game.arcs.ui.hits import Hit
from game.arcs.ui.labels import name
from game.ui import palette
from game.ui.card_zoom import CardFace

CARD_KINDS = ("court", "guild", "leader", "lore", "draft", "hand", "played", "discard")


def lead_zeroed(view: State) -> bool:
    """«Поместите маркер нуля на главную карту, накрывая её номер … – теперь он равен
    0.» (RU p.9): the lead card is face up and its printed number no longer counts."""
    if not view.lead or view.lead == HIDDEN or view.lead_number != 0:
        return False
    return any(mode == "lead" and card == view.lead for _, card, mode in view.plays) \
        and view.card(view.lead).number != 0


def card_face(view: State, hit: Hit, lang: str) -> CardFace | None:
    """The face of the card under ``hit`` as the seat may read it, or None (not a card,
    or a card the seat may not see)."""
    if hit.kind not in CARD_KINDS or hit.ident == HIDDEN:
        return None
    rules = view.rules
    assert rules is not None

    def t(key: str, **kw: object) -> str:
        return i18n.t(f"arcs.card.{key}", lang, **kw)

    if hit.kind == "discard":
        return CardFace(t("discard"), t("discard_kind", n=len(view.action_discard)),
                        t("discard_text"), accent=palette.SOFT)
    if hit.kind in ("court", "guild"):
        card = next((c for c in rules.court if c.id == hit.ident), None)
        if card is None:
            return None
        body = t(f"text.{card.id}")
        if card.type == "vox":
            return CardFace(name(rules, card.id, lang), t("vox_kind"), body,
                            (t("icon.vox"), t("icon.agents")), style.VOX)
        resource = name(rules, card.suit, lang)
        legend = [t("icon.weapon") if card.suit == "weapon"
                  else t("icon.resource", resource=resource)]
        if card.keys:
            legend.append(t("icon.key", keys=card.keys))
        if hit.kind == "court":
            legend.append(t("icon.agents"))
        return CardFace(name(rules, card.id, lang),
                        t("guild_kind", resource=resource, keys=card.keys), body,
                        tuple(legend), style.RESOURCES.get(card.suit, palette.GOLD))
    if hit.kind in ("leader", "lore", "draft"):
        for kind, pool in (("leader", rules.leaders), ("lore", rules.lore)):
            for card in pool:
                if card.id == hit.ident:
                    return CardFace(name(rules, card.id, lang), t(f"{kind}_kind"),
                                    i18n.t(f"arcs.ability.{card.id}", lang),
                                    accent=palette.GOLD if kind == "leader" else style.VOX)
        return None
    return _action_card(view, hit, lang)


def _action_card(view: State, hit: Hit, lang: str) -> CardFace | None:
    rules = view.rules
    assert rules is not None
    card = next((c for c in rules.action_cards if c.id == hit.ident), None)
    if card is None:
        return None

    def t(key: str, **kw: object) -> str:
        return i18n.t(f"arcs.card.{key}", lang, **kw)

    suit = rules.suits[card.suit]
    actions = ", ".join(name(rules, a, lang) for a in suit.actions)
    lines = [t("pips", n=card.pips, actions=actions)]
    if card.ambition in rules.ambitions:
        lines.append(t("declares", ambition=name(rules, card.ambition, lang)))
    else:
        lines.append(t("declares_any" if card.ambition == "any" else "declares_none"))
    legend = [t("icon.number"), t("icon.pip"), t("icon.ambition")]
    if hit.kind == "played" and hit.ident == view.lead and lead_zeroed(view):
        lines.append(t("zeroed"))
        legend.append(t("icon.zero"))
    return CardFace(name(rules, card.id, lang),
                    t("action_kind", suit=name(rules, card.suit, lang)),
                    " ".join(lines), tuple(legend), style.SUITS.get(card.suit, palette.GOLD))
