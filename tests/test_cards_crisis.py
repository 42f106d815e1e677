"""One test per distinct card of the Crisis packs (rules/crisis.toml): Bases & Battleships,
Fleets & Fortresses and Heroes.  Each plays (a hero: scraps) the card in a constructed
position and checks the exact change; then the set against its sources' counts.  The
rules of heroes themselves are tested in tests/test_heroes.py."""

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


# ---------------------------------------------------------------- Heroes
#
# Each hero waits in play; its scrap ability unlocks every ally ability of its faction on
# its owner's cards for the turn, plus its own bonus, and the hero leaves the game.


def _hero_gone(s, name):
    assert s.me.heroes == [] and s.names(s.state.scrap) == [name]


def test_ram_pilot():
    s = Scene(hand=["blob_fighter"], heroes=["ram_pilot"], deck=["viper"]).play("blob_fighter")
    assert s.slots("blob_fighter") == [] and s.slots("ram_pilot") == ["scrap"]
    s.use("ram_pilot", "scrap")
    assert s.me.combat == 3 + 2 and s.me.allies_of == ["blob"]
    _hero_gone(s, "ram_pilot")
    s.use("blob_fighter", "ally")
    assert s.names(s.me.hand) == ["viper"]


def test_blob_overlord():
    s = Scene(bases=["trade_wheel"], heroes=["blob_overlord"])
    assert s.slots("trade_wheel") == ["primary"]  # alone: no ally
    s.use("blob_overlord", "scrap")
    assert s.me.combat == 4 and s.slots("trade_wheel") == ["primary", "ally"]
    s.use("trade_wheel", "ally")
    assert s.me.combat == 4 + 2
    _hero_gone(s, "blob_overlord")


def test_special_ops_director():
    s = Scene(hand=["cutter"], heroes=["special_ops_director"]).play("cutter")
    s.use("special_ops_director", "scrap")
    assert s.authority(0) == 50 + 4 + 4 and s.slots("cutter") == ["ally"]
    s.use("cutter", "ally")
    assert s.me.combat == 4
    _hero_gone(s, "special_ops_director")


def test_ceo_torres():
    s = Scene(hand=["federation_shuttle"], heroes=["ceo_torres"]).play("federation_shuttle")
    s.use("ceo_torres", "scrap")
    assert s.authority(0) == 57 and s.me.trade == 2
    s.use("federation_shuttle", "ally")
    assert s.authority(0) == 61
    _hero_gone(s, "ceo_torres")


def test_war_elder():
    s = Scene(hand=["trade_bot", "scout", "viper"], discard=["explorer"], heroes=["war_elder"])
    s.play("trade_bot").stop()  # (its own scrap: declined)
    s.use("war_elder", "scrap")
    d = s.pending
    # "you may scrap a card from your hand": the hand only, and optional
    assert d.purpose == "scrap" and d.optional and sorted(s.names(d.candidates)) == [
        "scout", "viper"]
    s.pick("viper")
    assert s.names(s.state.scrap) == ["war_elder", "viper"] and s.me.heroes == []
    s.use("trade_bot", "ally")
    assert s.me.combat == 2
    s = Scene(heroes=["war_elder"], hand=["scout"]).use("war_elder", "scrap").stop()
    assert s.names(s.me.hand) == ["scout"] and s.me.allies_of == ["machine_cult"]


def test_high_priest_lyle():
    s = Scene(hand=["scout"], discard=["viper"], heroes=["high_priest_lyle"])
    s.use("high_priest_lyle", "scrap")
    d = s.pending
    assert d.purpose == "scrap" and d.optional
    assert sorted(s.names(d.candidates)) == ["scout", "viper"]  # hand or discard pile
    s.pick("viper")
    assert s.names(s.state.scrap) == ["high_priest_lyle", "viper"]
    assert s.me.allies_of == ["machine_cult"]


def test_cunning_captain():
    s = Scene(hand=["corvette"], heroes=["cunning_captain"], deck=["viper", "scout"])
    s.play("corvette").use("cunning_captain", "scrap")
    assert s.opp.pending_discard == 1  # the only opponent: no question
    s.use("corvette", "ally")
    assert s.me.combat == 1 + 2
    _hero_gone(s, "cunning_captain")


def test_admiral_rasmussen():
    s = Scene(heroes=["admiral_rasmussen"], deck=["corvette", "viper"])
    s.use("admiral_rasmussen", "scrap")
    assert s.names(s.me.hand) == ["corvette"] and s.me.allies_of == ["star_empire"]
    s.play("corvette")  # played after the hero: its ally is usable at once
    assert s.slots("corvette") == ["ally"]
    _hero_gone(s, "admiral_rasmussen")


