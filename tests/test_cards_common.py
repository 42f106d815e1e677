"""Starters and the Explorer, plus a check that every card has its own test."""

import ast
from pathlib import Path

from tests.scene import DB, Scene


def test_scout():
    s = Scene(hand=["scout"]).play("scout")
    assert (s.me.trade, s.me.combat) == (1, 0) and s.slots("scout") == []


def test_viper():
    s = Scene(hand=["viper"]).play("viper")
    assert (s.me.trade, s.me.combat) == (0, 1)


def test_explorer():
    s = Scene(hand=["explorer"], explorers=0).play("explorer")
    assert s.me.trade == 2 and s.slots("explorer") == ["scrap"]
    s.use("explorer", "scrap")
    assert s.me.combat == 2
    # Scrapped Explorers go back to the Explorer pile, never to the scrap heap.
    assert s.names(s.state.explorers) == ["explorer"] and s.state.scrap == []


def test_every_card_has_its_own_test():
    here = Path(__file__).parent
    names = set()
    for f in here.glob("test_cards_*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name[5:])
    missing = sorted(cid for cid in DB.cards if cid not in names)
    assert not missing, f"cards without a test: {missing}"
