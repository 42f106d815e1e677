"""The polish a player notices (issue 20): settings, dialogs, Russian text, the zoom,
the log — each driven headless the way a player would meet it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n
from game.star_realms.ui.scenes.overlays import PauseScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlays import SettingsScene
from tests.scene import Scene
from tests.test_ui_table import click, frame, key, table


@pytest.fixture
def app(big_app):
    """1920×1080, English, no animation, plain gains not automatic (tests/conftest.py)."""
    return big_app


def open_pause(app, t: TableScene) -> PauseScene:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    return pause


def pause_button(pause: PauseScene, name: str):
    return next(b for b, k in pause.buttons.items() if k == name)


# ---------------------------------------------------------------------- settings


def test_settings_check_boxes_are_boxes_at_every_size(app):
    for size in ((1280, 720), (1920, 1080)):
        app.screen = pygame.display.set_mode(size)
        app.push(MenuScene(app))
        s = app.push(SettingsScene(app))
        frame(app)
        for box in (s.fullscreen, s.mute, s.auto):
            w, h = box.rect.size
            assert w >= 20 and h >= 20 and abs(w - h) <= 2, (size, box.rect)
        app.reset_to(MenuScene(app))


def test_settings_over_the_pause_menu_hide_it_and_the_card_zoom(app):
    sc = Scene(hand=["scout"])
    t = table(app, sc)
    pause = open_pause(app, t)
    t.zoom_sticky = sc.id("scout")  # a card zoomed by a right click
    drawn = []
    pause.draw = lambda surface: drawn.append("pause")  # type: ignore[method-assign]
    widths = []
    face = t.face
    t.face = lambda iid, w: (widths.append(w), face(iid, w))[1]  # type: ignore[method-assign]
    click(app, pause_button(pause, "settings").rect.center)
    assert isinstance(app.top, SettingsScene)
    drawn.clear()
    widths.clear()
    frame(app)
    assert drawn == []  # the pause menu's title and buttons do not show through
    assert t.layout.zoom_w not in widths  # nor does a leftover zoom of a card


# ---------------------------------------------------------------------- dialogs


def wasteful_end(app):
    sc = Scene(hand=["scout", "viper"])
    t = table(app, sc)
    key(app, pygame.K_p)
    key(app, pygame.K_e)
    assert t.confirm is not None and sc.state.active == 0
    return sc, t


def test_end_turn_anyway_answers_enter_and_esc(app):
    sc, t = wasteful_end(app)
    key(app, pygame.K_ESCAPE)  # keep playing: the dialog closes, no pause menu
    assert t.confirm is None and app.top is t and sc.state.active == 0
    assert not any(isinstance(e, pygame_gui.windows.UIConfirmationDialog)
                   for e in t.ui.get_root_container().elements)
    key(app, pygame.K_e)
    assert t.confirm is not None
    key(app, pygame.K_RETURN)
    assert t.confirm is None and sc.state.active == 1


def test_end_turn_dialog_is_all_russian(app):
    i18n.set_language("ru")
    try:
        _, t = wasteful_end(app)
        assert t.confirm.cancel_button.text == "Отмена"
        assert t.confirm.confirm_button.text == "Конец хода"
    finally:
        i18n.set_language("en")


def test_quit_to_menu_asks_and_says_the_game_is_autosaved(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    sc = Scene(hand=["scout"])
    t = table(app, sc)
    pause = open_pause(app, t)
    click(app, pause_button(pause, "quit_to_menu").rect.center)
    assert app.top is pause and pause.confirm is not None  # asked, not gone
    assert "autosaved" in pause.confirm.confirmation_text.html_text
    key(app, pygame.K_ESCAPE)  # no: back to the pause menu
    assert app.top is pause and pause.confirm is None
    click(app, pause_button(pause, "quit_to_menu").rect.center)
    frame(app, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                   {"ui_element": pause.confirm})])
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    assert list((tmp_path / "saves").glob("*"))  # the autosave the dialog promised


def test_saved_notice_is_not_drawn_as_an_error(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    t = table(app, Scene())
    t.toast("refused")
    pause = open_pause(app, t)
    click(app, pause_button(pause, "save").rect.center)
    assert app.top is t
    good = {text: ok for text, _, ok in t.toasts}
    assert good == {"refused": False, "Saved.": True}


# ---------------------------------------------------------------------- Russian


def boss_lines(app, aid: str) -> list[str]:
    """The log lines a boss's first turn wrote, in the current language."""
    from tests.test_ui_adventures import open_adventure

    t = open_adventure(app, aid, "expert")  # on Expert the boss moves first
    for _ in range(600):
        frame(app)
        if app.top is t and t.session.acting != t.session.state.boss.seat:
            break
    boss = t.session.state.boss.seat
    return [line.render(t.view) for line in t.session.log if line.params.get("p") == boss]


