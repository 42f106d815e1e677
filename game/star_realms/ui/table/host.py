"""What the table scene's mixins read from the scene and from one another, for the type
checker: one declaration instead of one per mixin.

:class:`TableHost` holds annotations only.  It has no attributes or methods at run time,
so nothing here can shadow the scene's own: the mixins inherit from it, and the scene
(``table/scene.py``) or the mixin that owns a name gives it its value or its body."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.star_realms.engine.state import Action, State
    from game.star_realms.model import SeatModel, TableModel
    from game.star_realms.ui.boss_view import BossView
    from game.star_realms.ui.card_images import CardImages
    from game.star_realms.ui.layout import TableLayout
    from game.star_realms.ui.prompt import Prompt
    from game.star_realms.ui.session import Session
    from game.star_realms.ui.sprites import CardSprite
    from game.star_realms.ui.table.input import Drag
    from game.ui.app import App


class TableHost:
    """The table scene as its mixins see it (annotations only)."""

    app: App
    ui: Any  # (the scene's pygame-gui manager)
    session: Session
    layout: TableLayout
    images: CardImages
    boss_view: BossView | None
    sprites: dict[tuple, CardSprite]
    card_rects: dict[int, pygame.Rect]
    prompt: Prompt | None
    amount_panel: dict | None
    drag: Drag | None
    _turned: dict[tuple, pygame.Surface]

    my_turn: Callable[[], bool]
    act: Callable[[Action], bool]
    seat_model: Callable[[int], SeatModel]
    play_all: Callable[[], None]
    label: Callable[..., pygame.Rect]
    phone_mark: Callable[..., pygame.Surface | None]
    panel_of: Callable[[int], pygame.Rect | None]
    mate_of: Callable[[int], int | None]
    seat_area_at: Callable[[tuple[int, int]], int | None]
    discard_icon: Callable[[int], pygame.Rect]
    opp_discard_rect: Callable[[], pygame.Rect]
    combat_rect: Callable[[], pygame.Rect]
    card_under: Callable[[tuple[int, int]], int | None]

    if TYPE_CHECKING:  # the scene's properties (a body here would shadow them)
        @property
        def view(self) -> State: ...

        @property
        def model(self) -> TableModel: ...

        @property
        def me(self) -> int: ...

        @property
        def opponents(self) -> list[int]: ...
