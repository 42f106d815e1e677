"""The Year-1 promos as a person meets them: ticked on the setup screen beside the other
sets (no two of the screen's boxes or labels on top of each other, in either language, at
any seat count), and shuffled into the trade deck of the game that starts; and how the
bots judge the promo bases' "if you played a base this turn"."""

import pygame
import pytest

from game import i18n
from game.star_realms.ai import knowledge
from game.star_realms.ai.heuristic.profiles import STATIC
from game.star_realms.ui.scenes.setup import SetupScene
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.setup_screen import tick_and_start
from tests.test_ui_table import app, click, frame  # noqa: F401  (the app fixture)


def _box_of(setup: SetupScene, sid: str):
    return next(box for box, s in setup.set_boxes.items() if s == sid)


def _left_column(setup: SetupScene) -> list[tuple[str, pygame.Rect]]:
    """Each visible check box and its label (where they are drawn), and the drop-downs
    of the left column."""
    out = []
    boxes = [(f"set {sid}", box) for box, sid in setup.set_boxes.items()]
    boxes += [("missions", setup.missions_box), ("gambits", setup.gambits_box)]
    if setup.option_box is not None:
        boxes.append(("option", setup.option_box))
    for name, box in boxes:
        if box.visible:
            out.append((name, box.rect.union(box.text_label.rect)))
    out.append(("first", setup.first.rect))
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("fmt,count", [("duel", 2), ("ffa", 4), ("ffa", 6), ("emperor", 6),
                                       ("hydra3", 6)])
def test_the_setup_screens_boxes_and_labels_do_not_overlap(app, lang, fmt, count):  # noqa: F811
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        setup = app.push(SetupScene(app))
        setup.change_format(fmt, count)
        frame(app)
        items = _left_column(setup)
        seats = [e.rect for e in (*setup.names, *setup.ctrl)]  # the players' rows
        for i, (a, ra) in enumerate(items):
            assert ra.collidelist(seats) == -1, (lang, fmt, a, ra)
            for b, rb in items[i + 1:]:
                assert not ra.colliderect(rb), (lang, fmt, a, ra, b, rb)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_ticks_promos_and_finds_them_in_the_trade_deck(app, lang):  # noqa: F811
    i18n.set_language(lang)
    try:
        box, table = tick_and_start(app, lambda s: _box_of(s, "promos"))
        assert box.text == i18n.t("set.promos") + " · 12"
        state = table.session.state
        assert state.config.sets == ("core", "promos")
        promo_ids = set(DB.sets["promos"].cards)
        promos = [i for i, c in enumerate(state.cards) if c.id in promo_ids]
        assert len(promos) == 12
        assert all(i in state.trade_deck or i in state.trade_row for i in promos)
    finally:
        i18n.set_language("en")


def test_the_bots_count_a_promo_bases_condition_as_likely():
    """"If you played a base this turn (including this one)": certain the turn the base
    lands, so the bots value Starmarket's bonus above half of it (at 0.45 Normal hardly
    ever bought the promo bases and lost 9 points against greedy)."""
    weights = STATIC
    primary = DB["starmarket"].ability("primary")
    (op, params), = primary
    assert op == "if" and params["cond"] == ("played_base", True)
    bonus = knowledge.effects_value(params["then"], weights)
    got = knowledge.effects_value(primary, weights)
    assert 0.75 * bonus <= got < bonus
