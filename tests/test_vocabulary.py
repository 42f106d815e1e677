"""The effect vocabulary table is complete: every layer has every op, and no layer
names an op the table lacks (engine/vocabulary.py is where a new card op starts)."""

import re
import tomllib
from pathlib import Path

import pytest

from game import i18n
from game.star_realms import card_text
from game.star_realms.ai import knowledge
from game.star_realms.ai.heuristic.profiles import STATIC
from game.star_realms.data.campaign import SIMPLE_OPS
from game.star_realms.data.effects import PARSERS, Errors, parse_effect
from game.star_realms.engine import effects, queries, vocabulary
from game.star_realms.engine.vocabulary import OPS, TABLE

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game" / "star_realms"

CARD_OPS = set(vocabulary.CARD_OPS)
INTERNAL_OPS = set(vocabulary.of_kind(vocabulary.INTERNAL))
ASKING = {op.name for op in TABLE if op.asks is not None}
# Questions that belong to no op: acquiring a card in a campaign asks which sticker.
RULES_PURPOSES = {"upgrade"}

# One TOML sample per card op (a new op needs one here, too).
SAMPLES: dict[str, object] = {
    "trade": 2,
    "combat": {"per": "own_scrapped"},
    "authority": 3,
    "draw": 1,
    "discard": {"min": 1, "max": 2, "each": [{"trade": 1}]},
    "scrap": {"from": ["hand", "discard"], "max": 1, "each": [{"draw": 1}]},
    "target_discards": 1,
    "destroy_base": {},
    "acquire_free": {"max_cost": 3},
    "topdeck_from_discard": {},
    "copy_base": {},
    "copy_ship": {},
    "return_base": {"optional": True},
    "allies_of": "blob",
    "choose": [[{"trade": 1}], [{"combat": 1}]],
    "may": [{"draw": 1}],
    "if": {"cond": {"bases_at_least": 1}, "then": [{"combat": 2}]},
    "next_acquire": {"kinds": ["ship"], "to": "hand"},
    "return_from_scrap": {},
    "put_in_hand": {},
    "drain": 2,
    "plunder": 1,
    "each_player_discards": 1,
    "each_player": {"others": True, "effects": [{"draw": 2}]},
    "lose_authority": 5,
    "discard_or_lose": {"cards": 2, "authority": 4},
    "base_or_lose": 6,
    "scrap_row": {},
    "draw_put_back": {"draw": 3, "back": 2},
    "gain_explorer": {"to": "hand"},
    "split_top": {},
    "choose_faction": {},
    "draw_gambit": 1,
    "shield": 1,
}


def _parsed(op):
    errors = Errors()
    effect = parse_effect({op: SAMPLES[op]}, "sample", errors)
    assert not errors, errors
    return effect


def test_the_table_is_well_formed():
    assert len(OPS) == len(TABLE)
    assert all(op.kind in vocabulary.KINDS for op in TABLE)
    purposes = [op.asks for op in TABLE if op.asks is not None]
    assert len(purposes) == len(set(purposes))
    assert all(op.asks for op in TABLE if op.kind == vocabulary.QUESTION)
    assert set(SAMPLES) == CARD_OPS, "every card op needs a sample here"


def test_every_card_op_has_a_parser_and_nothing_else_does():
    assert set(PARSERS) == CARD_OPS


def test_every_op_has_a_run_half():
    # (a standing op — a gambit's ongoing effect — is read where it applies, never run)
    assert set(effects.HANDLERS) == set(vocabulary.RUN_OPS)
    assert set(vocabulary.RUN_OPS) == CARD_OPS - set(vocabulary.of_kind(vocabulary.STANDING))
    assert set(effects.INTERNAL) == INTERNAL_OPS


def test_every_asking_op_has_an_answer_half():
    assert set(effects.ANSWERS) == ASKING


@pytest.mark.parametrize("op", sorted(CARD_OPS))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_card_op_has_card_text(op, lang):
    text = card_text.ability_text((_parsed(op),), lang)
    assert text and "{" not in text


@pytest.mark.parametrize("op", sorted(CARD_OPS))
def test_every_card_op_has_an_ai_valuation_or_a_reason(op):
    effect_op, params = _parsed(op)
    value = knowledge.effect_value(effect_op, params, STATIC)
    assert isinstance(value, float)


def test_an_op_without_valuation_or_reason_is_an_error():
    with pytest.raises(ValueError):
        knowledge.effect_value("no_such_op", 1, STATIC)


def test_lists_of_ops_come_from_the_table():
    assert set(vocabulary.of_kind(vocabulary.GAIN)) == queries.PLAIN_GAIN_OPS
    assert tuple(SIMPLE_OPS) == vocabulary.of_kind(vocabulary.GAIN)


def _effect_keys(value, out):
    """Keys of the one-key tables in lists: the ops of every effect list in the rules."""
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and len(v) == 1 for v in value):
            out.update(next(iter(v)) for v in value)
        for v in value:
            _effect_keys(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _effect_keys(v, out)
    return out


def test_every_op_in_the_rules_is_in_the_table():
    used: set[str] = set()
    for path in sorted((ROOT / "rules").glob("*.toml")):
        _effect_keys(tomllib.loads(path.read_text(encoding="utf-8")), used)
    assert used, "no effects found in rules/*.toml"
    assert used <= CARD_OPS, used - CARD_OPS


_COMPARE = re.compile(r'\b(op|purpose)\s*[!=]=\s*"(\w+)"')
_MEMBER = re.compile(r'\b(op|purpose)\s+(?:not\s+)?in\s+\(([^)]*)\)')
_HAS_OP = re.compile(r'\bhas_op\([^,()]+,\s*\(([^)]*)\)')
_GAIN = re.compile(r'\bplain_gain\([^,()]+,\s*"(\w+)"')
_QUOTED = re.compile(r'"(\w+)"')


def test_no_layer_names_an_op_outside_the_table():
    purposes = set(vocabulary.BY_PURPOSE) | RULES_PURPOSES
    bad = []
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found: list[tuple[str, str]] = [(m[1], m[2]) for m in _COMPARE.finditer(text)]
        found += [(m[1], q) for m in _MEMBER.finditer(text) for q in _QUOTED.findall(m[2])]
        found += [("op", q) for m in _HAS_OP.finditer(text) for q in _QUOTED.findall(m[1])]
        found += [("op", m[1]) for m in _GAIN.finditer(text)]
        for what, name in found:
            if name not in (OPS if what == "op" else purposes):
                bad.append(f"{path.relative_to(ROOT)}: {what} {name!r}")
    for name in card_text._ICONS:
        if name not in CARD_OPS:
            bad.append(f"card_text._ICONS: op {name!r}")
    assert not bad, bad
