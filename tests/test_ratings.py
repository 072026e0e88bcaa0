"""`ohhell ratings`: openskill's Plackett-Luce ratings over the finished games
(docs/scripting.md, "Ratings"; docs/stats-and-house-rules.md)."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce, PlackettLuceRating

from ohhell_score.actions.ratings import ladder as ratings_ladder
from ohhell_score.domain.game import Game, progress, with_leave
from ohhell_score.domain.ratings import Rated, rate
from ohhell_score.domain.stats import GameFacts
from ohhell_score.storage import games
from tests.conftest import Ohhell, need
from tests.games import new_game, play
from tests.html_page import Element, read_html
from tests.test_print import computed
from tests.tournament_helpers import DISTINCT, TIE_1_2, TIE_2_3, play_cli, play_pure

#: The club; each is typed in several spellings, one person each (casefold: "ß" is "SS").
PEOPLE = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Zoë", "Groß")
SPELLINGS = {p: (p, p.lower(), p.upper(), p.swapcase()) for p in PEOPLE}
PLANS = (DISTINCT, TIE_2_3, TIE_1_2)  # totals 22 21 20 0; 23 20 20 0; 21 21 11 10


def timed(game: Game, at: str) -> Game:
    return game._replace(entries=tuple(e._replace(at=at) for e in game.entries))


def played(gid: str, players: tuple[str, ...], plan: int, hour: int) -> Game:
    """A finished Cartier game of hands 2 and 1, the players placing in the order given."""
    game = new_game(gid, players, "cartier", hands="2,1")
    chosen = PLANS[plan] if len(players) == 4 else PLANS[plan % 2]
    return timed(play_pure(game, players, chosen), f"2026-11-{10 + hour:02d}T21:00:00+01:00")


def last_entry(path: Path) -> tuple[float, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    last = data["entries"][-1]["at"] if data["entries"] else "2026-01-01T00:00:00+00:00"
    return datetime.fromisoformat(last).timestamp(), data["id"]


def expected(ohhell: Ohhell, data_dir: Path) -> dict[str, Any]:
    """The ratings worked out with openskill itself, from `show --json` of each game."""
    model = PlackettLuce()
    now: dict[str, PlackettLuceRating] = {}
    record: dict[str, dict[str, Any]] = {}
    count = 0
    saved = [p for p in data_dir.glob("*.json") if not p.name.startswith(".")]
    for path in sorted(saved, key=last_entry):
        sheet = ohhell.sheet("-g", path.stem)
        if not sheet["finished"]:
            continue
        count += 1
        seated = sheet["players"]
        keys = [unicodedata.normalize("NFC", p).casefold() for p in seated]
        totals = [sheet["totals"][p] for p in seated]
        teams = [[now.get(k) or model.rating()] for k in keys]
        after = model.rate(teams, ranks=[-t for t in totals])
        for name, key, total, [new] in zip(seated, keys, totals, after, strict=True):
            now[key] = new
            mine = record.setdefault(key, {"games": 0, "wins": 0})
            mine["name"] = name
            mine["games"] += 1
            mine["wins"] += total == max(totals)
    players = [
        {
            "name": record[k]["name"],
            "rating": round(r.mu - 3 * r.sigma, 6),
            "mu": round(r.mu, 6),
            "sigma": round(r.sigma, 6),
            "games": record[k]["games"],
            "wins": record[k]["wins"],
        }
        for k, r in now.items()
    ]
    players.sort(key=lambda p: -p["rating"])
    return {"games": count, "players": players}


def rated_person(name: str) -> Rated:
    """The player as the ladder of every saved game has them (the numbers the views show)."""
    found = ratings_ladder(None, None)[0].find(name)
    assert found is not None
    return found


def rated(ohhell: Ohhell, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ohhell.ok("ratings", "--json", *args))
    return data


def close(got: dict[str, Any], want: dict[str, Any]) -> None:
    assert got["games"] == want["games"]
    by_name = {p["name"]: p for p in want["players"]}
    assert [p["name"] for p in got["players"]] == [p["name"] for p in want["players"]] or (
        sorted(p["name"] for p in got["players"]) == sorted(by_name)
    )
    for p in got["players"]:
        assert p == by_name[p["name"]]
    ratings = [p["rating"] for p in got["players"]]
    assert ratings == sorted(ratings, reverse=True)


table = st.tuples(
    st.lists(st.sampled_from(PEOPLE), min_size=3, max_size=4, unique=True),
    st.integers(0, 2),  # the plan: distinct places, a tie for second, a tie for first
    st.integers(0, 3),  # the hour: games at the same time go by id
    st.lists(st.integers(0, 3), min_size=4, max_size=4),  # the spelling of each name
)


@settings(max_examples=15)
@given(tables=st.lists(table, min_size=1, max_size=6), cup=st.booleans())
def test_ratings_are_openskills_over_the_finished_games_in_order(
    ohhell: Ohhell, data_dir: Path, tables: list[Any], cup: bool
) -> None:
    """Ties, names typed in other cases (and Unicode forms), a tournament's tables; an
    unfinished game left out: the same as openskill's own, game by game."""
    for path in data_dir.glob("*"):
        path.unlink() if path.is_file() else None
    for path in (data_dir / "tournaments").glob("*"):
        path.unlink()
    for k, (people, plan, hour, spell) in enumerate(tables):
        names = tuple(SPELLINGS[p][s] for p, s in zip(people, spell, strict=False))
        games.create(played(f"club-{k}", names, plan, hour))
    unfinished = new_game("waiting", ("Ann", "Bob", "Cat"), "cartier", hands="2,1")
    games.create(unfinished)
    if cup:
        field = [SPELLINGS[p][1] for p in PEOPLE[:8]]
        ohhell.ok("tournament", "new", "cup", *field, "--hands", "2,1", "--seed", "1")
        for table_id in ("cup-r1-t1", "cup-r1-t2"):
            sheet = ohhell.sheet("-g", table_id)
            play_cli(ohhell, table_id, sheet["players"])
    close(rated(ohhell), expected(ohhell, data_dir))


