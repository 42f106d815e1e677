"""The rules of the Crisis heroes (rules/crisis.toml, docs/rules-data.md), one test per rule:
a hero acquired goes straight into play and stays there across turns, is never attacked,
targeted or counted as a ship, base or ally; its scrap ability (its owner's main phase
only) makes every ally ability of its faction usable for the rest of the turn, on cards
in play and on cards played later, double ally abilities too; undo and the reveal rule
hold; a bad hero entry is refused with ``file:card:field`` errors.  The cards themselves
are tested in tests/test_cards_crisis.py."""

import pytest

from game.star_realms.ai import GreedyBot, RandomBot, make_player
from game.star_realms.data import RulesError, load_card_db
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game
from game.star_realms.engine.events import TRADE_ROW, Acquire, Move, Zone
from game.star_realms.engine.invariants import AbilityLedger, check
from game.star_realms.engine.queries import attack_targets, chip_states
from game.star_realms.engine.snapshot import restore, snapshot
from game.star_realms.engine.state import Action, SeatConfig
from game.star_realms.engine.undo import can_undo, undo
from game.star_realms.engine.view import lazy_view, player_view
from game.star_realms.model import build_model
from tests.scene import DB, Scene
from tests.test_rules_data import _broken_rules
from tests.test_ui_table import card_center, click, drag, table

ROW = ("ram_pilot", "cunning_captain", "blob_fighter", "battle_station", "survey_ship")

# ---------------------------------------------------------------- acquiring


def test_an_acquired_hero_goes_directly_into_play():
    s = Scene(row=ROW, trade=3).buy("ram_pilot")
    pilot = s.id("ram_pilot", s.me.heroes)
    assert s.me.discard == [] and s.me.trade == 2
    assert Move(pilot, TRADE_ROW, Zone("heroes", 0)) in s.state.events
    assert Acquire(0, pilot) in s.state.events
    assert s.slots("ram_pilot") == ["scrap"]  # usable the turn it arrives
    # neither a ship nor a base entering play: no "played" faction, no play trigger
    assert s.me.played_factions == {} and s.me.in_play == [] and s.me.bases == []
    s = Scene(row=ROW, trade=3, bases=["fleet_hq"]).buy("ram_pilot")
    assert s.me.combat == 0


def test_a_hero_acquired_to_the_top_of_the_deck_or_hand_still_goes_into_play():
    # "the next ship or base you acquire goes to your hand" (Factory World) waits for
    # the next ship or base; the hero goes into play
    s = Scene(bases=["factory_world"], row=ROW, trade=3).use("factory_world", "primary")
    s.buy("ram_pilot")
    assert s.names(s.me.heroes) == ["ram_pilot"] and s.me.hand == []
    s.buy("blob_fighter")
    assert s.names(s.me.hand) == ["blob_fighter"]
    # a free card "to your hand" (Moonwurm's ally), "to the top of your deck" (Gateship)
    s = Scene(hand=["moonwurm"], in_play=["blob_fighter"], row=ROW).play("moonwurm")
    s.use("moonwurm", "ally").pick("cunning_captain")
    assert s.names(s.me.heroes) == ["cunning_captain"] and "cunning_captain" not in s.names(
        s.me.hand)
    s = Scene(hand=["gateship"], row=ROW, deck=["viper"]).play("gateship").pick("ram_pilot")
    assert s.names(s.me.heroes) == ["ram_pilot"] and s.names(s.me.deck) == ["viper"]


def test_free_acquire_of_a_card_may_take_a_hero_but_not_of_a_ship():
    s = Scene(hand=["moonwurm"], in_play=["blob_fighter"], row=ROW).play("moonwurm")
    s.use("moonwurm", "ally")  # "acquire a card of cost 2 or less"
    assert {"ram_pilot", "cunning_captain"} <= set(s.names(s.pending.candidates))
    s = Scene(hand=["customs_frigate"], row=ROW).play("customs_frigate").choose(0)
    assert "ram_pilot" not in s.names(s.pending.candidates)  # "a ship"


# ---------------------------------------------------------------- in play


def test_a_hero_stays_in_play_across_turns():
    s = Scene(heroes=["war_elder"], opp_hand=("scout",) * 5)
    s.end_turn()
    assert s.names(s.me.heroes) == ["war_elder"] and s.me.discard[-1:] != [s.id("war_elder")]
    # not usable on the opponent's turn
    assert not [a for a in s.legal() if a.kind == "use" and a.card == s.id("war_elder")]
    assert dict(chip_states(s.state, s.id("war_elder"))) == {"scrap": "not_usable"}
    s.end_turn()
    assert s.slots("war_elder") == ["scrap"]


