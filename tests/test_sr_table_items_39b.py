"""Star Realms table, issue 39 items 2, 4, 11 (table part) and 12.

2. A team turn's pools show the team's total (each member's share on hover); the log
   names who played a card and whose pool it fed; a team turn's header names every
   member, the person steering it included.
4. "Scrap a card from your hand or discard pile": each candidate says which pile it is in.
11. No tooltip over a card's zoom or the phones' Join screen; the "phone: connected" line
    stays inside its seat box.
12. Right after a language switch the cards show faces (the previous language's until the
    new ones are rendered), never blank frames.
"""

from __future__ import annotations

import threading
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.remote.server import SeatStatus
from game.star_realms.engine import Action, GameConfig, SeatConfig, apply, new_game
from game.star_realms.ui import card_images
from game.star_realms.ui.log_text import describe
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import GameSetup, SeatSetup, Session
from game.star_realms.ui.table.phones import BIND_ENV, PORT_ENV
from game.star_realms.ui.table.tooltips import TOOLTIP_MS, lines
from game.ui import fonts
from game.ui.scenes.menu import MenuScene
from tests.scene import DB, Scene
from tests.test_hydra_team_turn import give
from tests.test_ui_table import frame, mouse


def hydra(controllers, first=0):
    seats = tuple(SeatConfig(f"P{i + 1}", c) for i, c in enumerate(controllers))
    return new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seats=seats,
                                   format="hydra2", seed=5, first=first))


