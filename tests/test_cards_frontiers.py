"""One test per distinct Frontiers card: play it in a constructed position and check
the exact change (pools, zones, authority, the choices offered)."""

from tests.scene import Scene

# ---------------------------------------------------------------------------- Blob


def test_blob_alpha():
    s = Scene(hand=["blob_alpha"]).play("blob_alpha")
    assert (s.me.combat, s.me.trade) == (10, 0)
    assert s.names(s.me.in_play) == ["blob_alpha"]
    assert s.slots("blob_alpha") == []


def test_blob_miner():
    s = Scene(hand=["blob_miner"]).play("blob_miner")
    assert s.me.trade == 3
    d = s.pending
    assert d.purpose == "scrap" and d.optional
    assert sorted(s.names(d.candidates)) == sorted(
        ["frontier_runner", "patrol_boat", "stinger", "plasma_bot", "cargo_craft"])
    s.pick("patrol_boat")
    assert s.names(s.state.scrap) == ["patrol_boat"]
    assert s.names(s.state.trade_row).count("defense_system") == 1  # refilled
    assert s.slots("blob_miner") == ["scrap"]
    s.use("blob_miner", "scrap")
    assert s.me.combat == 2 and s.names(s.state.scrap) == ["patrol_boat", "blob_miner"]


def test_burrower():
    s = Scene(hand=["burrower"], in_play=["stinger"], deck=["viper"]).play("burrower")
    assert s.me.combat == 5
    assert s.slots("burrower") == ["ally", "scrap"]
    s.use("burrower", "ally")
    assert s.names(s.me.hand) == ["viper"]
    s.use("burrower", "scrap")
    d = s.pending
    assert d.purpose == "acquire" and not d.optional
    # cost four or less: the whole default row (1,3,1,2,2) and the Explorer (2)
    assert len(d.candidates) == 6
    s.pick("patrol_boat")
    assert s.names(s.me.discard) == ["patrol_boat"] and s.me.trade == 0
    assert s.names(s.state.scrap) == ["burrower"]


def test_crusher():
    s = Scene(hand=["crusher"], in_play=["stinger"]).play("crusher")
    assert s.me.combat == 6
    s.use("crusher", "ally")
    assert s.me.trade == 2


def test_hive_queen():
    s = Scene(hand=["hive_queen"], in_play=["stinger"], deck=["viper"]).play("hive_queen")
    assert s.me.combat == 7 and s.names(s.me.hand) == ["viper"]
    assert s.slots("hive_queen") == ["ally"]  # one other Blob: no double ally yet
    s2 = Scene(hand=["hive_queen"], in_play=["stinger", "blob_alpha"]).play("hive_queen")
    assert s2.slots("hive_queen") == ["ally", "double_ally"]
    s2.use("hive_queen", "ally").use("hive_queen", "double_ally")
    assert s2.me.combat == 7 + 3 + 3


def test_infested_moon():
    s = Scene(hand=["infested_moon"], in_play=["stinger", "crusher"],
              deck=["viper", "scout"]).play("infested_moon")
    assert s.names(s.me.bases) == ["infested_moon"] and s.me.combat == 0
    assert s.slots("infested_moon") == ["primary", "ally", "double_ally"]
    s.use("infested_moon", "primary").use("infested_moon", "ally")
    s.use("infested_moon", "double_ally")
    assert s.me.combat == 4 and s.names(s.me.hand) == ["viper", "scout"]


def test_moonwurm_hatchling():
    s = Scene(hand=["moonwurm_hatchling"]).play("moonwurm_hatchling")
    assert s.pending.kind == "option" and s.pending.candidates == (0, 1)
    s.choose(0)
    assert s.me.trade == 3
    s = Scene(hand=["moonwurm_hatchling"], opp_bases=["spike_cluster", "nesting_ground"])
    s.play("moonwurm_hatchling").choose(1)
    assert s.pending.purpose == "destroy_base" and len(s.pending.candidates) == 2
    s.pick("nesting_ground")
    assert s.names(s.opp.bases) == ["spike_cluster"]
    assert s.names(s.opp.discard) == ["nesting_ground"] and s.me.trade == 0


