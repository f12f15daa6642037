"""What the campaign command tests share: the bundled campaign's id, one compiled bundle per
test module (instead of one per command), and the command line run in-process."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from runeforge.cli import main

CAMPAIGN = "saltmarsh-reckoning"


@pytest.fixture(scope="module", autouse=True)
def one_bundle():
    from runeforge.commands.play import load_bundle
    from runeforge.games.campaign.commands import sheetio as _campaign_io

    bundle = load_bundle(())
    saved = _campaign_io.bundle_for
    _campaign_io.bundle_for = lambda dirs: bundle
    yield bundle
    _campaign_io.bundle_for = saved


def rf(*args):
    result = CliRunner().invoke(main, ["campaign", *map(str, args)])
    assert "Traceback" not in result.output
    return result


def ok(*args) -> str:
    result = rf(*args)
    assert result.exit_code == 0, result.output
    return result.output


def whole(path) -> dict:
    """The whole sheet at ``path``: the sheet file with its sealed file (the overlord's
    secrets, issue 34) merged in."""
    from runeforge.games.campaign.commands.sheetio import disk_sheet

    sheet = disk_sheet(path)
    assert sheet is not None, f"{path} and its sealed file cannot be read"
    return sheet
