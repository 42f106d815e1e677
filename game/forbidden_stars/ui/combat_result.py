"""What a finished combat came to (RB p.13-15): who won, both sides' losses, retreats,
the structures a winning attacker captured and, when the third round decided it, the
morale comparison («игрок с наибольшим числом знаков морали побеждает в битве (при
равенстве побеждает защищающийся)»).

A combat spans many actions and the engine keeps only the last action's events, so
:class:`CombatResults` is fed every action's events (the session does it after each
``apply``) and folds one combat's events into a :class:`CombatResult` when its
``CombatEnded`` comes.  A game sat down at mid-combat is replayed once from its log to
recover the combat's earlier events.  Every fact comes from public events (losses,
retreats, the morale totals of the face-up cards and dice): nothing hidden is read.
:func:`result_lines` words a result in English or Russian, each fact once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.forbidden_stars import labels
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.events import (
    CombatEnded,
    CombatStarted,
    Damaged,
    Destroyed,
    MoraleCompared,
    Retreated,
    Routed,
)
from game.forbidden_stars.engine.rules import apply
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import NOBODY, State
from game.forbidden_stars.ui import combat_text
from game.forbidden_stars.ui.combat_text import t

ROUTED = combat_text.ROUTED
UNSEEN = 4  # results kept to show when nobody closes them (bots fighting on): the newest


@dataclass(frozen=True)
class CombatResult:
    area: str
    attacker: int
    defender: int
    winner: int  # NOBODY: both sides wiped out (or an orbital strike)
    orbital: bool
    destroyed: tuple[tuple[int, str, int], ...]  # (seat, unit, how many), in order
    routed: tuple[tuple[int, str, int], ...]
    retreats: tuple[tuple[int, str, int], ...]  # (seat, area or "" = destroyed, units)
    captured: tuple[str, ...]  # structures the winning attacker took
    taken: bool  # the attacker holds the area now
    morale: tuple[int, int] | None  # (attacker, defender) when morale decided it


def _counted(pairs: Iterable[tuple[int, str]]) -> tuple[tuple[int, str, int], ...]:
    """Equal facts once, with how many times they happened (first-seen order)."""
    return tuple((seat, unit, n) for (seat, unit), n in Counter(pairs).items())


def fold(events: Sequence[object]) -> CombatResult | None:
    """One combat's events (its ``CombatStarted`` … its ``CombatEnded``) as a result;
    None without the end."""
    end = next((e for e in reversed(events) if isinstance(e, CombatEnded)), None)
    if end is None:
        return None
    destroyed: list[tuple[int, str]] = []
    routed: list[tuple[int, str]] = []
    retreats: Counter[tuple[int, str]] = Counter()
    morale = None
    for e in events:
        if isinstance(e, Damaged) and e.result in ("destroyed", "routed"):
            (destroyed if e.result == "destroyed" else routed).append((e.seat, e.unit))
        elif isinstance(e, Destroyed):
            destroyed.append((e.seat, e.unit.removesuffix(ROUTED)))
        elif isinstance(e, Routed):
            routed.append((e.seat, e.unit.removesuffix(ROUTED)))
        elif isinstance(e, Retreated):
            retreats[(e.seat, e.to)] += e.count
        elif isinstance(e, MoraleCompared):
            morale = (e.attacker_morale, e.defender_morale)
    taken = end.winner == end.attacker != NOBODY and not end.orbital
    return CombatResult(end.area, end.attacker, end.defender, end.winner, end.orbital,
                        _counted(destroyed), _counted(routed),
                        tuple((s, to, n) for (s, to), n in retreats.items() if n),
                        end.captured, taken, morale)


class CombatResults:
    """The results of the combats since the game was sat down at, newest last, and the
    events of the combat under way.  ``unseen``: results the table has not closed."""

    def __init__(self) -> None:
        self._open: list[object] = []  # the current combat's events so far
        self.results: list[CombatResult] = []
        self.unseen: list[CombatResult] = []

    def see(self, events: Iterable[object]) -> None:
        """One action's events (``state.events`` right after ``apply``)."""
        for e in events:
            if isinstance(e, CombatStarted):
                self._open = [e]
                continue
            self._open.append(e)
            if isinstance(e, CombatEnded):
                result = fold(self._open)
                self._open = []
                if result is not None:
                    self.results.append(result)
                    self.unseen.append(result)
                    del self.unseen[:-UNSEEN]

    def sit_down(self, state: State) -> None:
        """Start over at ``state`` (a game loaded or undone): a combat under way is
        replayed from the log so its earlier losses count; nothing is left to show."""
        self._open = []
        self.unseen = []
        if state.combat is None or not state.log:
            return
        replay = new_game(state.rules, state.config)
        for action in state.log:
            apply(replay, action)
            self.see(replay.events)
        self.unseen = []

    @property
    def shown(self) -> CombatResult | None:
        """The oldest result not closed yet."""
        return self.unseen[0] if self.unseen else None

    def close(self) -> None:
        if self.unseen:
            self.unseen.pop(0)


