"""One game of the legacy campaign (seed 001, «Правила кампании»): the "campaign" format.

A campaign game is a duel between the Star Empire and the Trade Federation player with
their own personal decks, the 60-card campaign trade deck (carrying every upgrade made
so far) and the rules of the scenario being played.  What the campaign has done before
this game arrives as one JSON-ready "spec" in ``GameConfig.options["campaign"]``::

    {"scenario": 3, "first": 0, "factions": ["star_empire", "trade_federation"],
     "choices": {"2": "pact"}, "favours": {"consortium": "star_empire"},
     "used": [["s1c3ship", ...], [...]],            # stickers each seat used earlier
     "upgrades": [["card_id", copy, "s1c3ship", "star_empire"], ...]}

so a saved or replayed game needs nothing but its config.  Upgrading happens when a seat
acquires a neighbour-faction ship or base: the engine asks an optional "upgrade" question
before the card lands (the book's seven steps, see :func:`upgrade_options`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.star_realms.engine.campaign_def import (  # (the upgrade helpers: re-exported)
    PLAYER_FACTIONS,
    UPGRADE_COST,
    CampaignDef,
    Rule,
    Scenario,
    SpecError,
    Sticker,
    _is_int,
    _need,
    apply_key,
    apply_sticker,
    can_carry,
    parse_upgrades,
    split_key,
    upgrade_key,
    upgrade_supply,
)
from game.star_realms.engine.cards import CAMPAIGN_FACTIONS, CardDef
from game.star_realms.engine.effects import run_now
from game.star_realms.engine.events import GameOver, Upgrade, Victory
from game.star_realms.engine.formats import Format

if TYPE_CHECKING:
    from game.star_realms.engine.rng import Rng
    from game.star_realms.engine.state import State

# (moved to campaign_def, below the formats; still importable from here)
REEXPORTED = (SpecError, Sticker, apply_key, upgrade_key)

FORMAT_ID = "campaign"
# Rules that affect one or both seats and those that affect the whole table.
SEAT_RULES = ("authority", "hand", "deck_add", "start_base", "cost", "turn_start",
              "acquire_bonus", "upgrade_cost", "victory")
TABLE_RULES = ("grant", "row_start", "remove")
RULE_KINDS = SEAT_RULES + TABLE_RULES
WHO = ("first", "second", "both", "empire", "federation")
WHO_PREFIXES = ("favoured:", "rival:")


# ---------------------------------------------------------------------- the spec


@dataclass(frozen=True)
class Spec:
    scenario: int
    first: int
    factions: tuple[str, str]
    choices: dict[str, str]
    favours: dict[str, str]
    used: tuple[frozenset[str], frozenset[str]]
    upgrades: dict[tuple[str, int], tuple[str, str]]  # (card, copy) → (sticker, faction)


def parse_spec(raw: Any, db: Any) -> Spec:
    """Check a spec field by field (it may come from a hostile save file)."""
    campaign: CampaignDef | None = getattr(db, "campaign", None)
    _need(campaign is not None, "this build has no campaign data")
    assert campaign is not None
    _need(isinstance(raw, dict), "the campaign spec must be an object")
    scenario = raw.get("scenario")
    _need(_is_int(scenario, 1, len(campaign.scenarios)), "the campaign spec names no scenario")
    first = raw.get("first")
    _need(_is_int(first, 0, 1), "the campaign spec names no first seat")
    factions = raw.get("factions")
    _need(isinstance(factions, list) and all(isinstance(f, str) for f in factions) and
          sorted(factions) == sorted(PLAYER_FACTIONS),
          "the campaign spec needs one Star Empire and one Trade Federation seat")
    choices = raw.get("choices", {})
    _need(isinstance(choices, dict) and all(
        isinstance(k, str) and isinstance(v, str) and len(v) <= 40 for k, v in choices.items()),
        "campaign choices must map scenario numbers to option ids")
    for k, v in choices.items():
        _need(k.isdigit() and 1 <= int(k) <= len(campaign.scenarios),
              f"campaign choice for unknown scenario {k[:10]!r}")
        sc = campaign.scenario(int(k))
        known = {o.id for side in sc.sides.values() if side.choice for o in side.choice.options}
        _need(v in known, f"scenario {k} has no choice {v[:40]!r}")
    favours = raw.get("favours", {})
    _need(isinstance(favours, dict) and all(
        k in CAMPAIGN_FACTIONS and isinstance(v, str) and v in PLAYER_FACTIONS
        for k, v in favours.items()),
        "campaign favours must map a neighbour faction to a player faction")
    used_raw = raw.get("used", [[], []])
    _need(isinstance(used_raw, list) and len(used_raw) == 2 and all(
        isinstance(u, list) and all(isinstance(s, str) and s in campaign.stickers for s in u)
        for u in used_raw),
        "campaign used stickers must be two lists of sticker ids")
    upgrades = parse_upgrades(raw.get("upgrades", []), db)
    return Spec(scenario, first, (factions[0], factions[1]), dict(choices), dict(favours),
                (frozenset(used_raw[0]), frozenset(used_raw[1])), upgrades)


# ---------------------------------------------------------------------- rules


def rule_applies(rule: Rule, choices: dict[str, str]) -> bool:
    if not rule.when:
        return True
    negate = rule.when.startswith("!")
    scenario, _, option = rule.when.lstrip("!").partition(":")
    return (choices.get(scenario) == option) != negate


def rule_seats(who: str, spec: Spec) -> tuple[int, ...]:
    """The seats a rule's ``who`` names in this game."""
    first = spec.first
    if who == "both":
        return (0, 1)
    if who == "first":
        return (first,)
    if who == "second":
        return (1 - first,)
    if who in ("empire", "federation"):
        return (spec.factions.index("star_empire" if who == "empire" else "trade_federation"),)
    kind, _, neighbour = who.partition(":")
    favoured = spec.favours.get(neighbour)
    if favoured is None:
        return ()
    seat = spec.factions.index(favoured)
    return (seat,) if kind == "favoured" else (1 - seat,)