def test_nesting_ground():
    s = Scene(bases=["nesting_ground"], in_play=["stinger"])
    s.use("nesting_ground", "primary").use("nesting_ground", "ally")
    assert (s.me.trade, s.me.combat) == (2, 4)


def test_pulverizer():
    s = Scene(hand=["pulverizer"]).play("pulverizer")
    d = s.pending
    assert d.purpose == "scrap" and not d.optional and len(d.candidates) == 5
    s.pick("patrol_boat")  # cost 3
    assert s.me.combat == 3 and s.names(s.state.scrap) == ["patrol_boat"]


def test_spike_cluster():
    s = Scene(bases=["spike_cluster"], in_play=["stinger"])
    s.use("spike_cluster", "primary").use("spike_cluster", "ally")
    assert (s.me.combat, s.me.trade) == (2, 1)
    assert s.state.cards[s.id("spike_cluster")].defense == 3


def test_stinger():
    s = Scene(hand=["stinger", "blob_alpha"]).play("stinger")
    assert s.me.combat == 3 and s.slots("stinger") == ["scrap"]
    s.play("blob_alpha")
    assert s.slots("stinger") == ["ally", "scrap"]
    s.use("stinger", "ally").use("stinger", "scrap")
    assert (s.me.combat, s.me.trade) == (3 + 10 + 3, 1)


def test_swarm_cluster():
    s = Scene(bases=["swarm_cluster"], in_play=["stinger", "crusher"])
    for slot in ("primary", "ally", "double_ally"):
        s.use("swarm_cluster", slot)
    assert s.me.combat == 11


# ---------------------------------------------------------------------------- Machine Cult


def test_builder_bot():
    s = Scene(hand=["builder_bot"], in_play=["plasma_bot"], discard=["scout", "viper"])
    s.play("builder_bot")
    assert s.me.trade == 1 and s.pending.purpose == "scrap" and s.pending.optional
    assert sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"] and s.names(s.me.discard) == ["scout"]
    s.use("builder_bot", "ally").use("builder_bot", "scrap")
    assert (s.me.trade, s.me.combat) == (2, 2)


def test_conversion_yard():
    s = Scene(bases=["conversion_yard"], hand=["viper"])
    s.use("conversion_yard", "primary")
    assert s.pending.optional
    s.pick("viper")
    assert s.me.combat == 4 and s.names(s.state.scrap) == ["viper"]
    s = Scene(bases=["conversion_yard"], hand=["viper"]).use("conversion_yard", "primary").stop()
    assert s.me.combat == 0 and s.names(s.me.hand) == ["viper"]


def test_defense_system():
    s = Scene(bases=["defense_system"], in_play=["plasma_bot"])
    s.use("defense_system", "primary").use("defense_system", "ally")
    assert s.me.combat == 4
    assert s.state.cards[s.id("defense_system")].outpost


def test_destroyer_bot():
    s = Scene(hand=["destroyer_bot"], discard=["scout"]).play("destroyer_bot")
    assert s.me.combat == 5 and s.pending.purpose == "scrap" and s.pending.optional
    s.stop()
    assert s.names(s.me.discard) == ["scout"]


def test_enforcer_mech():
    s = Scene(hand=["enforcer_mech", "viper"], in_play=["plasma_bot"],
              opp_bases=["spike_cluster"], deck=["scout"])
    s.play("enforcer_mech")
    assert s.me.combat == 5
    assert sorted(s.names(s.pending.candidates)) == ["viper"]
    s.pick("viper")
    s.use("enforcer_mech", "ally")  # the only base: destroyed without asking
    assert s.names(s.opp.discard) == ["spike_cluster"]
    s.use("enforcer_mech", "scrap")
    assert s.names(s.me.hand) == ["scout"]