# ---------------------------------------------------------------------- words


def _units(rules: FSRules, items: Iterable[tuple[int, str, int]], seat: int,
           lang: str) -> str:
    return ", ".join(combat_text.unit_word(rules, unit, lang) + (f" ×{n}" if n > 1 else "")
                     for s, unit, n in items if s == seat)


def morale_text(attacker: str, defender: str, a: int, d: int, lang: str) -> str:
    """The third round's morale comparison (a tie goes to the defender)."""
    return t("result.morale_tie" if a == d else "result.morale", lang, attacker=attacker,
             defender=defender, a=a, d=d)


def capture_text(rules: FSRules, attacker: str, area: str, captured: Iterable[str],
                 lang: str) -> str:
    """The winning attacker takes the world (and its structures, «он берёт контроль над
    любыми постройками мира»)."""
    names = ", ".join(combat_text.name(rules.structures[s], lang)
                      for s in captured if s in rules.structures)
    return t("result.captured", lang, player=attacker, area=area, structures=names) \
        if names else t("result.taken", lang, player=attacker, area=area)


def result_lines(view: State, result: CombatResult, who: Callable[[int], str],
                 area_name: Callable[[str], str], lang: str) -> list[str]:
    """The result as lines, each fact once: the winner, the morale comparison when it
    decided, each side's losses, retreats, the world and structures captured."""
    rules = view.rules
    area = area_name(result.area)
    if result.orbital:
        lines = [t("result.orbital", lang, area=area)]
    elif result.winner == NOBODY:
        lines = [t("result.nobody", lang, area=area)]
    else:
        role = t("attacker" if result.winner == result.attacker else "defender", lang)
        lines = [t("result.winner", lang, player=who(result.winner), role=role.lower(),
                   area=area)]
    if result.morale is not None:
        lines.append(morale_text(who(result.attacker), who(result.defender), *result.morale,
                                 lang))
    for seat in (result.attacker, result.defender):
        lost = _units(rules, result.destroyed, seat, lang)
        down = _units(rules, result.routed, seat, lang)
        parts = ([t("result.destroyed", lang, units=lost)] if lost else []) + \
            ([t("result.routed", lang, units=down)] if down else [])
        lines.append(t("result.losses", lang, player=who(seat), what="; ".join(parts))
                     if parts else t("result.no_losses", lang, player=who(seat)))
    for seat, to, n in result.retreats:
        lines.append(t("event.retreated", lang, player=who(seat), area=area_name(to), n=n)
                     if to else t("event.retreat_lost", lang, player=who(seat), n=n))
    if result.taken:
        lines.append(capture_text(rules, who(result.attacker), area, result.captured, lang))
    return lines


def lines_for(view: State, result: CombatResult, names: Sequence[str] | None,
              lang: str) -> list[str]:
    """:func:`result_lines` with the players' names (``Player N`` when none) and the
    book's area names."""
    def who(seat: int) -> str:
        if names and 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return t("player", lang, n=seat + 1)

    return result_lines(view, result, who, lambda a: labels.area_name(view, a, lang), lang)
