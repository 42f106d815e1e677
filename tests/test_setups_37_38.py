"""Issue 37 item 10 and issue 38 item 11: the Arcs and Forbidden Stars setups alike —
names, seed, who starts (random by default, as both books have it, or a chosen seat) —
and one set of words for the computer levels across the three games; Arcs' Russian
terms as the book has them («Изменить», «Объявить замысел», «Бой с игроком 2»).

The saves in tests/old_saves/ were written by the code before the first-player choice
(schema 2 of both games): they must load and replay exactly as they were played."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from game import i18n
from game.arcs.ai.base import LEVELS as ARCS_LEVELS
from game.arcs.data import load_arcs_rules
from game.arcs.engine.leaders import leader
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import SetupError, new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import DRAFT, RANDOM_FIRST, Action, Building, GameConfig
from game.arcs.saves import SaveError, Seats, load_game, save_game, to_document, write_save
from game.arcs.ui.labels import action_label
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.forbidden_stars.ai.base import LEVELS as FS_LEVELS
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine import rules as fs_rules
from game.forbidden_stars.engine.setup import SetupError as FsSetupError
from game.forbidden_stars.engine.setup import new_game as fs_new_game
from game.forbidden_stars.engine.state import GameConfig as FsConfig
from game.forbidden_stars.saves import SaveError as FsSaveError
from game.forbidden_stars.saves import load_game as fs_load_game
from game.forbidden_stars.saves import save_game as fs_save_game
from game.forbidden_stars.ui.scenes.setup import FsSetupScene
from game.forbidden_stars.ui.scenes.setup import kind_label as fs_kind_label
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.ui.dialogs import picked_text
from game.ui.scenes.menu import MenuScene

ARCS = load_arcs_rules()
FS = load_fs_rules()
OLD = Path(__file__).parent / "old_saves"
I18N = Path(__file__).parents[1] / "game" / "i18n"
SR_LEVELS = ("easy", "normal", "hard", "greedy", "random")


@pytest.fixture
def app(app, tmp_path, monkeypatch):
    """conftest's headless 1280×720 app, saving into a temporary folder."""
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir(exist_ok=True)
    yield app
    set_lang(app, "en")


def set_lang(app, lang: str) -> None:
    i18n.set_language(lang)
    app.settings.language = lang


# ---------------------------------------------------------------------- Arcs: the engine


def test_arcs_the_initiative_goes_to_a_random_seat_drawn_by_the_seed():
    """«Выдайте маркер инициативы случайному игроку – теперь он владелец инициативы.»
    (RU p.4, «Общая подготовка»)"""
    for n in (2, 3, 4):
        holders = {new_game(ARCS, GameConfig(n, seed, first=RANDOM_FIRST)).initiative
                   for seed in range(40)}
        assert holders == set(range(n))  # every seat can be drawn
    a = new_game(ARCS, GameConfig(3, 1234, first=RANDOM_FIRST))
    b = new_game(ARCS, GameConfig(3, 1234, first=RANDOM_FIRST))
    assert snapshot(a) == snapshot(b)  # the same seed, the same game


@pytest.mark.parametrize("n", [2, 3, 4])
def test_arcs_the_holder_sets_up_at_1a_b_and_the_others_follow_clockwise(n):
    """«Если вы владелец инициативы, сделайте следующее: Поместите 3 корабля и 1 город в
    систему, отмеченную 1A … 3 корабля и 1 космопорт в систему, отмеченную 1B» and «В
    порядке по часовой стрелке от владельца инициативы 2, 3 и 4-й игроки подготавливаются
    тем же образом, но в системах 2A-B, 3A-B и 4A-B» (RU p.5)."""
    for first in range(n):
        state = new_game(ARCS, GameConfig(n, 21, first=first))
        assert state.initiative == first
        card = next(c for c in ARCS.setup_cards if c.id == state.setup_card)
        for k, start in enumerate(card.seats):
            seat = (first + k) % n
            assert state.fresh[start.a][seat] == 3 and state.fresh[start.b][seat] == 3
            assert Building(seat, "city") in state.buildings[start.a]
        # 2 players: the seat without the marker may redraw first (RU p.5), then the lead
        assert acting_seat(state) == ((first + 1) % 2 if n == 2 else first)


