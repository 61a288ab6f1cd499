"""The solver's commands, the Wilson interval, and the win-rate data file's hash check."""

from __future__ import annotations

import json
import logging

import pytest

import patience
from patience import cli
from patience.solver_cli import percentile, rate_range, wilson
from patience_gen.winrates import measured


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


def test_solve_prints_a_line_that_play_accepts(capsys):
    assert cli.main(["solve", "westcliff", "--deal", "3", "--nodes", "5000"]) == 0
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
                       "solver": "thoughtful", "budget": {"nodes": 1000, "seconds": None}}
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
