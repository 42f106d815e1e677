"""Issue 38 polish, found by looking at the screenshots: Russian area names stand in
the nominative (item 1), effects read as sentences with the number's form (item 2), the
move log takes the free height of the right column (item 3), the combat panel's texts
meet the projector minimum and keep inside their columns (items 4 and 5)."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pygame
import pytest
from PIL import Image

from game import i18n
from game.forbidden_stars import labels
from game.forbidden_stars.engine import combat
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.state import Action
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui.combat_layout import pending_lines
from game.forbidden_stars.ui.combat_model import CombatModel, build_combat_model
from game.forbidden_stars.ui.combat_result import CombatResults, lines_for
from game.forbidden_stars.ui.combat_text import effect_text, effects_text
from game.forbidden_stars.ui.combat_view import CombatPanel
from game.forbidden_stars.ui.table_layout import STAT_SAMPLE, STATS, FsLayout, for_model
from game.ui import fonts
from game.ui.board_picture import BoardPictures, cropped
from game.ui.log_panel import MIN_TEXT, log_text_size
from tests.test_fs_support import RULES, fight

ATT, DEF = 0, 1
NAMES = ("Anna", "Boris")
FS_SECTIONS = ("forbidden_stars.", "fs_")
# the card effects' {source}/{to} are phrases already declined («из любого мира»)
PHRASES = "fs_combat.fx."
NAME_SLOTS = ("area", "target", "source", "world", "system")
# a Russian preposition right before a name's slot asks for a case the name cannot take
SLOTS = "|".join(NAME_SLOTS)
DECLINED = re.compile(rf"\b(в|во|на|из|по|за|от|к|о|об|при|над|под)\s+\{{({SLOTS})\}}",
                      re.IGNORECASE)


# ------------------------------------------------------------------ item 1


def test_no_russian_template_declines_an_area_name():
    """«захватывает Надежда Иона Хаагена 4», «отступает в Надежда …»: a proper name of
    an area cannot be declined, so no template puts one after a preposition."""
    bad = [f"{key} = {text}" for key, text in i18n.strings("ru").items()
           if key.startswith(FS_SECTIONS) and DECLINED.search(text)
           and not key.startswith(PHRASES)]
    assert not bad, "\n".join(bad)


def _result_lines(lang: str) -> tuple[list[str], str, str]:
    """A combat the attacker wins (capturing a City), then one the attacker loses and
    retreats from: their lines, the contested area's name and the retreat's."""
    state = fight({"sm_space_marine": 2}, {"ork_boyz": 1}, structures=("city",))
    c = state.combat
    area = labels.area_name(state, c.area, lang)
    results = CombatResults()
    c.sides[ATT].dice, c.sides[DEF].dice = ["morale"], []
    c.round = 3
    combat.end_round(state, c)
    combat.proceed(state)
    apply(state, legal_actions(state)[0])
    results.see(state.events)
    won = lines_for(state, results.shown, NAMES, lang)
    state = fight({"sm_scout": 1}, {"ork_boyz": 2})
    c = state.combat
    origin = labels.area_name(state, c.came_from[0], lang)
    results = CombatResults()
    c.sides[ATT].dice, c.sides[DEF].dice = [], []
    c.round = 3
    combat.end_round(state, c)
    combat.proceed(state)
    before = len(state.events)
    apply(state, legal_actions(state)[0])
    results.see(state.events[:before] + state.events[before:])
    return won + lines_for(state, results.shown, NAMES, lang), area, origin


def test_combat_result_names_the_area_in_the_nominative():
    lines, area, origin = _result_lines("ru")
    text = "\n".join(lines)
    assert f"за область «{area}»" in text  # the winner's line
    assert f"захватывает область «{area}» и постройки" in text
    assert f"отступает: «{origin}»" in text
    en, area_en, _ = _result_lines("en")
    assert any(area_en in line for line in en)


def test_action_labels_name_the_area_in_the_nominative():
    state = fight({"sm_space_marine": 2}, {"ork_boyz": 1})
    area = state.combat.area
    ru = labels.area_name(state, area, "ru")
    for action, want in ((Action("build", ATT, card="city", target=area),
                          f"Построить: Город — мир «{ru}»"),
                         (Action("retreat", ATT, target=area), f"Отступить: «{ru}»"),
                         (Action("buy", ATT, card="sm_scout", target=area),
                          f"в область «{ru}»")):
        assert want in labels.describe(state, action, "ru")
        assert labels.area_name(state, area, "en") in labels.describe(state, action, "en")


# ------------------------------------------------------------------ item 2


def fx(kind: str, **params: object) -> Effect:
    return Effect(kind, params)


@pytest.mark.parametrize(("effects", "ru", "en"), [
    ((fx("gain_dice", faces=["rolled"], count=1),
      fx("rout", side="opponent", count=1, chooser="owner", filter="any")),
     "Бросьте ещё 1 куб; соперник деморализует 1 свой отряд.",
     "Roll 1 more die; the opponent routs 1 of its units."),
    ((fx("gain_tokens", faces=["bolter"], count=2),),
     "Получите 2 жетона сражения (нападение).", "Gain 2 combat tokens (attack)."),
    ((fx("reroll", side="opponent", faces=["shield"], count=5, chooser="self"),),
     "Перебросьте 5 кубов соперника (защита).",
     "Reroll 5 of the opponent's dice (defence)."),
    ((fx("rally", count=0),), "Восстановите все деморализованные отряды.",
     "Rally all routed units."),
    ((fx("draw_combat_card", count=1),), "Возьмите 1 боевую карту.", "Draw 1 combat card."),
])
def test_effects_read_as_sentences_with_the_numbers_form(effects, ru, en):
    """«Получите кубы (бросок): 1; соперник: деморализуйте отряды: 1» read like a
    machine: the book says «Бросьте ещё 1 куб», «соперник деморализует 1 отряд»."""
    assert effects_text(RULES, effects, "ru") == ru
    assert effects_text(RULES, effects, "en") == en


def test_no_card_effect_reads_as_a_colon_and_a_number():
    """Every combat card's and upgrade's effect: no «…: 1» count, no «соперник: …»
    wrapper on the effects that have a sentence of their own, in both languages."""
    tail = re.compile(r":\s*\d+(\)|;|\.|$)")
    for lang in ("en", "ru"):
        for card in RULES.combat_cards.values():
            for part in (card.main, card.unit):
                for e in part:
                    text = effect_text(RULES, e, lang)
                    assert not tail.search(text), (card.id, lang, text)
                    assert not re.search(r"\b(0|[2-9]|\d\d) (die|unit|combat card)\b", text)
                    if lang == "ru":
                        assert not re.search(r"\b1 (кубов|кубы|отрядов|отряда)\b", text), text


# ------------------------------------------------------------------ item 3

SHORT = ("Reveal your order: System 5B", "Reveal your order: Hope of Jonah Haagen",
         "Reveal your order: Cerulus Depths")
BOARDS = {2: (2, 3), 3: (3, 3), 4: (3, 4)}  # the board the game makes for n players


def log_rows(lay: FsLayout) -> int:
    """The log's lines under its title, as LogPanel.draw fits them."""
    size = log_text_size(lay.text_scale, lay.text_size)
    step, pad = fonts.line_step(size), max(4, size // 3)
    return (lay.log.h - 2 * pad - step) // step


# the log's lines under a short list (issue 38 item 10): 8 at 1920×1080 (and 3840×2160),
# 5 at 1280×720; before: 6 / 5 / 1 lines at 2 / 3 / 4 players (1920×1080 and 1280×720)
LOG_TARGET = {(1280, 720): 5, (1920, 1080): 8, (3840, 2160): 8}


def _short_list_layout(w: int, h: int, players: int, lang: str, **kw) -> FsLayout:
    """A turn in the operations phase: a short list, a two-line prompt box, the first
    player's sheet with a Scheme (the others' without cards)."""
    args = {"status_lines": 2, "cards": (True,) + (False,) * (players - 1)} | kw
    return FsLayout(w, h, min(w / 1920, h / 1080), 1.0, *BOARDS[players], players, SHORT,
                    lang=lang, **args)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_log_takes_the_height_a_short_action_list_leaves(players, size, lang):
    """At 4 players the log showed 1 line under a short list at 1920×1080 (2 lines at
    3, 6 under the map at 2): the sheets' figures take one row, a sheet without cards
    no cards line, the status box its lines, and at 2 players the log the column."""
    pygame.font.init()
    w, h = size
    lay = _short_list_layout(w, h, players, lang)
    assert not lay.log_under  # at 16:9 the strip under the map holds fewer lines
    assert log_rows(lay) >= LOG_TARGET[size], (players, size, lang, log_rows(lay))
    # no gap under the list, and the log down to the window's bottom
    assert lay.list.h == lay.list_need
    assert lay.log.y == lay.list.bottom + lay.px(8) and lay.log.bottom == lay._rest.bottom
    # every sheet with cards and the whole status box still leave it more than before
    worst = _short_list_layout(w, h, players, lang, status_lines=4, cards=None)
    assert log_rows(worst) >= {2: 8, 3: 8, 4: 4}[players], log_rows(worst)
    # a long list keeps the log's share of the column: the log never shrinks under it
    long = replace(lay, labels=SHORT * 10)
    assert long.log == replace(lay, labels=None).log


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sheets_figures_fit_one_row_whole_in_both_languages(size, lang):
    """The one-row figures are measured with the widest values a sheet shows: they fit
    the sheet with the whole words where those fit, else the short ones (the whole word
    is the hover's), else two rows of three as before."""
    pygame.font.init()
    w, h = size
    label = fonts.font(max(9, round(13 * min(w / 1920, h / 1080))), False)
    value = fonts.font(max(9, round(18 * min(w / 1920, h / 1080))))
    for players in (2, 3, 4):
        lay = _short_list_layout(w, h, players, lang)
        words = lay.stat_words
        whole = tuple(i18n.t(f"fs_table.{k}", lang) for k in STATS)
        assert len(words) == 6, (size, lang, players)
        need = sum(label.size(wd)[0] + value.size(v)[0] for wd, v in
                   zip(words, STAT_SAMPLE, strict=True))
        assert need < lay.sheets.w - lay.px(18), (size, lang, players, words)
        if sum(label.size(wd)[0] + value.size(v)[0] + lay.px(16)
               for wd, v in zip(whole, STAT_SAMPLE, strict=True)) < lay.sheets.w - lay.px(18):
            assert words == whole  # the whole words wherever they fit
    # a UI scale so large that even the short words do not fit: two rows, no cut
    big = FsLayout(1280, 720, 3.0, players=4, lang=lang)
    assert big.stat_words == ()


def _table_at_a_turn(size: tuple[int, int], lang: str, players: int):
    """Seat 0's table in the operations phase of a seeded 4-bot game (the screenshot's
    moment), one frame drawn; the caller closes the session."""
    from game.forbidden_stars.ui import shots
    from game.forbidden_stars.ui.scenes.table import FsTableScene
    from game.forbidden_stars.ui.session import HUMAN
    from game.settings import Settings
    from game.ui.main import headless, make_app

    headless()
    app = make_app(size=size, settings=replace(Settings(), language=lang,
                                               animation_speed=0.0), persist=False)
    session = shots.play_to("table", players, 7, shots.NAMES[lang][:players])
    session.setup = replace(session.setup, seats=(HUMAN,) + ("random",) * (players - 1))
    session.bot_delay = session.wait = 1e9
    scene = FsTableScene(app, session)
    scene.viewer, scene.curtain = 0, None
    app.push(scene)
    return app, scene, session


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en"), ((1280, 720), "ru")])
def test_the_tables_status_box_takes_its_lines_and_the_log_the_rest(size, lang, monkeypatch):
    """The scene sizes the status box to its texts (it kept four lines, two empty, over
    a 1-line log at 4 players): the words end within a line of the box's bottom, none is
    cut, and the log under the short list reaches the target."""
    from game.forbidden_stars.ui.scenes import table as table_scene

    app, scene, session = _table_at_a_turn(size, lang, 4)
    try:
        bottoms: list[int] = []
        real = table_scene.FsTableScene._lines

        def lines(self, surface, text, px, colour, at, width, most, bold=False):
            assert most >= len(fonts.wrap(text, px, width, bold)), text  # never cut
            bottoms.append(real(self, surface, text, px, colour, at, width, most, bold))
            return bottoms[-1]

        monkeypatch.setattr(table_scene.FsTableScene, "_lines", lines)
        app.frame([], 0.0)
        lay = scene.lay
        assert scene.my_turn() and len(bottoms) >= 2
        small = fonts.font(lay.fs(18), False).get_height()
        assert 0 <= lay.status.bottom - max(bottoms) < small, (lay.status, bottoms)
        assert lay.status_lines < 4
        assert log_rows(lay) >= LOG_TARGET[size], log_rows(lay)
    finally:
        session.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_sheet_figure_names_itself_whole_on_hover(lang):
    """A sheet's figure with a short word («Ком.») tells its whole word on hover."""
    from game.forbidden_stars.ui.map_legend import tip_text
    from game.forbidden_stars.ui.table_view import draw_table

    _app, scene, session = _table_at_a_turn((1280, 720), lang, 4)
    try:
        model = scene.model()
        hits = draw_table(pygame.Surface((1280, 720)), model, lang=lang)
        tips = [t for t in hits.tips if t.kind == "stat"]
        assert len(tips) == 6 * 4
        whole = [i18n.t(f"fs_table.{k}", lang) for k in STATS]
        seen = [tip_text(model, t, lang)[0] for t in tips[:6]]
        assert [line.split(":")[0] for line in seen] == whole, seen
        me = model["players"][0]
        assert seen[0] == f"{whole[0]}: {me['materiel']}"
        bodies = [tip_text(model, t, lang)[2] for t in tips[:6]]  # what each one is for
        assert bodies == [i18n.t(f"fs_table.stat_body.{k}", lang) for k in STATS]
        lay = for_model(1280, 720, model)
        for t in tips:  # inside its sheet, one row
            assert any(lay.sheet(i).contains(t.rect) for i in range(4)), t.rect
    finally:
        session.close()
        pygame.quit()


def test_the_table_lays_out_its_list_for_the_shown_actions(monkeypatch, tmp_path):
    """The scene passes the model's labels: the layout changes when the list does."""
    model = {"rows": 3, "cols": 3, "players": [{}] * 3,
             "actions": [{"label": s} for s in SHORT]}
    pygame.font.init()
    lay = for_model(1920, 1080, model)
    assert lay.labels == SHORT and log_rows(lay) >= 5


# ------------------------------------------------------------------ items 4 and 5


def _combat_model(lang: str, **side: int) -> CombatModel:
    state = fight({"sm_space_marine": 2, "sm_scout": 1}, {"ork_boyz": 2})
    cm = build_combat_model(player_view(state, ATT), ATT, legal_actions(state), lang, NAMES)
    return replace(cm, attacker=replace(cm.attacker, **side),
                   defender=replace(cm.defender, **side))


# the panel over the map's column: a 4-player board at 1280×720, 3 players at 1920×1080
PANELS = (((870, 720), 0.696), ((1080, 1080), 0.864), ((1306, 1080), 1.045))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("area", "scale"), PANELS)
def test_the_pending_effect_meets_the_running_text_floor(lang, area, scale):
    """The "A OR B" pending text was set at 13 × 0.696 ≈ 9 px at 1280×720."""
    pygame.font.init()
    cm = _combat_model(lang)
    text = effects_text(RULES, (fx("choose", chooser="opponent", options=[
        [fx("lose_dice", side="opponent", faces=["shield"], count=1, chooser="owner")],
        [fx("rout", side="opponent", count=1, chooser="owner", filter="any")]]),), lang)
    cm = replace(cm, pending_text=text)
    panel = CombatPanel(pygame.Rect(0, 0, *area), scale)
    drawn: list[tuple[str, int]] = []
    real = fonts.text

    def record(value, size, colour, bold=False):
        drawn.append((value, size))
        return real(value, size, colour, bold)

    fonts.text = record
    try:
        panel.draw(pygame.Surface(area), cm)
    finally:
        fonts.text = real
    lay = panel.layout(cm)
    lines = pending_lines(text, scale, lay.pending.w)
    sizes = [px for value, px in drawn if value in lines]
    assert len(sizes) >= len(lines) and min(sizes) >= MIN_TEXT, sizes
    assert lay.choices_box.contains(lay.pending)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("area", "scale"), PANELS)
