"""Issue 38 item 5 (action list part): every action a Forbidden Stars seat may choose is
worded in the book's words on the table's list, the combat panel and a phone's buttons
(the same labels), in English and Russian — never a raw id, an i18n key or «Effect: <id>»."""

from __future__ import annotations

import re

import pytest

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_model import build_combat_model
from game.forbidden_stars.ui.model import model_of

RAW = [
    (re.compile(r">"), "an option's parts joined by '>'"),
    (re.compile(r"\bt\d+[ab](\.\d)?\b"), "a system or area id"),
    (re.compile(r"\b[A-Za-z]+_[a-z_]+\b"), "a snake_case id"),
    (re.compile(r"\b(fs_combat|fs_table|fs_log|forbidden_stars)\."), "an i18n key"),
    (re.compile(r"(Effect|Свойство): ([\w.,>]+|\d+ / \d+)$"), "«Effect: <id>»"),
    (re.compile(r"-?\d+,-?\d+|\b[hv],\d"), "board coordinates"),
    (re.compile(r"[{}]"), "an unfilled placeholder"),
    (re.compile(r"\b[Aa] [aeiouAEIOU]"), "«a» before a vowel"),
]
CYRILLIC = re.compile(r"[а-яА-ЯёЁ]")


def problems(label: str, a: Action, lang: str) -> list[str]:
    out = [why for pattern, why in RAW if pattern.search(label)]
    if a.kind == "effect" and label == a.card:
        out.append("the raw option")
    if lang == "ru" and not CYRILLIC.search(label) and not re.fullmatch(r"[\d\s:]*", label):
        out.append("no Russian word")
    return out


def labels_of(view: State, seat: int, legal: list[Action], lang: str) -> list[tuple[str, Action]]:
    """Every label the seat reads for its legal actions: the table's list (a phone's
    buttons are the same) and the combat panel's choices."""
    m = model_of(view, seat, seat, legal, lang)
    out = [(x["label"], a) for x, a in zip(m["actions"], legal, strict=True)]
    cm = build_combat_model(view, seat, legal, lang)
    if cm is not None:
        out += [(c.label, c.action) for c in cm.choices]
    return out


# (players, quick setup, seed): every player count, the board built and dealt
GAMES = [(n, quick, 500 + 10 * n + quick) for n in (2, 3, 4) for quick in (True, False)]
GAMES += [(3, True, 7), (4, True, 11), (2, False, 23)]


@pytest.mark.parametrize(("players", "quick", "seed"), GAMES)
def test_every_legal_action_is_worded_without_internal_text(players: int, quick: bool,
                                                            seed: int) -> None:
    rules = load_fs_rules()
    state = new_game(rules, GameConfig(players, seed, quick_setup=quick))
    bots = [make_player("random", seed + s) for s in range(players)]
    bad: dict[str, str] = {}
    kinds: set[str] = set()
    steps = 0
    while state.step != OVER and steps < 3000:
        seat = acting_seat(state)
        legal = legal_actions(state)
        view = player_view(state, seat)
        for lang in ("en", "ru"):
            for label, a in labels_of(view, seat, legal, lang):
                kinds.add(a.kind)
                for why in problems(label, a, lang):
                    bad.setdefault(f"{lang} {a.kind} {a.card!r}: {label!r}", why)
        apply(state, bots[seat].choose(view, legal))
        steps += 1
    assert "effect" in kinds  # the walk reached effects waiting for a choice
    assert not bad, "\n".join(f"{k} ({why})" for k, why in list(bad.items())[:20])


def test_a_token_choice_names_tokens_and_a_die_choice_dice_with_no_bad_article() -> None:
    rules = load_fs_rules()
    tokens = Effect("gain_tokens", {"faces": ["bolter", "shield"], "count": 2})
    dice = Effect("reroll", {"faces": ["bolter"], "count": 1})
    area = str
    assert combat_text.option_text(rules, "bolter", tokens, area, "en") == "attack combat token"
    assert combat_text.option_text(rules, "shield", tokens, area, "ru") == "жетон битвы: защита"
    assert combat_text.option_text(rules, "bolter", dice, area, "en") == "attack die"
    assert combat_text.option_text(rules, "rolled", dice, area, "ru") == "куб: бросок"


def test_the_list_and_the_combat_panel_word_an_effect_option_alike() -> None:
    # walk a game until a combat effect waits for a choice, then compare the two labels
    rules = load_fs_rules()
    for seed in range(40, 60):
        state = new_game(rules, GameConfig(2, seed, quick_setup=True))
        bots = [make_player("random", seed + s) for s in range(2)]
        for _ in range(3000):
            if state.step == OVER:
                break
            seat = acting_seat(state)
            legal = legal_actions(state)
            view = player_view(state, seat)
            if view.combat is not None and any(a.kind == "effect" for a in legal):
                listed = dict(zip((a.to_json().__repr__() for a in legal),
                                  (x["label"] for x in model_of(view, seat, seat, legal,
                                                                "en")["actions"]),
                                  strict=True))
                panel = build_combat_model(view, seat, legal, "en")
                assert panel is not None
                for c in panel.choices:
                    assert listed[c.action.to_json().__repr__()] == c.label
                return
            apply(state, bots[seat].choose(view, legal))
    pytest.fail("no combat effect choice in 20 games")
