"""Issue 39's pictures: `python -m game screenshot` takes a Star Realms table with the Card
and Text size settings, a Hydra computer teammate's own plays, the pointer resting on a
pool (its tooltip up) and a picture cut to one part of the table (the turn marker)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.cli import main
from game.settings import TABLE_SIZES
from game.star_realms.ui.screens import Look, crop_rect, render_scene


@pytest.fixture(autouse=True)
def _folders(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("STAR_REALMS_CACHE_DIR", str(tmp_path / "cache"))
    yield
    i18n.set_language("en")


def test_the_command_cuts_the_picture_to_the_turn_marker(tmp_path):
    out = tmp_path / "turn.png"
    assert main(["screenshot", "--format", "hydra2", "--size", "1920x1080", "--crop", "turn",
                 "--lang", "ru", "--out", str(out)]) == 0
    assert not list((tmp_path / "saves").glob("**/*.json"))  # no autosave left behind
    picture = pygame.image.load(str(out))
    app = render_scene("table", (1920, 1080), seed=7, lang="ru", fmt="hydra2")
    table = app.top
    try:
        want = crop_rect(table, "turn", app.screen.get_rect())
        assert picture.get_size() == want.size
        assert want.contains(table.layout.zones()["turn"].clip(app.screen.get_rect()))
        assert want.w < 1920 // 2 and want.h < 1080 // 2  # a part, not the window
        assert pygame.image.tobytes(picture, "RGB") == pygame.image.tobytes(
            app.screen.subsurface(want), "RGB")  # exactly that part of the table
    finally:
        table.session.close()


def test_huge_card_and_text_sizes_are_the_settings_the_table_is_drawn_with(tmp_path):
    out = tmp_path / "huge.png"
    assert main(["screenshot", "--size", "1280x720", "--card-size", "huge", "--text-size",
                 "huge", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    sizes = {}
    for look in (Look(), Look(TABLE_SIZES[-1], TABLE_SIZES[-1])):
        app = render_scene("table", (1280, 720), seed=7, lang="en", look=look)
        table = app.top
        try:
            assert (app.settings.card_size, app.settings.text_size) == (
                look.card_size, look.text_size)
            sizes[look.card_size] = (table.layout.card_w, table.layout.fs(16))
        finally:
            table.session.close()
    normal, huge = sizes[1.0], sizes[TABLE_SIZES[-1]]
    assert huge[0] > normal[0] and huge[1] > normal[1]


def test_a_hydra_teammate_makes_the_asked_moves_and_no_more_while_the_picture_settles():
    """--mate-plays 2: the computer teammate (seat 2) makes two moves of its own in the
    person's team turn, logged under its name; none more while the table settles (when
    its worker thread finished must not decide what the picture shows)."""
    app = render_scene("table", (1920, 1080), seed=7, lang="en", fmt="hydra2", mate_plays=2)
    table = app.top
    try:
        s = table.session
        turn = [a for a in s.state.actions()][-40:]
        since = len(turn) - next(i for i, a in enumerate(reversed(turn))
                                 if a.kind == "end_turn")
        mine = [a for a in turn[since:] if a.seat == 2]
        assert len(mine) == 2
        header = max(i for i, ln in enumerate(s.log) if ln.key.startswith("log.turn"))
        assert [ln for ln in s.log[header:] if ln.key.startswith("log.play")
                and ln.seat == 2 and ln.params["p"] == 2]
        for _ in range(5):
            app.frame([], 1.0)
        assert [a for a in s.state.actions()][-len(turn[since:]):] == turn[since:]
    finally:
        table.session.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pointer_rests_on_the_team_pool_and_its_tooltip_is_drawn(lang):
    app = render_scene("table", (1920, 1080), seed=7, lang=lang, fmt="hydra2", mate_plays=2,
                       look=Look(hover="trade"))
    table = app.top
    try:
        now = app.clock_ms
        text = table.tooltips.shown(table, now)
        assert table.tooltips.key == ("pool", "trade") and table.tooltips.rect is not None
        assert text[0] == i18n.t("tip.trade_title", lang, n=table.model.pools.spend_trade)
        assert i18n.t("tip.pool_shares", lang) in text  # each member's share
        assert app.screen.get_rect().contains(table.tooltips.rect)
    finally:
        table.session.close()
