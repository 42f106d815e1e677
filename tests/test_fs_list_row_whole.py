"""Issue 38 item 3: an order upgrade's text can be read whole at the table.  The action
list keeps each row to two lines (the rest cut with «…»), so "Buy the order upgrade
Lootin'! — …: Gain 1 die (rolled); spend up to 1 die …" lost its end; the row under the
pointer is now drawn whole over the rows below (no row moves: clicks and the lesson's
targets stay where they were)."""

from __future__ import annotations

import pygame
import pytest

from game.forbidden_stars.ui import table_view
from game.ui import fonts

LONG = ("Купить улучшение приказа «Грабёж!» — улучшение приказа «Продвижение», 1 материал: "
        "Получите кубы (бросок): 1; потратьте кубы (нападение или защита или мораль), до 1; "
        "за каждый: получите материалы: 1; соперник: потеряйте материалы: 1.")


@pytest.mark.parametrize("tk", [0.67, 1.0, 2.0])  # 1280×720, 1920×1080, 3840×2160
def test_the_hovered_row_shows_its_whole_label(tk, monkeypatch):
    pygame.init()
    rect = pygame.Rect(0, 0, round(600 * tk), round(700 * tk))
    surface = pygame.Surface(rect.size)
    drawn: list[str] = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda v, *a, **k: drawn.append(v) or real(v, *a, **k))
    size = max(10, round(18 * tk))
    text_w = rect.w - fonts.font(size, True).size("00.")[0] - 4 * max(3, round(6 * tk))
    lines = fonts.wrap(LONG, size, text_w)
    assert len(lines) > 2  # long enough to be cut when not hovered

    rows, _ = table_view.draw_list(surface, rect, [LONG, "Done"], 0, tk, hover=-1)
    assert any(v.endswith("…") for v in drawn)  # two lines, the rest cut
    short = rows[0][0].h
    drawn.clear()
    rows, _ = table_view.draw_list(surface, rect, [LONG, "Done"], 0, tk, hover=0)
    drawn[:] = drawn[drawn.index("Done") + 1:]  # the hovered row, drawn last over the rest
    assert not any(v.endswith("…") for v in drawn)
    assert " ".join(v for v in drawn if v not in ("1.", "2.", "Done")) == " ".join(lines)
    assert rows[0][0].h == short  # no row moves: the whole label is drawn over them
