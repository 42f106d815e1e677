"""Issue 20, readable from the back of the room: the table's layout at any window size.

* card ability text at 1920×1080 with default settings is at least the minimum chosen
  in docs/art.md (measured on the rendered faces at the table's card widths, 2 and 6
  seats, and adventures for one, two and four players against the boss);
* the layout's regions never overlap and stay inside the window, at 16:9 and other
  shapes, for 2 to 6 seats and every card/text size setting;
* the rendered table (after a resize too) keeps every card inside the window and the
  trade row, own cards and hand inside their regions.

Run as a script to write the screenshots in docs/screenshots/sizes/:
``python tests/test_table_layout_sizes.py docs/screenshots/sizes`` (``--adventures``
writes only the one-player adventure's).
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.settings import TABLE_SIZES, Settings
from game.star_realms.art.faces import render_face_with_layout
from game.star_realms.data import load_rules
from game.star_realms.ui.card_images import for_app
from game.star_realms.ui.layout import TableLayout
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.screens import bot_session
from game.ui.main import headless, make_app
from game.ui.scenes.menu import MenuScene

# docs/art.md, "Text size on the table": ability text at 1920×1080 with default settings
MIN_ABILITY_FONT_PX = 9  # the font's pixel size (em)
MIN_ABILITY_GLYPHS_PX = 7  # the measured height of a line's glyphs with a capital

SIZES = ((1280, 720), (1920, 1080), (3840, 2160), (1280, 1024), (2560, 1080), (1366, 768))
# (format, seats, layout keywords as the table makes them)
SEATINGS = (("duel", 2, {}), ("ffa", 4, {}), ("ffa", 6, {}), ("hydra3", 6, {}),
            ("emperor", 6, {"rows": 2}), ("boss", 2, {"first_weight": 2}),
            ("raid", 4, {"first_weight": 2}))


def layout(size: tuple[int, int], seats: int, card: float = 1.0, text: float = 1.0,
           **kw) -> TableLayout:
    return TableLayout(*size, others=seats - 1, seats=seats, card_scale=card, text_scale=text,
                       **kw)


def ability_lines(width: int, lang: str) -> list:
    db = load_rules()
    out = []
    for card in list(db.cards.values())[::3]:
        _, lay = render_face_with_layout(card, lang, width)
        out += [t for t in lay.texts if t.box.startswith("content:")
                and any(ch.isalpha() for ch in t.text)]
    return out


def table_layout(size: tuple[int, int], seats: int, adventure: bool = False,
                 fmt: str = "duel") -> TableLayout:
    """The layout exactly as the table makes it for a game of ``seats`` seats (with an
    adventure's boss among them), default settings."""
    model = SimpleNamespace(seats=[None] * seats, boss=object() if adventure else None,
                            format=fmt)
    app = SimpleNamespace(size=size, settings=Settings())
    return TableScene.make_layout(app, SimpleNamespace(model=lambda: model))


# (seats, adventure): a duel, six seats, and adventures for one, two and four players
# (the boss is a seat too)
READING = ((2, False), (6, False), (2, True), (3, True), (5, True))


@pytest.mark.parametrize(("seats", "adventure"), READING)
def test_card_ability_text_meets_the_minimum_at_1080p(seats, adventure):
    lay = table_layout((1920, 1080), seats, adventure)
    # the trade row and the viewer's cards in play are card_w wide, the hand hand_w
    widths = {lay.card_w, lay.hand_w, lay.trade_step - lay.px(12)}
    for width, lang in itertools.product(sorted(widths), ("en", "ru")):
        lines = ability_lines(width, lang)
        assert lines
        small = min(lines, key=lambda t: t.size)
        assert small.size >= MIN_ABILITY_FONT_PX, (seats, width, lang, small)
        capitals = [t for t in lines if any(ch.isupper() for ch in t.text)]
        short = min(capitals, key=lambda t: t.bbox[3] - t.bbox[1])
        assert short.bbox[3] - short.bbox[1] >= MIN_ABILITY_GLYPHS_PX, (seats, width, short)


def test_the_minimum_would_fail_at_the_old_card_width():
    """The measurement can fail: the old fixed 124-px cards had 6-px ability text."""
    assert min(t.size for t in ability_lines(124, "en")) < MIN_ABILITY_FONT_PX


def regions(lay: TableLayout) -> dict[str, pygame.Rect]:
    """Every drawn region: the zones (not the prompt, which floats over them, nor the
    panels' strip, which the panels divide), the panels, the pools' two boxes."""
    z = {k: v for k, v in lay.zones().items() if k not in ("prompt", "others")}
    z.update({f"panel{i}": p for i, p in enumerate(lay.panels)})
    return z


@pytest.mark.parametrize(("size", "seating"), list(itertools.product(SIZES, SEATINGS)))
def test_regions_are_inside_the_window_and_apart(size, seating):
    _, seats, kw = seating
    for card, text in ((1.0, 1.0), (TABLE_SIZES[0], TABLE_SIZES[0]),
                       (TABLE_SIZES[-1], TABLE_SIZES[-1])):
        lay = layout(size, seats, card, text, **kw)
        window = pygame.Rect(0, 0, *size)
        z = regions(lay)
        for name, r in z.items():
            assert r.w > 0 and r.h > 0 and window.contains(r), (size, seats, name, r)
        for (a, ra), (b, rb) in itertools.combinations(z.items(), 2):
            assert not ra.colliderect(rb), (size, seats, card, a, ra, b, rb)
        # the cards of the trade row fit their row, the hand's fan its area
        row = lay.zones()["trade_row"]
        last = pygame.Rect(row.x + 4 * lay.trade_step, row.y, lay.card_w, lay.card_h)
        assert row.contains(last)
        for n in (1, 5, 9):
            hand = lay.zones()["hand"]
            for r, _ in lay.fan(hand, n):  # (its sunk part below the window's edge)
                assert r.bottom - size[1] <= lay.hand_sunk + lay.px(16), (size, seats, n, r)
                r.h -= max(0, r.bottom - size[1])
                assert hand.contains(r), (size, seats, n, r)


def test_cards_grow_with_the_window_and_shrink_with_seats():
    assert layout((3840, 2160), 2).card_w > layout((1920, 1080), 2).card_w > \
        layout((1280, 720), 2).card_w
    assert layout((1920, 1080), 6).card_w <= layout((1920, 1080), 2).card_w
    # other shapes use their room: a wide window's side panel and a tall one's top strip
    assert layout((2560, 1080), 2).zones()["log"].w > layout((1920, 1080), 2).zones()["log"].w
    assert layout((1280, 1024), 2).zones()["opp_field"].h > \
        layout((1280, 720), 2).zones()["opp_field"].h
    # the settings: larger cards where there is room, smaller on request
    assert layout((1920, 1080), 2, card=TABLE_SIZES[-1]).card_w > layout((1920, 1080), 2).card_w
    assert layout((1920, 1080), 2, card=TABLE_SIZES[0]).card_w < layout((1920, 1080), 2).card_w
    assert layout((1920, 1080), 2, text=TABLE_SIZES[-1]).fs(16) > layout((1920, 1080), 2).fs(16)


# ---------------------------------------------------------------- the rendered table

def table_app(size: tuple[int, int], fmt: str, seats: int, lang: str,
              settings: Settings | None = None):
    headless()
    settings = replace(settings or Settings(), language=lang, animation_speed=0.0)
    app = make_app(size=size, settings=settings, persist=False)
    app.push(MenuScene(app))
    app.push(TableScene(app, bot_session(7, fmt=fmt, seats=seats)))
    settle(app)
    return app


def settle(app) -> None:
    for _ in range(3):
        app.frame([], 0.0)
        for_app(app).wait()
    app.frame([], 0.0)


def resize(app, size: tuple[int, int]) -> None:
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1])], 0.0)
    settle(app)


