"""The documentation ships with the project and points only inside it (issue 31).

A user who installs the package or clones the repository has the README and docs/ and
nothing beside them, so: no doc names the development machine's ``shared/`` folder or an
absolute path of this machine; every relative link (``[text](path)`` or ``[text](path#anchor)``)
and every ``docs/*.md`` file named in code spans exists, and every anchor names a heading of its
page; and the tests that the rules maps cite exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

# ``shared/`` (the folder beside the clone on the developers' machines), and absolute paths of
# a machine: its work tree, a home folder. Example paths such as /tmp/out stay allowed.
FORBIDDEN = re.compile(r"shared/|\.\./shared|/work/|/home/|/Users/|[A-Z]:\\\\")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\[[^\]]+\]:\s*(\S+)", re.M)
DOC_SPAN = re.compile(r"`((?:\.\./)*(?:docs/)?[\w.-]+\.md)(?:#[\w-]+)?`")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _prose(text: str) -> str:
    """The text without fenced code blocks (shell sessions and YAML may hold any path)."""
    return FENCE.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to
    hyphens."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text, flags=re.UNICODE)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", _prose(path.read_text(encoding="utf-8")),
                         re.M):
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    out |= set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", path.read_text(encoding="utf-8")))
    return out


def links(path: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(_prose(path.read_text(encoding="utf-8")))]


@pytest.mark.parametrize("doc", DOCS, ids=_rel)
def test_no_doc_points_outside_the_repository(doc):
    bad = [f"{_rel(doc)}:{i}: {line.strip()}"
           for i, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1)
           if FORBIDDEN.search(line)]
    assert bad == [], "\n".join(bad)


def _check_target(doc: Path, target: str) -> str | None:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto: ...
        return None
    file_part, _, anchor = target.partition("#")
    dest = doc if not file_part else (doc.parent / file_part).resolve()
    if not file_part and not anchor:
        return None
    try:
        dest.relative_to(ROOT)
    except ValueError:
        return f"{target}: outside the repository"
    if not dest.exists():
        return f"{target}: no such file"
    if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
        return f"{target}: no heading '#{anchor}' in {_rel(dest)}"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=_rel)
def test_every_relative_link_resolves_inside_the_repository(doc):
    bad = [f"{_rel(doc)}: {why}" for t in links(doc) if (why := _check_target(doc, t))]
    assert bad == [], "\n".join(bad)


@pytest.mark.parametrize("doc", DOCS, ids=_rel)
def test_every_doc_named_in_a_code_span_exists(doc):
    bad = []
    for name in DOC_SPAN.findall(_prose(doc.read_text(encoding="utf-8"))):
        candidates = [(doc.parent / name).resolve(), (ROOT / name).resolve(),
                      (ROOT / "docs" / Path(name).name).resolve()]
        if not any(c.exists() for c in candidates):
            bad.append(f"{_rel(doc)}: `{name}` does not exist")
    assert bad == [], "\n".join(bad)


def test_the_link_checks_can_fail(tmp_path, monkeypatch):
    """The checks are not vacuous: a page with a broken link, a bad anchor, a shared/ path and
    a missing doc is refused on each count."""
    page = ROOT / "docs" / "language-reference.md"
    assert _check_target(page, "no-such-page.md") == "no-such-page.md: no such file"
    assert "no heading" in _check_target(page, "#no-such-heading")
    assert _check_target(page, "../../elsewhere.md").endswith("outside the repository")
    assert _check_target(page, "rules-map.md#the-seeds") is None
    assert _check_target(page, "https://example.org/x.md") is None
    assert FORBIDDEN.search("see ../shared/docs/notes.md")
    assert FORBIDDEN.search("/work/main/docs") and not FORBIDDEN.search("the shared purse")
    assert links(page) and "language.md" in links(page)
    assert slug("## 20. The Delve dialect".lstrip("# ")) == "20-the-delve-dialect"
    assert slug("Family 7: combat") == "family-7-combat"


def _test_names() -> set[str]:
    names = set()
    for path in (ROOT / "tests").rglob("*.py"):
        names |= set(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.mark.parametrize("page", ["delve-rules.md", "campaign-rules.md", "rules-map.md"])
def test_the_tests_a_rules_map_cites_exist(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    names = _test_names()
    cited = re.findall(r"`(?:[\w/]+\.py::)?(test_[\w…]+)`", text)
    assert cited, f"{page} cites no test"
    missing = [c for c in cited  # "…" stands for the rest of a name
               if not any(re.fullmatch(re.escape(c).replace("…", r"\w*"), n) for n in names)]
    assert missing == [], missing
