"""Forbidden Stars Tactics (facts §5; RB p.6): one test per card, its effect quoted from
the facts' paraphrase of the printed card.  «каждый игрок выбирает одну карту событий …
двигает один варп-шторм … Затем он может сыграть свойство карты события»; a Scheme
«остаётся лежать в открытую» (Schemes: test_fs_schemes.py)."""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import EFFECT, HIDDEN
from game.forbidden_stars.engine.view import player_view
from tests.test_fs_support import answer, areas, cleared, game, options, play_event

SM, ORKS = 0, 1
CHAOS = ("chaos", "orks")
ELDAR = ("eldar", "orks")


def _world(state, k: int = 0) -> str:
    return areas(state, next(iter(state.topology.systems)), "world")[k]


def _roomy(state) -> str:
    return next(a for a, pa in sorted(state.topology.areas.items())
                if pa.area.kind == "world" and pa.area.capacity >= 3)


def _seal_world(state) -> str:
    return next(a for a, pa in sorted(state.topology.areas.items())
                if pa.area.kind == "world" and pa.area.assets and pa.area.materiel
                and "prosperity" not in pa.area.assets)


def test_a_played_scheme_stays_face_up_and_a_new_one_discards_it():
    """«Карта событий типа «План» остаётся лежать в открытую»; a new Scheme discards
    your other Schemes (facts §5)."""
    state = cleared(game())
    play_event(state, SM, "sm_emperors_champion")
    p = state.players[SM]
    assert p.schemes == ["sm_emperors_champion"] and not p.drawn
    play_event(state, SM, "sm_exterminatus")
    assert p.schemes == ["sm_exterminatus"] and "sm_emperors_champion" in p.event_deck
    assert len(p.event_deck) + len(p.schemes) == 8


def test_a_card_not_played_goes_back_into_the_deck():
    """«Затем он может сыграть свойство» — may: the seat passes, the card is shuffled
    back."""
    state = cleared(game())
    p = state.players[SM]
    p.event_deck.remove("sm_emperors_champion")
    p.drawn = ["sm_emperors_champion"]
    state.step, state.turn = "storms", SM
    apply(state, legal_actions(state)[0])
    answer(state, "pass")
    assert not p.schemes and len(p.event_deck) == 8


# ---------------------------------------------------------------------- Space Marines


def test_rites_of_battle_buys_an_order_upgrade_cheaper_per_bastion_world():
    """Rites of Battle: «Buy 1 order upgrade for 1 less per friendly world with a
    bastion»."""
    state = cleared(game())
    pieces.add_structure(state, SM, _world(state), "bastion")
    state.players[SM].materiel = 0
    play_event(state, SM, "sm_rites_of_battle")
    assert "sm_rain_of_fire" in options(state) and "sm_crusade" not in options(state)
    answer(state, "sm_rain_of_fire")
    assert "sm_rain_of_fire" in state.players[SM].order_upgrades
    assert state.players[SM].materiel == 0


def test_heroic_intervention_places_a_space_marine_or_a_scout():
    """Heroic Intervention: «Free Space Marine on a friendly world that has a structure,
    or a free Scout on any friendly world»."""
    state = cleared(game())
    world = _world(state)
    pieces.add_structure(state, SM, world, "factory")
    play_event(state, SM, "sm_heroic_intervention")
    assert options(state) == ["0", "1"]
    answer(state, "0")
    assert state.units[world] == {"sm_space_marine": 1}


def test_work_of_the_righteous_takes_a_worlds_assets_or_its_materiel():
    """Work of the Righteous: «Pick a friendly world: take its assets, or materiel equal
    to its value»."""
    state = cleared(game())
    world = _seal_world(state)
    pieces.add_unit(state, SM, world, "sm_scout")
    area = state.topology.areas[world].area
    play_event(state, SM, "sm_work_of_the_righteous")
    assert options(state) == [f"{world}>assets", f"{world}>materiel"]
    before = state.players[SM].materiel
    answer(state, f"{world}>materiel")
    assert state.players[SM].materiel == before + area.materiel


def test_the_emperor_protects_pays_for_a_bastion_beside_a_factory():
    """The Emperor Protects: «A free bastion on a friendly world with no structure, or pay
    2 materiel for a free bastion on a friendly world with no bastion»."""
    state = cleared(game())
    world = _world(state)
    pieces.add_structure(state, SM, world, "factory")
    before = state.players[SM].materiel
    play_event(state, SM, "sm_the_emperor_protects")  # only the paid option can be done
    assert state.structures[world] == ["factory", "bastion"]
    assert state.players[SM].materiel == before - 2