def check_table(table: TableScene, size: tuple[int, int]) -> None:
    assert table.app.screen.get_size() == size
    assert (table.layout.width, table.layout.height) == size
    window = pygame.Rect(0, 0, *size)
    z = table.layout.zones()
    home = {"trade_row": z["trade_row"], "my_field": z["my_field"], "hand": z["hand"],
            "explorers": z["explorers"], "scrap": z["scrap"], "my_discard": z["my_discard"]}
    sunk = table.layout.hand_sunk  # the hand may sit partly below the bottom edge
    for _, _, rect, zone, _ in table.placements():
        if zone == "hand":  # (the fan's outer cards sit up to px(16) lower)
            below = max(0, rect.bottom - size[1])
            assert below <= sunk + table.layout.px(16), (rect, sunk)
            rect.h -= below
        assert window.contains(rect), (zone, rect)
        if zone in home:
            assert home[zone].contains(rect), (zone, rect, home[zone])
    for name, el in (("undo", table.btn_undo), ("end", table.btn_end), ("menu", table.btn_menu)):
        assert window.contains(el.rect) and z["buttons"].contains(el.rect), name


@pytest.mark.parametrize(("fmt", "seats"), [("duel", 2), ("ffa", 6)])
def test_rendered_table_fits_at_720p_and_after_a_resize(fmt, seats):
    app = table_app((1280, 720), fmt, seats, "en")
    try:
        table = app.top
        check_table(table, (1280, 720))
        small = table.layout.card_w
        resize(app, (1920, 1080))
        assert app.top is table
        check_table(table, (1920, 1080))
        assert table.layout.card_w > small
        resize(app, (1280, 1024))  # not 16:9: no black bars, the layout fills it
        check_table(table, (1280, 1024))
        z = table.layout.zones()
        assert z["hand"].bottom > 1024 - table.layout.px(40)
        assert max(r.right for r in z.values()) > 1280 - table.layout.px(40)
    finally:
        table.session.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rendered_adventure_for_one_player_fits(size):
    """One player against a boss: the table's rows as readable as a duel's; the boss's
    big card and numbers in its box, its cards (with their chips) and piles in its row."""
    app = table_app(size, "dimensional_horror", 2, "en")  # cards in play and four piles
    table = app.top
    try:
        lay = table.layout
        assert lay.kind == "boss" and lay.card_w == table_layout(size, 2, adventure=True).card_w
        check_table(table, size)
        z = lay.zones()
        boss = table.boss_view
        cards, piles = boss.areas()
        assert z["opp_field"].contains(cards) and z["opp_field"].contains(piles)
        assert not cards.colliderect(piles)
        for _, _, rect, zone, _ in table.placements():
            if zone == "opp_field":  # the boss's cards, their chips under them
                assert cards.contains(rect), rect
                assert rect.bottom + lay.px(3) + lay.px(28) <= z["opp_field"].bottom
        for rects in boss.pile_rects.values():
            for rect, _ in rects:
                assert piles.contains(rect), rect
        numbers = []
        boss.draw_numbers = lambda surface, area: numbers.append(area)  # type: ignore
        boss.draw_info(app.screen, z["opp_info"])
        assert numbers and z["opp_info"].contains(numbers[0])
    finally:
        table.session.close()