def test_a_boss_named_in_the_plural_takes_plural_verbs(app):
    i18n.set_language("ru")
    try:
        lines = boss_lines(app, "automatons")
    finally:
        i18n.set_language("en")
    said = [line for line in lines if line.startswith("Автоматоны ")]
    assert said, lines
    singular = ("атакует", "применяет", "разыгрывает", "покупает", "уничтожает", "берёт",
                "заканчивает")
    assert not [line for line in said if any(f" {verb} " in line for verb in singular)]
    assert any(f" {verb} " in line for line in said
               for verb in ("атакуют", "применяют", "разыгрывают", "берут", "заканчивают"))


def test_a_boss_named_in_the_singular_keeps_singular_verbs(app):
    lines = boss_lines(app, "nemesis_beast")
    assert lines and not any(" play " in line or " attack " in line for line in lines)


def test_a_question_of_the_rules_is_titled_without_a_stray_rules(app):
    from game.star_realms.model import QuestionModel
    from game.star_realms.ui.prompt import decision_title

    q = QuestionModel(kind="card", purpose="discard", prompt="prompt.owed_discard", params={},
                      source=None, optional=False, min=1, max=1, stop="", candidates=())
    i18n.set_language("ru")
    try:
        title = decision_title(q, None)
    finally:
        i18n.set_language("en")
    assert title == "Соперник заставил вас сбросить карту: выберите её"
    assert decision_title(q, None).startswith("An opponent made you discard")


# ---------------------------------------------------------------------- hot seat


def test_a_seat_switched_to_a_person_is_not_called_computer(app):
    from game.star_realms.ui.scenes.setup import SetupScene
    from tests.test_ui_campaign import select

    i18n.set_language("ru")
    app.screen = pygame.display.set_mode((1280, 720))  # where the label was cut
    try:
        app.push(MenuScene(app))
        setup = app.push(SetupScene(app))
        frame(app)
        assert setup.names[1].get_text() == "Компьютер"
        select(setup.ctrl[1], i18n.t("setup.human"))
        frame(app, n=2)
        assert setup.names[1].get_text() == "Игрок 2"
        click(app, setup.start.rect.center)
        t = app.top
        assert isinstance(t, TableScene) and t.session.name(1) == "Игрок 2"
        if t.session.curtain != 1:  # player 1 starts: on to player 2's turn
            click(app, t.btn_curtain.rect.center)
            t.act(next(a for a in t.session.legal() if a.kind == "end_turn"))
        frame(app, n=2)
        assert t.session.curtain == 1
        button = t.btn_curtain
        assert button is not None and button.text == "Я Игрок 2: показать мои карты"
        # the whole label fits its button with a margin (pygame-gui cuts what does not)
        assert button.font.size(button.text)[0] <= button.rect.w - 32
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- the log


def log_text(t: TableScene) -> list[str]:
    return [line.render(t.view) for line in t.session.log]


def test_a_cards_gains_are_on_its_own_line(app):
    sc = Scene(hand=["scout", "viper", "scout"])
    t = table(app, sc)
    key(app, pygame.K_p)
    text = log_text(t)
    assert text[-3:] == ["P0 plays Scout: +1 Trade.", "P0 plays Viper: +1 Combat.",
                         "P0 plays Scout: +1 Trade."]
    assert not any(line.startswith("P0: +1") for line in text)


def test_a_choice_is_logged_by_what_was_chosen(app):
    sc = Scene(bases=["outland_station"])
    t = table(app, sc)
    chip = next(r for r, a, slot in t.chip_rects if slot == "primary" and a is not None)
    click(app, chip.center)
    button = next(b for b, a in t.prompt.actions.items() if a.index == 1)
    frame(app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button})])
    line = next(x for x in log_text(t) if "chooses" in x)
    assert line == "P0 chooses: +3 Authority." and "option" not in line


def test_loading_a_save_keeps_the_log(app, tmp_path, monkeypatch):
    from game.star_realms.saves import save_game
    from game.star_realms.ui.scenes.load import open_save
    from tests.test_ui_saves import start_table

    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    t = start_table(app)
    t.play_all()
    t.act(next(a for a in t.session.legal() if a.kind == "end_turn"))
    for _ in range(400):  # the computer's turn
        frame(app)
        if t.session.acting == 0:
            break
    before = log_text(t)
    assert any("Bot plays" in x for x in before)
    path = save_game(t.session.state)
    t.session.close()
    assert open_save(app, path) == ""
    loaded = app.top
    assert isinstance(loaded, TableScene) and loaded is not t
    after = log_text(loaded)
    assert after[:len(before)] == before  # word for word, then "Game loaded"
    assert after[-1].startswith("Game loaded")


# ---------------------------------------------------------------------- zoom