def test_integration_port():
    s = Scene(bases=["integration_port"]).use("integration_port", "primary")
    assert s.me.trade == 1
    card = s.state.cards[s.id("integration_port")]
    assert card.outpost and card.defense == 5


def test_nanobot_swarm():
    s = Scene(hand=["nanobot_swarm"], discard=["scout", "viper"], deck=["scout", "scout"])
    s.play("nanobot_swarm")
    assert s.me.combat == 5 and len(s.me.hand) == 2
    assert len(s.pending.candidates) == 4  # two in hand, two in the discard pile
    s.pick("viper").pick(s.me.hand[0])
    assert s.pending is None and len(s.state.scrap) == 2


def test_neural_nexus():
    s = Scene(bases=["neural_nexus"], in_play=["plasma_bot"], discard=["patrol_boat"],
              hand=["scout"], deck=["viper"])
    s.use("neural_nexus", "primary")
    assert not s.pending.optional
    s.pick("patrol_boat")
    assert s.me.combat == 3
    s.use("neural_nexus", "ally")
    assert s.names(s.me.hand) == ["scout", "viper"]


def test_plasma_bot():
    s = Scene(hand=["plasma_bot", "scout"], in_play=["builder_bot"]).play("plasma_bot")
    assert s.me.combat == 3 and s.pending.optional
    s.pick("scout")
    s.use("plasma_bot", "ally")
    assert s.me.combat == 5 and s.names(s.state.scrap) == ["scout"]


def test_reclamation_station():
    s = Scene(bases=["reclamation_station"], discard=["scout"])
    s.use("reclamation_station", "primary")  # the only card: scrapped without asking
    assert s.names(s.state.scrap) == ["scout"]
    s.use("reclamation_station", "scrap")  # it counts itself: 2 cards × 3
    assert s.me.combat == 6


def test_repair_mech():
    s = Scene(hand=["repair_mech"]).play("repair_mech").choose(0)
    assert s.me.trade == 3
    s = Scene(hand=["repair_mech"], discard=["spike_cluster", "viper", "defense_system"])
    s.play("repair_mech").choose(1)
    assert sorted(s.names(s.pending.candidates)) == ["defense_system", "spike_cluster"]
    s.pick("defense_system")
    assert s.names(s.me.deck[-1:]) == ["defense_system"] and s.me.known_top == 1
    s = Scene(hand=["repair_mech"], in_play=["plasma_bot"], discard=["viper"])
    s.play("repair_mech").choose(0).use("repair_mech", "ally")
    assert s.pending.optional
    s.pick("viper")
    assert s.names(s.state.scrap) == ["viper"]


# ---------------------------------------------------------------------------- Star Empire


def test_captured_outpost():
    s = Scene(bases=["captured_outpost"], hand=["scout"], deck=["viper"])
    s.use("captured_outpost", "primary")
    assert s.pending.purpose == "discard" and not s.pending.optional
    s.pick("scout")
    assert s.names(s.me.hand) == ["viper"] and s.names(s.me.discard) == ["scout"]


def test_cargo_craft():
    s = Scene(hand=["cargo_craft"], in_play=["frontier_hawk"]).play("cargo_craft")
    assert s.me.trade == 2 and s.opp.pending_discard == 1
    s.use("cargo_craft", "ally")
    assert s.me.combat == 4


def test_farm_ship():
    s = Scene(hand=["farm_ship", "viper"], deck=["scout"]).play("farm_ship")
    assert s.me.trade == 3 and s.pending.purpose == "discard"
    s.pick("viper")
    assert s.names(s.me.hand) == ["scout"]
    s.use("farm_ship", "scrap")
    assert s.me.combat == 4


