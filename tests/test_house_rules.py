"""House rules: a group's own rule set under a name, kept in the user's config directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ohhell_score.domain.errors import BadValue, Refused
from ohhell_score.domain.rules import RESERVED_NAMES, HouseRule, RuleOptions, build_rules, preset
from ohhell_score.storage import house
from tests.conftest import Ohhell, invoke


def save_friday(ohhell: Ohhell) -> None:
    ohhell.ok(
        "rules", "save", "friday", "--rules", "cartier", "--hook", "never", "--scoring", "minus"
    )


def test_a_saved_house_rule_starts_a_game_with_its_rules(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "friday")
    rules = ohhell.sheet()["rules"]
    assert rules["preset"] == "friday"
    assert (rules["hook"], rules["trump"], rules["scoring"]) == ("never", "named", "minus")
    assert len(rules["hands"]) == 23  # cartier's 13-2-13


def test_a_house_rule_acts_like_its_preset_for_three_players(ohhell: Ohhell) -> None:
    """Seed 000: Cartier with 3 players uses a 39-card deck; a house rule on it does too."""
    save_friday(ohhell)
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "friday")
    assert ohhell.sheet()["rules"]["deck"] == 39


def test_options_of_new_override_a_house_rule(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    ohhell.ok("new", "Ann", "Bob", "Cat", "--rules", "friday", "--scoring", "exact")
    assert ohhell.sheet()["rules"]["scoring"] == "exact"


def test_the_config_directory_is_where_house_rules_are_kept(
    ohhell: Ohhell, config_dir: Path
) -> None:
    save_friday(ohhell)
    assert (config_dir / "rules" / "friday.json").is_file()


def test_house_rules_survive_export_and_import(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_friday(ohhell)
    exported = tmp_path / "friday.json"
    ohhell.ok("rules", "export", "friday", "-o", str(exported))
    monkeypatch.setenv("OHHELL_CONFIG_DIR", str(tmp_path / "other-laptop"))
    ohhell.refused("new", "Ann", "Bob", "Cat", "Dan", "--rules", "friday", code=2)
    assert "Imported house rule friday" in ohhell.ok("rules", "import", str(exported))
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "friday")
    rules = ohhell.sheet()["rules"]
    assert (rules["preset"], rules["hook"], rules["scoring"]) == ("friday", "never", "minus")


def test_export_without_a_file_writes_the_same_text_to_stdout(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    ohhell.ok("rules", "export", "friday", "-o", str(tmp_path / "f.json"))
    assert ohhell.ok("rules", "export", "friday") == (tmp_path / "f.json").read_text()


def test_an_exported_house_rule_reads_one_field_a_line(ohhell: Ohhell) -> None:
    """What `rules export` prints is read by people too: a field a line, in order."""
    save_friday(ohhell)
    assert ohhell.ok("rules", "export", "friday").splitlines() == [
        "{",
        ' "schema": 2,',
        ' "kind": "ohhell-house-rule",',
        ' "name": "friday",',
        ' "base": "cartier",',
        ' "hook": "never",',
        ' "scoring": "minus"',
        "}",
    ]


def test_export_over_a_file_replaces_it_whole_and_leaves_no_temp_file(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    target = tmp_path / "out" / "friday.json"
    target.parent.mkdir()
    target.write_text("an older export, longer than the new one " * 50)
    ohhell.ok("rules", "export", "friday", "-o", str(target))
    assert [p.name for p in target.parent.iterdir()] == ["friday.json"]
    assert json.loads(target.read_text())["name"] == "friday"


def test_export_into_a_missing_folder_is_refused_in_one_line(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    message = ohhell.refused("rules", "export", "friday", "-o", str(tmp_path / "no" / "f.json"))
    assert message.startswith("ohhell: ") and "No such file or directory" in message
    assert len(message.splitlines()) == 1


@pytest.mark.parametrize("name", ["cartier", "ten-to-one", "classic"])
def test_a_built_in_preset_cannot_be_overwritten(ohhell: Ohhell, name: str) -> None:
    message = ohhell.refused("rules", "save", name, "--hook", "never")
    assert message == (
        f"ohhell: {name!r} is a built-in preset and cannot be overwritten; choose another name\n"
    )
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", name)
    assert ohhell.sheet()["rules"]["hook"] != "never"


def test_an_imported_file_naming_a_built_in_is_refused(ohhell: Ohhell, tmp_path: Path) -> None:
    file = tmp_path / "classic.json"
    rule = {"schema": 1, "kind": "ohhell-house-rule", "name": "classic", "base": "cartier"}
    file.write_text(json.dumps(rule))
    assert "built-in preset" in ohhell.refused("rules", "import", str(file))
    assert "Imported house rule mine" in ohhell.ok("rules", "import", str(file), "--name", "mine")


@pytest.mark.parametrize(
    ("action", "name"), [("export", "cartier"), ("export", "Classic"), ("delete", "ten-to-one")]
)
def test_exporting_or_deleting_a_built_in_is_refused_naming_it_as_typed(
    ohhell: Ohhell, action: str, name: str
) -> None:
    assert ohhell.refused("rules", action, name) == (
        f"ohhell: {name!r} is a built-in preset, not a house rule\n"
    )


@pytest.mark.parametrize("name", ["Friday", "fri day", "a" * 65, "../x", ""])
def test_house_rule_names_are_written_like_game_ids(ohhell: Ohhell, name: str) -> None:
    assert ohhell.refused("rules", "save", name) == (
        f"ohhell: {name!r} is not a house rule name: use 1 to 64 lower-case letters, digits "
        "and '-'\n"
    )


@pytest.mark.parametrize("name", sorted(RESERVED_NAMES))
def test_a_house_rule_cannot_take_a_word_of_the_rules_command(ohhell: Ohhell, name: str) -> None:
    assert ohhell.refused("rules", "save", name) == (
        f"ohhell: {name!r} is a word of `ohhell rules`; choose another name\n"
    )


def test_every_action_of_the_rules_command_is_a_reserved_name() -> None:
    from ohhell_score.cli.rules import rules_app

    actions = {c.name or c.callback.__name__ for c in rules_app.registered_commands if c.callback}
    assert actions == RESERVED_NAMES


def test_a_house_rule_that_fits_no_table_is_refused(ohhell: Ohhell) -> None:
    """docs/rules.md: n * N <= D; 20 cards to each of 3 players need 60 cards."""
    message = ohhell.refused("rules", "save", "huge", "--hands", "20-1")
    assert "20 cards to each of 3 players needs 60 cards; the deck has 52" in message
    assert not house.rules_dir().exists()


def test_a_malformed_option_is_a_malformed_command(ohhell: Ohhell) -> None:
    ohhell.refused("rules", "save", "odd", "--hook", "sometimes", code=2)


def test_rules_lists_presets_and_house_rules(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    out = ohhell.ok("rules")
    assert out.startswith("cartier: ")
    assert "friday: cartier with --hook never, --scoring minus" in out


def test_rules_ends_with_the_house_rules_under_a_heading_and_what_to_do_next(
    ohhell: Ohhell,
) -> None:
    save_friday(ohhell)
    lines = ohhell.ok("rules").splitlines()
    assert lines[-5:] == [
        "",
        "House rules:",
        "friday: cartier with --hook never, --scoring minus",
        "",
        "`ohhell rules NAME` explains one; options of `ohhell new` change it; "
        "`ohhell rules save NAME [options]` keeps your own.",
    ]


def test_rules_name_still_explains_a_preset(ohhell: Ohhell) -> None:
    out = ohhell.ok("rules", "cartier", "--players", "3")
    assert out.startswith("cartier (the rules of the Cartier Oh Hell tournament), for 3 players")
    assert "Deck: 39 cards" in out


def test_rules_name_explains_a_house_rule(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    out = ohhell.ok("rules", "friday")
    assert "house rule: cartier with --hook never, --scoring minus" in out
    assert "Hook: none; the dealer bids freely." in out


def test_rules_name_explains_a_house_rule_for_its_bases_table(ohhell: Ohhell) -> None:
    """A house rule is explained for the table its base preset describes, played by as
    many: ten-to-one's five."""
    ohhell.ok("rules", "save", "fiver", "--rules", "ten-to-one", "--hook", "never")
    lines = ohhell.ok("rules", "fiver").splitlines()
    assert lines[:2] == [
        "fiver (house rule: ten-to-one with --hook never), for 5 players:",
        "  Players: 3 to 5 (up to 10 with --decks 2), usually 5.",
    ]


