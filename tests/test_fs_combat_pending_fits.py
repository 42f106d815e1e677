"""Issue 38 item 3 (the rest): the combat panel's pending effect — an "A OR B" with
unit names, the longest words the panel shows — is drawn whole, in both languages, at
1280×720, 1920×1080 and 3840×2160: the layout gives it the lines it needs (the hand's
strip grows) instead of a fixed two-line box that cut it, and its choices still fit
their box and every unit row its column."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.ui.combat_layout import layout
from game.forbidden_stars.ui.combat_view import unit_rows_fit
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import HUMAN, FsSession, FsSetup
from game.settings import Settings
from game.ui.main import headless, make_app
from tests.test_fs_no_cut_text import NAMES, Seen, _record

SIZES = ((1280, 720), (1920, 1080), (3840, 2160))
OR = {"en": " OR ", "ru": " ИЛИ "}


def pending_moments(players: int, seed: int, lang: str, most: int) -> list[FsSession]:
    """Sessions (every seat at this screen) stopped where a combat effect waits for an
    "A OR B" choice, from seeded random games."""
    found: list[FsSession] = []
    session = FsSession(FsSetup((HUMAN,) * players, NAMES[lang][:players], seed=seed),
                        bot_delay=0.0, autosave=False)
    bots = [make_player("random", seed * 10 + i) for i in range(players)]
    history = []
    while not session.over and len(found) < most:
        c = session.state.combat
        if c is not None and c.pending is not None and history and \
                history[-1] != len(session.state.log):
            found.append(len(session.state.log))
        history.append(len(session.state.log))
        acting = session.acting
        session.choose(bots[acting].choose(session.view(acting), session.legal()))
    session.close()
    out = []
    for n in found:  # the same game replayed to each moment
        s = FsSession(FsSetup((HUMAN,) * players, NAMES[lang][:players], seed=seed),
                      bot_delay=0.0, autosave=False)
        bots = [make_player("random", seed * 10 + i) for i in range(players)]
        while len(s.state.log) < n:
            acting = s.acting
            s.choose(bots[acting].choose(s.view(acting), s.legal()))
        out.append(s)
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("players", "seed"), [(4, 3), (4, 1)])
def test_a_pending_or_effect_is_drawn_whole_at_every_size(lang, players, seed, monkeypatch,
                                                          tmp_path):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    sessions = pending_moments(players, seed, lang, 3)
    checked = 0
    cuts: list[tuple] = []
    layouts = []
    try:
        for size in SIZES:
            headless()
            app = make_app(size=size, settings=replace(Settings(), language=lang,
                                                       animation_speed=0.0), persist=False)
            for session in sessions:
                scene = FsTableScene(app, session)
                scene.viewer, scene.curtain = session.acting, None
                app.reset_to(scene)
                seen = Seen()
                with monkeypatch.context() as m:
                    _record(m, seen)
                    app.frame([], 0.0)
                cm = scene.combat_model()
                assert cm is not None and cm.pending_text
                # a cut line of the pending effect's words (drawn in _choices before)
                cuts += [(size, c) for c in seen.cuts
                         if c[2] in ("combat_view.py:_pending", "combat_view.py:_choices")
                         and c[0].rstrip(" …") in cm.pending_text]
                layouts.append((layout(scene.panel.rect, scene.panel.scale, cm), cm))
                checked += OR[lang] in cm.pending_text
            pygame.quit()
    finally:
        for session in sessions:
            session.close()
    assert checked >= len(SIZES)  # the long "A OR B" effects were among them
    assert not cuts, cuts
    for lay, cm in layouts:
        assert lay.pending is not None and lay.choices_box.contains(lay.pending)
        assert len(lay.choices) == len(cm.choices) + len(cm.retreats)
        assert all(lay.choices_box.contains(r) for r in lay.choices)
        assert unit_rows_fit(lay, cm)
