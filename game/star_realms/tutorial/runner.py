"""Playing a lesson: its game, where the player is in its steps, and what the rules
engine says about each expected action.

The runner decides nothing about the rules: a pattern ("buy ram") is matched against
the engine's legal actions, and every action is applied by the engine.  It knows only
the script — which step is current, which of its patterns are done, what the rivals do
next — so the same runner drives the table, a resumed lesson (:func:`replay`) and the
check of the data (:func:`rehearse`).
"""

from __future__ import annotations

from game import i18n
from game.star_realms.engine import Action, CardDB, GameConfig, SeatConfig, State, apply
from game.star_realms.engine.formats import FORMATS
from game.star_realms.engine.rules import acting_seat, legal_actions
from game.star_realms.engine.setup import SetupError, new_game
from game.star_realms.tutorial.script import FILE, REPEATING, Lesson, Pattern, Step

PLAYER = 0  # the learner's seat in every lesson
RIVAL_LEVEL = "normal"  # who plays the rivals once a lesson is over (free play)


def lesson_config(lesson: Lesson, lang: str | None = None) -> GameConfig:
    """The lesson's game: its fixed seed, first seat and stacked decks."""
    stack = {"trade": list(lesson.trade), "decks": [list(d) for d in lesson.decks]}
    boss = len(lesson.seats) - 1 if lesson.format not in FORMATS else -1  # an adventure's
    seats = tuple(SeatConfig(i18n.t(f"tutorial.seat.{name}", lang=lang),
                             "human" if i == PLAYER else "boss" if i == boss else RIVAL_LEVEL)
                  for i, name in enumerate(lesson.seats))
    return GameConfig(sets=lesson.sets, seats=seats, format=lesson.format, seed=lesson.seed,
                      first=lesson.first, options=(*lesson.options, ("stack", stack)))


def card_id(state: State, action: Action) -> str:
    return state.cards[action.card].id if 0 <= action.card < len(state.cards) else ""


def matches(state: State, action: Action, pattern: Pattern) -> bool:
    """Is ``action`` what ``pattern`` asks for (any amount of combat)?"""
    kind = REPEATING.get(pattern.kind, pattern.kind)
    if action.kind != kind:
        return False
    args = pattern.args
    if kind in ("play", "buy", "attack_base", "use") and args and card_id(state, action) != args[0]:
        return False
    if kind == "use" and action.slot != args[1]:
        return False
    if kind == "attack_player" and args and action.target != int(args[0]):
        return False
    return not (kind == "choose" and action.index != int(args[0]))


def resolve(state: State, pattern: Pattern, seat: int) -> Action | None:
    """The legal action of ``seat`` that ``pattern`` names (the largest attack)."""
    found = [a for a in legal_actions(state) if a.seat == seat and matches(state, a, pattern)]
    return max(found, key=lambda a: a.amount) if found else None


