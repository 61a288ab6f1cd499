"""The build side of the table, without a browser: layout, strings, wheel and lock file."""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import patience
from patience_gen.i18n.ui_strings import UI_STRINGS, Plural
from patience_gen.site import gamepage, webassets

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("max_cols", [None, gamepage.PHONE_COLS])
@pytest.mark.parametrize("variant", patience.variants())
def test_every_pile_has_its_own_place(variant: str, max_cols: int | None) -> None:
    config = patience.load_variant(variant)
    layout = gamepage.table_layout(config, max_cols)
    if max_cols is not None:
        assert layout["cols"] <= max_cols
    game = patience.Game(config, deal=1)
    assert sorted(p["id"] for p in layout["piles"]) == sorted(p.id for p in game.piles)
    taken: set[tuple[int, int]] = set()
    for pile in layout["piles"]:
        assert pile["col"] >= 1 and pile["col"] + pile["span"] - 1 <= layout["cols"], pile
        cells = {(pile["row"], pile["col"] + i) for i in range(pile["span"])}
        assert not cells & taken, f"{pile['id']} overlaps another pile"
        taken |= cells


def test_a_variant_the_layout_has_never_seen() -> None:
    """Any config that compiles gets a table: here, six fans, three reserves and no stock."""
    config = json.loads(json.dumps(patience.load_variant("willow")))
    config["piles"]["fan"]["count"] = 6
    config["piles"]["reserve"] = {"count": 3, "deal": {"cards": [1, 1, 1], "face_up": [1, 1, 1]}}
    layout = gamepage.table_layout(config)
    kinds = [p["kind"] for p in layout["piles"]]
    assert kinds.count("fan") == 6 and kinds.count("reserve") == 3


def test_ui_strings_keep_their_placeholders_in_every_language() -> None:
    for lang in ("en", "fr", "pt"):
        strings = gamepage.ui_strings(lang)
        assert set(strings) == {*UI_STRINGS, "plural"}
        for key, english in UI_STRINGS.items():
            names = set(re.findall(r"\{(\w+)\}", english))
            if isinstance(english, Plural):
                names |= set(re.findall(r"\{(\w+)\}", english.plural))
                forms = strings[key]
                assert isinstance(forms, list) and len(forms) == 1 + max(strings["plural"])
            else:
                forms = [strings[key]]
            for form in forms:
                assert set(re.findall(r"\{(\w+)\}", form)) <= names, (lang, key, form)


@pytest.mark.parametrize(
    ("lang", "counts"), [("en", {0: 1, 1: 0, 2: 1}), ("fr", {0: 0, 1: 0, 2: 1})]
)
def test_the_page_picks_plural_forms_by_the_catalogs_rule(lang: str, counts: dict) -> None:
    strings = gamepage.ui_strings(lang)
    for n, form in counts.items():
        assert strings["plural"][n] == form


def test_script_json_cannot_close_its_script_element() -> None:
    text = gamepage.script_json({"a": "</script><b>&"})
    assert "</" not in text and json.loads(text) == {"a": "</script><b>&"}


def test_the_site_lock_file_lists_the_wheel_with_its_sha256(site: Path) -> None:
    entry = webassets.wheel_entry(site)
    assert entry is not None and entry["imports"] == ["patience"]
    wheel = site / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    names = zipfile.ZipFile(wheel).namelist()
    for variant in patience.variants():
        assert f"patience/variants/{variant}.json" in names
    # The engine's sources and bytecode, and one small config a variant: nothing else rides along.
    packed = {i.filename: i.compress_size for i in zipfile.ZipFile(wheel).infolist()}
    configs = {name: size for name, size in packed.items() if "/variants/" in name}
    assert max(configs.values()) < 2_000
    assert sum(packed.values()) - sum(configs.values()) < 275_000
    copied = sorted(p.name for p in (site / "pyodide").iterdir())
    assert copied == sorted([*webassets.PYODIDE_CORE, webassets.LOCK_NAME, wheel.name,
                             webassets.SNAPSHOT, webassets.SNAPSHOT_SUMS])
    assert not list(site.glob("*/pyodide")), "Pyodide is copied once, not per language"


def _record(wheel: zipfile.ZipFile) -> dict[str, str]:
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    lines = wheel.read(record).decode().splitlines()
    return {line.split(",")[0]: line.split(",")[1] for line in lines}


def test_the_wheel_carries_bytecode_for_every_module_and_records_it(site: Path) -> None:
    entry = webassets.wheel_entry(site)
    wheel = zipfile.ZipFile(site / "pyodide" / entry["file_name"])
    names = set(wheel.namelist())
    modules = [n for n in names if n.endswith(".py")]
    assert "patience/game.py" in modules
    python = json.loads((site / "pyodide" / webassets.LOCK_NAME).read_text())["info"]["python"]
    tag = "cpython-{}{}".format(*python.split(".")[:2])
    for module in modules:
        folder, _, name = module.rpartition("/")
        pyc = f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc"
        assert pyc in names, f"no bytecode for {module}"
        flags = int.from_bytes(wheel.read(pyc)[4:8], "little")
        assert flags == 0b01, f"{pyc} is not unchecked-hash bytecode"
    record = _record(wheel)
    assert set(record) == names
    for name, digest in record.items():
        if digest:
            data = hashlib.sha256(wheel.read(name)).digest()
            assert digest == "sha256=" + base64.urlsafe_b64encode(data).rstrip(b"=").decode(), name


