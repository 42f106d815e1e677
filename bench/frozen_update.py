"""A frozen build updated in place keeps the player's saves (issue 21).

    python bench/frozen_update.py dist/star-realms-table

Does exactly what a player does, with a scratch user data folder (XDG_DATA_HOME, so
nothing of this machine is touched):

1. "installs" the one-folder build (a copy), plays a game headless and saves it;
2. replaces the whole folder with the new build, starts it: the save is listed;
3. an older build's layout — saves/ beside the executable — is adopted on start:
   those saves move to the user data folder and are listed, nothing overwritten;
4. portable mode: with portable.txt beside the executable, saves stay beside it.

Prints what it saw as JSON and exits 1 if any step fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

EXE = "star-realms-table-cli" + (".exe" if sys.platform == "win32" else "")


def run(folder: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(folder / EXE), *args], env=env, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"{EXE} {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def listed(folder: Path, env: dict[str, str]) -> dict:
    return json.loads(run(folder, env, "saves", "--json"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("build", type=Path, help="the one-folder build (dist/star-realms-table)")
    args = parser.parse_args()
    build = args.build.resolve()
    report: dict[str, object] = {}
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("STAR_REALMS_SAVES")}
        env.update(XDG_DATA_HOME=str(tmp_path / "data"), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy")
        game = tmp_path / "Games" / "star-realms-table"

        # 1. install, play, save
        shutil.copytree(build, game, symlinks=True)
        run(game, env, "smoke", "--frames", "60", "--keep-save")
        before = listed(game, env)
        report["saved"] = [s["file"] for s in before["saves"]]
        report["folder"] = before["folder"]
        ok &= len(before["saves"]) == 1 and not before["folder"].startswith(str(game))

        # 2. the folder replaced by a new build
        shutil.rmtree(game)
        shutil.copytree(build, game, symlinks=True)
        after = listed(game, env)
        report["after_update"] = [s["file"] for s in after["saves"]]
        ok &= report["after_update"] == report["saved"]

        # 3. an older build kept saves beside the executable: adopted on start
        old = game / "saves"
        old.mkdir()
        saved = Path(before["folder"]) / report["saved"][0]
        shutil.copy2(saved, old / saved.name)  # the same name: must not overwrite
        shutil.copy2(saved, old / "autosave-20250101-120000-000.json")
        adopted = listed(game, env)
        report["after_adopting"] = sorted(s["file"] for s in adopted["saves"])
        ok &= len(adopted["saves"]) == 3 and not old.exists()
        ok &= all(not s["error"] for s in adopted["saves"])

        # 4. portable mode keeps saves beside the executable
        (game / "portable.txt").write_text("saves beside the game\n", encoding="utf-8")
        portable = listed(game, env)
        report["portable_folder"] = portable["folder"]
        ok &= Path(portable["folder"]) == (game / "saves").resolve()
        run(game, env, "smoke", "--frames", "30", "--keep-save")
        ok &= len(listed(game, env)["saves"]) == 1
    report["ok"] = bool(ok)
    print(json.dumps(report, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
