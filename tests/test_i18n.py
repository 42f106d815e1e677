"""Every string exists in every language."""

import pytest

from game import i18n
from tests.scene import DB


def test_every_language_has_exactly_the_english_keys():
    en = set(i18n.strings("en"))
    assert en
    for lang in i18n.LANGUAGES:
        keys = set(i18n.strings(lang))
        assert keys == en, (lang, sorted(en - keys), sorted(keys - en))
        assert all(v for v in i18n.strings(lang).values())


def test_every_card_has_a_name_in_every_language():
    for card in DB.cards.values():
        for lang in i18n.LANGUAGES:
            assert i18n.card_name(card, lang)


def test_translation_and_fallback():
    assert i18n.t("faction.blob", "ru") == "Слизни"
    assert i18n.t("no.such.key", "ru") == "no.such.key"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_system_language(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.system_language() == "ru"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"
