"""Load and validate the legacy campaign's data (seed 001) into a :class:`CampaignDef`.

* ``rules/campaign_decks.toml`` — ``[[deck]]``: each player faction's personal deck;
* ``rules/campaign_stickers.toml`` — ``[[sheet]]``: four sticker sheets, five cost rows,
  a ship and a base sticker per row;
* ``rules/campaign_scenarios.toml`` — ``[[scenario]]``: twelve scenarios, each with its
  victory-point card and the two faces of its scenario card (rules, story, a choice).

The campaign's cards themselves (``campaign.toml``, ``campaign_post.toml``, the deck
specials) are ordinary card sets read by :mod:`game.star_realms.data.loader`.  Every problem is
reported as ``file:item:field: message``.
"""

from __future__ import annotations

from typing import Any

from game import validate
from game.star_realms.data.effects import Errors, parse_effects
from game.star_realms.engine import vocabulary
from game.star_realms.engine.campaign import RULE_KINDS, WHO, WHO_PREFIXES
from game.star_realms.engine.campaign_def import (
    PLAYER_FACTIONS,
    POLITICAL_SCENARIOS,
    SCENARIOS,
    STICKER_SLOTS,
    CampaignDef,
    Choice,
    ChoiceOption,
    Rule,
    Scenario,
    Sheet,
    Side,
    Sticker,
    VictoryCard,
)
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS, CardDB

DECKS = "rules/campaign_decks.toml"
STICKERS = "rules/campaign_stickers.toml"
SCENARIO_FILE = "rules/campaign_scenarios.toml"
# Effects a standing scenario rule may give outside any card (no questions to ask).
SIMPLE_OPS = vocabulary.PLAIN_GAIN_OPS  # a standing rule may only use plain gains
# Parameters of each rule kind: name → type tag.
RULE_PARAMS: dict[str, dict[str, str]] = {
    "authority": {"change": "change"},
    "hand": {"amount": "hand"},
    "deck_add": {"card": "card", "count": "count"},
    "start_base": {"card": "base"},
    "cost": {"faction": "neighbour", "change": "small_change"},
    "turn_start": {"effects": "simple_effects"},
    "acquire_bonus": {"faction": "neighbour", "effects": "simple_effects"},
    "upgrade_cost": {"change": "small_change"},
    "victory": {"faction": "neighbour", "count": "count"},
    "grant": {"cards": "card_or_faction", "slot": "grant_slot", "effects": "effects"},
    "row_start": {"faction": "neighbour", "count": "count"},
    "remove": {"faction": "neighbour"},
}
assert set(RULE_PARAMS) == set(RULE_KINDS)


def _text(raw: dict, key: str, errors: Errors, path: str = "") -> str:
    return validate.need_str(raw, key, errors, path, what="text", strip=True)


_whole = validate.is_int


# ---------------------------------------------------------------------- decks


def parse_decks(doc: dict, db: CardDB, errors: list[str]) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    raw_list = doc.get("deck")
    if not isinstance(raw_list, list):
        errors.append(f"{DECKS}:deck: expected [[deck]] tables")
        return out
    for i, raw in enumerate(raw_list):
        e = Errors()
        faction = raw.get("faction") if isinstance(raw, dict) else None
        name = faction if isinstance(faction, str) else f"deck[{i}]"
        if not isinstance(raw, dict):
            errors.append(f"{DECKS}:{name}: expected a table")
            continue
        for key in raw:
            if key not in ("faction", "cards"):
                e.add(key, "unknown field")
        if faction not in PLAYER_FACTIONS:
            e.add("faction", f"expected one of {', '.join(PLAYER_FACTIONS)}")
        cards = raw.get("cards")
        deck = []
        if not isinstance(cards, dict) or not cards:
            e.add("cards", "expected a table of card id = count")
        else:
            for cid, n in cards.items():
                if cid not in db:
                    e.add(f"cards.{cid}", "unknown card")
                elif not _whole(n, 1, 20):
                    e.add(f"cards.{cid}", "expected a count 1..20")
                else:
                    deck.append((cid, n))
        errors.extend(f"{DECKS}:{name}:{x}" for x in e)
        if not e:
            if faction in out:
                errors.append(f"{DECKS}:{name}:faction: two decks for one faction")
            assert isinstance(faction, str)  # (else e holds an error)
            out[faction] = tuple(deck)
    for f in PLAYER_FACTIONS:
        if f not in out and not errors:
            errors.append(f"{DECKS}:{f}: missing personal deck")
    return out