def left_out() -> frozenset[str]:
    """The compiler's `LEFT_OUT`, read from its source (it only imports inside Pyodide)."""
    tree = ast.parse((webassets.BYTECODE_TOOL.with_suffix(".py")).read_text())
    value = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(getattr(t, "id", "") == "LEFT_OUT" for t in node.targets))
    assert isinstance(value, ast.Call)
    return frozenset(ast.literal_eval(value.args[0]))


def test_the_standard_library_goes_out_as_bytecode(site: Path) -> None:
    shipped = zipfile.ZipFile(site / "pyodide" / webassets.STDLIB).namelist()
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / webassets.STDLIB).namelist()
    gone = left_out()
    dropped = [n for n in npm if n.split("/", 1)[0].removesuffix(".py") in gone]
    assert len(dropped) > 50, "the modules left out are expected to be in npm's archive"
    npm = [n for n in npm if n not in dropped]
    sources = [n for n in npm if n.endswith(".py")]
    assert sources, "the npm package is expected to ship sources"
    assert not [n for n in shipped if n.endswith(".py")]
    assert sorted(n + "c" for n in sources) == sorted(n for n in shipped if n.endswith(".pyc"))
    assert sorted(n for n in npm if not n.endswith(".py")) == sorted(
        n for n in shipped if not n.endswith(".pyc"))


SESSION_RUN = """
import json, sys
from patience.session import handle
for variant in ("wood", "willow"):
    for cmd, args in (("new", {"variant": variant, "deal": 3}), ("hint", {"budget": 0.2}),
                      ("status", {}), ("winnable", {"start": 1, "budget": 0.2}),
                      ("undo", {}), ("redo", {}), ("finish", {}), ("state", {})):
        handle(json.dumps({"cmd": cmd, "args": args}))
handle("not json")
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_nothing_the_engine_imports_is_left_out_of_the_browsers_standard_library() -> None:
    """Every module the page's engine imports, answering each request the page makes, reaches
    the browser."""
    result = subprocess.run([sys.executable, "-c", SESSION_RUN], capture_output=True,
                            text=True, check=True)
    imported = set(json.loads(result.stdout.splitlines()[-1]))
    assert {"json", "dataclasses", "patience"} <= imported
    assert not imported & left_out()


def test_the_snapshot_is_pyodides_memory_with_the_engine_and_nothing_of_the_build_machine(
        site: Path) -> None:
    packed = (site / "pyodide" / webassets.SNAPSHOT).read_bytes()
    file = gzip.decompress(packed)
    memory = webassets.snapshot_memory(file)
    assert len(packed) < len(memory) / 4
    # Its blank pages are left out of the file the browser unpacks.
    assert len(file) < len(memory) * 0.7
    # Pyodide's snapshot header: four words, then the build id it checks on restoring (eight
    # little-endian words, each eight hex digits of it).
    loader = (site / "pyodide" / "pyodide.mjs").read_text()
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', loader).group(1)
    words = struct.unpack("<8I", memory[16:48])
    assert "".join(f"{word:08x}" for word in words) == build_id
    for private in (str(ROOT), str(site)):
        assert private.encode() not in memory, private
    # The engine is imported in it, made from the very wheel the lock file lists.
    assert webassets.wheel_entry(site)["sha256"].encode() in memory
    assert b"patience.session" in memory


def test_a_snapshot_file_cut_or_damaged_is_refused(site: Path) -> None:
    file = gzip.decompress((site / "pyodide" / webassets.SNAPSHOT).read_bytes())
    damaged = bytearray(file)
    damaged[len(file) // 2] ^= 1
    for broken in (file[:-1], bytes(damaged), b"PTMEM01\n", file + b"\0"):
        with pytest.raises(webassets.AssetError):
            webassets.snapshot_memory(broken)


def test_the_snapshot_checksums_are_those_of_the_file_served(site: Path) -> None:
    packed = (site / "pyodide" / webassets.SNAPSHOT).read_bytes()
    sums = json.loads((site / "pyodide" / webassets.SNAPSHOT_SUMS).read_text())
    assert sums == {"gzip": hashlib.sha256(packed).hexdigest(),
                    "file": hashlib.sha256(gzip.decompress(packed)).hexdigest()}


def test_the_wheel_cache_follows_the_engine_sources(tmp_path: Path) -> None:
    engine = tmp_path / "engine"
    (engine / "src" / "patience" / "variants").mkdir(parents=True)
    (engine / "pyproject.toml").write_text("[project]\nname = 'patience'\n")
    module = engine / "src" / "patience" / "__init__.py"
    module.write_text("A = 1\n")
    (engine / "src" / "patience" / "__pycache__").mkdir()
    (engine / "src" / "patience" / "__pycache__" / "x.pyc").write_bytes(b"noise")
    first = webassets.engine_hash(engine)
    (engine / "src" / "patience" / "__pycache__" / "y.pyc").write_bytes(b"more noise")
    assert webassets.engine_hash(engine) == first
    module.write_text("A = 2\n")
    assert webassets.engine_hash(engine) != first