def test_a_hero_cannot_be_attacked_or_targeted():
    s = Scene(opp_heroes=["ram_pilot"], combat=10, hand=["mega_mech", "obliterator"],
              opp_bases=["trade_wheel"])
    targets = attack_targets(s.state, 0)
    assert {(t.kind, t.card) for t in targets} == {("player", -1),
                                                    ("base", s.id("trade_wheel"))}
    assert not [a for a in s.legal() if a.card == s.id("ram_pilot")]
    s.play("mega_mech")  # return target base: the hero is no candidate
    assert s.names(s.pending.candidates) == ["trade_wheel"]
    s.stop()
    s.play("obliterator")  # "an opponent with two or more bases": the hero is no base
    assert s.me.combat == 10 + 6 + 7


def test_a_hero_in_play_is_no_ally_of_its_faction():
    s = Scene(heroes=["ram_pilot", "blob_overlord"], hand=["blob_fighter"]).play("blob_fighter")
    assert s.slots("blob_fighter") == []
    s = Scene(heroes=["ram_pilot"], bases=["trade_wheel"])
    assert "ally" not in s.slots("trade_wheel")


def test_the_scrap_is_used_only_in_its_owners_main_phase():
    s = Scene(heroes=["ram_pilot"], hand=["trade_bot", "scout"]).play("trade_bot")
    assert s.pending is not None and s.slots("ram_pilot") == []  # a question first
    s.stop()
    assert s.slots("ram_pilot") == ["scrap"]
    s.use("ram_pilot", "scrap")
    assert s.slots("ram_pilot") == [] and s.me.heroes == []  # once: it left the game


# ---------------------------------------------------------------- the scrap ability


def test_the_scrap_unlocks_the_heroes_faction_allies_for_this_turn_only():
    s = Scene(hand=["blob_fighter", "cutter"], heroes=["ram_pilot"], bases=["trade_wheel"],
              deck=("viper",) * 10)
    s.play("blob_fighter").play("cutter").use("ram_pilot", "scrap")
    assert s.slots("blob_fighter") == ["ally"] and s.slots("cutter") == []  # Blob only
    assert s.slots("trade_wheel") == ["primary", "ally"]
    s.end_turn().end_turn()
    assert s.me.allies_of == [] and s.slots("trade_wheel") == ["primary"]


def test_cards_played_after_the_scrap_have_their_allies():
    s = Scene(hand=["battle_pod"], heroes=["blob_overlord"]).use("blob_overlord", "scrap")
    s.play("battle_pod").stop()  # (its scrap from the trade row: declined)
    assert s.slots("battle_pod") == ["ally"]
    s = Scene(hand=["corvette"], heroes=["special_ops_director"], deck=["viper"])
    s.use("special_ops_director", "scrap").play("corvette")
    assert s.slots("corvette") == []  # a Star Empire ship: not unlocked


def test_the_scrap_unlocks_double_ally_abilities_too():
    s = Scene(bases=["ion_station"], heroes=["special_ops_director"])
    assert s.slots("ion_station") == ["primary"]
    s.use("special_ops_director", "scrap")
    assert s.slots("ion_station") == ["primary", "ally", "double_ally"]
    s.use("ion_station", "double_ally")
    assert s.me.combat == 4 and s.authority(0) == 50 + 4 + 4


def test_an_ally_already_triggered_or_used_is_not_used_again():
    s = Scene(hand=["blob_fighter", "trade_pod"], heroes=["ram_pilot"], deck=("viper",) * 3)
    s.play("blob_fighter").play("trade_pod").use("trade_pod", "ally")
    s.use("ram_pilot", "scrap")
    assert s.slots("trade_pod") == [] and s.slots("blob_fighter") == ["ally"]


# ---------------------------------------------------------------- views, saves, undo


def _game_with_a_hero_in_the_row(hero: str):
    """A Core + Crisis duel whose first player (3 Scouts: 3 trade) can buy ``hero``."""
    stack = {"trade": [hero], "decks": [["scout", "scout", "scout", "viper", "viper"], []]}
    config = GameConfig(sets=("core", "crisis"), seats=(SeatConfig("A"), SeatConfig("B")),
                        seed=4, first=0, options=(("stack", stack),))
    state = new_game(DB, config)
    for iid in list(state.seats[0].hand):
        apply(state, Action("play", 0, card=iid))
    hero_iid = next(c for c in state.trade_row if state.cards[c].id == hero)
    apply(state, Action("buy", 0, card=hero_iid))
    return state, hero_iid