def test_no_finished_game_is_no_player_and_exit_0(ohhell: Ohhell) -> None:
    games.create(new_game("waiting", ("Ann", "Bob", "Cat"), "cartier", hands="2,1"))
    assert rated(ohhell) == {"games": 0, "players": []}
    assert ohhell.ok("ratings") == "No finished games to rate yet.\n"


def test_since_keeps_the_games_finished_that_day_or_later(ohhell: Ohhell) -> None:
    games.create(played("early", ("Ann", "Bob", "Cat"), 0, 0))  # 2026-11-10
    games.create(played("late", ("Dan", "Eve", "Fay"), 0, 3))  # 2026-11-13
    names = {p["name"] for p in rated(ohhell, "--since", "2026-11-13")["players"]}
    assert names == {"Dan", "Eve", "Fay"}
    assert rated(ohhell, "--since", "2026-11-14")["players"] == []
    assert rated(ohhell, "--since", "2026-11-10")["games"] == 2


def test_preset_keeps_the_games_of_that_preset(ohhell: Ohhell) -> None:
    games.create(played("cartier", ("Ann", "Bob", "Cat"), 0, 0))
    other = new_game("classic", ("Dan", "Eve", "Fay"), "classic", hands="2,1")
    games.create(timed(play(other, None), "2026-11-11T21:00:00+01:00"))
    assert {p["name"] for p in rated(ohhell, "--preset", "classic")["players"]} == {
        "Dan",
        "Eve",
        "Fay",
    }
    assert rated(ohhell, "--preset", "Cartier")["games"] == 1


