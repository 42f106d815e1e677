"""Tap → state update on loopback for the phone page (issue 23: ≤ 50 ms p95).

A duel of two remote seats is served on 127.0.0.1 by the headless host's loop (in its
own thread, as `python -m game host` runs it); two WebSocket clients play it, always
sending one of the actions their model offers (plays and buys first, then the end of
the turn).  Measured per tap: from sending the action to receiving the new model of the
sending seat — the server's validation, the game loop's poll, the engine's move, both
seats' models built (English and Russian words) and sent.

    python bench/phone_latency.py [--taps 400] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def play(game, taps: int) -> list[float]:
    # lazy: --help answers without loading the game
    from tests.remote_game import Phone

    phones = [await Phone.open(game.ws_url(s)) for s in (0, 1)]
    for p in phones:
        await p.until("state")
    times: list[float] = []
    while len(times) < taps and not game.session.over:
        mover = next(p for p in phones if p.actions())
        ids = mover.actions()
        choice = next((i for i in ids if i.startswith(("play:", "buy:", "attack"))), None)
        choice = choice or next((i for i in ids if i.startswith("choose:")), ids[-1])
        rev = mover.state["rev"]
        start = time.perf_counter()
        await mover.act(choice)
        while True:
            frame = await mover.recv()
            if frame["t"] == "state" and frame["rev"] > rev:
                break
            if frame["t"] == "error":
                raise SystemExit(f"the server refused {choice}: {frame}")
        times.append((time.perf_counter() - start) * 1000)
        other = phones[1 - phones.index(mover)]
        while other.state["rev"] < mover.state["rev"]:
            await other.until("state")
    for p in phones:
        await p.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # lazy: --help answers without loading the game
    from tests.remote_game import served

    times: list[float] = []
    seed = args.seed
    while len(times) < args.taps:
        with served("remote,remote", seed=seed, rate=1000.0, burst=1000) as game:
            game.start()
            times += asyncio.run(play(game, args.taps - len(times)))
        seed += 1
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(f"phone tap -> new model on loopback, {len(times)} taps (duel, two remote seats, "
          f"seeds {args.seed}..{seed - 1})")
    print(f"  p50 {statistics.median(times):.1f} ms   p95 {p95:.1f} ms   "
          f"max {times[-1]:.1f} ms   (target: p95 <= 50 ms)")
    return 0 if p95 <= 50 else 1


if __name__ == "__main__":
    raise SystemExit(main())
