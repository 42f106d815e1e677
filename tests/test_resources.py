"""One resource helper finds rules/, assets/ and the string tables from source and frozen."""

import shutil
import sys
from pathlib import Path

from game import resources

ROOT = Path(__file__).resolve().parent.parent


def test_from_source():
    assert resources.base_dir() == ROOT
    assert (resources.rules_dir() / "frontiers.toml").is_file()
    assert (resources.assets_dir() / "theme.json").is_file()
    assert (resources.assets_dir() / "fonts" / "OFL.txt").is_file()
    assert (resources.strings_dir() / "ru" / "ui.toml").is_file()


def test_under_a_simulated_frozen_layout(tmp_path, monkeypatch):
    # PyInstaller unpacks bundled data next to the executable's modules in sys._MEIPASS
    bundle = tmp_path / "_internal"
    shutil.copytree(ROOT / "rules", bundle / "rules")
    shutil.copytree(ROOT / "assets", bundle / "assets")
    shutil.copytree(ROOT / "game" / "i18n", bundle / "game" / "i18n",
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert resources.base_dir() == bundle
    assert resources.rules_dir() == bundle / "rules"
    assert (resources.assets_dir() / "theme.json").is_file()
    from game.star_realms.data import load_card_db

    db = load_card_db(resources.rules_dir())
    assert set(db.sets) == {"core", "frontiers", "colony_wars", "crisis", "united",
                            "united_missions", "gambits", "promos", "campaign",
                            "post_campaign", "campaign_decks"}
    from game import i18n

    i18n.strings.cache_clear()
    try:
        assert i18n.t("menu.new_game", "ru") == "Новая игра"
    finally:
        i18n.strings.cache_clear()


def test_rules_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_RULES_DIR", str(tmp_path))
    assert resources.rules_dir() == tmp_path
