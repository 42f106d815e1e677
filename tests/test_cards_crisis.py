"""One test per distinct card of the Crisis packs of ships and bases (rules/crisis.toml):
Bases & Battleships and Fleets & Fortresses.  Each plays the card in a constructed
position and checks the exact change; then the set against its sources' counts."""

import tomllib

from game.star_realms import card_text
from tests.scene import DB, Scene
from tests.test_rules_data import ROOT

ROW = ("trade_pod", "cutter", "blob_fighter", "battle_station", "survey_ship")

# ---------------------------------------------------------------- Bases & Battleships


def test_mega_mech():
    s = Scene(hand=["mega_mech"], in_play=["trade_bot"], opp_bases=["blob_wheel"],
              deck=["viper"]).play("mega_mech")
    assert s.me.combat == 6
    d = s.pending
    assert d.purpose == "return_base" and d.optional
    s.pick("blob_wheel")
    assert s.opp.bases == [] and s.names(s.opp.hand)[-1] == "blob_wheel"
    s.use("mega_mech", "ally")
    assert s.names(s.me.hand) == ["viper"]
    # an outpost shields its owner's other bases, as for "destroy target base"
    s = Scene(hand=["mega_mech"], opp_bases=["blob_wheel", "fighter_base"]).play("mega_mech")
    assert s.names(s.pending.candidates) == ["fighter_base"]
    s = Scene(hand=["mega_mech"]).play("mega_mech")  # no base in play: nothing asked
    assert s.pending is None and s.me.combat == 6


def test_defense_bot():
    s = Scene(hand=["defense_bot", "scout"], discard=["viper"]).play("defense_bot")
    assert s.me.combat == 1 and s.pending.purpose == "scrap" and s.pending.optional
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"] and s.me.combat == 1  # one base: no bonus
    s = Scene(hand=["defense_bot"], bases=["trade_wheel", "fighter_base"]).play("defense_bot")
    assert s.me.combat == 1 + 8


def test_imperial_trader():
    s = Scene(hand=["imperial_trader"], in_play=["imperial_fighter"],
              deck=["viper"]).play("imperial_trader")
    assert s.me.trade == 3 and s.names(s.me.hand) == ["viper"]
    s.use("imperial_trader", "ally")
    assert s.me.combat == 4


def test_fighter_base():
    s = Scene(bases=["fighter_base"])
    assert s.slots("fighter_base") == []  # no primary ability, no ally yet
    card = s.state.cards[s.id("fighter_base")]
    assert card.outpost and card.defense == 5 and card.cost == 3
    s = Scene(hand=["corvette"], bases=["fighter_base"]).play("corvette")
    assert s.opp.pending_discard == 0
    s.use("fighter_base", "ally")
    assert s.opp.pending_discard == 1


def test_obliterator():
    s = Scene(hand=["obliterator"], opp_bases=["blob_wheel"]).play("obliterator")
    assert s.me.combat == 7
    s = Scene(hand=["obliterator"], in_play=["ram"], opp_bases=["blob_wheel", "trade_wheel"],
              deck=["viper"]).play("obliterator")
    assert s.me.combat == 7 + 6
    s.use("obliterator", "ally")
    assert s.names(s.me.hand) == ["viper"]


def test_trade_wheel():
    s = Scene(hand=["trade_wheel"]).play("trade_wheel").use("trade_wheel", "primary")
    assert s.me.trade == 1 and s.slots("trade_wheel") == []
    card = s.state.cards[s.id("trade_wheel")]
    assert not card.outpost and card.defense == 5
    s = Scene(hand=["ram"], bases=["trade_wheel"]).play("ram").use("trade_wheel", "ally")
    assert s.me.combat == 5 + 2


