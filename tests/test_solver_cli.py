"""The solver's commands, the Wilson interval, the win-rate data file (its hash check, merged
ranges, atomic writes) and the refusal of bad budgets."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

import patience
from patience import cli, solver_cli
from patience.solver_cli import percentile, rate_range, wilson
from patience_gen.text.winrates import measured


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table II,
    # method 3 (Wilson score, no continuity correction), to four decimals.
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Closed forms: 0 of n gives z^2 / (n + z^2) above; half of n is symmetric about 1/2.
    (0, 10, 0.0, 0.27753),
    (5, 10, 0.23659, 0.76341),
])
def test_wilson_known_values(k, n, low, high):
    assert wilson(k, n) == pytest.approx((low, high), abs=1e-4)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_undecided_deals_count_both_ways():
    figures = rate_range(won=80, lost=15, undecided=5)
    assert figures["rate_low"] == 0.8
    assert figures["rate_high"] == 0.85
    assert figures["low"] == pytest.approx(wilson(80, 100)[0])
    assert figures["high"] == pytest.approx(wilson(85, 100)[1])


def test_percentile_nearest_rank():
    assert percentile(range(1, 101), 0.95) == 95
    assert percentile([], 0.5) == 0.0


@pytest.mark.parametrize("budget", [["--nodes", "5000"], ["--budget", "20", "--cores", "2"]])
def test_solve_prints_a_line_that_play_accepts(capsys, budget):
    assert cli.main(["solve", "westcliff", "--deal", "3", *budget]) == 0
    lines = capsys.readouterr().out.split()
    game = patience.Game(patience.load_variant("westcliff"), deal=3, autoplay=True)
    for line in lines:
        game.play(line)
    assert game.is_won


def test_winrate_writes_a_data_file_that_measured_reads(tmp_path, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "westcliff.yaml").write_text("id: westcliff\n")
    data = tmp_path / "data"
    argv = ["winrate", "westcliff", "--deals", "6", "--start", "10", "--nodes", "3000",
            "--rules-dir", str(rules), "--data-dir", str(data)]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "95 % Wilson interval" in out
    record = json.loads((data / "westcliff.json").read_text())
    assert record["command"] == "patience " + " ".join(argv)
    assert record["won"] + record["lost"] + record["undecided"] == 6
    assert set(record["won_deals"]) <= set(range(10, 16))
    assert len(record["won_deals"]) == record["won"]
    figures = measured("westcliff", rules / "westcliff.yaml", data)
    assert figures is not None
    assert figures["deals"] == 6
    assert figures["solver"] == "thoughtful"
    assert figures["low"] <= figures["rate"] <= figures["rate_high"] <= figures["high"]


def _data_file(folder, rules_hash: str) -> None:
    folder.mkdir(exist_ok=True)
    (folder / "willow.json").write_text(json.dumps({
        "format": 1, "variant": "willow", "solver": "thoughtful", "rules_sha256": rules_hash,
        "date": "2026-01-02", "budget": {"nodes": 1000, "seconds": None}, "deals": 100,
        "won": 40, "lost": 55, "undecided": 5, "rate_low": 0.4, "rate_high": 0.45,
        "interval": {"confidence": 0.95, "low": 0.3, "high": 0.55}, "won_deals": [],
    }))


def test_measured_checks_the_rules_hash(tmp_path, caplog):
    import hashlib

    rules = tmp_path / "willow.yaml"
    rules.write_text("id: willow\n")
    good = hashlib.sha256(rules.read_bytes()).hexdigest()
    _data_file(tmp_path / "data", good)
    figures = measured("willow", rules, tmp_path / "data")
    assert figures == {"rate": 0.4, "rate_high": 0.45, "low": 0.3, "high": 0.55, "deals": 100,
                       "won": 40, "lost": 55, "undecided": 5, "date": "2026-01-02",
                       "solver": "thoughtful", "solver_version": 1,
                       "budget": {"nodes": 1000, "seconds": None}}
    rules.write_text("id: willow\n# changed\n")
    with caplog.at_level(logging.WARNING):
        assert measured("willow", rules, tmp_path / "data") is None
    assert "other rules" in caplog.text


def test_measured_missing_or_damaged_is_none(tmp_path, caplog):
    rules = tmp_path / "willow.yaml"
    rules.write_text("id: willow\n")
    with caplog.at_level(logging.WARNING):
        assert measured("willow", rules, tmp_path / "nowhere") is None
        (tmp_path / "willow.json").write_text("{not json")
        assert measured("willow", rules, tmp_path) is None
    assert "missing" in caplog.text and "unreadable" in caplog.text


# -- winrate: ranges merged, output checked first, written whole, bad budgets refused -----------


def _winrate_argv(tmp_path, *extra: str) -> list[str]:
    rules = tmp_path / "rules"
    if not rules.exists():
        rules.mkdir()
        (rules / "westcliff.yaml").write_text("id: westcliff\n")
    return ["winrate", "westcliff", "--rules-dir", str(rules),
            "--data-dir", str(tmp_path / "data"), *extra]


def _record(tmp_path) -> dict:
    return json.loads((tmp_path / "data" / "westcliff.json").read_text())


def test_winrate_ranges_merge_into_what_one_run_gives(tmp_path, capsys):
    assert cli.main(_winrate_argv(tmp_path, "--deals", "10-12", "--nodes", "3000")) == 0
    assert cli.main(_winrate_argv(tmp_path, "--deals", "13-15", "--nodes", "3000")) == 0
    merged = _record(tmp_path)
    whole_dir = tmp_path / "whole"
    whole_dir.mkdir()
    assert cli.main(_winrate_argv(whole_dir, "--deals", "10-15", "--nodes", "3000")) == 0
    whole = _record(whole_dir)
    assert merged["deals"] == 6 and merged["deal_ranges"] == [[10, 15]]
    assert len(merged["commands"]) == 2
    assert merged["solver_version"] == patience.solver.VERSION
    for key in ("won", "lost", "undecided", "won_deals", "lost_deals", "undecided_deals"):
        assert merged[key] == whole[key], key
    assert [d[:2] for d in merged["per_deal"]] == [d[:2] for d in whole["per_deal"]]
    assert sorted(merged["won_deals"] + merged["lost_deals"] + merged["undecided_deals"]) == \
        list(range(10, 16))
    # Measuring a deal again replaces its result instead of counting it twice.
    assert cli.main(_winrate_argv(tmp_path, "--deals", "15-16", "--nodes", "3000")) == 0
    assert _record(tmp_path)["deal_ranges"] == [[10, 16]]
    assert _record(tmp_path)["deals"] == 7
    assert "all 7 deals" in capsys.readouterr().out
    assert measured("westcliff", tmp_path / "rules" / "westcliff.yaml",
                    tmp_path / "data")["deals"] == 7


def test_winrate_refuses_to_replace_a_larger_sample_unless_told(tmp_path, capsys):
    assert cli.main(_winrate_argv(tmp_path, "--deals", "1-4", "--nodes", "3000")) == 0
    before = (tmp_path / "data" / "westcliff.json").read_bytes()
    argv = _winrate_argv(tmp_path, "--deals", "1-2", "--nodes", "2000")
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "holds 4 deals" in err and "budget" in err and "--replace" in err
    assert (tmp_path / "data" / "westcliff.json").read_bytes() == before
    assert cli.main([*argv, "--replace"]) == 0
    assert _record(tmp_path)["deals"] == 2
    assert _record(tmp_path)["budget"] == {"nodes": 2000, "seconds": None}


def test_winrate_leaves_the_old_file_whole_when_writing_fails(tmp_path, monkeypatch, capsys):
    assert cli.main(_winrate_argv(tmp_path, "--deals", "1-2", "--nodes", "3000")) == 0
    before = (tmp_path / "data" / "westcliff.json").read_bytes()

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(solver_cli.os, "replace", refuse)
    assert cli.main(_winrate_argv(tmp_path, "--deals", "3-4", "--nodes", "3000")) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert (tmp_path / "data" / "westcliff.json").read_bytes() == before
    assert os.listdir(tmp_path / "data") == ["westcliff.json"]


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "patience", *argv], capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("bad", [
    ["--nodes", "nan"], ["--nodes", "-5"], ["--nodes", "0"], ["--nodes", "1e3"],
    ["--budget", "nan"], ["--budget", "-1"], ["--budget", "inf"], ["--budget", "0"],
    ["--deals", "0"], ["--deals", "-3"], ["--deals", "5-2"], ["--deals", "a-b"],
    ["--jobs", "0"], ["--jobs", "two"],
])
def test_winrate_bad_budgets_get_one_line_and_write_nothing(tmp_path, bad):
    argv = _winrate_argv(tmp_path, "--deals", "1-2", "--nodes", "100", *bad)
    done = _run(*argv)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert bad[0] in lines[0]
    assert not (tmp_path / "data").exists()


def test_solve_bad_budgets_get_one_line():
    for bad in (["--nodes", "nan"], ["--budget", "-2"], ["--cores", "3"],
                ["--cores", "2", "--nodes", "500"], ["--cores", "2"],
                ["--cores", "2", "--budget", "1", "--nodes", "500"]):
        done = _run("solve", "westcliff", *bad)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and bad[0] in done.stderr


def test_winrate_checks_its_output_before_solving(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    # A budget that would take hours: the error must come first.
    argv = _winrate_argv(tmp_path, "--deals", "1-100000", "--nodes", "1000000")
    argv[argv.index("--data-dir") + 1] = str(blocker / "data")
    done = _run(*argv)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "cannot write the data file" in done.stderr


def test_two_cores_need_fork(monkeypatch):
    """Where processes cannot be forked, `--cores 2` is refused before anything is solved."""
    monkeypatch.setattr(solver_cli.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    with pytest.raises(ValueError, match="fork"):
        solver_cli.cores_arg("2", None, 5.0)
    assert solver_cli.cores_arg("1", None, 5.0) == 1
