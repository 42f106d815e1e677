"""The closed vocabulary of what Arcs' cards do (court, leaders, lore).

A card's behaviour is data: a list of *abilities*, each a table with ``when`` (one of
:data:`TIMINGS`), ``kind`` (a key of :data:`KINDS`) and that kind's parameters::

    { when = "prelude", kind = "gain_resource", resource = "fuel", count = 1, discard = true }

Every ability may also say ``discard = true`` (discard this card to use it) and
``once_per_turn = true``.  A card that needs something no other card does gets
``{ kind = "named", name = "..." }`` with a name from :data:`NAMED`; a new action
(«новое действие») names one of :data:`NEW_ACTIONS`.  The engine implements kinds,
named effects and new actions; it never looks at a card's id or name.  The loader
(:mod:`game.arcs.data`) refuses anything not listed here, and the tests check every
kind is used by some card or listed in :data:`RESERVED`.

Pure Python: no pygame, no UI, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The closed sets the parameters draw on.  rules/arcs/ defines the same ids with their
# names; the loader checks the two agree.
RESOURCES: tuple[str, ...] = ("material", "fuel", "weapon", "relic", "psionic")
SUITS: tuple[str, ...] = ("administration", "aggression", "construction", "mobilization")
BASIC_ACTIONS: tuple[str, ...] = ("tax", "build", "repair", "move", "battle", "secure",
                                  "influence")
AMBITIONS: tuple[str, ...] = ("tycoon", "tyrant", "warlord", "keeper", "empath")
DICE: tuple[str, ...] = ("skirmish", "assault", "raid")
DIE_SYMBOLS: tuple[str, ...] = ("hit", "self_hit", "intercept", "building_hit", "key")

# When an ability applies (rulebook p. 13, 17, 20: «Во время присвоения», «Пролог»,
# new actions, boosts «усилители»; setup and scoring are steps a boost may change).
TIMINGS: tuple[str, ...] = ("passive", "prelude", "new_action", "boost", "when_secured",
                            "setup", "scoring")
COMMON_PARAMS: tuple[str, ...] = ("when", "kind", "discard", "once_per_turn")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a kind: its type and whether it must be given.

    Types: ``resource``, ``resource_or_any`` (a resource or ``"any"``), ``resources``
    (a list of ``resource_or_any``), ``count`` (1..15), ``bool``, ``basic_action``,
    ``suit``, ``ambition``, ``ambition_or_any``, ``ambitions`` (a list), ``die``,
    ``choice`` (one of ``choices``), ``new_action``, ``named``."""

    type: str
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Kind:
    timings: tuple[str, ...]
    params: dict[str, Param] = field(default_factory=dict)
    doc: str = ""


def _p(type_: str, required: bool = True, *choices: str) -> Param:
    return Param(type_, required, tuple(choices))


PLACES = ("controlled_system", "each_in_play_gate", "each_system_of_a_cluster")
STEAL_WHAT = ("resource", "guild_card", "resource_or_guild_card")
REROLL_LIMITS = ("weapon_icons", "fresh_attacking_ships")
BATTLE_PLACES = ("anywhere", "gate")