# ---------------------------------------------------------------- the set


def test_the_crisis_set_has_the_packs_printed_counts():
    cset = DB.sets["crisis"]
    cards = DB.set_cards("crisis")
    assert sum(c.copies for c in cards) == 48 and len(cards) == 32
    assert (cset.explorers, cset.scouts, cset.vipers) == (0, 0, 0)
    events = [c for c in cards if c.is_event]
    assert {(c.id, c.copies) for c in events} == {
        ("black_hole", 1), ("bombardment", 1), ("comet", 2), ("galactic_summit", 1),
        ("quasar", 2), ("supernova", 1), ("trade_mission", 2), ("warp_jump", 2)}
    for event in events:  # no faction, no cost, one effect resolved when revealed
        assert event.factions == () and event.cost == 0 and set(event.abilities) == {"primary"}
        assert event.kind == "event" and event.usable == ()
    # 12 cards a pack; per pack and faction three cards (the packs are not 20 a faction)
    for faction in ("blob", "machine_cult", "star_empire", "trade_federation"):
        assert sum(c.copies for c in cards if faction in c.factions) == 9, faction
    heroes = [c for c in cards if c.is_hero]
    assert len(heroes) == 8 and sum(c.copies for c in heroes) == 12
    assert {(c.id, c.cost, c.copies) for c in heroes} == {
        ("ram_pilot", 1, 2), ("blob_overlord", 2, 1), ("special_ops_director", 1, 2),
        ("ceo_torres", 2, 1), ("war_elder", 1, 2), ("high_priest_lyle", 2, 1),
        ("cunning_captain", 1, 2), ("admiral_rasmussen", 2, 1)}
    for hero in heroes:  # only a scrap ability, led by its faction's allies
        assert set(hero.abilities) == {"scrap"} and hero.kind == "hero"
        assert hero.ability("scrap")[0] == ("allies_of", hero.factions[0])
        assert hero.defense == 0 and not hero.outpost
    for card in cards:
        assert card.ru_source == "ours" and card.name_ru != card.name_en


def test_every_crisis_card_names_its_sources():
    doc = tomllib.loads((ROOT / "rules" / "crisis.toml").read_text(encoding="utf-8"))
    for raw in doc["card"]:
        assert raw["source"].startswith("IS ") and "SR" in raw["source"], raw["id"]
        if raw["type"] == "event":  # a second text (DCW) and the copies (LUA)
            assert "DCW" in raw["source"] and "LUA" in raw["source"], raw["id"]
        else:
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
    pilot = {lang: dict(card_text.card_lines(DB["ram_pilot"], lang))["scrap"]
             for lang in ("en", "ru")}
    # "Until end of turn, you may use all of your Blob Ally abilities", in our shorter
    # words (a United hero's face holds it twice)
    assert pilot["en"] == "Blob ally abilities: all usable this turn. +2 Combat."
    assert pilot["ru"] == "Союзные «Слизни»: все доступны в этот ход. +2 очка боя."


def test_the_setup_screen_offers_crisis_with_its_count_and_needs_a_box():
    from game import i18n
    from game.star_realms.ui.scenes import setup

    assert "crisis" in setup.SETS
    assert setup.set_label("crisis") == i18n.t("setup.set_with_count", name=i18n.t("set.crisis"),
                                               n=48)
    assert "80" in setup.set_label("core")
    assert not setup.has_starters(("crisis",)) and setup.has_starters(("core", "crisis"))
    for lang in ("en", "ru"):
        assert i18n.strings(lang)["setup.need_starters"]


# ---------------------------------------------------------------- Events
# An event is turned up by a refill (here: buying the Stinger from the row), resolves for
# the player whose turn it is and then each other player clockwise, and is scrapped.

EVENT_ROW = ("stinger", "patrol_boat", "plasma_bot", "cargo_craft", "frontier_runner")


def _reveal(event: str, **kw) -> Scene:
    """Seat 0 buys the Stinger (cost 1): the refill turns ``event`` up."""
    kw.setdefault("trade", 1)
    s = Scene(row=EVENT_ROW, trade_deck=(event, "defense_system", "defense_system",
                                         "defense_system", "defense_system", "defense_system"),
              **kw)
    return s.buy("stinger")


def _event_gone(s: Scene, event: str) -> None:
    iid = s.id(event)
    assert iid in s.state.scrap and iid not in s.state.trade_row
    assert s.names(s.state.trade_row).count("defense_system") >= 1  # the slot refilled