class Runner:
    """Where the learner is in a lesson's steps."""

    def __init__(self, lesson: Lesson, index: int = 0):
        self.lesson = lesson
        self.index = 0
        self.done: list[bool] = []  # the current expect step's patterns already matched
        self.rival_at = 0  # the current rival step's next pattern
        self.goto(index)

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, len(self.lesson.steps)))
        step = self.step
        self.done = [False] * len(step.patterns) if step is not None else []
        self.rival_at = 0

    def advance(self) -> None:
        self.goto(self.index + 1)

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def mode(self) -> str:
        step = self.step
        return step.mode if step is not None else ""

    # -------------------------------------------------------------- the learner's steps

    def open_patterns(self) -> list[Pattern]:
        step = self.step
        if step is None or step.mode != "expect":
            return []
        return [p for p, done in zip(step.patterns, self.done, strict=True) if not done]

    def allows(self, state: State, action: Action) -> bool:
        """May the learner do ``action`` now (the engine still decides if it is legal)?"""
        if self.finished:
            return True
        return any(matches(state, action, p) for p in self.open_patterns())

    def record(self, state: State, action: Action) -> bool:
        """The learner did ``action``: tick its pattern; True when the step is complete
        (the runner is then on the next step)."""
        step = self.step
        if step is None or step.mode != "expect":
            return False
        for i, p in enumerate(step.patterns):
            if not self.done[i] and matches(state, action, p):
                self.done[i] = True
                break
        if all(self.done):
            self.advance()
            return True
        return False

    def show_me(self, state: State) -> Action | None:
        """The next expected action, as the engine has it (None: nothing legal)."""
        for p in self.open_patterns():
            action = resolve(state, p, PLAYER)
            if action is not None:
                return action
        return None

    # -------------------------------------------------------------- the rivals' steps

    def rival_action(self, state: State) -> Action | None:
        """What the rivals do next in a rival step; None once the step is played out."""
        step = self.step
        if step is None or step.mode != "rival" or state.is_over:
            return None
        seat = acting_seat(state)
        while self.rival_at < len(step.patterns):
            pattern = step.patterns[self.rival_at]
            action = resolve(state, pattern, seat) if seat != PLAYER else None
            if action is not None:
                return action
            if pattern.kind not in REPEATING:
                return None  # not possible now: the rehearsal reports it
            self.rival_at += 1  # every card of the hand played, the boss's turn over
        return None

    def rival_done(self, action: Action) -> None:
        """A rival action was applied: on to the next pattern (a repeating one stays)."""
        step = self.step
        if (step is not None and step.mode == "rival" and self.rival_at < len(step.patterns)
                and step.patterns[self.rival_at].kind not in REPEATING):
            self.rival_at += 1

    def rival_finished(self, state: State) -> bool:
        step = self.step
        return (step is not None and step.mode == "rival"
                and self.rival_action(state) is None
                and self.rival_at >= len(step.patterns))


def play_step(runner: Runner, state: State) -> str:
    """Play the current step as the script says (the learner's part as Show me would);
    "" when done, else what went wrong.  The runner moves to the next step."""
    step = runner.step
    if step is None:
        return "the lesson is over"
    if step.mode == "next":
        runner.advance()
    elif step.mode == "expect":
        while runner.step is step:
            action = runner.show_me(state)
            if action is None:
                missing = runner.open_patterns()[0]
                return f"no legal action matches {str(missing)!r}"
            apply(state, action)
            runner.record(state, action)
    else:
        for _ in range(200):
            action = runner.rival_action(state)
            if action is None:
                break
            apply(state, action)
            runner.rival_done(action)
        if not runner.rival_finished(state):
            pattern = step.patterns[min(runner.rival_at, len(step.patterns) - 1)]
            return f"no legal action matches {str(pattern)!r}"
        runner.advance()
    return ""


def start(lesson: Lesson, db: CardDB, lang: str | None = None) -> State:
    return new_game(db, lesson_config(lesson, lang))


def replay(lesson: Lesson, db: CardDB, upto: int, lang: str | None = None
           ) -> tuple[State, Runner]:
    """The lesson's game with its first ``upto`` steps played (resuming a lesson)."""
    state = start(lesson, db, lang)
    runner = Runner(lesson)
    while runner.index < min(upto, len(lesson.steps)):
        problem = play_step(runner, state)
        if problem:
            raise ValueError(f"{lesson.id}/{runner.step.id if runner.step else ''}: {problem}")
    return state, runner


def rehearse(lesson: Lesson, db: CardDB) -> list[str]:
    """Play the whole lesson as the script says: ``file:lesson/step:field: message`` for
    the first step that cannot be played (the stacked decks or the seed went wrong)."""
    try:
        state = start(lesson, db, "en")
    except SetupError as exc:
        return [f"{FILE}:{lesson.id}:decks: {exc}"]
    runner = Runner(lesson)
    while not runner.finished:
        step = runner.step
        assert step is not None
        if step.mode == "expect" and acting_seat(state) != PLAYER:
            return [f"{FILE}:{lesson.id}/{step.id}:expect: it is not the player's turn"]
        problem = play_step(runner, state)
        if problem:
            return [f"{FILE}:{lesson.id}/{step.id}:{step.mode}: {problem}"]
    return []