def test_rules_say_how_many_play_on_one_pack_and_on_two(ohhell: Ohhell) -> None:
    """Classic's "3 to 5 players" hid that two packs seat ten
    (docs/rules.md: 10 cards to each, n * N <= D)."""
    lines = ohhell.ok("rules").splitlines()
    classic = next(line for line in lines if line.startswith("classic:"))
    assert classic.endswith("; players: 3 to 5 (up to 10 with --decks 2), usually 4)")
    assert "  Players: 3 to 5 (up to 10 with --decks 2), usually 4." in ohhell.ok(
        "rules", "classic"
    )


def test_a_house_rule_on_two_packs_says_no_more_of_two(ohhell: Ohhell) -> None:
    ohhell.ok("rules", "save", "big", "--rules", "classic", "--decks", "2")
    assert "  Players: 3 to 10, usually 4." in ohhell.ok("rules", "big")


def test_how_many_play_is_said_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    out = ohhell.ok("rules", "classic")
    assert "  Spelers: 3 tot 5 (tot 10 met --decks 2), meestal 4." in out


EACH_HAND = (
    "  Each hand: the player left of the dealer bids first and leads; the deal passes "
    "clockwise. Highest total wins; equal totals share the win."
)
ELKE_RONDE = (
    "  Elke ronde: de speler links van de deler biedt eerst en komt uit; het delen gaat met "
    "de klok mee. Het hoogste totaal wint; gelijke totalen delen de winst."
)
HOOK = "the dealer, who bids last, may not make the bids add up to the cards dealt."
DELERREGEL = (
    "de deler biedt als laatste en mag de biedingen samen niet op het aantal slagen laten uitkomen."
)
TEN_SCORING = "a made bid scores 10 + tricks; a missed bid scores the tricks taken."
TIEN_TELLING = (
    "een gehaald bod levert 10 + de slagen op; een gemist bod levert de gehaalde slagen op."
)


