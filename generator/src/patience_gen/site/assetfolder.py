"""The table's scripts and styles go out under a folder named by their digest.

Browsers and the service worker keep these files between visits. Under a fixed address, a page
of a new build could meet a script of the old one (kept by the old service worker, which
serves such files from its cache until the new worker has installed, or by a browser's cache
on a host that lets it keep files long): markup and scripts that do not fit. Named by their
contents, the files of two builds never share an address, so a page only ever loads its own.
The modules import each other by relative addresses, which the folder keeps working.
"""

from __future__ import annotations

from pathlib import Path

from patience_gen.site import webassets

# Where the files lie in the theme's custom folder, and on the built site above their folder.
SOURCE = "assets/patience"
# Files named from outside a build, which must keep their address: the web app manifest's
# icon. The build's own layout styles (gamepage.write_layout_css) carry digests of their own.
KEPT = frozenset({"icon.svg"})


def _sources(theme_dir: Path) -> list[tuple[str, Path]]:
    source = theme_dir / SOURCE
    named = [(path.relative_to(source).as_posix(), path) for path in source.rglob("*")
             if path.is_file()]
    return sorted((name, path) for name, path in named if name not in KEPT)


def folder(theme_dir: Path) -> str:
    """The site folder of this build's table files, `assets/patience/<digest>/`, from the
    names and contents of the files under the theme's `assets/patience/`."""
    return f"{SOURCE}/{webassets.files_digest(_sources(theme_dir))}/"


def placed(src_uri: str, assets: str) -> str | None:
    """Where a theme file goes on the site when it is one of the table's files (`assets` is
    `folder`'s answer); None for every other file, which keeps its address."""
    prefix = f"{SOURCE}/"
    if not src_uri.startswith(prefix):
        return None
    name = src_uri.removeprefix(prefix)
    return None if name in KEPT else assets + name


class MissingBundle(ValueError):
    """The theme has no single script of Material's where the game page expects one."""


MATERIAL_BUNDLE = "assets/javascripts/bundle.*.min.js"


def material_bundle(theme_dirs: list[str]) -> str:
    """The site address of Material's script (its name carries a digest of Material's own):
    a game page starts it once the table is playable, instead of letting it run first."""
    for theme_dir in theme_dirs:
        found = sorted(Path(theme_dir).glob(MATERIAL_BUNDLE))
        if len(found) == 1:
            return found[0].relative_to(theme_dir).as_posix()
        if found:
            raise MissingBundle(f"{theme_dir}: more than one {MATERIAL_BUNDLE}: "
                                f"{', '.join(path.name for path in found)}")
    raise MissingBundle(f"no {MATERIAL_BUNDLE} in the theme's folders: {', '.join(theme_dirs)}")