def active_rules(scenario: Scenario, spec: Spec) -> list[tuple[str, tuple[int, ...], dict]]:
    """(kind, seats, params) of every rule in force: the side's rules, then those of the
    option the first player chose in this scenario."""
    side = scenario.sides[spec.factions[spec.first]]
    rules = list(side.rules)
    if side.choice is not None:
        picked = spec.choices.get(str(scenario.number))
        for opt in side.choice.options:
            if opt.id == picked:
                rules += opt.rules
    return [(r.kind, rule_seats(r.who, spec), r.params) for r in rules
            if rule_applies(r, spec.choices)]


# ---------------------------------------------------------------------- the format


@dataclass(frozen=True)
class CampaignFormat(Format):
    """A duel of the campaign; everything that differs from a duel comes from the spec."""

    campaign: Any = None  # CampaignDef
    spec: Any = None  # Spec
    rules: tuple = ()  # (kind, seats, params) in force
    db: Any = field(default=None, compare=False, repr=False)

    def seat_rules(self, kind: str, seat: int) -> list[dict]:
        return [p for k, seats, p in self.rules if k == kind and seat in seats]

    def table_rules(self, kind: str) -> list[dict]:
        return [p for k, _, p in self.rules if k == kind]

    # ---------------------------------------------------------------- setup

    def check_seats(self, n: int) -> str | None:
        return None if n == 2 else f"a campaign game is for 2 players, not {n}"

    def first_seat(self, n: int, requested: int | None, rng: Rng) -> int:
        return self.spec.first

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        life = [self.authority, self.authority]
        for seat in (0, 1):
            life[seat] += sum(p["change"] for p in self.seat_rules("authority", seat))
        return [0, 1], [max(1, a) for a in life]

    def opening_hands(self, n: int, first: int) -> list[int]:
        hands = super().opening_hands(n, first)
        for seat in (0, 1):
            for p in self.seat_rules("hand", seat):
                hands[seat] = p["amount"]
        return hands

    def deck_for(self, seat: int, n: int) -> tuple[tuple[str, int], ...]:
        deck = list(self.campaign.decks[self.spec.factions[seat]])
        deck += [(p["card"], p["count"]) for p in self.seat_rules("deck_add", seat)]
        return tuple(deck)

    def card_variant(self, card: CardDef) -> CardDef:
        """A physical card as this scenario has it: with any ability the rules grant."""
        for i, p in enumerate(self.table_rules("grant")):
            target = p["cards"]
            if (card.id == target or target in card.factions) and p["slot"] not in card.abilities:
                card = card.with_ability(f"rule{i}", p["slot"], p["effects"])
        return card

    def trade_supply(self, trade: list[CardDef]) -> list[CardDef]:
        """The campaign trade deck: each physical copy with its upgrade; cards of a
        faction the scenario removes stay in the box."""
        removed = {p["faction"] for p in self.table_rules("remove")}
        return [self.card_variant(c) for c in upgrade_supply(self.db, trade, self.spec.upgrades)
                if not removed.intersection(c.factions) and not c.is_event]

    def prepare(self, state: State, make: Any) -> None:
        """After the shuffle, before the trade row is dealt: scenario bases in play and
        a trade row that opens with a neighbour's cards."""
        for seat in (0, 1):
            for p in self.seat_rules("start_base", seat):
                state.seats[seat].bases.append(make(self.card_variant(self.db[p["card"]])))
        for p in self.table_rules("row_start"):
            deck = state.trade_deck
            picked = [i for i in reversed(deck) if p["faction"] in state.cards[i].factions]
            for iid in picked[: p["count"]]:
                deck.remove(iid)
                deck.append(iid)  # to the top: the next cards dealt

    # ---------------------------------------------------------------- play

    def price(self, state: State, seat: int, iid: int) -> int:
        card = state.cards[iid]
        cost = card.cost
        for p in self.seat_rules("cost", seat):
            if p["faction"] in card.factions:
                cost += p["change"]
        return max(0, cost)

    def upgrade_cost(self, seat: int, card: CardDef) -> int:
        extra = sum(p["change"] for p in self.seat_rules("upgrade_cost", seat))
        return max(0, UPGRADE_COST[card.type] + extra)

    def rows_used(self, state: State, seat: int) -> set[tuple[int, int]]:
        """Sticker rows this seat's faction has used: before this game and in it."""
        stickers = self.campaign.stickers
        faction = self.spec.factions[seat]
        rows = {stickers[s].row for s in self.spec.used[seat]}
        for card in state.cards:
            if card.upgrade is not None:
                sid, f = split_key(card.upgrade)
                if f == faction:
                    rows.add(stickers[sid].row)
        return rows

    def upgrade_options(self, state: State, seat: int, iid: int) -> list[str]:
        """Stickers this seat may put on the card it is acquiring, and can pay for now."""
        card = state.cards[iid]
        if card.upgrade is not None or card.role != "trade" or (
                state.seats[seat].trade < self.upgrade_cost(seat, card)):
            return []
        used = self.rows_used(state, seat)
        held = self.campaign.sheets_by(self.spec.scenario)
        printed = self.db[card.id]
        return [s.id for s in self.campaign.stickers_for(card.cost, card.type)
                if s.sheet in held and s.row not in used and can_carry(printed, s)]

    def upgrade(self, state: State, seat: int, iid: int, sticker_id: str) -> None:
        """Steps 2 and 4: pay for the upgrade and put both stickers on the card."""
        card = state.cards[iid]
        state.seats[seat].trade -= self.upgrade_cost(seat, card)
        printed = self.db[card.id]
        new = self.card_variant(apply_sticker(printed, self.campaign.stickers[sticker_id],
                                              self.spec.factions[seat]))
        state.cards = state.cards[:iid] + (new,) + state.cards[iid + 1:]
        state.events.append(Upgrade(seat, iid, sticker_id))

    def after_acquire(self, state: State, seat: int, iid: int, upgraded: bool) -> None:
        """Scenario bonuses for acquiring, then the campaign's extra ways to win."""
        card = state.cards[iid]
        for p in self.seat_rules("acquire_bonus", seat):
            if p["faction"] in card.factions:
                run_now(state, seat, -1, p["effects"])
        if upgraded and self.political_win(state, seat):
            declare_winner(state, seat, "political")
            return
        for p in self.seat_rules("victory", seat):
            if owned_of_faction(state, seat, p["faction"]) >= p["count"]:
                declare_winner(state, seat, "allegiance")
                return

    def political_win(self, state: State, seat: int) -> bool:
        """«Если игрок использует все пять наклеек с листа наклеек этого сценария, он
        немедленно побеждает» (scenarios 1–4; earlier sheets do not count)."""
        sc = self.campaign.scenario(self.spec.scenario)
        if not sc.political:
            return False
        sheet = next((s for s in self.campaign.sheets if s.scenario == sc.number), None)
        if sheet is None:
            return False
        used = self.rows_used(state, seat)
        return all((sheet.number, c) in used for c in sheet.costs)

    def on_turn_start(self, state: State) -> None:
        for seat in state.turn_members or [state.active]:
            for p in self.seat_rules("turn_start", seat):
                run_now(state, seat, -1, p["effects"])


def owned_of_faction(state: State, seat: int, faction: str) -> int:
    s = state.seats[seat]
    return sum(faction in state.cards[i].factions
               for zone in (s.hand, s.deck, s.discard, s.in_play, s.bases) for i in zone)


def declare_winner(state: State, seat: int, how: str) -> None:
    state.winners = (seat,)
    state.stack.clear()
    state.pending = None
    state.events.append(Victory(seat, how))
    state.events.append(GameOver(state.winners))


def make_format(db: Any, options: Any) -> CampaignFormat:
    raw = dict(options).get("campaign")
    spec = parse_spec(raw, db)
    campaign = db.campaign
    rules = tuple(active_rules(campaign.scenario(spec.scenario), spec))
    return CampaignFormat(id=FORMAT_ID, min_seats=2, max_seats=2, campaign=campaign,
                          spec=spec, rules=rules, db=db)