def explained(ohhell: Ohhell, *args: str) -> list[str]:
    """`rules NAME`'s lines after the name and the players: the rules, a line each."""
    return ohhell.ok("rules", *args).splitlines()[2:]


def test_rules_name_says_each_rule_in_a_whole_line(ohhell: Ohhell) -> None:
    """A 39-card deck says which cards it lacks; the hook says from how many cards it
    holds, or that there is none."""
    assert explained(ohhell, "cartier", "--players", "3") == [
        "  Hands: 23: 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "
        "12, 13 cards each.",
        "  Deck: 39 cards (a 52-card pack without the 2s, 3s, 4s and the 5 of clubs).",
        f"  Hook: {HOOK}",
        "  Trump: after the bids, the highest bidder names a suit or no trump; on equal bids "
        "the first of them in bidding order names it.",
        f"  Scoring: {TEN_SCORING}",
        EACH_HAND,
    ]
    assert explained(ohhell, "ten-to-one")[1:3] == [
        "  Deck: 52 cards.",
        f"  Hook on hands of 6 or more cards: {HOOK}",
    ]
    assert explained(ohhell, "regional")[2] == "  Hook: none; the dealer bids freely."


def test_rules_name_says_each_rule_in_a_whole_line_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    assert explained(ohhell, "cartier", "--players", "3") == [
        "  Rondes: 23: 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, "
        "12, 13 kaarten per speler.",
        "  Kaarten: 39 (een spel van 52 kaarten zonder de 2, 3, 4 en de klaveren 5).",
        f"  Delerregel: {DELERREGEL}",
        "  Troef: na het bieden kiest de hoogste bieder een kleur of sans; bieden er meer "
        "even hoog, dan kiest wie van hen het eerst bood.",
        f"  Telling: {TIEN_TELLING}",
        ELKE_RONDE,
    ]
    assert explained(ohhell, "ten-to-one")[1:3] == [
        "  Kaarten: 52.",
        f"  Delerregel bij rondes van 6 of meer kaarten: {DELERREGEL}",
    ]
    assert explained(ohhell, "regional")[2] == "  Delerregel: geen; de deler biedt vrij."