def test_card_and_text_size_settings_apply_at_once():
    app = table_app((1280, 720), "duel", 2, "en")
    table = app.top
    try:
        before, fs = table.layout.card_w, table.layout.fs(16)
        app.apply_settings(replace(app.settings, card_size=TABLE_SIZES[0],
                                   text_size=TABLE_SIZES[-1]))
        for scene in app.stack:  # what the settings overlay does on a size change
            scene.rebuild()
        settle(app)
        assert table.layout.card_w < before and table.layout.fs(16) > fs
        check_table(table, (1280, 720))
    finally:
        table.session.close()


# ---------------------------------------------------------------- screenshots

SHOTS = ((1280, 720), (1920, 1080), (3840, 2160))


def write_screenshots(out: Path) -> list[Path]:
    """Every size × both languages × 2 and 6 seats, rendered at that size; and each
    size again after resizing a window opened at another one, written only when it is
    not pixel-identical to the direct render (so far it always is); and two other
    shapes."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for (fmt, seats), lang, size in itertools.product((("duel", 2), ("ffa", 6)), ("en", "ru"),
                                                      SHOTS):
        app = table_app(size, fmt, seats, lang)
        path = out / f"{seats}seats_{lang}_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)
        start = SHOTS[(SHOTS.index(size) + 1) % len(SHOTS)]
        if lang == "en" or size == (1920, 1080):
            direct = pygame.image.tobytes(app.screen, "RGB")
            resize(app, start)
            resize(app, size)
            if pygame.image.tobytes(app.screen, "RGB") == direct:
                app.top.session.close()
                continue
            path = out / f"{seats}seats_{lang}_{size[0]}x{size[1]}_resized_from_" \
                         f"{start[0]}x{start[1]}.png"
            pygame.image.save(app.screen, str(path))
            written.append(path)
        app.top.session.close()
    written += write_adventure_screenshots(out)
    for (fmt, seats), size in itertools.product((("duel", 2), ("ffa", 6)),
                                                ((1280, 1024), (2560, 1080))):
        app = table_app(size, fmt, seats, "en")
        path = out / f"{seats}seats_en_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)
        app.top.session.close()
    i18n.set_language("en")
    return written


def write_adventure_screenshots(out: Path) -> list[Path]:
    """One player against a boss (Automatons) at every size, both languages."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang, size in itertools.product(("en", "ru"), SHOTS):
        app = table_app(size, "automatons", 2, lang)
        path = out / f"adventure_1player_{lang}_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)
        app.top.session.close()
    i18n.set_language("en")
    return written


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    folder = Path(args[0] if args else "docs/screenshots/sizes")
    write = write_adventure_screenshots if "--adventures" in sys.argv else write_screenshots
    for p in write(folder):
        print(p)
