"""`patience compile` writes only what it owns: its manifest lists its outputs, and nothing
else in the output folder is ever deleted or overwritten."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from rules_edits import RULES

from patience_gen import cli
from patience_gen.compile import rules
from patience_gen.compile.rules import MANIFEST, write_configs


def _rules(tmp_path: Path, *variants: str) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.yaml"):
        old.unlink()
    for name in variants:
        shutil.copy(RULES / f"{name}.yaml", folder)
    return folder


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_compile_into_a_project_folder_deletes_nothing_of_its(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _rules(tmp_path, "wood", "willow")
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "site"}\n')
    (project / "notes.json").write_text("[]\n")
    assert cli.main(["compile", str(folder), "--out", str(project)]) == 0
    assert json.loads((project / MANIFEST).read_text()) == ["willow.json", "wood.json"]
    _rules(tmp_path, "wood")
    assert cli.main(["compile", str(folder), "--out", str(project)]) == 0
    assert sorted(p.name for p in project.iterdir()) == [
        MANIFEST, "notes.json", "package.json", "wood.json"]
    assert (project / "package.json").read_text() == '{"name": "site"}\n'


def test_a_file_compile_did_not_write_is_never_overwritten(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _rules(tmp_path, "wood", "willow")
    out = tmp_path / "out"
    out.mkdir()
    (out / "wood.json").write_text('{"hand": "written"}\n')
    before = _files(out)
    assert cli.main(["compile", str(folder), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{out / 'wood.json'}: exists and was not written by compile" in err
    assert _files(out) == before


def test_a_folder_compiled_before_manifests_keeps_only_its_own_configs(tmp_path: Path) -> None:
    folder = _rules(tmp_path, "wood", "willow")
    out = tmp_path / "out"
    assert cli.main(["compile", str(folder), "--out", str(out)]) == 0
    (out / MANIFEST).unlink()
    (out / "other.json").write_text('{"format": 1, "id": "someone-else"}\n')
    _rules(tmp_path, "wood")
    assert cli.main(["compile", str(folder), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "other.json", "wood.json"]


def test_unchanged_outputs_are_left_untouched(tmp_path: Path) -> None:
    folder = _rules(tmp_path, "wood")
    out = tmp_path / "out"
    assert cli.main(["compile", str(folder), "--out", str(out)]) == 0
    stamps = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    assert cli.main(["compile", str(folder), "--out", str(out)]) == 0
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == stamps


def test_a_failed_write_leaves_every_output_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = rules.load_all(_rules(tmp_path, "wood", "willow"))
    configs = {vid: config for vid, (_, config) in loaded.items()}
    out = tmp_path / "out"
    write_configs({"wood": configs["wood"]}, out)
    before = _files(out)
    real_fdopen = os.fdopen
    opened = []

    def failing_fdopen(fd: int, *args: object, **kwargs: object):  # the second file fails
        opened.append(fd)
        if len(opened) == 2:
            os.close(fd)
            raise OSError(28, "No space left on device")
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(rules.os, "fdopen", failing_fdopen)
    changed = {**configs, "wood": {**configs["wood"], "decks": 3}}
    with pytest.raises(OSError):
        write_configs(changed, out)
    assert _files(out) == before
