"""Card text is generated from the effect data, in every language, with no gaps."""

import re

import pytest

from game import i18n
from game.star_realms import card_text
from game.star_realms.data.effects import PARSERS, Errors, parse_effects
from tests.scene import DB

LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def test_every_card_has_text_in_every_language():
    for card in DB.cards.values():
        for lang in i18n.LANGUAGES:
            lines = card_text.card_lines(card, lang)
            slots = [s for s, _ in lines]
            # a hero (United) prints the half it resolves as it is acquired first
            # (a mission prints its objective, then its reward)
            order = (card_text.HERO_SLOTS if card.is_hero else card_text.MISSION_SLOTS
                     if card.is_mission else card_text.SLOTS)
            expected = [s for s in order if card.abilities.get(s)
                        or (s == "objective" and card.objective is not None)]
            expected += ["trigger"] * (len(card.triggers) + card.ally_for_all)
            assert slots == expected, (card.id, lang)
            for slot, text in lines:
                assert text.strip(), (card.id, lang, slot)
                assert "{" not in text and "}" not in text, (card.id, lang, text)
                assert "card_text." not in text, (card.id, lang, text)
                if lang == "ru":
                    assert not LATIN.search(text), (card.id, slot, text)
                else:
                    assert not CYRILLIC.search(text), (card.id, slot, text)
            assert card_text.slot_label("ally", lang)


def _key_set(lang):
    return {k for k in i18n.strings(lang) if k.startswith(card_text.PREFIX)}


def test_templates_match_between_languages():
    en = _key_set("en")
    assert en
    placeholder = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
    plural = re.compile(r"\{(\w+):([^{}]*)\}")
    for lang in i18n.LANGUAGES:
        assert _key_set(lang) == en, lang
        for key in en:
            text = i18n.strings(lang)[key]
            assert set(placeholder.findall(text)) == set(
                placeholder.findall(i18n.strings("en")[key])), (lang, key)
            for _, forms in plural.findall(text):
                assert len(forms.split("|")) == card_text.plural_forms_needed(lang), (lang, key)


def test_russian_plurals():
    idx = card_text.plural_index
    assert [idx("ru", n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 0, 111)] == \
        [0, 1, 1, 2, 2, 2, 2, 0, 1, 2, 2, 2]
    assert [idx("en", n) for n in (0, 1, 2)] == [1, 0, 1]
    assert card_text.ability_text((("draw", 1),), "ru") == "Возьмите карту."
    assert card_text.ability_text((("draw", 2),), "ru") == "Возьмите 2 карты."
    assert card_text.ability_text((("draw", 5),), "ru") == "Возьмите 5 карт."
    assert card_text.ability_text((("draw", 21),), "ru") == "Возьмите 21 карту."
    assert card_text.ability_text((("draw", 2),), "en") == "Draw 2 cards."
    assert card_text.ability_text((("combat", 1),), "ru") == "+1 очко боя."
    assert card_text.ability_text((("combat", 3),), "ru") == "+3 очка боя."
    assert card_text.ability_text((("combat", 5),), "ru") == "+5 очков боя."


def test_text_follows_the_data():
    hauler = DB["long_hauler"]
    assert dict(card_text.card_lines(hauler, "en"))["scrap"] == \
        "Put the next base you acquire this turn on top of your deck."
    cc = dict(card_text.card_lines(DB["command_center"], "ru"))
    assert "«Звёздная империя»" in cc["trigger"]
    assert card_text.card_lines(DB["moonwurm_hatchling"], "en")[0][1] == \
        "+3 Trade or destroy target base."
    # the text is generated: change the data and the text changes with it
    changed = hauler.upgraded("x", "star_empire", "primary", (("draw", 2),))
    assert dict(card_text.card_lines(changed, "en"))["primary"] == "+3 Trade. Draw 2 cards."


def test_an_upgrade_ally_sticker_is_its_own_line():
    card = DB["cargo_pod"].upgraded("s@kingdom", "kingdom", "upgrade_ally", (("authority", 3),))
    for lang, label, text in (("en", "Upgrade ally ability", "+3 Authority."),
                              ("ru", "Союзное свойство улучшения", "+3 очка влияния.")):
        lines = card_text.card_lines(card, lang)
        assert [s for s, _ in lines] == ["primary", "ally", "upgrade_ally", "scrap"]
        assert dict(lines)["upgrade_ally"] == text
        assert card_text.slot_label("upgrade_ally", lang) == label
    assert card_text.slot_factions(card, "upgrade_ally") == ("kingdom",)
    assert card_text.slot_factions(card, "ally") == ("blob",)


