"""The engine compiled by mypyc gives the same verdicts, lines and position counts as the pure
engine the browser runs, on a sample of deals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience_gen import compiled

SAMPLE = """
import json, sys
import patience
from patience import game, solver
out = {"compiled": [m.__file__.endswith(".so") for m in (game, solver)], "results": []}
for variant in ("westcliff", "thumb-and-pouch", "willow", "wood", "klondike-by-threes"):
    for deal in range(1, 6):
        g = patience.Game(patience.load_variant(variant), deal=deal, autoplay=True)
        r = solver.solve(g, max_nodes=3000)
        out["results"].append([variant, deal, str(r.status), [str(m) for m in r.moves], r.nodes])
print(json.dumps(out))
"""


def _run(path: str | None) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    if path:
        env["PYTHONPATH"] = path
    done = subprocess.run([sys.executable, "-c", SAMPLE], env=env, capture_output=True,
                          text=True, check=True, timeout=600)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def folder() -> str:
    return str(compiled.compiled_engine())


def test_the_compiled_engine_decides_every_sampled_deal_as_the_pure_one(folder: str) -> None:
    pure, fast = _run(None), _run(folder)
    assert pure["compiled"] == [False, False]
    assert fast["compiled"] == [True, True], "the compiled modules were not the ones imported"
    assert {r[2] for r in pure["results"]} >= {"won"}
    assert fast["results"] == pure["results"]


def test_patience_compiled_runs_an_engine_command(folder: str) -> None:
    done = subprocess.run([sys.executable, "-m", "patience_gen", "--compiled", "show",
                           "westcliff", "--deal", "3"], capture_output=True, text=True,
                          check=False, timeout=600)
    plain = subprocess.run([sys.executable, "-m", "patience", "show", "westcliff", "--deal", "3"],
                           capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout == plain.stdout


def test_two_commands_started_at_once_each_get_a_whole_compiled_engine(tmp_path, monkeypatch
                                                                       ) -> None:
    """Two win-rate runs started together used to share one staging folder and break each
    other's build; each now builds in its own and the first to finish fills the slot."""
    import threading
    import time

    def fake_mypyc(command, cwd, **_kwargs):
        time.sleep(0.3)  # both builds are under way at once
        (Path(cwd) / "patience" / "game.cpython.so").write_bytes(b"built")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(compiled.subprocess, "run", fake_mypyc)
    cache = tmp_path / "cache"
    found: list[Path] = []
    errors: list[BaseException] = []

    def build() -> None:
        try:
            found.append(compiled.compiled_engine(cache=cache))
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=build) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    assert found[0] == found[1]
    assert (found[0] / "patience" / "__init__.py").is_file()
    assert (found[0] / "patience" / "game.cpython.so").read_bytes() == b"built"
    assert [path.name for path in cache.iterdir()] == [found[0].name]


def test_the_solver_benchmark_runs_with_the_compiled_engine(folder: str) -> None:
    bench = Path(__file__).resolve().parents[1] / "bench" / "solver.py"
    runs = {flag: subprocess.run([sys.executable, str(bench), *flag, "--deals", "1-3",
                                  "--nodes", "2000", "westcliff"], capture_output=True,
                                 text=True, check=False, timeout=600)
            for flag in ((), ("--compiled",))}
    for done in runs.values():
        assert done.returncode == 0, done.stderr
    assert "pure Python engine" in runs[()].stdout
    assert "compiled engine" in runs[("--compiled",)].stdout
    verdicts = [done.stdout.splitlines()[1].split(";")[0] for done in runs.values()]
    assert verdicts[0] == verdicts[1], "the same deals at the same node budget"
