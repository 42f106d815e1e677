"""The rules the United packs bring (rules/united.toml): two-faction cards and their two
shapes of ally ability, and the United heroes' acquire half.  Per-card tests are in
tests/test_cards_united.py."""

import json

import pygame
import pygame_gui
import pytest

from game import i18n
from game.star_realms import card_text, saves
from game.star_realms.ai import make_player
from game.star_realms.data import RulesError, load_card_db
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game
from game.star_realms.engine.invariants import check
from game.star_realms.engine.state import SeatConfig
from game.star_realms.engine.view import player_view
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui.scenes.menu import MenuScene
from tests.scene import DB, Scene
from tests.test_rules_data import _broken_rules
from tests.test_ui_table import click, frame, key


def test_a_two_faction_card_is_an_ally_of_both_its_factions():
    # publisher's United rules card (via DCW): "counts as both factions for ally purposes"
    s = Scene(hand=["assault_pod"], in_play=["blob_fighter", "corvette"], deck=["viper"] * 3)
    s.play("assault_pod")
    # Blob Fighter (Blob) and Corvette (Star Empire) both find their ally in one card
    assert "ally" in s.slots("blob_fighter") and "ally" in s.slots("corvette")


def test_either_faction_switches_on_an_x_or_y_ally_line():
    # "Blob or Star Empire Ally: Draw a card" — one ability, either faction
    for partner in ("blob_fighter", "corvette"):
        s = Scene(hand=["assault_pod"], in_play=[partner]).play("assault_pod")
        assert s.slots("assault_pod") == ["ally"], partner
    s = Scene(hand=["assault_pod"], in_play=["trade_bot"]).play("assault_pod")
    assert s.slots("assault_pod") == []


def test_a_line_per_faction_waits_for_its_own_faction_and_both_may_fire():
    # "Star Empire Ally: …  Trade Federation Ally: …" — each line its own faction
    s = Scene(hand=["alliance_frigate", "cutter"], in_play=["corvette"])
    s.play("alliance_frigate")
    assert s.slots("alliance_frigate") == ["ally"]
    s.use("alliance_frigate", "ally")
    s.play("cutter")  # later in the turn the other faction arrives: its line wakes
    assert s.slots("alliance_frigate") == ["second_ally"]
    s.use("alliance_frigate", "second_ally")
    assert s.me.combat == 4 + 3 and s.authority(0) == 50 + 4 + 5  # (Cutter: 4 authority)
    assert s.slots("alliance_frigate") == []


def test_two_cards_of_the_same_pair_are_allies_for_both_lines():
    s = Scene(hand=["alliance_transport"], in_play=["alliance_frigate"])
    s.play("alliance_transport")
    assert s.slots("alliance_transport") == ["ally", "second_ally"]
    assert s.slots("alliance_frigate") == ["ally", "second_ally"]


def test_a_hero_unlocks_only_the_line_of_its_faction():
    # Crisis hero: "until end of turn, you may use all of your Trade Federation ally
    # abilities" — the Trade Federation line, not the Star Empire one
    s = Scene(hand=["alliance_transport"], heroes=["special_ops_director"])
    s.play("alliance_transport").use("special_ops_director", "scrap")
    assert s.slots("alliance_transport") == ["second_ally"]


def test_mech_world_switches_on_both_lines():
    # Mech World: "counts as an ally for all factions"
    s = Scene(hand=["alliance_transport"], bases=["mech_world"])
    s.play("alliance_transport")
    assert s.slots("alliance_transport") == ["ally", "second_ally"]


def test_a_united_hero_acquire_half_resolves_once_as_it_is_acquired():
    # DCW quotes the publisher's FAQ: "when a Hero from the United expansion is acquired,
    # you do what is listed as their primary ability … you do not get to use it every
    # turn"
    s = Scene(row=("chairman_haygan", "cutter", "blob_fighter", "battle_station",
                   "survey_ship"), trade=3).buy("chairman_haygan")
    assert s.authority(0) == 54 and s.slots("chairman_haygan") == ["scrap"]
    s.end_turn()
    s.end_turn()  # the opponent's turn passes: the hero waits, nothing resolves again
    assert s.authority(0) == 54 and s.me.allies_of == []
    assert s.slots("chairman_haygan") == ["scrap"]


def test_a_hero_acquired_for_free_resolves_its_acquire_half_too():
    # a free acquire (here CEO Shaner's own acquire half) is an acquire all the same
    s = Scene(row=("ceo_shaner", "chairman_haygan", "blob_fighter", "battle_station",
                   "survey_ship"), trade=5).buy("ceo_shaner")
    s.choose(0).pick("chairman_haygan")  # cost 3: "acquire a card of cost 3 or less"
    assert s.names(s.me.heroes) == ["ceo_shaner", "chairman_haygan"]  # heroes go into play
    assert s.authority(0) == 54


