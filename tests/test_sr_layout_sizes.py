"""Issue 39, items 5–7: Star Realms' table for a projector.

* 5: a larger "Card size" or "Text size" never makes anything smaller — every card rect
  (trade row, piles, own field, hand, a duel opponent's or a boss's cards in play, the
  seat panels' cards, Hydra teammates' too) and every text role's pixel size, at
  1280×720, 1920×1080 and 3840×2160, for 2 seats, 4 free-for-all, Hydra 2×2, 6 seats,
  Emperor and one player's boss; the room runs out into the hand sinking below the
  window's edge, never into the other seats' strip;
* 6: card ability text at 1920×1080 with default settings is at least the minimum of
  docs/art.md (9 px) — tests/test_table_layout_sizes.py measures the rendered faces; here
  the card widths, scaled at other sizes;
* 7: the turn marker is always drawn, large, clear of every card, naming the team in a
  team turn, in English and Russian.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.settings import TABLE_SIZES, Settings
from game.star_realms.ui.layout import TURN_MARKER_FONT, TableLayout
from game.star_realms.ui.table.effects import banner_text
from tests.test_table_layout_sizes import settle, table_app

SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
# (name, layout keywords as the table makes them)
SEATINGS = (("duel", {"others": 1, "seats": 2}), ("ffa4", {"others": 3, "seats": 4}),
            ("hydra2x2", {"others": 3, "seats": 4}), ("six", {"others": 5, "seats": 6}),
            ("emperor", {"others": 5, "seats": 6, "rows": 2}),
            ("boss", {"others": 1, "seats": 2, "first_weight": 2}),
            ("raid", {"others": 3, "seats": 4, "first_weight": 2}))
TEXT_ROLES = (14, 15, 17, 18, 19, 20, 22, 24, 44, 54, TURN_MARKER_FONT)


def measures(lay: TableLayout) -> dict[str, float]:
    """Every size a player sees that the layout decides."""
    z = lay.zones()
    out: dict[str, float] = {"card_w": lay.card_w, "card_h": lay.card_h,
                             "hand_w": lay.hand_w, "hand_h": lay.hand_h}
    for name in ("explorers", "trade_deck", "scrap", "my_deck", "my_discard"):
        out[name] = z[name].w
    if lay.multi:
        out["panel_header"] = lay.panel_header
        for i, panel in enumerate(lay.panels):
            for n in (1, 4, 8):  # bases and ships in a panel, a teammate's hand too
                cards = lay.panel_cards(panel, n)
                out[f"panel{i}_cards{n}"] = min(r.w for r in cards)
    else:
        out["opp_card_w"] = lay.opp_card_w
        out["top_h"] = z["opp_info"].h  # the opponent's box: its text follows its height
    # the pools' numbers as draw_pools sizes them
    half = z["pools"].h // 2 - lay.px(4)
    out["pool_number"] = min(lay.fs(54), half - lay.px(8))
    for v in TEXT_ROLES:
        out[f"fs{v}"] = lay.fs(v)
    return out


@pytest.mark.parametrize(("size", "seating"), list(itertools.product(SIZES, SEATINGS)))
def test_a_larger_setting_never_makes_anything_smaller(size, seating):
    _, kw = seating
    for fixed, (lo, hi) in itertools.product(TABLE_SIZES, itertools.pairwise(TABLE_SIZES)):
        for a, b in (((lo, fixed), (hi, fixed)), ((fixed, lo), (fixed, hi))):
            small = measures(TableLayout(*size, card_scale=a[0], text_scale=a[1], **kw))
            big = measures(TableLayout(*size, card_scale=b[0], text_scale=b[1], **kw))
            shrunk = {k: (small[k], big[k]) for k in small if big[k] < small[k]}
            assert not shrunk, (size, seating[0], a, b, shrunk)


@pytest.mark.parametrize("size", SIZES)
def test_larger_cards_sink_the_hand_not_the_other_seats(size):
    normal = TableLayout(*size)
    huge = TableLayout(*size, card_scale=TABLE_SIZES[-1], text_scale=TABLE_SIZES[-1])
    assert huge.card_w > normal.card_w
    assert huge.zones()["opp_info"].h >= normal.zones()["opp_info"].h
    assert huge.hand_sunk > normal.hand_sunk > 0
    # a hand card keeps at least half of itself in view; the pointer raises it whole
    assert huge.hand_sunk <= huge.hand_h * 0.5
    assert huge.hand_raise >= huge.hand_sunk
    small = TableLayout(*size, card_scale=TABLE_SIZES[0])
    assert small.hand_sunk == 0


MIN_CARD_AT_1080 = 180  # default cards at 1080p, Emperor the narrowest: 9-px ability text


@pytest.mark.parametrize("seating", SEATINGS)
def test_default_cards_meet_the_new_minimum_in_every_format(seating):
    _, kw = seating
    for size in SIZES:
        lay = TableLayout(*size, **kw)
        want = MIN_CARD_AT_1080 * min(size[0] / 1920, size[1] / 1080)
        assert lay.card_w >= round(want) - 1, (size, seating[0], lay.card_w)


# ---------------------------------------------------------------- the turn marker

def marker(table) -> tuple[pygame.Rect, list[tuple[str, int]]]:
    """The marker's rect and what draw_turn_marker writes in it (text, pixel size)."""
    drawn: list[tuple[str, int]] = []
    real = table.label

    def spy(surface, text, x, y, size, *a, **k):
        drawn.append((text, size))
        return real(surface, text, x, y, size, *a, **k)

    table.label = spy
    try:
        table.draw_turn_marker(table.app.screen)
    finally:
        del table.label
    return table.layout.zones()["turn"], drawn