def test_no_zoom_of_a_card_that_left_the_pointer_after_play_all(app):
    from tests.test_ui_table import card_center, mouse

    sc = Scene(hand=["scout", "viper", "scout"], discard=[])
    t = table(app, sc)
    first = sc.me.hand[0]
    frame(app, [mouse("motion", card_center(t, first))])
    assert t.hover is not None and t.hover[0] == first
    t.hover = (first, -1e9)  # long enough for the zoom to show
    key(app, pygame.K_p)  # Play all: the hand under the pointer empties
    frame(app, n=2)
    under = t.card_under(pygame.mouse.get_pos())
    assert under != first
    assert t.hover is None or t.hover[0] == under


# ---------------------------------------------------------------------- card titles


def test_card_titles_at_table_size_keep_even_letter_spacing():
    from game.star_realms.art import fonts
    from game.star_realms.art.faces import render_face_with_layout
    from tests.scene import DB

    for lang, card in (("ru", "scout"), ("ru", "patrol_boat"), ("en", "patrol_boat")):
        for width in (120, 164):
            _, layout = render_face_with_layout(DB.cards[card], lang, width)
            (name,) = layout.texts_in("name")
            font = fonts.font("bold", name.size * 8)
            true_width = font.getlength(name.text) / 8  # unhinted: no rounding per letter
            drawn = name.bbox[2] - name.bbox[0]
            # hinted letters at a few pixels each take a whole extra pixel: "Р а з в е д"
            assert drawn <= true_width + 3, (card, lang, width, drawn, true_width)


def test_the_load_list_names_the_format_in_russian(app, tmp_path, monkeypatch):
    from game.star_realms.ui.scenes.load import LoadScene
    from tests.test_ui_saves import start_table

    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    start_table(app)  # (autosaved when the table opens)
    i18n.set_language("ru")
    try:
        load = app.push(LoadScene(app))
        frame(app)
        (row,) = load.rows
        assert "Дуэль" in row.text and "duel" not in row.text
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- campaign, adventures


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("favoured", [True, False])
def test_the_favour_row_keeps_inside_its_panel(tmp_path, monkeypatch, lang, favoured):
    from game.star_realms.ui import campaign_view as cv
    from game.star_realms.ui.scenes.campaign_hub import CampaignHubScene
    from tests.test_ui_campaign import campaign, make, played

    monkeypatch.setenv("STAR_REALMS_CAMPAIGNS_DIR", str(tmp_path / "campaigns"))
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    i18n.set_language(lang)
    app = make((1280, 720), lang)
    c = played(campaign("Long", controllers=("human", "normal")), 6)
    for p in c.players:
        p.name = "Maximilian Longname"
    if not favoured:  # "ни на чьей стороне": the longest words of the row
        c.favours.clear()
    hub = app.push(CampaignHubScene(app, c.id))
    panel = hub.rect(720, 818, 1160, 96)
    drawn: list[pygame.Rect] = []
    real = cv.blit_text

    def spy(surface, text, pos, *args, **kwargs):
        rect = real(surface, text, pos, *args, **kwargs)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(cv, "blit_text", spy)
    try:
        hub.draw_favours(app.screen, c, panel)
    finally:
        i18n.set_language("en")
    _title, *row = drawn
    assert len(row) == 6  # three neighbours: a faction and who it favours
    for rect in row:
        assert panel.contains(rect), rect
    for i, a in enumerate(row):
        assert not any(a.colliderect(b) for b in row[i + 1:]), a


def test_the_boss_turn_buttons_leave_the_log_alone(app):
    from game.star_realms.ui.scenes.boss_turn import BossTurnScene
    from tests.test_ui_adventures import open_adventure

    t = open_adventure(app, "automatons", "expert")
    frame(app, n=2)
    scene = app.top
    assert isinstance(scene, BossTurnScene)
    log = t.layout.zones()["log"]
    for button in (scene.fast, scene.skip):
        assert not button.rect.colliderect(log), (button.rect, log)


def test_the_story_has_a_back_button_and_novice_says_the_boss_waits(app):
    from game.star_realms.ui.scenes.adventures import AdventuresScene, StoryScene

    app.push(MenuScene(app))
    frame(app)
    click(app, app.top.button_rect("adventures").center)
    adventures = app.top
    assert isinstance(adventures, AdventuresScene)
    adventures.selected, adventures.difficulty = "automatons", "novice"
    adventures.rebuild()
    frame(app)
    click(app, adventures.start.rect.center)
    story = app.top
    assert isinstance(story, StoryScene)
    assert story.head_start() == "The boss waits: you play 3 turns before its first."
    click(app, story.back.rect.center)
    assert app.top is adventures


def test_the_readme_says_the_game_needs_a_display_and_how_tests_run_without():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "needs a\ndisplay" in readme or "needs a display" in readme
    assert "SDL_VIDEODRIVER=dummy" in readme