def test_frontier_hawk():
    s = Scene(hand=["frontier_hawk", "viper"], deck=["scout"]).play("frontier_hawk")
    assert s.me.combat == 3 and sorted(s.names(s.pending.candidates)) == ["scout", "viper"]
    s.pick("viper")
    assert s.names(s.me.hand) == ["scout"]


def test_hammerhead():
    s = Scene(hand=["hammerhead"], in_play=["frontier_hawk"], deck=["scout", "viper"])
    s.play("hammerhead")
    assert s.me.combat == 3 and s.names(s.me.hand) == ["scout"]
    assert s.opp.pending_discard == 1
    s.use("hammerhead", "ally").pick("scout")
    assert s.names(s.me.hand) == ["viper"]


def test_imperial_flagship():
    s = Scene(hand=["imperial_flagship"], in_play=["frontier_hawk"],
              deck=["scout", "viper"]).play("imperial_flagship")
    assert s.me.combat == 7 and len(s.me.hand) == 2
    s.use("imperial_flagship", "ally")
    assert s.pending.kind == "seat" and s.pending.candidates == (0, 1)  # target *player*
    s.pick_seat(0)  # yourself: discard now
    assert s.pending.purpose == "discard"
    s.pick("viper")
    assert s.names(s.me.discard) == ["viper"] and s.opp.pending_discard == 0
    s = Scene(hand=["imperial_flagship"], in_play=["frontier_hawk"])
    s.play("imperial_flagship").use("imperial_flagship", "ally").pick_seat(1)
    assert s.opp.pending_discard == 1


def test_jamming_terminal():
    s = Scene(bases=["jamming_terminal"]).use("jamming_terminal", "primary")
    assert s.me.combat == 2 and s.opp.pending_discard == 1


def test_light_cruiser():
    s = Scene(hand=["light_cruiser"], in_play=["frontier_hawk", "cargo_craft"],
              deck=["scout"]).play("light_cruiser")
    assert s.me.combat == 4 and s.opp.pending_discard == 1
    s.use("light_cruiser", "ally").use("light_cruiser", "double_ally")
    assert s.me.combat == 6 and s.names(s.me.hand) == ["scout"]


def test_orbital_gun_platform():
    s = Scene(bases=["orbital_gun_platform"]).use("orbital_gun_platform", "primary")
    assert s.me.combat == 3
    s.use("orbital_gun_platform", "scrap")
    assert s.me.trade == 3 and s.names(s.state.scrap) == ["orbital_gun_platform"]


def test_siege_fortress():
    s = Scene(bases=["siege_fortress"], in_play=["frontier_hawk"])
    s.use("siege_fortress", "primary").use("siege_fortress", "ally")
    assert s.me.combat == 9


def test_warpgate_cruiser():
    s = Scene(hand=["warpgate_cruiser", "scout", "viper", "scout"], in_play=["frontier_hawk"],
              deck=["patrol_boat", "stinger"])
    s.play("warpgate_cruiser")
    assert s.pending.optional and len(s.pending.candidates) == 3
    s.pick("scout").pick("viper").stop()
    assert s.me.combat == 4 and s.names(s.me.hand) == ["scout", "patrol_boat"]
    s.use("warpgate_cruiser", "ally")
    assert s.names(s.me.hand) == ["scout", "patrol_boat", "stinger"]


# ---------------------------------------------------------------------------- Trade Federation


def test_federation_battleship():
    s = Scene(hand=["federation_battleship"], in_play=["frontier_runner"], deck=["scout"],
              opp_bases=["spike_cluster"]).play("federation_battleship")
    assert (s.me.combat, s.authority(0)) == (5, 55) and s.names(s.me.hand) == ["scout"]
    s.use("federation_battleship", "ally")
    assert s.names(s.opp.discard) == ["spike_cluster"]
    s.use("federation_battleship", "scrap")
    assert s.authority(0) == 65