def test_construction_hauler():
    row = ("trading_post", "cutter", "blob_fighter", "battle_station", "survey_ship")
    s = Scene(hand=["construction_hauler"], in_play=["cutter"], row=row, trade=4,
              deck=["viper"]).play("construction_hauler")
    assert (s.authority(0), s.me.trade) == (53, 4 + 2) and s.names(s.me.hand) == ["viper"]
    s.use("construction_hauler", "ally")
    s.buy("trading_post")  # cost 3: asked whether it goes straight into play
    assert s.pending.purpose == "may"
    s.choose(0)
    assert s.names(s.me.bases) == ["trading_post"] and s.me.discard == []
    assert "primary" in s.slots("trading_post")  # in play this turn: usable at once
    s.buy("survey_ship")  # a ship is not affected
    assert s.names(s.me.discard) == ["survey_ship"]
    # declining: the base goes to the discard pile
    s = Scene(hand=["construction_hauler"], in_play=["cutter"], row=row, trade=3)
    s.play("construction_hauler").use("construction_hauler", "ally").buy("trading_post")
    s.choose(1)
    assert s.me.bases == [] and s.names(s.me.discard) == ["trading_post"]


def test_trade_raft():
    s = Scene(hand=["trade_raft"], in_play=["cutter"], deck=["viper"]).play("trade_raft")
    assert s.me.trade == 1
    s.use("trade_raft", "ally").use("trade_raft", "scrap")
    assert s.names(s.me.hand) == ["viper"] and s.me.trade == 2
    assert s.names(s.state.scrap) == ["trade_raft"]

# ---------------------------------------------------------------- Fleets & Fortresses


def test_border_fort():
    s = Scene(bases=["border_fort"]).use("border_fort", "primary")
    assert s.pending.purpose == "choose"
    s.choose(1)
    assert (s.me.trade, s.me.combat) == (0, 2)
    s = Scene(hand=["trade_bot", "scout", "viper"], bases=["border_fort"])
    s.play("trade_bot").stop()
    s.use("border_fort", "primary").choose(0)
    assert s.me.trade == 1 + 1
    s.use("border_fort", "ally")
    assert s.pending.purpose == "scrap" and not s.pending.optional
    s.pick("scout")
    assert s.names(s.state.scrap) == ["scout"]
    card = s.state.cards[s.id("border_fort")]
    assert card.outpost and card.defense == 5


def test_patrol_bot():
    s = Scene(hand=["patrol_bot"]).play("patrol_bot")
    assert s.pending.purpose == "choose"
    s.choose(1)
    assert s.me.combat == 4
    s = Scene(hand=["patrol_bot", "scout"], in_play=["trade_bot"]).play("patrol_bot").choose(0)
    assert s.me.trade == 2
    s.use("patrol_bot", "ally")
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.stop()
    assert s.state.scrap == []


def test_star_fortress():
    s = Scene(bases=["star_fortress"], hand=["scout"], deck=["viper", "explorer"])
    s.use("star_fortress", "primary")
    assert s.me.combat == 3 and s.pending.purpose == "discard" and not s.pending.optional
    s.pick("scout")
    assert s.names(s.me.hand) == ["viper"] and s.names(s.me.discard) == ["scout"]
    s = Scene(hand=["corvette"], bases=["star_fortress"], deck=["explorer", "viper"])
    s.play("corvette").use("star_fortress", "ally")
    s.pick("viper")
    assert s.names(s.me.hand) == ["explorer"] and s.names(s.me.discard) == ["viper"]
    card = s.state.cards[s.id("star_fortress")]
    assert card.outpost and card.defense == 6


def test_cargo_launch():
    s = Scene(hand=["cargo_launch"], deck=["viper"]).play("cargo_launch")
    assert s.names(s.me.hand) == ["viper"] and s.slots("cargo_launch") == ["scrap"]
    s.use("cargo_launch", "scrap")
    assert s.me.trade == 1 and s.names(s.state.scrap) == ["cargo_launch"]


def test_death_world():
    s = Scene(bases=["death_world"], hand=["scout", "ram", "cutter"], discard=["trade_bot"],
              deck=["viper"]).use("death_world", "primary")
    assert s.me.combat == 4
    d = s.pending
    # only Trade Federation, Machine Cult or Star Empire cards (no Blob, no unaligned)
    assert d.purpose == "scrap" and d.optional
    assert sorted(s.names(d.candidates)) == ["cutter", "trade_bot"]
    s.pick("trade_bot")
    assert s.names(s.state.scrap) == ["trade_bot"] and "viper" in s.names(s.me.hand)
    s = Scene(bases=["death_world"], hand=["scout"]).use("death_world", "primary")
    assert s.pending is None and s.me.combat == 4  # nothing to scrap: no question


