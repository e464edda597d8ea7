"""The ``judge`` command line: replay records now; storage and serving come later."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from api.analyse_cli import add_parser as add_analyse
from api.errata import ENV as ERRATA_ENV
from api.errata import ErrataError, apply_errata
from api.errata import configured as errata_file
from api.fighters_cli import cmd_fighters
from api.jsonfile import read_json
from api.narrative import narrative_of
from api.plugins import RulesetModuleError, configured, load_ruleset_modules
from events.errors import DuelTooLargeError
from events.faults import StoreFaultError
from events.text import UnstorableTextError
from judge import registry
from judge.errors import JudgeError, RecordError


def cmd_replay(args: argparse.Namespace) -> int:
    data = read_json(args.record)
    rules = registry.of_record(data)
    duel = rules.from_record(data)
    out = sys.stdout
    if args.events:
        for n, (kind, e) in enumerate(duel.events, 1):
            if kind == "fact":
                out.write(json.dumps({"event": n} | e.to_json(), ensure_ascii=False) + "\n")
        return 0
    if args.at is not None or args.json:
        if args.at is not None:
            if not 0 <= args.at <= len(duel.events):
                raise RecordError(f"--at must be between 0 and {len(duel.events)} (the number "
                                  "of events).", "cli")
            at = duel.state_at(args.at)
            state = rules.state_json(at, duel.prompt_at(args.at, at))
            sys.stderr.write(pending_words(duel, args.at) + "\n")
        else:
            state = duel.to_json()
        out.write(json.dumps(state, indent=2, ensure_ascii=False) + "\n")
        return 0
    out.write(narrative_of(rules, duel))  # the text of GET /api/duels/{id}/narrative
    return 0


def pending_words(duel: Any, n: int) -> str:
    """The decision pending after the first ``n`` events, in the game's words, as the end
    of a full replay says it ("Waiting for Ben: ..."). Between a decision and the next
    prompt the rules are still resolving: the words say so and name the next prompt. On
    stderr, so that stdout stays the state JSON."""
    events = duel.events
    ask = next((m for m in range(n, len(events)) if events[m][0] == "decision"), len(events))
    prompt = duel.prompt_at(ask)
    if prompt is None:
        return f"After event {n}: no decision is pending; the duel is over."
    players = duel.setup.get("players") or []
    names = " and ".join(str(players[p].get("name") or f"Player {p}") if p < len(players)
                         else f"Player {p}" for p in prompt["players"])
    about = (prompt.get("about") or "a decision").rstrip(".?")
    count = len(prompt["options"]) + sum(int(x.get("count") or 0)
                                          for x in prompt.get("described") or ())
    waiting = f"waiting for {names}: {about} ({count} legal choice{'' if count == 1 else 's'})."
    if ask == n:
        return f"After event {n}: {waiting}"
    still = f"event {ask}" if ask == n + 1 else f"events {n + 1} to {ask}"
    return f"After event {n} the rules are still resolving ({still}); then {waiting}"


def fault_words(err: StoreFaultError) -> str:
    """A store fault in one line for the operator: what it means, and the driver's words."""
    cause = " ".join(err.cause.split())
    return f"{err.reason} ({cause})" if cause else err.reason