KINDS: dict[str, Kind] = {
    # --- resources and the supply
    "gain_resource": Kind(("prelude", "boost"), {
        "resource": _p("resource_or_any"), "count": _p("count")},
        "gain count resources of one type (\"any\": the player picks)"),
    "gain_resources": Kind(("prelude",), {"resources": _p("resources")},
                           "gain one resource of each listed type"),
    "fill_empty_slots": Kind(("prelude",), {"resource": _p("resource")},
                             "gain the resource up to your empty resource slots; once the "
                             "supply is out, steal the rest from rivals"),
    "exchange_resource": Kind(("prelude",), {"gain": _p("resource")},
                              "discard 1 of your resources to gain 1 of this type"),
    "spend_any_as": Kind(("passive",), {"resource": _p("resource")},
                         "any of your resources may be spent as this type"),
    "outrage_keeps_prelude": Kind(("passive",), {"resource": _p("resource")},
                                  "Outrage of this type does not stop its prelude action"),
    "keep_on_outrage": Kind(("passive",), {}, "Outrage does not discard this card"),
    "hold_supply": Kind(("passive",), {"resource": _p("resource")},
                        "the whole supply of the type sits on this card: it counts for your "
                        "ambitions but cannot be spent"),
    "discard_after_scoring": Kind(("scoring",), {
        "resource": _p("resource"), "who": _p("choice", True, "rivals", "self"),
        "if_scored": _p("ambition", False)},
        "after scoring (only if that ambition was scored, when given), who discards every "
        "resource of the type"),
    "steal": Kind(("prelude", "when_secured"), {
        "what": _p("choice", True, *STEAL_WHAT), "resource": _p("resource_or_any", False),
        "count": _p("count")}, "steal from a rival"),
    "protect_from_theft": Kind(("passive",), {},
                               "rivals cannot steal your resources or other guild cards; a "
                               "raid may take this card first and go on spending keys"),
    "bury_when_stolen": Kind(("passive",), {}, "stolen, this card goes under the court deck"),
    "extra_resource_slot": Kind(("passive",), {"keys": _p("count")},
                                "one more resource slot with this raid cost"),
    # --- court cards and the action deck
    "attach_to_played": Kind(("prelude",), {"suit": _p("suit")},
                             "attach to your face-up played card of the suit; at round end "
                             "that card returns to your hand and this one is discarded"),
    "draw_from_action_discard": Kind(("prelude", "when_secured"), {
        "count": _p("count"), "plus_discarded": _p("bool", False)},
        "draw from the bottom of the action discard (plus_discarded: first discard any "
        "cards from hand and draw that many more)"),
    "secure_min_agents": Kind(("passive",), {"min": _p("count")},
                              "you cannot secure a guild card with fewer of your agents on "
                              "it, unless ransacking"),
    # --- pieces on the map
    "place_ships": Kind(("prelude", "when_secured"), {
        "count": _p("count"), "where": _p("choice", True, *PLACES)},
        "place ships from your supply"),
    "build_in_gates": Kind(("passive",), {
        "building": _p("choice", True, "starport", "city"), "per_gate": _p("count")},
        "this building may be built in gates"),
    "extra_city_slot": Kind(("passive",), {"per_planet": _p("count"), "cost": _p("count")},
                            "a city may be built beyond a planet's slots, paying resources "
                            "of the planet's type"),
    "build_undamaged": Kind(("passive",), {"piece": _p("choice", True, "ship")},
                            "the piece is built fresh even where a rival controls"),
    "move_limit": Kind(("passive",), {"max_ships": _p("count")},
                       "move at most this many ships per move"),
    "move_again": Kind(("boost",), {"fresh_only": _p("bool")},
                       "moved ships may move once more"),
    "cover_outrage": Kind(("setup",), {"resources": _p("resources")},
                          "at setup your agents cover these Outrage icons"),
    # --- initiative and ambitions
    "seize_initiative": Kind(("prelude",), {"before_other_actions": _p("bool", False)},
                             "seize the initiative (normal limits)"),
    "declare_ambition": Kind(("when_secured",), {"ambition": _p("ambition_or_any")},
                             "you may declare the ambition (a marker must be available)"),
    "declare_without_zero": Kind(("boost",), {"ambitions": _p("ambitions")},
                                 "declaring one of these does not place the zero marker"),
    "declare_when_following": Kind(("boost",), {},
                                   "on Surpass or Pivot you may declare your card's ambition "
                                   "if none was declared this round; no zero marker"),
    "declare_look_and_swap": Kind(("boost",), {},
                                  "on declaring, look at a rival's hand and may swap 1 card"),
    "on_declare_gain": Kind(("boost",), {"resource": _p("resource_or_any")},
                            "on declaring, gain 1 resource"),
    "on_declare_influence_each": Kind(("boost",), {},
                                      "on declaring, may influence each court card once"),
    "declare_cost_give_guild_card": Kind(("passive",), {},
                                         "to declare, give 1 guild card to the rival with "
                                         "the least Power"),
    "score_as_second": Kind(("scoring",), {"ambition": _p("ambition")},
                            "on this ambition no Power for 2nd place; 1st place scores the "
                            "2nd-place values and no city bonus"),
    "provoke_outrage": Kind(("when_secured",), {
        "who": _p("choice", True, "all", "self"),
        "resource": _p("choice", True, "chosen", *RESOURCES)},
        "the players provoke Outrage of the type (chosen: the player names one or none)"),
    # --- following and actions
    "follow_gain": Kind(("boost",), {"action": _p("basic_action"), "resource": _p("resource")},
                        "when you Copy or Pivot into the action, also gain 1 resource"),
    "follow_extra_action": Kind(("boost",), {"action": _p("basic_action"),
                                             "extra": _p("basic_action")},
                                "when you Copy or Pivot into the action, may also take the "
                                "extra action before or after"),
    "tax_own_requires_control": Kind(("passive",), {},
                                     "you may tax your own cities only where you control"),
    "after_defending_influence": Kind(("boost",), {},
                                      "after defending, if the attacker took trophies, you "
                                      "may influence"),
    "no_ransack_against": Kind(("passive",), {}, "rivals cannot ransack the court against you"),
    # --- battle
    "extra_dice": Kind(("boost",), {"count": _p("count"),
                                    "where": _p("choice", True, *BATTLE_PLACES)},
                       "battling, you may collect extra dice"),
    "reroll_dice": Kind(("boost",), {"die": _p("die"),
                                     "limit": _p("choice", True, *REROLL_LIMITS)},
                        "after rolling, reroll dice of the type up to the limit"),
    "defend_add_intercept": Kind(("boost",), {"die": _p("die")},
                                 "defending against this die, add 1 intercept to the roll"),
    "ignore_own_intercept": Kind(("boost",), {"count": _p("count")},
                                 "if all your attacking ships start fresh, ignore intercepts "
                                 "you roll"),
    "repair_after_attack": Kind(("boost",), {"count": _p("count")},
                                "after attacking, repair attacking ships"),
    "defend_pre_battle_hit": Kind(("boost",), {"hits": _p("count")},
                                  "defending with a fresh ship, the attacker takes hits before "
                                  "collecting dice"),
    # --- the open ends
    "new_action": Kind(("new_action",), {
        "action": _p("new_action"), "replaces": _p("basic_action"),
        "resource": _p("resource", False)},
        "a new action the player may take instead of the basic one it replaces"),
    "named": Kind(TIMINGS, {"name": _p("named")},
                  "a behaviour only one card has, implemented by name"),
}