def test_a_game_file_that_cannot_be_read_is_named_and_the_rest_rated(
    ohhell: Ohhell, data_dir: Path
) -> None:
    games.create(played("good", ("Ann", "Bob", "Cat"), 0, 0))
    (data_dir / "broken.json").write_text("{ not json", encoding="utf-8")
    result = ohhell("ratings")
    assert result.exit_code == 0
    assert result.stderr.startswith("ohhell: skipped: cannot read ")
    assert "broken.json: not valid JSON" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert {"Ann", "Bob", "Cat"} <= set(result.stdout.split())


def test_a_bad_date_is_a_usage_error_of_one_line(ohhell: Ohhell) -> None:
    reason = ohhell.invalid_value("ratings", "--since", "2026-13-01")
    assert reason == "'2026-13-01' is not a date: use YYYY-MM-DD"


def test_the_text_fits_80_columns_and_shows_newcomers_apart(ohhell: Ohhell) -> None:
    long = "Maximiliana Wilhelmina H"  # 24 characters: the longest name a game takes
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", long, "Eve"), 0, 3))
    text = ohhell.ok("ratings")
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    settled, unsure = text.split("Provisional, fewer than 3 games:")
    assert [w for w in ("Ann", "Bob", "Cat", "Dan") if re.search(rf"^ +\d+  {w} ", settled, re.M)]
    assert len(re.findall(r"^ +\d+  ", settled, re.M)) == 4
    assert "Eve" in unsure and long in unsure and "Eve" not in settled


def test_history_shows_one_players_rating_game_by_game(ohhell: Ohhell) -> None:
    games.create(played("first", ("Ann", "Bob", "Cat"), 0, 0))
    games.create(played("second", ("bob", "Ann", "Cat"), 0, 1))
    ann = next(p for p in rated(ohhell)["players"] if p["name"] == "Ann")
    lines = ohhell.ok("ratings", "--history", "ANN").splitlines()
    assert lines[0] == "Ann: 2 rated games."
    rows = [line.split() for line in lines if line.startswith(("first", "second"))]
    assert [r[0] for r in rows] == ["first", "second"]
    assert rows[0][3] == "22*" and rows[1][3] == "21"  # first, then second place
    assert float(rows[1][4]) == round(ann["rating"], 2)


def test_history_of_one_game_says_so_with_the_minute_it_ended_and_the_rating_won(
    ohhell: Ohhell,
) -> None:
    """The first change is the rating itself (it starts from nothing)."""
    games.create(played("first", ("Ann", "Bob", "Cat"), 0, 0))
    eve = next(p for p in rated(ohhell)["players"] if p["name"] == "Cat")
    lines = ohhell.ok("ratings", "--history", "cat").splitlines()
    assert lines[0] == "Cat: 1 rated game."
    [row] = [line.split("  ") for line in lines if line.startswith("first")]
    cells = [cell.strip() for cell in row if cell.strip()]
    assert cells[1] == "2026-11-10 21:00"
    assert cells[3:] == [f"{eve['rating']:.2f}", f"{eve['rating']:+.2f}"]


def test_the_ladder_page_ranks_the_settled_then_lists_the_newcomers(ohhell: Ohhell) -> None:
    """In the process what the Chromium test below sees drawn: the ladder's table."""
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", "Bob", "Eve"), 0, 3))
    page = ohhell.ok("ratings", "--html")
    order = [p["name"] for p in rated(ohhell)["players"] if p["name"] != "Eve"]
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td>", page)
    assert rows == [*((str(k), name) for k, name in enumerate(order, 1)), ("-", "Eve")]
    provisional = '<tr><th colspan="6">Provisional, fewer than 3 games:</th></tr>'
    assert f"{provisional}\n<tr><td>-</td><td>Eve</td>" in page
    named = ("rank", "player", "rating", "games", "wins", "change")
    heads = "".join(f"<th>{h}</th>" for h in named)
    assert f"<thead><tr>{heads}</tr></thead>" in page
    assert "<title>Ratings</title>" in page and "<h1>Ratings</h1>" in page
    assert '<body class="portrait ratings">' in page and "<p>4 finished games</p>" in page
    assert "@page { size: portrait; margin: 10mm; }" in page
    assert 'aria-label="Each player&#39;s rating over the games"' in page
    assert 'text-anchor="middle">game</text>' in page  # the axis: the games in order


