"""One test per distinct Year-1 promo card (rules/promos.toml), and the rule they bring:
"If you played a base this turn (including this one)"."""

import tomllib

from game.star_realms.engine.snapshot import restore, snapshot
from tests.scene import DB, Scene
from tests.test_rules_data import ROOT

ROW = ("trade_pod", "cutter", "blob_fighter", "battle_station", "survey_ship")


def test_battle_barge():
    s = Scene(hand=["battle_barge"], bases=["blob_wheel"], opp_bases=["trade_wheel"])
    s.play("battle_barge")
    assert s.me.combat == 5 and s.opp.pending_discard == 1 and s.pending is None
    s = Scene(hand=["battle_barge"], bases=["blob_wheel", "battle_station"],
              opp_bases=["trade_wheel"]).play("battle_barge")
    assert s.me.combat == 5 + 3
    assert s.pending.purpose == "return_base" and s.pending.optional
    s.pick("trade_wheel")
    assert s.opp.bases == [] and s.names(s.opp.hand)[-1] == "trade_wheel"


def test_battle_screecher():
    s = Scene(hand=["battle_screecher"], in_play=["blob_fighter"], row=ROW)
    s.play("battle_screecher")
    assert s.me.combat == 5
    d = s.pending
    assert d.purpose == "scrap" and d.optional and len(d.candidates) == 5
    s.pick("cutter").pick("survey_ship").stop()  # up to five, the refills not among them
    assert s.names(s.state.scrap) == ["cutter", "survey_ship"]
    s.use("battle_screecher", "ally")
    assert s.me.trade == 2


def test_breeding_site():
    s = Scene(hand=["breeding_site"]).play("breeding_site").use("breeding_site", "primary")
    assert s.me.combat == 5  # played this turn: "including this one"
    s = Scene(bases=["breeding_site"])  # in play from an earlier turn, no base played
    s.use("breeding_site", "primary")
    assert s.me.combat == 0


def test_fortress_oblivion():
    s = Scene(hand=["fortress_oblivion", "viper"]).play("fortress_oblivion")
    card = s.state.cards[s.id("fortress_oblivion")]
    assert card.outpost and (card.defense, card.cost) == (4, 3)
    s.use("fortress_oblivion", "primary")
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"]


def test_megahauler():
    s = Scene(hand=["megahauler"], in_play=["cutter"], row=ROW, deck=["viper"])
    s.play("megahauler")
    assert s.authority(0) == 55 and s.pending.purpose == "may"
    s.choose(0)
    # any ship, whatever its cost, but no base
    names = s.names(s.pending.candidates)
    assert "battle_station" not in names and "survey_ship" in names
    s.pick("survey_ship")
    assert s.names(s.me.deck[-1:]) == ["survey_ship"]
    s.use("megahauler", "ally")
    assert s.names(s.me.hand) == ["survey_ship"]


def test_starbase_omega():
    s = Scene(hand=["corvette", "starbase_omega"], bases=["fighter_base"], deck=["viper"])
    s.play("corvette")
    s.use("fighter_base", "ally")  # (Corvette: a Star Empire ally for the outpost)
    s.play("starbase_omega").use("starbase_omega", "primary")
    assert s.names(s.me.hand) == ["viper"]


def test_starmarket():
    s = Scene(hand=["starmarket"]).play("starmarket").use("starmarket", "primary")
    assert s.pending.purpose == "choose"
    s.choose(1)
    assert s.me.trade == 3 and s.authority(0) == 50


def test_the_ark():
    s = Scene(hand=["the_ark", "viper"], discard=["scout"], deck=["explorer", "corvette"],
              opp_bases=["trade_wheel"]).play("the_ark")
    assert s.me.combat == 5 and s.pending.optional
    s.pick("viper").pick("scout")
    # "for each card scrapped this way, draw a card" — after both are scrapped
    assert s.names(s.me.hand) == ["explorer", "corvette"]
    s.use("the_ark", "scrap")  # the only base: destroyed without a question
    assert s.opp.bases == [] and "the_ark" in s.names(s.state.scrap)


def test_a_base_played_earlier_this_turn_meets_the_condition_of_a_base_in_play():
    # "If you played a base this turn (including this one)": any base played this turn
    s = Scene(hand=["trading_post"], bases=["starmarket"])
    s.use("starmarket", "primary")
    assert s.pending is None and s.me.trade == 0  # nothing played yet: nothing happens
    s = Scene(hand=["trading_post"], bases=["starmarket"]).play("trading_post")
    s.use("starmarket", "primary").choose(0)
    assert s.authority(0) == 55
    s.end_turn().end_turn()  # a new turn: no base played yet
    assert s.me.bases_played == 0


def test_the_bases_played_this_turn_survive_a_save():
    s = Scene(hand=["breeding_site"]).play("breeding_site")
    actions, log = [], s.state.log
    while log is not None:
        actions.append(log[0])
        log = log[1]
    back = restore(DB, s.state.config, snapshot(s.state), actions[::-1])
    assert back.seats[0].bases_played == 1


def test_the_promos_set_has_the_year_one_cards():
    cards = DB.set_cards("promos")
    assert {(c.id, c.cost, c.copies) for c in cards} == {
        ("battle_barge", 4, 2), ("battle_screecher", 4, 2), ("breeding_site", 4, 1),
        ("fortress_oblivion", 3, 2), ("megahauler", 7, 1), ("starbase_omega", 4, 1),
        ("starmarket", 4, 2), ("the_ark", 7, 1)}
    assert sum(c.copies for c in cards) == 12
    doc = tomllib.loads((ROOT / "rules" / "promos.toml").read_text(encoding="utf-8"))
    for raw in doc["card"]:
        assert raw["source"].startswith("DCW") and "SR" in raw["source"], raw["id"]
