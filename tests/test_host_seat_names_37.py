"""Issue 37: the headless host's default seat names follow the host's language (the
settings' language, as the desktop starts in), in the words the desktop setups use —
not "Player N" / "AI N" in English whatever the language; --names are kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game import i18n
from game.commands.host import make_session, make_table_session
from game.settings import Settings, save_settings
from tests.remote_game import options

EXPECTED = {"en": ("Player 1", "Computer 2", "Computer 3"),
            "ru": ("Игрок 1", "Компьютер 2", "Компьютер 3")}


@pytest.fixture
def host_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Set the language in a scratch settings file the host reads."""
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("STARFOLD_CONFIG_DIR", raising=False)

    def use(lang: str) -> None:
        save_settings(replace(Settings(), language=lang))

    yield use
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_table_games_name_default_seats_in_the_hosts_language(host_language, game, lang):
    host_language(lang)
    i18n.set_language("en" if lang == "ru" else "ru")  # the process language is not it
    args = options("remote,normal,normal")
    args.game, args.ai_delay = game, 0.0
    session = make_table_session(args)
    assert not isinstance(session, str), session
    try:
        assert tuple(session.names) == EXPECTED[lang]
        # the desktop's words, not copies of them
        assert session.names[0] == i18n.t("setup.seat_n", lang, n=1)
    finally:
        session.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_star_realms_host_names_default_seats_in_the_hosts_language(host_language, lang):
    host_language(lang)
    i18n.set_language("en" if lang == "ru" else "ru")
    made = make_session(options("remote,normal,normal", fmt="ffa"))
    assert not isinstance(made, str), made
    session, _ = made
    try:
        assert tuple(session.name(s) for s in range(3)) == EXPECTED[lang]
    finally:
        session.close()


@pytest.mark.parametrize("game", ["star_realms", "arcs"])
def test_explicit_names_are_kept_whatever_the_language(host_language, game):
    host_language("ru")
    args = options("remote,normal")
    args.game, args.ai_delay, args.names = game, 0.0, "Ann,Bob"
    if game == "star_realms":
        made = make_session(args)
        assert not isinstance(made, str), made
        session, _ = made
        names = tuple(session.name(s) for s in range(2))
    else:
        session = make_table_session(args)
        assert not isinstance(session, str), session
        names = tuple(session.names)
    try:
        assert names == ("Ann", "Bob")
    finally:
        session.close()
