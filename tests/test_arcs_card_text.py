"""Issue 37 items 1 and 3: every Arcs card on the table says what it does.

1. Court guild and vox cards, each seat's guild cards, leaders, lore, the round's face-up
   cards, the hand and the action discard: the hit the table draws for it gives the
   card's whole text (en, ru) for the hover box and the right-click zoom; a card the
   seat may not see gives nothing; guild cards in a player's area are cards with names.
3. «Поместите маркер нуля на главную карту, накрывая её номер … – теперь он равен 0.»
   (RU p.9): the declared lead card is flagged (model, card text) and drawn zeroed.
"""

from __future__ import annotations

import functools

import pygame
import pytest

from game import i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import HIDDEN, LEAD, OVER, Action, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.sim import play
from game.arcs.ui.card_text import card_face, lead_zeroed
from game.arcs.ui.hits import Hit
from game.arcs.ui.model import build_model
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.arcs.ui.table_view import BASE, CARD_COLUMN, HELD_NAME, draw_table
from game.ui import fonts, routes
from game.ui.scenes.menu import MenuScene
from tests.test_arcs_ui_play import arcs_app, set_lang  # noqa: F401  (a fixture)
from tests.test_ui_walk import guarded

RULES = load_arcs_rules()
LANGS = ("en", "ru")


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    i18n.set_language("en")


def _every_kind_on_the_table(state: State) -> bool:
    """Seat 0 and a rival hold guild cards, cards are played this round, the action
    discard is not empty and seat 0 has a hand: every kind of card the test reads."""
    me, rivals = state.players[0], state.players[1:]
    return (state.step != OVER and bool(state.plays) and bool(state.action_discard)
            and bool(me.guild) and bool(me.hand) and any(p.guild for p in rivals))


def _game_at(seed: int, actions: int) -> State:
    state = new_game(RULES, GameConfig(4, seed, "", leaders=True))
    return play(state, [make_player("normal", seed + 2 + i) for i in range(4)],
                max_actions=actions)


@functools.cache
def _mid_game_moment() -> tuple[int, int]:
    """The first (seed, actions) of four normal bots with Leaders & Lore where every kind
    of card is on the table.  Searched, not fixed: which seat takes a guild card when is
    the bots' play, which rule changes move (item 12's resource slots did)."""
    for seed in range(5, 25):
        state = new_game(RULES, GameConfig(4, seed, "", leaders=True))
        bots = [make_player("normal", seed + 2 + i) for i in range(4)]
        for n in range(1, 1200):
            play(state, bots, max_actions=1)
            if state.step == OVER:
                break
            if _every_kind_on_the_table(state):
                return seed, n
    raise AssertionError("no bot game of seeds 5-24 puts every kind of card on the table")


def _mid_game() -> State:
    """Four bots with Leaders & Lore, some rounds in: guild cards held, cards played (a
    fresh state each call: tests change it)."""
    state = _game_at(*_mid_game_moment())
    assert _every_kind_on_the_table(state)
    return state


def _expected(hit: Hit, lang: str) -> str:
    if hit.kind in ("court", "guild"):
        return i18n.t(f"arcs.card.text.{hit.ident}", lang)
    if hit.kind in ("leader", "lore"):
        return i18n.t(f"arcs.ability.{hit.ident}", lang)
    if hit.kind == "discard":
        return i18n.t("arcs.card.discard_text", lang)
    return ""  # an action card: checked by its actions


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_on_the_table_gives_its_whole_text(lang):
    state = _mid_game()
    view = player_view(state, 0)
    hits = draw_table(pygame.Surface(BASE), view, 0, None, lang)
    seen: set[str] = set()
    for hit in hits.hits:
        if hit.kind not in ("court", "guild", "leader", "lore", "played", "hand", "discard"):
            continue
        face = card_face(view, hit, lang)
        if hit.ident == HIDDEN:
            assert face is None, hit  # a face-down card reveals nothing
            continue
        assert face is not None, hit
        for text in (face.title, face.kind, face.body, *face.legend):
            assert text and "arcs." not in text and "{" not in text, (hit, text)
        want = _expected(hit, lang)
        if want:
            assert face.body == want
        else:  # an action card: its suit's actions and what it declares
            card = view.card(hit.ident)
            for a in RULES.suits[card.suit].actions:
                assert i18n.card_name(RULES.actions[a], lang) in face.body
        if hit.kind == "guild":
            seen.add("own guild" if hit.seat == 0 else "rival guild")
        seen.add(hit.kind)
    assert {"court", "own guild", "rival guild", "leader", "lore", "played", "hand",
            "discard"} <= seen, seen


def test_every_court_leader_and_lore_card_has_its_own_text_in_both_languages():
    for card in (*RULES.court, *RULES.leaders, *RULES.lore):
        kind = "court" if card in RULES.court else (
            "leader" if card in RULES.leaders else "lore")
        hit = Hit(kind, card.id, pygame.Rect(0, 0, 1, 1))
        view = new_game(RULES, GameConfig(3, 1, "homelands_3p"))
        en, ru = (card_face(player_view(view, 0), hit, lang) for lang in LANGS)
        assert en is not None and ru is not None
        assert en.body != ru.body and len(en.body) > 30 and len(ru.body) > 30
        assert "arcs." not in en.body + ru.body
        assert en.title == card.name_en and ru.title == card.name_ru