def _app(args: argparse.Namespace) -> Any:
    from events.app import JudgeApp

    try:
        return JudgeApp(db=args.db, database_url=args.database_url)
    except StoreFaultError:
        raise  # said in one line by main
    except ValueError as err:
        raise JudgeError(str(err), "store") from err
    except Exception as err:  # the database driver's own errors: say which store failed
        raise JudgeError(f"Cannot open the store: {err}", "store") from err


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\rverifying [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _signed_words(signer: str | None, key: str | None) -> str:
    if signer is None:
        return "; unsigned (an older or hand-made log: its chain holds, nothing shows who made it)"
    if key is not None:
        return "; signed by the key given"
    return f"; signed by {signer} (pass --key to check that it is your service's)"


def _rules_words(rules: dict) -> str:
    """Information only: what today's rules would judge differently in a duel stamped with
    older rules (or none), which was verified under its own."""
    stamp = rules["recorded"] or "the rules before the stamps"
    if rules["rejudged"] == "same":
        return f"; judged under {stamp}; today's rules ({rules['today']}) judge it the same"
    return (f"; judged under {stamp}; under today's rules ({rules['today']}) this duel would "
            f"differ from event {rules.get('differs_from')}")


def _corrections_words(indexes: list[int]) -> str:
    """A record holding corrections verifies as far as a record can show; who made them is
    attested only by the service's signed log."""
    which = ", ".join(str(n) for n in indexes)
    many = len(indexes) > 1
    return (f"; decision{'s' if many else ''} {which} {'are' if many else 'is a'} judge's "
            f"correction{'s' if many else ''}: a record is not signed, so that a head judge "
            f"made {'them' if many else 'it'} is attested only by the service's signed log "
            "(judge export --log, then judge verify --key)")


def cmd_verify(args: argparse.Namespace) -> int:
    from events.errors import IntegrityCheckError
    from events.export import verify_file
    from events.signing import read_key

    key = None
    if args.key is not None:
        try:
            key = read_key(args.key)
        except ValueError as err:
            print(f"judge verify: --key: {err}", file=sys.stderr)
            return 2
    failures = 0
    many = len(args.files) > 1
    for i, path in enumerate(args.files, 1):
        try:
            with open(path, encoding="utf-8") as fh:
                result = verify_file(fh.read(), key)
            line = f"{path}: ok ({result['kind']}, {result['events']} events)"
            if result["kind"] == "log":
                line += _signed_words(result.get("signed"), key)
            if "rules" in result:
                line += _rules_words(result["rules"])
            if "corrections" in result:
                line += _corrections_words(result["corrections"])
            if "withheld" in result:
                line += (f"; a prefix: the export stops before event "
                         f"{result['withheld'].get('from_event')}, a secret choice not yet "
                         "revealed to its reader")
        except OSError as err:
            failures += 1
            line = f"{path}: cannot read: {err.strerror}"
        except IntegrityCheckError as err:
            failures += 1
            where = f" [event {err.event}]" if err.event is not None else ""
            line = f"{path}: FAILED: {err.reason}{where}"
        except JudgeError as err:
            failures += 1
            index = getattr(err, "index", None)
            where = f"decision {index}: " if index is not None else ""
            line = f"{path}: FAILED: {where}{err.reason} [rule {err.rule}]"
        if many:
            _progress(i, len(args.files))
        print(line)
    return 1 if failures else 0


def cmd_export(args: argparse.Namespace) -> int:
    from uuid import UUID

    from events.errors import DuelNotFoundError, StoredDuelCorruptError
    from events.export import log_lines, record_of

    app = _app(args)
    try:
        agg = app.record(UUID(args.duel_id))
    except StoredDuelCorruptError as err:
        print(f"judge: {err.reason}", file=sys.stderr)
        return 2
    except (ValueError, DuelNotFoundError):
        print(f"judge: no duel with id {args.duel_id!r} in this store.", file=sys.stderr)
        return 2
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        if args.log:
            for line in log_lines(agg, key=app.signing_key()):
                out.write(line + "\n")
        else:
            out.write(json.dumps(record_of(agg), indent=1, ensure_ascii=False) + "\n")
    finally:
        if args.output:
            out.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Store a record or an event log (verified first). A file whose duel is stored
    already is refused, naming it, unless ``--copy`` (``events.imports``)."""
    from events.errors import DuelAlreadyStoredError, IntegrityCheckError
    from events.imports import read_text

    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as err:
        raise RecordError(f"Cannot read {args.file}: {err.strerror}.", "record") from err
    try:
        imp = read_text(text)
        appended = _app(args).import_file(imp, actor=args.actor, role="operator",
                                          copy=args.copy)
    except IntegrityCheckError as err:
        print(f"judge: {args.file} does not verify: {err.reason}", file=sys.stderr)
        return 2
    except DuelAlreadyStoredError as err:
        print(f"judge: {args.file}: {err.reason}", file=sys.stderr)
        return 2
    print(json.dumps({"id": str(appended.duel_id), "version": appended.version}))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    from api.serve import serve

    if args.stream_heartbeat is not None:  # worker processes read the environment
        if not 0 < args.stream_heartbeat <= 3600:
            print("judge serve: --stream-heartbeat must be more than 0 and at most 3600 "
                  "seconds.", file=sys.stderr)
            return 2
        os.environ["BATTLECON_STREAM_HEARTBEAT"] = str(args.stream_heartbeat)
    anonymous = args.anonymous_read
    if anonymous is None:
        anonymous = os.environ.get("BATTLECON_ANONYMOUS_READ", "1").lower() not in (
            "0", "false", "no", "off")
    try:
        return serve(args.host, args.port, args.db, args.database_url, args.demo, anonymous,
                     threads=args.threads, workers=args.workers,
                     ruleset_modules=args.loaded_modules)
    except ValueError as err:
        print(f"judge serve: {err}", file=sys.stderr)
        return 2
    except StoreFaultError as err:  # unreachable or damaged: nothing could be served
        print(f"judge serve: cannot start: {fault_words(err)}", file=sys.stderr)
        return 2


def cmd_key(args: argparse.Namespace) -> int:
    from events.signing import public_text

    print(public_text(_app(args).signing_key()))
    print("(the public key this store's service signs its log exports with; check an export "
          "with judge verify --key)", file=sys.stderr)
    return 0


def cmd_token(args: argparse.Namespace) -> int:
    from api.auth import create_token

    expires = _expiry(args.expires) if args.expires else None
    try:
        token = create_token(_app(args), args.role, args.name, expires, reissue=args.reissue)
    except ValueError as err:
        print(f"judge: {err}", file=sys.stderr)
        return 2
    print(token)
    until = f", good until {expires.isoformat()}" if expires else ""
    print(f"(a {args.role} token for {args.name}{until}; it is shown only now, only its hash "
          "is stored)", file=sys.stderr)
    return 0


def _expiry(text: str) -> Any:
    """``--expires``: a date (the token ends at that day's start, UTC), a date and time
    (UTC unless it says otherwise), or ``Nd`` (N days from now)."""
    import datetime

    now = datetime.datetime.now(datetime.UTC)
    if text.endswith("d") and text[:-1].isdigit():
        return now + datetime.timedelta(days=int(text[:-1]))
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--expires {text!r}: give a date (2026-12-31), a date and time "
            "(2026-12-31T18:00), or a number of days (30d).") from None
    when = when if when.tzinfo else when.replace(tzinfo=datetime.UTC)
    if when <= now:
        raise argparse.ArgumentTypeError(f"--expires {text!r} is already past.")
    return when


def _checked_expiry(text: str) -> str:
    _expiry(text)  # refused by argparse with the message when it cannot be read or is past
    return text


def cmd_token_list(args: argparse.Namespace) -> int:
    from api.auth import all_tokens

    tokens = all_tokens(_app(args))
    if args.json:
        print(json.dumps(tokens, indent=2))
        return 0
    for t in tokens:
        until = f"until {t['expires']}" if t["expires"] else "no expiry"
        print(f"{t['id']}  {t['status']:<8} {t['role']:<11} {t['holder']}  (issued "
              f"{t['issued'][:19]}, {until})")
    print(f"({len(tokens)} token{'' if len(tokens) == 1 else 's'}; revoke one with judge token "
          "revoke ID)", file=sys.stderr)
    return 0


def cmd_token_revoke(args: argparse.Namespace) -> int:
    from api.auth import revoke_token

    try:
        done = revoke_token(_app(args), args.token, by="operator")
    except ValueError as err:
        print(f"judge: {err}", file=sys.stderr)
        return 2
    print(f"revoked {done['id']} ({done['role']} {done['holder']}) at {done['revoked']}")
    return 0


def cmd_characters(args: argparse.Namespace) -> int:
    from api import characters_cli

    command = {"import": characters_cli.cmd_import, "list": characters_cli.cmd_list}
    return command[args.characters_command](args, _app(args))


def _store_options(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument("--db", help="SQLite file (default: $BATTLECON_DB or battlecon.db)")
    where.add_argument("--database-url", help="postgresql://user:password@host:port/dbname "
                       "(default: $BATTLECON_DATABASE_URL)")


def _ruleset_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset-module", dest="ruleset_modules", action="append", default=[],
                   metavar="MODULE", help="a Python module to import first so that it "
                   "registers its ruleset (repeatable; also $BATTLECON_RULESET_MODULES, "
                   "comma-separated)")
    p.add_argument("--card-errata", dest="card_errata", metavar="FILE",
                   help="a TOML file of card errata to judge new duels under (also "
                   "$BATTLECON_CARD_ERRATA; docs/card-data.md)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="BattleCON rules judge.")
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a duel record and print its narrative")
    replay.add_argument("record", help="a battlecon-record/1 JSON file")
    group = replay.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help="print the final state as JSON")
    group.add_argument("--at", type=int, metavar="N",
                       help="print the state after the first N events as JSON")
    group.add_argument("--events", action="store_true", help="print the facts as JSON lines")
    _ruleset_options(replay)
    replay.set_defaults(func=cmd_replay)

    _ruleset_options(add_analyse(sub))

    verify = sub.add_parser("verify", help="verify records or event-log exports")
    verify.add_argument("files", nargs="+", metavar="FILE")
    verify.add_argument("--key", metavar="KEY", help="the service's public key (as judge key "
                        "prints it, or a file holding it): a log must be signed with it")
    _ruleset_options(verify)
    verify.set_defaults(func=cmd_verify)

    export = sub.add_parser("export", help="export a stored duel as a record or event log")
    export.add_argument("duel_id", metavar="DUEL_ID")
    export.add_argument("--log", action="store_true", help="the full event log (JSON lines "
                        "with the hash chain) instead of the record")
    export.add_argument("-o", "--output", help="write to this file instead of stdout")
    _store_options(export)
    _ruleset_options(export)
    export.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", help="re-judge a record (or event log) and store it")
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("--actor", default="import", help="who imports (kept with the events)")
    imp.add_argument("--copy", action="store_true", help="store a new copy even when the "
                     "file's duel is stored already (otherwise refused, naming it)")
    _store_options(imp)
    _ruleset_options(imp)
    imp.set_defaults(func=cmd_import)

    srv = sub.add_parser("serve", help="run the API on a production WSGI server (waitress)")
    srv.add_argument("--host", default=os.environ.get("BATTLECON_HOST", "127.0.0.1"))
    srv.add_argument("--port", type=int, default=int(os.environ.get("BATTLECON_PORT", "8000")))
    srv.add_argument("--threads", type=int, default=8, help="threads per process")
    srv.add_argument("--workers", type=int,
                     default=int(os.environ.get("BATTLECON_WORKERS", "1")),
                     help="server processes sharing the port and the store (default 1)")
    srv.add_argument("--demo", action="store_true", help="load the sample duels first")
    srv.add_argument("--stream-heartbeat", type=float, default=None, metavar="SECONDS",
                     help="seconds of quiet before a live stream sends a heartbeat (default "
                     "15; env BATTLECON_STREAM_HEARTBEAT)")
    access = srv.add_mutually_exclusive_group()
    access.add_argument("--anonymous-read", dest="anonymous_read", action="store_true",
                        default=None, help="let anyone read (default; env "
                        "BATTLECON_ANONYMOUS_READ)")
    access.add_argument("--no-anonymous-read", dest="anonymous_read", action="store_false",
                        help="every request needs a token")
    _store_options(srv)
    _ruleset_options(srv)
    srv.set_defaults(func=cmd_serve)

    fighters = sub.add_parser("fighters", help="list the fighters and their cards")
    fighters.add_argument("--json", action="store_true", help="the same as data")
    fighters.add_argument("--ruleset", metavar="NAME", help="a BattleCON ruleset or profile "
                          "(battlecon-2011: the four preview fighters); default battlecon-2014")
    fighters.add_argument("--doubts", action="store_true", help="the values chosen where the "
                          "card sources disagree, and the errata in force")
    _ruleset_options(fighters)
    fighters.set_defaults(func=cmd_fighters)

    key = sub.add_parser("key", help="print the public key the service signs exports with")
    _store_options(key)
    key.set_defaults(func=cmd_key)

    tok = sub.add_parser("token", help="manage API tokens")
    tok_sub = tok.add_subparsers(dest="token_command", required=True)
    create = tok_sub.add_parser("create", help="print a new token once (only its hash is kept)")
    create.add_argument("--role", required=True, choices=["scorekeeper", "judge",
                                                          "head_judge"])
    create.add_argument("--name", required=True, help="who holds it (recorded with writes); "
                        "a name an active token holds is refused unless --reissue")
    create.add_argument("--reissue", action="store_true", help="replace the active token of "
                        "this name, revoking it at once (the holder keeps their face-down "
                        "pairs and retractions)")
    create.add_argument("--expires", type=_checked_expiry, metavar="WHEN",
                        help="when it stops working: a date (2026-12-31), a date and time "
                        "(UTC unless given), or days from now (30d); default: never")
    _store_options(create)
    create.set_defaults(func=cmd_token)
    listing = tok_sub.add_parser("list", help="every token issued: id, status, role, holder, "
                                 "expiry (never the token itself)")
    listing.add_argument("--json", action="store_true", help="as JSON")
    _store_options(listing)
    listing.set_defaults(func=cmd_token_list)
    revoke = tok_sub.add_parser("revoke", help="stop a token from working, at once, also on a "
                                "running server")
    revoke.add_argument("token", metavar="ID", help="the id judge token list shows, or the "
                        "token itself")
    _store_options(revoke)
    revoke.set_defaults(func=cmd_token_revoke)
    _characters_parser(sub)
    return parser


def _characters_parser(sub: Any) -> None:
    chars = sub.add_parser("characters", help="characters players enter as data (their own "
                           "cards), for the games that take them")
    chars_sub = chars.add_subparsers(dest="characters_command", required=True)
    imp = chars_sub.add_parser("import", help="check a character file (JSON or YAML, in the "
                               "game's character schema) and store its characters")
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("--replace", action="store_true", help="store a new version of an id "
                     "already imported (the earlier one stays in the history)")
    imp.add_argument("--actor", default="operator", help="who imports (kept with them)")
    listing = chars_sub.add_parser("list", help="the characters imported, per game")
    listing.add_argument("--ruleset", metavar="NAME", help="only this game's")
    listing.add_argument("--json", action="store_true", help="as JSON")
    for p in (imp, listing):
        _store_options(p)
        _ruleset_options(p)
        p.set_defaults(func=cmd_characters)


PIPE_CLOSED = 141  # as a command the shell's pipe stopped by SIGPIPE exits (128 + 13)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``judge`` command. Output cut short by a closed pipe (``judge fighters | head``)
    ends quietly with status 141, as a command stopped by SIGPIPE does: never a traceback."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # here, not at exit, where a closed pipe could only be reported
    except BrokenPipeError:
        _quiet_stdout()
        return PIPE_CLOSED
    return code


def _quiet_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush of what is still
    buffered for the closed pipe writes nowhere instead of printing an error."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file (a test's capture): nothing to do
        pass
    finally:
        os.close(devnull)


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if hasattr(args, "ruleset_modules"):  # the commands that read records
            args.loaded_modules = load_ruleset_modules(configured(args.ruleset_modules))
            if args.card_errata:  # served by worker processes too: they read the environment
                os.environ[ERRATA_ENV] = args.card_errata
            apply_errata(errata_file(args.card_errata))
        return args.func(args)
    except (RulesetModuleError, ErrataError, UnstorableTextError, DuelTooLargeError) as err:
        print(f"judge: {err}", file=sys.stderr)
        return 2
    except StoreFaultError as err:
        print(f"judge: {fault_words(err)}", file=sys.stderr)
        return 2
    except RecordError as err:
        where = f"decision {err.index}: " if err.index is not None else ""
        reason = err.reason
        if err.index is not None and reason.startswith(f"Decision {err.index} "):
            where = ""
        print(f"judge: {where}{reason} [rule {err.rule}]", file=sys.stderr)
        return 2
    except JudgeError as err:
        print(f"judge: {err.reason} [rule {err.rule}]", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