def test_the_ladder_page_of_one_game_has_no_newcomers_heading(ohhell: Ohhell) -> None:
    games.create(played("g0", ("Ann", "Bob", "Cat"), 0, 0))
    page = ohhell.ok("ratings", "--html")
    assert "<p>1 finished game</p>" in page
    assert "Provisional" in page  # everyone is new after one game
    assert re.findall(r"<tr><td>([^<]*)</td>", page) == ["-", "-", "-"]


def test_history_of_someone_who_never_finished_a_game_is_refused(ohhell: Ohhell) -> None:
    games.create(played("first", ("Ann", "Bob", "Cat"), 0, 0))
    err = ohhell.refused("ratings", "--history", "Zed")
    assert err == "ohhell: no finished game has a player called 'Zed'\n"


def test_history_of_a_misspelled_player_offers_the_close_name(ohhell: Ohhell) -> None:
    games.create(played("first", ("Ann", "Bob", "Cat"), 0, 0))
    err = ohhell.refused("ratings", "--history", "Catt")
    assert err == "ohhell: no finished game has a player called 'Catt'; did you mean 'Cat'?\n"


def test_the_ladder_page_draws_each_rating_over_time_in_chromium(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    need("chromium", "chromium-browser")  # skipped without it (failed under CI)
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "<b>Bo</b>", "Cat", "Dan"), k, k))
    page = tmp_path / "ladder.html"
    assert ohhell.ok("ratings", "--html", "-o", str(page)).startswith("Wrote the ratings to")
    probe = (
        "[...document.querySelectorAll("
        "'svg polyline')].map(l => l.querySelector('title').textContent + '=' + "
        "l.points.numberOfItems + ':' + Math.round(l.getBBox().width)).join(';') + '|' + "
        "document.querySelectorAll('table.ladder tbody tr').length"
    )
    found = computed(tmp_path, page.read_text(encoding="utf-8"), probe)
    lines, rows = found.replace("&lt;", "<").replace("&gt;", ">").split("|")
    series = dict(item.split("=") for item in lines.split(";"))
    assert sorted(series) == sorted(["Ann", "<b>Bo</b>", "Cat", "Dan"])  # escaped, not markup
    assert {v.split(":")[0] for v in series.values()} == {"4"}  # 0 before, then 3 games
    assert all(int(v.split(":")[1]) > 100 for v in series.values())  # drawn across
    assert rows == "4"


def test_who_left_during_a_game_is_not_rated_for_it(ohhell: Ohhell, data_dir: Path) -> None:
    """Only the players seated at the end are the match (docs/seats.md)."""
    game = play(new_game("left", ("Ann", "Bob", "Cat", "Dan"), "ten-to-one", hands="2,1"), 1)
    game = play(with_leave(progress(game), "Dan").game, None)
    games.create(game)
    got = rated(ohhell)
    assert sorted(p["name"] for p in got["players"]) == ["Ann", "Bob", "Cat"]
    close(got, expected(ohhell, data_dir))


