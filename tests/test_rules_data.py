"""The card data: counts from the rulebooks, and validation with file:card:field errors."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.star_realms.data import RulesError, load_card_db
from game.star_realms.data.effects import PARSERS
from game.star_realms.engine import vocabulary
from game.star_realms.engine.effects import HANDLERS
from tests.scene import DB

ROOT = Path(__file__).resolve().parent.parent


def test_vocabulary_parsers_and_handlers_match():
    # (a standing op — a gambit's ongoing effect — is parsed but never run)
    assert set(PARSERS) - set(vocabulary.of_kind(vocabulary.STANDING)) == set(HANDLERS)


@pytest.mark.parametrize("set_id,trade,explorers,scouts,vipers", [
    ("core", 80, 10, 16, 4),
    ("frontiers", 80, 16, 32, 8),
    ("colony_wars", 80, 10, 16, 4),
])
def test_set_counts_match_the_rulebooks(set_id, trade, explorers, scouts, vipers):
    cset = DB.sets[set_id]
    assert sum(c.copies for c in DB.set_cards(set_id)) == trade
    assert (cset.explorers, cset.scouts, cset.vipers) == (explorers, scouts, vipers)
    # Each faction has exactly 20 trade cards in each set.
    for faction in ("blob", "machine_cult", "star_empire", "trade_federation"):
        n = sum(c.copies for c in DB.set_cards(set_id) if faction in c.factions)
        assert n == 20, (set_id, faction, n)


def test_every_card_has_both_names():
    for card in DB.cards.values():
        assert card.name_en and card.name_ru and card.name_en != card.name_ru


def test_russian_names_follow_the_name_table():
    table = ROOT.parent / "shared" / "reference" / "card_names_ru_en.md"
    if not table.exists():
        pytest.skip("shared/reference is not beside the checkout")
    pairs = {}
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2].isdigit():
            pairs[cells[1]] = (cells[0], int(cells[2]))
    # The table covers the two published sets; the campaign cards are our own design.
    published = {cid for sid in ("frontiers", "colony_wars") for cid in DB.sets[sid].cards}
    by_en = {c.name_en: c for c in DB.cards.values() if c.role == "trade" and c.id in published}
    assert len(by_en) == len(pairs) == 88
    for en, (ru, copies) in pairs.items():
        assert by_en[en].name_ru == ru and by_en[en].copies == copies, en
    assert not any(c.ru_source for c in by_en.values())
    # The table has no Core Set: its names are ours, marked so, except the two the Legacy
    # rulebook names (its personal decks' Imperial Fighter and Federation Shuttle).
    legacy = {c.name_en: c.name_ru for c in DB.set_cards("campaign_decks")}
    for card in DB.set_cards("core"):
        assert card.name_en not in pairs, card.id
        if card.name_en in legacy:
            assert not card.ru_source and card.name_ru == legacy[card.name_en], card.id
        else:
            assert card.ru_source == "ours", card.id


def _broken_rules(tmp_path, old: str, new: str, file: str = "frontiers.toml") -> Path:
    dst = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", dst)
    text = (dst / file).read_text(encoding="utf-8")
    assert old in text
    (dst / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return dst


@pytest.mark.parametrize("old,new,expected", [
    ("primary = [{ combat = 10 }]", "primary = [{ combat_x = 10 }]",
     "rules/frontiers.toml:blob_alpha:primary[0].combat_x: unknown effect"),
    ("primary = [{ combat = 10 }]", 'primary = [{ combat = "ten" }]',
     "rules/frontiers.toml:blob_alpha:primary[0].combat: expected a whole number"),
    ('id = "blob_alpha"\nname_en = "Blob Alpha"\n', 'id = "blob_alpha"\n',
     "rules/frontiers.toml:blob_alpha:name_en: expected a non-empty string"),
    ('from = ["trade_row"], max = 1 } }]\nscrap = [{ combat = 2 }]',
     'from = ["trade_rows"], max = 1 } }]\nscrap = [{ combat = 2 }]',
     "rules/frontiers.toml:blob_miner:primary[1].scrap.from[0]: unknown value 'trade_rows'"),
    ('factions = ["blob"]\ntype = "ship"\ncost = 6',
     'factions = ["blobb"]\ntype = "ship"\ncost = 6',
     "rules/frontiers.toml:blob_alpha:factions[0]: unknown faction 'blobb'"),
    ("cost = 6\ncopies = 1\nprimary = [{ combat = 10 }]",
     "cost = 6\ncopies = 2\nprimary = [{ combat = 10 }]",
     "rules/frontiers.toml:set:trade_cards: the cards add up to 81 copies"),
    ('type = "base"\ndefense = 5\ncost = 6', 'type = "base"\ncost = 6',
     "rules/frontiers.toml:infested_moon:defense: missing required field"),
    ("[set]", "[set", "rules/frontiers.toml: TOML syntax error"),
])
def test_invalid_data_is_refused_with_file_card_field(tmp_path, old, new, expected):
    with pytest.raises(RulesError) as err:
        load_card_db(_broken_rules(tmp_path, old, new))
    assert any(e.startswith(expected) for e in err.value.errors), err.value.errors


def test_validate_rules_cli_reports_and_fails(tmp_path):
    ok = subprocess.run([sys.executable, "-m", "game", "validate-rules"], cwd=ROOT,
                        capture_output=True, text=True)
    assert ok.returncode == 0 and "rules OK" in ok.stdout and ok.stdout.count("\n") == 1
    bad = _broken_rules(tmp_path, "primary = [{ combat = 10 }]", "primary = [{ zap = 10 }]")
    res = subprocess.run([sys.executable, "-m", "game", "validate-rules"], cwd=ROOT,
                         capture_output=True, text=True,
                         env={**__import__("os").environ, "STAR_REALMS_RULES_DIR": str(bad)})
    assert res.returncode != 0
    assert "rules/frontiers.toml:blob_alpha:primary[0].zap: unknown effect" in res.stderr


def test_cards_cli_json():
    res = subprocess.run([sys.executable, "-m", "game", "cards", "--set", "frontiers", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    cards = json.loads(res.stdout)
    keys = {"id", "name_en", "name_ru", "factions", "kind", "cost", "defense", "copies"}
    assert all(set(c) == keys for c in cards)
    by_id = {c["id"]: c for c in cards}
    assert sum(c["copies"] for c in cards if c["kind"] != "unaligned") == 80
    assert (by_id["explorer"]["copies"], by_id["scout"]["copies"],
            by_id["viper"]["copies"]) == (16, 32, 8)
    assert by_id["defense_system"]["kind"] == "outpost"
    assert by_id["infested_moon"]["kind"] == "base"
    assert by_id["blob_alpha"]["kind"] == "ship"
    assert by_id["infested_moon"]["name_ru"] == "Осквернённая луна"


def _nested_choose(depth: int) -> str:
    """An effect with ``choose`` nested ``depth`` deep: { choose = [[{ choose = ... }], ...] }."""
    effect = "{ trade = 1 }"
    for _ in range(depth):
        effect = f"{{ choose = [[{effect}], [{{ trade = 1 }}]] }}"
    return effect


def test_deep_nesting_is_an_error_not_a_crash(tmp_path):
    # 400 levels overflowed tomllib's (and the effect parser's) recursion: RecursionError
    bad = _broken_rules(tmp_path, "primary = [{ combat = 10 }]",
                        f"primary = [{_nested_choose(400)}]")
    with pytest.raises(RulesError) as err:
        load_card_db(bad)
    assert any(e.startswith("rules/frontiers.toml:blob_alpha:primary: nested deeper than")
               for e in err.value.errors), err.value.errors
    res = subprocess.run([sys.executable, "-m", "game", "validate-rules", str(bad)], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 2
    assert "rules/frontiers.toml:blob_alpha:primary: nested deeper than" in res.stderr
    assert "Traceback" not in res.stderr and "RecursionError" not in res.stderr


def test_effects_nested_past_the_parser_limit(tmp_path):
    from game.star_realms.data.effects import MAX_EFFECT_DEPTH, Errors, parse_effects

    # shallow enough for the TOML check, too deep for the effect parser
    bad = _broken_rules(tmp_path, "primary = [{ combat = 10 }]",
                        f"primary = [{_nested_choose(MAX_EFFECT_DEPTH + 1)}]")
    with pytest.raises(RulesError) as err:
        load_card_db(bad)
    assert any(e.startswith("rules/frontiers.toml:blob_alpha:primary[0].choose[0][0]")
               and e.endswith(f"effects nested deeper than {MAX_EFFECT_DEPTH} levels")
               for e in err.value.errors), err.value.errors
    # the parser alone, fed data no TOML check has seen (adventures, campaign call it too)
    raw: list = [{"trade": 1}]
    for _ in range(2000):
        raw = [{"may": raw}]
    errors = Errors()
    parse_effects(raw, "primary", errors)
    assert len(errors) == 1 and errors[0].endswith("levels") and errors.depth == 0
    ok = Errors()
    assert parse_effects([{"choose": [[{"may": [{"trade": 1}]}], [{"trade": 2}]]}], "p", ok)
    assert not ok


def test_nesting_scanner_ignores_strings_and_comments():
    from game.toml_reading import find_too_deep

    text = ('a = "[[[[{{{{"  # [[[[[[\n'
            "b = '''\n[[[[\n'''\n"
            'c = """ \\""" [[[[ """\n'
            "[[card]]\n"
            'id = "x"\n'
            "d = [[[1]]]\n")
    assert find_too_deep(text, 3) is None
    deep = find_too_deep(text, 2)
    assert deep is not None and (deep.line, deep.item, deep.field) == (8, "x", "d")
    sub = "[[sheet]]\nn = 1\n[[sheet]]\n[[sheet.row]]\nship = [[[1]]]\n"
    deep = find_too_deep(sub, 2)
    assert deep is not None and (deep.item, deep.field) == ("sheet[1]", "row.ship")
    for path in (ROOT / "rules").glob("*.toml"):  # the real data is far from the limit
        assert find_too_deep(path.read_text(encoding="utf-8")) is None, path


def test_a_broken_card_adds_no_derived_count_errors(tmp_path):
    # blob_alpha is one copy of frontiers' 80: once it fails, "the cards add up to 79"
    # would wrongly blame the [set] table as well
    bad = _broken_rules(tmp_path, "primary = [{ combat = 10 }]", "primary = [{ zap = 10 }]")
    with pytest.raises(RulesError) as err:
        load_card_db(bad)
    assert err.value.errors == [
        "rules/frontiers.toml:blob_alpha:primary[0].zap: unknown effect (known: "
        + ", ".join(sorted(PARSERS)) + ")"]
    # likewise a required common card that failed is not also "missing"
    bad = _broken_rules(tmp_path / "common", 'id = "scout"\n', 'id = "scout"\ncolour = 1\n',
                        file="common.toml")
    with pytest.raises(RulesError) as err:
        load_card_db(bad)
    assert err.value.errors == ["rules/common.toml:scout:colour: unknown field"]