def rest_on(app, pos, frames: int | None = None) -> None:
    """The pointer rests at ``pos`` long enough for a tooltip (frames of 1/60 s)."""
    frame(app, [mouse("motion", pos)])
    for _ in range(frames or TOOLTIP_MS * 60 // 1000 + 4):
        frame(app)


# ---------------------------------------------------------------------- item 2


def test_the_pool_shows_the_team_total_and_each_share_on_hover(big_app, monkeypatch):
    st = hydra(["human", "greedy", "human", "greedy"])
    for s in st.seats:
        s.trade = s.combat = 0
    st.seats[2].combat, st.seats[2].trade, st.seats[0].trade = 3, 2, 1
    session = Session(DB, st, ["human", "greedy", "human", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, session))
    drawn: list[tuple[str, pygame.Rect]] = []
    label = t.label

    def spy(surface, text, *args, **kwargs):
        r = label(surface, text, *args, **kwargs)
        drawn.append((text, r))
        return r

    monkeypatch.setattr(t, "label", spy)
    frame(big_app)
    in_combat = [text for text, r in drawn if t.combat_rect().contains(r)]
    in_trade = [text for text, r in drawn if t.trade_rect().contains(r)]
    # the big figure is the team's total, not the viewer's own 0
    assert "3" in in_combat and "0" not in in_combat, in_combat
    assert "3" in in_trade and "1" not in in_trade, in_trade
    assert i18n.t("table.team_total") in in_combat
    # hover: each member's share, the viewer marked
    tip = lines(t, ("pool", "combat"))
    assert tip[0] == i18n.t("tip.combat_title", n=3)
    assert "P1 (you): 0" in tip and "P3: 3" in tip
    assert "P1 (you): 1" in lines(t, ("pool", "trade")) and "P3: 2" in lines(t, ("pool", "trade"))
    # and it really is drawn when the pointer rests there
    rest_on(big_app, t.combat_rect().center)
    assert t.tooltips.rect is not None and t.tooltips.shown(t, big_app.clock_ms)[0] == tip[0]
    i18n.set_language("ru")
    assert "P1 (вы): 0" in lines(t, ("pool", "combat"))


def test_a_duel_pool_has_no_team_words(big_app):
    scene = Scene(hand=["scout"], trade=2, combat=1)
    session = Session(DB, scene.state, ["human", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, session))
    frame(big_app)
    assert t.team_pool_members() == []
    assert lines(t, ("pool", "trade")) == [i18n.t("tip.trade_title", n=2),
                                           i18n.t("tip.trade_body")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_log_names_who_played_a_teammates_card_and_whose_pool_it_fed(lang):
    st = hydra(["human"] * 4)
    stinger = give(st, 2, "stinger")  # 3 combat, into its owner's (P3's) pool
    action = Action("play", 2, card=stinger)
    apply(st, action)
    out = [line.render(st, lang) for line in describe(st, action, list(st.events), actor=0)]
    name = i18n.card_name(DB["stinger"], lang)
    assert len(out) == 1, out  # one line: who played, whose card, what it gave
    assert "P1" in out[0] and "P3" in out[0] and name in out[0], out
    gain = f"+3 {i18n.t('resource.combat', lang)}"
    assert gain in out[0]
    if lang == "en":
        assert out[0] == "P1 plays P3's Stinger: +3 Combat."
    # a member playing its own card (a computer teammate): just its name
    own = give(st, 2, "stinger")
    apply(st, Action("play", 2, card=own))
    line = describe(st, Action("play", 2, card=own), list(st.events), actor=2)
    assert [x.render(st, lang) for x in line] == [
        i18n.t("log.play_gains", lang, p="P3", card=name, gains=gain)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_team_turns_header_names_every_member(lang):
    """The lead (P1) may be a computer while a person (P3) steers the turn: the header
    names both, with the team."""
    st = hydra(["greedy", "greedy", "human", "greedy"])
    apply(st, Action("end_turn", 0))  # team B's turn: P2, P4
    action = Action("end_turn", 1)
    apply(st, action)  # team A's again
    out = [x.render(st, lang) for x in describe(st, action, list(st.events), actor=1)]
    header = next(x for x in out if x.startswith("—"))
    assert "P1" in header and "P3" in header, header
    assert i18n.t("table.team", lang, team="A").split()[0] in header
    if lang == "en":
        assert header == "— Turn 3: team A (P1, P3) —"
    # a duel keeps the one-name header
    duel = Scene().state
    apply(duel, Action("end_turn", 0))
    out = [x.render(duel, lang) for x in describe(duel, Action("end_turn", 0),
                                                   list(duel.events), actor=0)]
    assert i18n.t("log.turn", lang, n=2, p="P1") in out


# ---------------------------------------------------------------------- item 4


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_scrap_candidate_says_which_pile_it_is_in(make_table_app, lang):
    app = make_table_app((1280, 720), lang=lang)
    scene = Scene(hand=["trade_bot", "scout", "viper"], discard=["scout", "stinger"])
    session = Session(DB, scene.state, ["human", "greedy"])
    app.push(MenuScene(app))
    t = app.push(TableScene(app, session))
    frame(app)
    assert t.act(session.find(f"play:c{scene.id('trade_bot')}"))
    frame(app, n=2)
    prompt = t.prompt
    assert prompt is not None and t.model.question.purpose == "scrap"
    hand, discard = set(scene.state.seats[0].hand), set(scene.state.seats[0].discard)
    labels = {a.card: text for (_, a), (_, text) in zip(prompt.card_rects,
                                                         prompt.pile_labels, strict=True)}
    assert set(labels) == hand | discard
    for iid, text in labels.items():
        want = "prompt.pile_hand" if iid in hand else "prompt.pile_discard"
        assert text == i18n.t(want)
    assert i18n.t("prompt.pile_hand") != i18n.t("prompt.pile_discard")
    # the labels sit under their cards, inside the panel, above its Skip button
    bottom = min(b.rect.y for b in prompt.actions)
    for rect, _ in prompt.pile_labels:
        assert prompt.area.contains(rect)
        assert rect.bottom + t.layout.px(4) + fonts.line_step(prompt.pile_size) <= bottom


def test_a_question_from_one_pile_has_no_labels(make_table_app):
    app = make_table_app((1280, 720))
    scene = Scene(hand=["trade_bot", "scout", "viper"])
    session = Session(DB, scene.state, ["human", "greedy"])
    app.push(MenuScene(app))
    t = app.push(TableScene(app, session))
    frame(app)
    t.act(session.find(f"play:c{scene.id('trade_bot')}"))
    frame(app, n=2)
    assert t.prompt is not None and t.prompt.card_rects and t.prompt.pile_labels == []


# ---------------------------------------------------------------------- item 11


def test_no_tooltip_over_a_cards_zoom(big_app):
    scene = Scene(hand=["scout", "viper"])
    session = Session(DB, scene.state, ["human", "greedy"])
    big_app.push(MenuScene(big_app))
    t = big_app.push(TableScene(big_app, session))
    frame(big_app)
    pile = t.layout.zones()["my_deck"].center
    rest_on(big_app, pile)
    assert t.tooltips.rect is not None  # the deck's tooltip is up …
    t.zoom_sticky = scene.state.seats[0].hand[0]  # … a card is zoomed (clicked)
    frame(big_app)
    assert t.tooltips.rect is None
    assert t.zoomed() == t.zoom_sticky
    t.zoom_sticky = None
    frame(big_app)
    assert t.tooltips.rect is not None


def test_no_tooltip_over_the_join_screen(make_table_app, monkeypatch):
    monkeypatch.setenv(BIND_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")
    app = make_table_app((1920, 1080))
    session = Session.start(DB, GameSetup(sets=("core",), seats=[
        SeatSetup("Anna"), SeatSetup("Boris", "remote")], seed=4, first=0))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, session))
    frame(app)
    assert t.join_open
    rest_on(app, t.layout.zones()["my_deck"].center)
    assert t.tooltips.rect is None
    t.toggle_join()
    frame(app)
    assert not t.join_open and t.tooltips.rect is not None


STATES = {"connected": (True, True), "waiting": (False, False), "gone": (False, True)}


@pytest.mark.parametrize("size,lang", [((1280, 720), "ru"), ((1280, 720), "en"),
                                       ((1920, 1080), "ru")])
def test_the_phone_line_stays_inside_its_seat_box(make_table_app, monkeypatch, size, lang):
    monkeypatch.setenv(BIND_ENV, "127.0.0.1")
    monkeypatch.setenv(PORT_ENV, "0")
    app = make_table_app(size, lang=lang)
    names = ["Анна-Мария", "Борислав Длинноимённый"]
    session = Session.start(DB, GameSetup(sets=("core",), seats=[
        SeatSetup(names[0]), SeatSetup(names[1], "remote")], seed=4, first=0))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, session))
    t.join.open = False
    frame(app)
    box = t.layout.zones()["opp_info"]
    discard = t.opp_discard_rect()
    # only this box and what lies just under it: the seat list's glyph is elsewhere
    area = box.inflate(0, 80).clip(app.screen.get_rect())

    def shot(status: dict) -> pygame.Surface:
        monkeypatch.setattr(session, "remote_status", lambda: status)
        frame(app)
        app.images.wait()  # (faces arriving between two shots are no phone line)
        frame(app)
        return app.screen.subsurface(area).copy()

    without = shot({})
    for st in STATES.values():
        with_phone = shot({1: SeatStatus(1, names[1], *st)})
        changed = [(x + area.x, y + area.y) for x in range(area.w) for y in range(area.h)
                   if with_phone.get_at((x, y)) != without.get_at((x, y))]
        assert changed, "the phone line is drawn"
        inner = box.inflate(-2, -2)
        out = [p for p in changed if not inner.collidepoint(p)]
        assert not out, (box, out[:5], len(out))
        assert not any(discard.collidepoint(p) for p in changed), "over the discard pile"


