"""The face cache: memory first, then PNG files, keyed by everything on the face."""

from dataclasses import replace

import pytest

from game.art import cache as cache_mod
from game.art.cache import FaceCache, face_key
from tests.scene import DB

W = 100


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(cache_mod.ENV_DIR, str(tmp_path))
    return tmp_path / "faces"


def test_memory_then_disk(cache_dir):
    card = DB["blob_miner"]
    c = FaceCache()
    assert c.dir == cache_dir
    first = c.face(card, "ru", W)
    assert (c.renders, c.hits_memory, c.hits_disk) == (1, 0, 0)
    assert c.face(card, "ru", W) is first
    assert c.hits_memory == 1 and c.renders == 1
    assert len(list(cache_dir.rglob("*.png"))) == 1

    again = FaceCache()  # a new run: the PNG on disk is used
    img = again.face(card, "ru", W)
    assert (again.renders, again.hits_disk) == (0, 1)
    assert img.size == first.size and img.mode == "RGBA"
    assert img.tobytes() == first.tobytes()
    assert again.peek(card, "ru", W) is img


def test_key_follows_the_data():
    card = DB["blob_miner"]
    key = face_key(card, "en", W)
    assert face_key(card, "en", W) == key
    assert face_key(card, "ru", W) != key
    assert face_key(card, "en", W + 1) != key
    assert face_key(replace(card, cost=card.cost + 1), "en", W) != key
    assert face_key(replace(card, name_ru="Другое имя"), "en", W) != key
    assert face_key(replace(card, abilities={"primary": (("trade", 4),)}), "en", W) != key
    assert face_key(card.upgraded("s", "star_empire", "primary", ()), "en", W) != key
    cc = DB["command_center"]
    trig = replace(cc.triggers[0], effects=(("combat", 3),))
    assert face_key(replace(cc, triggers=(trig,)), "en", W) != face_key(cc, "en", W)


def test_changed_card_renders_again(cache_dir):
    card = DB["stinger"]
    c = FaceCache()
    c.face(card, "en", W)
    c.face(replace(card, cost=4), "en", W)
    assert c.renders == 2
    assert len(list(cache_dir.rglob("*.png"))) == 2


def test_back_placeholder_and_corrupt_files(cache_dir):
    c = FaceCache()
    back = c.back(W)
    assert c.back(W) is back
    img, ready = c.face_or_placeholder(DB["scout"], "en", W)
    assert not ready and img.size == back.size
    c.face(DB["scout"], "en", W)
    img, ready = c.face_or_placeholder(DB["scout"], "en", W)
    assert ready
    # a damaged file is dropped and the face rendered again
    path = next(p for p in cache_dir.rglob("*.png") if p.name.startswith(face_key(DB["scout"],
                                                                                  "en", W)))
    path.write_bytes(b"not a png")
    fresh = FaceCache()
    assert fresh.face(DB["scout"], "en", W).size == back.size
    assert fresh.renders == 1


def test_memory_is_bounded(cache_dir):
    c = FaceCache(memory_items=2, disk=False)
    for cid in ("scout", "viper", "explorer"):
        c.face(DB[cid], "en", 60)
    assert c.peek(DB["scout"], "en", 60) is None
    assert c.peek(DB["explorer"], "en", 60) is not None
    assert not cache_dir.exists()


def test_prerender_in_the_background(cache_dir):
    c = FaceCache()
    cards = [DB["scout"], DB["viper"], DB["explorer"]]
    thread = c.prerender(cards, ["en", "ru"], [W])
    assert thread.daemon
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert thread.done == 6 and not thread.errors
    for card in cards:
        for lang in ("en", "ru"):
            assert c.peek(card, lang, W) is not None