def test_undo_takes_back_a_scrap_that_revealed_nothing():
    state, pilot = _game_with_a_hero_in_the_row("ram_pilot")
    assert not can_undo(state)  # the buy refilled the trade row: a reveal
    apply(state, Action("use", 0, card=pilot, slot="scrap"))
    assert state.seats[0].allies_of == ["blob"] and can_undo(state)
    before = undo(state)
    assert before.seats[0].heroes == [pilot] and before.seats[0].allies_of == []
    assert before.seats[0].combat == 0 and pilot not in before.scrap


def test_undo_stops_at_a_heros_draw():
    state, admiral = _game_with_a_hero_in_the_row("admiral_rasmussen")
    apply(state, Action("use", 0, card=admiral, slot="scrap"))  # draws a card
    assert not can_undo(state)


def test_heroes_are_public_in_views_and_kept_by_snapshots():
    state, pilot = _game_with_a_hero_in_the_row("ram_pilot")
    for view in (player_view(state, 1), lazy_view(state, 1)):
        assert view.seats[0].heroes == [pilot] and view.seats[0].allies_of == []
    snap = snapshot(state)
    assert snap["seats"][0]["heroes"] == [pilot] and "heroes" not in snap["seats"][1]
    apply(state, Action("use", 0, card=pilot, slot="scrap"))
    snap = snapshot(state)
    assert snap["seats"][0]["allies_of"] == ["blob"] and "heroes" not in snap["seats"][0]
    again = restore(DB, state.config, snap, state.actions())
    assert snapshot(again) == snap


def test_the_table_model_shows_heroes_and_their_scrap_chip():
    s = Scene(heroes=["ram_pilot"], opp_heroes=["ceo_torres"], hand=["blob_fighter"])
    pilot, torres = s.id("ram_pilot"), s.id("ceo_torres")
    m = build_model(s.state, 0).to_json()
    assert [c["id"] for c in m["seats"][0]["heroes"]] == ["ram_pilot"]
    assert m["seats"][0]["heroes"][0]["type"] == "hero"
    assert [c["id"] for c in m["seats"][1]["heroes"]] == ["ceo_torres"]
    chips = {(c["card"], c["slot"]): (c["state"], c["action"]) for c in m["chips"]}
    assert chips[pilot, "scrap"] == ("available", f"use:c{pilot}:scrap")
    assert chips[torres, "scrap"] == ("not_usable", "")
    s.play("blob_fighter").use("ram_pilot", "scrap")
    m = build_model(s.state, 1).to_json()  # the opponent sees what the hero unlocked
    assert m["seats"][0]["heroes"] == [] and m["seats"][0]["allies_of"] == ["blob"]


def test_an_eliminated_seats_heroes_leave_the_game():
    s = Scene(seats=3, fmt="duel", combat=60, authority=(50, 5))
    s.state.seats[1].heroes = s._make(["ceo_torres"])
    s.state.cards = tuple(s.cards)
    s.attack(1, 5)
    assert s.opp.heroes == [] and "ceo_torres" in s.names(s.state.scrap)


def test_random_core_and_crisis_games_keep_every_invariant():
    used_heroes = 0
    for seed in range(6):
        config = GameConfig(sets=("core", "crisis"),
                            seats=(SeatConfig("A", "random"), SeatConfig("B", "random")),
                            seed=seed)
        state = new_game(DB, config)
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        ledger = AbilityLedger()
        for _ in range(900):
            if state.is_over:
                break
            legal = legal_actions(state)
            seat = state.pending.seat if state.pending is not None else state.active
            action = bots[seat].choose(player_view(state, seat), legal)
            turn = state.turn
            apply(state, action)
            used_heroes += action.kind == "use" and state.cards[action.card].is_hero
            assert check(state) == [], (seed, action)
            assert ledger.observe(state, turn) == [], (seed, action)
        assert state.is_over or state.turn > 20
    assert used_heroes > 0  # (random play reaches the heroes)


# ---------------------------------------------------------------- the bots


def _choice(level: str, s: Scene) -> Action:
    bot = GreedyBot(0) if level == "greedy" else make_player(level, 0)
    return bot.choose(player_view(s.state, 0), s.legal())