def test_arcs_a_chosen_holder_with_leaders_drafts_and_sets_up_from_the_book_order():
    """«В обратном порядке хода, начиная с игрока справа от владельца инициативы и против
    часовой стрелки, каждый участник может взять 1 карту лидера или обычая.» (RU p.21);
    then the starting pieces go to the setup card's systems by turn order."""
    state = new_game(ARCS, GameConfig(3, 8, leaders=True, first=2))
    assert state.step == DRAFT and acting_seat(state) == 1  # right of the holder
    while state.step == DRAFT:
        apply(state, legal_actions(state)[0])
    card = next(c for c in ARCS.setup_cards if c.id == state.setup_card)
    boxes = leader(state, state.players[2].leader).boxes
    assert state.fresh[card.seats[0].a][2] == boxes["a"].ships  # the holder at 1A
    boxes = leader(state, state.players[0].leader).boxes
    assert state.fresh[card.seats[1].a][0] == boxes["a"].ships  # clockwise next at 2A


def test_arcs_a_seat_that_is_not_there_cannot_hold_the_initiative():
    with pytest.raises(SetupError):
        new_game(ARCS, GameConfig(2, 1, first=2))
    with pytest.raises(SetupError):
        new_game(ARCS, GameConfig(2, 1, first=-2))


# ---------------------------------------------------------------------- Forbidden Stars: the engine


def test_fs_the_first_player_is_drawn_by_the_seed_or_chosen():
    """«Определите первого игрока: перемешайте по одному маркеру контроля построек каждого
    игрока и вытяните один наугад. Владелец маркера будет первым игроком.» (RB p.3)"""
    factions = tuple(sorted(FS.factions))
    for n in (2, 3, 4):
        drawn = {fs_new_game(FS, FsConfig(n, seed, factions[:n])).first for seed in range(30)}
        assert drawn == set(range(n))
        for first in range(n):
            state = fs_new_game(FS, FsConfig(n, 3, factions[:n], first=first))
            assert state.first == first and fs_rules.acting_seat(state) == first
    # the players build the board: «начиная с первого игрока … каждый игрок кладёт один
    # тайл системы» (RB p.16)
    built = fs_new_game(FS, FsConfig(3, 4, factions[:3], quick_setup=False, first=2))
    assert fs_rules.acting_seat(built) == 2
    with pytest.raises(FsSetupError):
        fs_new_game(FS, FsConfig(2, 1, factions[:2], first=2))


# ---------------------------------------------------------------------- saves


@pytest.mark.parametrize("name", ["arcs_2p_seed7.json", "arcs_3p_leaders_seed11.json"])
def test_arcs_saves_from_before_the_choice_load_replay_and_keep_seat_1_first(name, tmp_path):
    doc = json.loads((OLD / name).read_text())
    assert doc["schema"] == 2 and "first" not in doc["config"]
    loaded = load_game(OLD / name)  # replays the log and compares the whole snapshot
    assert loaded.state.config.first == 0 and len(loaded.state.log) == len(doc["actions"])
    assert new_game(ARCS, loaded.state.config).initiative == 0  # as they began
    again = load_game(write_save(loaded.state, loaded.seats, tmp_path / "again.json"))
    assert snapshot(again.state) == snapshot(loaded.state)


