"""The closed vocabulary of what Forbidden Stars' cards do (combat cards, order upgrades,
events, faction abilities).

An effect is data: a table with ``kind`` (a key of :data:`KINDS`) and that kind's
parameters, optionally ``if`` (one of :data:`CONDITIONS`: the effect applies only then)::

    { kind = "gain_tokens", faces = ["bolter"], count = 2 }
    { kind = "choose", chooser = "opponent", options = [[{ kind = "lose_dice", ... }], [...]] }

``choose`` is how the cards' «or» and «unless» are written: the chooser picks one list
of effects (an empty list is "decline").  Order upgrades, events and faction abilities
also say ``when`` (one of the :data:`TIMINGS` of their context); a combat card's main
(green) and unit (brown) abilities are timed by the card.  A behaviour only one card has
is ``{ kind = "named", name = "..." }`` with a name from :data:`NAMED`; the engine
implements kinds and named effects and never looks at a card's id or name.  The loader
(:mod:`game.forbidden_stars.data`) refuses anything not listed here; a test checks every
kind and named effect is used by some card.

Pure Python: no pygame, no UI, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FACES: tuple[str, ...] = ("bolter", "shield", "morale")  # the combat die's symbols
DIE_GAINS: tuple[str, ...] = (*FACES, "rolled")  # a gained die: set face, or rolled
ASSETS: tuple[str, ...] = ("forge", "cache", "reinforcement")  # tokens in a play area
SEALS: tuple[str, ...] = (*ASSETS, "prosperity")  # a world's asset seals
STRUCTURES: tuple[str, ...] = ("city", "factory", "bastion")
ORDERS: tuple[str, ...] = ("deploy", "strategize", "dominate", "advance")
SIDES: tuple[str, ...] = ("self", "opponent")
CHOOSERS: tuple[str, ...] = ("self", "opponent", "owner")  # owner: the affected side's

# Where an effect's timing comes from, and the timings each context knows.
CONTEXTS: dict[str, tuple[str, ...]] = {
    "combat": ("main", "unit"),
    "upgrade": ("reveal", "advance", "combat_start", "orbital_strike", "after_combat",
                "deploy", "deploy_end", "strategize"),
    "scheme": ("instead_of_reveal", "damage_step_start", "damage_step_end",
               "before_orbital_strike", "orbital_strike", "advance", "combat_start",
               "storm_moved", "buying_unit", "enemy_routed", "planning_end"),
    "tactic": ("now",),
    "faction": ("dominate",),
}
TIMINGS: tuple[str, ...] = tuple(t for ts in CONTEXTS.values() for t in ts)

CONDITIONS: tuple[str, ...] = (
    "more_morale_dice",  # you have more morale dice than the opponent
    "more_unrouted_units",
    "attacker", "defender",
    "opponent_has_routed",  # the opponent has at least one routed unit in the combat
    "no_friendly_world_in_system",
)
UNIT_FILTERS: tuple[str, ...] = ("any", "routed", "cl0", "listed")
PER: tuple[str, ...] = ("own_morale_die", "unrouted_listed_unit", "forge_token")
PLACES: tuple[str, ...] = (
    "this_area", "other_world_in_system", "friendly_world", "friendly_world_with_structure",
    "friendly_world_no_structure", "friendly_world_no_bastion", "friendly_world_with_near",
    "friendly_world_in_system_without_near", "uncontrolled_void", "uncontrolled_world",
    "friendly_or_uncontrolled_world_adjacent_system",
    "friendly_or_uncontrolled_world_no_structure_no_own_objective",
    "friendly_world_active_system", "friendly_or_uncontrolled_area_active_system",
    "friendly_or_uncontrolled_void_adjacent_system", "adjacent_area", "friendly_area",
    "friendly_or_uncontrolled_area",
)
REACH: tuple[str, ...] = ("this_area", "any_world", "any_area", "active_system_world",
                          "active_system_void", "one_area")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a kind.  Types: ``faces`` (a list of :data:`FACES`),
    ``gains`` (a list of :data:`DIE_GAINS`), ``count`` (0..8; 0 reads "any number" /
    "all"), ``bool``, ``units`` (unit ids of the card's own faction, or ``bastion``),
    ``effects`` (a nested list of effects), ``options`` (a list of effect lists),
    ``choice`` (one of ``choices``), ``named``."""

    type: str
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Kind:
    params: dict[str, Param] = field(default_factory=dict)
    doc: str = ""


def _p(type_: str, required: bool = True, *choices: str) -> Param:
    return Param(type_, required, tuple(choices))