# ---------------------------------------------------------------------- item 12


class GatedCache:
    """The real face cache, except that faces in ``lang`` wait until ``gate`` opens (a
    slow first render, made deterministic)."""

    def __init__(self, real, lang: str):
        self.real, self.lang, self.gate = real, lang, threading.Event()

    def face(self, card, lang, width):
        if lang == self.lang:
            self.gate.wait(30)
        return self.real.face(card, lang, width)

    def back(self, width):
        return self.real.back(width)


def colours(surface: pygame.Surface, rect: pygame.Rect) -> int:
    r = rect.inflate(-rect.w // 2, -rect.h // 2).clip(surface.get_rect())
    sub = surface.subsurface(r)
    return len({tuple(sub.get_at((x, y))) for x in range(r.w) for y in range(r.h)})


def test_after_a_language_switch_the_first_frame_shows_faces(make_table_app):
    from game.star_realms.art.cache import FaceCache

    app = make_table_app((1280, 720), lang="en")
    gated = GatedCache(FaceCache(), "ru")
    app.images = card_images.CardImages(cache=gated)
    try:
        scene = Scene(hand=["stinger", "trade_bot", "viper"])
        session = Session(DB, scene.state, ["human", "greedy"])
        app.push(MenuScene(app))
        t = app.push(TableScene(app, session))
        frame(app)
        app.images.wait()
        frame(app)
        card = scene.id("stinger")
        rect = t.card_rects[card]
        english = colours(app.screen, rect)
        placeholder = app.images._placeholder(DB["stinger"], rect.w)
        blank = colours(placeholder, placeholder.get_rect())
        assert english > 3 * blank  # a face is far richer than the plain frame
        app.apply_settings(replace(app.settings, language="ru"))
        frame(app)
        assert app.images.pending  # the Russian faces are not rendered yet …
        first = colours(app.screen, t.card_rects[card])
        assert first > 3 * blank, "blank cards right after switching the language"
        gated.gate.set()  # … and once they are, they replace the English ones
        app.images.wait()
        frame(app)
        ru = app.images.face(DB["stinger"], t.card_rects[card].w)
        assert ru is app.images.surfaces[("face", card_images._face_key(DB["stinger"]), "ru",
                                          t.card_rects[card].w)]
    finally:
        gated.gate.set()
