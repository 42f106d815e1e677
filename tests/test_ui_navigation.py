"""Star Realms' screens navigate by route name: no scene module imports another scene
module (the table may open its own overlays), and every route names a scene."""

import grimp
import pytest

from game.star_realms.game import GAME
from game.ui import routes

SCENES = "game.star_realms.ui.scenes"
# the table opens its own overlays directly (they are part of the table)
TABLE_OVERLAYS = {"game_over", "boss_turn", "overlays"}


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("game", exclude_type_checking_imports=True)


def test_scene_modules_import_no_other_scene_module(graph):
    bad = []
    for m in sorted(graph.modules):
        if not m.startswith(SCENES + ".") or m == SCENES + ".campaign":  # a re-export
            continue
        for d in graph.find_modules_directly_imported_by(m):
            if not d.startswith(SCENES + ".") or d == m:
                continue
            if m == SCENES + ".table" and d.rsplit(".", 1)[1] in TABLE_OVERLAYS:
                continue
            bad.append(f"{m} → {d}")
        for d in graph.find_modules_directly_imported_by(m):
            if d.startswith("game.ui.scenes.") and d != "game.ui.scenes.overlays":
                bad.append(f"{m} → {d}")
    assert not bad, bad


def test_no_import_cycle_among_the_star_realms_ui(graph):
    ui = {m for m in graph.modules if m.startswith("game.star_realms.ui")}
    for m in ui:
        for d in graph.find_modules_directly_imported_by(m) & ui:
            assert not graph.chain_exists(d, m), f"{m} ↔ {d}"


def test_every_route_names_a_scene_class():
    for name, target in GAME.routes().items():
        routes.register(name, target)
        assert isinstance(routes.resolve(name), type), name
