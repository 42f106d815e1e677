"""The face cache: memory first, then PNG files, keyed by everything on the face."""

from dataclasses import replace

import pytest
from PIL import Image

from game.star_realms.art import cache as cache_mod
from game.star_realms.art.cache import FaceCache, face_key
from tests.scene import DB

W = 100
SIZE = (100, 140)  # a face W wide: 88 × 63 mm
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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


def _png_with_header(width: int, height: int) -> bytes:
    """A PNG claiming ``width`` × ``height`` whose pixel data is a few bytes (never
    allocated): the signature, a valid IHDR and a tiny IDAT."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (PNG_SIGNATURE + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def _real_png(size: tuple[int, int]) -> bytes:
    import io

    buf = io.BytesIO()
    Image.new("RGBA", size, (255, 0, 0, 255)).save(buf, format="PNG")
    return buf.getvalue()


def _truncated_face() -> bytes:
    data = _real_png(SIZE)
    return data[:len(data) // 2]


@pytest.mark.parametrize("bad", [
    pytest.param(lambda: _png_with_header(60000, 60000), id="bomb-header"),
    pytest.param(lambda: _png_with_header(12000, 12000), id="huge-header"),
    pytest.param(lambda: _real_png((1200, 1680)), id="oversized"),
    pytest.param(lambda: _real_png((W, W)), id="wrong-height"),
    pytest.param(_truncated_face, id="truncated"),
    pytest.param(lambda: _real_png(SIZE) + b"\0" * (1 << 20), id="padded-1mb"),
    pytest.param(lambda: b"GIF89a" + b"\0" * 200, id="not-png"),
])
@pytest.mark.parametrize("kind", ["face", "back"])
def test_bad_cache_files_are_replaced(cache_dir, bad, kind):
    card = DB["blob_miner"]
    key = face_key(card, "en", W) if kind == "face" else cache_mod.back_key(W)
    first = FaceCache()
    good = first.face(card, "en", W) if kind == "face" else first.back(W)
    assert good.size == SIZE
    path = first._path(key)
    path.write_bytes(bad())

    fresh = FaceCache()
    img = fresh.face(card, "en", W) if kind == "face" else fresh.back(W)
    assert img.size == good.size and img.tobytes() == good.tobytes()
    assert (fresh.renders, fresh.hits_disk) == (1, 0)
    # the file on disk was rewritten with the fresh face, and is used next time
    with Image.open(path) as im:
        assert im.format == "PNG" and im.size == SIZE
    again = FaceCache()
    assert (again.face(card, "en", W) if kind == "face" else again.back(W)).size == good.size
    assert (again.renders, again.hits_disk) == (0, 1)


def test_face_size_is_what_the_renderer_makes():
    from game.star_realms.art import faces

    for w in (1, 37, faces.MIN_LAYOUT_WIDTH, 199, 480):
        size = cache_mod.face_size(w)
        assert faces.render_face(DB["scout"], "en", w).size == size
        assert faces.render_back(w).size == size
        assert faces.render_placeholder(w).size == size


def test_an_oversized_file_is_refused_before_it_is_decoded(cache_dir, monkeypatch):
    card = DB["scout"]
    c = FaceCache()
    c.face(card, "en", W)
    path = c._path(face_key(card, "en", W))
    path.write_bytes(_real_png((1200, 1680)))
    opened = []
    real_open = Image.open
    monkeypatch.setattr(Image, "open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    fresh = FaceCache()
    assert fresh.face(card, "en", W).size == SIZE
    assert not opened  # refused from its header alone: Pillow never looked at it
