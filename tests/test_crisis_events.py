"""The rules of the Crisis events (rules/crisis.toml, docs/rules-data.md), one test per rule:
an event is never bought; turned up into the trade row it resolves at once — for the
player whose turn it is, then each other player clockwise, each answering their own
questions — then it is scrapped and the slot refills (which may turn up another); an
event dealt into the opening row is shuffled back; adventures and the campaign leave
events out; an event that takes out the player whose turn it is passes the turn; undo
stops at the reveal; saves, views, the table's model and every bot handle the questions.
The events themselves are tested in tests/test_cards_crisis.py."""

import pygame
import pygame_gui
import pytest

from game.star_realms.ai import make_player
from game.star_realms.data import RulesError, load_card_db
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game
from game.star_realms.engine.events import EventRevealed
from game.star_realms.engine.invariants import check
from game.star_realms.engine.snapshot import restore, snapshot
from game.star_realms.engine.state import HIDDEN, Action, SeatConfig
from game.star_realms.engine.undo import can_undo
from game.star_realms.engine.view import player_view
from game.star_realms.model import build_model
from tests.scene import DB, Scene
from tests.test_cards_crisis import EVENT_ROW, _reveal
from tests.test_rules_data import _broken_rules

FILLER = ("defense_system",) * 6


def test_an_event_revealed_into_the_row_resolves_at_once_and_is_scrapped():
    # DCW quotes the publisher: the event takes "effect as soon as the card enters the
    # Trade Row" and "immediately gets replaced with the next card"
    s = _reveal("galactic_summit")
    summit = s.id("galactic_summit")
    assert EventRevealed(summit) in s.state.events
    assert summit in s.state.scrap and summit not in s.state.trade_row
    assert s.names(s.state.trade_row).count("defense_system") == 1
    assert not [a for a in s.legal() if a.card == summit]  # never offered for sale
    assert check(s.state) == []


def test_an_event_waiting_for_answers_stays_in_the_row_and_cannot_be_bought():
    s = _reveal("black_hole", hand=["scout"], trade=5)
    hole = s.id("black_hole")
    assert hole in s.state.trade_row
    assert {a.kind for a in s.legal()} <= {"pick", "stop"}
    assert check(s.state) == []


def test_the_refill_after_an_event_may_turn_up_another_event():
    s = Scene(row=EVENT_ROW, trade=1, trade_deck=("quasar", "galactic_summit", *FILLER),
              authority=(30, 30))
    s.buy("stinger")
    assert (s.authority(0), s.authority(1)) == (37, 37) and len(s.opp.hand) == 7
    assert {s.id("quasar"), s.id("galactic_summit")} <= set(s.state.scrap)
    assert s.names(s.state.trade_row).count("defense_system") == 1


def test_each_player_starts_with_the_player_whose_turn_it_is_then_clockwise():
    s = Scene(row=EVENT_ROW, trade=1, seats=4, fmt="ffa",
              trade_deck=("bombardment", *FILLER), bases=["trading_post"],
              opp_bases=["trading_post"])
    s.state.seats[3].bases = [s.state.seats[1].bases.pop()]  # a base at seat 3, not 1
    s.buy("stinger")
    asked = [s.pending.seat]
    s.stop()
    asked.append(s.pending.seat)
    s.stop()
    assert asked == [0, 3] and s.pending is None
    assert [s.authority(i) for i in range(4)] == [44, 44, 44, 44]


def test_trade_mission_gives_the_others_cards_and_the_player_taking_the_turn_trade():
    s = _reveal("trade_mission", seats=3, fmt="ffa")
    assert s.me.trade == 4 and len(s.me.hand) == 0
    assert [len(s.state.seats[i].hand) for i in (1, 2)] == [7, 7]


def test_an_event_in_the_opening_row_is_shuffled_back_into_the_trade_deck():
    seen = 0
    for seed in range(40):
        state = new_game(DB, GameConfig(sets=("core", "crisis"), seed=seed, first=0,
                                        seats=(SeatConfig("A"), SeatConfig("B"))))
        assert not [c for c in state.trade_row if state.cards[c].is_event]
        events = [c for c in state.trade_deck if state.cards[c].is_event]
        assert len(events) == 12  # every event is still in the trade deck
        seen += any(state.cards[c].is_event for c in state.trade_deck[-5:])
    assert seen  # (some seeds do turn one up near the top)