def test_rules_lists_each_preset_in_a_whole_line(ohhell: Ohhell) -> None:
    assert ohhell.ok("rules").splitlines()[:2] == [
        "cartier: The Cartier tournament: 13 down to 2 and back up, highest bidder names trump "
        "(the rules of the Cartier Oh Hell tournament; players: 3 to 4 (up to 8 with --decks "
        "2), usually 4 (or 3, with a 39-card deck))",
        "ten-to-one: 10 cards down to 1, trump by a fixed cycle, hook on hands of 6 or more "
        "(a club's house rules for five players; players: 3 to 5 (up to 10 with --decks 2), "
        "usually 5)",
    ]


def test_rules_lists_each_preset_in_a_whole_line_in_dutch(dutch: None, ohhell: Ohhell) -> None:
    assert ohhell.ok("rules").splitlines()[:2] == [
        "cartier: Het Cartier-toernooi: van 13 af naar 2 en weer terug, de hoogste bieder "
        "kiest troef (de regels van het Cartier Oh Hell-toernooi; spelers: 3 tot 4 (tot 8 met "
        "--decks 2), meestal 4 (of 3, met een spel van 39 kaarten))",
        "ten-to-one: Van 10 kaarten af naar 1, troef in een vaste volgorde, delerregel vanaf "
        "6 kaarten (de huisregels van een club voor vijf spelers; spelers: 3 tot 5 (tot 10 met "
        "--decks 2), meestal 5)",
    ]


def test_two_packs_are_offered_only_where_they_seat_more(ohhell: Ohhell) -> None:
    """Hands of 14 from 100 cards seat 7; two packs (104 cards) seat no more (8 * 14 is
    112), so `--decks 2` is not offered; from 63 cards they seat 10 instead of 6."""
    ohhell.ok("rules", "save", "fourteen", "--deck-size", "100", "--hands", "14")
    assert ohhell.ok("rules", "fourteen").splitlines()[1] == "  Players: 3 to 7, usually 4."
    ohhell.ok("rules", "save", "sixty-three", "--deck-size", "63")
    assert ohhell.ok("rules", "sixty-three").splitlines()[1] == (
        "  Players: 3 to 6 (up to 10 with --decks 2), usually 4."
    )


def test_a_house_rule_keeps_max_as_a_word(ohhell: Ohhell) -> None:
    """docs/rules.md "Hand patterns": `max` depends on the table, so a house rule keeps
    the word (in lower case, without spaces), not one table's number."""
    out = ohhell.ok("rules", "save", "wide", "--rules", "classic", "--hands", " MAX-1 , 1-Max ")
    assert out.splitlines()[0] == "Saved house rule wide: classic with --hands max-1,1-max."
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "Eve", "-g", "g", "--rules", "wide")
    assert len(ohhell.sheet("-g", "g")["rules"]["hands"]) == 20  # 10 down to 1, 1 up to 10


