"""What `-o FILE` does to what it names (docs/safety.md, "The files you ask for"): a
regular file is replaced whole, a FIFO, a device and /dev/stdout are written through, a
symlink's target is written and the link kept, a folder is refused; a file written is
as open as the umask makes a new file. The same for every command that takes `-o`."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import BinaryIO

import pytest

from ohhell_score.cli.tournament import Listed
from ohhell_score.views.formats import Format

from .conftest import Ohhell


@pytest.fixture(params=["export", "tournament export", "rules export", "ratings"])
def command(request: pytest.FixtureRequest, ohhell: Ohhell) -> list[str]:
    """A command with something to write (a game, a tournament, a house rule): it writes
    to ``-o FILE`` what it prints without."""
    if request.param == "export":
        ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "friday")
        return ["export", "-g", "friday", "-f", "md"]
    if request.param == "tournament export":
        ohhell.ok("tournament", "new", "cup", *"ABCDEFGH", "--no-shuffle", "--hands", "1")
        return ["tournament", "export", "cup", "-f", "md"]
    if request.param == "ratings":
        return ["ratings"]
    ohhell.ok("rules", "save", "family", "--hook", "never")
    return ["rules", "export", "family"]


@pytest.fixture
def here(tmp_path: Path) -> Path:
    """An empty folder for the files a test names."""
    folder = tmp_path / "here"
    folder.mkdir()
    return folder


def test_a_fifo_is_written_through_and_stays_a_fifo(
    ohhell: Ohhell, command: list[str], here: Path
) -> None:
    expected = ohhell.ok(*command).encode()
    fifo = here / "pipe"
    os.mkfifo(fifo)
    read: list[bytes] = []
    # A daemon: if the FIFO were replaced, the reader would wait on it for ever.
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()), daemon=True)
    reader.start()
    ohhell.ok(*command, "-o", str(fifo))
    reader.join(timeout=10)
    assert read == [expected]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_is_written_through_and_stays_a_device(
    ohhell: Ohhell, command: list[str], here: Path
) -> None:
    null = here / "null"  # a copy of /dev/null
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    ohhell.ok(*command, "-o", str(null))
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert os.major(null.lstat().st_rdev) == 1


def test_a_symlink_is_kept_and_its_target_written(
    ohhell: Ohhell, command: list[str], here: Path
) -> None:
    expected = ohhell.ok(*command)
    target = here / "kept" / "results.txt"
    target.parent.mkdir()
    target.write_text("last week's\n")
    link = here / "link.csv"
    link.symlink_to(target)
    ohhell.ok(*command, "-o", str(link))
    assert link.is_symlink() and link.readlink() == target
    assert target.read_text() == expected
    assert sorted(os.listdir(here)) == ["kept", "link.csv"]
    assert os.listdir(target.parent) == ["results.txt"]  # no temp file left beside it


def test_a_dangling_symlink_makes_its_target(
    ohhell: Ohhell, command: list[str], here: Path
) -> None:
    expected = ohhell.ok(*command)
    link = here / "link.csv"
    link.symlink_to("made.txt")
    ohhell.ok(*command, "-o", str(link))
    assert link.is_symlink()
    assert (here / "made.txt").read_text() == expected


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
@pytest.mark.parametrize("exists", [False, True], ids=["new", "replaced"])
def test_a_file_written_is_as_open_as_the_umask_makes_a_new_file(
    ohhell: Ohhell, command: list[str], here: Path, exists: bool, umask: int, mode: int
) -> None:
    out = here / "out.txt"
    if exists:
        out.write_text("old")
        out.chmod(0o600)
    old = os.umask(umask)
    try:
        ohhell.ok(*command, "-o", str(out))
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert out.read_text() == ohhell.ok(*command)


def test_a_folder_is_refused_with_one_line(ohhell: Ohhell, command: list[str], here: Path) -> None:
    err = ohhell.refused(*command, "-o", str(here))
    assert err == f"ohhell: cannot write {here}: Is a directory\n"
    assert here.is_dir() and os.listdir(here) == []


@pytest.mark.parametrize("kind", ["a new name", "a file", "a link to nothing"])
def test_a_name_ending_in_a_slash_that_is_no_folder_is_refused_as_cp_does(
    ohhell: Ohhell, command: list[str], here: Path, kind: str
) -> None:
    """`-o NEWDIR/` wrote a file called NEWDIR: the slash says a folder is meant, so
    as `cp` does, it is "Not a directory", exit 1, and nothing is written."""
    target = here / "out"
    if kind == "a file":
        target.write_text("kept\n")
    elif kind == "a link to nothing":
        target.symlink_to(here / "nowhere")
    before = sorted(os.listdir(here))
    err = ohhell.refused(*command, "-o", f"{target}/")
    assert err == f"ohhell: cannot write {target}/: Not a directory\n"
    assert sorted(os.listdir(here)) == before
    if kind == "a file":
        assert target.read_text() == "kept\n"


def test_a_folder_named_with_its_slash_is_refused_as_a_folder(
    ohhell: Ohhell, command: list[str], here: Path
) -> None:
    err = ohhell.refused(*command, "-o", f"{here}/")
    assert err == f"ohhell: cannot write {here}/: Is a directory\n"
    assert os.listdir(here) == []


def test_dash_is_stdout_for_every_o(
    ohhell: Ohhell, command: list[str], here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o -` prints what the command prints without `-o`, and writes no file named `-`."""
    monkeypatch.chdir(here)
    assert ohhell.ok(*command, "-o", "-") == ohhell.ok(*command)
    assert os.listdir(here) == []