@pytest.mark.parametrize(("size", "lang"), list(itertools.product(SIZES, ("en", "ru"))))
def test_the_turn_marker_is_always_there_large_and_clear_of_cards(size, lang):
    settings = Settings(card_size=TABLE_SIZES[-1], text_size=TABLE_SIZES[-1])
    for fmt, seats in (("duel", 2), ("hydra2", 4)):
        app = table_app(size, fmt, seats, lang, settings)
        table = app.top
        try:
            rect, drawn = marker(table)
            lay = table.layout
            assert pygame.Rect(0, 0, *size).contains(rect)
            title, px = drawn[0]
            assert title == banner_text(table) and "." not in title.split()[0]
            # large: at least twice the card text's minimum, scaled (9 px at 1080p)
            assert px >= 2 * 9 * lay.scale, (px, lay.scale)
            for name, r in lay.zones().items():
                if name not in ("turn", "prompt", "others"):
                    assert not rect.colliderect(r), name
            for _, _, r, zone, _ in table.placements():
                assert not rect.colliderect(r), zone
            # still there much later: not a banner that fades
            app.clock_ms += 60_000
            settle(app)
            assert marker(table)[1][0][0] == title
        finally:
            table.session.close()
    i18n.set_language("en")


def test_a_team_turn_names_the_team():
    app = table_app((1920, 1080), "hydra2", 4, "ru")
    table = app.top
    try:
        m = table.model
        assert len(m.turn_members) > 1 and table.has_teams()
        title = marker(table)[1][0][0]
        team = "AB"[m.seats[m.active].team % 2]
        assert title == i18n.t("fx.team_turn", team=team) and team in title
    finally:
        table.session.close()
        i18n.set_language("en")


def test_the_marker_grows_with_the_text_size():
    app = table_app((1280, 720), "duel", 2, "en")
    table = app.top
    try:
        before = marker(table)[1][0][1]
        app.apply_settings(replace(app.settings, text_size=TABLE_SIZES[-1]))
        for scene in app.stack:
            scene.rebuild()
        settle(app)
        assert marker(table)[1][0][1] > before
    finally:
        table.session.close()
