"""The table's files go out under a folder named by their digest (patience_gen.site.assetfolder)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from patience_gen.site import assetfolder

ROOT = Path(__file__).resolve().parents[1]


def theme(tmp_path: Path) -> Path:
    copy = tmp_path / "theme"
    shutil.copytree(ROOT / "site_overrides" / assetfolder.SOURCE, copy / assetfolder.SOURCE)
    return copy


def test_the_folder_changes_with_any_file_of_the_table(tmp_path: Path) -> None:
    copy = theme(tmp_path)
    first = assetfolder.folder(copy)
    assert first.startswith(f"{assetfolder.SOURCE}/") and first.endswith("/")
    assert assetfolder.folder(copy) == first
    nested = copy / assetfolder.SOURCE / "material" / "base.js"
    nested.write_text(nested.read_text("utf-8") + "\n", "utf-8")
    second = assetfolder.folder(copy)
    assert second != first
    (copy / assetfolder.SOURCE / "extra.js").write_text("", "utf-8")
    assert assetfolder.folder(copy) not in (first, second)


def test_the_manifests_icon_keeps_its_address(tmp_path: Path) -> None:
    copy = theme(tmp_path)
    first = assetfolder.folder(copy)
    for name in assetfolder.KEPT:
        (copy / assetfolder.SOURCE / name).write_text("<svg/>", "utf-8")
        assert assetfolder.placed(f"{assetfolder.SOURCE}/{name}", first) is None
    assert assetfolder.folder(copy) == first


def test_only_the_tables_files_move() -> None:
    folder = f"{assetfolder.SOURCE}/0123456789ab/"
    assert assetfolder.placed("assets/patience/game.js", folder) == folder + "game.js"
    assert assetfolder.placed("assets/patience/material/base.js", folder) == (
        folder + "material/base.js")
    assert assetfolder.placed("assets/javascripts/workers/search-later.js", folder) is None
    assert assetfolder.placed("assets/patiences/game.js", folder) is None


def test_materials_script_is_found_in_the_theme_and_a_missing_one_is_named(
        tmp_path: Path) -> None:
    material = tmp_path / "material"
    scripts = material / "assets" / "javascripts"
    scripts.mkdir(parents=True)
    (scripts / "bundle.0123abcd.min.js").write_text("/* Material */")
    custom = tmp_path / "custom"
    custom.mkdir()
    assert assetfolder.material_bundle([str(custom), str(material)]) == (
        "assets/javascripts/bundle.0123abcd.min.js")
    (scripts / "bundle.4567ef01.min.js").write_text("/* another */")
    with pytest.raises(assetfolder.MissingBundle, match="more than one"):
        assetfolder.material_bundle([str(material)])
    with pytest.raises(assetfolder.MissingBundle, match=str(custom)):
        assetfolder.material_bundle([str(custom)])
