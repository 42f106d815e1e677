"""A frozen build updated in place keeps the player's saves (issue 21).

    python bench/frozen_update.py dist/starfold [--from OLD_BUILD]

Does exactly what a player does, with scratch user folders (HOME and every XDG folder,
so nothing of this machine is read or touched) and no folder override variable:

0. with ``--from``: an older build (e.g. today's main before the rename to Starfold, whose
   executables are ``star-realms-table*`` and whose data folder is ``star-realms-table``)
   is installed and a game saved with it; after replacing it by the new build that save is
   listed without error and replays (``replay --verify``), and the old folder is left as
   it was with its MOVED-TO-STARFOLD.txt note (the renamed build adopts the old folders on
   first start);

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

SUFFIX = ".exe" if sys.platform == "win32" else ""
# The console executable's names, newest first: a build of main before issue 40 has
# star-realms-table-cli, a renamed one starfold-cli.
EXES = tuple(f"{name}-cli{SUFFIX}" for name in ("starfold", "star-realms-table"))


def exe_name(build: Path) -> str:
    for name in EXES:
        if (build / name).is_file():
            return name
    raise SystemExit(f"{build}: no console executable (expected one of {', '.join(EXES)})")


def run(folder: Path, env: dict[str, str], *args: str) -> str:
    exe = exe_name(folder)
    done = subprocess.run([str(folder / exe), *args], env=env, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"{exe} {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    return done.stdout


def listed(folder: Path, env: dict[str, str]) -> dict:
    return json.loads(run(folder, env, "saves", "--json"))


def scratch_env(tmp: Path) -> dict[str, str]:
    """This process's environment with every user folder under ``tmp``: the folders must be
    the real default ones (no override under either variable name), and a build must not
    read, adopt or write the folders of whoever runs this (HOME and every XDG folder)."""
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith(("STARFOLD_", "STAR_REALMS_")) and k.endswith("_DIR"))}
    env.update(HOME=str(tmp / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for kind in ("DATA", "CONFIG", "CACHE", "STATE"):
        env[f"XDG_{kind}_HOME"] = str(tmp / kind.lower())
    return env


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("build", type=Path, help="the one-folder build (dist/starfold)")
    parser.add_argument("--from", dest="old", type=Path,
                        help="an older one-folder build to update from (step 0)")
    args = parser.parse_args()
    build = args.build.resolve()
    report: dict[str, object] = {}
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        env = scratch_env(tmp_path)
        game = tmp_path / "Games" / build.name

        # 0. an older build's save, in its own data folder, survives the update
        if args.old:
            old_game = tmp_path / "Games" / args.old.resolve().name
            shutil.copytree(args.old.resolve(), old_game, symlinks=True)
            run(old_game, env, "smoke", "--frames", "60", "--keep-save")
            old_saves = listed(old_game, env)
            shutil.rmtree(old_game)
            shutil.copytree(build, game, symlinks=True)
            new_saves = listed(game, env)
            report["old_build_saved"] = [s["file"] for s in old_saves["saves"]]
            report["old_build_listed_after_update"] = [s["file"] for s in new_saves["saves"]]
            ok &= (len(old_saves["saves"]) == 1
                   and report["old_build_listed_after_update"] == report["old_build_saved"]
                   and not any(s["error"] for s in new_saves["saves"]))
            if new_saves["saves"]:  # it continues: the new build replays it to the end
                report["old_build_save_replayed"] = run(
                    game, env, "replay", "--verify",
                    str(Path(new_saves["folder"]) / new_saves["saves"][0]["file"])).strip()
            # the old folder stays, with the note saying where its files went
            note = Path(old_saves["folder"]).parent / "MOVED-TO-STARFOLD.txt"
            report["old_folder_note"] = str(note) if note.is_file() else None
            ok &= note.is_file() and all((Path(old_saves["folder"]) / s["file"]).is_file()
                                         for s in old_saves["saves"])
            shutil.rmtree(game)
            shutil.rmtree(Path(new_saves["folder"]))  # steps 1-4 start from no saves

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