def test_the_second_ally_line_reads_and_is_marked_with_its_faction():
    card = DB["alliance_transport"]
    assert card_text.slot_factions(card, "ally") == ("star_empire",)
    assert card_text.slot_factions(card, "second_ally") == ("trade_federation",)
    assert card_text.slot_factions(DB["assault_pod"], "ally") == ("blob", "star_empire")
    lines = dict(card_text.card_lines(card, "ru"))
    assert lines["second_ally"] == "+4 очка влияния."


@pytest.mark.parametrize("old,new,expected", [
    ('second_ally_faction = "trade_federation"\n\n[[card]]\nid = "blob_bot"',
     '\n[[card]]\nid = "blob_bot"',
     "rules/united.toml:alliance_transport:second_ally_faction: a second ally ability needs"),
    ('ally_faction = "star_empire"\nsecond_ally = [{ authority = 4 }]',
     'ally_faction = "blob"\nsecond_ally = [{ authority = 4 }]',
     "rules/united.toml:alliance_transport:ally_faction: expected one of the card's factions"),
    ('ally_faction = "star_empire"\nsecond_ally = [{ authority = 4 }]',
     'ally_faction = "trade_federation"\nsecond_ally = [{ authority = 4 }]',
     "rules/united.toml:alliance_transport:second_ally_faction: the two ally abilities"),
    ("{ topdeck_from_discard = { max_cost = 5 } }", "{ topdeck_from_discard = { max_cost = 50 } }",
     "rules/united.toml:coalition_messenger:ally[0].topdeck_from_discard.max_cost"),
])
def test_a_bad_united_entry_is_refused_with_file_card_field(tmp_path, old, new, expected):
    with pytest.raises(RulesError) as err:
        load_card_db(_broken_rules(tmp_path, old, new, file="united.toml"))
    assert any(e.startswith(expected) for e in err.value.errors), err.value.errors


def _bot_game(fmt: str, seats: int, seed: int, bot: str = "greedy", limit: int = 4000):
    # the Core Set has Scouts for two; more seats take the Frontiers box
    sets = ("core", "united") if seats == 2 else ("frontiers", "united")
    config = GameConfig(sets=sets, seats=tuple(
        SeatConfig(f"P{i}") for i in range(seats)), format=fmt, seed=seed)
    state = new_game(DB, config)
    players = [make_player(bot, seed * 10 + i) for i in range(seats)]
    used_second = False
    for _ in range(limit):
        if state.is_over:
            break
        legal = legal_actions(state)
        seat = legal[0].seat
        action = players[seat].choose(player_view(state, seat), legal)
        used_second |= action.kind == "use" and action.slot == "second_ally"
        apply(state, action)
        check(state)
    return state, used_second


@pytest.mark.parametrize("fmt,seats", [("duel", 2), ("ffa", 3), ("hydra2", 4)])
def test_bots_play_core_with_united_to_the_end(fmt, seats):
    state, _ = _bot_game(fmt, seats, seed=3)
    assert state.is_over


def test_a_game_using_second_ally_lines_saves_and_loads_the_same():
    for seed in range(1, 30):
        state, used = _bot_game("duel", 2, seed, limit=400)
        if used:
            break
    assert used, "no bot game used a second ally line"
    doc = json.loads(json.dumps(saves.to_document(state)))
    back = saves.load_document(DB, doc)
    assert legal_actions(back) == legal_actions(state)
    assert back.life == state.life and back.stack == state.stack


def test_the_setup_screen_offers_united_with_its_count():
    from game.star_realms.ui.scenes import setup

    assert "united" in setup.SETS and not setup.has_starters(("united",))
    assert setup.set_label("united") == i18n.t("setup.set_with_count",
                                               name=i18n.t("set.united"), n=36)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_starts_a_united_game_from_the_setup_screen_and_goes_back(app, lang):
    i18n.set_language(lang)
    try:
        app.push(MenuScene(app))
        setup = app.push(SetupScene(app))
        frame(app)
        boxes = {sid: b for b, sid in setup.set_boxes.items()}
        core, united = boxes["core"], boxes["united"]
        core.set_state(False)  # United alone: no Scouts and Vipers, Start refused
        frame(app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, {"ui_element": core})])
        united.set_state(True)
        frame(app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, {"ui_element": united})])
        click(app, setup.start.rect.center)
        assert app.top is setup and setup.error == i18n.t("setup.need_starters")
        core.set_state(True)
        frame(app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, {"ui_element": core})])
        click(app, setup.start.rect.center)
        table = app.top
        assert isinstance(table, TableScene)
        assert table.session.state.config.sets == ("core", "united")
        key(app, pygame.K_ESCAPE)  # the pause menu, then back out of it
        frame(app)
        assert app.top is not table
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.top is table
    finally:
        i18n.set_language("en")