def test_a_house_rule_with_max_is_checked_at_its_preset_s_table(ohhell: Ohhell) -> None:
    """docs/rules.md "Hand patterns": `max` is counted for the table playing: 10-max-10
    saves (four under classic's turned-up trump: max is 12, so 10-12-10) and a table of
    five, where max is 10 and the run would not turn, refuses it when it starts."""
    out = ohhell.ok("rules", "save", "tens", "--rules", "classic", "--hands", "10-max-10")
    assert out.splitlines()[0] == "Saved house rule tens: classic with --hands 10-max-10."
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "g", "--rules", "tens")
    assert ohhell.sheet("-g", "g")["rules"]["hands"] == [10, 11, 12, 11, 10]
    five = ohhell("new", "Ann", "Bob", "Cat", "Dan", "Eve", "-g", "g5", "--rules", "tens")
    assert five.exit_code == 2
    assert five.stderr.splitlines()[-1] == (
        "Error: Invalid value: '10-max-10' is not a hands pattern here: max is 10 cards, so a "
        "run from 10 to 10 does not turn"
    )


def test_a_house_rule_is_said_as_the_options_that_would_make_it(ohhell: Ohhell) -> None:
    """`rules save` says what it kept: each option as `ohhell new` takes it, in its
    normal form (a trump or scoring as `show --json` writes it)."""
    out = ohhell.ok(
        "rules", "save", "big", "--rules", "classic", "--trump", "UPCARD + max = none",
        "--scoring", " Exact ", "--deck-size", "63",
    )  # fmt: skip
    assert out.splitlines()[0] == (
        "Saved house rule big: classic with --trump upcard+max=none, --scoring exact, "
        "--deck-size 63."
    )
    out = ohhell.ok("rules", "save", "f", "--scoring", "missed:-b ; made : 10 + b")
    assert (
        out.splitlines()[0] == "Saved house rule f: classic with --scoring made: 10+b; missed: -b."
    )


def test_an_unknown_rule_name_is_a_malformed_command(ohhell: Ohhell) -> None:
    assert "is not a preset" in ohhell.refused("rules", "tuesday", code=2)