def test_every_side_label_keeps_inside_its_column(lang, area, scale):
    """«Мораль 6» touched the attacker column's edge: every text of a side's column
    lies inside it with the padding (8 reference px) on both sides."""
    pygame.font.init()
    cm = _combat_model(lang, attack=16, defence=14, morale=16,
                       tokens={"bolter": 12, "shield": 11, "morale": 10})
    panel = CombatPanel(pygame.Rect(0, 0, *area), scale)
    lay = panel.layout(cm)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = CombatPanel.text

    def record(self, surface, value, *a, **kw):
        r = real(self, surface, value, *a, **kw)
        drawn.append((value, r))
        return r

    CombatPanel.text = record  # type: ignore[method-assign]
    try:
        for side in cm.sides:
            drawn.clear()
            panel._side(pygame.Surface(area), cm, side, lay)
            col = lay.columns[side.role]
            inner = col.inflate(-2 * panel.px(8), 0)
            out = [(v, r) for v, r in drawn if r.x < inner.x or r.right > inner.right]
            assert not out, (side.role, inner, out)
            assert any(str(16) in v for v, _ in drawn)  # the totals were drawn
    finally:
        CombatPanel.text = real  # type: ignore[method-assign]


# ------------------------------------------------------------------ item 6


def test_cropped_keeps_what_is_drawn_with_its_margin():
    surface = pygame.Surface((400, 300))
    surface.fill((10, 12, 20))
    pygame.draw.rect(surface, (200, 100, 50), (40, 30, 200, 100))
    out = cropped(surface, margin=5)
    assert out.get_size() == (210, 110)
    assert tuple(out.get_at((5, 5)))[:3] == (200, 100, 50)
    blank = pygame.Surface((50, 40))
    assert cropped(blank).get_size() == (50, 40)  # nothing drawn: left as it is