# ---------------------------------------------------------------------- stickers


def _parse_sticker(raw: Any, sheet: int, cost: int, kind: str, path: str,
                   errors: Errors) -> Sticker | None:
    if not isinstance(raw, dict):
        errors.add(path, "expected a table { slot, effects } or per-faction effects")
        return None
    for key in raw:
        if key not in ("slot", "effects", *PLAYER_FACTIONS):
            errors.add(f"{path}.{key}", "unknown field")
    slot = raw.get("slot")
    if slot not in STICKER_SLOTS:
        errors.add(f"{path}.slot", f"expected one of {', '.join(STICKER_SLOTS)}")
    effects: dict[str, Any] = {}
    if "effects" in raw:
        if any(f in raw for f in PLAYER_FACTIONS):
            errors.add(path, "give either effects or one list per faction, not both")
        both = parse_effects(raw["effects"], f"{path}.effects", errors)
        effects = {f: both for f in PLAYER_FACTIONS}
    else:
        for f in PLAYER_FACTIONS:
            if f not in raw:
                errors.add(f"{path}.{f}", "missing (or give `effects` for both factions)")
            else:
                effects[f] = parse_effects(raw[f], f"{path}.{f}", errors)
    if any(not e for e in effects.values()):
        errors.add(path, "a sticker needs at least one effect")
    if errors:
        return None
    assert isinstance(slot, str)  # (one of STICKER_SLOTS, else errors)
    return Sticker(f"s{sheet}c{cost}{kind}", sheet, cost, kind, slot, effects)


def parse_stickers(doc: dict, errors: list[str]) -> tuple[tuple[Sheet, ...], dict]:
    sheets: list[Sheet] = []
    stickers: dict[str, Sticker] = {}
    raw_list = doc.get("sheet")
    if not isinstance(raw_list, list) or not raw_list:
        errors.append(f"{STICKERS}:sheet: expected [[sheet]] tables")
        return (), {}
    for i, raw in enumerate(raw_list):
        e = Errors()
        name = f"sheet{i + 1}"
        if not isinstance(raw, dict):
            errors.append(f"{STICKERS}:{name}: expected a table")
            continue
        for key in raw:
            if key not in ("number", "scenario", "name_en", "name_ru", "row"):
                e.add(key, "unknown field")
        number = raw.get("number")
        if number != i + 1:
            e.add("number", f"sheets are numbered in order: expected {i + 1}")
        scenario = raw.get("scenario")
        if not _whole(scenario, 1, SCENARIOS):
            e.add("scenario", f"expected the scenario (1..{SCENARIOS}) whose envelope holds it")
        name_en, name_ru = _text(raw, "name_en", e), _text(raw, "name_ru", e)
        rows = raw.get("row")
        costs: list[int] = []
        if not isinstance(rows, list) or len(rows) != 5:
            e.add("row", "a sheet has exactly five [[sheet.row]] tables")
            rows = []
        for r, row in enumerate(rows):
            path = f"row[{r}]"
            if not isinstance(row, dict):
                e.add(path, "expected a table")
                continue
            for key in row:
                if key not in ("cost", "ship", "base"):
                    e.add(f"{path}.{key}", "unknown field")
            cost = row.get("cost")
            if not _whole(cost, 1, 8):
                e.add(f"{path}.cost", "expected a cost 1..8")
                continue
            if cost in costs:
                e.add(f"{path}.cost", f"two rows for cost {cost}")
            costs.append(cost)
            for kind in ("ship", "base"):
                st = _parse_sticker(row.get(kind), i + 1, cost, kind, f"{path}.{kind}", e)
                if st is not None:
                    stickers[st.id] = st
        errors.extend(f"{STICKERS}:{name}:{x}" for x in e)
        if not e:
            assert isinstance(scenario, int)  # (else e holds an error)
            sheets.append(Sheet(i + 1, name_en, name_ru, scenario, tuple(costs)))
    return tuple(sheets), stickers