def test_spike_pod():
    s = Scene(hand=["spike_pod"], row=ROW).play("spike_pod")
    assert s.me.combat == 3
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.pick("cutter")
    # "currently in the trade row": the card that refilled the row is not offered
    refill = s.id("defense_system", s.state.trade_row)
    assert refill not in s.pending.candidates and len(s.pending.candidates) == 4
    s.pick("survey_ship")
    assert sorted(s.names(s.state.scrap)) == ["cutter", "survey_ship"] and s.pending is None
    s.use("spike_pod", "scrap")
    assert s.me.combat == 5


def test_capitol_world():
    s = Scene(hand=["capitol_world"], deck=["viper"]).play("capitol_world")
    s.use("capitol_world", "primary")
    assert s.authority(0) == 56 and s.names(s.me.hand) == ["viper"]
    card = s.state.cards[s.id("capitol_world")]
    assert card.outpost and card.defense == 6 and card.cost == 8


def test_customs_frigate():
    row = ("trade_pod", "command_ship", "fleet_hq", "battle_station", "survey_ship")
    s = Scene(hand=["customs_frigate"], in_play=["cutter"], row=row,
              deck=["viper"]).play("customs_frigate")
    assert s.pending.purpose == "may"
    s.choose(0)
    d = s.pending
    assert d.purpose == "acquire"
    # ships of cost 4 or less (and the Explorer); no base, not the 8-cost Command Ship
    assert sorted(s.names(d.candidates)) == ["explorer", "survey_ship", "trade_pod"]
    s.pick("trade_pod")
    assert s.me.deck[-1] == s.id("trade_pod") and s.me.trade == 0
    s.use("customs_frigate", "ally").use("customs_frigate", "scrap")
    assert s.me.combat == 4 and s.names(s.me.hand) == ["trade_pod"]


# ---------------------------------------------------------------- the set


def test_the_crisis_set_has_the_packs_printed_counts():
    cset = DB.sets["crisis"]
    cards = DB.set_cards("crisis")
    assert sum(c.copies for c in cards) == 24 and len(cards) == 16
    assert (cset.explorers, cset.scouts, cset.vipers) == (0, 0, 0)
    # 12 cards a pack; per pack and faction three cards (the packs are not 20 a faction)
    for faction in ("blob", "machine_cult", "star_empire", "trade_federation"):
        assert sum(c.copies for c in cards if faction in c.factions) == 6, faction
    for card in cards:
        assert card.ru_source == "ours" and card.name_ru != card.name_en


def test_every_crisis_card_names_its_sources():
    doc = tomllib.loads((ROOT / "rules" / "crisis.toml").read_text(encoding="utf-8"))
    for raw in doc["card"]:
        assert raw["source"].startswith("IS ") and "SR" in raw["source"], raw["id"]
        assert "TS" in raw["source"] and "TTS" in raw["source"], raw["id"]


def test_the_new_operations_read_in_both_languages():
    lines = {lang: dict(card_text.card_lines(DB["death_world"], lang)) for lang in ("en", "ru")}
    assert "Trade Federation, Machine Cult or Star Empire card" in lines["en"]["primary"]
    assert "«Технокульт»" in lines["ru"]["primary"]
    assert "owner's hand" in dict(card_text.card_lines(DB["mega_mech"], "en"))["primary"]
    hauler = dict(card_text.card_lines(DB["construction_hauler"], "ru"))["ally"]
    assert "ввести в игру" in hauler
    spike = dict(card_text.card_lines(DB["spike_pod"], "en"))["primary"]
    assert "up to 2 cards currently in the trade row" in spike


def test_the_setup_screen_offers_crisis_with_its_count_and_needs_a_box():
    from game import i18n
    from game.star_realms.ui.scenes import setup

    assert "crisis" in setup.SETS
    assert setup.set_label("crisis") == i18n.t("setup.set_with_count", name=i18n.t("set.crisis"),
                                               n=24)
    assert "80" in setup.set_label("core")
    assert not setup.has_starters(("crisis",)) and setup.has_starters(("core", "crisis"))
    for lang in ("en", "ru"):
        assert i18n.strings(lang)["setup.need_starters"]