@pytest.mark.parametrize("game", ["forbidden_stars", "arcs"])
def test_the_phones_board_picture_has_no_empty_band(game, monkeypatch, tmp_path):
    """The phone's board frame showed Forbidden Stars' two-player board in its top half:
    the host's picture was the 1400×1080 table with nothing under the board.  The
    picture published is cut to what is drawn (cutting it again changes nothing)."""
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    pygame.init()
    from game.commands.host import make_table_session
    from game.ui.log_panel import PUBLIC
    from tests.test_remote_table_games import host_args

    if game == "arcs":
        from game.arcs.ui.phone import board_surface
    else:
        from game.forbidden_stars.ui.phone import board_surface
    session = make_table_session(host_args(game, "remote,greedy"))
    session.autosaves = False
    got: dict[str, bytes] = {}
    try:
        view = session.engine.player_view(session.state, PUBLIC)
        pictures = BoardPictures(lambda v, pngs: got.update(pngs), ("en",),
                                 background=False)
        pictures.update(1, lambda lang: board_surface(view, session.acting,
                                                      list(session.names), lang))
    finally:
        session.close()
    image = Image.open(io.BytesIO(got["en"])).convert("RGB")
    surface = pygame.image.frombytes(image.tobytes(), image.size, "RGB")
    again = cropped(surface)
    w, h = image.size
    assert abs(again.get_width() - w) <= 2 and abs(again.get_height() - h) <= 2, \
        (image.size, again.get_size())


def test_a_narrow_column_shows_totals_as_symbol_and_number_named_on_hover():
    """Where «Атака 16 · Защита 14 · Мораль 16» cannot fit even set smaller (a Russian
    panel in a small window), each total is its symbol and number, never cut words, and
    the pointer on one names it in words."""
    pygame.font.init()
    cm = _combat_model("ru", attack=16, defence=14, morale=16,
                       tokens={"bolter": 12, "shield": 11, "morale": 10})
    panel = CombatPanel(pygame.Rect(0, 0, 560, 400), 0.45)
    lay = panel.layout(cm)
    side = cm.sides[0]
    panel._named = []
    panel._side(pygame.Surface((560, 400)), cm, side, lay)
    assert len(panel._named) == 3  # the short form was drawn, each total with its words
    rect, words = panel._named[2]
    assert "16" in words and words != "16"  # the words, not the bare number
    panel.input.hover = rect.center
    before = pygame.Surface((560, 400))
    after = pygame.Surface((560, 400))
    panel._name_hovered(after)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")