# ---------------------------------------------------------------------- scenarios


def _check_param(tag: str, value: Any, path: str, errors: Errors, db: CardDB) -> Any:
    if tag == "change":
        if not _whole(value, -40, 50):
            errors.add(path, "expected a change of authority -40..50")
        return value
    if tag == "small_change":
        if not _whole(value, -3, 3):
            errors.add(path, "expected a change -3..3")
        return value
    if tag == "hand":
        if not _whole(value, 1, 10):
            errors.add(path, "expected a hand size 1..10")
        return value
    if tag == "count":
        if not _whole(value, 1, 20):
            errors.add(path, "expected a count 1..20")
        return value
    if tag in ("card", "base"):
        if not isinstance(value, str) or value not in db:
            errors.add(path, f"unknown card {value!r}")
        elif tag == "base" and not db[value].is_base:
            errors.add(path, f"{value} is not a base")
        return value
    if tag == "neighbour":
        if value not in CAMPAIGN_FACTIONS:
            errors.add(path, f"expected one of {', '.join(CAMPAIGN_FACTIONS)}")
        return value
    if tag == "card_or_faction":
        if not isinstance(value, str) or (value not in db and value not in CAMPAIGN_FACTIONS):
            errors.add(path, "expected a card id or a neighbour faction")
        return value
    if tag == "grant_slot":
        if value not in ("scrap", "ally"):
            errors.add(path, "a scenario may grant a scrap or an ally ability")
        return value
    if tag == "effects":
        return parse_effects(value, path, errors)
    if tag == "simple_effects":
        effects = parse_effects(value, path, errors)
        for k, (op, _) in enumerate(effects):
            if op not in SIMPLE_OPS:
                errors.add(f"{path}[{k}]", f"a standing rule may only use {', '.join(SIMPLE_OPS)}")
        return effects
    raise ValueError(tag)  # pragma: no cover


def _parse_rule(raw: Any, path: str, errors: Errors, db: CardDB,
                options: dict[int, set[str]]) -> Rule | None:
    if not isinstance(raw, dict):
        errors.add(path, "expected a table { rule = ..., ... }")
        return None
    kind = raw.get("rule")
    if kind not in RULE_PARAMS:
        errors.add(f"{path}.rule", f"unknown rule (known: {', '.join(RULE_PARAMS)})")
        return None
    spec = RULE_PARAMS[kind]
    for key in raw:
        if key not in ("rule", "who", "when", *spec):
            errors.add(f"{path}.{key}", f"unknown parameter of {kind}")
    who = raw.get("who", "both")
    ok = who in WHO or (isinstance(who, str) and any(
        who.startswith(p) and who[len(p):] in CAMPAIGN_FACTIONS for p in WHO_PREFIXES))
    if not ok:
        errors.add(f"{path}.who", "expected first, second, both, empire, federation, "
                                  "favoured:<neighbour> or rival:<neighbour>")
    when = raw.get("when", "")
    if when:
        sc, _, opt = str(when).lstrip("!").partition(":")
        if not (sc.isdigit() and opt in options.get(int(sc), set())):
            errors.add(f"{path}.when", f"{when!r} names no earlier scenario's option "
                                       "(\"<scenario>:<option>\", ! to negate)")
    params = {}
    for key, tag in spec.items():
        if key not in raw:
            errors.add(f"{path}.{key}", "missing required parameter")
            continue
        params[key] = _check_param(tag, raw[key], f"{path}.{key}", errors, db)
    return Rule(kind, who, params, str(when))