def _c(*choices: str, required: bool = True) -> Param:
    return Param("choice", required, choices)


KINDS: dict[str, Kind] = {
    # --- dice and combat tokens
    "gain_dice": Kind({"faces": _p("gains"), "count": _p("count"),
                       "side": _c(*SIDES, required=False)},
                      "a side (you by default) gains dice, one face of the list for all "
                      "(rolled: roll them)"),
    "gain_tokens": Kind({"faces": _p("faces"), "count": _p("count"),
                         "per": _c(*PER, required=False), "units": _p("units", False),
                         "mixed": _p("bool", False)},
                        "gain combat tokens of one listed face (mixed: any mix), "
                        "count times per what `per` counts"),
    "lose_dice": Kind({"side": _c(*SIDES), "faces": _p("faces"), "count": _p("count"),
                       "chooser": _c(*CHOOSERS)}, "a side loses dice showing those faces"),
    "lose_tokens": Kind({"side": _c(*SIDES), "faces": _p("faces"), "count": _p("count")},
                        "a side loses combat tokens"),
    "no_tokens": Kind({"side": _c(*SIDES), "faces": _p("faces")},
                      "a side cannot gain these tokens this round"),
    "reroll": Kind({"side": _c(*SIDES), "faces": _p("faces"), "count": _p("count"),
                    "per": _c(*PER, required=False), "units": _p("units", False),
                    "chooser": _c(*CHOOSERS)},
                   "a side rerolls dice showing those faces (count 0: all of them)"),
    "convert_dice": Kind({"faces": _p("faces"), "to": _c(*FACES), "count": _p("count")},
                         "turn up to count of your dice showing those faces to another"),
    "spend_dice": Kind({"faces": _p("faces"), "max": _p("count"), "cost": _p("count", False),
                        "each": _p("effects")},
                       "spend up to max dice (cost at a time, default 1); each spending "
                       "resolves the effects"),
    "mirror_tokens": Kind({}, "for the rest of the combat, when the opponent gains tokens "
                              "you gain as many of the same face"),
    # --- units in the combat
    "rally": Kind({"count": _p("count")}, "rally your routed units (0: all)"),
    "rout": Kind({"side": _c(*SIDES), "count": _p("count"), "chooser": _c(*CHOOSERS),
                  "filter": _c(*UNIT_FILTERS), "units": _p("units", False)},
                 "rout units (0: all matching)"),
    "destroy": Kind({"side": _c(*SIDES), "count": _p("count"), "chooser": _c(*CHOOSERS),
                     "filter": _c(*UNIT_FILTERS), "units": _p("units", False)},
                    "destroy units in the combat"),
    "destroy_structure": Kind({"side": _c(*SIDES), "chooser": _c(*CHOOSERS),
                               "or_unit": _p("bool", False)},
                              "destroy a structure on the world (or_unit: or a unit)"),
    "retreat": Kind({"side": _c(*SIDES), "count": _p("count")},
                    "retreat units from the combat"),
    "cannot_be_routed": Kind({}, "your units cannot be routed this combat round"),
    "routed_become_destroyed": Kind({"unless_morale": _p("bool")},
                                    "this round an enemy unit that becomes routed is "
                                    "destroyed (unless its owner spends a morale die)"),
    "extra_damage_step": Kind({}, "one more assess-damage step this round"),
    "no_damage": Kind({}, "no unit takes damage this round"),
    "choose_first_damage": Kind({}, "you pick the enemy unit that takes damage first"),
    "rout_damaged": Kind({}, "every unit damaged by this strike is routed"),
    # --- cards
    "discard_face_up": Kind({"chooser": _c(*CHOOSERS)},
                            "the opponent discards one of their face-up combat cards"),
    "look_face_down": Kind({}, "look at the opponent's face-down combat card"),
    "draw_combat_card": Kind({"count": _p("count")}, "draw combat cards"),
    "discard_random_hand": Kind({}, "the opponent discards a random card from hand"),
    "play_for_icons": Kind({}, "play a card from hand for its icons only"),
    # --- units on the map
    "place_units": Kind({"units": _p("units"), "count": _p("count"), "where": _c(*PLACES),
                         "near": _p("units", False)},
                        "place free units of one listed type (near: the unit types a "
                        "`_near` place speaks of)"),
    "place_reinforcement": Kind({"count": _p("count")},
                                "place free reinforcement tokens in the combat"),
    "move_units": Kind({"units": _p("units", False), "count": _p("count"),
                        "from": _c(*REACH), "to": _c(*PLACES)},
                       "move your units (count 0: any number) without an Advance"),
    "replace_unit": Kind({"from": _p("units"), "to": _p("units"), "where": _c(*PLACES)},
                         "replace one of your units with a free unit of another type"),
    "buy_unit": Kind({"max_cl": _p("count", False), "ground_only": _p("bool", False),
                      "where": _c(*PLACES), "discount_per": _p("units", False)},
                     "buy a unit with no factory (CL and materiel rules apply)"),
    "place_structure": Kind({"structure": _c(*STRUCTURES), "where": _c(*PLACES),
                             "cost": _p("count", False)},
                            "place a free (or `cost` materiel) structure"),
    "swap_structure": Kind({}, "swap one of your structures in the system for another type"),
    "stack_structure": Kind({}, "a bought structure may join exactly one structure of "
                                "another type"),
    "structure_before_units": Kind({}, "buy the structure before the units"),
    "bastion_as_factory": Kind({}, "bastions count as factories; the deploy limit drops "
                                   "by 1 per bastion"),
    "ignore_bastion": Kind({}, "a bastion does not block this orbital strike"),
    "cross_storms": Kind({"ships_only": _p("bool")}, "units may move across warp storms"),
    "path_through_void": Kind({"count": _p("count")},
                              "up to count units path through one uncontrolled void"),
    "no_units_needed": Kind({}, "resolve the order with no unit in the active system"),
    "resolve_as": Kind({"orders": _p("orders")}, "resolve the token as another order"),
    "orbital_after_combat": Kind({}, "after the combat, make an orbital strike"),
    "rally_system": Kind({}, "rally all your units in one system"),
    "rout_in_system": Kind({"count": _p("count")},
                           "rout an enemy unit in a system where you have a unit"),
    # --- materiel, assets, upgrades, events
    "gain_materiel": Kind({"count": _p("count")}, "gain materiel"),
    "lose_materiel": Kind({"side": _c(*SIDES), "count": _p("count")}, "lose materiel"),
    "pay_materiel": Kind({"count": _p("count"), "then": _p("effects")},
                         "pay materiel to resolve the effects"),
    "gain_asset": Kind({"asset": _c(*ASSETS), "count": _p("count")}, "gain asset tokens"),
    "take_asset": Kind({"count": _p("count")}, "take the opponent's asset tokens"),
    "lose_asset": Kind({"count": _p("count")}, "a chosen player loses assets (their pick)"),
    "world_assets_or_materiel": Kind({}, "a friendly world: its assets, or materiel equal "
                                         "to its value"),
    "discount": Kind({"what": _c("unit", "order_upgrade", "combat_upgrade"),
                      "per": _c("reinforcement_token", "world_with_bastion",
                                "world_with_city")},
                     "the next purchase costs 1 less per what `per` counts"),
    "orders_to_event_deck": Kind({"count": _p("count")},
                                 "put order tokens from your play area on your event deck"),
    "named": Kind({"name": _p("named")}, "a behaviour only one card has"),
    "choose": Kind({"chooser": _c(*CHOOSERS), "options": _p("options")},
                   "the chooser picks one list of effects (an empty list declines)"),
}

