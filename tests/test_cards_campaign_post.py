"""One test per distinct card of the legacy's post-campaign set (rules/campaign_post.toml)
and the campaign's personal decks (rules/campaign_decks.toml): play it in a constructed
position and check the exact change of every ability it prints (primary, ally with a
partner of each of its factions, double ally, scrap)."""

from tests.scene import DB, Scene
from tests.test_cards_campaign import ROW, UP_TO, no_ally_alone


def ally_partners(card: str, factions: dict[str, str]) -> None:
    """``card`` (dual-faction) triggers its ally ability off a partner of either faction,
    and is itself a partner for that card's ally ability; not off another faction's."""
    for faction, partner in factions.items():
        assert faction in DB[card].factions and DB[partner].factions == (faction,)
        s = Scene(hand=[card], in_play=[partner]).play(card)
        assert "ally" in s.slots(card) and "ally" in s.slots(partner), partner
    s = Scene(hand=[card], in_play=["lancer"]).play(card)  # Star Empire: no match
    assert "ally" not in s.slots(card)


# ---------------------------------------------------------------------------- Consortium


def test_trade_envoy():
    no_ally_alone("trade_envoy")
    s = Scene(hand=["trade_envoy"], in_play=["prospector"], deck=["viper", "scout"])
    s.play("trade_envoy")
    assert (s.me.trade, s.authority(0)) == (2, 50)
    assert s.slots("trade_envoy") == ["ally", "scrap"]
    s.use("trade_envoy", "ally")
    assert s.authority(0) == 53 and s.me.hand == []
    s.use("trade_envoy", "scrap")
    assert s.names(s.me.hand) == ["viper"] and s.names(s.state.scrap) == ["trade_envoy"]
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 0, 53)


def test_bonded_warehouse():
    s = Scene(bases=["bonded_warehouse"], in_play=["prospector"])
    assert s.slots("bonded_warehouse") == ["primary", "ally", "scrap"]
    s.use("bonded_warehouse", "primary")
    assert s.me.trade == 1
    s.use("bonded_warehouse", "ally")
    assert (s.me.trade, s.authority(0)) == (1, 53)
    s.use("bonded_warehouse", "scrap")
    assert (s.me.trade, s.authority(0)) == (4, 53)
    assert s.names(s.state.scrap) == ["bonded_warehouse"] and s.me.bases == []
    assert Scene(bases=["bonded_warehouse"]).slots("bonded_warehouse") == ["primary", "scrap"]
    card = DB["bonded_warehouse"]
    assert (card.defense, card.outpost) == (3, False)


def test_prospector():
    no_ally_alone("prospector")
    s = Scene(hand=["prospector", "viper"], in_play=["trade_envoy"], deck=["scout", "viper"])
    s.play("prospector")
    assert s.me.trade == 2
    assert s.pending.purpose == "discard" and not s.pending.optional  # draw 1, discard 1
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.names(s.me.hand) == ["scout"] and s.names(s.me.discard) == ["viper"]
    s.use("prospector", "ally")
    assert (s.me.trade, s.authority(0)) == (2, 53)


def test_crown_merchant():
    no_ally_alone("crown_merchant")
    ally_partners("crown_merchant", {"consortium": "trade_envoy", "kingdom": "skirmisher"})
    s = Scene(hand=["crown_merchant"], in_play=["skirmisher"]).play("crown_merchant")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (3, 2, 50)
    s.use("crown_merchant", "ally")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (3, 2, 54)


def test_embassy_station():
    s = Scene(bases=["embassy_station"], in_play=["trade_envoy"],
              deck=["viper", "scout", "scout"])
    s.use("embassy_station", "primary")
    assert (s.me.trade, s.authority(0)) == (2, 52) and s.me.hand == []
    s.use("embassy_station", "ally")
    assert s.names(s.me.hand) == ["viper"]
    assert Scene(bases=["embassy_station"]).slots("embassy_station") == ["primary"]
    card = DB["embassy_station"]
    assert (card.defense, card.outpost) == (4, False)