def test_rival_face_down_cards_reveal_nothing():
    state = _mid_game()
    view = player_view(state, 1)
    for card in state.players[0].hand:
        assert card_face(view, Hit("hand", HIDDEN, pygame.Rect(0, 0, 1, 1)), "en") is None
        # the rival's own card ids never reach another seat's view
        assert card not in view.players[0].hand
    # a copy played face down by seat 0 is HIDDEN in seat 1's view and reads nothing
    state.plays.append((0, state.players[0].hand[0], "copy"))
    v = player_view(state, 1)
    hits = draw_table(pygame.Surface(BASE), v, 1, None, "en")
    copies = [h for h in hits.find("played") if h.seat == 0 and h.ident == HIDDEN]
    assert copies and all(card_face(v, h, "en") is None for h in copies)


@pytest.mark.parametrize("lang", LANGS)
def test_guild_cards_in_a_player_area_are_cards_with_their_whole_names(lang):
    state = _mid_game()
    for p in state.players:  # every guild card in somebody's area, the longest names too
        p.guild = []
    court = [c.id for c in RULES.court if c.type == "guild"]
    for i, card in enumerate(court[:16]):
        state.players[i % 4].guild.append(card)
    surface = pygame.Surface(BASE)
    hits = draw_table(surface, player_view(state, 0), 0, None, lang)
    tabs = hits.find("guild")
    assert {h.ident for h in tabs} == set(court[:16])
    for h in tabs:
        assert h.rect.w >= 150 and h.rect.h >= 20
        area = surface.subsurface(h.rect)
        assert len({area.get_at((x, y))[:3] for x in range(h.rect.w)
                    for y in range(2, min(h.rect.h, 22))}) > 3  # the name is drawn
    for card in RULES.court:  # every name wraps into the card, no word wider than it
        for text in (card.name_en, card.name_ru):
            lines = fonts.wrap(text, HELD_NAME, CARD_COLUMN - 16, True)
            assert len(lines) <= 2
            assert all(fonts.font(HELD_NAME, True).size(x)[0] <= CARD_COLUMN - 16
                       for x in lines)


def _declared() -> State:
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    assert state.step == LEAD and state.initiative == 0
    card = "aggression_4"
    state.players[0].hand = [card, *[c for c in state.players[0].hand if c != card]][:6]
    apply(state, Action("lead", 0, card=card))
    apply(state, next(a for a in legal_actions(state) if a.kind == "declare"))
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_the_declared_lead_card_is_zeroed_in_model_text_and_picture(lang):
    state = _declared()
    view = player_view(state, 0)
    assert lead_zeroed(view) and build_model(state, 1, lang)["lead_zero"] is True
    hits = draw_table(pygame.Surface(BASE), view, 0, None, lang)
    lead = next(h for h in hits.find("played") if h.ident == state.lead)
    face = card_face(view, lead, lang)
    assert face is not None
    assert i18n.t("arcs.card.zeroed", lang) in face.body
    assert i18n.t("arcs.card.icon.zero", lang) in face.legend
    # not declared: no marker, no flag
    plain = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    apply(plain, Action("lead", 0, card=plain.players[0].hand[0]))
    assert not lead_zeroed(player_view(plain, 0))
    assert build_model(plain, 1, lang)["lead_zero"] is False


@pytest.mark.parametrize("lang", LANGS)
def test_hover_shows_and_right_click_zooms_the_same_text(arcs_app, lang):  # noqa: F811
    app = arcs_app
    set_lang(app, lang)
    session = ArcsSession(ArcsSetup(("human", "normal", "normal"), ("A", "B", "C"), 3),
                          bot_delay=0.0, autosave=False)
    session.bot_delay = session.wait = 1e9
    app.push(MenuScene(app))
    app.push(routes.make(app, "arcs.table", session))
    guarded(app, n=2)
    scene = app.top
    assert isinstance(scene, ArcsTableScene)
    scene.curtain = None
    guarded(app, n=1)
    hit = scene.hits.find("court")[0]
    before = pygame.image.tobytes(app.screen, "RGB")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hit.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    guarded(app, n=1)
    assert scene.hover is not None and scene.hover.kind == "court"
    face = scene.card_at(hit.rect.center)
    assert face is not None and face.body == i18n.t(f"arcs.card.text.{hit.ident}", lang)
    assert pygame.image.tobytes(app.screen, "RGB") != before  # the box is drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hit.rect.center,
                                         button=3))
    guarded(app, n=1)
    assert scene.card_zoom.face == face
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    guarded(app, n=1)
    assert not scene.card_zoom.is_open and app.top is scene  # Esc closed only the zoom
    set_lang(app, "en")


def test_a_hand_looked_at_with_farseers_is_drawn_for_the_seat_looking():
    """«look at a Rival's hand» (Farseers): the viewer's player view shows that hand
    while the swap is chosen; the table drew nothing then (NotAPlayerView), and still
    refuses any other rival's hand."""
    from game.arcs.ui.table_view import NotAPlayerView
    state = _mid_game()
    state.peek = (0, 2)
    view = player_view(state, 0)
    assert view.players[2].hand == state.players[2].hand and view.players[2].hand
    draw_table(pygame.Surface(BASE), view, 0, None, "en")  # no NotAPlayerView
    other = next(s for s in (1, 3) if state.players[s].hand)  # not the one looked at
    view.players[other].hand = list(state.players[other].hand)
    with pytest.raises(NotAPlayerView):
        draw_table(pygame.Surface(BASE), view, 0, None, "en")