# ---------------------------------------------------------------------- Chaos


def test_spoils_of_war_gives_a_forge_and_a_reinforcement_token():
    """Spoils of War: «+1 forge token and +1 reinforcement token»."""
    state = cleared(game(2, 0, CHAOS))
    play_event(state, SM, "chaos_spoils_of_war")
    assert state.players[SM].assets == {"forge": 1, "reinforcement": 1}


def test_incantation_of_tzeentch_draws_three_and_resolves_one():
    """Incantation of Tzeentch: «Draw 3 event cards, resolve 1 of them, discard the
    rest»."""
    state = cleared(game(2, 0, CHAOS))
    p = state.players[SM]
    p.event_deck.remove("chaos_spoils_of_war")
    p.event_deck.append("chaos_spoils_of_war")  # on top
    play_event(state, SM, "chaos_incantation_of_tzeentch")
    assert len(options(state)) == 3 and "chaos_spoils_of_war" in options(state)
    answer(state, "chaos_spoils_of_war")
    assert p.assets == {"forge": 1, "reinforcement": 1}
    assert len(p.event_deck) == 8 and not p.drawn


def test_prophets_and_signs_places_two_cultists_where_there_are_none():
    """Prophets and Signs: «2 free Cultists on 1 friendly world in a system with no
    Cultists, or 1 free Cultist on any friendly world»."""
    state = cleared(game(2, 0, CHAOS))
    world = _roomy(state)
    pieces.add_unit(state, SM, world, "chaos_csm")
    play_event(state, SM, "chaos_prophets_and_signs")
    answer(state, "0")
    assert state.units[world] == {"chaos_csm": 1, "chaos_cultist": 2}


