"""Exceptions raised by the fake Discord."""

from __future__ import annotations


class FakeDiscordError(AssertionError):
    """A test drove the fake in a way a real Discord client could not (or the bot misbehaved).

    It subclasses :class:`AssertionError` so pytest reports it as a plain test failure.
    """


class FakeDiscordTimeout(FakeDiscordError):
    """Something the test waited for (a bot reply, a condition) did not happen in time."""


class ApiError(Exception):
    """A Discord REST error: turned into ``{"code": ..., "message": ...}`` with the given status."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")
