"""Where ohhell keeps its files: the data folder (games, tournaments, caches) and the
config folder (house rules), resolved on every call.

The data folder is ``$OHHELL_DATA_DIR``, else platformdirs' user data directory for
``ohhell-score``; the config folder is ``$OHHELL_CONFIG_DIR``, else platformdirs' user
config directory. Each folder of ours is made 0700.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

APP_NAME = "ohhell-score"


def data_dir() -> Path:
    """docs/scripting.md: ``$OHHELL_DATA_DIR``, else the platform's user data directory."""
    return user_dir("OHHELL_DATA_DIR", "XDG_DATA_HOME", (".local", "share"), "user_data_dir")


def config_dir() -> Path:
    """``$OHHELL_CONFIG_DIR``, else the platform's user config directory."""
    return user_dir("OHHELL_CONFIG_DIR", "XDG_CONFIG_HOME", (".config",), "user_config_dir")


def user_dir(override: str, xdg: str, home_default: tuple[str, ...], platform_dirs: str) -> Path:
    """``$override`` when set, else platformdirs' folder (``platform_dirs`` names it).

    On Linux in the plain cases platformdirs' answer is worked out without importing it
    (about 3 ms, on every command and every TAB): ``$XDG_.../ohhell-score`` when that is
    an absolute path, else ``$HOME/<home_default>/ohhell-score`` when HOME is one.
    Anything else (Android, no usable HOME) is left to platformdirs; tests check that
    both give the same folder.
    """
    env = os.environ.get(override)
    if env:
        return Path(env)
    plain_linux = sys.platform == "linux" and not hasattr(sys, "getandroidapilevel")
    if plain_linux and not {"ANDROID_DATA", "ANDROID_ROOT"} & os.environ.keys():
        base = os.environ.get(xdg, "")
        if os.path.isabs(base):
            return Path(base, APP_NAME)
        home = os.environ.get("HOME", "")
        if os.path.isabs(home):
            return Path(home, *home_default, APP_NAME)
    import platformdirs  # only when needed: it is not free to import

    folder: str = getattr(platformdirs, platform_dirs)(APP_NAME, appauthor=False)
    return Path(folder)


def ensure_data_dir() -> Path:
    folder = data_dir()
    make_folder(folder)
    return folder


def make_folder(folder: Path) -> None:
    """``folder`` and every missing folder above it, each 0700 (``mkdir(parents=True)``
    gives the parents the umask's mode)."""
    if folder.is_dir():
        return
    missing = [folder, *(p for p in folder.parents if not p.is_dir())]
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):
            each.mkdir(mode=0o700)