def test_adventures_and_the_campaign_leave_the_events_out():
    adventure = next(iter(DB.adventures))
    state = new_game(DB, GameConfig(sets=("core", "crisis"), format=adventure, seed=3,
                                    seats=(SeatConfig("A"), SeatConfig("Boss", "boss"))))
    cards = state.trade_deck + [c for c in state.trade_row if c >= 0]
    assert cards and not [c for c in cards if state.cards[c].is_event]


def test_an_event_that_takes_out_the_player_whose_turn_it_is_passes_the_turn():
    s = Scene(row=EVENT_ROW, trade=1, seats=3, fmt="ffa",
              trade_deck=("supernova", *FILLER), authority=(5, 50))
    s.buy("stinger")
    assert not s.me.alive and s.state.winners is None
    assert s.state.active == 1 and s.state.pending is None
    assert check(s.state) == []


def test_the_last_player_standing_wins_even_on_another_players_event():
    s = Scene(row=EVENT_ROW, trade=1, trade_deck=("supernova", *FILLER), authority=(50, 4))
    s.buy("stinger")
    assert s.state.winners == (0,)


def test_undo_stops_at_the_reveal_of_an_event():
    s = _reveal("quasar", trade=3)
    assert not can_undo(s.state)
    # an answer to the event may be taken back, but only to its question
    s = _reveal("black_hole", hand=["scout"]).pick("scout")
    assert can_undo(s.state) and s.state.undo_floor == s.state.log_len - 1


def test_a_save_in_the_middle_of_an_event_restores_the_same_questions():
    s = _reveal("warp_jump", deck=["blob_fighter", "scout", "corvette"])
    snap = snapshot(s.state)
    actions, log = [], s.state.log
    while log is not None:
        actions.append(log[0])
        log = log[1]
    back = restore(DB, s.state.config, snap, actions[::-1])
    assert back.pending == s.state.pending and back.stack == s.state.stack
    assert legal_actions(back) == legal_actions(s.state)


def test_cards_put_back_by_warp_jump_stay_hidden_from_the_other_players():
    s = _reveal("warp_jump", deck=["blob_fighter", "scout", "corvette"])
    s.pick("scout").pick("corvette")
    view = player_view(s.state, 1)
    assert set(view.seats[0].deck) == {HIDDEN}
    assert s.me.known_top == 0


@pytest.mark.parametrize("bot", ["random", "greedy", "easy", "normal"])
def test_every_bot_answers_the_event_questions(bot):
    for event in ("black_hole", "bombardment", "comet", "warp_jump"):
        s = _reveal(event, hand=["scout", "blob_fighter"], bases=["trading_post"],
                    opp_bases=["blob_wheel"], deck=["viper", "scout", "corvette"])
        players = [make_player(bot, 1), make_player(bot, 2)]
        while s.state.pending is not None:
            seat = s.state.pending.seat
            legal = legal_actions(s.state)
            action = players[seat].choose(player_view(s.state, seat), legal)
            assert action in legal
            apply(s.state, action)
        assert s.id(event) in s.state.scrap


def test_greedy_and_normal_give_a_scout_to_the_black_hole_rather_than_authority():
    # (Normal weighs authority by how low it is: at 50 a Scout's trade is worth more)
    for bot in ("greedy", "normal"):
        s = _reveal("black_hole", hand=["scout", "blob_fighter"], authority=(20, 50))
        action = make_player(bot, 1).choose(player_view(s.state, 0), legal_actions(s.state))
        assert action == Action("pick", 0, card=s.id("scout"))


def test_the_table_model_words_the_event_questions():
    s = _reveal("black_hole", hand=["scout"])
    q = build_model(s.state, 0, lang="en").question
    assert q.purpose == "discard_or_lose" and q.prompt == "prompt.discard_or_lose"
    assert q.params == {"n": 8} and q.stop
    waiting = build_model(s.state, 1, lang="en").waiting
    assert waiting.seat == 0 and waiting.purpose == "discard_or_lose"


