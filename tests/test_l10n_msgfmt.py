"""The catalogs pass the translators' own tool (issue 22, item 11): GNU `msgfmt --check`
(Poedit and Weblate run the same check) accepts every catalog, because slot messages carry
the project's ``runeforge-format`` flag instead of Babel's ``python-brace-format``; the
project's own slot check still catches a dropped or unknown slot."""

from __future__ import annotations

import io
import os
import shutil
import subprocess

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from runeforge.l10n.catalogs import LOCALES, po_path
from runeforge.l10n.localedir import locales_dir
from runeforge.l10n.poflags import BABEL_FLAG, FLAG, fix_flags, main
from runeforge.l10n.slots import check_message

MSGFMT = shutil.which("msgfmt")
# with CI set (.ci/run installs Debian's gettext) a missing msgfmt fails instead of skipping
needs_msgfmt = pytest.mark.skipif(MSGFMT is None and not os.environ.get("CI"),
                                  reason="GNU gettext's msgfmt is not installed "
                                  "(apt-get install gettext; in CI this fails instead)")
CATALOGS = [locales_dir() / "runeforge.pot", *(po_path(locales_dir(), loc) for loc in LOCALES)]


def msgfmt_check(path) -> subprocess.CompletedProcess:
    return subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, timeout=900)


@needs_msgfmt
@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name
                         if p.suffix == ".po" else p.name)
def test_msgfmt_check_passes(path):
    result = msgfmt_check(path)
    assert result.returncode == 0, result.stderr
    assert "fatal" not in result.stderr


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name
                         if p.suffix == ".po" else p.name)
def test_catalogs_carry_the_project_flag_only(path):
    text = path.read_text(encoding="utf-8")
    assert BABEL_FLAG not in text
    assert text.count(f"#, {FLAG}") >= 50
    assert fix_flags(text) == text  # `python -m runeforge.l10n.poflags` would change nothing


def babel_written(msgid, msgstr, context="effect.take") -> str:
    """A catalog as `pybabel update` writes it (Babel adds python-brace-format itself)."""
    catalog = Catalog(locale="fi")
    catalog.add(msgid, msgstr, context=context)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100)
    return buf.getvalue().decode("utf-8")


def test_fix_flags_turns_babels_flag_into_the_projects():
    text = babel_written("take {what}", "ota {what.acc}")
    assert f"#, {BABEL_FLAG}" in text
    fixed = fix_flags(text)
    assert f"#, {FLAG}\nmsgctxt \"effect.take\"" in fixed and BABEL_FLAG not in fixed
    assert fixed.replace(f"#, {FLAG}", f"#, {BABEL_FLAG}") == text  # nothing else changed
    assert fix_flags(fixed) == fixed
    fuzzy = text.replace(f"#, {BABEL_FLAG}", f"#, fuzzy, {BABEL_FLAG}")
    assert f"#, fuzzy, {FLAG}" in fix_flags(fuzzy)
    plain = babel_written("Belt of Strength", "Voiman vyö", "card.name")
    assert fix_flags(plain) == plain  # no slot, no flag
    unflagged = text.replace(f"#, {BABEL_FLAG}\n", "")
    assert f"#, {FLAG}\nmsgctxt" in fix_flags(unflagged)  # a slot message gets the flag


@needs_msgfmt
def test_msgfmt_rejects_babels_flag_and_accepts_the_projects(tmp_path):
    text = babel_written("take {what}", "ota {what.acc}")
    babel = tmp_path / "babel.po"
    babel.write_text(text, encoding="utf-8")
    assert msgfmt_check(babel).returncode != 0  # the error of the issue
    ours = tmp_path / "ours.po"
    ours.write_text(fix_flags(text), encoding="utf-8")
    assert msgfmt_check(ours).returncode == 0


def test_the_project_slot_check_still_catches_what_msgfmt_no_longer_checks():
    assert check_message("take {what}", "ota {what.acc}") == []
    assert check_message("take {what}", "ota") == ["translation: missing {what}"]
    assert check_message("take {what}", "ota {wat.acc}") == [
        "translation: missing {what}; unknown {wat}"]


def test_the_tool_fixes_files_in_place(tmp_path, capsys):
    path = tmp_path / "fi" / "LC_MESSAGES" / "runeforge.po"
    path.parent.mkdir(parents=True)
    path.write_text(babel_written("take {what}", "ota {what.acc}"), encoding="utf-8")
    assert main([str(tmp_path)]) == 0
    assert BABEL_FLAG not in path.read_text(encoding="utf-8")
    assert "1 catalog changed" in capsys.readouterr().out
    assert main([str(path)]) == 0 and "0 catalogs changed" in capsys.readouterr().out