def _scraps(action: Action, s: Scene, name: str) -> bool:
    return action == Action("use", 0, card=s.id(name), slot="scrap")


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_the_bots_scrap_a_hero_when_its_allies_pay(level):
    s = Scene(bases=["ion_station"], heroes=["special_ops_director"])
    s.use("ion_station", "primary")
    assert _scraps(_choice(level, s), s, "special_ops_director")
    s = Scene(in_play=["blob_fighter"], heroes=["ram_pilot"], deck=("scout",) * 5)
    assert _scraps(_choice("greedy", s), s, "ram_pilot")


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_the_bots_keep_a_hero_that_would_gain_nothing(level):
    s = Scene(heroes=["special_ops_director"])  # no Trade Federation card, 50 authority
    assert _choice(level, s).kind == "end_turn"


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_the_bots_scrap_a_hero_whose_combat_wins(level):
    s = Scene(heroes=["blob_overlord"], combat=3, authority=(50, 7))
    assert _scraps(_choice(level, s), s, "blob_overlord")


def test_normal_buys_a_hero_with_the_trade_left():
    row = ("ram_pilot", "cutter", "battle_station", "survey_ship", "trade_pod")
    s = Scene(row=row, trade=1, hand=[], in_play=["blob_fighter"])
    assert _choice("normal", s) == Action("buy", 0, card=s.id("ram_pilot"))
    s.buy("ram_pilot")  # in play at once: and its Blob ally unlocks Blob Fighter's draw
    assert _scraps(_choice("normal", s), s, "ram_pilot")


# ---------------------------------------------------------------- the data


@pytest.mark.parametrize("old,new,expected", [
    ('scrap = [{ allies_of = "blob" }, { combat = 2 }]',
     'defense = 3\nscrap = [{ allies_of = "blob" }, { combat = 2 }]',
     "rules/crisis.toml:ram_pilot:defense: a hero has no defense"),
    ('scrap = [{ allies_of = "blob" }, { combat = 2 }]',
     'outpost = true\nscrap = [{ allies_of = "blob" }, { combat = 2 }]',
     "rules/crisis.toml:ram_pilot:outpost: a hero cannot be an outpost"),
    ('scrap = [{ allies_of = "blob" }, { combat = 2 }]', 'primary = [{ combat = 2 }]',
     "rules/crisis.toml:ram_pilot:scrap: a hero needs a scrap ability"),
    ('scrap = [{ allies_of = "blob" }, { combat = 2 }]',
     'ally = [{ combat = 1 }]\nscrap = [{ allies_of = "blob" }, { combat = 2 }]',
     "rules/crisis.toml:ram_pilot:ally: a hero has only a scrap ability"),
    ('scrap = [{ allies_of = "blob" }, { combat = 2 }]',
     'scrap = [{ allies_of = "blobs" }, { combat = 2 }]',
     "rules/crisis.toml:ram_pilot:scrap[0].allies_of: unknown value 'blobs'"),
    ('type = "hero"\ncost = 1\ncopies = 2\nscrap = [{ allies_of = "blob" }',
     'type = "heroic"\ncost = 1\ncopies = 2\nscrap = [{ allies_of = "blob" }',
     "rules/crisis.toml:ram_pilot:type: expected one of ship, base, hero, event, mission"),
])
def test_a_bad_hero_is_refused_with_file_card_field(tmp_path, old, new, expected):
    with pytest.raises(RulesError) as err:
        load_card_db(_broken_rules(tmp_path, old, new, file="crisis.toml"))
    assert any(e.startswith(expected) for e in err.value.errors), err.value.errors


# ---------------------------------------------------------------- the table


def test_the_table_draws_a_hero_beside_the_bases_and_its_scrap_is_dragged_or_clicked(
        big_app):
    app = big_app
    sc = Scene(heroes=["ram_pilot", "war_elder"], bases=["trade_wheel"], hand=["scout"])
    t = table(app, sc)
    pilot, elder = sc.id("ram_pilot"), sc.id("war_elder")
    assert t.sprite_zone(pilot) == "my_field" and t.sprite_zone(elder) == "my_field"
    wheel = sc.id("trade_wheel")
    assert t.card_rects[wheel].x < t.card_rects[pilot].x  # after the bases
    drag(app, card_center(t, pilot), t.layout.zones()["scrap"].center)
    assert pilot in sc.state.scrap and sc.me.combat == 2 and sc.me.allies_of == ["blob"]
    chip = t.chip_spots[elder, "scrap"]
    click(app, chip.center)
    assert elder in sc.state.scrap and sc.state.pending.purpose == "scrap"
