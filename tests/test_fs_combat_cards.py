"""Every combat card's abilities (facts §3, SCAN wording paraphrased there): one case per
card, quoting the card, resolved through the effect dispatcher in a real combat.

Seat 0 attacks with the card's faction; seat 1 defends.  Each case sets the dice, plays
the card (main ability, then the unit ability, used unless ``unit=False``) with the
choices in ``picks`` and checks what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.forbidden_stars.engine import forces, pieces
from tests.test_fs_support import RULES, fight

ATT, DEF = 0, 1
RIVAL = {"space_marines": "orks", "chaos": "space_marines", "orks": "eldar",
         "eldar": "chaos"}


@dataclass
class Case:
    card: str
    quote: str
    att: dict[str, int]
    dfd: dict[str, int]
    check: Callable[[Any, Any], bool]
    picks: list[str] = field(default_factory=list)
    dice: tuple[list[str], list[str]] = (["bolter", "shield", "morale"],
                                         ["bolter", "shield", "morale"])
    prep: Callable[[Any, Any], None] | None = None
    kind: str = "world"
    seat: int = ATT
    unit: bool = True


def tok(c, seat, face):
    return c.sides[seat].tokens.get(face, 0)


def routed(state, c, seat):
    return forces.routed_count(state, c, seat)


def units(state, c, seat):
    return sum(pieces.faction_units(state, c.area, seat).values())


def _rout_def(state, c):
    pieces.rout(state, c.area, next(iter(pieces.faction_units(state, c.area, DEF))))


def _rout_att(state, c):
    pieces.rout(state, c.area, next(iter(pieces.faction_units(state, c.area, ATT))))


B, S, M = "bolter", "shield", "morale"
CASES = [
    # ---------------------------------------------------------------- Space Marines
    Case("sm_ambush", "+2 bolter tok. Scout: this round, an enemy unit that becomes routed "
         "is destroyed unless its owner spends 1 morale die.",
         {"sm_scout": 1}, {"ork_boyz": 1},
         lambda s, c: tok(c, ATT, B) == 2 and c.sides[ATT].doom and c.sides[ATT].doom_unless),
    Case("sm_reconnaissance", "If you are the attacker, look at the opponent's face-down "
         "card. Then take 2 bolter tok or 2 shield tok. Scout: spend 1 morale die to retreat "
         "1 of your units.",
         {"sm_scout": 2}, {"ork_boyz": 1},
         lambda s, c: c.sides[ATT].peek and tok(c, ATT, S) == 2 and units(s, c, ATT) == 1
         and M not in c.sides[ATT].dice,
         picks=[S, M]),
    Case("sm_fury_of_ultramar", "The opponent rerolls 1 shield die; then you may reroll 1 "
         "shield die. Space Marine: the opponent loses 1 shield die or 2 shield tok.",
         {"sm_space_marine": 1}, {"ork_boyz": 1},
         lambda s, c: len(c.sides[DEF].dice) == 2 and len(c.sides[ATT].dice) == 3,
         dice=([S, S, B], [S, S, B]), picks=[S, "0"]),
    Case("sm_blessed_power_armour", "+2 shield tok. Space Marine: convert up to 2 of your "
         "dice to shield.",
         {"sm_space_marine": 1}, {"ork_boyz": 1},
         lambda s, c: tok(c, ATT, S) == 2 and c.sides[ATT].dice.count(S) == 3,
         picks=[B, M]),
    Case("sm_faith_in_the_emperor", "+1 die. Scout: rally 1 unit, or gain 1 morale die.",
         {"sm_scout": 2}, {"ork_boyz": 1},
         lambda s, c: len(c.sides[ATT].dice) == 4 and routed(s, c, ATT) == 0,
         prep=_rout_att, picks=["0"]),
    Case("sm_hold_the_line", "+2 shield tok; the defender rallies 1 unit. Space Marine: "
         "gain 1 shield die or 1 morale die.",
         {"ork_boyz": 1}, {"sm_space_marine": 2}, seat=DEF,
         check=lambda s, c: tok(c, DEF, S) == 2 and routed(s, c, DEF) == 0
         and c.sides[DEF].dice.count(M) == 2,
         prep=_rout_def, picks=[M]),
    Case("sm_glory_and_death", "+2 bolter tok; the attacker rallies 1 unit. Space Marine: "
         "the opponent loses 1 shield die or 1 morale die (the card's owner chooses).",
         {"sm_space_marine": 2}, {"ork_boyz": 1},
         lambda s, c: tok(c, ATT, B) == 2 and routed(s, c, ATT) == 0
         and c.sides[DEF].dice == [B, S],
         prep=_rout_att, picks=[M]),
    Case("sm_drop_pod_assault", "+1 die. Space Marine: spend 1 morale die to move 1 Scout "
         "or Space Marine from any world onto this world.",
         {"sm_space_marine": 1}, {"ork_boyz": 1},
         lambda s, c: len(c.sides[ATT].dice) == 3 and units(s, c, ATT) == 2,
         prep=lambda s, c: pieces.add_unit(s, ATT, c.came_from[0], "sm_scout"),
         picks=[M]),
    Case("sm_veteran_scouts", "For each morale die you have, gain 1 bolter tok or 1 shield "
         "tok. Scout: spend any number of morale dice; retreat 1 unit per die spent.",
         {"sm_scout": 2}, {"ork_boyz": 1},
         lambda s, c: tok(c, ATT, B) == 1 and tok(c, ATT, S) == 1 and units(s, c, ATT) == 1,
         dice=([M, M], [B]), picks=[B, S, M, "pass"]),
    Case("sm_show_no_fear", "Your units cannot be routed this round. Space Marine: spend 1 "
         "morale die to rally all your units.",
         {"sm_space_marine": 2}, {"ork_boyz": 1},
         lambda s, c: c.sides[ATT].cannot_rout and routed(s, c, ATT) == 0,
         prep=_rout_att, picks=[M]),
    Case("sm_break_the_line", "Spend up to 3 morale dice; each gives 1 bolter die or 1 "
         "shield die. Land Raider: the opponent picks and discards 1 of their face-up "
         "combat cards.",
         {"sm_land_raider": 1}, {"ork_boyz": 1},
         lambda s, c: c.sides[ATT].dice == [B, S] and c.sides[DEF].played == []
         and c.sides[DEF].discard == ["ork_gretchin"],
         dice=([M, M], [B]), picks=[M, M, B, S],
         prep=lambda s, c: c.sides[DEF].played.append("ork_gretchin")),
    Case("sm_armoured_advance", "+1 die. Land Raider: run 1 extra assess-damage step this "
         "round.", {"sm_land_raider": 1}, {"ork_boyz": 1},
         lambda s, c: len(c.sides[ATT].dice) == 4 and c.extra_damage),
    Case("sm_emperors_might", "+2 dice. Warlord Titan: spend any number of bolter dice; "
         "each gives 2 bolter tok.", {"sm_warlord_titan": 1}, {"ork_boyz": 1},
         lambda s, c: tok(c, ATT, B) == 4 and len(c.sides[ATT].dice) == 3,
         dice=([B, B, M], [B]), picks=[B, B, "pass"],
         prep=lambda s, c: None),
    Case("sm_emperors_glory", "+2 dice. Warlord Titan: rally all your units, then turn any "
         "of your dice to morale.", {"sm_warlord_titan": 1, "sm_scout": 1}, {"ork_boyz": 1},
         lambda s, c: routed(s, c, ATT) == 0 and c.sides[ATT].dice.count(M) >= 2,
         dice=([B, S], [B]), prep=lambda s, c: pieces.rout(s, c.area, "sm_scout"),
         picks=[B, S, "pass"]),
    # ---------------------------------------------------------------- Chaos
    Case("chaos_khornes_rage", "Spend 1 bolter die to get 3 bolter tok. CSM: the opponent "
         "routs 1 of their units (their choice) unless they spend 1 shield die.",
         {"chaos_csm": 1}, {"sm_scout": 1},
         lambda s, c: tok(c, ATT, B) == 3 and routed(s, c, DEF) == 1,
         picks=[B, "1"]),
    Case("chaos_foul_worship", "+1 die. Cultist: if the opponent has at least 1 routed "
         "unit, gain 1 shield tok per unrouted Cultist or Iconoclast.",
         {"chaos_cultist": 2}, {"sm_scout": 1},
         lambda s, c: len(c.sides[ATT].dice) == 4 and tok(c, ATT, S) == 2, prep=_rout_def),
    Case("chaos_impure_zeal", "If you have more morale dice than the opponent, rally 1 "
         "unit. Cultist: gain 1 bolter tok per unrouted Cultist, unless the opponent routs 1 "
         "of their units.", {"chaos_cultist": 2}, {"sm_scout": 1},
         lambda s, c: routed(s, c, ATT) == 0 and tok(c, ATT, B) == 2,
         dice=([M], [B]), prep=_rout_att, picks=["1"]),
    Case("chaos_dark_faith", "+1 morale die. Cultist: if you have more morale dice, place 1 "
         "free Cultist on another friendly or uncontrolled world in this system.",
         {"chaos_cultist": 1}, {"sm_scout": 1},
         lambda s, c: c.sides[ATT].dice.count(M) == 2 and sum(
             n.get("chaos_cultist", 0) for a, n in s.units.items() if a != c.area) == 1,
         picks=["first"]),
    Case("chaos_lure_of_chaos", "The opponent may rout 1 of their units to gain 1 die. If "
         "they don't, place 1 free Cultist or Iconoclast in this area. Cultist: gain 2 "
         "bolter tok or 2 shield tok.", {"chaos_cultist": 1}, {"sm_scout": 1},
         lambda s, c: routed(s, c, DEF) == 1 and len(c.sides[DEF].dice) == 4
         and tok(c, ATT, B) == 2, picks=["0", B]),
    Case("chaos_mark_of_khorne", "Spend 1 bolter die or 1 morale die to get 3 bolter tok. "
         "CSM: the opponent destroys 1 of their routed units unless they spend 1 shield "
         "die.", {"chaos_csm": 1}, {"sm_scout": 2},
         lambda s, c: tok(c, ATT, B) == 3 and units(s, c, DEF) == 1,
         prep=_rout_def, picks=[M, "1"]),
    Case("chaos_mark_of_nurgle", "Spend 1 shield die or 1 morale die to get 3 shield tok. "
         "CSM: gain 2 shield tok unless the opponent destroys 1 of their routed units (with "
         "none, Chaos just gains the tokens).", {"chaos_csm": 1}, {"sm_scout": 1},
         lambda s, c: tok(c, ATT, S) == 5, picks=[S]),
    Case("chaos_mark_of_slaanesh", "+1 die; if you have more morale dice, the opponent "
         "routs 1 of their units. CSM: if the opponent has at least 1 routed unit, place 1 "
         "free Cultist on this world.", {"chaos_csm": 1}, {"sm_scout": 1},
         lambda s, c: routed(s, c, DEF) == 1 and
         pieces.faction_units(s, c.area, ATT).get("chaos_cultist") == 1,
         dice=([M, M], [B])),
    Case("chaos_mark_of_tzeentch", "+1 morale die; if you have more morale dice, replace 1 "
         "of your Cultists on this world with a free, unrouted CSM. CSM: spend up to 2 "
         "morale dice; each gives 1 bolter die or 1 shield die.",
         {"chaos_cultist": 1, "chaos_csm": 1}, {"sm_scout": 1},
         lambda s, c: pieces.faction_units(s, c.area, ATT) == {"chaos_csm": 2}
         and c.sides[ATT].dice == [B],
         dice=([], []), picks=[M, B]),
    Case("chaos_inhuman_strength", "+1 bolter die or +1 morale die. Helbrute: destroy 1 of "
         "your own units to get 4 bolter tok.", {"chaos_helbrute": 1, "chaos_cultist": 1},
         {"sm_scout": 1}, lambda s, c: c.sides[ATT].dice == [M] and tok(c, ATT, B) == 4
         and units(s, c, ATT) == 1, dice=([], []), picks=[M, "0", "chaos_cultist"]),
    Case("chaos_daemonic_resilience", "+1 shield die or +1 morale die. Helbrute: gain 4 "
         "shield tok unless the opponent destroys 1 of their units.",
         {"chaos_helbrute": 1}, {"sm_scout": 1},
         lambda s, c: c.sides[ATT].dice == [S] and units(s, c, DEF) == 0,
         dice=([], []), picks=[S, "0"]),
    Case("chaos_chaos_united", "The opponent may rout 1 of their units; if they don't, you "
         "gain 1 bolter, shield or morale die. Cultist: move 1 of your units from any world "
         "onto this world; its CL may not exceed the number of Cultists in this system.",
         {"chaos_cultist": 1}, {"sm_scout": 1},
         lambda s, c: c.sides[ATT].dice == [M] and units(s, c, ATT) == 2,
         dice=([], []), prep=lambda s, c: pieces.add_unit(s, ATT, c.came_from[0], "chaos_csm"),
         picks=["1", M, "m"]),
    Case("chaos_death_and_despair", "+2 bolter dice or +2 morale dice; then spend any "
         "number of morale dice, each destroying 1 CL-0 unit. Reaver Titan: if you have "
         "more morale dice, destroy 1 of the opponent's routed units.",
         {"chaos_reaver_titan": 1}, {"sm_scout": 2, "sm_space_marine": 1},
         lambda s, c: pieces.faction_units(s, c.area, DEF) == {"sm_space_marine": 1},
         dice=([], []), picks=[M, M, "pass", "sm_scout"], prep=_rout_def),
    Case("chaos_chaos_victorious", "+2 dice; if you have more morale dice, rout all of the "
         "opponent's CL-0 units. Reaver Titan: rout 1 enemy unit.",
         {"chaos_reaver_titan": 1}, {"sm_scout": 2, "sm_space_marine": 1},
         lambda s, c: routed(s, c, DEF) == 3, dice=([M, M, M], [])),
    # ---------------------------------------------------------------- Orks
    Case("ork_gretchin", "+1 bolter tok and +1 shield tok; the opponent rerolls 1 die of "
         "your choice. Onslaught: destroy 1 of your Onslaughts so that the opponent "
         "destroys 1 of their units.", {"ork_onslaught": 2}, {"eldar_frigate": 1},
         lambda s, c: tok(c, ATT, B) == 1 and tok(c, ATT, S) == 1 and units(s, c, ATT) == 1
         and units(s, c, DEF) == 0, kind="void", picks=[M, "0"]),
    Case("ork_mek_boyz", "+1 die. Boyz: the opponent discards the top card of their combat "
         "deck; you get its icons until the end of this round.", {"ork_boyz": 1},
         {"eldar_aspect_warrior": 1},
         lambda s, c: len(c.sides[ATT].dice) == 4 and len(c.sides[DEF].discard) == 1
         and c.sides[ATT].borrowed == list(RULES.combat_cards[c.sides[DEF].discard[0]].icons)),
    Case("ork_ard_boyz", "You must reroll all your bolter dice. Boyz: the opponent must "
         "reroll 1 bolter die per unrouted Ork Boyz.", {"ork_boyz": 2},
         {"eldar_aspect_warrior": 1},
         lambda s, c: len(c.sides[ATT].dice) == 3 and len(c.sides[DEF].dice) == 3,
         dice=([B, B, B], [B, B, S])),
    Case("ork_shoota_boyz", "You must reroll all your shield dice. Boyz: the opponent must "
         "reroll 1 shield die per unrouted Ork Boyz.", {"ork_boyz": 1},
         {"eldar_aspect_warrior": 1},
         lambda s, c: len(c.sides[ATT].dice) == 3 and len(c.sides[DEF].dice) == 3,
         dice=([S, S, S], [S, S, B])),
    Case("ork_slugga_boyz", "Both sides must reroll all their morale dice. Boyz: rally 1 "
         "unit.", {"ork_boyz": 2}, {"eldar_aspect_warrior": 1},
         lambda s, c: routed(s, c, ATT) == 0, prep=_rout_att),
    Case("ork_waaagh", "Rally 1 unit. Boyz: gain 1 bolter tok per unrouted Boyz or "
         "Onslaught.", {"ork_boyz": 3}, {"eldar_aspect_warrior": 1},
         lambda s, c: routed(s, c, ATT) == 0 and tok(c, ATT, B) == 3, prep=_rout_att),
    Case("ork_sea_of_green", "Place 1 free reinforcement token here. If you have more "
         "unrouted units, the opponent routs 1 unless they spend 1 morale die.",
         {"ork_boyz": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: c.sides[ATT].reinf == 1 and M not in c.sides[DEF].dice,
         picks=["0"]),
    Case("ork_mega_nobz", "The opponent must reroll all their shield dice. Nob: +1 shield "
         "tok.", {"ork_nob": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: tok(c, ATT, S) == 1 and len(c.sides[DEF].dice) == 3),
    Case("ork_biker_nobz", "The opponent must reroll all their bolter dice. Nob: +1 bolter "
         "tok.", {"ork_nob": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: tok(c, ATT, B) == 1 and len(c.sides[DEF].dice) == 3),
    Case("ork_weirdboyz", "Both sides must reroll all dice. Boyz: for the rest of the "
         "combat, whenever the opponent gains bolter (or shield) tokens, you gain as many.",
         {"ork_boyz": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: c.sides[ATT].mirror == 1 and forces.add_tokens(c, DEF, B, 2) == 2
         and tok(c, ATT, B) == 2),
    Case("ork_party_wagon", "Place 1 free reinforcement token here. Battlewagon: if you "
         "have more unrouted units, +2 bolter tok and +2 shield tok.",
         {"ork_battlewagon": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: c.sides[ATT].reinf == 1 and tok(c, ATT, B) == 2 and tok(c, ATT, S) == 2),
    Case("ork_rokkit_wagon", "Battlewagon: +3 bolter tok; the opponent may retreat 1 of "
         "their units.", {"ork_battlewagon": 1}, {"eldar_aspect_warrior": 2},
         lambda s, c: tok(c, ATT, B) == 3 and units(s, c, DEF) == 2, picks=["1"]),
    Case("ork_snapper_gargant", "Gargant: discard 1 of the opponent's face-up combat "
         "cards.", {"ork_gargant": 1}, {"eldar_aspect_warrior": 1},
         lambda s, c: c.sides[DEF].played == ["eldar_hit_and_run"],
         prep=lambda s, c: c.sides[DEF].played.extend(["eldar_hit_and_run", "eldar_fire_prism"]),
         picks=["eldar_fire_prism"]),
    Case("ork_smasher_gargant", "Gargant: pick 1 enemy unit; it is destroyed unless the "
         "opponent spends dice equal to its CL.", {"ork_gargant": 1},
         {"eldar_wraithguard": 1, "eldar_aspect_warrior": 1},
         lambda s, c: pieces.faction_units(s, c.area, DEF) == {"eldar_aspect_warrior": 1},
         picks=["eldar_wraithguard", "destroyed"]),
    # ---------------------------------------------------------------- Eldar
    Case("eldar_hit_and_run", "+2 bolter tok. Aspect Warrior: spend 1 morale die to move 1 "
         "unit to an adjacent friendly or uncontrolled area; it is no longer in the combat.",
         {"eldar_aspect_warrior": 2}, {"chaos_cultist": 1},
         lambda s, c: tok(c, ATT, B) == 2 and units(s, c, ATT) == 1, picks=[M, "first"]),
    Case("eldar_howling_banshees", "+1 die. Aspect Warrior: spend 1 morale die; the "
         "opponent routs 1 of their units.", {"eldar_aspect_warrior": 1},
         {"chaos_cultist": 1},
         lambda s, c: len(c.sides[ATT].dice) == 3 and routed(s, c, DEF) == 1, picks=[M]),
    Case("eldar_striking_scorpions", "+1 die. Aspect Warrior: the opponent loses 1 die of "
         "their choice.", {"eldar_aspect_warrior": 1}, {"chaos_cultist": 1},
         lambda s, c: c.sides[DEF].dice == [B, S], picks=[M]),
    Case("eldar_ranger_support", "Attacker: +1 bolter tok and +1 shield tok. Defender: may "
         "retreat 1 unit.", {"chaos_cultist": 1}, {"eldar_aspect_warrior": 2}, seat=DEF,
         check=lambda s, c: tok(c, DEF, B) == 0 and units(s, c, DEF) == 1,
         picks=["0", "first"]),
    Case("eldar_command_of_the_autarch", "Rally 1 unit or gain 1 morale die. Also play 1 "
         "card from hand for its icons only.", {"eldar_aspect_warrior": 1},
         {"chaos_cultist": 1},
         lambda s, c: c.sides[ATT].dice.count(M) == 2 and len(c.sides[ATT].icon_cards) == 1
         and len(c.sides[ATT].hand) == 4, picks=["1", "first"]),
    Case("eldar_fire_dragons_vengeance", "If you are attacking, the opponent cannot gain "
         "shield tok this round. Aspect Warrior: +2 shield tok.",
         {"eldar_aspect_warrior": 1}, {"chaos_cultist": 1},
         lambda s, c: tok(c, ATT, S) == 2 and forces.add_tokens(c, DEF, S, 2) == 0),
    Case("eldar_swooping_hawks", "If you are defending, the opponent loses 3 bolter tok. "
         "Aspect Warrior: spend 1 morale die to get 2 bolter tok.",
         {"chaos_cultist": 1}, {"eldar_aspect_warrior": 1}, seat=DEF,
         check=lambda s, c: tok(c, ATT, B) == 1 and tok(c, DEF, B) == 2,
         prep=lambda s, c: c.sides[ATT].tokens.update(bolter=4), picks=[M]),
    Case("eldar_wraithguard_advance", "+1 die or +1 morale die; convert up to 2 shield "
         "dice into bolter dice. Wraithguard: the opponent routs 1 of their units unless "
         "they spend 1 morale die.", {"eldar_wraithguard": 1}, {"chaos_cultist": 1},
         lambda s, c: c.sides[ATT].dice == [B, B, M] and routed(s, c, DEF) == 1,
         dice=([S, S], [B]), picks=["morale", S, S]),
    Case("eldar_wraithguard_support", "+1 die or +1 morale die; convert up to 2 bolter dice "
         "into shield dice. Wraithguard: spend 1 morale die to rally 1 unit.",
         {"eldar_wraithguard": 2}, {"chaos_cultist": 1},
         lambda s, c: c.sides[ATT].dice == [S, S] and routed(s, c, ATT) == 0,
         dice=([B, B], [B]), prep=_rout_att, picks=["morale", B, B, M]),
    Case("eldar_fire_prism", "Convert any number of morale dice into bolter dice. Falcon: "
         "attacker gains 2 bolter tok; defender makes the opponent lose 5 shield tok.",
         {"eldar_falcon": 1}, {"chaos_cultist": 1},
         lambda s, c: c.sides[ATT].dice == [B, B] and tok(c, ATT, B) == 2,
         dice=([M, M], [B]), picks=[M, M]),
    Case("eldar_wave_serpent", "+1 die; +3 shield tok unless the opponent spends 1 morale "
         "die. Falcon: spend 1 morale die to move any number of CL 0–1 units to an adjacent "
         "area.", {"eldar_falcon": 1, "eldar_aspect_warrior": 1}, {"chaos_cultist": 1},
         lambda s, c: len(c.sides[ATT].dice) == 3 and M not in c.sides[DEF].dice
         and units(s, c, ATT) == 1, picks=["0", M, "first"]),
    Case("eldar_spiritseers_guidance", "+1 morale die; you may rout 1 of your units, and if "
         "you do, no unit (either side) takes damage this round.",
         {"eldar_aspect_warrior": 1}, {"chaos_cultist": 1},
         lambda s, c: c.sides[ATT].dice.count(M) == 2 and routed(s, c, ATT) == 1
         and c.no_damage, picks=["0"]),
    Case("eldar_holofield_emitter", "+1 die; draw 1 combat card. Warlock Titan: play 1 "
         "card from hand for its icons only.", {"eldar_warlock_titan": 1},
         {"chaos_cultist": 1},
         lambda s, c: len(c.sides[ATT].dice) == 4 and len(c.sides[ATT].hand) == 5
         and len(c.sides[ATT].icon_cards) == 1, picks=["first"]),
    Case("eldar_psychic_lance", "+1 die; the opponent discards 1 random card from hand. "
         "Warlock Titan: gain 4 bolter tok unless the opponent lets you discard 1 of their "
         "face-up cards.", {"eldar_warlock_titan": 1}, {"chaos_cultist": 1},
         lambda s, c: len(c.sides[DEF].hand) == 4 and c.sides[DEF].played == []
         and "chaos_foul_worship" in c.sides[DEF].discard,
         prep=lambda s, c: c.sides[DEF].played.append("chaos_foul_worship"), picks=["0"]),
]


def test_every_combat_card_has_a_case():
    assert sorted(c.card for c in CASES) == sorted(RULES.combat_cards)


@pytest.mark.parametrize("case", CASES, ids=[c.card for c in CASES])
def test_combat_card(case: Case):
    faction = RULES.combat_cards[case.card].faction
    factions = (faction, RIVAL[faction]) if case.seat == ATT else (RIVAL[faction], faction)
    state = fight(case.att, case.dfd, kind=case.kind, factions=factions)
    c = state.combat
    c.sides[ATT].dice, c.sides[DEF].dice = list(case.dice[0]), list(case.dice[1])
    if case.prep:
        case.prep(state, c)
    picks = list(case.picks)

    # "first" / "m": the first option offered, or the one moving a unit ("m" = in)
    # stand for choices whose option string depends on the board
    def resolve(options: list[str], want: str) -> str:
        if want in ("first", "m"):
            return options[0]
        if want == "retreat":
            return next(o for o in options if ">" in o)
        return want

    run = _runner(state, case, picks, resolve)
    assert run, case.quote
    assert case.check(state, c), case.quote


def _runner(state, case: Case, picks: list[str], resolve) -> bool:
    # lazy: the effect modules are only needed here
    from game.forbidden_stars.engine import effects
    from game.forbidden_stars.engine.components import Effect

    c = state.combat
    card = RULES.combat_cards[case.card]
    c.sides[case.seat].played.append(case.card)
    c.queue.extend((case.seat, e) for e in card.main)
    if card.unit:
        c.queue.append((case.seat, Effect("_unit", {"card": case.card})))
    while c.queue or c.pending:
        if c.pending is None:
            effects.run_next(state)
            continue
        options = c.pending.options
        if options == ["use", "pass"]:
            effects.pick(state, "use" if case.unit else "pass")
            continue
        assert picks, f"{case.card}: unexpected choice among {options}"
        choice = resolve(options, picks.pop(0))
        assert choice in options, f"{case.card}: {choice!r} not in {options}"
        effects.pick(state, choice)
    assert not picks, f"{case.card}: picks left: {picks}"
    return True