def test_black_hole():
    # "Each player may discard up to two cards. For each card less than two that a
    # player discards, that player loses 4 Authority."
    s = _reveal("black_hole", hand=["scout", "viper", "blob_fighter"])
    assert s.pending.seat == 0 and s.pending.purpose == "discard_or_lose" and s.pending.optional
    s.pick("scout").stop()  # one card short: 4
    assert s.authority(0) == 46 and s.names(s.me.hand) == ["viper", "blob_fighter"]
    assert s.pending.seat == 1
    s.pick("scout").pick("scout")  # two cards: nothing lost; the third question never comes
    assert s.authority(1) == 50 and len(s.opp.hand) == 3 and s.pending is None
    _event_gone(s, "black_hole")
    s = _reveal("black_hole", opp_hand=())  # an empty hand: 8, nothing asked
    assert s.pending is None and s.authority(0) == 42 and s.authority(1) == 42


def test_bombardment():
    # "Each player either destroys a base they control or loses 6 Authority."
    s = _reveal("bombardment", bases=["blob_wheel", "trading_post"])
    assert s.pending.purpose == "base_or_lose"
    assert set(s.names(s.pending.candidates)) == {"blob_wheel", "trading_post"}
    s.pick("blob_wheel")
    assert s.names(s.me.bases) == ["trading_post"] and s.id("blob_wheel") in s.me.discard
    assert s.authority(0) == 50 and s.authority(1) == 44  # no base: the loss, unasked
    _event_gone(s, "bombardment")
    s = _reveal("bombardment", bases=["trading_post"]).stop()  # keeps it, loses 6
    assert s.names(s.me.bases) == ["trading_post"] and s.authority(0) == 44


def test_comet():
    # "Each player may scrap up to two cards in their hand or discard pile."
    s = _reveal("comet", hand=["scout"], discard=["viper"])
    assert s.pending.purpose == "scrap" and s.pending.optional
    s.pick("scout").pick("viper")
    assert s.me.hand == [] and s.me.discard == [s.id("stinger")]
    assert s.pending.seat == 1
    s.stop()
    assert len(s.opp.hand) == 5
    _event_gone(s, "comet")


def test_galactic_summit():
    s = _reveal("galactic_summit", authority=(30, 40))  # "Each player gains 7 Authority."
    assert (s.authority(0), s.authority(1)) == (37, 47)
    _event_gone(s, "galactic_summit")


def test_quasar():
    s = _reveal("quasar", hand=["viper"])  # "Each player draws two cards."
    assert len(s.me.hand) == 3 and len(s.opp.hand) == 7
    _event_gone(s, "quasar")


def test_supernova():
    # "Each player loses 5 Authority. Scrap all cards in the trade row."
    s = _reveal("supernova")
    assert (s.authority(0), s.authority(1)) == (45, 45)
    for name in EVENT_ROW:
        assert s.id(name) in s.state.scrap or name == "stinger"
    assert s.names(s.state.trade_row) == ["defense_system"] * 5
    assert s.id("supernova") in s.state.scrap


def test_trade_mission():
    # "The player currently taking their turn gains 4 Trade and may put the next ship
    # they acquire this turn on top of their deck. Each other player draws two cards."
    s = _reveal("trade_mission", hand=["viper"])
    assert s.me.trade == 4 and len(s.me.hand) == 1 and len(s.opp.hand) == 7
    _event_gone(s, "trade_mission")
    s.buy("patrol_boat")  # the next ship: may go on top of the deck
    assert s.pending.purpose == "may"
    s.choose(0)
    assert s.me.deck[-1] == s.id("patrol_boat")


def test_warp_jump():
    # "Each player draws three cards, then puts two of those cards back on top of their
    # deck in any order."
    s = _reveal("warp_jump", hand=["viper"], deck=["blob_fighter", "scout", "corvette"])
    assert s.pending.purpose == "put_back" and not s.pending.optional
    assert set(s.names(s.pending.candidates)) == {"blob_fighter", "scout", "corvette"}
    s.pick("scout").pick("corvette")  # the last put back is drawn first
    assert s.names(s.me.hand) == ["viper", "blob_fighter"]
    assert s.names(s.me.deck[-2:]) == ["scout", "corvette"]
    assert s.pending.seat == 1
    s.pick(s.pending.candidates[0]).pick(s.pending.candidates[0])
    assert len(s.opp.hand) == 6 and s.pending is None
    _event_gone(s, "warp_jump")