def _parse_rules(raw: Any, path: str, errors: Errors, db: CardDB,
                 options: dict[int, set[str]]) -> tuple[Rule, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        errors.add(path, "expected a list of rules")
        return ()
    rules = [_parse_rule(r, f"{path}[{i}]", errors, db, options) for i, r in enumerate(raw)]
    return tuple(r for r in rules if r is not None)


def _parse_choice(raw: Any, path: str, errors: Errors, db: CardDB,
                  options: dict[int, set[str]]) -> Choice | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        errors.add(path, "expected a table")
        return None
    for key in raw:
        if key not in ("prompt_en", "prompt_ru", "option"):
            errors.add(f"{path}.{key}", "unknown field")
    prompt_en, prompt_ru = _text(raw, "prompt_en", errors, f"{path}."), _text(
        raw, "prompt_ru", errors, f"{path}.")
    opts = []
    raw_opts = raw.get("option")
    if not isinstance(raw_opts, list) or len(raw_opts) < 2:
        errors.add(f"{path}.option", "a choice needs two or more [[...option]] tables")
        raw_opts = []
    seen = set()
    for i, o in enumerate(raw_opts):
        p = f"{path}.option[{i}]"
        if not isinstance(o, dict):
            errors.add(p, "expected a table")
            continue
        for key in o:
            if key not in ("id", "name_en", "name_ru", "text_en", "text_ru", "favour", "rules"):
                errors.add(f"{p}.{key}", "unknown field")
        oid = o.get("id")
        if not isinstance(oid, str) or not oid.isidentifier():
            errors.add(f"{p}.id", "expected a short identifier")
        elif oid in seen:
            errors.add(f"{p}.id", "two options with one id")
        seen.add(oid)
        favour = None
        fav = o.get("favour")
        if fav is not None:
            if (not isinstance(fav, dict) or fav.get("faction") not in CAMPAIGN_FACTIONS
                    or fav.get("to") not in ("first", "second", "none") or len(fav) != 2):
                errors.add(f"{p}.favour", "expected { faction = <neighbour>, to = first | "
                                          "second | none }")
            else:
                favour = (fav["faction"], fav["to"])
        opts.append(ChoiceOption(
            str(oid), _text(o, "name_en", errors, f"{p}."), _text(o, "name_ru", errors, f"{p}."),
            _text(o, "text_en", errors, f"{p}."), _text(o, "text_ru", errors, f"{p}."), favour,
            _parse_rules(o.get("rules"), f"{p}.rules", errors, db, options)))
    return Choice(prompt_en, prompt_ru, tuple(opts))


def _parse_side(raw: Any, path: str, errors: Errors, db: CardDB,
                options: dict[int, set[str]]) -> Side | None:
    if not isinstance(raw, dict):
        errors.add(path, "expected a table")
        return None
    for key in raw:
        if key not in ("story_en", "story_ru", "rules", "choice"):
            errors.add(f"{path}.{key}", "unknown field")
    return Side(_text(raw, "story_en", errors, f"{path}."), _text(raw, "story_ru", errors,
                                                                   f"{path}."),
                _parse_rules(raw.get("rules"), f"{path}.rules", errors, db, options),
                _parse_choice(raw.get("choice"), f"{path}.choice", errors, db, options))


def parse_scenarios(doc: dict, db: CardDB, sheets: tuple[Sheet, ...],
                    errors: list[str]) -> tuple[tuple[Scenario, ...], str, str]:
    raw_list = doc.get("scenario")
    if not isinstance(raw_list, list) or len(raw_list) != SCENARIOS:
        errors.append(f"{SCENARIO_FILE}:scenario: expected {SCENARIOS} [[scenario]] tables")
        return (), "", ""
    finale = doc.get("finale")
    fe = Errors()
    if not isinstance(finale, dict):
        fe.add("finale", "missing [finale] table (how the campaign's winner is decided)")
        finale = {}
    finale_en, finale_ru = _text(finale, "text_en", fe, "finale."), _text(
        finale, "text_ru", fe, "finale.")
    errors.extend(f"{SCENARIO_FILE}:{x}" for x in fe)
    out: list[Scenario] = []
    options: dict[int, set[str]] = {}  # choices of earlier scenarios, for `when`
    for i, raw in enumerate(raw_list):
        e = Errors()
        number = i + 1
        raw_id = raw.get("id") if isinstance(raw, dict) else None
        sid = raw_id if isinstance(raw_id, str) else f"scenario{number}"
        if not isinstance(raw, dict):
            errors.append(f"{SCENARIO_FILE}:{sid}: expected a table")
            continue
        for key in raw:
            if key not in ("number", "id", "name_en", "name_ru", "teaches_en", "teaches_ru",
                           "vp", "both", *PLAYER_FACTIONS):
                e.add(key, "unknown field")
        if raw.get("number") != number:
            e.add("number", f"scenarios are numbered in order: expected {number}")
        vp_raw = raw.get("vp")
        vp = VictoryCard("", "", 0)
        if not isinstance(vp_raw, dict) or not _whole(vp_raw.get("points"), 1, 10):
            e.add("vp", "expected { name_en, name_ru, points = 1..10 }")
        else:
            vp = VictoryCard(_text(vp_raw, "name_en", e, "vp."), _text(vp_raw, "name_ru", e,
                                                                       "vp."), vp_raw["points"])
        sides: dict[str, Side] = {}
        if "both" in raw:
            if any(f in raw for f in PLAYER_FACTIONS):
                e.add("both", "give [both] or one side per faction, not both")
            side = _parse_side(raw["both"], "both", e, db, options)
            if side is not None:
                sides = {f: side for f in PLAYER_FACTIONS}
        else:
            for f in PLAYER_FACTIONS:
                side = _parse_side(raw.get(f), f, e, db, options)
                if side is not None:
                    sides[f] = side
        opts = {o.id for s in sides.values() if s.choice for o in s.choice.options}
        if opts:
            options[number] = opts
        errors.extend(f"{SCENARIO_FILE}:{sid}:{x}" for x in e)
        if not e:
            out.append(Scenario(number, sid, _text(raw, "name_en", e), _text(raw, "name_ru", e),
                                _text(raw, "teaches_en", e), _text(raw, "teaches_ru", e), vp,
                                sides, number in POLITICAL_SCENARIOS))
    for sheet in sheets:
        if sheet.scenario in POLITICAL_SCENARIOS and sum(
                s.scenario == sheet.scenario for s in sheets) > 1:
            errors.append(f"{STICKERS}:sheet{sheet.number}:scenario: one sheet per scenario "
                          "(its political victory needs exactly one)")
    return tuple(out), finale_en, finale_ru


def load_campaign(read: Any, db: CardDB, errors: list[str]) -> CampaignDef | None:
    """``read(name, label)`` returns a parsed TOML document or None (error recorded)."""
    decks_doc = read("campaign_decks.toml", DECKS)
    stickers_doc = read("campaign_stickers.toml", STICKERS)
    scen_doc = read("campaign_scenarios.toml", SCENARIO_FILE)
    if decks_doc is None or stickers_doc is None or scen_doc is None:
        return None
    n = len(errors)
    decks = parse_decks(decks_doc, db, errors)
    sheets, stickers = parse_stickers(stickers_doc, errors)
    scenarios, finale_en, finale_ru = parse_scenarios(scen_doc, db, sheets, errors)
    if len(errors) > n:
        return None
    return CampaignDef(decks=decks, sheets=sheets, stickers=stickers, scenarios=scenarios,
                       finale_en=finale_en, finale_ru=finale_ru)
