"""The Gambit set as a person meets it: ticked on the setup screen, read in the seat box,
revealed by a click (a one-shot used at once, an ongoing one left face up), Merc
Cruiser's faction asked in words; the model's gambits part; the CLI's --gambits."""

import json
from dataclasses import replace

import pytest

from game import i18n
from game.cli import main as cli_main
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game
from game.star_realms.engine.state import Action, SeatConfig
from game.star_realms.model import build_model
from game.star_realms.phone import phone_model
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.setup_screen import tick_and_start
from tests.test_ui_table import app, click, frame  # noqa: F401  (the app fixture)

GAMBITS = (("gambits", True),)


def _game(seed: int = 3):
    return new_game(DB, GameConfig(sets=("core",), seed=seed, first=0, options=GAMBITS,
                                   seats=(SeatConfig("Anna"), SeatConfig("Boris", "greedy"))))


def _give(state, cid: str, slot: int = 0) -> int:
    """Seat 0 holds gambit ``cid`` face down in place of its gambit number ``slot`` (the
    two swap places, so each card stays in one zone)."""
    g = next(i for i, c in enumerate(state.cards) if c.id == cid and not any(
        i in s.gambits for s in state.seats[:1]))
    s = state.seats[0]
    holder = next((x.gambits for x in state.seats if g in x.gambits), state.gambit_box)
    holder[holder.index(g)] = s.gambits[slot]
    s.gambits[slot] = g
    return g


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_ticks_gambits_on_the_setup_screen_and_gets_two(app, lang):  # noqa: F811
    i18n.set_language(lang)
    try:
        box, table = tick_and_start(app, lambda s: s.gambits_box)
        assert box.text == i18n.t("gambits.setup")
        state = table.session.state
        assert dict(state.config.options)["gambits"] is True
        # two each (a bot that started may have revealed some already, and a Wild
        # Gambit it used brought it one more: the game's seed is the screen's own)
        wild = [sum(state.cards[g].id == "gambit_wild_gambit" for g in s.gambits_used)
                for s in state.seats]
        assert [len(s.gambits + s.gambits_up + s.gambits_used) for s in state.seats] == [
            2 + wild[0], 2 + wild[1]]
        # the Gambit set's three Merc Cruisers joined the trade deck
        merc = [i for i, c in enumerate(state.cards) if c.id == "merc_cruiser"]
        assert len(merc) == 3 and all(
            i in state.trade_deck or i in state.trade_row for i in merc)
        frame(app)
        rows = table.dealt_rects
        me = state.seats[table.me]
        assert sorted(iid for _, iid, _ in rows) == sorted(me.gambits + me.gambits_up)
    finally:
        i18n.set_language("en")


def test_the_setup_screen_takes_gambits_and_missions_with_a_phone_seat(app):  # noqa: F811
    """The phone page shows a seat's missions and gambits (tests below): a phone's seat
    may have them."""
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    setup.gambits = setup.missions = True
    setup.phones_chosen = lambda: True  # (a seat played from a phone)
    setup.check()
    assert setup.error == "" and setup.start.is_enabled


def test_a_phone_reads_its_gambits_and_only_the_others_revealed_ones():
    """The phone page's words: the seat's own gambits by name, another seat's as the
    table's summary line ("Gambits: Energy Shield · 1 face down"), in both languages;
    nothing names another seat's face-down gambit."""
    state = _game()
    g = _give(state, "gambit_energy_shield")
    state.seats[0].gambits, state.seats[1].gambits = state.seats[1].gambits, state.seats[0].gambits
    apply(state, Action("end_turn", 0))
    while state.pending is not None or state.active != 1:
        apply(state, legal_actions(state)[0])
    apply(state, Action("gambit", 1, card=g))  # Boris reveals Energy Shield
    secret = state.seats[1].gambits[0]
    phone = phone_model(state, 0, legal_actions(state))
    for lang in ("en", "ru"):
        words = phone["text"][lang]
        name = i18n.card_name(DB["gambit_energy_shield"], lang)
        assert words["dealt"]["1"] == [i18n.t("gambits.summary_up", lang, names=name,
                                              secret=1)]
        mine = {i18n.card_name(state.cards[i], lang) for i in state.seats[0].gambits}
        assert mine <= {c["name"] for c in words["cards"].values()}
        assert words["strings"]["gambits.reveal"] == i18n.t("gambits.reveal", lang)
    hidden = state.cards[secret]
    if hidden.id not in {state.cards[i].id for i in state.seats[0].gambits} | {
            "gambit_energy_shield"}:
        assert hidden.id not in json.dumps(phone)
    assert [c["id"] for c in phone["seats"][0]["gambits"]["cards"]] == [
        state.cards[i].id for i in state.seats[0].gambits]