def test_trade_caravan():
    no_ally_alone("trade_caravan")
    s = Scene(hand=["trade_caravan"], in_play=["trade_envoy"],
              deck=["viper", "scout", "scout"])
    s.play("trade_caravan")
    assert s.me.trade == 4 and s.names(s.me.hand) == ["viper"]
    assert s.slots("trade_caravan") == ["ally", "scrap"]
    s.use("trade_caravan", "ally")
    assert s.authority(0) == 54
    s.use("trade_caravan", "scrap")
    assert (s.me.trade, s.me.combat) == (4, 5)
    assert s.names(s.state.scrap) == ["trade_caravan"]


def test_grand_exchange():
    s = Scene(bases=["grand_exchange"], in_play=["trade_envoy"], trade=3, row=ROW)
    s.use("grand_exchange", "primary")
    assert s.me.trade == 5
    s.buy("patrol_boat")  # the next ship or base: into the hand
    assert s.names(s.me.hand) == ["patrol_boat"]
    s.buy("plasma_bot")  # only the next one
    assert s.names(s.me.discard) == ["plasma_bot"] and s.me.trade == 0
    s.use("grand_exchange", "ally")
    assert s.authority(0) == 53
    assert Scene(bases=["grand_exchange"]).slots("grand_exchange") == ["primary"]
    card = DB["grand_exchange"]
    assert (card.defense, card.outpost) == (6, False)


def test_treasure_fleet():
    no_ally_alone("treasure_fleet")
    s = Scene(hand=["treasure_fleet"], in_play=["trade_envoy"],
              deck=["viper", "scout", "scout"])
    s.play("treasure_fleet")
    assert (s.me.trade, s.me.combat) == (0, 6) and s.names(s.me.hand) == ["viper", "scout"]
    s.use("treasure_fleet", "ally")
    assert (s.me.trade, s.me.combat, s.authority(0)) == (2, 6, 54)


# ---------------------------------------------------------------------------- Kingdom


def test_skirmisher():
    no_ally_alone("skirmisher")
    s = Scene(hand=["skirmisher"], in_play=["picket_fort"]).play("skirmisher")
    assert (s.me.combat, s.opp.pending_discard) == (3, 0)
    s.use("skirmisher", "ally")
    assert (s.me.combat, s.opp.pending_discard) == (3, 1)


def test_picket_fort():
    s = Scene(bases=["picket_fort"], in_play=["skirmisher"])
    s.use("picket_fort", "primary")
    assert s.me.combat == 1
    s.use("picket_fort", "ally")
    assert s.me.combat == 3
    assert Scene(bases=["picket_fort"]).slots("picket_fort") == ["primary"]
    card = DB["picket_fort"]
    assert (card.defense, card.outpost) == (4, True)


def test_knight_banneret():
    no_ally_alone("knight_banneret")
    s = Scene(hand=["knight_banneret"], in_play=["skirmisher"], deck=["viper", "scout"])
    s.play("knight_banneret")
    assert s.me.combat == 5 and s.slots("knight_banneret") == ["ally", "scrap"]
    s.use("knight_banneret", "ally")
    assert s.me.combat == 7 and s.me.hand == []
    s.use("knight_banneret", "scrap")
    assert s.names(s.me.hand) == ["viper"] and s.names(s.state.scrap) == ["knight_banneret"]
    assert s.me.combat == 7


def test_privateer():
    no_ally_alone("privateer")
    ally_partners("privateer", {"kingdom": "skirmisher", "scavengers": "scrap_rat"})
    s = Scene(hand=["privateer"], in_play=["skirmisher"]).play("privateer")
    assert (s.me.combat, s.me.trade, s.opp.pending_discard) == (4, 2, 0)
    s.use("privateer", "ally")
    assert s.opp.pending_discard == 1


def test_queens_bastion():
    s = Scene(bases=["queens_bastion"], in_play=["skirmisher"])
    s.use("queens_bastion", "primary")
    assert s.me.combat == 3
    s.use("queens_bastion", "ally")
    assert s.me.combat == 5
    card = DB["queens_bastion"]
    assert (card.defense, card.outpost) == (6, True)


def test_knight_commander():
    no_ally_alone("knight_commander")
    s = Scene(hand=["knight_commander"], in_play=["skirmisher"], deck=["viper", "scout", "scout"],
              opp_bases=["embassy_station", "grand_exchange"]).play("knight_commander")
    assert s.me.combat == 6 and s.names(s.me.hand) == ["viper"]
    s.use("knight_commander", "ally")
    assert s.pending.purpose == "destroy_base" and not s.pending.optional
    s.pick("grand_exchange")
    assert s.names(s.opp.discard) == ["grand_exchange"]
    assert s.names(s.opp.bases) == ["embassy_station"]


