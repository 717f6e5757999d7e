"""The component router: a click goes to the one route whose pattern matches its whole
custom id, and nowhere when none does."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.routing import ComponentRouter


class Click:
    """The part of an interaction the router reads: its component data."""

    def __init__(self, custom_id: str) -> None:
        self.data = {"custom_id": custom_id, "component_type": 2}


def recorder(name: str, seen: list[tuple[str, dict[str, str]]]) -> Any:
    async def handler(interaction: discord.Interaction, match: re.Match[str]) -> None:
        seen.append((name, match.groupdict()))

    return handler


async def test_a_click_runs_the_route_of_its_whole_custom_id() -> None:
    seen: list[tuple[str, dict[str, str]]] = []
    router = ComponentRouter()
    router.add(re.compile(r"tonk:t:(?P<table>\d+)"), recorder("table", seen))
    router.add(re.compile(r"tonk:p:(?P<table>\d+)"), recorder("panel", seen))
    click: Any = Click("tonk:p:12")
    assert await router.dispatch(click)
    assert seen == [("panel", {"table": "12"})]
    for custom_id in ("tonk:p:12:extra", "tonk:x:1", ""):
        unknown: Any = Click(custom_id)
        assert not await router.dispatch(unknown)
    assert seen == [("panel", {"table": "12"})]


async def test_a_pattern_has_one_route_and_a_removed_one_runs_nothing() -> None:
    seen: list[tuple[str, dict[str, str]]] = []
    router = ComponentRouter()
    pattern = re.compile(r"tonk:s:(?P<table>\d+)")
    router.add(pattern, recorder("menu", seen))
    with pytest.raises(ValueError, match="exists"):
        router.add(pattern, recorder("again", seen))
    router.remove(pattern)
    click: Any = Click("tonk:s:3")
    assert not await router.dispatch(click)
    assert seen == []


def click_payload(custom_id: str, kind: int = 3) -> dict[str, Any]:
    """An INTERACTION_CREATE payload as Discord sends it for a click on a message."""
    return {
        "type": kind,
        "data": {"custom_id": custom_id, "component_type": 2},
        "message": {
            "id": "77",
            "channel_id": "5",
            "embeds": [{"title": "Table 12"}],
            "components": [{"type": 1, "components": [{"type": 2, "custom_id": custom_id}]}],
        },
    }


def test_a_routed_click_carries_the_clicked_message_without_its_embeds_and_components() -> None:
    """discord.py builds a Message of the clicked one: for a route's click, only what a route
    reads (the message's id) is left to build; other clicks and interactions are untouched."""
    router = ComponentRouter()
    router.add(re.compile(r"tonk:p:(?P<table>\d+)"), recorder("panel", []))
    routed = click_payload("tonk:p:12")
    router.lighten(routed)
    assert routed["message"] == {"id": "77", "channel_id": "5", "embeds": [], "components": []}
    assert routed["data"] == {"custom_id": "tonk:p:12", "component_type": 2}
    for untouched in (click_payload("tonk:lb:next:1"), click_payload("tonk:p:12", kind=5)):
        before = repr(untouched)
        router.lighten(untouched)
        assert repr(untouched) == before
    command: dict[str, Any] = {"type": 2, "data": {"name": "tonk"}}
    router.lighten(command)
    assert command == {"type": 2, "data": {"name": "tonk"}}