def test_a_one_shot_gambit_is_revealed_by_clicking_its_row(app):  # noqa: F811
    """"You may reveal any Gambits … during your Main Phase" (Unlikely Alliance: draw two
    cards; a one-shot is scrapped as it is used)."""
    state = _game()
    g = _give(state, "gambit_unlikely_alliance")
    session = Session(DB, state, ["human", "greedy"])
    table = app.push(TableScene(app, session))
    frame(app)
    rect, ident = next((r, i) for r, iid, i in table.dealt_rects if iid == g)
    assert ident == f"gambit:c{g}"
    hand = len(state.seats[0].hand)
    click(app, rect.center)
    assert g in state.seats[0].gambits_used and g not in state.seats[0].gambits
    assert len(state.seats[0].hand) == hand + 2
    frame(app)
    assert all(iid != g for _, iid, _ in table.dealt_rects)  # used: no row any more


def test_an_ongoing_gambit_stays_face_up_in_the_box(app):  # noqa: F811
    """Frontier Fleet ("each turn gain 1 Combat"): revealed, it stays face up — a row
    with nothing to click — and gives its Combat at once."""
    state = _game()
    g = _give(state, "gambit_frontier_fleet")
    session = Session(DB, state, ["human", "greedy"])
    table = app.push(TableScene(app, session))
    frame(app)
    rect = next(r for r, iid, _ in table.dealt_rects if iid == g)
    combat = state.seats[0].combat
    click(app, rect.center)
    assert g in state.seats[0].gambits_up and state.seats[0].combat == combat + 1
    frame(app)
    assert [i for _, iid, i in table.dealt_rects if iid == g] == [""]
    # the summary line (as another seat's box shows it) names it
    assert any(i18n.card_name(DB["gambit_frontier_fleet"]) in line
               for line in table.dealt_summaries(0))


def test_merc_cruiser_asks_its_faction_in_words():
    state = _game()
    merc = next(i for i, c in enumerate(state.cards) if c.id == "merc_cruiser")
    for zone in (state.trade_deck,):
        if merc in zone:
            zone.remove(merc)
    if merc in state.trade_row:
        state.trade_row[state.trade_row.index(merc)] = state.trade_deck.pop()
    state.seats[0].hand.append(merc)
    apply(state, Action("play", 0, card=merc))
    question = build_model(state, 0, lang="ru").question
    assert question is not None and question.purpose == "faction"
    assert [c.text for c in question.candidates] == [
        i18n.t(f"faction.{f}", "ru") for f in ("blob", "machine_cult", "star_empire",
                                               "trade_federation")]


def test_the_model_shows_a_seat_its_own_gambits_and_only_counts_the_others():
    state = _game()
    g = _give(state, "gambit_energy_shield")
    model = build_model(state, 0)
    mine, theirs = model.seats[0].gambits, model.seats[1].gambits
    assert [c.iid for c in mine.cards] == state.seats[0].gambits and mine.secret == 2
    assert theirs.cards == () and theirs.secret == 2
    assert f"gambit:c{g}" in {a.id for a in model.actions}
    apply(state, Action("gambit", 0, card=g))
    data = build_model(state, 1).to_json()
    assert data["seats"][0]["gambits"]["up"][0]["id"] == "gambit_energy_shield"
    assert data["seats"][0]["gambits"]["secret"] == 1
    plain = new_game(DB, GameConfig(sets=("core",), seed=3))
    assert "gambits" not in build_model(plain, 0).to_json()["seats"][0]
    assert all(a.kind != "gambit" for a in legal_actions(plain))


def test_simulate_and_screenshot_with_gambits(capsys, tmp_path):
    code = cli_main(["simulate", "--sets", "core", "--gambits", "--seats", "greedy,greedy",
                     "--games", "3", "--seed", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["errors"] == 0 and out["gambits"] is True
    code = cli_main(["simulate", "--sets", "core", "--gambits", "--adventure",
                     "nemesis_beast", "--seats", "greedy", "--games", "1"])
    assert code == 2  # gambits are for the player-against-player formats: a usage error
    assert "gambits" in capsys.readouterr().err
    shot = tmp_path / "gambits.png"
    code = cli_main(["screenshot", "--scene", "table", "--sets", "core", "--gambits",
                     "--turns", "5", "--seed", "3", "--out", str(shot)])
    assert code == 0 and shot.stat().st_size > 10_000


def test_another_seats_gambits_line_says_what_is_left():
    """The summary the table's seat box and the phone page share: face-down count, the
    face-up names, and "all used" once both one-shots are gone."""
    from game.star_realms.dealt_text import dealt_summaries
    from game.star_realms.model import GambitsModel

    state = _game()
    seat = build_model(state, 0).seats[1]
    shield = build_model(state, 0).seats[0].gambits.cards[0]

    def line(secret, up, lang="en"):
        return dealt_summaries(replace(seat, gambits=GambitsModel(secret, (), up, ())),
                               lambda c: "Shield", lang)

    assert line(2, ()) == ["Gambits: 2 face down"]
    assert line(1, (shield,)) == ["Gambits: Shield · 1 face down"]
    assert line(0, (shield,)) == ["Gambits: Shield"]
    assert line(0, ()) == ["Gambits: all used"]
    assert line(0, (), "ru") == ["Гамбиты: все использованы"]