@pytest.mark.parametrize("old,new,expected", [
    ('id = "quasar"\nname_en = "Quasar"\nname_ru = "Квазар"\nru_source = "ours"\n'
     'source = "IS events/Quasar.java; DCW; SR; LUA (2 copies); event primer"\n'
     'factions = []', 'id = "quasar"\nname_en = "Quasar"\nname_ru = "Квазар"\n'
     'ru_source = "ours"\nsource = "IS events/Quasar.java; DCW; SR; LUA (2 copies); '
     'event primer"\nfactions = ["blob"]', "rules/crisis.toml:quasar:factions: an event has"),
    ('copies = 2\nprimary = [{ each_player = { effects = [{ draw = 2 }] } }]',
     'copies = 2\nally = [{ draw = 1 }]\nprimary = [{ each_player = { effects = [{ draw = 2 }] '
     '} }]', "rules/crisis.toml:quasar:ally: an event has only"),
    ("{ base_or_lose = 6 }", "{ base_or_lose = 0 }",
     "rules/crisis.toml:bombardment:primary[0].each_player.effects[0].base_or_lose"),
    ("draw_put_back = { draw = 3, back = 2 }", "draw_put_back = { draw = 1, back = 2 }",
     "rules/crisis.toml:warp_jump:primary[0].each_player.effects[0].draw_put_back.back"),
])
def test_a_bad_event_entry_is_refused_with_file_card_field(tmp_path, old, new, expected):
    with pytest.raises(RulesError) as err:
        load_card_db(_broken_rules(tmp_path, old, new, file="crisis.toml"))
    assert any(e.startswith(expected) for e in err.value.errors), err.value.errors


# ---------------------------------------------------------------- the table


def _black_hole_table(app):
    from tests.test_ui_table import table

    s = Scene(row=EVENT_ROW, trade=1, hand=["scout", "blob_fighter", "viper"],
              trade_deck=("black_hole", *FILLER), bases=["trading_post"])
    t = table(app, s)
    t.session.apply(Action("buy", 0, card=s.id("stinger")))  # (as a drag would)
    from tests.test_ui_table import frame

    frame(app, n=2)
    return s, t


def test_the_table_asks_the_black_hole_question_and_a_skip_loses_the_authority(big_app):
    from tests.test_ui_table import click, frame

    s, t = _black_hole_table(big_app)
    assert t.prompt is not None and "lose 8 authority" in t.prompt.title
    rect = next(r for r, a in t.prompt.card_rects if a.card == s.id("scout"))
    click(big_app, rect.center)
    frame(big_app)
    assert s.id("scout") in s.me.discard
    assert t.prompt is not None and "lose 4 authority" in t.prompt.title
    stop = next(b for b, a in t.prompt.actions.items() if a.kind == "stop")
    frame(big_app, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": stop})])
    assert s.authority(0) == 46 and s.state.pending.seat == 1


def test_the_log_names_the_event_after_the_purchase_that_revealed_it():
    from game.star_realms.ui.log_text import describe

    s = Scene(row=EVENT_ROW, trade=1, trade_deck=("quasar", *FILLER))
    action = Action("buy", 0, card=s.id("stinger"))
    s.do(action)
    keys = [line.key for line in describe(s.state, action, s.state.events, 0)]
    assert keys[:4] == ["log.buy", "log.event_revealed", "log.draw", "log.draw"]



def test_the_phone_page_gets_the_event_in_the_row_with_its_words():
    from game.star_realms.phone import phone_model

    s = _reveal("black_hole", hand=["scout"])
    payload = phone_model(s.state, 0)
    row = {e["card"]["iid"]: e["card"] for e in payload["supply"]["trade_row"] if e["card"]}
    hole = row[s.id("black_hole")]
    assert hole["type"] == "event" and payload["question"]["purpose"] == "discard_or_lose"
    for lang, word in (("en", "Event"), ("ru", "Событие")):
        text = payload["text"][lang]
        assert text["strings"]["kind.event"] == word
        assert text["cards"]["black_hole"]["name"] in ("Black Hole", "Чёрная дыра")

def write_screenshots(folder) -> None:
    """docs/screenshots/crisis_event_{en,ru}.png: the Black Hole asks seat 0."""
    from pathlib import Path

    import pygame as pg

    from tests.conftest import _headless_app

    class _Patch:  # (the fixture's monkeypatch, outside pytest)
        def setenv(self, key, value):
            import os

            os.environ[key] = value

    import tempfile

    from game import i18n
    from game.star_realms.ui.card_images import for_app

    for lang in ("en", "ru"):
        gen = _headless_app(Path(tempfile.mkdtemp()), _Patch(), (1920, 1080))
        app = next(gen)
        i18n.set_language(lang)
        _black_hole_table(app)
        for _ in range(3):  # (card faces are drawn in the background)
            app.frame([], 0.0)
            for_app(app).wait()
        app.frame([], 0.0)
        pg.image.save(app.screen, str(Path(folder) / f"crisis_event_{lang}.png"))
        gen.close()


if __name__ == "__main__":
    import sys

    write_screenshots(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