def test_names_in_either_unicode_form_are_one_person() -> None:
    """ "Zoë" typed as one letter or as e and a combining diaeresis (NFC, then casefold)."""
    seats = ((20, 0, 0, 0, 0, 0, 0, 2, 1), (10, 0, 0, 0, 0, 0, 0, 2, 1))
    composed, combined = "Zoë", unicodedata.normalize("NFD", "ZOË")
    one = GameFacts("g1", "classic", "", ("Ann", composed), 2, True, seats, "2026-11-01")
    two = GameFacts("g2", "classic", "", ("Ann", combined), 2, True, seats, "2026-11-02")
    ladder = rate([two, one])
    assert [(p.name, p.games) for p in ladder.players] == [("Ann", 2), (combined, 2)]


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_the_ladders_heading_names_the_preset_and_the_date_it_was_asked_for(
    ohhell: Ohhell,
) -> None:
    games.create(played("early", ("Ann", "Bob", "Cat"), 0, 0))  # 2026-11-10
    games.create(played("late", ("Dan", "Eve", "Fay"), 0, 3))  # 2026-11-13
    heading = {
        (): "Ratings over 2 finished games.",
        ("--preset", "cartier"): "Ratings over 2 finished games (rules cartier).",
        ("--since", "2026-11-13"): "Ratings over 1 finished game (since 2026-11-13).",
        ("--preset", "cartier", "--since", "2026-11-10"): (
            "Ratings over 2 finished games (rules cartier, since 2026-11-10)."
        ),
    }
    for args, line in heading.items():
        assert ohhell.ok("ratings", *args).splitlines()[0] == line


@pytest.mark.parametrize(
    "options",
    [
        (),
        ("--json",),
        ("--history", "ann"),
        ("--history", "ann", "--json"),
        ("--since", "2026-01-01"),
    ],
)
def test_every_ratings_to_a_file_is_what_it_prints(
    ohhell: Ohhell, tmp_path: Path, options: tuple[str, ...]
) -> None:
    """`-o FILE` without --html wrote nothing and said nothing (exit 0): it writes what
    would have been printed, as --html does, and says so."""
    games.create(played("g0", ("Ann", "Bob", "Cat"), 0, 0))
    games.create(played("g1", ("Ann", "Bob", "Cat"), 1, 1))
    out = tmp_path / "ratings.out"
    said = ohhell.ok("ratings", *options, "-o", str(out))
    assert said == f"Wrote the ratings to {out}.\n"
    assert out.read_text(encoding="utf-8") == ohhell.ok("ratings", *options)
    assert ohhell.ok("ratings", *options, "-o", "-") == ohhell.ok("ratings", *options)


def test_one_players_history_as_json_is_each_rated_game_in_order(ohhell: Ohhell) -> None:
    """`--history NAME --json` printed the text: it is JSON, each game as the ladder's
    numbers are (rounded to 6 decimals), the last one the ladder's."""
    games.create(played("g0", ("Ann", "Bob", "Cat"), 0, 0))
    games.create(played("g1", ("Ann", "Bob", "Cat"), 1, 1))
    data = json.loads(ohhell.ok("ratings", "--history", "ANN", "--json"))
    ladder = json.loads(ohhell.ok("ratings", "--json"))
    ann = next(p for p in ladder["players"] if p["name"] == "Ann")
    assert data["name"] == "Ann"
    assert [g["game"] for g in data["games"]] == ["g0", "g1"]
    assert list(data["games"][0]) == ["game", "ended", "total", "won", "rating", "mu", "sigma"]
    last = data["games"][-1]
    assert (last["rating"], last["mu"], last["sigma"]) == (ann["rating"], ann["mu"], ann["sigma"])
    assert sum(g["won"] for g in data["games"]) == ann["wins"]
    assert data["games"][0]["ended"] == "2026-11-10T21:00:00+01:00"


@pytest.mark.parametrize("length", [80, 81, 100_000])
def test_a_long_name_asked_for_is_cut_in_the_refusal_as_stats_cuts_it(
    ohhell: Ohhell, length: int
) -> None:
    """A 100,000-character name made a 100,048-character line: the name is cut after 80
    characters, "…" marking the cut, as `stats -p` cuts it: one short line either way."""
    games.create(played("g0", ("Ann", "Bob", "Cat"), 0, 0))
    name = "x" * length
    shown = repr(name) if length <= 80 else f"'{'x' * 80}…'"
    for command in (["ratings", "--history", name], ["stats", "-p", name]):
        said = ohhell.refused(*command)
        assert said == f"ohhell: no finished game has a player called {shown}\n"


