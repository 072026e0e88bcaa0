"""The languages: chosen the standard way, every message translated, placeholders kept,
the compiled catalogues current, and the scripting contract the same in every language.

docs/translating.md says how a translator adds a language; these tests are what holds
that work to account.
"""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from ohhell_score import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "ohhell_score" / "locale"
LANGUAGES = sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())
PYBABEL = Path(sys.executable).parent / "pybabel"
#: What the sheet of a new game says in Dutch (and not in English).
DUTCH_SHEET_WORDS = "deelt"


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """A clean slate of language variables; the choice is made afresh, and undone after."""
    for name in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    i18n.reset()
    yield monkeypatch
    i18n.reset()


# --- choosing the language ----------------------------------------------------------


@pytest.mark.parametrize(
    ("variables", "language"),
    [
        ({}, "en"),
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "nl_NL.UTF-8", "LANG": "en_GB.UTF-8"}, "nl"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"}, "en"),
        ({"LANGUAGE": "nl", "LC_ALL": "en_US.UTF-8"}, "nl"),
        ({"LANGUAGE": "fr:nl:en"}, "nl"),  # no French: the next wish
        ({"LANGUAGE": "en:nl"}, "en"),  # English is wished first, though it has no file
        ({"LANGUAGE": "de", "LANG": "nl_NL.UTF-8"}, "en"),  # LANGUAGE set: LANG unread
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"OHHELL_LANG": "nl", "LANGUAGE": "en"}, "nl"),
        ({"OHHELL_LANG": "en", "LANGUAGE": "nl"}, "en"),
        ({"OHHELL_LANG": "", "LANGUAGE": "nl"}, "nl"),  # set but empty: not a wish
    ],
    ids=lambda v: str(v),
)
def test_the_language_is_chosen_as_gettext_chooses_it_ohhell_lang_first(
    chosen: pytest.MonkeyPatch, variables: dict[str, str], language: str
) -> None:
    """OHHELL_LANG, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG; English by default."""
    for name, value in variables.items():
        chosen.setenv(name, value)
    assert i18n.language() == language


def test_english_reads_no_catalogue_and_imports_no_gettext() -> None:
    """English start-up costs nothing: the source language needs no file."""
    code = (
        "import builtins, sys\n"
        "opened = []\n"
        "real = builtins.open\n"
        "builtins.open = lambda f, *a, **k: (opened.append(str(f)), real(f, *a, **k))[1]\n"
        "from ohhell_score.i18n import _, ngettext, language\n"
        "print(_('Hand'), ngettext('card', 'cards', 2), language())\n"
        "print('gettext' in sys.modules, [f for f in opened if f.endswith('.mo')])\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in i18n.LANGUAGE_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-c", code], env={**env, "LANG": "en_GB.UTF-8"}, capture_output=True
    )
    assert done.stdout.decode().splitlines() == ["Hand cards en", "False []"], done.stderr


def test_a_message_without_a_translation_stays_english(chosen: pytest.MonkeyPatch) -> None:
    chosen.setenv("LANGUAGE", "nl")
    assert i18n.language() == "nl"
    assert i18n._("no such message, not in any catalogue") == (
        "no such message, not in any catalogue"
    )
    assert i18n.ngettext("one {n} thing", "{n} things", 1) == "one {n} thing"
    assert i18n.ngettext("one {n} thing", "{n} things", 3) == "{n} things"