def test_touched_by_the_warp_trades_a_cultist_for_an_upgrade_by_storms():
    """Touched by the Warp: «Destroy 1 Cultist anywhere to gain 1 free upgrade (order or
    combat). Its CL is at most the number of storms bordering that system»."""
    state = cleared(game(2, 0, CHAOS))
    world = _world(state)
    pieces.add_unit(state, SM, world, "chaos_cultist")
    play_event(state, SM, "chaos_touched_by_the_warp")  # no storm: CL 0 at most
    assert f"{world}>chaos_fear_from_above" in options(state)
    assert f"{world}>chaos_from_the_warp" not in options(state)
    state = cleared(game(2, 0, CHAOS))
    pieces.add_unit(state, SM, world, "chaos_cultist")
    r, c, _ = state.topology.systems[state.topology.areas[world].system]
    # a storm on each side: the card's own storm move leaves 3 at least
    state.storms = [("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)]
    materiel = state.players[SM].materiel
    play_event(state, SM, "chaos_touched_by_the_warp")
    assert f"{world}>chaos_complete_destruction" in options(state)  # CL 2
    answer(state, f"{world}>chaos_from_the_warp")
    assert world not in state.units and "chaos_from_the_warp" in \
        state.players[SM].order_upgrades and state.players[SM].materiel == materiel


# ---------------------------------------------------------------------- Orks


def test_lootin_n_stealin_gains_materiel_and_a_rival_loses_an_asset():
    """Lootin' 'n Stealin': «+2 materiel; a chosen player loses 1 asset of their
    choice»."""
    state = cleared(game())
    pieces.gain_asset(state, SM, "forge")
    pieces.gain_asset(state, SM, "cache")
    before = state.players[ORKS].materiel
    play_event(state, ORKS, "ork_lootin_n_stealin")
    assert acting_seat(state) == SM and options(state) == ["cache", "forge"]
    answer(state, "cache")
    assert state.players[ORKS].materiel == before + 2
    assert state.players[SM].assets == {"forge": 1, "cache": 0}


def test_letz_get_fightin_places_two_boyz_with_a_nob():
    """Letz Get Fightin': «2 free Boyz on a friendly world with a Nob, or 1 free Boyz on
    any friendly world»."""
    state = cleared(game())
    world = _roomy(state)
    pieces.add_unit(state, ORKS, world, "ork_nob")
    play_event(state, ORKS, "ork_letz_get_fightin")
    answer(state, "0")
    assert state.units[world] == {"ork_nob": 1, "ork_boyz": 2}


def test_how_we_getz_here_moves_a_unit_onto_an_uncontrolled_world():
    """How We Getz Here?: «Move 1 of your units from any world onto any uncontrolled
    world»."""
    state = cleared(game())
    world = _world(state)
    pieces.add_unit(state, ORKS, world, "ork_nob")
    pieces.add_unit(state, SM, _world(state, 1), "sm_scout")
    play_event(state, ORKS, "ork_how_we_getz_here")
    opts = options(state)
    assert opts and all(o.startswith(f"{world}>ork_nob>") for o in opts)
    assert f"{world}>ork_nob>{_world(state, 1)}" not in opts  # a rival's world
    answer(state, opts[0])
    assert state.units[opts[0].split(">")[2]] == {"ork_nob": 1} and world not in state.units


def test_moar_boyz_gives_two_reinforcement_tokens():
    """Moar Boyz!: «+2 reinforcement tokens»."""
    state = cleared(game())
    play_event(state, ORKS, "ork_moar_boyz")
    assert state.players[ORKS].assets["reinforcement"] == 3  # 1 at the start, +2


# ---------------------------------------------------------------------- Eldar


def test_path_of_the_warrior_buys_a_combat_pair_cheaper_per_city_world():
    """Path of the Warrior: «Buy 1 combat upgrade for 1 less per friendly world with a
    city»."""
    state = cleared(game(2, 0, ELDAR))
    pieces.add_structure(state, SM, _world(state), "city")
    p = state.players[SM]
    play_event(state, SM, "eldar_path_of_the_warrior")
    pick = next(o for o in options(state) if ">" in o)
    card, old = pick.split(">")
    before = p.materiel
    answer(state, pick)
    assert card in p.combat_types and old not in p.combat_types
    assert p.materiel == before - max(0, state.rules.combat_cards[card].cost - 1)


def test_outcasts_returned_places_a_frigate_in_an_uncontrolled_void():
    """Outcasts Returned: «A free Frigate in any uncontrolled void, or move 1 Frigate to
    any uncontrolled void»."""
    state = cleared(game(2, 0, ELDAR))
    play_event(state, SM, "eldar_outcasts_returned")  # no Frigate to move: placed
    assert all(state.topology.areas[o.split(">")[1]].area.kind == "void"
               for o in options(state))
    answer(state, options(state)[0])
    voids = [a for a, u in state.units.items() if u == {"eldar_frigate": 1}]
    assert len(voids) == 1 and state.topology.areas[voids[0]].area.kind == "void"


def test_exodite_colony_builds_a_city_for_one_materiel():
    """Exodite Colony: «Pay 1 materiel for a free city on a friendly or uncontrolled world
    with no structure and no Eldar objective»."""
    state = cleared(game(2, 0, ELDAR))
    marked = _world(state)
    state.objectives[marked] = SM  # an Eldar objective token there
    before = state.players[SM].materiel
    play_event(state, SM, "eldar_exodite_colony")
    assert marked not in options(state) and options(state)
    world = options(state)[0]
    answer(state, world)
    assert state.structures[world] == ["city"] and state.owner[world] == SM
    assert state.players[SM].materiel == before - 1


def test_legacy_of_vaul_gives_two_forge_tokens():
    """Legacy of Vaul: «+2 forge tokens»."""
    state = cleared(game(2, 0, ELDAR))
    play_event(state, SM, "eldar_legacy_of_vaul")
    assert state.players[SM].assets == {"forge": 2}
    assert state.step != EFFECT


def test_views_hide_drawn_cards_and_show_face_up_schemes():
    """Drawn cards are the drawer's (Incantation's three and the choice naming them are
    hidden from the others); a kept Scheme «остаётся лежать в открытую»."""
    state = cleared(game(2, 0, CHAOS))
    play_event(state, SM, "chaos_seduced_by_chaos")
    assert player_view(state, ORKS).players[SM].schemes == ["chaos_seduced_by_chaos"]
    play_event(state, SM, "chaos_incantation_of_tzeentch")
    mine, theirs = player_view(state, SM), player_view(state, ORKS)
    assert mine.play.pending.options == options(state) and HIDDEN not in options(state)
    # that there is a choice, not what nor how many (tests/test_fs_view.py)
    assert len(options(state)) > 1 and theirs.play.pending.options == [HIDDEN]
    assert theirs.players[SM].drawn == [HIDDEN] * len(state.players[SM].drawn)