def test_the_ladder_page_to_a_file_is_written_there_and_says_so(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    games.create(played("g0", ("Ann", "Bob", "Cat"), 0, 0))
    page = tmp_path / "ladder.html"
    assert ohhell.ok("ratings", "--html", "-o", str(page)) == f"Wrote the ratings to {page}.\n"
    assert page.read_text(encoding="utf-8") == ohhell.ok("ratings", "--html")


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_the_ladder_text_is_a_table_of_the_settled_then_the_newcomers_then_the_key(
    ohhell: Ohhell,
) -> None:
    """Every line whole: the heading, the ranked, the newcomers (rank "-") apart, and
    what "rating" and "change" mean."""
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", "Bob", "Eve"), 0, 3))
    ladder = ratings_ladder(None, None)[0]

    def line(rank: str, p: Rated) -> str:
        cells = f"{rank:>4}  {p.name:<6}  {p.rating:>6.2f}  {p.games:>5}  {p.wins:>4}"
        return f"{cells}  {p.change:>+6.2f}"

    heads = "rank  player  rating  games  wins  change"
    settled = [p for p in ladder.players if p.name != "Eve"]
    [eve] = [p for p in ladder.players if p.name == "Eve"]
    assert ohhell.ok("ratings").splitlines() == [
        "Ratings over 4 finished games.",
        "",
        heads,
        *(line(str(k), p) for k, p in enumerate(settled, 1)),
        "",
        "Provisional, fewer than 3 games:",
        heads,
        line("-", eve),
        "",
        "rating: mu - 3 sigma, a cautious guess of skill that games make surer;",
        "change: what the player's last game moved it.",
    ]


def test_a_players_history_is_a_table_of_each_game_with_the_rating_it_moved(
    ohhell: Ohhell,
) -> None:
    """Every line whole; the change is from the rating after the game before."""
    games.create(played("first", ("Ann", "Bob", "Cat"), 0, 0))  # Ann wins with 22
    games.create(played("second", ("Bob", "Ann", "Cat"), 0, 1))  # Ann second, 21
    ann = rated_person("Ann")
    one, two = (s.rating for s in ann.steps)
    assert ohhell.ok("ratings", "--history", "ann").splitlines() == [
        "Ann: 2 rated games.",
        "",
        "game            finished  total  rating  change",
        f"first   2026-11-10 21:00    22*  {one:>6.2f}  {one:>+6.2f}",
        f"second  2026-11-11 21:00     21  {two:>6.2f}  {two - one:>+6.2f}",
        "",
        "* the highest total of the game (a win, shared or not).",
    ]
    assert one != 0


def test_a_game_id_too_long_for_80_columns_is_cut_with_an_ellipsis_in_a_history(
    ohhell: Ohhell,
) -> None:
    """An id has up to 64 characters; the history's other columns leave it 39."""
    long = "club-night-at-the-corner-pub-" + "x" * 35  # 64
    games.create(played(long, ("Ann", "Bob", "Cat"), 0, 0))
    rating = rated_person("Ann").rating
    lines = ohhell.ok("ratings", "--history", "Ann").splitlines()
    row = f"{long[:38]}…  2026-11-10 21:00    22*  {rating:>6.2f}  {rating:>+6.2f}"
    assert lines[2:4] == [f"{'game':<39}          finished  total  rating  change", row]
    assert len(row) == 80


class LadderPage:
    """The ladder page's table as a browser reads it: each row's cells (the text written
    in a cell itself), and any text the page shows outside a cell, heading, paragraph or
    chart."""

    def __init__(self, page: str) -> None:
        root = read_html(page).root
        self.rows = [_cells(tr) for tbody in root.all("tbody") for tr in tbody.all("tr")]
        self.stray = [text for _tag, text in root.strays({"body", "table", "tbody", "tr", "div"})]


def _cells(row: Element) -> list[str]:
    """The text written in each cell of a row, itself (not inside a mark in it)."""
    cells = [c for c in row.children if not isinstance(c, str) and c.tag in ("td", "th")]
    return [text for cell in cells for text in cell.children if isinstance(text, str)]


def test_the_ladder_page_has_a_row_of_cells_for_each_player_and_no_stray_text(
    ohhell: Ohhell,
) -> None:
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", "Bob", "Eve"), 0, 3))
    page = LadderPage(ohhell.ok("ratings", "--html"))
    players = rated(ohhell)["players"]
    settled = [p for p in players if p["name"] != "Eve"]
    newcomer = [p for p in players if p["name"] == "Eve"]
    ranked = [(str(k), p) for k, p in enumerate(settled, 1)] + [("-", p) for p in newcomer]
    rows = [
        [k, p["name"], f"{p['rating']:.2f}", str(p["games"]), str(p["wins"])] for k, p in ranked
    ]
    rows.insert(4, ["Provisional, fewer than 3 games:"])
    assert [row[:5] for row in page.rows] == rows
    changes = [row[5] for row in page.rows if len(row) == 6]
    assert len(changes) == 5 and all(re.fullmatch(r"[-+]\d+\.\d\d", c) for c in changes)
    assert page.stray == []


def test_each_line_of_the_ladder_chart_starts_at_0_just_before_the_players_first_game(
    ohhell: Ohhell,
) -> None:
    """Eve came at the fourth game: her line starts at 0 over game 3; a line has a point
    for that start and one over each game the player played."""
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", "Bob", "Eve"), 0, 3))
    chart = ohhell.ok("ratings", "--html").split('<div class="chart">', 1)[1]
    grid = r'<line class="grid" x1="[\d.]+" y1="([\d.]+)"[^>]*/><text[^>]*>(-?\d+)<'
    zero = next(y for y, value in re.findall(grid, chart) if value == "0")
    label = r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle">(\d+)<'
    over = {int(game): x for x, game in re.findall(label, chart)}
    played_in = {"Ann": [1, 2, 3, 4], "Bob": [1, 2, 3, 4], "Cat": [1, 2, 3], "Dan": [1, 2, 3]}
    played_in["Eve"] = [4]
    lines = re.findall(r'points="([^"]*)"><title>(\w+)</title>', chart)
    assert sorted(name for _points, name in lines) == sorted(played_in)
    for points, name in lines:
        numbers = played_in[name]
        xy = [point.split(",") for point in points.split()]
        assert xy[0] == [over[numbers[0] - 1], zero], name
        assert [x for x, _y in xy[1:]] == [over[n] for n in numbers], name


def test_the_ladder_is_in_dutch_newcomers_heading_and_all(ohhell: Ohhell, dutch: None) -> None:
    for k in range(3):
        games.create(played(f"g{k}", ("Ann", "Bob", "Cat", "Dan"), k, k))
    games.create(played("g3", ("Ann", "Bob", "Eve"), 0, 3))
    lines = ohhell.ok("ratings").splitlines()
    heads = "plaats  speler  rating  spellen  wint  verschil"
    assert lines[:3] == ["Ratings over 4 uitgespeelde spellen.", "", heads]
    assert lines[-7:-4] == ["", "Voorlopig, minder dan 3 spellen:", heads]
    assert lines[-2:] == [
        "rating: mu - 3 sigma, een voorzichtige schatting van kunde die spellen zekerder maken;",
        "verschil: hoeveel het laatste spel van de speler hem verschoof.",
    ]
    page = ohhell.ok("ratings", "--html")
    assert '<tr><th colspan="6">Voorlopig, minder dan 3 spellen:</th></tr>' in page
