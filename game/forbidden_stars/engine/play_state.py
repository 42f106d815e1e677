"""Effects resolving outside a combat (order upgrades, events, faction abilities): the
queue, the choice waited for, and where the game goes on when they are done."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.forbidden_stars.engine.combat_state import Pending, copy_data
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.copying import evolve


@dataclass
class Play:
    seat: int  # whose card or order started the effects
    resume: str  # plays.RESUME: what follows when the queue is empty
    system: str = ""  # the active system ("" outside an order)
    queue: list[tuple[int, Effect]] = field(default_factory=list)  # (owner, effect)
    pending: Pending | None = None
    data: dict[str, Any] = field(default_factory=dict)  # what the resume needs

    def copy(self) -> Play:
        pending = None if self.pending is None else self.pending.copy()
        return evolve(self, queue=list(self.queue), pending=pending,
                       data=copy_data(self.data))