def test_federation_cruiser():
    s = Scene(hand=["federation_cruiser"], in_play=["frontier_runner"])
    s.play("federation_cruiser").use("federation_cruiser", "ally")
    assert (s.me.combat, s.authority(0)) == (7, 56)


def test_frontier_runner():
    s = Scene(hand=["frontier_runner"]).play("frontier_runner")
    assert (s.me.trade, s.authority(0)) == (2, 52)


def test_gateship():
    s = Scene(hand=["gateship"], in_play=["frontier_runner"],
              row=["blob_alpha", "transit_nexus", "patrol_boat", "stinger", "spike_cluster"])
    s.play("gateship")
    assert sorted(s.names(s.pending.candidates)) == [
        "blob_alpha", "explorer", "patrol_boat", "spike_cluster", "stinger"]
    s.pick("blob_alpha")
    assert s.names(s.me.deck[-1:]) == ["blob_alpha"] and s.me.trade == 0
    s.use("gateship", "ally")
    assert s.authority(0) == 55


def test_ion_station():
    s = Scene(bases=["ion_station"], in_play=["frontier_runner", "patrol_boat"])
    for slot in ("primary", "ally", "double_ally"):
        s.use("ion_station", slot)
    assert (s.me.trade, s.me.combat, s.authority(0)) == (3, 4, 54)


def test_long_hauler():
    s = Scene(hand=["long_hauler"], in_play=["frontier_runner"], trade=10,
              row=["spike_cluster", "stinger", "nesting_ground", "patrol_boat", "crusher"])
    s.play("long_hauler").use("long_hauler", "ally")
    assert s.me.trade == 15
    s.use("long_hauler", "scrap")
    s.buy("stinger")  # a ship: the discard pile as usual
    assert s.names(s.me.discard) == ["stinger"]
    s.buy("spike_cluster")  # the next base: top of the deck
    assert s.names(s.me.deck[-1:]) == ["spike_cluster"]
    s.buy("nesting_ground")  # only the next one
    assert s.names(s.me.discard) == ["stinger", "nesting_ground"]


def test_mobile_market():
    s = Scene(bases=["mobile_market"], deck=["viper"] + ["scout"] * 5)
    s.use("mobile_market", "primary")
    assert s.me.trade == 2
    s.use("mobile_market", "scrap")
    assert s.authority(0) == 52 and s.names(s.me.hand) == ["viper"]
    assert s.names(s.state.scrap) == ["mobile_market"]
    s.end_turn()
    assert s.state.scrap == [] and "mobile_market" in s.names(s.me.discard)


def test_orbital_shuttle():
    s = Scene(hand=["orbital_shuttle"], bases=["spike_cluster", "outland_station"],
              deck=["viper"]).play("orbital_shuttle")
    assert (s.me.trade, s.authority(0)) == (3, 54) and s.names(s.me.hand) == ["viper"]
    s = Scene(hand=["orbital_shuttle"], bases=["spike_cluster"]).play("orbital_shuttle")
    assert (s.me.trade, s.authority(0), len(s.me.hand)) == (3, 50, 0)


def test_outland_station():
    s = Scene(bases=["outland_station"], deck=["viper"]).use("outland_station", "primary")
    assert s.pending.kind == "option"
    s.choose(1)
    assert (s.me.trade, s.authority(0)) == (0, 53)
    s.use("outland_station", "scrap")
    assert s.names(s.me.hand) == ["viper"]


def test_patrol_boat():
    s = Scene(hand=["patrol_boat"], in_play=["frontier_runner"])
    s.play("patrol_boat").use("patrol_boat", "ally")
    assert (s.me.combat, s.authority(0)) == (4, 55)


def test_transit_nexus():
    s = Scene(bases=["transit_nexus"]).use("transit_nexus", "primary")
    assert (s.me.combat, s.me.trade, s.authority(0)) == (3, 4, 55)
    assert not s.state.cards[s.id("transit_nexus")].outpost