# Raw effects as written in rules/*.toml, normalised by the real loader below.
RAW_SAMPLES = [
    {"gain_explorer": {"to": "hand", "count": 2}},
    {"split_top": {}},
    {"choose_faction": {}},
    {"draw_gambit": 1},
    {"shield": 1},
    {"each_player": {"effects": [{"authority": 7}]}},
    {"each_player": {"others": True, "effects": [{"draw": 2}]}},
    {"lose_authority": 5},
    {"discard_or_lose": {"cards": 2, "authority": 4}},
    {"base_or_lose": 6},
    {"scrap_row": {}},
    {"draw_put_back": {"draw": 3, "back": 2}},
    {"drain": 2},
    {"drain": {"per": "picked_cost", "times": 3}},
    {"plunder": 1},
    {"plunder": 2},
    {"each_player_discards": 1},
    {"each_player_discards": 2},
    {"trade": {"per": "own_scrapped", "times": 2}},
    {"authority": {"per": "picked_cost", "times": 2}},
    {"combat": {"per": "scrapped_from_hand_or_discard"}},
    {"draw": 3},
    {"discard": 2},
    {"discard": {"min": 1, "max": 3, "each": [{"trade": 1}]}},
    {"scrap": {"from": ["hand", "discard", "trade_row"], "max": "any"}},
    {"scrap": {"from": ["discard", "trade_row"], "min": 2, "max": 2}},
    {"scrap": {"from": ["hand", "trade_row"], "max": 3, "each": [{"draw": 1}]}},
    {"target_discards": {"n": 2, "who": "player"}},
    {"target_discards": 3},
    {"destroy_base": {"optional": True}},
    {"acquire_free": {"max_cost": 5, "kinds": ["ship"], "to": "hand"}},
    {"acquire_free": {"max_cost": 3, "kinds": ["base"], "to": "top_of_deck"}},
    {"choose": [[{"trade": 1}], [{"combat": 1}], [{"draw": 1}, {"discard": 1}]]},
    {"may": [{"draw": 2}]},
    {"may": [{"combat": 2}, {"trade": 1}]},
    {"if": {"cond": {"bases_at_least": 1}, "then": [{"draw": 1}], "else": [{"trade": 2}]}},
    {"if": {"cond": {"played_faction": "machine_cult"}, "then": [{"combat": 2}]}},
    {"next_acquire": {"kinds": ["ship"], "to": "hand"}},
    {"next_acquire": {"kinds": ["ship", "base"], "to": "top_of_deck"}},
    {"topdeck_from_discard": {}},
    {"copy_base": {}},
    {"copy_ship": {}},
    {"return_base": {"optional": True}},
    {"return_base": {}},
    {"allies_of": "machine_cult"},
    {"scrap": {"from": ["trade_row"], "max": 2, "currently": True}},
    {"scrap": {"from": ["hand", "discard"], "max": 1, "factions": ["blob", "star_empire"],
               "each": [{"draw": 1}]}},
    {"if": {"cond": {"opponent_bases_at_least": 2}, "then": [{"combat": 6}]}},
    {"next_acquire": {"kinds": ["base"], "to": "play", "optional": True}},
    {"next_acquire": {"kinds": ["base"], "to": "play"}},
    {"draw": {"per": "played_blob"}},
    {"draw": {"per": "own_scrapped", "times": 2}},
    {"combat": {"per": "played_star_empire"}},
    {"acquire_free": {"max_cost": "any", "kinds": ["ship"], "to": "top_of_deck"}},
    {"scrap": {"from": ["hand", "discard"], "max": 2, "each": [{"draw": 1}],
               "each_after": True}},
    {"next_acquire": {"kinds": ["ship"], "to": "top_of_deck", "optional": True}},
    {"return_from_scrap": {}},
    {"put_in_hand": {}},
]


def _samples():
    errors = Errors()
    effects = parse_effects(RAW_SAMPLES, "samples", errors)
    assert not errors, errors
    return effects


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_effect_of_the_vocabulary_has_text(lang):
    samples = _samples()
    assert {op for op, _ in samples} == set(PARSERS)
    for eff in samples:
        text = card_text.ability_text((eff,), lang)
        assert text and "{" not in text, (eff, text)
        if lang == "ru":
            assert not LATIN.search(text), (eff, text)
    # parts for the face: gains become chips, either/or of single effects an "or" part
    parts = card_text.ability_parts((("trade", 2), ("choose", ((("trade", 1),), (("combat", 1),)))),
                                    lang)
    assert [p.kind for p in parts] == ["gain", "or"]
    assert [o.amount for o in parts[1].options] == [1, 1]


def test_a_missing_template_fails_loudly():
    with pytest.raises(card_text.MissingText):
        card_text.fmt("no.such.template", "ru")
