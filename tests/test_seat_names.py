"""Seat names must show (issue 36, item 20): a name made only of zero-width characters or
fillers is no name, and bidi controls (which reorder the text around a name: a log
line, a phone's page) are removed wherever a name comes in: the setup screens, the
host's ``--names``, and old saves (cleaned, or refused with a reason)."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.commands.host import make_session, make_table_session
from game.remote import RemoteHost
from game.save_files import BIDI_CONTROLS, is_seat_name, seat_name
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.saves import SaveError, load_document, to_document
from game.star_realms.ui.scenes.setup import SetupScene
from game.ui.scenes.menu import MenuScene
from tests.remote_game import Phone, options, run
from tests.scene import DB
from tests.test_fs_ui_shell import fs_app, open_setup, tables  # noqa: F401 (fixtures)
from tests.test_ui_table import click, frame

INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\u2060\ufeff", "\u3164", "\u3164\u3164",
             " \u200b ", "\u0301", "\u202e", "\u202e\u200b\u202c", "\u2800", "\u115f\u1160",
             "\u200f\u200e", "\u061c ", "\u2066\u2069"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_name_that_shows_nothing_is_no_name(text):
    assert seat_name(text) is None and not is_seat_name(text)


@pytest.mark.parametrize(("text", "name"), [
    ("\u202eAnn", "Ann"), ("A\u2066nn\u2069", "Ann"), ("\u200fדנה\u200e", "דנה"),
    ("Ann\u202d\u202a\u202b\u202c\u2067\u2068\u061c", "Ann"),
])
def test_bidi_controls_are_removed(text, name):
    assert seat_name(text) == name
    assert not is_seat_name(text) and is_seat_name(name)


@pytest.mark.parametrize("name", ["Ann", "Анна", "دانا", "李", "👩\u200d🚀", "J. R.", "7",
                                  "e\u0301", "Zoë ", "x" * 40])
def test_names_that_show_are_kept_as_they_are(name):
    assert seat_name(name) == name and is_seat_name(name)


def test_too_long_control_or_non_text_names_are_refused():
    for value in ("x" * 41, "A\nB", "A\x00", "\ud800", 5, None, ["Ann"]):
        assert seat_name(value) is None and not is_seat_name(value)


# ---------------------------------------------------------------------- the host


def test_the_hosts_names_are_cleaned_and_a_name_that_shows_nothing_refused():
    args = options("remote,normal")
    args.names = "\u200b\u200d,Bot"
    assert "--names: name 1" in make_session(args)
    args.names = "\u202eAnn\u202c,\u2067Bot"
    made = make_session(args)
    assert not isinstance(made, str), made
    session, remote = made
    assert [session.name(s) for s in (0, 1)] == ["Ann", "Bot"]
    # what a phone is sent (a real WebSocket on 127.0.0.1) has no bidi control
    with RemoteHost({s: session.name(s) for s in remote}, bind="127.0.0.1") as host:
        from game.commands.host import HostLoop

        HostLoop(session, remote, host, say=lambda text: None).push()

        async def first_frame() -> str:
            phone = await Phone.open(host.urls()[0] + "/ws")
            frame = await phone.until("state")
            await phone.close()
            return json.dumps(frame, ensure_ascii=False)

        text = run(first_frame())
    assert "Ann" in text and not set(text) & BIDI_CONTROLS
    session.close()


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_the_table_games_host_names_are_checked_too(game):
    args = options("remote,greedy")
    args.game, args.ai_delay = game, 0.0
    args.names = "Ann,\u3164"
    assert "--names: name 2" in make_table_session(args)
    args.names = "\u202eAnn,Bob"
    session = make_table_session(args)
    assert not isinstance(session, str), session
    assert tuple(session.names) == ("Ann", "Bob")
    session.close()


# ---------------------------------------------------------------------- old saves


def star_realms_doc(name: str) -> dict:
    state = new_game(DB, GameConfig(sets=("core",), seed=3, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "hard"))))
    doc = json.loads(json.dumps(to_document(state)))
    doc["config"]["seats"][0]["name"] = name  # as an older version wrote it
    doc["snapshot"]["seats"][0]["name"] = name
    return doc


def test_an_old_star_realms_save_loads_with_its_bidi_controls_removed():
    state = load_document(DB, star_realms_doc("\u202eAnn\u202c"))
    assert state.seats[0].name == "Ann"


def test_an_old_save_whose_name_shows_nothing_is_refused_with_a_reason():
    with pytest.raises(SaveError, match="seat 1 has no valid name"):
        load_document(DB, star_realms_doc("\u200b\u200b"))


def test_an_old_arcs_save_loads_cleaned_or_is_refused_with_a_reason():
    from game.arcs import saves
    from tests.test_arcs_saves import doc_of, played

    doc = doc_of(played(actions=10))
    doc["config"]["seats"][1]["name"] = "\u2066Boris\u2069"
    assert saves.load_document(doc).seats.names[1] == "Boris"
    doc["config"]["seats"][1]["name"] = "\u3164"
    with pytest.raises(saves.SaveError, match="seat 2 has no valid name"):
        saves.load_document(doc)


# ---------------------------------------------------------------------- setup screens


def test_the_star_realms_setup_fields_refuse_invisible_and_bidi_characters(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    for entry in setup.names:
        before = entry.get_text()
        # pasted, a zero-width name crashed the field's drawing ("Text has zero width")
        with pytest.warns(UserWarning):
            entry.set_text("\u200b\u200b")
        assert entry.get_text() == before
        assert not entry.validate_text_string("Ann\u202e")
    frame(app)
    assert [s.name for s in setup.read_seats()] == [e.get_text() for e in setup.names]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_forbidden_stars_setup_refuses_a_name_that_shows_nothing(fs_app, tables,  # noqa: F811
                                                                     lang):
    i18n.set_language(lang)
    scene = open_setup(fs_app)
    with pytest.warns(UserWarning):
        scene.name_entries[0].set_text("\u3164")  # a filler: not even typed in
    scene.name_entries[1].set_text("\u0301")  # printable, yet a mark on nothing
    click(fs_app, scene.start.rect.center)
    assert tables == [] and scene.error == i18n.t("fs_shell.setup.bad_name", n=2)
    assert "fs_shell" not in scene.error