# Behaviours only one card has (name → what it does; the combat slice implements them).
NAMED: dict[str, str] = {
    "steal_top_card_icons": "the opponent discards their combat deck's top card; you "
                            "count its icons until the end of this round",
    "cancel_storm_move": "when another player moves a storm, cancel it and move the storm "
                         "in any of the 8 directions",
    "draw_three_events": "draw 3 event cards, resolve 1 (no storm move), discard the rest",
    "free_upgrade_by_storms": "destroy a Cultist to gain a free upgrade whose CL is at most "
                              "the number of storms bordering its system",
    "advance_anywhere": "resolve an Advance in any system where you have 2 or more units",
    "reorder_own_order": "look at one of your order tokens in any stack; put it on the top "
                         "or the bottom of that stack",
    "move_in_by_cultist_count": "move one of your units from any world onto this world; "
                                "its CL is at most the number of Cultists in this system",
    "destroy_unless_dice_equal_cl": "pick an enemy unit: it is destroyed unless its owner "
                                    "spends dice equal to its CL",
    "move_into_adjacent_combat": "move any number of CL 0-1 units into an adjacent area; "
                                 "this may start one more combat after this one",
}

# Orders a `resolve_as` may name (its parameter type ``orders``).
RESOLVE_AS: tuple[str, ...] = ("advance", "dominate", "deploy")
