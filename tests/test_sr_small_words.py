"""Issue 39 item 13: small words a player trips on.

"drawa card": the words on the card faces were right, but ability lines were drawn with
the font's hinting at 5–8 px, which rounds each letter's advance up and the space's
down, so at table size a space shrank to nothing.  Ability lines (and the type strip)
are now drawn four times larger and scaled down, as titles already were.
"""

from __future__ import annotations

import re
import string
from functools import cache

import pytest

from game import i18n
from game.star_realms.art.faces import render_face_with_layout
from game.star_realms.art.fonts import font
from game.star_realms.art.illustration import picture
from tests.scene import DB

MEASURE = 8  # the unhinted layout of a line is measured at 8× its size
LEGIBLE = 6  # px: smaller words (a long type line squeezed to fit) are not read anyway


def blank_at_spaces(img, item) -> list[int]:
    """For each space between two words of a drawn line (a space beside "/" or "·" is
    not counted: a slash leans over it): how many blank pixel columns are at it.

    The line's ink is cut out of the face, each column is blank when no pixel in it is
    brighter than halfway between the darkest and the brightest column, and each space's
    centre is placed where the font's unhinted metrics put it, stretched to the width
    actually drawn (so hinting's drift along the line is not counted against it)."""
    f = font("regular", item.size).font_variant(size=item.size * MEASURE)
    line = item.text
    x0, _, x1, _ = f.getbbox(line, anchor="la")
    crop = img.crop(item.bbox).convert("L")
    w, h = crop.size
    px = crop.load()
    cols = [max(px[x, y] for y in range(h)) for x in range(w)]
    lo, hi = min(cols), max(cols)
    blank = [c <= lo + 0.5 * (hi - lo) for c in cols]
    stretch = w / ((x1 - x0) / MEASURE)
    out = []
    for i, ch in enumerate(line):
        if ch != " " or not (0 < i < len(line) - 1 and line[i - 1].isalnum()
                             and line[i + 1].isalnum()):
            continue
        mid = ((f.getlength(line[:i]) + f.getlength(line[:i + 1])) / 2 - x0) / MEASURE
        best = 0
        for x in {int(mid * stretch - 0.5), int(mid * stretch), int(mid * stretch + 0.5)}:
            if 0 <= x < w and blank[x]:
                left = right = x
                while left > 0 and blank[left - 1]:
                    left -= 1
                while right < w - 1 and blank[right + 1]:
                    right += 1
                best = max(best, right - left + 1)
        out.append(best)
    return out


@pytest.mark.slow  # renders every card face in both languages: about 20 s
@pytest.mark.parametrize("width", [165, 240])  # a table card at 1920×1080, a larger one
def test_no_words_are_glued_on_any_card_face(width, monkeypatch):
    # Both languages in one test, the pictures kept for the test (render_art's own cache,
    # 192 pictures, is smaller than one pass over all 297 cards): a picture depends on
    # its box, not the language, so the second language reuses the first's wherever the
    # box is the same size instead of painting it again (38 → 31 CPU-s for all four).
    monkeypatch.setattr(picture, "render_art", cache(picture.render_art.__wrapped__))
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        try:
            glued, lines = [], 0
            for cid in DB.cards:  # every card of every set
                img, layout = render_face_with_layout(DB[cid], lang, width)
                for item in layout.texts:
                    if (item.box.split(":")[0] not in ("content", "kind")
                            or " " not in item.text or item.size < LEGIBLE):
                        continue
                    lines += 1
                    if 0 in blank_at_spaces(img, item):
                        glued.append((cid, item.text, item.size))
            assert lines > 500, lang  # the check saw the faces' ability lines
            assert not glued, (lang, glued[:10])
        finally:
            i18n.set_language("en")


def test_draw_a_card_reads_as_three_words_at_table_size():
    img, layout = render_face_with_layout(DB["mothership"], "en", 165)
    items = [t for t in layout.texts if t.text == "Draw a card"]
    assert items and all(min(blank_at_spaces(img, t)) >= 2 for t in items)


# ---------------------------------------------------------------- possessives


def _possessive_keys() -> list[str]:
    return sorted(k for k, v in i18n.strings("en").items() if "}'s" in v or "}’s" in v)