# New actions: id → the basic action it replaces, and what it does.  (Rulebook p. 20:
# «Рядом с ним в скобках приведено название обычного действия».)
NEW_ACTIONS: dict[str, tuple[str, str]] = {
    "manufacture": ("build", "gain 1 resource of the card's type (its `resource`)"),
    "synthesize": ("build", "gain 1 resource of the card's type (its `resource`)"),
    "pressgang": ("build", "return any number of your captives; gain any 1 resource each"),
    "execute": ("influence", "move any number of your captives to your trophies"),
    "abduct": ("battle", "capture all rival agents on one court card holding fewer rival "
                         "agents than your Weapon icons"),
    "trade": ("tax", "at a rival city you control, take 1 resource of its type from its "
                     "owner and give them 1 of a type they lack"),
    "build_ship_at_city": ("build", "place a ship at a city you control, once per turn"),
    "rifle_volley": ("battle", "skirmish dice for your fresh ships, fired at an adjacent "
                               "system; hits only"),
    "nourish": ("build", "tax one of your own cities"),
    "transform": ("repair", "swap one of your starports for a city, or a city for a starport"),
}

# Behaviours only one card has.  Name → what it does (the engine slice implements them).
NAMED: dict[str, str] = {
    "song_of_freedom": "you may return one city you control (any owner's) to its owner's "
                       "board; if you do you may seize the initiative (normal limits)",
    "guild_struggle": "you may steal 1 guild card from a rival; then shuffle every guild "
                      "card of the court discard back into the court deck",
    "gate_port_toll": "a rival moving into a gate with your starport, where you control, "
                      "gives you 1 agent as a captive",
    "gate_city_every_type": "a city in a gate counts as every planet type of its cluster",
    "no_raid_against_fresh_starport": "rivals cannot roll raid dice against you while you "
                                      "have a fresh starport defending",
}

# Kinds no card of the base game uses yet (kept for the expansions / engine).  The tests
# check every other kind is used by the data.
RESERVED: frozenset[str] = frozenset({
    "gain_resource",  # the plain gain; base-box cards gain through more specific kinds
})

# What a vox card does after its When Secured effect («Во время присвоения»).
VOX_AFTER: tuple[str, ...] = ("discard", "shuffle_into_court_deck")