def test_throne_world():
    s = Scene(bases=["throne_world"], in_play=["skirmisher"])
    s.use("throne_world", "primary")
    assert (s.me.combat, s.opp.pending_discard) == (4, 0)
    s.use("throne_world", "ally")
    assert (s.me.combat, s.opp.pending_discard) == (4, 1)
    card = DB["throne_world"]
    assert (card.defense, card.outpost) == (7, True)


def test_royal_armada():
    no_ally_alone("royal_armada")
    s = Scene(hand=["royal_armada"], in_play=["skirmisher"]).play("royal_armada")
    assert s.slots("royal_armada") == ["ally"]  # one other Kingdom card: no double ally
    s = Scene(hand=["royal_armada"], in_play=["skirmisher", "knight_banneret"],
              deck=["viper", "scout"], opp_bases=["embassy_station"]).play("royal_armada")
    assert s.me.combat == 8 and s.names(s.me.hand) == ["viper"]
    assert s.slots("royal_armada") == ["ally", "double_ally"]
    s.use("royal_armada", "ally")  # the only base: destroyed without asking
    assert s.names(s.opp.discard) == ["embassy_station"] and s.opp.pending_discard == 0
    s.use("royal_armada", "double_ally")
    assert s.opp.pending_discard == 1 and s.me.combat == 8


# ---------------------------------------------------------------------------- Scavengers


def test_scrap_rat():
    no_ally_alone("scrap_rat")
    s = Scene(hand=["scrap_rat"], in_play=["smuggler_sloop"]).play("scrap_rat")
    assert (s.me.trade, s.me.combat) == (0, 2)
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert len(s.pending.candidates) == 5  # the trade row
    s.pick("cargo_craft")
    assert s.pending is None and s.names(s.state.scrap) == ["cargo_craft"]
    assert s.names(s.state.trade_row).count("defense_system") == 1
    s.use("scrap_rat", "ally")
    assert (s.me.trade, s.me.combat) == (2, 2)


def test_smuggler_sloop():
    no_ally_alone("smuggler_sloop")
    s = Scene(hand=["smuggler_sloop"], in_play=["scrap_rat"], discard=["viper", "picket_fort"])
    s.play("smuggler_sloop")
    assert s.me.trade == 3
    s.use("smuggler_sloop", "ally")  # a ship or a base
    assert s.pending.purpose == "topdeck" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["picket_fort", "viper"]
    s.pick("picket_fort")
    assert s.names(s.me.deck[-1:]) == ["picket_fort"] and s.me.known_top == 1
    assert s.names(s.me.discard) == ["viper"]


def test_chop_shop():
    s = Scene(bases=["chop_shop"], in_play=["scrap_rat"], hand=["viper"], discard=["scout"])
    assert s.slots("chop_shop") == ["primary", "ally", "scrap"]
    s.use("chop_shop", "primary")
    assert s.me.trade == 1
    s.use("chop_shop", "ally")
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("scout")
    assert s.pending is None and s.names(s.state.scrap) == ["scout"]
    s.use("chop_shop", "scrap")
    assert (s.me.trade, s.me.combat) == (1, 3)
    assert s.names(s.state.scrap) == ["scout", "chop_shop"] and s.me.bases == []
    card = DB["chop_shop"]
    assert (card.defense, card.outpost) == (4, False)


def test_boarding_craft():
    no_ally_alone("boarding_craft")
    s = Scene(hand=["boarding_craft"], in_play=["scrap_rat"], row=ROW).play("boarding_craft")
    assert s.me.combat == 5
    s.use("boarding_craft", "ally")
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[2]
    s.pick("plasma_bot")
    assert s.names(s.me.discard) == ["plasma_bot"] and s.me.trade == 0


def test_fence():
    no_ally_alone("fence")
    ally_partners("fence", {"scavengers": "scrap_rat", "consortium": "trade_envoy"})
    s = Scene(hand=["fence", "viper"], in_play=["scrap_rat"], discard=["scout"],
              deck=["explorer"]).play("fence")
    assert (s.me.trade, s.authority(0)) == (3, 52)
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.pending is None and s.names(s.state.scrap) == ["viper"]
    s.use("fence", "ally")
    assert s.names(s.me.hand) == ["explorer"]


