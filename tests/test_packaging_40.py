"""A lean, complete release (issue 40 items 6-8): fast checks of what the build and the
sdist rely on.  The real build is measured by .ci/run and bench/frozen.py, not here.

- the spec strips debug information on Linux, leaves out ssl, _hashlib and Pillow's AVIF
  codec, ships one Linux executable, and copies the menu entry; and the game really runs
  its phone server, hashes and images without those modules (so leaving them out is safe);
- the Noto Sans files the build drops from assets/ are pygame-gui's, which the game falls
  back to;
- pyproject's metadata (SPDX licence, licence files, classifiers, keywords), and the sdist
  manifest carrying what the tests read;
- the Linux .desktop file and AppStream metainfo parse and agree with each other and the
  package; the Windows manifest declares DPI awareness; the version resource template is
  a well-formed VSVersionInfo.
"""

from __future__ import annotations

import ast
import asyncio
import configparser
import filecmp
import os
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import aiohttp
import pygame_gui

import game
from game.resources import assets_dir

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
PACKAGING = ROOT / "packaging"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# What the frozen build leaves out (build.spec's EXCLUDES): each must be optional.
LEFT_OUT = ("ssl", "_ssl", "_hashlib", "PIL._avif")


def spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def spec_constant(name: str) -> object:
    """A top-level ``name = <literal>`` of build.spec."""
    for node in spec_tree().body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            try:
                return ast.literal_eval(node.value)
            except ValueError:
                return ast.unparse(node.value)
    raise AssertionError(f"build.spec has no {name} = ...")


def spec_calls(func: str) -> list[ast.Call]:
    return [n for n in ast.walk(spec_tree())
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == func]


def keyword(call: ast.Call, name: str) -> str | None:
    return next((ast.unparse(k.value) for k in call.keywords if k.arg == name), None)


APP_ID = spec_constant("app_id")
SCRIPT = next(iter(PYPROJECT["project"]["scripts"]))  # starfold


# ---------------------------------------------------------------- the build (item 6)

def test_the_spec_strips_on_linux_and_leaves_out_what_nothing_loads():
    assert spec_constant("strip") == "linux"
    assert spec_constant("linux") == "sys.platform.startswith('linux')"
    assert set(spec_constant("EXCLUDES")) == set(LEFT_OUT)
    (analysis,) = spec_calls("Analysis")
    assert keyword(analysis, "excludes") == "EXCLUDES"
    for call in (*spec_calls("EXE"), *spec_calls("COLLECT")):
        assert keyword(call, "strip") == "strip", ast.unparse(call)


def test_linux_ships_one_executable_and_a_cli_symlink():
    source = SPEC.read_text(encoding="utf-8")
    # the console twin is built only off Linux; on Linux -cli links to the one executable
    assert "if not linux:" in source and "exes.append(EXE(" in source
    assert '(folder / f"{name}-cli").symlink_to(name)' in source
    (collect,) = spec_calls("COLLECT")
    assert ast.unparse(collect.args[0]) == "*exes"


# Run in a fresh interpreter where the left-out modules cannot be imported, as in the
# build: hashing, PNG images (Pillow registering every plugin), and the phones' server.
_WITHOUT = f"""
import sys
for name in {LEFT_OUT!r}:
    sys.modules[name] = None  # import raises ImportError, as in the frozen build
import hashlib
assert hashlib.sha256(b"x").hexdigest().startswith("2d711642")
from PIL import Image, features
Image.init()
assert not features.check("avif") and features.check("zlib")
import runpy
sys.argv = ["game", "host", "--bind", "127.0.0.1", "--port", "0", "--seats",
            "remote,greedy", "--seed", "1", "--no-qr", "--linger", "0"]
runpy.run_module("game", run_name="__main__")
"""