@pytest.mark.parametrize("name", ["fs_3p_seed5.json", "fs_2p_build_seed9.json"])
def test_fs_saves_from_before_the_choice_load_and_replay(name, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    doc = json.loads((OLD / name).read_text())
    assert doc["schema"] == 2 and "first" not in doc["config"]
    loaded = fs_load_game(OLD / name)  # replays and compares the snapshot's digest
    assert loaded.state.config.first == RANDOM_FIRST
    assert len(loaded.state.log) == len(doc["actions"])
    again = fs_load_game(fs_save_game(loaded.state, loaded.seats, folder=tmp_path))
    assert again.state.first == loaded.state.first and again.state.round == loaded.state.round


def test_a_chosen_first_player_is_saved_and_a_bad_one_refused(tmp_path):
    state = new_game(ARCS, GameConfig(3, 5, first=2))
    seats = Seats(("Anna", "Boris", "Vera"), ("human", "normal", "normal"))
    path = save_game(state, seats, folder=tmp_path)
    assert json.loads(path.read_text())["config"]["first"] == 2
    assert load_game(path).state.initiative == 2
    for bad in (3, "1", True, -2):
        doc = to_document(state, seats)
        doc["config"]["first"] = bad
        (tmp_path / "bad.json").write_text(json.dumps(doc))
        with pytest.raises(SaveError, match=r"config\.first"):
            load_game(tmp_path / "bad.json")
    fs = FsSession(FsSetup(("human", "random"), ("A", "B"), seed=3, first=1), autosave=False)
    assert fs.state.first == 1
    path = fs_save_game(fs.state, fs.seats, folder=tmp_path)
    assert json.loads(path.read_text())["config"]["first"] == 1
    assert fs_load_game(path).state.first == 1
    doc = json.loads(path.read_text())
    doc["config"]["first"] = 2
    path.write_text(json.dumps(doc))
    with pytest.raises(FsSaveError, match=r"config\.first"):
        fs_load_game(path)


# ---------------------------------------------------------------------- the setup screens


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_arcs_setup_names_seed_and_a_random_first_player_by_default(app, lang):
    set_lang(app, lang)
    app.push(MenuScene(app))
    scene = app.push(ArcsSetupScene(app))
    options = [o[0] if isinstance(o, tuple) else o for o in scene.first_dd.options_list]
    assert options == [i18n.t("arcs.setup.first_random"),
                       *(i18n.t("arcs.setup.seat", n=i) for i in (1, 2))]
    assert not any(o.startswith("arcs.") for o in options)
    assert picked_text(scene.first_dd) == i18n.t("arcs.setup.first_random")
    assert [e.get_text() for e in scene.name_entries] == [
        i18n.t("arcs.setup.seat", n=1), i18n.t("arcs.setup.seat", n=2)]
    scene.name_entries[0].set_text("  Маша ")
    scene.read()
    setup = scene.make_setup()
    assert setup.first == RANDOM_FIRST and 0 <= setup.seed < 2**31
    assert setup.names == ("Маша", i18n.t("arcs.setup.seat", n=2))
    scene.seed_entry.set_text("42")
    scene.read()
    scene.start_game()
    table = app.top
    assert isinstance(table, ArcsTableScene)
    session = table.session
    assert session.config.seed == 42 and session.config.first == RANDOM_FIRST
    assert session.seats.names == ("Маша", i18n.t("arcs.setup.seat", n=2))
    # the drawn holder is the seed's: the same as a new game of that configuration
    assert session.state.initiative == new_game(ARCS, session.config).initiative


def test_arcs_setup_chooses_the_holder_and_refuses_bad_input(app):
    app.push(MenuScene(app))
    scene = app.push(ArcsSetupScene(app, seed=9))
    scene.set_count(3)
    scene.set_first(2)
    assert picked_text(scene.first_dd) == i18n.t("arcs.setup.seat", n=3)
    scene.read()
    assert scene.make_setup().first == 2
    scene.set_count(2)  # seat 3 is gone: back to random
    scene.read()
    assert scene.make_setup().first == RANDOM_FIRST
    scene.set_first(1)
    for seed, key in (("abc", "bad_seed"), ("²", "bad_seed"), ("9999999999", "bad_seed")):
        scene.seed_entry.set_text(seed)
        scene.read()
        scene.start_game()
        assert app.top is scene and scene.error == i18n.t(f"arcs.setup.{key}")
    scene.seed_entry.set_text("9")
    scene.name_entries[1].set_text("   ")
    scene.read()
    scene.start_game()
    assert app.top is scene and scene.error == i18n.t("arcs.setup.bad_name", n=2)
    scene.name_entries[1].set_text("Boris")
    scene.read()
    scene.start_game()
    session = app.top.session
    assert session.state.initiative == 1 and session.seats.names[1] == "Boris"


def test_fs_setup_chooses_the_first_player_random_by_default(app):
    app.push(MenuScene(app))
    scene = app.push(FsSetupScene(app, seed=6))
    assert picked_text(scene.first_dd) == i18n.t("fs_shell.setup.first_random")
    scene.read()
    assert scene.make_setup().first == RANDOM_FIRST
    scene.set_first(1)
    scene.read()
    assert scene.make_setup().first == 1
    scene.seed_entry.set_text("²")
    scene.read()
    scene.start_game()  # a digit that is not 0–9 is refused, not a crash
    assert app.top is scene and scene.error == i18n.t("fs_shell.setup.bad_seed")
    scene.seed_entry.set_text("6")
    scene.read()
    scene.start_game()
    session = app.top.session
    assert session.state.first == 1 and session.setup.first == 1
    assert fs_rules.acting_seat(session.state) == 1


# ---------------------------------------------------------------------- words


def _ru_values(name: str) -> list[str]:
    def walk(table: dict) -> list[str]:
        out: list[str] = []
        for v in table.values():
            out += walk(v) if isinstance(v, dict) else [v] if isinstance(v, str) else []
        return out
    return walk(tomllib.loads((I18N / "ru" / name).read_text(encoding="utf-8")))


def test_one_word_for_each_computer_level_across_the_three_games():
    for lang in ("en", "ru"):
        words = {}
        for level in SR_LEVELS:
            words.setdefault(level, set()).add(i18n.t(f"ai.{level}", lang))
        for level in ARCS_LEVELS:
            words.setdefault(level, set()).add(i18n.t(f"arcs.setup.{level}", lang))
        for level in FS_LEVELS:
            i18n.set_language(lang)
            words.setdefault(level, set()).add(fs_kind_label(level))
        i18n.set_language("en")
        assert all(len(w) == 1 for w in words.values()), words
        assert len({w.pop() for w in words.values()}) == len(words)  # levels differ
    assert i18n.t("arcs.setup.hard", "ru") == i18n.t("ai.hard", "ru") == "Компьютер: сложный"
    for lang in ("en", "ru"):  # Star Realms' seat list names the level by the same word
        for level in SR_LEVELS:
            assert i18n.t(f"ai_level.{level}", lang) == i18n.t(f"fs_shell.level.{level}", lang)


def test_arcs_russian_terms_are_the_books():
    """«Изменить. Лицевой стороной вверх разыграйте карту действия, масть которой
    отличается от главной.» (RU p.9); «Если вы владелец инициативы, можете объявить
    замысел с вашей главной карты» (RU p.9)."""
    assert i18n.t("arcs.table.pivot", "ru") == "Изменить"
    assert i18n.t("arcs.act.pivot", "ru", card="Агрессия 3") == "Изменить: Агрессия 3"
    assert i18n.t("arcs.area.declare", "ru") == "Объявить замысел…"
    assert i18n.t("arcs.act.declare", "ru", ambition="Магнат") == "Объявить замысел «Магнат»"
    words = " ".join(_ru_values("arcs.toml")).lower()
    for wrong in ("сменить", "сменяете", "заявить", "заявлен", "амбици", "сильный"):
        assert wrong not in words, wrong


def test_arcs_battle_names_the_rival_as_russian_needs():
    state = new_game(ARCS, GameConfig(2, 3))
    battle = Action("battle", 0, index=1, target="2.1")
    seats = (i18n.t("arcs.setup.seat", "ru", n=1), i18n.t("arcs.setup.seat", "ru", n=2))
    # (the system's words are the map's, whatever they are)
    assert action_label(state, battle, seats, "ru").startswith("Бой с игроком 2: ")
    assert action_label(state, battle, ("Маша", "Петя"), "ru").startswith("Бой с игроком Петя: ")
    en = (i18n.t("arcs.setup.seat", "en", n=1), i18n.t("arcs.setup.seat", "en", n=2))
    assert action_label(state, battle, en, "en").startswith("Battle Player 2 at ")


def test_a_session_made_without_the_screen_keeps_seat_1_first():
    """ArcsSetup's default (host mode, tests): the marker with seat 1, as before."""
    session = ArcsSession(ArcsSetup(("normal", "normal"), ("A", "B"), seed=4), autosave=False)
    assert session.config.first == 0 and session.state.initiative == 0