# --- the catalogues -------------------------------------------------------------------


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages marked in the code, as ``pybabel extract`` finds them (babel.cfg)."""
    pot = tmp_path_factory.mktemp("pot") / "ohhell.pot"
    subprocess.run(
        [str(PYBABEL), "extract", "-F", "babel.cfg", "-o", str(pot), "."],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as f:
        return read_po(f)


def catalogue(language: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / "ohhell.po").open("rb") as f:
        return read_po(f, locale=language)


def forms(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def translations(message: Message) -> list[str]:
    text = message.string
    return list(text) if isinstance(text, (list, tuple)) else [text or ""]


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a message, as ``str.format`` reads them."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_there_is_a_dutch_catalogue() -> None:
    assert "nl" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_in_the_code_is_translated(extracted: Catalog, language: str) -> None:
    """A message marked in the code with no translation fails here (run
    ``pybabel update``, then translate: docs/translating.md)."""
    po = catalogue(language)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        found = po.get(message.id, message.context)
        if found is None or found.fuzzy or not all(translations(found)):
            missing.append(forms(message)[0])
    assert not missing, f"{len(missing)} untranslated in {language}: {missing[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders(language: str) -> None:
    """A translation that drops or adds a ``{placeholder}`` fails here; each
    plural form keeps those of the plural (Dutch "1 kaart" may say the number in words:
    only the names must match the English forms')."""
    po = catalogue(language)
    wrong = []
    for message in po:
        if not message.id or not message.string:
            continue
        wanted = set().union(*(fields(f) for f in forms(message)))
        for text in translations(message):
            if fields(text) - wanted or (len(forms(message)) == 1 and fields(text) != wanted):
                wrong.append((forms(message)[0], text))
    assert not wrong, wrong
    assert not [problem for problem in po.check() if problem[1]], "Babel's own checks"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_is_kept_for_a_message_the_code_lost(
    extracted: Catalog, language: str
) -> None:
    """``pybabel update`` was run after the code changed: no stale messages linger."""
    po = catalogue(language)
    lost = [forms(m)[0] for m in po if m.id and extracted.get(m.id, m.context) is None]
    assert not lost, lost
    assert not po.obsolete, list(po.obsolete)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_the_po_file(language: str) -> None:
    """The committed .mo is what ``pybabel compile`` makes of the .po (run it after
    every change to a .po: docs/translating.md)."""
    folder = LOCALE / language / "LC_MESSAGES"
    with (folder / "ohhell.mo").open("rb") as f:
        compiled = read_mo(f)
    po = catalogue(language)
    wanted = {
        (m.id if isinstance(m.id, str) else tuple(m.id), m.context): m.string
        for m in po
        if m.id and m.string and not m.fuzzy
    }
    have = {
        (m.id if isinstance(m.id, str) else tuple(m.id), m.context): m.string
        for m in compiled
        if m.id
    }
    assert {k: tuple(v) if isinstance(v, list) else v for k, v in have.items()} == {
        k: tuple(v) if isinstance(v, list) else v for k, v in wanted.items()
    }


# --- the scripting contract speaks no language ----------------------------------------

#: A game with a refused dealer bid, a refused count of tricks, an undo, Dutch suit words
#: and malformed command lines: what scripts read of each must not depend on the language.
SCRIPT = [
    ["new", "Ann", "Bob", "Cat", "Dan", "-g", "friday", "-r", "cartier"],
    ["bid", "3", "2", "4"],
    ["bid", "4"],  # the dealer may not make the bids add up to 13: exit 1
    ["bid", "99"],
    ["bid", "3"],
    ["trump", "harten"],
    ["tricks", "3", "2", "4", "5"],  # 14 tricks of 13: exit 1
    ["tricks", "3", "2", "4", "4"],
    ["undo"],
    ["tricks", "Bob=4", "Cat=2", "Dan=4", "Ann=3"],
    ["bid", "Cat=1"],  # out of turn: exit 1
    ["trump", "stars"],  # not a suit: exit 2
    ["bid", "one"],  # not a number: exit 2
    ["show", "-g", "nope"],  # no such game: exit 1
    ["frobnicate"],  # no such command: exit 2
    ["new", "Ann", "Ann"],  # a table needs different names: exit 1
    ["show"],
    ["rules", "cartier"],
    ["show", "--json"],
    ["list", "--json"],
]
CONTRACT = {("show", "--json"), ("list", "--json")}


class Answers(NamedTuple):
    statuses: list[tuple[str, int]]
    json: list[str]
    files: dict[str, bytes]


def played(language: str, monkeypatch: pytest.MonkeyPatch, folder: Path) -> Answers:
    """Every exit status of SCRIPT, the JSON it printed and the files it left, spoken in
    ``language``."""
    from ohhell_score.storage import games
    from tests.conftest import invoke

    monkeypatch.setenv("LANGUAGE", language)
    monkeypatch.setenv("OHHELL_DATA_DIR", str(folder))
    monkeypatch.setattr(games, "now", lambda: "2026-12-01T20:00:00+01:00")
    i18n.reset()
    assert i18n.language() == language
    answers = Answers([], [], {})
    for args in SCRIPT:
        result = invoke(args)
        answers.statuses.append((" ".join(args), result.exit_code))
        if tuple(args) in CONTRACT:
            answers.json.append(result.stdout)
    files = (p for p in sorted(folder.rglob("*")) if p.is_file() and p.name != INDEX)
    answers.files.update({str(p.relative_to(folder)): p.read_bytes() for p in files})
    index = json.loads((folder / INDEX).read_bytes())
    assert index["header"]["language"] == language
    return answers


#: The list index, a cache of each game's line of `ohhell list`: it keeps the rules in
#: words as the language of the `list` that wrote it says them, and records that
#: language, so that a `list` in another one rebuilds it (its file keys differ between
#: any two folders anyway). `list --json` is compared instead.
INDEX = ".list-index.json"


def test_json_exit_statuses_and_files_are_the_same_in_every_language(
    both_paths: str, chosen: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`show --json`, `list --json`, every exit status and the saved files are
    byte for byte the same under LANGUAGE=nl and LANGUAGE=en."""
    english = played("en", chosen, tmp_path / "en")
    assert {0, 1, 2} <= {code for _, code in english.statuses}  # every kind of answer
    assert english.files and all(english.json)
    for language in LANGUAGES:
        assert played(language, chosen, tmp_path / language) == english


# --- as installed -------------------------------------------------------------------


def test_the_wheel_built_from_the_sdist_speaks_dutch(tmp_path: Path) -> None:
    """The catalogues ship in the sdist and in the wheel built from it, and the
    installed program speaks Dutch with LANGUAGE=nl."""
    import tarfile
    import zipfile

    dist = tmp_path / "dist"
    subprocess.run(  # the sdist, then the wheel from the unpacked sdist
        [sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    catalogue_files = {
        f"ohhell_score/locale/{lang}/LC_MESSAGES/ohhell.{kind}"
        for lang in LANGUAGES
        for kind in ("po", "mo")
    }
    assert catalogue_files <= set(zipfile.ZipFile(wheel).namelist())
    with tarfile.open(sdist) as tar:
        in_sdist = {name.partition("/")[2] for name in tar.getnames()}
    assert catalogue_files | {"babel.cfg"} <= in_sdist

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    subprocess.run([*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    # Typer, rich and platformdirs from this venv; ohhell_score only from the wheel (this
    # venv holds ohhell_score as an editable path, which PYTHONPATH does not follow).
    import typer

    env = {
        **{k: v for k, v in os.environ.items() if k not in i18n.LANGUAGE_VARIABLES},
        "PYTHONPATH": str(Path(typer.__file__).parent.parent),
        "LANGUAGE": "nl",
        "OHHELL_DATA_DIR": str(tmp_path / "data"),
    }
    where = subprocess.run(
        [
            venv / "bin" / "python",
            "-c",
            "import ohhell_score.i18n as i; print(i.__file__, i.language())",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert where.stdout.split() == [
        str(
            venv
            / "lib"
            / f"python{sys.version_info.major}.{sys.version_info.minor}"
            / "site-packages"
            / "ohhell_score"
            / "i18n.py"
        ),
        "nl",
    ]
    ohhell = venv / "bin" / "ohhell"
    subprocess.run(
        [ohhell, "new", "Ann", "Bob", "Cat", "-g", "friday"],
        env=env,
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    shown = subprocess.run([ohhell, "show"], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert DUTCH_SHEET_WORDS in shown.stdout
