"""Every action in words, for the log panel.

A line is stored as a string key plus parameters (seat numbers, card ids, numbers)
and rendered in the current language when shown, so switching language re-words
the whole log.  Only public information is described: cards drawn are counted,
never named.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from game import i18n
from game.star_realms import card_text
from game.star_realms.engine import Action, CardDB, State, apply, new_game, queries
from game.star_realms.engine.events import (
    Acquire,
    Attack,
    BossNarration,
    CopyBase,
    Damage,
    Destroy,
    Drain,
    Eliminated,
    Event,
    EventRevealed,
    Focus,
    Gain,
    GambitRevealed,
    GameOver,
    MissionDone,
    Move,
    Mulligan,
    Plunder,
    Severed,
    Shuffle,
    Strike,
    TargetDiscards,
    TurnStart,
    Upgrade,
    Victory,
)
from game.star_realms.engine.rules import acting_seat, turn_seats

SEAT_PARAMS = ("p", "t", "o")  # seat numbers rendered as names
CARD_PARAMS = ("card", "base")
TURN_HEADERS = ("log.turn", "log.turn_team", "log.turn_members")  # a turn's first line


@dataclass(frozen=True)
class LogLine:
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int = -1  # whose action it was (for colouring)

    def render(self, state: State, lang: str | None = None) -> str:
        key = self.key
        if "p" in self.params and named_in_plural(state, self.params["p"], lang):
            key = plural_verb(key, lang)
        values: dict[str, Any] = {}
        for k, v in self.params.items():
            if k in SEAT_PARAMS:
                values[k] = state.seats[v].name
            elif k in CARD_PARAMS:
                card = state.cards[v] if isinstance(v, int) else None
                values[k] = i18n.card_name(card, lang) if card else str(v)
            elif k == "slot":
                values[k] = i18n.t(f"slot.{v}", lang)
            elif k == "gains":
                values[k] = ", ".join(f"+{n} {i18n.t(f'resource.{r}', lang)}" for r, n in v)
            elif k == "n_cards":
                values[k] = i18n.plural(v, "word.cards", lang)
            elif k in ("winners", "members"):
                values[k] = ", ".join(state.seats[s].name for s in v)
            elif k == "faction":
                values[k] = i18n.t(f"faction.{v}", lang)
            elif k == "option":  # the effect a choice picked, in words
                values[k] = card_text.ability_text(v, lang or i18n.language()).rstrip(".")
            elif k == "sticker":
                values[k] = _sticker_words(state, v, self.params.get("p", -1), lang)
            else:
                values[k] = v
        return i18n.t(key, lang, **values)


def named_in_plural(state: State, seat: int, lang: str | None = None) -> bool:
    """Is ``seat`` named in the plural ("Automatons")?  Only an adventure's boss can be:
    its grammatical number is in the strings (``boss_number.<adventure>``)."""
    boss = state.boss
    if boss is None or seat != boss.seat:
        return False
    number = i18n.strings(lang or i18n.language()).get(f"boss_number.{state.config.format}")
    return number == "plural"


def plural_verb(key: str, lang: str | None = None) -> str:
    """The variant of ``key`` whose verb agrees with a plural subject, if it has one."""
    plural = f"{key}_plural"
    return plural if plural in i18n.strings(lang or i18n.language()) else key


def narration_params(state: State, pairs: tuple[tuple[str, Any], ...],
                     fallback: int) -> dict[str, Any]:
    """A boss narration's parameters as its text wants them: the boss is "p" and the
    seat it aims at "t"."""
    params = dict(pairs)
    params.setdefault("p", state.boss.seat if state.boss is not None else fallback)
    if "target" in params:
        params["t"] = params.pop("target")
    return params


def _sticker_words(state: State, sticker_id: str, seat: int, lang: str | None) -> str:
    """A campaign sticker as the log names it: its sheet and what it adds."""
    campaign = getattr(state.format, "campaign", None)
    spec = getattr(state.format, "spec", None)
    sticker = campaign.stickers.get(sticker_id) if campaign is not None else None
    if sticker is None or spec is None or not 0 <= seat < len(spec.factions):
        return sticker_id
    lang = lang or i18n.language()
    effects = card_text.ability_text(sticker.effects[spec.factions[seat]], lang).rstrip(".")
    return i18n.t("log.sticker", lang, sheet=("I", "II", "III", "IV", "V", "VI")[
        sticker.sheet - 1] if 1 <= sticker.sheet <= 6 else sticker.sheet,
        slot=i18n.t(f"campaign.slot.{sticker.slot}", lang), effects=effects)


def choice(state: State, action: Action) -> tuple[str, dict[str, Any]] | None:
    """What a "choose" action is about to answer, as a log key and parameters: the
    option's effect in words, not its number.  Asked *before* the action is applied
    (the question is gone after); None when it is not a choice of an effect."""
    d = state.pending
    if action.kind != "choose" or d is None or d.effect is None:
        return None
    params = d.effect[1]
    if d.purpose == "choose" and 0 <= action.index < len(params):
        return "log.choose", {"p": action.seat, "option": params[action.index]}
    if d.purpose == "may":
        return ("log.may_yes" if action.index == 0 else "log.may_no"), {
            "p": action.seat, "option": params}
    if d.purpose == "faction" and 0 <= action.index < len(params["factions"]):
        return "log.faction", {"p": action.seat, "card": d.source,
                               "faction": params["factions"][action.index]}
    return None


def describe(state: State, action: Action, events: list[Event], actor: int,
             chose: tuple[str, dict[str, Any]] | None = None) -> list[LogLine]:
    """Log lines for one applied action and the events it caused; ``chose`` is what
    :func:`choice` said before it was applied."""
    lines: list[LogLine] = []
    kind = action.kind

    def add(key: str, **params: Any) -> None:
        lines.append(LogLine(key, params, actor))

    owner = action.seat  # whose card it is (and whose pool gains), in a team turn too
    if kind in ("play", "use") and owner != actor:
        # a person plays a teammate's card: "Anna plays Boris's Viper: +1 Combat."
        if kind == "play":
            add("log.play_mate", p=actor, o=owner, card=action.card)
        else:
            add("log.ability_mate", p=actor, o=owner, card=action.card, slot=action.slot)
    elif kind == "play":
        add("log.play", p=actor, card=action.card)
    elif kind == "use":
        add("log.ability", p=actor, card=action.card, slot=action.slot)
    elif kind == "end_turn":
        add("log.end_turn", p=actor)
    elif kind == "choose" and not any(isinstance(e, Upgrade) for e in events):
        if chose is not None:
            lines.append(LogLine(chose[0], chose[1], actor))
        else:
            add("log.choose_n", p=actor, n=action.index + 1)
    elif kind == "stop":
        add("log.stop", p=actor)
    gains: dict[int, dict[str, int]] = {}
    draws: dict[int, int] = {}
    revealed: list[LogLine] = []  # events (Crisis) turned up: after what revealed them
    for ev in events:
        match ev:
            case Gain(seat, res, n):
                if n:
                    gains.setdefault(seat, {})
                    gains[seat][res] = gains[seat].get(res, 0) + n
            case Move(iid, src, dst):
                sz, dz = src.name, dst.name
                ds = dst.seat if dst.seat is not None else -1
                if sz == "deck" and dz == "hand":
                    draws[ds] = draws.get(ds, 0) + 1
                elif dz in ("scrap", "explorers") and sz != "explorers":
                    add("log.scrap_row" if sz == "trade_row" else "log.scrap", card=iid)
                elif sz == "hand" and dz == "discard" and kind != "end_turn":
                    add("log.discard", p=ds, card=iid)
                elif dz == "deck" and sz == "discard":
                    add("log.topdeck", p=ds, card=iid)
                elif dz == "hand" and sz in ("discard", "deck"):
                    add("log.to_hand", p=ds, card=iid)
                elif sz == "scrap" and dz == "discard":
                    add("log.returns", p=ds, card=iid)
            case Acquire(seat, iid):
                if kind == "buy":
                    add("log.buy", p=seat, card=iid, cost=state.cards[iid].cost)
                else:
                    add("log.acquire", p=seat, card=iid)
            case Destroy(seat, base, owner):
                add("log.destroy", p=seat, card=base, o=owner)
            case Attack(seat, target, n):
                add("log.attack", p=seat, t=target, n=n, left=state.authority(target))
            case TargetDiscards(seat, target, n):
                if seat != target:
                    add("log.discard_owed", t=target, n=n)
            case CopyBase(_, tower, base):
                add("log.copy", card=tower, base=base)
            case Shuffle(seat):
                add("log.shuffle", p=seat)
            case Eliminated(seat):
                add("log.eliminated", p=seat)
            case Upgrade(seat, iid, sticker):
                add("log.upgrade", p=seat, card=iid, sticker=sticker)
            case Victory(seat, how):
                add(f"log.victory_{how}", p=seat)
            case GameOver(winners):
                add("log.winner", winners=list(winners))
            case TurnStart(seat, n):
                header, extra = _turn_header(state, seat)
                add(header, p=seat, n=n, **extra)
            case BossNarration(key, pairs):  # a step of an adventure boss's turn
                if key in ("attack_player", "attack_base"):
                    continue  # the attack itself is logged from its own event
                lines.append(LogLine(f"boss.{key}", narration_params(state, pairs, actor),
                                     actor))
            case Damage(seat, base, n):
                add("log.damage", p=seat, card=base, n=n)
            case Drain(_, target, n):
                add("log.drain", t=target, n=n, left=state.authority(target))
            case Plunder(_, target, iid):
                add("log.plunder", t=target, card=iid)
            case Strike(seat, iid, _):
                add("log.strike", p=seat, card=iid)
            case Severed(seat, faction):
                add("log.severed", p=seat, faction=faction)
            case Mulligan(seat):
                add("log.mulligan", p=seat)
            case EventRevealed(iid):
                revealed.append(LogLine("log.event_revealed", {"card": iid}, actor))
            case Focus(seat):
                add("log.focus", p=seat)
            case MissionDone(seat, iid):  # United: Missions
                add("log.mission", p=seat, card=iid)
            case GambitRevealed(seat, iid):  # the Gambit set
                add("log.gambit", p=seat, card=iid)
    at = 1 if lines else 0
    lines[at:at] = revealed
    at += len(revealed)
    for seat, n in draws.items():
        lines.insert(at, LogLine("log.draw", {"p": seat, "n": n, "n_cards": n}, actor))
    for seat, g in gains.items():
        order = [(r, g[r]) for r in ("trade", "combat", "authority") if r in g]
        first = lines[0] if lines else None
        if (first is not None and first.key in ("log.play", "log.ability", "log.play_mate",
                                                 "log.ability_mate")
                and first.params.get("o", first.params.get("p")) == seat):
            # a card's gains on its own line: "P plays Scout: +1 Trade."
            lines[0] = LogLine(f"{first.key}_gains", {**first.params, "gains": order},
                               first.seat)
            continue
        lines.insert(1 if lines else 0, LogLine("log.gains", {"p": seat, "gains": order}, actor))
    return lines


def _turn_header(state: State, seat: int) -> tuple[str, dict[str, Any]]:
    """The key and extra parameters of a turn's header line: a team taking its turn
    together (Hydra, a co-op adventure) is named with all its members, so the person
    steering it reads their own name there, not only the team's lead."""
    members = sorted(state.turn_members) if state.format.team_turns else []
    if len(members) < 2 or seat not in members:
        return "log.turn", {}
    if not queries.shows_teams(state):  # players together against a boss: no team tag
        return "log.turn_members", {"members": members}
    teams = sorted({s.team for s in state.seats})
    team = state.seats[seat].team
    letter = "AB"[team % 2] if len(teams) == 2 else str(team + 1)
    return "log.turn_team", {"members": members, "team": letter}


def replayed_actor(state: State, action: Action, people: Collection[int]) -> int:
    """Who the live log named for ``action`` (about to be applied to ``state``), as far
    as a save can tell: it stores the action, never who clicked.  A computer team's
    turn is played by its lead, cards of its members included (the live log says "Lead
    plays Mate's Viper"); in a team turn a person steers, the card's seat: a computer
    teammate's own play reads under its name as it did live (a person's click on a
    teammate's card, logged live under the person, cannot be told apart from it)."""
    seats = turn_seats(state)
    if len(seats) < 2 or action.seat not in seats or any(m in people for m in seats):
        return action.seat
    return acting_seat(state)


def replayed_log(db: CardDB, state: State, people: Collection[int] = ()) -> list[LogLine]:
    """The log of a loaded game, rebuilt by replaying its actions from the start (a
    save stores the actions, not the words; loading already replayed them, legally);
    ``people``: the seats people play (see :func:`replayed_actor`)."""
    game = new_game(db, state.config)
    lines = [LogLine("log.game_start", {"p": game.active})]
    for action in state.actions():
        chose = choice(game, action)
        actor = replayed_actor(game, action, people)
        apply(game, action, validate=False)
        lines.extend(describe(game, action, list(game.events), actor, chose))
    return lines
