"""A legacy campaign between evenings: two players, their vaults and the trade deck's
upgrades, as versioned JSON (read without trusting anything).

The physical box keeps this in two vault envelopes and on the cards themselves; here it
is one :class:`Campaign` record per campaign.  Nothing in it is executed: loading checks
every field and a damaged file is refused with a one-line reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game import validate, versioned_json
from game.star_realms.engine.campaign import SpecError, parse_upgrades
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS, SCENARIOS
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS, CardDB

MAGIC = "star-realms-table-campaign"  # the name before Starfold: kept, so old files load
SCHEMA = 1
CONTROLLERS = ("human", "random", "greedy", "easy", "normal", "hard")
HOWS = ("authority", "political", "allegiance")
# schema n → n+1, as for saves
MIGRATIONS: dict[int, Any] = {}


class CampaignError(Exception):
    """A campaign file cannot be used; ``str()`` is one line a player can read."""


@dataclass
class Player:
    name: str
    controller: str  # human or an AI level
    faction: str  # star_empire | trade_federation, for the whole campaign


@dataclass
class Result:
    scenario: int
    first: str  # faction of the player who went first (the scenario side used)
    winner: str  # faction
    how: str  # authority | political | allegiance
    turns: int
    choice: str = ""  # the option the first player chose, if the scenario asked


@dataclass
class Campaign:
    id: str
    name: str
    seed: int
    players: list[Player]
    created: str = ""
    scenario: int = 1  # the next scenario to play (13: all twelve played)
    results: list[Result] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)  # scenario → option id
    favours: dict[str, str] = field(default_factory=dict)  # neighbour → player faction
    used: dict[str, list[str]] = field(default_factory=dict)  # faction → sticker ids used
    upgrades: list[list[Any]] = field(default_factory=list)  # [card, copy, sticker, faction]
    pending_choice: str = ""  # chosen for the scenario about to be played
    game: str = ""  # file name of the save of the scenario in progress
    topup_done: bool = False
    coin_flip: bool = False  # factions were decided by a coin flip
    no_wish: int = -1  # the player who had no wish while the other had one (-1: none)
    topup_log: list[list[Any]] = field(default_factory=list)  # [faction, card, copy, sticker]

    # ---------------------------------------------------------------- queries

    def player_of(self, faction: str) -> int:
        return next(i for i, p in enumerate(self.players) if p.faction == faction)

    def vp(self, faction: str, db: CardDB) -> int:
        return sum(db.campaign.scenario(r.scenario).vp.points for r in self.results
                   if r.winner == faction)

    @property
    def played_all(self) -> bool:
        return self.scenario > SCENARIOS

    @property
    def finished(self) -> bool:
        return self.played_all and self.topup_done

    def upgrades_by(self, faction: str) -> int:
        return sum(1 for u in self.upgrades if u[3] == faction)

    # ---------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "magic": MAGIC, "schema": SCHEMA, "id": self.id, "name": self.name,
            "seed": self.seed, "created": self.created,
            "players": [{"name": p.name, "controller": p.controller, "faction": p.faction}
                        for p in self.players],
            "scenario": self.scenario,
            "results": [{"scenario": r.scenario, "first": r.first, "winner": r.winner,
                         "how": r.how, "turns": r.turns, "choice": r.choice}
                        for r in self.results],
            "choices": dict(self.choices), "favours": dict(self.favours),
            "used": {f: list(v) for f, v in self.used.items()},
            "upgrades": [list(u) for u in self.upgrades],
            "pending_choice": self.pending_choice, "game": self.game,
            "topup_done": self.topup_done, "coin_flip": self.coin_flip,
            "no_wish": self.no_wish,
            "topup_log": [list(x) for x in self.topup_log],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def _need(cond: bool, message: str) -> None:
    validate.need(cond, message, CampaignError)


_is_int = validate.is_int


def _text(v: Any, limit: int = 60) -> bool:
    return validate.is_text(v, limit)


def from_json(doc: Any, db: CardDB) -> Campaign:
    """A campaign from its parsed JSON; anything inconsistent raises CampaignError."""
    doc = versioned_json.upgrade(doc, "campaign", MAGIC, SCHEMA, MIGRATIONS, CampaignError)
    campaign = db.campaign
    _need(campaign is not None, "this build has no campaign data")
    _need(_text(doc.get("id"), 80) and all(ch.isalnum() or ch in "-_" for ch in doc["id"]),
          "the campaign has no valid id")
    _need(_text(doc.get("name"), 80), "the campaign has no valid name")
    _need(_is_int(doc.get("seed"), 0, 2**63), "the campaign has no valid seed")
    players_raw = doc.get("players")
    _need(isinstance(players_raw, list) and len(players_raw) == 2, "a campaign has two players")
    players = []
    for i, p in enumerate(players_raw):
        _need(isinstance(p, dict) and _text(p.get("name"), 40), f"player {i + 1} has no name")
        _need(p.get("controller") in CONTROLLERS, f"player {i + 1} has an unknown controller")
        _need(p.get("faction") in PLAYER_FACTIONS, f"player {i + 1} has no faction")
        players.append(Player(p["name"], p["controller"], p["faction"]))
    _need(players[0].faction != players[1].faction, "the two players share a faction")
    scenario = doc.get("scenario")
    _need(_is_int(scenario, 1, SCENARIOS + 1), "the campaign names no valid scenario")
    results = []
    raw_results = doc.get("results")
    _need(isinstance(raw_results, list) and len(raw_results) == scenario - 1,
          "the campaign's results do not match its progress")
    for n, r in enumerate(raw_results, start=1):
        _need(isinstance(r, dict) and r.get("scenario") == n, f"result {n} is damaged")
        _need(r.get("first") in PLAYER_FACTIONS and r.get("winner") in PLAYER_FACTIONS,
              f"result {n} names no faction")
        _need(r.get("how") in HOWS and _is_int(r.get("turns"), 0, 10**6),
              f"result {n} is damaged")
        _need(isinstance(r.get("choice", ""), str), f"result {n} is damaged")
        results.append(Result(n, r["first"], r["winner"], r["how"], r["turns"],
                              r.get("choice", "")))
    choices = doc.get("choices", {})
    _need(isinstance(choices, dict), "the campaign's choices are damaged")
    for k, v in choices.items():
        _need(k.isdigit() and 1 <= int(k) < scenario and isinstance(v, str),
              "the campaign's choices are damaged")
        sc = campaign.scenario(int(k))
        _need(any(side.choice and v in {o.id for o in side.choice.options}
                  for side in sc.sides.values()), f"scenario {k} has no option {v[:40]!r}")
    favours = doc.get("favours", {})
    _need(isinstance(favours, dict) and all(
        k in CAMPAIGN_FACTIONS and isinstance(v, str) and v in PLAYER_FACTIONS
        for k, v in favours.items()), "the campaign's favours are damaged")
    used = doc.get("used", {})
    _need(isinstance(used, dict) and set(used) <= set(PLAYER_FACTIONS),
          "the campaign's vaults are damaged")
    for ids in used.values():
        _need(isinstance(ids, list) and all(isinstance(s, str) and s in campaign.stickers
                                            for s in ids), "the campaign's vaults are damaged")
        rows = [campaign.stickers[s].row for s in ids]
        _need(len(rows) == len(set(rows)), "a vault used two stickers of one row")
    try:
        parse_upgrades(doc.get("upgrades", []), db)
    except SpecError as exc:
        raise CampaignError(f"the campaign's upgrades are damaged: {exc}") from None
    upgrades = [list(u) for u in doc.get("upgrades", [])]
    for f in PLAYER_FACTIONS:
        by_f = sorted(u[2] for u in upgrades if u[3] == f)
        _need(by_f == sorted(used.get(f, [])), "the vaults and the upgraded cards disagree")
    pending = doc.get("pending_choice", "")
    game = doc.get("game", "")
    _need(isinstance(pending, str) and len(pending) <= 40, "the pending choice is damaged")
    _need(isinstance(game, str) and len(game) <= 120 and "/" not in game and "\\" not in game,
          "the campaign's game reference is damaged")
    topup_done = doc.get("topup_done", False)
    coin = doc.get("coin_flip", False)
    _need(isinstance(topup_done, bool) and isinstance(coin, bool), "the campaign is damaged")
    no_wish = doc.get("no_wish", -1)  # absent before it was recorded
    if no_wish not in (-1, 0, 1) or isinstance(no_wish, bool):
        no_wish = -1  # only changes a sentence of the opening notice: never refuse for it
    log = doc.get("topup_log", [])
    _need(isinstance(log, list) and all(isinstance(x, list) and len(x) == 4 for x in log),
          "the campaign's top-up log is damaged")
    created = doc.get("created", "")
    return Campaign(
        id=doc["id"], name=doc["name"], seed=doc["seed"], players=players,
        created=created if isinstance(created, str) else "", scenario=scenario,
        results=results, choices=dict(choices), favours=dict(favours),
        used={f: list(v) for f, v in used.items()}, upgrades=upgrades,
        pending_choice=pending, game=game, topup_done=topup_done, coin_flip=coin,
        no_wish=no_wish, topup_log=[list(x) for x in log])
