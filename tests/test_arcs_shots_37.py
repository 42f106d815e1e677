"""Issue 37: every Arcs picture in docs/screenshots/arcs/ is remade by a command (the
folder's README lists file → command), and the scenes made by hand before — a court card's
zoom, a guild card's hover text in a player's area, the log after a bot's turn, a battle
being assigned, the table at a size, the setup, the end screen, a lesson step — are
``screenshot --game arcs`` scenes that draw what they name."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.arcs.ui import shots
from game.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "screenshots" / "arcs"
ROW = re.compile(r"^\| `([^`]+)` \| (.+) \|$")


def readme_rows() -> dict[str, str]:
    rows = {}
    for line in (FOLDER / "README.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def test_the_readme_names_every_picture_with_a_command_the_cli_takes():
    rows = readme_rows()
    for lang in ("en", "ru"):
        for png in FOLDER.glob(f"*{lang}.png"):
            name = png.name[:-len(f"{lang}.png")] + "LANG.png"
            assert name in rows, f"{png.name} has no command in the README"
    parser = build_parser()
    for name, command in rows.items():
        if "not `screenshot`" in command:
            continue
        argv = shlex.split(command.strip("`").replace("LANG", "ru"))
        assert argv[0] == "screenshot", name
        args = parser.parse_args(["screenshot", "--game", "arcs", *argv[1:]])  # exits if not
        assert args.scene in shots.SCENES or args.scene == "table", name
        assert Path(args.out).name == name.replace("LANG", "ru")


def shoot(tmp_path: Path, monkeypatch, scene: str, lang: str,
          size: tuple[int, int] = (1280, 720), players: int = 3) -> pygame.Surface:
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    out = tmp_path / f"{scene}-{lang}.png"
    assert main(["screenshot", "--game", "arcs", "--scene", scene, "--lang", lang,
                 "--players", str(players), "--size", f"{size[0]}x{size[1]}",
                 "--out", str(out)]) == 0
    assert not list((tmp_path / "saves").glob("**/*.json"))  # no autosave left behind
    pygame.init()
    return pygame.image.load(str(out))


def colours(picture: pygame.Surface) -> int:
    w, h = picture.get_size()
    return len({tuple(picture.get_at((x, y)))[:3] for x in range(0, w, 23)
                for y in range(0, h, 17)})


@pytest.mark.parametrize("scene,lang", [
    ("battle_assigned", "ru"), ("court_card_zoom", "en"), ("log", "ru"),
    ("table_layout", "en"), ("setup", "ru"),
])
def test_the_hand_made_scenes_are_commands_now(tmp_path, monkeypatch, scene, lang):
    # each scene raises when its moment never comes or its zoom does not open
    picture = shoot(tmp_path, monkeypatch, scene, lang)
    assert picture.get_size() == (1280, 720)
    assert colours(picture) > 20  # drawn, not an empty screen


def test_the_guild_card_picture_is_cut_to_the_card_and_its_text(tmp_path, monkeypatch):
    picture = shoot(tmp_path, monkeypatch, "guild_card_in_player_area", "ru")
    w, h = picture.get_size()
    assert shots.CROP[0] <= w < 1280 and shots.CROP[1] <= h < 720
    assert colours(picture) > 20


def test_a_moment_after_a_bots_turn_is_the_next_seat_with_the_turn_in_the_log():
    def session(acting: int, seats: list[int]) -> SimpleNamespace:
        log = [SimpleNamespace(seat=s) for s in seats]
        return SimpleNamespace(acting=acting, state=SimpleNamespace(chapter=2, log=log))

    assert shots._after_bot_turn(session(2, [0, 1, 1, 1, 1])) == 2  # seat 1's four moves
    assert shots._after_bot_turn(session(2, [0, 1, 1, 1])) is None  # three: too short
    assert shots._after_bot_turn(session(1, [1] * 6)) is None  # the seat's own turn goes on


def test_an_unknown_scene_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="court_card_zoom"):
        shots.shoot("nope", (1280, 720), 7, "/nonexistent.png")


# ---------------------------------------------------------------- seen on the pictures

def glyph(char: str) -> tuple[bytes, tuple[int, int]]:
    from game.ui import fonts

    picture = fonts.font(15).render(char, True, (255, 255, 255))
    return pygame.image.tobytes(picture, "RGBA"), picture.get_size()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seven_says_any_ambition_in_a_word_the_font_can_draw(lang):
    # table-4p_ru.png: a played 7's foot showed an empty box (the font has no "★")
    from game import i18n
    from game.arcs.data import load_arcs_rules
    from game.arcs.engine.setup import new_game
    from game.arcs.engine.state import GameConfig
    from game.arcs.engine.view import player_view
    from game.arcs.ui.hits import HitMap
    from game.arcs.ui.table_view import _Table

    pygame.init()
    missing = glyph("\ue000")  # a private-use point: drawn as the font's empty box
    assert glyph("★") == missing  # what the 7s showed before
    view = player_view(new_game(load_arcs_rules(), GameConfig(players=3, seed=7)), 0)
    table = _Table(pygame.Surface((1920, 1080)), view, 0, ["A", "B", "C"], lang, HitMap())
    word = table.ambition_word("any")
    assert word == i18n.t("arcs.table.ambition_any", lang) != "arcs.table.ambition_any"
    assert all(glyph(c) != missing for c in word if not c.isspace())
    assert glyph(table.ambition_word("none")) != missing
    sevens = [c for c in view.rules.action_cards if c.ambition == "any"]
    assert sevens  # the rules do have cards that declare any ambition