def test_smugglers_moon():
    s = Scene(bases=["smugglers_moon"], in_play=["scrap_rat"], row=ROW)
    assert s.slots("smugglers_moon") == ["primary", "ally", "scrap"]
    s.use("smugglers_moon", "primary")
    assert (s.me.trade, s.me.combat) == (1, 2)
    s.use("smugglers_moon", "ally")
    assert (s.me.trade, s.me.combat) == (1, 4)
    s.use("smugglers_moon", "scrap")
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[5]
    s.pick("federation_cruiser")
    assert s.names(s.me.discard) == ["federation_cruiser"]
    assert s.names(s.state.scrap) == ["smugglers_moon"] and s.me.trade == 1
    card = DB["smugglers_moon"]
    assert (card.defense, card.outpost) == (6, True)


def test_junk_colossus():
    no_ally_alone("junk_colossus")
    s = Scene(hand=["junk_colossus", "viper"], in_play=["scrap_rat"], discard=["scout"],
              deck=["explorer"]).play("junk_colossus")
    assert s.me.combat == 7 and s.names(s.me.hand) == ["viper", "explorer"]
    s.use("junk_colossus", "ally")
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["explorer", "scout", "viper"]
    s.pick("viper")
    assert s.pending is not None and s.pending.optional  # up to two
    s.pick("scout")
    assert s.pending is None and s.names(s.state.scrap) == ["viper", "scout"]
    assert s.names(s.me.hand) == ["explorer"] and s.me.combat == 7


def test_scrap_world():
    s = Scene(bases=["scrap_world"], in_play=["scrap_rat"], hand=["viper"], discard=["scout"],
              row=ROW)
    s.use("scrap_world", "primary")
    assert (s.me.trade, s.me.combat) == (2, 3)
    assert s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.pending is None and s.names(s.state.scrap) == ["viper"]
    s.use("scrap_world", "ally")
    assert s.pending.purpose == "acquire" and not s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == UP_TO[3]
    s.pick("patrol_boat")
    assert s.names(s.me.discard) == ["scout", "patrol_boat"] and s.me.trade == 2
    assert Scene(bases=["scrap_world"]).slots("scrap_world") == ["primary"]
    card = DB["scrap_world"]
    assert (card.defense, card.outpost) == (7, False)


# ---------------------------------------------------------------------------- personal decks


def test_imperial_fighter():
    no_ally_alone("imperial_fighter")
    s = Scene(hand=["imperial_fighter"], in_play=["smuggler"]).play("imperial_fighter")
    assert (s.me.combat, s.opp.pending_discard) == (2, 1)
    s.use("imperial_fighter", "ally")
    assert (s.me.combat, s.opp.pending_discard) == (4, 1)


def test_smuggler():
    no_ally_alone("smuggler")
    s = Scene(hand=["smuggler", "viper"], in_play=["imperial_fighter"], deck=["scout", "viper"])
    s.play("smuggler")
    assert s.me.trade == 2
    s.use("smuggler", "ally")
    assert s.pending.purpose == "discard" and s.pending.optional
    s.pick("viper")  # one discarded: one drawn, and it stops at one
    assert s.pending is None
    assert s.names(s.me.hand) == ["scout"] and s.names(s.me.discard) == ["viper"]
    s = Scene(hand=["smuggler", "viper"], in_play=["imperial_fighter"], deck=["scout", "viper"])
    s.play("smuggler").use("smuggler", "ally").stop()
    assert s.names(s.me.hand) == ["viper"] and s.me.discard == []


def test_federation_shuttle():
    no_ally_alone("federation_shuttle")
    s = Scene(hand=["federation_shuttle"], in_play=["star_police"]).play("federation_shuttle")
    assert (s.me.trade, s.authority(0)) == (2, 50)
    s.use("federation_shuttle", "ally")
    assert (s.me.trade, s.authority(0)) == (2, 54)


def test_star_police():
    no_ally_alone("star_police")
    s = Scene(hand=["star_police"], in_play=["federation_shuttle"]).play("star_police")
    assert (s.me.combat, s.authority(0)) == (2, 52)
    s.use("star_police", "ally")
    assert (s.me.combat, s.authority(0)) == (4, 52)
