"""Shared fixtures: the fake Discord (``fake_discord``) is available to every test."""

pytest_plugins = ["tests.fakediscord.plugin"]