def test_the_game_and_its_phone_server_run_without_the_left_out_modules(tmp_path):
    env = dict(os.environ, STAR_REALMS_SAVES_DIR=str(tmp_path / "saves"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-c", _WITHOUT], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Phones on the same Wi-Fi"):
            lines.append(proc.stdout.readline())
            assert lines[-1], proc.stderr.read()
        url = next(line for line in lines if "(seat 1)" in line).split(": ", 1)[1].strip()

        async def visit() -> tuple[int, str]:
            async with aiohttp.ClientSession() as session:
                async with session.get(url) as page:
                    status = page.status
                # the websocket handshake hashes with sha1: CPython's own, not OpenSSL's
                async with session.ws_connect(url + "/ws") as ws:
                    first = await ws.receive(timeout=60)
            return status, str(first.data)

        status, first = asyncio.run(visit())
        assert status == 200 and '"t":"state"' in first
    finally:
        proc.kill()
        proc.communicate()


def test_the_fonts_the_build_drops_are_pygame_guis_and_the_game_falls_back(monkeypatch,
                                                                            tmp_path):
    from game.star_realms.art import fonts as card_fonts
    from game.ui import fonts as ui_fonts

    gui_data = Path(pygame_gui.__file__).parent / "data"
    ours = sorted((assets_dir() / "fonts").glob("*.ttf"))
    assert ours and all(filecmp.cmp(f, gui_data / f.name, shallow=False) for f in ours)
    # the build's layout: assets/fonts without the .ttf files
    (tmp_path / "fonts").mkdir()
    monkeypatch.setattr(ui_fonts, "assets_dir", lambda: tmp_path)
    monkeypatch.setattr(card_fonts, "assets_dir", lambda: tmp_path)
    card_fonts.font_path.cache_clear()
    try:
        for bold in (False, True):
            assert Path(ui_fonts.font_path(bold)).parent == gui_data
        for style in card_fonts.FILES:
            path = card_fonts.font_path(style)
            assert path is not None and path.parent.resolve() == gui_data.resolve()
    finally:
        card_fonts.font_path.cache_clear()


# ---------------------------------------------------------------- desktop files (item 7)

def test_the_linux_desktop_entry_parses_and_launches_the_installed_command():
    path = PACKAGING / "linux" / f"{APP_ID}.desktop"
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read_string(path.read_text(encoding="utf-8"))
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Terminal"] == "false"
    # the window's class is the app id (game.ui.app sets SDL's WM class / app id to it)
    assert desktop["Exec"] == SCRIPT and desktop["StartupWMClass"] == APP_ID == game.APP_ID
    assert desktop["Icon"] == APP_ID
    assert desktop["Categories"].endswith(";") and "Game" in desktop["Categories"].split(";")
    for key in ("Name", "Comment", "Comment[ru]", "GenericName[ru]"):
        assert desktop[key].strip()


def test_the_appstream_metainfo_agrees_with_the_desktop_entry_and_the_package():
    xml = "{http://www.w3.org/XML/1998/namespace}lang"
    root = ET.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("project_license") == PYPROJECT["project"]["license"]
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("provides/binary") == SCRIPT
    assert {s.get(xml) for s in root.findall("summary")} == {None, "ru"}
    assert {p.get(xml) for p in root.findall("description/p")} >= {None, "ru"}
    assert root.find("content_rating") is not None
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == game.__version__


def test_the_spec_installs_the_menu_entry_metainfo_and_icon_under_share():
    source = SPEC.read_text(encoding="utf-8")
    for piece in ('("applications", ".desktop")', '("metainfo", ".metainfo.xml")',
                  '"icons" / "hicolor" / "256x256" / "apps"', 'icon_dir / f"{app_id}.png"'):
        assert piece in source


def test_the_windows_manifest_declares_per_monitor_dpi_awareness():
    name = f"{spec_constant('name')}.exe.manifest"
    root = ET.parse(PACKAGING / "windows" / name).getroot()
    ns = {"v3": "urn:schemas-microsoft-com:asm.v3",
          "ws05": "http://schemas.microsoft.com/SMI/2005/WindowsSettings",
          "ws16": "http://schemas.microsoft.com/SMI/2016/WindowsSettings"}
    settings = root.find("v3:application/v3:windowsSettings", ns)
    assert settings is not None
    assert settings.findtext("ws05:dpiAware", namespaces=ns) == "true/pm"
    awareness = settings.findtext("ws16:dpiAwareness", namespaces=ns) or ""
    assert awareness.split(",")[0].strip() == "PerMonitorV2"
    # the spec hands it to every executable
    assert '"manifest": str(root / "packaging" / "windows" / f"{name}.exe.manifest")' \
        in SPEC.read_text(encoding="utf-8")
    for exe in spec_calls("EXE"):
        assert keyword(exe, None) == "windows", ast.unparse(exe)  # **windows


def test_the_windows_version_template_fills_in_to_a_vs_version_info():
    text = (PACKAGING / "windows" / "version_info.txt").read_text(encoding="utf-8")
    filled = text.replace("{version_tuple}", "(0, 1, 0, 0)").replace("{version}", "0.1.0")
    call = ast.parse(filled, mode="eval").body
    assert isinstance(call, ast.Call) and ast.unparse(call.func) == "VSVersionInfo"
    strings = {ast.literal_eval(n.args[0]): ast.literal_eval(n.args[1])
               for n in ast.walk(call)
               if isinstance(n, ast.Call) and ast.unparse(n.func) == "StringStruct"}
    assert strings["FileVersion"] == strings["ProductVersion"] == "0.1.0"
    assert strings["OriginalFilename"] == f"{spec_constant('name')}.exe"


# ---------------------------------------------------------------- sdist, metadata (item 8)

def test_the_package_metadata_uses_an_spdx_licence_and_says_what_it_is():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"  # a string: the {text = ...} table is deprecated
    assert {"LICENSE", "THIRD_PARTY_NOTICES.md"} <= set(project["license-files"])
    assert not any(c.startswith("License ::") for c in project["classifiers"])
    assert "Topic :: Games/Entertainment :: Board Games" in project["classifiers"]
    assert len(project["keywords"]) >= 3
    assert "setuptools>=77" in " ".join(PYPROJECT["build-system"]["requires"])


def test_the_sdist_manifest_carries_what_the_tests_read():
    lines = [line.split("#")[0].split() for line in
             (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()]
    grafted = {words[1] for words in lines if words and words[0] == "graft"}
    included = {w for words in lines if words and words[0] == "include" for w in words[1:]}
    assert {"rules", "assets", "tests", "docs", "bench", "licenses", "packaging"} <= grafted
    assert {"build.spec", "constraints.txt", "THIRD_PARTY_NOTICES.md", "LICENSE",
            "setup.py"} <= included
    for name in included:
        assert (ROOT / name).is_file(), name