def test_a_house_rule_may_start_from_another(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    ohhell.ok("rules", "save", "saturday", "--rules", "friday", "--hands", "7-1")
    saturday = house.load("saturday")
    options = saturday.options
    assert (saturday.base, options.hook, options.scoring, options.hands) == (
        "cartier",
        "never",
        "minus",
        "7-1",
    )


def test_saving_again_replaces_and_says_so(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    out = ohhell.ok("rules", "save", "friday", "--rules", "cartier")
    assert out.startswith("Replaced house rule friday: the same as cartier.")


def test_import_does_not_replace_a_different_rule_without_force(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    file = tmp_path / "f.json"
    ohhell.ok("rules", "export", "friday", "-o", str(file))
    ohhell.ok("rules", "save", "friday", "--scoring", "exact")
    assert "--force" in ohhell.refused("rules", "import", str(file))
    assert house.load("friday").options.scoring == "exact"
    ohhell.ok("rules", "import", str(file), "--force")
    assert house.load("friday").options.scoring == "minus"


def test_import_says_whether_it_imported_replaced_or_found_the_rule_kept_already(
    ohhell: Ohhell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_friday(ohhell)
    file = tmp_path / "f.json"
    ohhell.ok("rules", "export", "friday", "-o", str(file))
    assert ohhell.ok("rules", "import", str(file)) == (
        "House rule friday is kept already, the same: cartier with --hook never, --scoring minus.\n"
    )
    ohhell.ok("rules", "save", "friday", "--scoring", "exact")
    assert ohhell.ok("rules", "import", str(file), "--force") == (
        "Replaced house rule friday: cartier with --hook never, --scoring minus.\n"
    )
    monkeypatch.setenv("OHHELL_CONFIG_DIR", str(tmp_path / "other-laptop"))
    assert ohhell.ok("rules", "import", str(file)) == (
        "Imported house rule friday: cartier with --hook never, --scoring minus.\n"
    )


def test_importing_a_game_file_is_refused_naming_the_file(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g1")
    message = ohhell.refused("rules", "import", str(data_dir / "g1.json"))
    assert "g1.json" in message
    assert "not a house rule file" in message


def test_a_deleted_house_rule_is_gone_but_its_games_keep_their_rules(ohhell: Ohhell) -> None:
    save_friday(ohhell)
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "friday", "-g", "g1")
    ohhell.ok("rules", "delete", "friday")
    assert "friday" not in ohhell.ok("rules")
    assert ohhell.sheet("-g", "g1")["rules"]["scoring"] == "minus"


# --- rules.py takes the house rule from its caller: no I/O there ---------------------


def test_build_rules_uses_the_house_rule_it_is_given() -> None:
    friday = HouseRule.make("friday", "ten-to-one", RuleOptions(scoring="exact"))
    rules = build_rules("friday", 4, house=friday)
    assert (rules.preset, rules.scoring.value, len(rules.hands)) == ("friday", "exact", 10)


def test_preset_without_the_house_rule_does_not_know_it() -> None:
    with pytest.raises(BadValue):
        preset("friday")


def test_a_house_rule_is_kept_in_normal_form() -> None:
    """Equal rules make equal files: `13-2-13` and the list of its 23 hands are one."""
    spelled = ",".join(str(n) for n in [*range(13, 1, -1), *range(3, 14)])
    assert HouseRule.make("a", "classic", RuleOptions(hands=spelled)).options.hands == "13-2-13"
    assert HouseRule.make("a", "classic", RuleOptions(hook="FROM:6")).options.hook == "from:6"


def test_house_rule_json_round_trips() -> None:
    rule = HouseRule.make("a", "cartier", RuleOptions(trump="schedule:H,C", deck_size=63))
    assert HouseRule.from_json(rule.to_json()) == rule


def test_a_house_rule_file_from_a_newer_version_is_refused() -> None:
    text = json.dumps({"schema": 9, "kind": "ohhell-house-rule", "name": "a", "base": "classic"})
    with pytest.raises(Refused, match="newer"):
        house.parse(text, "a.json")


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("hook", 6, "hook, hands, trump and scoring are written as text"),
        ("trump", None, ""),
        ("decks", "2", "decks and deck_size are whole numbers"),
        ("deck_size", 6.5, "decks and deck_size are whole numbers"),
        ("color", "red", "unknown field 'color'"),
        ("name", 7, "a house rule needs a name and a base preset"),
        ("base", None, "a house rule needs a name and a base preset"),
        ("base", "friday", "base 'friday' is not a built-in preset"),
    ],
)
def test_a_house_rule_file_is_read_field_by_field(field: str, value: object, said: str) -> None:
    data = {"schema": 1, "kind": "ohhell-house-rule", "name": "a", "base": "classic", field: value}
    if not said:
        assert house.parse(json.dumps(data), "a.json") == HouseRule("a", "classic")
        return
    with pytest.raises(Refused) as refused:
        house.parse(json.dumps(data), "a.json")
    assert str(refused.value) == f"cannot read a.json: {said}"


def test_a_house_rule_file_keeps_only_the_options_given() -> None:
    rule = HouseRule.make("a", "cartier", RuleOptions(hands="7-1", decks=2))
    assert json.loads(house.to_text(rule)) == {
        "schema": 2,
        "kind": "ohhell-house-rule",
        "name": "a",
        "base": "cartier",
        "hands": "7-1",
        "decks": 2,
    }


def test_options_given_over_a_house_rule_replace_its_own_and_its_deck() -> None:
    friday = HouseRule.make("friday", "cartier", RuleOptions(hook="never", deck_size=63))
    saturday = HouseRule.make(
        "saturday", "friday", RuleOptions(scoring="exact", decks=2), house=friday
    )
    assert (saturday.base, saturday.options) == (
        "cartier",
        RuleOptions(hook="never", scoring="exact", decks=2),
    )
    sunday = HouseRule.make("sunday", "saturday", RuleOptions(deck_size=104), house=saturday)
    assert sunday.options == RuleOptions(hook="never", scoring="exact", deck_size=104)


def test_a_house_rule_from_another_keeps_its_deck_unless_one_is_given() -> None:
    friday = HouseRule.make("friday", "cartier", RuleOptions(hook="never", deck_size=63))
    saturday = HouseRule.make("saturday", "friday", RuleOptions(scoring="exact"), house=friday)
    assert saturday.options == RuleOptions(hook="never", scoring="exact", deck_size=63)
    assert saturday.rules_for(4).deck == 63


def test_a_damaged_house_rule_file_is_refused_naming_it(ohhell: Ohhell, config_dir: Path) -> None:
    save_friday(ohhell)
    (config_dir / "rules" / "friday.json").write_text('{"schema": 1, "kind": "ohhell-house')
    message = ohhell.refused("new", "Ann", "Bob", "Cat", "--rules", "friday")
    assert "friday.json" in message
    assert "not valid JSON" in message
    result = ohhell("rules")
    assert result.exit_code == 0
    assert "friday.json" in result.stderr


def test_a_blank_sheet_can_be_printed_for_a_house_rule(ohhell: Ohhell, tmp_path: Path) -> None:
    """`sheet --rules` takes a house rule, as `new --rules` does (and completion offers)."""
    ohhell.ok("rules", "save", "pub", "--rules", "classic", "--hands", "3-1")
    out = tmp_path / "pub.html"
    ohhell.ok("sheet", "Ann", "Bob", "Cat", "--rules", "pub", "-o", str(out))
    assert "pub" in out.read_text()


@pytest.mark.parametrize(("name", "seats"), [("ten-to-one", 5), ("cartier", 4), ("classic", 4)])
def test_rules_name_explains_a_preset_for_its_seeds_table(
    ohhell: Ohhell, name: str, seats: int
) -> None:
    """seed 001 is played by 5, seeds 000 and 004 by 4: that is the table explained."""
    assert f"for {seats} players:" in ohhell.ok("rules", name).splitlines()[0]
    assert "for 3 players:" in ohhell.ok("rules", name, "--players", "3").splitlines()[0]


# --- what a user reads when a house rule file is not right (in-process: the mutation
# run sees these) ----------------------------------------------------------------------


def test_importing_a_game_file_says_what_writes_a_house_rule_file(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g1")
    path = data_dir / "g1.json"
    assert ohhell.refused("rules", "import", str(path)).splitlines() == [
        f"ohhell: cannot read {path}: not a house rule file (`ohhell rules export` writes them)"
    ]


def test_a_house_rule_file_from_a_newer_version_says_which_schemas_are_read() -> None:
    """No "upgrade" hint: a house rule file comes from a friend, not from this laptop."""
    text = json.dumps({"schema": 9, "kind": "ohhell-house-rule", "name": "a", "base": "classic"})
    with pytest.raises(Refused) as refused:
        house.parse(text, "a.json")
    assert str(refused.value) == (
        f"cannot read a.json: written by a newer ohhell (schema 9; this version reads "
        f"{house.SCHEMA})"
    )


def test_a_house_rule_file_holding_another_name_is_refused_naming_both(
    ohhell: Ohhell, config_dir: Path
) -> None:
    save_friday(ohhell)
    rules = config_dir / "rules"
    (rules / "friday.json").rename(rules / "monday.json")
    path = rules / "monday.json"
    said = f"cannot read {path}: it holds 'friday', not 'monday'"
    refused = ohhell.refused("new", "Ann", "Bob", "Cat", "--rules", "monday")
    assert refused.splitlines() == [f"ohhell: {said}"]
    result = ohhell("rules")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [f"ohhell: skipped: {said}"]
    assert "monday" not in result.stdout and "friday" not in result.stdout


def test_rules_lists_the_others_beside_a_file_it_cannot_read(
    ohhell: Ohhell, config_dir: Path
) -> None:
    save_friday(ohhell)
    (config_dir / "rules" / "a-folder.json").mkdir()
    result = ohhell("rules")
    assert result.exit_code == 0
    assert "friday" in result.stdout
    path = config_dir / "rules" / "a-folder.json"
    said = f"cannot read {path}: not a regular file"
    assert result.stderr.splitlines() == [f"ohhell: skipped: {said}"]
    refused = ohhell.refused("new", "Ann", "Bob", "Cat", "--rules", "a-folder")
    assert refused.splitlines() == [f"ohhell: {said}"]


def test_import_over_a_different_rule_says_how_to_keep_either(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    file = tmp_path / "f.json"
    ohhell.ok("rules", "export", "friday", "-o", str(file))
    ohhell.ok("rules", "save", "friday", "--scoring", "exact")
    assert ohhell.refused("rules", "import", str(file)).splitlines() == [
        "ohhell: a house rule 'friday' exists already with other rules; "
        "add --force to replace it, or --name to keep both"
    ]


@pytest.mark.parametrize("name", ["Friday", " friday "])
def test_a_house_rule_is_found_whatever_the_case_and_spaces(ohhell: Ohhell, name: str) -> None:
    save_friday(ohhell)
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", name)
    assert ohhell.sheet()["rules"]["scoring"] == "minus"


def test_a_house_rule_not_saved_is_refused_saying_where_they_are_listed(ohhell: Ohhell) -> None:
    assert ohhell.refused("rules", "export", "sunday").splitlines() == [
        "ohhell: no house rule 'sunday' (`ohhell rules` lists them)"
    ]


def test_a_house_rule_file_with_a_number_too_long_is_refused_as_no_house_rule(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    file = tmp_path / "long.json"
    file.write_text('{"schema": 1, "kind": "ohhell-house-rule", "decks": ' + "9" * 5000 + "}")
    assert ohhell.refused("rules", "import", str(file)).splitlines() == [
        f"ohhell: cannot read {file}: a number too long to be one of a house rule"
    ]


def test_rules_json_says_a_house_rule_by_what_it_changes_indented_by_two() -> None:
    """docs/scripting.md: `rules show NAME --json` and `rules --json` say a house rule's
    name, what it changes from its base (no source: it is the table's own), its base
    and its usual players, as JSON indented by two spaces."""
    saved = invoke(["rules", "save", "snel", "-r", "cartier", "--hands", "3-1"])
    assert saved.exit_code == 0, saved.output
    shown = invoke(["rules", "show", "snel", "--json"]).stdout
    assert shown.startswith(
        "{\n"
        '  "name": "snel",\n'
        '  "summary": "cartier with --hands 3-1",\n'
        '  "source": null,\n'
        '  "base": "cartier",\n'
        '  "usual_players": "4 (or 3, with a 39-card deck)",\n'
        '  "players": 4,\n'
    )
    listed = json.loads(invoke(["rules", "--json"]).stdout)
    assert listed[-1] == {
        "name": "snel",
        "summary": "cartier with --hands 3-1",
        "source": None,
        "base": "cartier",
        "usual_players": "4 (or 3, with a 39-card deck)",
    }


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_export_to_a_file_says_on_stderr_which_house_rule_it_wrote_where(
    ohhell: Ohhell, tmp_path: Path
) -> None:
    save_friday(ohhell)
    target = tmp_path / "f.json"
    result = ohhell("rules", "export", " Friday ", "-o", str(target))
    assert result.exit_code == 0, result.output
    assert (result.stdout, result.stderr) == ("", f"Wrote house rule friday to {target}.\n")
    assert json.loads(target.read_text(encoding="utf-8"))["name"] == "friday"


# Tests for mutation survivors (docs/mutation-survivors.md)


def test_saving_a_house_rule_says_how_to_start_a_game_with_it(ohhell: Ohhell) -> None:
    out = ohhell.ok("rules", "save", "friday", "--rules", "cartier", "--hook", "never")
    assert out == (
        "Saved house rule friday: cartier with --hook never.\n"
        "Start a game with it: ohhell new PLAYER... --rules friday\n"
    )
    again = ohhell.ok("rules", "save", "friday", "--rules", "cartier")
    assert again.splitlines()[1] == "Start a game with it: ohhell new PLAYER... --rules friday"
    said = again.splitlines()[1].split(": ", 1)[1]  # the command, typed with the players
    ohhell.ok(*said.replace("PLAYER...", "Ann Bob Cat Dan").split()[1:])
    assert ohhell.sheet()["rules"]["preset"] == "friday"