def test_english_possessives_follow_the_name():
    assert i18n.t("fx.turn", "en", name="Automatons") == "Automatons' turn"
    assert i18n.t("fx.turn", "en", name="Anna") == "Anna's turn"
    assert i18n.t("fx.team_turn", "en", team="Blues") == "Team Blues' turn"
    # every English string of the form "{x}'s", in every game, with a name in s
    keys = _possessive_keys()
    assert len(keys) >= 10
    for key in keys:
        template = i18n.strings("en")[key]
        owners = set(re.findall(r"\{(\w+)\}['’]s", template))
        for name, want in (("Automatons", ("Automatons'", "Automatons’")),
                           ("Anna", ("Anna's", "Anna’s"))):
            fields = {f: name if f in owners else 1 for f in _fields(template)}
            text = i18n.t(key, "en", **fields)
            assert "Automatons's" not in text and "Automatons’s" not in text, (key, text)
            assert any(w in text for w in want), (key, text)


def _fields(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def test_russian_turn_lines_name_the_boss_without_a_possessive():
    boss = i18n.t("tutorial.seat.automatons", "ru")
    assert boss == "Автоматоны"
    for key in ("fx.turn", "bossturn.title"):
        assert i18n.t(key, "ru", name=boss) == f"Ход: {boss}"


# ---------------------------------------------------------------- the campaign's wishes


def _opening(c, lang: str) -> list[str]:
    from game.star_realms.ui.campaign_flow import outcome_notice
    i18n.set_language(lang)
    try:
        return [line for line, _, _ in outcome_notice(c)[1]]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_one_wish_is_not_called_each_players_wish(lang):
    from game.star_realms.campaign import flow
    from game.star_realms.campaign.model import from_json

    kept = i18n.t("campaign.wishes_kept", lang)
    both = flow.new_campaign("a", "a", 1, [("Anna", "human", "trade_federation"),
                                           ("Boris", "human", "star_empire")])
    assert kept in _opening(both, lang)
    for wishes, wisher, other in ((("trade_federation", None), "Anna", "Boris"),
                                  ((None, "star_empire"), "Boris", "Anna")):
        c = flow.new_campaign("a", "a", 1, [("Anna", "human", wishes[0]),
                                            ("Boris", "human", wishes[1])])
        assert not c.coin_flip
        lines = _opening(c, lang)
        assert kept not in lines
        assert i18n.t("campaign.one_wish_kept", lang, name=wisher, other=other) in lines
        again = from_json(c.to_json(), DB)  # the campaign file remembers it
        assert _opening(again, lang) == lines
    # a file written before this was recorded, or damaged there, still opens
    old = both.to_json()
    for bad in (None, "x", 7, True):
        if bad is None:
            old.pop("no_wish")
        else:
            old["no_wish"] = bad
        assert kept in _opening(from_json(old, DB), lang)


# ---------------------------------------------------------------- the host's console


def test_the_host_says_nobody_left_before_anyone_joined():
    from game.commands.host import HostLoop
    from game.remote.server import SeatStatus
    from game.star_realms.engine import GameConfig, SeatConfig, new_game
    from game.star_realms.ui.session import Session

    class Phones:
        connected = False

        def status(self):
            return {0: SeatStatus(0, "Player 1", self.connected, self.connected)}

        def push(self, payloads):
            pass

    said: list[str] = []
    phones = Phones()
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("Player 1", "remote"), SeatConfig("B", "greedy"))))
    session = Session(DB, state, ["remote", "greedy"])
    try:
        host = HostLoop(session, [0], phones, 0.0, 200, say=said.append)
        host.after_change()
        host.after_change()
        assert not [x for x in said if x.startswith("Player 1 ") and x.endswith(("left", "joined"))]
        phones.connected = True
        host.after_change()
        phones.connected = False
        host.after_change()
        assert [x for x in said if x.endswith(("left", "joined"))] == [
            "Player 1 joined", "Player 1 left"]
    finally:
        session.close()


# ---------------------------------------------------------------- the phone's labels


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_phone_labels_abilities_with_a_capital(lang):
    from game.star_realms.engine import GameConfig, SeatConfig, new_game
    from game.star_realms.phone import phone_model

    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("A", "remote"), SeatConfig("B", "greedy"))))
    strings = phone_model(state, 0)["text"][lang]["strings"]
    assert strings["slot.scrap"] == {"en": "Scrap ability",
                                     "ru": "Утилизационное свойство"}[lang]
    for key, text in strings.items():
        assert text[:1] == text[:1].upper(), (key, text)  # labels stand alone on the page