def _console(args: list[str], stdout: int | BinaryIO) -> subprocess.CompletedProcess[bytes]:
    """`ohhell ARGS` as its console script runs it, its stdout what the caller gives."""
    code = "import sys; sys.argv[0] = 'ohhell'\nfrom ohhell_score.entry import main\nmain()\n"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, "LANGUAGE": "en", "NO_COLOR": "1"},
        check=False,
    )


@pytest.mark.parametrize("stream", ["pipe", "file"])
def test_dev_stdout_is_the_stream_the_command_was_given(
    ohhell: Ohhell, command: list[str], here: Path, stream: str
) -> None:
    """`-o /dev/stdout` writes into the pipe or the file the shell gave the command
    (``> file``), never a file in its place."""
    expected = ohhell.ok(*command).encode()
    if stream == "pipe":
        done = _console([*command, "-o", "/dev/stdout"], subprocess.PIPE)
        out = done.stdout
    else:
        kept = here / "kept.txt"
        with kept.open("wb") as f:
            done = _console([*command, "-o", "/dev/stdout"], f)
        out = kept.read_bytes()
    assert done.returncode == 0, done.stderr
    assert out.startswith(expected)
    assert out.count(expected) == 1


def test_tournament_export_lists_the_formats_of_the_registry() -> None:
    """Its own order in --help, the one registry's formats."""
    assert sorted(f.value for f in Listed) == sorted(Format)


#: Every command that takes ``-o FILE`` (docs/safety.md names each).
WRITERS = (
    ["export"],
    ["sheet"],
    ["ratings"],
    ["tournament", "export", "cup"],
    ["rules", "export", "family"],
)


def output_help(ohhell: Ohhell, command: list[str]) -> str:
    """The help of ``-o`` in ``command --help``, its lines joined."""
    shown = ohhell.ok(*[w for w in command if w not in ("cup", "family", "--html")], "--help")
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines) if "-o, --output FILE" in line)
    said = [lines[start].split("FILE", 1)[1]]
    for line in lines[start + 1 :]:
        if line.lstrip().startswith("-"):
            break
        said.append(line)
    return " ".join(" ".join(said).split())


def test_every_o_says_one_true_thing_the_safety_page_says_too(ohhell: Ohhell) -> None:
    """docs/safety.md, "The files you ask for": each `-o` writes its file one way, and
    its help says that way, in one text: no "atomically" (a FIFO, a device and
    /dev/stdout are written through), and the page names each command and quotes it."""
    from ohhell_score.cli.options import OUTPUT_HELP

    said = {" ".join(command): output_help(ohhell, command) for command in WRITERS}
    assert set(said.values()) == {OUTPUT_HELP}
    assert "atomic" not in OUTPUT_HELP
    page = " ".join((Path(__file__).parents[1] / "docs" / "safety.md").read_text().split())
    quoted = OUTPUT_HELP.split(": ", 1)[1].rstrip(".")
    assert f'("{quoted}")' in page
    for command in said:
        assert f"`{command.removesuffix(' cup').removesuffix(' family')} -o FILE`" in page
