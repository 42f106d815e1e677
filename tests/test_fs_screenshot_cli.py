"""`python -m game screenshot --game forbidden_stars`: the table scene at a moment of a
seeded bot game, written as a PNG of the asked size, in English and Russian."""

from __future__ import annotations

import pygame
import pytest

from game.cli import main


@pytest.mark.parametrize("scene,players,lang,size", [
    ("table", 4, "en", (1280, 720)),
    ("planning", 2, "ru", (1920, 1080)),
    ("combat", 3, "ru", (1280, 720)),
])
def test_the_command_writes_a_png_of_the_asked_size(tmp_path, monkeypatch, scene, players,
                                                     lang, size):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", "--game", "forbidden_stars", "--scene", scene, "--players",
                 str(players), "--seed", "7", "--lang", lang, "--size",
                 f"{size[0]}x{size[1]}", "--out", str(out)]) == 0
    pygame.init()
    picture = pygame.image.load(str(out))
    assert picture.get_size() == size
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, size[0], 37)
               for y in range(0, size[1], 29)}
    assert len(colours) > 20  # a drawn table, not an empty screen
    assert not list((tmp_path / "saves").glob("**/*.json"))  # no autosave left behind


def test_a_star_realms_or_arcs_scene_is_refused_for_forbidden_stars(tmp_path):
    out = tmp_path / "x.png"
    assert main(["screenshot", "--game", "forbidden_stars", "--scene", "battle",
                 "--out", str(out)]) == 2
    assert main(["screenshot", "--scene", "planning", "--out", str(out)]) == 2
    assert not out.exists()
