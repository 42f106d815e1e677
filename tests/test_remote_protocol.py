"""The phone protocol's parsing and checking, without a network (issue 23)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.remote import protocol
from game.remote.net import qr_matrix, qr_text, resolve_bind
from game.remote.protocol import Act, ProtocolError, offer_of, parse_client


def act(**fields) -> str:
    return json.dumps({"v": 1, "t": "act", "rev": 3, "id": "play:c12", **fields})


def code_of(text: str) -> str:
    with pytest.raises(ProtocolError) as err:
        parse_client(text)
    return err.value.code


def test_a_well_formed_act_is_parsed():
    assert parse_client(act()) == Act(3, "play:c12")
    assert parse_client(act(id="attack_player:t1:x5")).id == "attack_player:t1:x5"


@pytest.mark.parametrize(("text", "code"), [
    ("x" * (protocol.MAX_MESSAGE_CHARS + 1), "too_big"),
    (act(pad="y" * 2000), "too_big"),
    ("{not json", "not_json"),
    ("[" * 1020, "not_json"),  # deeper than the recursion limit: refused, not a crash
    ("[" * 500 + "]" * 500, "bad_message"),
    ("[1, 2]", "bad_message"),
    ('"act"', "bad_message"),
    (act(v=2), "bad_version"),
    (act(v=True), "bad_version"),
    (act(v="1"), "bad_version"),
    (act(t="undo"), "bad_message"),
    (act(extra=1), "bad_message"),
    (json.dumps({"v": 1, "t": "act", "rev": 3}), "bad_message"),
    (act(rev=-1), "bad_message"),
    (act(rev=True), "bad_message"),
    (act(rev=1.5), "bad_message"),
    (act(rev=2**60), "bad_message"),
    (act(id=""), "bad_message"),
    (act(id=5), "bad_message"),
    (act(id="play:c12; drop"), "bad_message"),
    (act(id="<script>"), "bad_message"),
    (act(id="a:" + "b:" * 40), "bad_message"),
    (act(id="PLAY:c1"), "bad_message"),
])
def test_anything_else_is_refused_with_a_code(text, code):
    assert code_of(text) == code


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(
    lambda b: b.decode("latin-1")), st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["v", "t", "rev", "id", "x"]), inner, max_size=5)).map(json.dumps)))
def test_no_input_raises_anything_but_a_protocol_error(text):
    try:
        parsed = parse_client(text)
    except ProtocolError as exc:
        assert exc.code in protocol.ERROR_CODES
    else:
        assert isinstance(parsed.rev, int) and protocol.ID_RE.fullmatch(parsed.id)


MODEL = {"actions": [{"id": "play:c3"}, {"id": "attack_player:t1:x5"},
                     {"id": "attack_base:c40:x2"}, {"id": "end_turn"}],
         "targets": [{"action": "attack_player:t1:x5", "legal": True, "min": 1, "max": 5},
                     {"action": "attack_base:c40:x2", "legal": True, "min": 2, "max": 2},
                     {"action": "", "legal": False, "min": 0, "max": 0}]}


def test_an_offer_is_the_models_actions_and_their_smaller_attacks():
    offer = offer_of(MODEL)
    for ident in ("play:c3", "end_turn", "attack_player:t1:x5", "attack_player:t1:x1",
                  "attack_player:t1:x3", "attack_base:c40:x2"):
        assert offer.allows(ident), ident
    for ident in ("play:c4", "attack_player:t1:x6", "attack_player:t1:x0",
                  "attack_player:t2:x3", "attack_base:c40:x1", "buy:c3", "stop",
                  "attack_player:t1:x0000003", "attack_player:t1"):
        assert not offer.allows(ident), ident
    assert not protocol.NO_OFFER.allows("end_turn")


def test_server_frames_are_versioned_json_and_echo_only_well_formed_ids():
    frame = json.loads(protocol.error("not_legal", "play:c3"))
    assert frame == {"v": 1, "t": "error", "code": "not_legal", "id": "play:c3"}
    assert json.loads(protocol.error("bad_message", "<img src=x>"))["id"] == ""
    assert json.loads(protocol.encode("state", rev=2, seat=0, model={}))["v"] == 1


def test_links_and_qr_codes():
    assert resolve_bind("127.0.0.1") == ("127.0.0.1", "127.0.0.1")
    listen, public = resolve_bind("0.0.0.0")
    assert listen == "0.0.0.0" and public != "0.0.0.0"
    url = "http://192.168.1.20:8765/seat/abcdefghijklmnopqrstuv"
    matrix = qr_matrix(url)
    assert len(matrix) == len(matrix[0]) >= 21 and any(any(r) for r in matrix)
    text = qr_text(url)
    assert len(text.splitlines()) >= len(matrix) // 2 and "█" in text
