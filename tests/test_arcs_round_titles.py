"""Issue 37 item 7, the last piece: "This round"'s small cards showed their suit titles cut
(«Руково…», «Проекти…», "Administra…") from a fixed 72-px card, and the Leaders & Lore
draft rows in the same area cut long names («Пожиратель топл…», «Самонаводящиес…»).
Every action card of the deck is laid in the round area (four seats' plays in every mode
and a seize), and every leader and lore in the draft rows (3 and 4 seats), the table
drawn the way the scene draws it at 1280×720, 1920×1080 and 3840×2160 in English and
Russian; no word of the area may be cut, every card and caption stays inside the area,
and the titles stay over docs/art.md's minimum on screen.
"""

from __future__ import annotations

import pygame
import pytest

from game.arcs.data import load_arcs_rules
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import DRAFT, HIDDEN, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.ui import round_area, style, table_view
from game.arcs.ui.table_layout import ArcsLayout

RULES = load_arcs_rules()
SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
NAMES = {"en": ["Anna", "Boris", "Vera", "Gleb"], "ru": ["Анна", "Борис", "Вера", "Глеб"]}
MODES = ("lead", "surpass", "copy", "pivot")
MINIMUM = 9  # docs/art.md "The minimum": px at 1920×1080, scaled to the window's height


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def rounds() -> list[State]:
    """Views of a 4-seat game whose round shows, four at a time, every action card of
    the deck in every mode, with a seize card face down after them."""
    state = new_game(RULES, GameConfig(4, 3, ""))
    view = player_view(state, 0)
    cards = [c.id for c in RULES.action_cards]
    out = []
    for i in range(0, len(cards), 4):
        v = view.clone()
        v.plays = [(seat, card, MODES[(i // 4 + seat) % 4])
                   for seat, card in enumerate(cards[i:i + 4])]
        v.seize_cards = [(1, HIDDEN)]
        out.append(v)
    return out


def drafts() -> list[State]:
    """Views of the Leaders & Lore draft showing, n + 1 at a time, every leader and lore
    (3 and 4 seats: the boxes are narrower with more cards in a row)."""
    out = []
    for n in (3, 4):
        state = new_game(RULES, GameConfig(n, 3, "", leaders=True))
        assert state.step == DRAFT
        view = player_view(state, 0)
        leaders = [c.id for c in RULES.leaders]
        lore = [c.id for c in RULES.lore]
        for i in range(0, max(len(leaders), len(lore)), n + 1):
            v = view.clone()
            v.draft_leaders = leaders[i:i + n + 1] or leaders[:n + 1]
            v.draft_lore = lore[i:i + n + 1] or lore[:n + 1]
            out.append(v)
    return out


class Cuts:
    """Every style.fit call made while the round area draws, and those that cut."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, part: str = "round") -> None:
        self.cut: list[str] = []
        self.fitted = 0
        real_fit, real_round = style.fit, getattr(table_view._Table, part)
        inside = [False]

        def fit(value: str, size: int, width: int, bold: bool = False) -> str:
            out = real_fit(value, size, width, bold)
            if inside[0]:
                self.fitted += 1
                if out != value:
                    self.cut.append(f"{value!r} at {size} px in {width} px")
            return out

        def round_(table, r: pygame.Rect) -> None:
            inside[0] = True
            try:
                real_round(table, r)
            finally:
                inside[0] = False

        monkeypatch.setattr(style, "fit", fit)
        monkeypatch.setattr(table_view._Table, part, round_)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_no_title_in_the_round_area_is_cut(monkeypatch, lang, size):
    cuts = Cuts(monkeypatch)
    w, h = size
    lay = ArcsLayout(w, h, min(w / 1920, h / 1080))
    for view in rounds() + drafts():
        surface = pygame.Surface(size)
        table_view.draw_regions(surface, view, 0, lay.map, lay.board, NAMES[lang], lang)
    # titles, ambitions, captions and the draft's names all seen
    assert cuts.fitted >= len(RULES.action_cards) * 3 + len(RULES.leaders) + len(RULES.lore)
    assert not cuts.cut, "\n".join(cuts.cut[:12])
    # the titles on screen: over the projector minimum at this window's height
    assert round_area.ROUND_TITLE * lay.board_scale >= table_view.BOARD_TEXT_MIN * \
        lay.board_scale >= MINIMUM * h / 1080


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_five_cards_and_their_captions_fit_the_round_area(lang):
    """Four seats' plays and one seize (the most a round holds) stay inside the area."""
    surface = pygame.Surface(table_view.BOARD_BASE)
    area = None
    for view in rounds():
        hits = table_view.HitMap()
        table_view._draw_board(surface, view, 0, NAMES[lang], lang, hits,
                               table_view.BOARD_RIGHT)
        area = next(h.rect for h in hits.hits if h.kind == "play_area")
        played = [h.rect for h in hits.hits if h.kind == "played"]
        assert len(played) == 5
        cw = round_area.round_card_width(lang, RULES)
        for rect in played:
            assert rect.w == cw
            # the card, its captions under it and the gap to the next
            assert area.contains(rect.union(
                pygame.Rect(rect.x, rect.bottom, cw + round_area.ROUND_GAP - 2, 34)))
    assert area is not None


def test_the_card_is_as_wide_as_its_longest_title_needs():
    # «Проектирование» (Construction) at 13 px bold needs more than the old 72 px
    assert round_area.round_card_width("ru", RULES) > 72
    assert round_area.round_card_width("en", RULES) > 72


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_four_plays_stay_left_of_the_seize_and_declare_buttons(lang, size):
    """The fourth seat deciding whether to seize sees all four cards: the scene's area
    buttons (scenes/table.py: 190 px wide at the round area's right) cover none."""
    from game.arcs.ui.scenes.table import ROUND_ZONE
    w, h = size
    lay = ArcsLayout(w, h, min(w / 1920, h / 1080))
    zone = lay.board_rect(*ROUND_ZONE)
    button_x = (zone.right - lay.px(190) - lay.px(6) - lay.board.x) / lay.board_scale
    view = rounds()[0]
    view.seize_cards = []
    hits = table_view.HitMap()
    table_view._draw_board(pygame.Surface(table_view.BOARD_BASE), view, 0, NAMES[lang],
                           lang, hits, table_view.BOARD_RIGHT)
    fourth = [h.rect for h in hits.hits if h.kind == "played"][3]
    # the card and its captions (they end ROUND_GAP - 2 px past the card at most)
    assert fourth.right + round_area.ROUND_GAP - 2 < button_x, (fourth, button_x)


def test_the_screenshot_command_offers_every_arcs_moment():
    from game.arcs.ui.shots import SCENES
    from game.commands.screenshot import ARCS_MOMENTS
    assert set(ARCS_MOMENTS) == set(SCENES)


@pytest.mark.parametrize("scene", ["leaders_draft", "leaders_round_after"])
def test_the_leaders_and_lore_shots_reach_their_moment(tmp_path, monkeypatch, scene):
    """docs/screenshots/arcs/leaders_*.png are remade by `screenshot --scene …`."""
    from game.arcs.ui.shots import shoot
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    out = tmp_path / f"{scene}.png"
    shoot(scene, (1280, 720), 7, str(out), "ru")
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_full_hand_shows_every_suit_title_whole(monkeypatch, lang):
    """Six cards in hand (the most a chapter deals): «Проектирование» lost its last letter
    at 14 px in a 130-px card; the title takes the largest size that holds it whole."""
    cuts = Cuts(monkeypatch, "hand")
    view = player_view(new_game(RULES, GameConfig(4, 3, "")), 0)
    cards = [c.id for c in RULES.action_cards]
    for i in range(0, len(cards), 6):
        view.players[0].hand = cards[i:i + 6]
        table_view._draw_board(pygame.Surface(table_view.BOARD_BASE), view, 0, NAMES[lang],
                               lang, table_view.HitMap(), table_view.BOARD_RIGHT)
    assert cuts.fitted >= len(cards) * 2
    assert not cuts.cut, "\n".join(cuts.cut[:12])
