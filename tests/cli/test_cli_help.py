"""`--help` of the program and of every command speaks the language asked: the `--lang` among the arguments, or,
without one, the locale's (LANG=sv_SE.UTF-8 is Swedish); English otherwise. Every help text, description and
heading has its Swedish words (`skitgubbe.text.cli_words.CLI_HELP`), none is left in English."""

from __future__ import annotations

import argparse

import pytest
from helpers import cli

from skitgubbe import cli as cli_module

COMMANDS = ("check", "simulate", "play", "replay", "review", "deal", "serve", "rules")
#: Words only the Swedish help has, and only the English one.
SWEDISH = ("användning:", "flaggor:", "visa den här hjälpen och avsluta")
ENGLISH = ("usage:", "options:", "show this help message and exit")


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests set the locale they mean; the machine's own is left out."""
    for key in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _parsers(lang: str) -> dict[str, argparse.ArgumentParser]:
    parser = cli_module._parser(lang)  # type: ignore[arg-type]
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **sub.choices}


def _words(parser: argparse.ArgumentParser) -> list[str]:
    """Every text of a parser's help a person reads (not the options' names or choices)."""
    texts = [parser.description or "", parser._positionals.title or "", parser._optionals.title or ""]
    texts += [parser.epilog] if parser.epilog else []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [str(action.metavar)] + [choice.help or "" for choice in action._choices_actions]
        else:
            texts.append(action.help or "")
    return texts


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_text_has_its_own_swedish_words(command: str) -> None:
    sv, en = _words(_parsers("sv")[command]), _words(_parsers("en")[command])
    assert len(sv) == len(en) and all(en)
    same = [text for text, english in zip(sv, en, strict=True) if text == english]
    assert not same, f"{command or 'the program'}: English in the Swedish help: {same}"


@pytest.mark.parametrize("command", COMMANDS)
def test_help_with_lang_sv_is_swedish_and_with_lang_en_english(command: str) -> None:
    sv, en = cli(command, "--lang", "sv", "--help"), cli(command, "--help", "--lang=en")
    assert sv.returncode == en.returncode == 0
    assert all(w in sv.stdout for w in SWEDISH) and not any(w in sv.stdout for w in ENGLISH), sv.stdout
    assert all(w in en.stdout for w in ENGLISH) and not any(w in en.stdout for w in SWEDISH), en.stdout
    described = _parsers("sv")[command].description or ""
    assert _flat(described) in _flat(sv.stdout)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_follows_the_locale_without_lang(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    args = (command, "--help") if command else ("--help",)
    english = cli(*args)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    swedish = cli(*args)
    assert swedish.returncode == english.returncode == 0
    assert all(w in swedish.stdout for w in SWEDISH) and all(w in english.stdout for w in ENGLISH)
    assert all(w in cli(*args, "--lang", "en").stdout for w in ENGLISH)  # --lang wins over the locale
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL wins over LANG
    assert all(w in cli(*args).stdout for w in ENGLISH)


def test_the_program_help_names_every_command_in_swedish() -> None:
    run = cli("--help", "--lang", "sv")
    assert run.returncode == 0 and "KOMMANDO" in run.stdout and "Slutkoden: 0" in _flat(run.stdout)
    for command in COMMANDS:
        assert f"    {command} " in run.stdout


def test_the_help_language_is_read_before_parsing() -> None:
    assert cli_module._help_lang(["play", "--lang", "sv"], {}) == "sv"
    assert cli_module._help_lang(["play", "--lang=sv"], {"LANG": "en_US.UTF-8"}) == "sv"
    assert cli_module._help_lang(["play"], {"LANG": "sv_SE.UTF-8"}) == "sv"
    assert cli_module._help_lang(["play"], {"LC_ALL": "C", "LANG": "sv_SE.UTF-8"}) == "en"
    assert cli_module._help_lang(["play"], {"LC_MESSAGES": "sv_FI.UTF-8"}) == "sv"
    assert cli_module._help_lang(["play"], {}) == "en"
