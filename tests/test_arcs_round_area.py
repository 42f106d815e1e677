"""Issue 37 items 3 and 6: the table's "This round" area.

3. «Поместите маркер нуля на главную карту, накрывая её номер … – теперь он равен 0.»
   (RU p.9): a declared lead card shows the zero marker over its number.
6. With Leaders & Lore the draft rows (one leader and one lore are left face up) go once
   the draft is over, after loading a save too, so the round's cards show.
"""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import DRAFT, LEAD, OVER, Action, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.saves import Seats, load_document, to_document
from game.arcs.sim import play
from game.arcs.ui import style
from game.arcs.ui.round_area import ROUND_CARD_H
from game.arcs.ui.table_view import BASE, RIGHT, draw_table

RULES = load_arcs_rules()
# The lead card in the round area (table_view.Table.round: the area at y 384, the first
# card 12 px in and 28 px down, 84 px tall with a 34 px band holding its number and pips;
# at least 72 px wide, wider for the language's longest suit title).
LEAD_CARD = pygame.Rect(RIGHT.x + 12, 384 + 28, 72, ROUND_CARD_H)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def _draw(view: State, lang: str = "en") -> tuple[pygame.Surface, list]:
    surface = pygame.Surface(BASE)
    hits = draw_table(surface, view, 0, None, lang)
    return surface, hits.hits


def _declared() -> State:
    """Seat 0 leads a numbered card with an ambition and declares it."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    assert state.step == LEAD and state.initiative == 0
    card = "aggression_4"
    state.players[0].hand = [card, *[c for c in state.players[0].hand if c != card]][:6]
    apply(state, Action("lead", 0, card=card))
    declare = next(a for a in legal_actions(state) if a.kind == "declare")
    apply(state, declare)
    assert state.lead == card and state.lead_number == 0
    return state


def _differs(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the pixels that differ, None when none do."""
    mask = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)
    mask.invert()  # from_threshold with a surface marks the pixels that are the same
    boxes = mask.get_bounding_rects()
    if not boxes:
        return None
    return boxes[0].unionall(boxes[1:])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_declared_lead_card_shows_the_zero_marker_over_its_number(lang):
    state = _declared()
    view = player_view(state, 0)
    zeroed, _ = _draw(view, lang)
    printed = view.clone()
    printed.lead_number = state.card(state.lead).number  # as if nobody had declared
    plain, _ = _draw(printed, lang)
    box = _differs(zeroed, plain)
    assert box is not None, "the zero marker is not drawn"
    band = pygame.Rect(LEAD_CARD.x, LEAD_CARD.y, LEAD_CARD.w, 34)
    assert band.contains(box), (box, band)  # over the number, nowhere else
    # dark disc over the printed number (at the card's left in its band)
    assert zeroed.get_at((band.x + 4 + 17, band.y + 3))[:3] != plain.get_at(
        (band.x + 4 + 17, band.y + 3))[:3]


def test_an_undeclared_lead_card_keeps_its_number():
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    card = state.players[0].hand[0]
    apply(state, Action("lead", 0, card=card))
    assert state.lead_number == state.card(card).number
    surface, _ = _draw(player_view(state, 0))
    # where the marker would be, the suit's band shows
    suit = style.SUITS[state.card(card).suit]
    assert surface.get_at((LEAD_CARD.x + 4 + 17, LEAD_CARD.y + 3))[:3] == tuple(suit[:3])


def _after_draft() -> State:
    state = new_game(RULES, GameConfig(3, 4, "", leaders=True))
    bots = [make_player("normal", 40 + i) for i in range(3)]
    assert state.step == DRAFT
    while state.step == DRAFT:
        play(state, bots, max_actions=1)
    play(state, bots, max_actions=2)  # a card is in the round
    assert state.step != OVER and state.plays
    # the rows keep one leader and one lore nobody took
    assert state.draft_leaders and state.draft_lore
    return state


def test_the_draft_rows_show_during_the_draft():
    state = new_game(RULES, GameConfig(3, 4, "", leaders=True))
    _, hits = _draw(player_view(state, 0))
    assert {h.ident for h in hits if h.kind == "draft"} == {*state.draft_leaders,
                                                             *state.draft_lore}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_after_the_draft_the_round_shows_its_cards_after_loading_too(lang):
    state = _after_draft()
    loaded = load_document(to_document(state, Seats(("A", "B", "C"),
                                                    ("normal",) * 3))).state
    for game in (state, loaded):
        view = player_view(game, 0)
        surface, hits = _draw(view, lang)
        assert not [h for h in hits if h.kind == "draft"]
        assert [h for h in hits if h.kind == "play_area"]
        # the lead card is drawn where the round's first card goes: its suit's band
        shown = surface.get_at((LEAD_CARD.x + 40, LEAD_CARD.y + 2))[:3]
        assert shown != surface.get_at((LEAD_CARD.x + 40, LEAD_CARD.bottom + 40))[:3]
    assert i18n.t("arcs.table.round", lang) != "arcs.table.round"
